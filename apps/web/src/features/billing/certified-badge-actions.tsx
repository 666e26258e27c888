import {
  BADGE_DOWNLOAD_DELAY_MS,
  type BadgeUsage,
  CERTIFICATION_MESSAGES,
  type CertificationCardResponse,
  certificationCardActions,
} from "@hearth/shared";
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconCode, IconDownload, IconUserCheck, IconUserMinus } from "@tabler/icons-react";
import { useEffect, useRef, useState } from "react";
import { errorMessage } from "../../lib/api";
import { canAccess, useMe } from "../auth";
import { saveFile, useBadgeUsage, useEmbedCode, useRecordBadgeDownload, useShowBadgeOnProfile } from "./badge-actions-api";
import { describeRemainingDownloads } from "./certification-cards-view-actions";

const TOAST_MS = 3_000;

/** Spec accounts §6: a user without the certification permission reaches this instead of the actions. */
export function NoCertificationAccess() {
  return (
    <Alert color="gray" variant="light" title={CERTIFICATION_MESSAGES.noAccessTitle} data-testid="no-certification-access">
      {CERTIFICATION_MESSAGES.noAccess}
    </Alert>
  );
}

/** What the actions read of a card: the billing page's cards and the dashboard's held badges both have it. */
type ActionableBadge = Pick<CertificationCardResponse, "id" | "name" | "year" | "status" | "hasDownloaded">;

function EmbedModal({ card, opened, onClose }: { card: ActionableBadge; opened: boolean; onClose: () => void }) {
  const embed = useEmbedCode();
  const requested = useRef(false);
  useEffect(() => {
    if (opened && !requested.current) {
      requested.current = true;
      embed.mutate(card.id);
    }
    if (!opened) requested.current = false;
  }, [opened, card.id, embed]);
  return (
    <Modal opened={opened} onClose={onClose} title={`Embed ${card.name} ${card.year}`} size="lg">
      <Stack gap="md" data-testid="embed-modal">
        <Text>{CERTIFICATION_MESSAGES.embedNotice}</Text>
        {embed.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(embed.error)}
          </Alert>
        )}
        {embed.data && (
          <>
            <Code block data-testid="embed-snippet" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {embed.data.snippet}
            </Code>
            <Group justify="flex-end">
              <CopyButton value={embed.data.snippet}>
                {({ copied, copy }) => (
                  <Button
                    leftSection={<IconCode size={16} aria-hidden />}
                    onClick={() => {
                      copy();
                      notifications.show({ color: "teal", message: CERTIFICATION_MESSAGES.embedCopied, autoClose: TOAST_MS });
                    }}
                  >
                    {copied ? "Copied" : "Copy Embed Code"}
                  </Button>
                )}
              </CopyButton>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}

/**
 * Download, Embed code and Add to profile on a Certified card (spec accounts §2, §4, §5, §8; decision 0038). The first
 * download asks for confirmation; later ones start after the 1 s delay. Download is disabled when no download is left.
 */
export function CertifiedBadgeActions({ card }: { card: ActionableBadge }) {
  const me = useMe().data;
  const canCertify = me ? canAccess(me, "certification") : false;
  const usage = useBadgeUsage(canCertify);
  const download = useRecordBadgeDownload();
  const profile = useShowBadgeOnProfile();
  const [confirming, setConfirming] = useState(false);
  const [embedding, setEmbedding] = useState(false);
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const timer = useRef<number | null>(null);
  useEffect(() => () => void (timer.current !== null && window.clearTimeout(timer.current)), []);

  if (!me) return null;
  if (!canCertify) return <NoCertificationAccess />;
  const data: BadgeUsage | undefined = usage.data;
  const hasDownloaded = card.hasDownloaded || (data?.downloaded.includes(card.id) ?? false);
  const shownOnProfile = data?.shownCertifications.some((entry) => entry.certification === card.id) ?? false;
  const remaining = data ? (data.remaining ?? Number.POSITIVE_INFINITY) : 0;
  const actions = certificationCardActions({
    status: card.status,
    hasDownloaded,
    canCertify,
    remainingDownloads: remaining,
    shownOnProfile,
  });
  const title = `${card.name} ${card.year}`;

  const runDownload = () => {
    setError(null);
    download.mutate(card.id, {
      onSuccess: (result) => {
        saveFile(result.fileUrl, result.fileName);
        notifications.show({ color: "teal", message: CERTIFICATION_MESSAGES.downloaded, autoClose: TOAST_MS });
      },
      onError: (failure) => setError(errorMessage(failure)),
    });
  };
  const onDownload = () => {
    if (actions.downloadNeedsConfirmation) {
      setConfirming(true);
      return;
    }
    // A repeat download starts after the spec's delay (accounts §9: 1 s).
    setWaiting(true);
    timer.current = window.setTimeout(() => {
      timer.current = null;
      setWaiting(false);
      runDownload();
    }, BADGE_DOWNLOAD_DELAY_MS);
  };
  const toggleProfile = () => {
    setError(null);
    const shown = actions.profileAction === "add";
    profile.mutate(
      { badgeId: card.id, shown },
      {
        onSuccess: () =>
          notifications.show({
            color: "teal",
            message: shown ? CERTIFICATION_MESSAGES.addedToProfile : CERTIFICATION_MESSAGES.removedFromProfile,
            autoClose: TOAST_MS,
          }),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Stack gap="xs" data-testid={`badge-actions-${card.id}`}>
      <Group gap="xs" wrap="wrap">
        <Button
          size="xs"
          leftSection={<IconDownload size={16} aria-hidden />}
          disabled={actions.downloadDisabled || usage.isPending}
          loading={waiting || download.isPending}
          onClick={onDownload}
          aria-label={`Download: ${title}`}
        >
          Download
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconCode size={16} aria-hidden />}
          onClick={() => setEmbedding(true)}
          aria-label={`Embed code: ${title}`}
        >
          Embed code
        </Button>
        <Button
          size="xs"
          variant="light"
          leftSection={actions.profileAction === "add" ? <IconUserCheck size={16} aria-hidden /> : <IconUserMinus size={16} aria-hidden />}
          loading={profile.isPending}
          disabled={usage.isPending}
          onClick={toggleProfile}
          aria-label={`${actions.profileAction === "add" ? "Add to profile" : "Remove from profile"}: ${title}`}
        >
          {actions.profileAction === "add" ? "Add to profile" : "Remove from profile"}
        </Button>
      </Group>
      {data && (
        <Text size="xs" c="dimmed" data-testid="downloads-remaining">
          {describeRemainingDownloads(data)}
        </Text>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setError(null)} closeButtonLabel="Dismiss">
          {error}
        </Alert>
      )}
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Download certification badge">
        <Stack gap="md" data-testid="download-confirmation">
          <Text>
            Download the {title} badge? Each download uses one of your plan's badge downloads for this licence year
            {data?.remaining !== null && data ? ` (${data.remaining} left)` : ""}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => {
                setConfirming(false);
                runDownload();
              }}
            >
              Confirm download
            </Button>
          </Group>
        </Stack>
      </Modal>
      <EmbedModal card={card} opened={embedding} onClose={() => setEmbedding(false)} />
    </Stack>
  );
}
