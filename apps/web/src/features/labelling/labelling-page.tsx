import {
  COMMENT_TOPICS,
  CORRECTABLE_SENTIMENTS,
  EMOTIONS_OF_SENTIMENT,
  type LabellingSubmit,
  type LabellingTask,
  labellingSubmitSchema,
} from "@hearth/shared";
import { Alert, Badge, Blockquote, Button, Card, Group, Loader, NativeSelect, Radio, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, useState } from "react";
import { errorMessage } from "../../lib/api";
import { type FieldErrors, serverErrors, validate } from "../../lib/form";
import { useMe } from "../auth";
import { AccessDeniedPage } from "../errors";
import { useLabellingTask, useSkipComment, useSubmitLabels } from "./labelling-api";

type Sentiment = (typeof CORRECTABLE_SENTIMENTS)[number];
const FIELDS = ["excerptId", "sentiment", "emotion", "topic"] as const;
const SENTIMENT_LABELS: Record<Sentiment, string> = { positive: "Positive", neutral: "Neutral", negative: "Negative" };

/** The emotions that go with a sentiment; Neutral goes with any (the analyzer's pairing). */
function emotionsOf(sentiment: Sentiment | ""): string[] {
  if (!sentiment) return [];
  const own = EMOTIONS_OF_SENTIMENT[sentiment];
  return own.includes("Neutral") ? [...own] : [...own, "Neutral"];
}

function PointsBadge({ points }: { points: number }) {
  return (
    <Badge size="lg" variant="light" color="ember" data-testid="labelling-points">
      {points.toLocaleString("en-US")} labelled
    </Badge>
  );
}

/** One comment's form; it is remounted (fresh choices) for each comment. */
function LabelForm({ comment }: { comment: NonNullable<LabellingTask["comment"]> }) {
  const submit = useSubmitLabels();
  const skip = useSkipComment();
  const [sentiment, setSentiment] = useState<Sentiment | "">("");
  const [emotion, setEmotion] = useState("");
  const [topic, setTopic] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const busy = submit.isPending || skip.isPending;

  function onFailure(failure: unknown) {
    const mapped = serverErrors(failure, FIELDS);
    setErrors(mapped.fields);
    setFormError(mapped.fields.excerptId ?? mapped.message ?? null);
  }

  function send(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = validate<LabellingSubmit>(labellingSubmitSchema, {
      excerptId: comment.excerptId,
      sentiment: sentiment || undefined,
      emotion: emotion || undefined,
      topic: topic || undefined,
    });
    setErrors(checked.errors);
    if (!checked.data) return;
    submit.mutate(checked.data, { onError: onFailure });
  }

  return (
    <form onSubmit={send} noValidate aria-label="Label this comment">
      <Stack gap="md">
        <Blockquote
          color="ember"
          p="md"
          data-testid="labelling-comment"
          data-excerpt-id={comment.excerptId}
          style={{ overflowWrap: "anywhere", whiteSpace: "pre-wrap" }}
        >
          {comment.text}
        </Blockquote>
        <Radio.Group
          label="Sentiment"
          description="How does the writer feel about what they describe?"
          value={sentiment}
          onChange={(next) => {
            const chosen = next as Sentiment;
            setSentiment(chosen);
            if (!emotionsOf(chosen).includes(emotion)) setEmotion("");
            setErrors((current) => ({ ...current, sentiment: undefined }));
          }}
          error={errors.sentiment}
        >
          <Group gap="lg" mt={6}>
            {CORRECTABLE_SENTIMENTS.map((value) => (
              <Radio key={value} value={value} label={SENTIMENT_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        <NativeSelect
          label="Emotion"
          description={sentiment ? "The feeling the comment expresses most." : "Choose the sentiment first."}
          data={[{ value: "", label: "Choose an emotion" }, ...emotionsOf(sentiment)]}
          value={emotion}
          disabled={!sentiment}
          onChange={(event) => {
            setEmotion(event.currentTarget.value);
            setErrors((current) => ({ ...current, emotion: undefined }));
          }}
          error={errors.emotion}
          maw={360}
        />
        <NativeSelect
          label="Topic"
          description="What the comment is mostly about; General when it is about nothing in particular."
          data={[{ value: "", label: "Choose a topic" }, ...COMMENT_TOPICS]}
          value={topic}
          onChange={(event) => {
            setTopic(event.currentTarget.value);
            setErrors((current) => ({ ...current, topic: undefined }));
          }}
          error={errors.topic}
          maw={360}
        />
        {formError && (
          <Alert color="red" variant="light" role="alert">
            {formError}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button
            variant="default"
            disabled={busy}
            loading={skip.isPending}
            onClick={() => {
              setFormError(null);
              skip.mutate({ excerptId: comment.excerptId }, { onError: onFailure });
            }}
          >
            Skip
          </Button>
          <Button type="submit" disabled={busy} loading={submit.isPending}>
            Submit
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** /dashboard/labelling: labelers label one comment at a time (decision 0050); everyone else gets Access denied. */
export function LabellingPage() {
  const { data: me } = useMe();
  const labeler = me?.user.labeler === true;
  const task = useLabellingTask(labeler);
  if (!me) return null;
  if (!labeler) return <AccessDeniedPage />;

  return (
    <Stack gap="lg" maw={760}>
      <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Label comments
          </Title>
          <Text c="dimmed" mt={4}>
            Read the comment and choose its sentiment, emotion and topic. You see the text only, from companies that chose to share their
            comments; every comment you label earns a point.
          </Text>
        </div>
        <PointsBadge points={task.data?.labeledPoints ?? me.user.labeledPoints} />
      </Group>
      <Card>
        {task.isPending ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading a comment" />
          </Group>
        ) : task.isError ? (
          <Alert color="red" variant="light" role="alert">
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm">{errorMessage(task.error, "We could not load a comment.")}</Text>
              <Button size="compact-sm" variant="default" onClick={() => void task.refetch()}>
                Retry
              </Button>
            </Group>
          </Alert>
        ) : task.data.comment ? (
          <LabelForm key={task.data.comment.excerptId} comment={task.data.comment} />
        ) : (
          <Text data-testid="labelling-empty">There are no comments for you to label right now. Thank you — come back later.</Text>
        )}
      </Card>
    </Stack>
  );
}
