import { Alert, Button, Card, Group, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { IconConfetti, IconEye, IconSend } from "@tabler/icons-react";
import { Link, useSearchParams } from "react-router";
import { InviteLink } from "./invite-link";
import { useSurvey } from "./survey-api";
import { invitesPath, SURVEYS_PATH, surveyPath } from "./survey-paths";

/** The survey id of a public survey link (…/s/{id}), or null for anything else. */
export function surveyIdFromLink(link: string | null): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, window.location.origin);
    if (url.protocol !== "http:" && url.protocol !== "https:") return null;
    return /^\/s\/([A-Za-z0-9_-]{1,100})$/.exec(url.pathname)?.[1] ?? null;
  } catch {
    return null;
  }
}

/** /page?next={inviteLink}: shown after publishing, to share the survey's link. */
export function SharePage() {
  const [params] = useSearchParams();
  const link = params.get("next");
  const surveyId = surveyIdFromLink(link);
  const survey = useSurvey(surveyId ?? undefined);

  if (!link || !surveyId) {
    return (
      <Stack gap="md" maw={640}>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Share your survey
        </Title>
        <Alert color="yellow" variant="light">
          This page needs a survey link. Open a survey from your list to find its link.
        </Alert>
        <Button component={Link} to={SURVEYS_PATH} w="fit-content">
          Go to surveys
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg" maw={720}>
      <Card bg="ember.0" data-testid="share-panel">
        <Group gap="md" wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="xl" color="ember" aria-hidden>
            <IconConfetti size={26} />
          </ThemeIcon>
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={1} fz={{ base: 22, sm: 26 }}>
              Your survey is live
            </Title>
            <Text style={{ overflowWrap: "anywhere" }}>
              {survey.data ? <strong>{survey.data.name}</strong> : "The survey"} is published and ready for answers.
            </Text>
          </Stack>
        </Group>
      </Card>
      <Card>
        <Stack gap="md">
          <Title order={2} fz="lg">
            Share the link
          </Title>
          <Text size="sm" c="dimmed">
            Anyone with this link can answer the survey until it closes. Paste it into a chat or an email, or send personal invitations so
            you can see who has replied.
          </Text>
          <InviteLink link={link} />
          <Group gap="sm" wrap="wrap">
            {survey.data && (
              <>
                <Button component={Link} to={invitesPath(survey.data)} leftSection={<IconSend size={18} aria-hidden />}>
                  Send invitations
                </Button>
                <Button component={Link} to={surveyPath(survey.data)} variant="default" leftSection={<IconEye size={18} aria-hidden />}>
                  View survey
                </Button>
              </>
            )}
            <Button component={Link} to={SURVEYS_PATH} variant="subtle">
              All surveys
            </Button>
          </Group>
        </Stack>
      </Card>
    </Stack>
  );
}
