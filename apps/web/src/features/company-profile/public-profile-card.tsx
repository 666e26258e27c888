import { type PublicProfileSettings, type PublicProfileSettingsInput, profileSlugProblem } from "@hearth/shared";
import { Alert, Anchor, Button, Card, Group, Stack, Switch, Text, Textarea, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { api, errorMessage, isApiError } from "../../lib/api";

const PUBLIC_PROFILE_KEY = ["company", "public-profile"] as const;

function usePublicProfileSettings() {
  return useQuery({ queryKey: PUBLIC_PROFILE_KEY, queryFn: () => api<PublicProfileSettings>("/api/company/public-profile") });
}

function useSavePublicProfileSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: PublicProfileSettingsInput) =>
      api<PublicProfileSettings>("/api/company/public-profile", { method: "PUT", body: input }),
    onSuccess: (saved) => {
      client.setQueryData(PUBLIC_PROFILE_KEY, saved);
      void client.invalidateQueries({ queryKey: ["certifications", "usage"] });
    },
  });
}

/**
 * "Public profile" on the company profile page (decision 0038): the address /c/{slug}, Publish profile, the LOWI
 * score opt-in and the description. Company profiles are published publicly, so publishing is the company's choice.
 */
export function PublicProfileCard() {
  const query = usePublicProfileSettings();
  const save = useSavePublicProfileSettings();
  const [slug, setSlug] = useState("");
  const [published, setPublished] = useState(false);
  const [showScore, setShowScore] = useState(false);
  const [description, setDescription] = useState("");
  const [slugError, setSlugError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const data = query.data;

  useEffect(() => {
    if (!data) return;
    setSlug(data.slug ?? data.suggestedSlug);
    setPublished(data.published);
    setShowScore(data.showScore);
    setDescription(data.description ?? "");
  }, [data]);

  function submit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const trimmed = slug.trim();
    const problem =
      trimmed === "" ? (published ? "Choose the profile's address before publishing it." : null) : profileSlugProblem(trimmed);
    setSlugError(problem);
    if (problem) return;
    save.mutate(
      { slug: trimmed === "" ? null : trimmed, published, showScore, description: description.trim() === "" ? null : description.trim() },
      {
        onSuccess: () => notifications.show({ color: "teal", message: "Public profile saved" }),
        onError: (error) => {
          if (isApiError(error) && error.fields.slug) setSlugError(error.fields.slug);
          else setFormError(errorMessage(error));
        },
      },
    );
  }

  return (
    <Card data-testid="public-profile-card">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} fz="lg">
            Public profile
          </Title>
          <Text size="sm" c="dimmed">
            Company profiles are published publicly: anyone with the address sees your name, logo, description, size and the certifications
            you add to it. No survey answers are shown.
          </Text>
          {query.isError && (
            <Alert color="red" variant="light" role="alert">
              {errorMessage(query.error)}
            </Alert>
          )}
          <TextInput
            label="Profile address"
            description="Lowercase letters, digits and hyphens, 3 to 60 characters."
            leftSection={<Text size="sm">/c/</Text>}
            leftSectionWidth={36}
            value={slug}
            onChange={(event) => setSlug(event.currentTarget.value)}
            error={slugError}
            maxLength={60}
            disabled={!data}
          />
          <Textarea
            label="Description"
            value={description}
            onChange={(event) => setDescription(event.currentTarget.value)}
            maxLength={1000}
            autosize
            minRows={2}
            disabled={!data}
          />
          <Switch
            label="Publish profile"
            checked={published}
            onChange={(event) => setPublished(event.currentTarget.checked)}
            disabled={!data}
          />
          <Switch
            label="Show the LOWI score of the certified year"
            checked={showScore}
            onChange={(event) => setShowScore(event.currentTarget.checked)}
            disabled={!data}
          />
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <Group justify="space-between" wrap="wrap">
            {data?.url ? (
              <Anchor href={data.url} target="_blank" rel="noopener noreferrer" data-testid="public-profile-link">
                View public profile
              </Anchor>
            ) : (
              <Text size="sm" c="dimmed">
                Not published
              </Text>
            )}
            <Button type="submit" loading={save.isPending} disabled={!data}>
              Save public profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
