import { type CompanyProfile, isAccentColor, readableAccent } from "@hearth/shared";
import { Alert, Box, Button, ColorInput, Group, Input, Stack, Text } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useEffect, useState } from "react";
import { errorMessage } from "../../lib/api";
import { useSaveAccentColor } from "./company-api";

const SWATCHES = ["#c2410c", "#b91c1c", "#be185d", "#7c3aed", "#1d4ed8", "#0f766e", "#15803d", "#334155"];

/**
 * The accent colour of the company's survey pages, emails and public profile (decision 0065). A colour too light for
 * white text is shown, and used, darkened; the preview says so.
 */
export function AccentColorField({ profile }: { profile: CompanyProfile | undefined }) {
  const save = useSaveAccentColor();
  const [value, setValue] = useState(profile?.accentColor ?? "");
  const [error, setError] = useState<string | null>(null);
  useEffect(() => setValue(profile?.accentColor ?? ""), [profile?.accentColor]);

  const typed = value.trim().toLowerCase();
  const valid = isAccentColor(typed);
  const shown = readableAccent(valid ? typed : profile?.accentColor);
  const darkened = valid && shown !== typed;

  const submit = (accentColor: string | null) => {
    setError(null);
    save.mutate(
      { accentColor },
      {
        onSuccess: () => notifications.show({ color: "teal", message: accentColor ? "Accent colour saved" : "Hearth's colours are back" }),
        onError: (failure) => setError(errorMessage(failure)),
      },
    );
  };

  return (
    <Input.Wrapper
      label="Accent colour"
      description="Used on your survey pages, invitation emails and public profile, with your logo"
      mt="lg"
    >
      <Stack gap="sm" mt={6}>
        <Group align="flex-end" gap="sm">
          <ColorInput
            aria-label="Accent colour"
            placeholder="#0f766e"
            format="hex"
            value={value}
            onChange={setValue}
            swatches={SWATCHES}
            // the eye dropper is an unnamed icon button, and picks from the screen rather than the brand
            withEyeDropper={false}
            w={200}
            error={value.trim() !== "" && !valid ? "Enter a colour such as #0f766e" : undefined}
            data-testid="accent-color-input"
          />
          <Button onClick={() => submit(typed)} disabled={!valid || typed === profile?.accentColor} loading={save.isPending}>
            Save colour
          </Button>
          {profile?.accentColor && (
            <Button variant="subtle" onClick={() => submit(null)} disabled={save.isPending}>
              Use Hearth's colours
            </Button>
          )}
        </Group>
        <Group gap="sm">
          <Box
            aria-hidden
            px="md"
            py={8}
            style={{ background: shown, color: "#ffffff", borderRadius: 6, fontWeight: 600 }}
            data-testid="accent-color-preview"
          >
            Take Survey
          </Box>
          <Text size="sm" c="dimmed">
            {darkened
              ? "This colour is too light behind white text, so a darker shade of it is used."
              : "How buttons look to the people you invite."}
          </Text>
        </Group>
        {error && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {error}
          </Alert>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
