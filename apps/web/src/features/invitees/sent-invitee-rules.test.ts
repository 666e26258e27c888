import type { CompanyInvitee, SurveyInvitee } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { cohortColumns, lastInvitations } from "./company-invitee-rules";
import { cancellableIds, filterByEmail, formatDateTime, isCancellable, planReminder, reminderStorageKey } from "./sent-invitee-rules";

const NOW = Date.UTC(2026, 10, 22, 12);
const HOUR = 3_600_000;
let counter = 0;

function invitee(overrides: Partial<SurveyInvitee>): SurveyInvitee {
  counter += 1;
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, "0")}`,
    email: `person${counter}@example.com`,
    firstName: null,
    lastName: null,
    scheduledDate: null,
    firstEmail: null,
    mostRecentEmail: null,
    sendStatus: "Sent",
    failureReason: null,
    replied: false,
    ...overrides,
  };
}

describe("Cancel Send", () => {
  it("applies only to Pending invitees whose scheduled time is still ahead", () => {
    expect(isCancellable(invitee({ sendStatus: "Pending", scheduledDate: NOW + HOUR }), NOW)).toBe(true);
    expect(isCancellable(invitee({ sendStatus: "Pending", scheduledDate: NOW - HOUR }), NOW)).toBe(false);
    expect(isCancellable(invitee({ sendStatus: "Pending", scheduledDate: null }), NOW)).toBe(false);
    expect(isCancellable(invitee({ sendStatus: "Cancelled", scheduledDate: NOW + HOUR }), NOW)).toBe(false);
    expect(isCancellable(invitee({ sendStatus: "Sent", scheduledDate: NOW + HOUR }), NOW)).toBe(false);
  });

  it("counts only the selected Pending scheduled rows in bulk, leaving Cancelled ones out", () => {
    const pending = invitee({ sendStatus: "Pending", scheduledDate: NOW + HOUR });
    const cancelled = invitee({ sendStatus: "Cancelled", scheduledDate: NOW + HOUR });
    const sent = invitee({ sendStatus: "Sent" });
    const unselected = invitee({ sendStatus: "Pending", scheduledDate: NOW + HOUR });
    const selected = new Set([pending.id, cancelled.id, sent.id]);
    expect(cancellableIds([pending, cancelled, sent, unselected], selected, NOW)).toEqual([pending.id]);
  });
});

describe("email search", () => {
  it("matches part of an email, ignoring case and surrounding spaces", () => {
    const rows = [{ email: "ada@example.com" }, { email: "grace@Example.org" }];
    expect(filterByEmail(rows, "  EXAMPLE.ORG ")).toEqual([{ email: "grace@Example.org" }]);
    expect(filterByEmail(rows, "")).toHaveLength(2);
  });
});

describe("Draft Reminder recipients", () => {
  it("without a selection: everyone whose email was sent and who has not replied", () => {
    const waiting = invitee({ firstName: "Ada", lastName: "Lovelace" });
    const failed = invitee({ sendStatus: "Failed" });
    const pending = invitee({ sendStatus: "Pending" });
    const replied = invitee({ replied: true });
    const cancelled = invitee({ sendStatus: "Cancelled" });
    const unsubscribed = invitee({ sendStatus: "Unsubscribed" });
    const plan = planReminder([waiting, failed, pending, replied, cancelled, unsubscribed], new Set());
    expect(plan.recipients).toEqual([{ email: waiting.email, firstName: "Ada", lastName: "Lovelace" }]);
    expect(plan.disabledReason).toBeNull();
  });

  it("with a selection: the selected people minus those who replied", () => {
    const cancelled = invitee({ sendStatus: "Cancelled" });
    const replied = invitee({ replied: true });
    const other = invitee({});
    const plan = planReminder([cancelled, replied, other], new Set([cancelled.id, replied.id]));
    expect(plan.recipients).toEqual([{ email: cancelled.email }]);
  });

  it("says why when there is nobody to remind", () => {
    const replied = invitee({ replied: true });
    expect(planReminder([replied], new Set([replied.id])).disabledReason).toMatch(/selected/);
    expect(planReminder([replied], new Set()).disabledReason).toMatch(/Nobody has an unanswered invitation/);
  });

  it("stores the list under the survey's key", () => {
    expect(reminderStorageKey("abc")).toBe("hearth:reminder:abc");
  });
});

describe("dates", () => {
  it("shows a dash for a missing time", () => {
    expect(formatDateTime(null, "America/Los_Angeles")).toBe("—");
    expect(formatDateTime(NOW, "America/Los_Angeles")).toMatch(/ P[SD]T$/);
  });
});

describe("company invitees", () => {
  const person = (meta: Record<string, string>, mostRecentEmails: Record<string, number> = {}): CompanyInvitee => ({
    email: "a@example.com",
    firstName: null,
    lastName: null,
    meta,
    mostRecentEmails,
  });

  it("shows the cohort fields present on the page, known ones in order first", () => {
    expect(cohortColumns([person({ location: "Leeds", custom: "x" }), person({ department: "Sales", team: " " })])).toEqual([
      "department",
      "location",
      "custom",
    ]);
  });

  it("lists last invitations latest first with survey names", () => {
    const entries = lastInvitations({ s1: 100, s2: 300, gone: 200 }, [
      { id: "s1", name: "Pulse" },
      { id: "s2", name: "LOWI 2026" },
    ]);
    expect(entries.map((entry) => [entry.surveyName, entry.sentAt])).toEqual([
      ["LOWI 2026", 300],
      ["Removed survey", 200],
      ["Pulse", 100],
    ]);
  });
});
