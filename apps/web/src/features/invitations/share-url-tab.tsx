import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconDownload } from "@tabler/icons-react";
import { QRCodeCanvas } from "qrcode.react";
import { useRef } from "react";
import { InviteLink } from "../surveys";

/** Tab "Share URL": the survey's public link to copy, and a QR code to print or download. */
export function ShareUrlTab({ link, surveyName }: { link: string; surveyName: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);

  function download() {
    const node = canvas.current;
    if (!node) return;
    const anchor = document.createElement("a");
    anchor.href = node.toDataURL("image/png");
    const slug =
      surveyName
        .toLowerCase()
        .replace(/[^a-z0-9]+/g, "-")
        .replace(/^-|-$/g, "") || "survey";
    anchor.download = `${slug}-qr-code.png`;
    document.body.append(anchor);
    anchor.click();
    anchor.remove();
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Anyone with this link can answer the survey. Answers that come through the shared link are not tied to a person, so they do not show
        as replied in Sent Surveys. You do not need to add recipients to share it.
      </Text>
      <InviteLink link={link} />
      <Group gap="lg" align="center" wrap="wrap">
        <Paper withBorder p="sm" bg="white" w="fit-content">
          <QRCodeCanvas
            ref={canvas}
            value={link}
            size={176}
            marginSize={2}
            level="M"
            role="img"
            aria-label={`QR code for ${link}`}
            data-testid="survey-qr-code"
          />
        </Paper>
        <Stack gap="xs" maw={280}>
          <Text size="sm">Put the QR code on a poster or a slide so people can open the survey with their phone camera.</Text>
          <Button variant="light" leftSection={<IconDownload size={16} aria-hidden />} onClick={download} w="fit-content">
            Download QR code
          </Button>
        </Stack>
      </Group>
    </Stack>
  );
}
