import { MESSAGES } from "@hearth/shared";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate } from "react-router";
import { BILLING_PLAN_PATH } from "./survey-paths";
import { saveBlob } from "../../lib/save-blob";

/** The spinner shows at least this long (spec surveys §9). */
const EXPORT_SPINNER_MS = 1000;

function fileNameFrom(header: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(header ?? "");
  return match?.[1] ?? fallback;
}

/** GET /api/export/survey as a file download; without the data export feature the user goes to the plans page. */
export function useExportSurvey() {
  const navigate = useNavigate();
  const [exportingId, setExportingId] = useState<string | null>(null);

  async function exportSurvey(surveyId: string) {
    setExportingId(surveyId);
    const minimum = new Promise((resolve) => setTimeout(resolve, EXPORT_SPINNER_MS));
    try {
      const response = await fetch(`/api/export/survey?surveyId=${encodeURIComponent(surveyId)}`, { credentials: "include" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: { code?: string; message?: string } } | null;
        await minimum;
        if (response.status === 403 && body?.error?.code === "PLAN_UPGRADE_REQUIRED") {
          navigate(BILLING_PLAN_PATH);
          return;
        }
        notifications.show({ color: "red", title: "Export failed", message: body?.error?.message ?? MESSAGES.genericError });
        return;
      }
      const blob = await response.blob();
      await minimum;
      saveBlob(blob, fileNameFrom(response.headers.get("content-disposition"), "survey-responses.csv"));
    } catch {
      await minimum;
      notifications.show({ color: "red", title: "Export failed", message: MESSAGES.genericError });
    } finally {
      setExportingId(null);
    }
  }

  return { exportSurvey, exportingId };
}
