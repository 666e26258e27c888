import { FEATURE_LABELS, type SocialQuote, type SocialQuoteList, SOCIAL_QUOTE_MESSAGES, shareOnXUrl } from "@hearth/shared";
import { Alert, Blockquote, Button, Card, Group, Modal, SimpleGrid, Stack, Tabs, Text, ThemeIcon, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconBrandX, IconDownload, IconLock, IconMessageHeart, IconTrash } from "@tabler/icons-react";
import { useId, useState } from "react";
import { errorMessage } from "../../lib/api";
import { canAccess, useMe } from "../auth";
import { QueryBoundary } from "../errors";
import { PagingFooter, usePageParam } from "../notifications";
import { useOpenUpgrade } from "../reports";
import { meHasFeature } from "../surveys";
import { downloadQuoteImage, useRemoveQuote, useSocialQuotes } from "./quotes-api";

const TOAST_MS = 3_000;

/** The start of a quote, for button labels that say which quote they act on. */
function shortQuote(text: string): string {
  return text.length > 60 ? `${text.slice(0, 57).trimEnd()}…` : text;
}

/** Why the quote buttons are disabled: the plan lacks Social Amplification, or the user lacks the permission. */
function LockedNotice({ id, reason }: { id: string; reason: "plan" | "permission" }) {
  const openUpgrade = useOpenUpgrade();
  if (reason === "permission") {
    return (
      <Alert id={id} variant="light" color="gray" icon={<IconLock size={18} aria-hidden />} data-testid="quotes-locked">
        Only admins and managers can download, share or remove quotes. Ask your company's admin if you need to.
      </Alert>
    );
  }
  return (
    <Alert
      id={id}
      variant="light"
      icon={<IconLock size={18} aria-hidden />}
      title="Upgrade To Access"
      data-testid="quotes-locked"
      data-feature="SocialAmplification"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">
          Downloading quote images, sharing them on X and removing quotes are part of {FEATURE_LABELS.SocialAmplification}, which your plan
          does not include. You can read every quote below.
        </Text>
        <Button size="sm" leftSection={<IconLock size={16} aria-hidden />} onClick={() => openUpgrade("SocialAmplification")}>
          Upgrade To Access
        </Button>
      </Stack>
    </Alert>
  );
}

interface QuoteCardProps {
  quote: SocialQuote;
  /** The id of the notice explaining why the buttons are disabled, when they are. */
  lockedBy: string | null;
  onRemove: (quote: SocialQuote) => void;
}

function QuoteCard({ quote, lockedBy, onRemove }: QuoteCardProps) {
  const [downloading, setDownloading] = useState(false);
  const disabled = !quote.canDownload;
  const short = shortQuote(quote.text);

  async function download() {
    setDownloading(true);
    try {
      await downloadQuoteImage(quote.id);
      notifications.show({ color: "teal", message: SOCIAL_QUOTE_MESSAGES.downloaded, autoClose: TOAST_MS });
    } catch {
      notifications.show({ color: "red", message: SOCIAL_QUOTE_MESSAGES.downloadFailed, autoClose: TOAST_MS });
    } finally {
      setDownloading(false);
    }
  }

  const described = lockedBy ?? undefined;
  return (
    <Card component="li" data-testid="quote-card" h="100%">
      <Stack gap="md" h="100%" justify="space-between">
        <Stack gap="xs">
          <Blockquote color="ember" p="md" m={0}>
            <Text fz="md" fw={500} style={{ overflowWrap: "anywhere" }}>
              “{quote.text}”
            </Text>
          </Blockquote>
          <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
            From {quote.surveyName}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap">
          <Button
            size="xs"
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void download()}
            loading={downloading}
            disabled={disabled}
            aria-label={`Download image: ${short}`}
            aria-describedby={described}
            data-testid="quote-download"
          >
            Download
          </Button>
          {disabled ? (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconBrandX size={16} aria-hidden />}
              disabled
              aria-label={`Share on X: ${short}`}
              aria-describedby={described}
              data-testid="quote-share"
            >
              Share on X
            </Button>
          ) : (
            <Button
              component="a"
              href={shareOnXUrl(quote.text)}
              target="_blank"
              rel="noopener noreferrer"
              size="xs"
              variant="light"
              leftSection={<IconBrandX size={16} aria-hidden />}
              aria-label={`Share on X: ${short} (opens in a new tab)`}
              data-testid="quote-share"
            >
              Share on X
            </Button>
          )}
          <Button
            size="xs"
            variant="subtle"
            color="red"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => onRemove(quote)}
            disabled={disabled}
            aria-label={`Remove quote: ${short}`}
            aria-describedby={described}
            data-testid="quote-remove"
          >
            Remove
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Staff and Managers read their assigned cohorts' comments only, so their quotes too: the page says so and who sees all. */
const SCOPE_NOTE =
  "You see the quotes of the cohorts assigned to you, because you read only their comments. Your company's admins see every quote and assign cohorts on the Team members page.";

