import type { SupportRequestInput } from "@hearth/shared";
import type { AppContext } from "../../app-context.js";
import type { Database } from "../../db/client.js";
import type { Actor } from "../../lib/actor.js";
import { findUserInTenant } from "../account/account.repo.js";
import { findTenant } from "../company/company.repo.js";
import { renderSupportRequestEmail } from "../email/email.templates.js";
import { insertSupportRequest } from "./support.repo.js";

/** Stores the request and, in the same transaction, the email to the support address. */
export async function createSupportRequest(ctx: AppContext, actor: Actor, input: SupportRequestInput, pageUrl: string | null) {
  const { db } = ctx.database;
  const [user, tenant] = await Promise.all([findUserInTenant(db, actor.tenantId, actor.userId), findTenant(db, actor.tenantId)]);
  let outboxId = "";
  const stored = await db.transaction(async (tx) => {
    const row = await insertSupportRequest(tx as unknown as Database, actor.tenantId, {
      userId: actor.userId,
      kind: input.kind,
      subject: input.subject,
      message: input.message,
      pageUrl,
    });
    const email = renderSupportRequestEmail({
      kind: input.kind,
      subject: input.subject,
      message: input.message,
      fromName: [user?.firstName, user?.lastName].filter(Boolean).join(" ") || actor.email,
      fromEmail: actor.email,
      companyName: tenant?.companyName ?? "Unnamed Company",
      tenantId: actor.tenantId,
    });
    outboxId = await ctx.email.queue(
      {
        ...email,
        to: ctx.env.SUPPORT_EMAIL,
        kind: `support-${input.kind}`,
        tenantId: actor.tenantId,
        headers: { "Reply-To": actor.email },
      },
      tx as unknown as Database,
    );
    return row;
  });
  await ctx.email.enqueueDelivery(outboxId);
  return { id: stored.id, kind: stored.kind as "help" | "ticket", subject: stored.subject, createdAt: stored.createdAt.toISOString() };
}
