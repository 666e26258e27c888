/**
 * "Download CSV" on /dashboard/plans (decision 0078): GET /api/action-plans/export.csv saved under the name the
 * server gives it (action-plans-YYYY-MM-DD.csv, the company's day). The file holds what the caller may see, archived
 * plans too.
 */
import { MESSAGES } from "@hearth/shared";
import { Button } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconDownload } from "@tabler/icons-react";
import { useState } from "react";
import { saveBlob } from "../../lib/save-blob";
import { fileNameFromDisposition } from "../reports";

export const ACTION_PLANS_CSV_URL = "/api/action-plans/export.csv";

export function PlansCsvButton() {
  const [pending, setPending] = useState(false);
  async function download() {
    setPending(true);
    try {
      const response = await fetch(ACTION_PLANS_CSV_URL, { credentials: "include" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { message?: string } } | null;
        notifications.show({ color: "red", title: "Download failed", message: body?.error?.message ?? MESSAGES.genericError });
        return;
      }
      const blob = await response.blob();
      saveBlob(blob, fileNameFromDisposition(response.headers.get("content-disposition"), "action-plans.csv"));
    } catch {
      notifications.show({ color: "red", title: "Download failed", message: MESSAGES.genericError });
    } finally {
      setPending(false);
    }
  }
  return (
    <Button
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={pending}
      onClick={() => void download()}
      data-testid="download-plans-csv"
    >
      Download CSV
    </Button>
  );
}
