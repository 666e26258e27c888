import { Paper, Stack, Text, Typography } from "@mantine/core";

/** The email as a recipient reads it; `html` has been sanitized (sanitizeEmailHtml) after its placeholders were filled. */
export function EmailPreview({ subject, html, from, to }: { subject: string; html: string; from: string; to: string | null }) {
  return (
    <Paper withBorder p={{ base: "sm", sm: "lg" }} bg="gray.0" component="section" aria-label="Email preview" data-testid="email-preview">
      <Stack gap={4} mb="md" pb="sm" style={{ borderBottom: "1px solid var(--mantine-color-default-border)" }}>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            From:{" "}
          </Text>
          {from || "—"}
        </Text>
        <Text size="sm">
          <Text span c="dimmed" size="sm">
            To:{" "}
          </Text>
          {to ?? "the first recipient"}
        </Text>
        <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }} data-testid="email-preview-subject">
          <Text span c="dimmed" size="sm" fw={400}>
            Subject:{" "}
          </Text>
          {subject || "—"}
        </Text>
      </Stack>
      <Paper p={{ base: "sm", sm: "md" }} bg="white" withBorder>
        <Typography>
          {/* html was sanitized with sanitizeEmailHtml (@hearth/shared) after its placeholders were filled */}
          <div dangerouslySetInnerHTML={{ __html: html }} style={{ overflowWrap: "anywhere" }} />
        </Typography>
      </Paper>
    </Paper>
  );
}
