import { createHash } from "node:crypto";

/** The three CRM calls of the spec (surveys-reports-data.md §7), as events a job delivers (decision 0030). */
export type CrmEventKind = "cert-step" | "update-user" | "update-company";

/** The person an event is about, read from the session and the database, never from the request body. */
export interface CrmContact {
  email: string;
  firstName: string | null;
  lastName: string | null;
  companyName: string | null;
}

interface CrmEventBase {
  /** The idempotency key: one event per key is ever sent or stored. */
  eventKey: string;
  tenantId: string;
  userId: string | null;
}

/** `POST /api/hs-cert-step`: the user started an upgrade (steps, e.g. ['Evaluation']). */
export interface CertStepEvent extends CrmEventBase {
  kind: "cert-step";
  contact: CrmContact;
  steps: string[];
}

/** `POST /api/hubspot/update-user`: contact properties to change (the abandoned cart's items). */
export interface UpdateUserEvent extends CrmEventBase {
  kind: "update-user";
  contact: CrmContact;
  /** The contact id the client named, kept for the record only: HubSpot is addressed by the session's email. */
  contactId: string | null;
  crmUpdateName: string;
  /** HubSpot property name → value; only names on the allow-list reach here. */
  fields: Record<string, string>;
}

/** `integration/update-company`: a plan upgrade was requested. */
export interface UpdateCompanyEvent extends CrmEventBase {
  kind: "update-company";
  platform: "hearth";
  companyName: string | null;
  companyData: {
    requested_plan_date: string;
    requested_plan_upgrade: string;
    requested_plan_upgrade_user_email: string;
    requested_plan_upgrade_user_name: string;
  };
}

export type CrmEvent = CertStepEvent | UpdateUserEvent | UpdateCompanyEvent;

/** A short stable digest of the parts, for event keys that must not grow with the input. */
export function digest(...parts: unknown[]): string {
  return createHash("sha256").update(JSON.stringify(parts)).digest("hex").slice(0, 32);
}

/** The UTC day of a moment (YYYY-MM-DD): the same click twice on one day is one event. */
export const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export function certStepEventKey(tenantId: string, userId: string, steps: readonly string[], at: Date): string {
  return `cert-step:${digest(tenantId, userId, [...steps], utcDay(at))}`;
}

export function updateUserEventKey(
  tenantId: string,
  userId: string,
  crmUpdateName: string,
  fields: Record<string, string>,
  at: Date,
): string {
  return `update-user:${digest(tenantId, userId, crmUpdateName, Object.entries(fields).sort(), utcDay(at))}`;
}

export const updateCompanyEventKey = (upgradeRequestId: string) => `update-company:${upgradeRequestId}`;

export const abandonedCartEventKey = (cartId: string, cartUpdatedAt: Date) => `abandoned-cart:${cartId}:${cartUpdatedAt.getTime()}`;

/** What the outbox and the internal listing keep of an event: everything but the key and tenant columns. */
export function eventPayload(event: CrmEvent): Record<string, unknown> {
  const { eventKey: _key, tenantId: _tenant, userId: _user, kind: _kind, ...payload } = event;
  return payload;
}
