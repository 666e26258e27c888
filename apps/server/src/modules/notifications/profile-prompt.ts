/**
 * The "complete your company profile" notification is a prompt, not news: once the profile is complete it is resolved
 * (deleted), when the profile is saved and, for prompts left from before, whenever the notifications are read.
 */
import { hasPermission, isCompanyProfileComplete } from "@hearth/shared";
import type { Database } from "../../db/client.js";
import { findTenant } from "../company/company.repo.js";
import { deleteNotificationsOfKind } from "./notifications.repo.js";

export const PROFILE_PROMPT_KIND = "complete-profile";

/** Deletes the company's profile prompts when its profile (as stored, or as just saved) is complete. */
export async function resolveProfilePrompt(
  db: Database,
  tenantId: string,
  profile?: Parameters<typeof isCompanyProfileComplete>[0] | null,
): Promise<void> {
  const current = profile ?? (await findTenant(db, tenantId));
  if (current && isCompanyProfileComplete(current)) await deleteNotificationsOfKind(db, tenantId, PROFILE_PROMPT_KIND);
}

/** Kinds a reader does not see: the profile prompt leads to a page only the company-profile permission opens. */
export function hiddenNotificationKinds(actor: { role: string; isInternalAccount: boolean }): string[] {
  return hasPermission(actor, "company-profile") ? [] : [PROFILE_PROMPT_KIND];
}
