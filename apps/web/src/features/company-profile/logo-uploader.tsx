import type { CompanyProfile } from "@hearth/shared";
import { LOGO_MAX_BYTES } from "@hearth/shared";
import { Alert, Button, Group, Image, Input, Paper, Stack, Text } from "@mantine/core";
import { Dropzone } from "@mantine/dropzone";
import { IconPhoto, IconUpload, IconX } from "@tabler/icons-react";
import { useState } from "react";
import { errorMessage } from "../../lib/api";
import { useRemoveLogo, useUploadLogo } from "./company-api";
import { checkLogoFile, LOGO_ACCEPT, LOGO_SIZE_MESSAGE, LOGO_TYPE_MESSAGE, readAsDataUrl } from "./logo-file";

/** Company logo: PNG or JPEG up to 2 MB, uploaded as soon as it is chosen, with a preview. */
export function LogoUploader({ profile }: { profile: CompanyProfile | undefined }) {
  const upload = useUploadLogo();
  const remove = useRemoveLogo();
  const [preview, setPreview] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const shown = preview ?? profile?.logoUrl ?? null;

  async function accept(files: File[]) {
    const file = files[0];
    if (!file) return;
    setError(null);
    const problem = await checkLogoFile(file);
    if (problem) {
      setError(problem);
      return;
    }
    const dataUrl = await readAsDataUrl(file);
    setPreview(dataUrl);
    upload.mutate(
      { file: dataUrl, filename: file.name },
      {
        onSuccess: () => setPreview(null),
        onError: (failure) => {
          setPreview(null);
          setError(errorMessage(failure));
        },
      },
    );
  }

  function reject(rejections: readonly { errors: readonly { code: string }[] }[]) {
    const codes = rejections.flatMap((rejection) => rejection.errors.map((item) => item.code));
    setError(codes.includes("file-too-large") ? LOGO_SIZE_MESSAGE : LOGO_TYPE_MESSAGE);
  }

  return (
    <Input.Wrapper label="Company logo" description="PNG or JPEG, up to 2 MB">
      <Stack gap="sm" mt={6}>
        {shown && (
          <Group gap="md" wrap="nowrap">
            <Paper withBorder p={6} w={96} h={96} style={{ flexShrink: 0 }}>
              <Image src={shown} alt="Company logo preview" fit="contain" w="100%" h="100%" />
            </Paper>
            {profile?.hasLogo && !preview && (
              <Button
                variant="subtle"
                color="red"
                c="red.9"
                leftSection={<IconX size={16} aria-hidden />}
                loading={remove.isPending}
                onClick={() => remove.mutate(undefined, { onError: (failure) => setError(errorMessage(failure)) })}
              >
                Remove logo
              </Button>
            )}
          </Group>
        )}
        <Dropzone
          onDrop={accept}
          onReject={reject}
          accept={LOGO_ACCEPT}
          maxSize={LOGO_MAX_BYTES}
          multiple={false}
          loading={upload.isPending}
          aria-label="Upload company logo"
        >
          <Group justify="center" gap="md" mih={90} style={{ pointerEvents: "none" }} wrap="nowrap">
            <Dropzone.Accept>
              <IconUpload size={36} color="var(--mantine-color-ember-7)" aria-hidden />
            </Dropzone.Accept>
            <Dropzone.Reject>
              <IconX size={36} color="var(--mantine-color-red-7)" aria-hidden />
            </Dropzone.Reject>
            <Dropzone.Idle>
              <IconPhoto size={36} color="var(--mantine-color-dimmed)" aria-hidden />
            </Dropzone.Idle>
            <div>
              <Text size="md">Drop your logo here or choose a file</Text>
              <Text size="sm" c="dimmed">
                {shown
                  ? "A new file replaces the current logo."
                  : "Shown on your survey pages, invitation emails, the app's header and your public profile."}
              </Text>
            </div>
          </Group>
        </Dropzone>
        {error && (
          <Alert color="red" variant="light" role="alert" p="xs">
            {error}
          </Alert>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
