/**
 * Who an activity log entry names (issue 25 item 5, decision 0070): never "Unknown" for someone Hearth knows. A user
 * of the company or a Hearth operator by name, else by email; a member removed since, by the name and email recorded
 * when they were removed; an entry written by a job, with no user, "System".
 */
export interface ActivityActorFacts {
  /** The entry's user id; null for an entry written by a job. */
  userId: string | null;
  /** The user's account as it is now; nulls when the account no longer exists. */
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  /** What the entry recorded of its author when the account was removed (`actorName`, `actorEmail` in its data). */
  data: Readonly<Record<string, unknown>>;
}

export const SYSTEM_ACTOR = "System";
export const FORMER_MEMBER = "A former team member";

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value.trim() : null);

export function activityActorName(facts: ActivityActorFacts): string {
  if (facts.userId === null) return SYSTEM_ACTOR;
  const name = [text(facts.firstName), text(facts.lastName)].filter(Boolean).join(" ");
  if (name) return name;
  if (text(facts.email)) return text(facts.email) as string;
  const recordedName = text(facts.data.actorName);
  const recordedEmail = text(facts.data.actorEmail);
  if (recordedName && recordedEmail) return `${recordedName} (${recordedEmail}, removed)`;
  if (recordedName ?? recordedEmail) return `${recordedName ?? recordedEmail} (removed)`;
  return FORMER_MEMBER;
}
