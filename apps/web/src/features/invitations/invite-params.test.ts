import { describe, expect, it } from "vitest";
import {
  isReminderMode,
  parseInviteView,
  parseRecipientTab,
  readReminderRecipients,
  reminderStorageKey,
  shouldLoadReminder,
} from "./invite-params";

describe("parseRecipientTab", () => {
  it("takes an index 0..4 or a name, else the CSV tab", () => {
    expect(parseRecipientTab("0")).toBe("csv");
    expect(parseRecipientTab("1")).toBe("manual");
    expect(parseRecipientTab("2")).toBe("share");
    expect(parseRecipientTab("3")).toBe("previous");
    expect(parseRecipientTab("Share")).toBe("share");
    expect(parseRecipientTab("previous")).toBe("previous");
    expect(parseRecipientTab("4")).toBe("imported");
    expect(parseRecipientTab("5")).toBe("csv");
    expect(parseRecipientTab("nonsense")).toBe("csv");
    expect(parseRecipientTab(null)).toBe("csv");
  });
});

describe("query flags", () => {
  it("reads view, reminder and load", () => {
    expect(parseInviteView("sent")).toBe("sent");
    expect(parseInviteView(null)).toBe("invite");
    const params = new URLSearchParams("tab=0&load=true&reminder=true");
    expect(isReminderMode(params)).toBe(true);
    expect(shouldLoadReminder(params)).toBe(true);
    expect(isReminderMode(new URLSearchParams("reminder=false"))).toBe(false);
    expect(reminderStorageKey("abc")).toBe("hearth:reminder:abc");
  });
});

describe("readReminderRecipients", () => {
  it("keeps valid people once, lower-cased, with their names", () => {
    const raw = JSON.stringify([
      { email: " Ana@Example.com ", firstName: "Ana", lastName: "Lee" },
      { email: "ana@example.com", firstName: "Again" },
      { email: "not-an-email" },
      null,
      "bob@example.com",
      { email: "bob@example.com", department: "Sales" },
    ]);
    expect(readReminderRecipients(raw)).toEqual([
      { email: "ana@example.com", firstName: "Ana", lastName: "Lee" },
      { email: "bob@example.com" },
    ]);
  });

  it("ignores missing or unreadable data", () => {
    expect(readReminderRecipients(null)).toEqual([]);
    expect(readReminderRecipients("{not json")).toEqual([]);
    expect(readReminderRecipients('{"email":"a@b.co"}')).toEqual([]);
  });
});
