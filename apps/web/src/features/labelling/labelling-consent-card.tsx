import type { CompanyProfile } from "@hearth/shared";
import { Alert, Card, List, Stack, Switch, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { errorMessage } from "../../lib/api";
import { useSaveLabellingConsent } from "./labelling-api";

/**
 * On the company profile page (Admins): whether Hearth's labelers may read the company's comments to improve the
 * comment analysis (decision 0050). Off until an Admin turns it on.
 */
export function LabellingConsentCard({ profile }: { profile: CompanyProfile }) {
  const save = useSaveLabellingConsent();
  return (
    <Card component="section" aria-labelledby="labelling-consent-title" data-testid="labelling-consent-card">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="labelling-consent-title">
          Improving the comment analysis
        </Title>
        <Text size="sm" c="dimmed">
          Hearth's labelers are people who read survey comments and say whether each is positive, neutral or negative, which feeling it
          expresses and what it is about. Their answers show how often the automatic analysis is right and where it needs work.
        </Text>
        <Switch
          label="Let Hearth's labelers read our comments to improve the analysis"
          checked={profile.allowLabelling}
          disabled={save.isPending}
          onChange={(event) =>
            save.mutate(
              { allowLabelling: event.currentTarget.checked },
              {
                onSuccess: (next) =>
                  notifications.show({
                    color: "teal",
                    message: next.allowLabelling ? "Labelers may now read your comments." : "Labelers no longer read your comments.",
                  }),
              },
            )
          }
          data-testid="labelling-consent-switch"
        />
        <List size="sm" spacing={4}>
          <List.Item>Labelers see the text of a comment and nothing else: no company name, survey, names, cohorts or dates.</List.Item>
          <List.Item>
            Only comments of closed surveys, and only those your own reports show: groups below your visibility threshold stay hidden.
          </List.Item>
          <List.Item>
            Turning this off stops it at once; comments already labelled stay in the evaluation as text and labels only.
          </List.Item>
        </List>
        {save.isError && (
          <Alert color="red" variant="light" role="alert">
            {errorMessage(save.error, "We could not save this setting. Please try again.")}
          </Alert>
        )}
      </Stack>
    </Card>
  );
}