function EmptyQuotes({ readerScope }: { readerScope: SocialQuoteList["readerScope"] }) {
  if (readerScope === "assignedCohorts") {
    return (
      <Card data-testid="quotes-empty" data-scope={readerScope}>
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
            <IconLock size={24} />
          </ThemeIcon>
          <div>
            <Text fw={700}>No quotes from your cohorts</Text>
            <Text c="dimmed">
              Quotes are positive comments, and you read only the comments of the cohorts assigned to you in each survey. Either no cohorts
              are assigned to you yet, or none of your cohorts' comments can be shared yet. Your company's admins see every quote; ask one
              of them to assign you cohorts on the Team members page.
            </Text>
          </div>
        </Group>
      </Card>
    );
  }
  return (
    <Card data-testid="quotes-empty" data-scope={readerScope}>
      <Group gap="md" wrap="nowrap" align="flex-start">
        <ThemeIcon size={44} radius="xl" variant="light" aria-hidden>
          <IconMessageHeart size={24} />
        </ThemeIcon>
        <div>
          <Text fw={700}>No positive comments yet</Text>
          <Text c="dimmed">
            When your surveys' comments have been analysed, the positive ones appear here, ready to share. A survey's comments show once it
            has at least as many responses as your visibility threshold, so nobody can be singled out.
          </Text>
        </div>
      </Group>
    </Card>
  );
}

/** Removal asks first: a removed quote is no longer offered for sharing. */
function RemoveQuoteModal({ quote, onClose }: { quote: SocialQuote | null; onClose: () => void }) {
  const remove = useRemoveQuote();
  const close = () => {
    remove.reset();
    onClose();
  };
  async function confirm() {
    if (!quote) return;
    try {
      await remove.mutateAsync(quote.id);
      notifications.show({ color: "teal", message: SOCIAL_QUOTE_MESSAGES.removed, autoClose: TOAST_MS });
      close();
    } catch {
      // The error shows in the dialog.
    }
  }
  return (
    <Modal opened={quote !== null} onClose={close} title="Remove this quote?" centered>
      <Stack gap="md">
        <Text size="sm">It will no longer be offered for sharing. This cannot be undone here.</Text>
        {quote && (
          <Blockquote color="ember" p="sm" m={0}>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {quote.text}
            </Text>
          </Blockquote>
        )}
        {remove.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(remove.error)}
          </Alert>
        )}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button color="red.9" onClick={() => void confirm()} loading={remove.isPending} data-testid="quote-remove-confirm">
            Remove
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** /dashboard/amplification/sharing: the Positive Feedback tab (spec surveys §2 screen 9). */
export function SharingPage() {
  const me = useMe().data;
  const page = usePageParam();
  const query = useSocialQuotes(page);
  const [removing, setRemoving] = useState<SocialQuote | null>(null);
  const noticeId = useId();

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Social Amplification
        </Title>
        <Text c="dimmed">Share what your people say about working here: anonymous, positive comments from your surveys.</Text>
      </Stack>
      <Tabs value="positive" keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="positive" leftSection={<IconMessageHeart size={16} aria-hidden />}>
            Positive Feedback
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="positive" pt="lg">
          <QueryBoundary query={query}>
            {(data) => {
              const reason = data.canDownload
                ? null
                : me && meHasFeature(me, "SocialAmplification") && !canAccess(me, "amplification")
                  ? "permission"
                  : "plan";
              if (data.total === 0) return <EmptyQuotes readerScope={data.readerScope} />;
              return (
                <Stack gap="md">
                  {data.readerScope === "assignedCohorts" && (
                    <Text size="sm" c="dimmed" data-testid="quotes-scope">
                      {SCOPE_NOTE}
                    </Text>
                  )}
                  {reason && <LockedNotice id={noticeId} reason={reason} />}
                  <SimpleGrid
                    component="ul"
                    cols={{ base: 1, sm: 2, xl: 3 }}
                    spacing="md"
                    style={{ listStyle: "none", padding: 0, margin: 0 }}
                    aria-label="Positive feedback quotes"
                  >
                    {data.quotes.map((quote) => (
                      <QuoteCard key={quote.id} quote={quote} lockedBy={reason ? noticeId : null} onRemove={setRemoving} />
                    ))}
                  </SimpleGrid>
                  {data.quotes.length === 0 && <Text c="dimmed">There are no more quotes on this page.</Text>}
                  {data.total > data.pageSize && <PagingFooter total={data.total} page={data.page} pageSize={data.pageSize} />}
                </Stack>
              );
            }}
          </QueryBoundary>
        </Tabs.Panel>
      </Tabs>
      <RemoveQuoteModal quote={removing} onClose={() => setRemoving(null)} />
    </Stack>
  );
}
