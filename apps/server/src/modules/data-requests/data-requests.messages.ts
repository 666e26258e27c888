/** What the requester is told when Hearth staff move a custom data request (decision 0074): in the app and by email. */
import { DATA_REQUEST_STATUS_LABELS, type DataRequestStatus } from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { type RenderedEmail, renderEmail } from "../email/email.layout.js";
import { notify } from "../notifications/notifications.service.js";
import type { ListedDataRequest } from "./data-requests.repo.js";

export const DATA_REQUESTS_PATH = "/dashboard/data-requests";

const STATUS_SENTENCES: Record<DataRequestStatus, string> = {
  submitted: "is back with our team as submitted.",
  in_progress: "is now in progress: our team is working on it.",
  delivered: "has been delivered.",
  declined: "has been declined. It no longer counts against your plan's custom data requests.",
};

function sentence(request: ListedDataRequest, status: DataRequestStatus): string {
  return `Your custom data request "${request.title}" ${STATUS_SENTENCES[status]}`;
}

/**
 * Notifies the requester (the company's Admins when that account is gone) of the new status. The key carries the
 * change's time, so each change is told once, and a request moved back to a status it had before is told again.
 */
export async function dataRequestStatusChanged(
  db: Database,
  request: ListedDataRequest,
  status: DataRequestStatus,
  note: string | null,
  changedAt: number,
): Promise<string[]> {
  return notify(db, request.tenantId, {
    audience: request.requesterUserId ? { userIds: [request.requesterUserId] } : { roles: ["Admin"] },
    kind: "custom-data-request-status",
    eventKey: `custom-data-request-status:${request.id}:${status}:${changedAt}`,
    title: `Data request ${DATA_REQUEST_STATUS_LABELS[status].toLowerCase()}: ${request.title}`,
    body: note ? `${sentence(request, status)} Note from our team: ${note}` : sentence(request, status),
    link: DATA_REQUESTS_PATH,
  });
}

export function renderDataRequestStatusEmail(
  appUrl: string,
  request: ListedDataRequest,
  status: DataRequestStatus,
  note: string | null,
): RenderedEmail {
  return renderEmail(`Your data request is ${DATA_REQUEST_STATUS_LABELS[status].toLowerCase()}: ${request.title}`, [
    { type: "text", text: sentence(request, status) },
    ...(note ? [{ type: "text" as const, text: `Note from our team: ${note}` }] : []),
    { type: "button", text: "See your data requests", url: `${appUrl.replace(/\/$/, "")}${DATA_REQUESTS_PATH}` },
  ]);
}

/** To Hearth's support address when a company files a request: who, which company, what, and the allowance now. */
export function renderNewDataRequestEmail(
  request: { id: string; tenantId: string; title: string; description: string; surveyId: string | null },
  context: { plan: string; used: number; limit: number; requesterEmail: string },
): RenderedEmail {
  return renderEmail(`[Data request] ${request.title}`, [
    {
      type: "text",
      text: `${context.requesterEmail} filed a custom data request (${context.used} of ${context.limit} on ${context.plan}).`,
    },
    { type: "text", text: request.description },
    {
      type: "text",
      text: `Company id: ${request.tenantId}. Request id: ${request.id}.${request.surveyId ? ` Survey id: ${request.surveyId}.` : ""} Answer it in the operator console.`,
    },
  ]);
}
