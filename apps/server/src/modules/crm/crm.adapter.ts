import type { Database } from "../../db/client.js";
import type { CertStepEvent, CrmContact, CrmEvent, UpdateCompanyEvent, UpdateUserEvent } from "./crm.events.js";
import { insertCrmEvent } from "./crm.repo.js";

/**
 * The one CRM boundary (decision 0030): an operation per spec call. Each must be safe to run twice for the same
 * event (HubSpot upserts by email or tenant id; the outbox ignores a key it holds). A failure throws, and the job
 * that called it is retried.
 */
export interface CrmAdapter {
  /** "outbox" keeps events in crm_outbox itself; "hubspot" sends them and the service records the outcome. */
  readonly kind: "hubspot" | "outbox";
  /** hs-cert-step: the user started an upgrade. */
  recordCertificationStep(event: CertStepEvent): Promise<void>;
  /** hubspot/update-user: change the contact's properties (the abandoned cart's items). */
  updateContact(event: UpdateUserEvent): Promise<void>;
  /** integration/update-company: a plan upgrade was requested. */
  updateCompany(event: UpdateCompanyEvent): Promise<void>;
}

export function sendToAdapter(adapter: CrmAdapter, event: CrmEvent): Promise<void> {
  switch (event.kind) {
    case "cert-step":
      return adapter.recordCertificationStep(event);
    case "update-user":
      return adapter.updateContact(event);
    case "update-company":
      return adapter.updateCompany(event);
  }
}

/** Without HUBSPOT_TOKEN: every event becomes one crm_outbox row (status stored), read by internal accounts. */
export class OutboxCrmAdapter implements CrmAdapter {
  readonly kind = "outbox" as const;
  constructor(private readonly db: Database) {}

  private async store(event: CrmEvent): Promise<void> {
    await insertCrmEvent(this.db, event.tenantId, event, "stored");
  }
  recordCertificationStep(event: CertStepEvent) {
    return this.store(event);
  }
  updateContact(event: UpdateUserEvent) {
    return this.store(event);
  }
  updateCompany(event: UpdateCompanyEvent) {
    return this.store(event);
  }
}

/** A HubSpot answer other than 2xx, or no answer: the job fails and is retried. Never carries the token. */
export class CrmDeliveryError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = "CrmDeliveryError";
  }
}

/** Drops empty values: HubSpot would otherwise clear a property the event does not know. */
function properties(entries: Record<string, string | null | undefined>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(entries).filter((entry): entry is [string, string] => typeof entry[1] === "string" && entry[1] !== ""),
  );
}

function contactProperties(contact: CrmContact, tenantId: string): Record<string, string> {
  return properties({
    email: contact.email,
    firstname: contact.firstName,
    lastname: contact.lastName,
    company: contact.companyName,
    hearth_tenant_id: tenantId,
  });
}

/**
 * HubSpot's CRM v3 API over HTTP with a private-app bearer token. Contacts are upserted by email and companies by
 * the `hearth_tenant_id` unique property (batch upsert, one input): both idempotent, so a retried job changes nothing
 * more. The mapping is written in decision 0030.
 */
export class HubSpotCrmAdapter implements CrmAdapter {
  readonly kind = "hubspot" as const;
  private readonly baseUrl: string;

  constructor(
    private readonly token: string,
    apiUrl: string,
    private readonly timeoutMs = 10_000,
  ) {
    this.baseUrl = apiUrl.replace(/\/+$/, "");
  }

  recordCertificationStep(event: CertStepEvent): Promise<void> {
    return this.upsert("contacts", "email", event.contact.email, {
      ...contactProperties(event.contact, event.tenantId),
      certification_step: event.steps.join(";"),
    });
  }

  updateContact(event: UpdateUserEvent): Promise<void> {
    return this.upsert("contacts", "email", event.contact.email, { ...contactProperties(event.contact, event.tenantId), ...event.fields });
  }

  updateCompany(event: UpdateCompanyEvent): Promise<void> {
    return this.upsert("companies", "hearth_tenant_id", event.tenantId, {
      ...properties({ name: event.companyName, hearth_tenant_id: event.tenantId }),
      ...event.companyData,
    });
  }

  private async upsert(object: "contacts" | "companies", idProperty: string, id: string, props: Record<string, string>): Promise<void> {
    const path = `/crm/v3/objects/${object}/batch/upsert`;
    let response: Response;
    try {
      response = await fetch(`${this.baseUrl}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${this.token}`, "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ inputs: [{ idProperty, id, properties: props }] }),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new CrmDeliveryError(`HubSpot did not answer POST ${path}: ${reason}`.slice(0, 500), null);
    }
    // the body is read only to free the connection; it is not kept (it may echo contact data)
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) throw new CrmDeliveryError(`HubSpot answered ${response.status} to POST ${path}`, response.status);
  }
}

export function createCrmAdapter(env: { HUBSPOT_TOKEN?: string; HUBSPOT_API_URL: string }, db: Database): CrmAdapter {
  return env.HUBSPOT_TOKEN ? new HubSpotCrmAdapter(env.HUBSPOT_TOKEN, env.HUBSPOT_API_URL) : new OutboxCrmAdapter(db);
}
