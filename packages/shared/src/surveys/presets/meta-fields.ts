/** Labels for the meta fields the wizard asks for, and which placeholders a text uses. */
import type { MetaFieldName } from "./types.js";

const LABELS: Record<MetaFieldName, string> = {
  company_name: "Company name",
  meeting_name: "Meeting, event or project name",
  first_name: "First name",
  last_name: "Last name",
};

const PERSON_LABELS: Partial<Record<string, string>> = {
  LeaderEffectiveness: "leader",
  ManagerEffectiveness: "manager",
};

/** Wizard label for a meta field; in the leader and manager surveys the names are the reviewed person's. */
export function describeMetaField(presetId: string, name: MetaFieldName): string {
  const person = PERSON_LABELS[presetId];
  if (person && name === "first_name") return `The ${person}'s first name`;
  if (person && name === "last_name") return `The ${person}'s last name`;
  return LABELS[name];
}

/** Names of the {{placeholders}} in a text, in order of first use. */
export function listPlaceholders(text: string): string[] {
  const names = [...text.matchAll(/\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g)].map((match) => match[1]);
  return [...new Set(names)];
}
