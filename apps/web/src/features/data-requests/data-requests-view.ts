/** What the data requests page shows, as pure functions the page and its unit test share. */
import {
  DATA_REQUEST_STATUS_LABELS,
  type DataRequestList,
  type DataRequestStatus,
  describeDataRequestAllowance,
  formatDateInZone,
} from "@hearth/shared";

export const DATA_REQUESTS_PATH = "/dashboard/data-requests";

export type AllowanceView =
  | { state: "locked"; message: string; upgradePlan: string | null }
  | { state: "available"; summary: string; remaining: number }
  | { state: "full"; summary: string; message: string };

/** Whether the form is offered: locked on a plan without requests, full when every place is in use. */
export function describeAllowance(list: Pick<DataRequestList, "plan" | "limit" | "used" | "upgradePlan">): AllowanceView {
  if (list.limit <= 0) {
    const upgrade = list.upgradePlan ? ` Upgrade to ${list.upgradePlan} or above to ask our team for them.` : "";
    return {
      state: "locked",
      message: `Custom data requests are not included in the ${list.plan} plan.${upgrade}`,
      upgradePlan: list.upgradePlan,
    };
  }
  const summary = describeDataRequestAllowance(list.used, list.limit);
  if (list.used >= list.limit) {
    return {
      state: "full",
      summary,
      message: `All ${list.limit} of your plan's custom data requests are in use. A declined request gives its place back; a higher plan includes more.`,
    };
  }
  return { state: "available", summary, remaining: list.limit - list.used };
}

const STATUS_COLORS: Record<DataRequestStatus, string> = {
  submitted: "blue",
  in_progress: "yellow",
  delivered: "teal",
  declined: "gray",
};

export function statusBadge(status: DataRequestStatus): { label: string; color: string } {
  return { label: DATA_REQUEST_STATUS_LABELS[status], color: STATUS_COLORS[status] };
}

/** "Dec 7, 2026 (Eastern time)": the day a request was filed, in the given zone (the company's), the zone named. */
export function formatRequestDate(iso: string, timeZone: string): string {
  const at = Date.parse(iso);
  return Number.isFinite(at) ? formatDateInZone(at, timeZone) : "—";
}
