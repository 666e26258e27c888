/**
 * Correcting a comment's sentiment, emotion and topic (issue 11, item 17): a "Corrected" badge with the analyzer's
 * original labels, and a small edit dialog. The server accepts only comments the reader can read.
 */
import {
  COMMENT_TOPICS,
  type CommentCorrection,
  type CommentCorrectionList,
  type CommentLabels,
  type CommentRow,
  CORRECTABLE_SENTIMENTS,
  EMOTIONS_OF_SENTIMENT,
} from "@hearth/shared";
import { Alert, Badge, Button, Group, Modal, Select, Stack, Text, Tooltip } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api, isApiError } from "../../lib/api";
import { useReportSurveyId } from "../reports";

const correctionsKey = (surveyId: string) => ["reports", surveyId, "comment-corrections"] as const;

/** GET /api/reports/:surveyId/comment-corrections: the corrected comments the reader can read. */
export function useCommentCorrections(surveyId: string) {
  return useQuery({
    queryKey: correctionsKey(surveyId),
    queryFn: ({ signal }) => api<CommentCorrectionList>(`/api/reports/${encodeURIComponent(surveyId)}/comment-corrections`, { signal }),
    enabled: Boolean(surveyId),
  });
}

/** PUT /api/comments/:commentId/labels; refreshes the survey's reports (lists, counts, themes) and the quotes. */
export function useCorrectLabels(surveyId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ commentId, labels }: { commentId: string; labels: CommentLabels }) =>
      api<CommentCorrection>(`/api/comments/${encodeURIComponent(commentId)}/labels`, { method: "PUT", body: labels }),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: ["reports", surveyId] }),
        client.invalidateQueries({ queryKey: ["amplification"] }),
      ]);
    },
  });
}

const capitalise = (text: string) => (text ? text[0]!.toUpperCase() + text.slice(1) : text);

function CorrectDialog({ comment, surveyId, onClose }: { comment: CommentRow; surveyId: string; onClose: () => void }) {
  const start = (CORRECTABLE_SENTIMENTS as readonly string[]).includes(comment.sentiment)
    ? (comment.sentiment as CommentLabels["sentiment"])
    : "neutral";
  const [sentiment, setSentiment] = useState<CommentLabels["sentiment"]>(start);
  const [emotion, setEmotion] = useState<string>(
    EMOTIONS_OF_SENTIMENT[start].includes(comment.emotion) ? comment.emotion : EMOTIONS_OF_SENTIMENT[start][0]!,
  );
  const [topic, setTopic] = useState<string>((COMMENT_TOPICS as readonly string[]).includes(comment.topic) ? comment.topic : "General");
  const correct = useCorrectLabels(surveyId);
  const onSentiment = (value: string | null) => {
    if (!value) return;
    const next = value as CommentLabels["sentiment"];
    setSentiment(next);
    if (!EMOTIONS_OF_SENTIMENT[next].includes(emotion)) setEmotion(EMOTIONS_OF_SENTIMENT[next][0]!);
  };
  const save = () =>
    correct.mutate(
      { commentId: comment.id, labels: { sentiment, emotion, topic: topic as CommentLabels["topic"] } },
      { onSuccess: onClose },
    );
  return (
    <Modal opened onClose={onClose} title="Correct the labels" centered closeButtonProps={{ "aria-label": "Close" }}>
      <Stack gap="sm">
        <Text size="sm" c="dimmed" lineClamp={4}>
          {comment.text}
        </Text>
        <Select
          label="Sentiment"
          data={CORRECTABLE_SENTIMENTS.map((value) => ({ value, label: capitalise(value) }))}
          value={sentiment}
          onChange={onSentiment}
          allowDeselect={false}
          data-testid="correct-sentiment"
        />
        <Select
          label="Emotion"
          data={[...EMOTIONS_OF_SENTIMENT[sentiment]]}
          value={emotion}
          onChange={(value) => value && setEmotion(value)}
          allowDeselect={false}
          data-testid="correct-emotion"
        />
        <Select
          label="Topic"
          data={[...COMMENT_TOPICS]}
          value={topic}
          onChange={(value) => value && setTopic(value)}
          allowDeselect={false}
          searchable
          data-testid="correct-topic"
        />
        {correct.isError && (
          <Alert color="red" variant="light">
            {isApiError(correct.error) ? correct.error.message : "The labels could not be saved."}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={save} loading={correct.isPending} data-testid="correct-save">
            Save labels
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The "Corrected" badge (with the analyzer's labels) and the edit button of one comment. */
export function CommentCorrectionControls({ comment }: { comment: CommentRow }) {
  const surveyId = useReportSurveyId();
  const corrections = useCommentCorrections(surveyId);
  const [open, setOpen] = useState(false);
  const correction = corrections.data?.corrections.find((entry) => entry.commentId === comment.id);
  if (comment.sentiment === "none") return null;
  return (
    <Group gap={6} mt={4} wrap="wrap">
      {correction && (
        <Tooltip
          label={`Analyzer: ${capitalise(correction.original.sentiment)} · ${correction.original.emotion} · ${correction.original.topic}`}
        >
          <Badge variant="light" color="grape" tt="none" data-testid="comment-corrected">
            Corrected
          </Badge>
        </Tooltip>
      )}
      <Button
        variant="default"
        size="compact-xs"
        leftSection={<IconPencil size={12} aria-hidden />}
        onClick={() => setOpen(true)}
        data-testid="comment-correct"
      >
        Correct labels
      </Button>
      {open && <CorrectDialog comment={comment} surveyId={surveyId} onClose={() => setOpen(false)} />}
    </Group>
  );
}
