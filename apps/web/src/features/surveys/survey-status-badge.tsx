import type { SurveyStatus } from "@hearth/shared";
import { Badge } from "@mantine/core";

const COLORS: Record<SurveyStatus, string> = { Active: "teal", Draft: "yellow", Closed: "gray", Archived: "dark" };

export function SurveyStatusBadge({ status }: { status: SurveyStatus }) {
  return (
    <Badge color={COLORS[status]} variant={status === "Active" ? "filled" : "light"} miw="max-content" data-testid="survey-status">
      {status}
    </Badge>
  );
}
