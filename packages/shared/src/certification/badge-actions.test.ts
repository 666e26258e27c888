import { describe, expect, it } from "vitest";
import {
  badgeEmbedSnippet,
  badgeEmbedUrl,
  certificationCardActions,
  profileSlugProblem,
  remainingBadgeDownloads,
  suggestProfileSlug,
} from "./badge-actions.js";

describe("remainingBadgeDownloads", () => {
  it("is the plan's badge licence minus the downloads used", () => {
    expect(remainingBadgeDownloads("Bronze", 0)).toBe(1);
    expect(remainingBadgeDownloads("Silver", 1)).toBe(3);
    expect(remainingBadgeDownloads("Gold", 8)).toBe(0);
    expect(remainingBadgeDownloads("Free", 0)).toBe(0);
  });
  it("goes below 0 after a move to a smaller plan", () => {
    expect(remainingBadgeDownloads("Bronze", 3)).toBe(-2);
  });
  it("refuses a count that is not a whole number of 0 or more", () => {
    expect(() => remainingBadgeDownloads("Gold", -1)).toThrow(RangeError);
    expect(() => remainingBadgeDownloads("Gold", 1.5)).toThrow(RangeError);
  });
});

describe("certificationCardActions", () => {
  const base = { status: "Certified" as const, hasDownloaded: false, canCertify: true, remainingDownloads: 2, shownOnProfile: false };
  it("offers the actions on a Certified card only", () => {
    expect(certificationCardActions(base).offered).toBe(true);
    expect(certificationCardActions({ ...base, status: "Requested" }).offered).toBe(false);
    expect(certificationCardActions({ ...base, status: "Available" }).downloadDisabled).toBe(true);
  });
  it("asks for confirmation on the first download only", () => {
    expect(certificationCardActions(base).downloadNeedsConfirmation).toBe(true);
    expect(certificationCardActions({ ...base, hasDownloaded: true }).downloadNeedsConfirmation).toBe(false);
  });
  it("disables Download at 0 or below", () => {
    expect(certificationCardActions({ ...base, remainingDownloads: 1 }).downloadDisabled).toBe(false);
    expect(certificationCardActions({ ...base, remainingDownloads: 0 }).downloadDisabled).toBe(true);
    expect(certificationCardActions({ ...base, remainingDownloads: -1 }).downloadDisabled).toBe(true);
  });
  it("says No Certification Access without the permission", () => {
    const actions = certificationCardActions({ ...base, canCertify: false });
    expect(actions.noAccess).toBe(true);
    expect(actions.downloadDisabled).toBe(true);
  });
  it("offers removal once the badge is on the profile", () => {
    expect(certificationCardActions(base).profileAction).toBe("add");
    expect(certificationCardActions({ ...base, shownOnProfile: true }).profileAction).toBe("remove");
  });
});

describe("profileSlugProblem", () => {
  it("accepts lowercase letters, digits and single hyphens, 3 to 60 long", () => {
    expect(profileSlugProblem("demo-company")).toBeNull();
    expect(profileSlugProblem("abc")).toBeNull();
    expect(profileSlugProblem("a".repeat(60))).toBeNull();
    expect(profileSlugProblem("acme-2026")).toBeNull();
  });
  it("refuses length, characters, hyphen placement and reserved words", () => {
    expect(profileSlugProblem("ab")).toMatch(/3 to 60/);
    expect(profileSlugProblem("a".repeat(61))).toMatch(/3 to 60/);
    expect(profileSlugProblem("Demo")).toMatch(/lowercase/);
    expect(profileSlugProblem("demo_co")).toMatch(/lowercase/);
    expect(profileSlugProblem("-demo")).toMatch(/lowercase/);
    expect(profileSlugProblem("demo--co")).toMatch(/lowercase/);
    expect(profileSlugProblem("admin")).toMatch(/reserved/);
    expect(profileSlugProblem("verify")).toMatch(/reserved/);
  });
  it("suggests a slug from the company name", () => {
    expect(suggestProfileSlug("Demo Company, Inc.")).toBe("demo-company-inc");
    expect(suggestProfileSlug("  Café Ünïcode  ")).toBe("cafe-unicode");
  });
});

describe("embed snippet", () => {
  it("builds the embed URL of the contract", () => {
    expect(badgeEmbedUrl("https://hearth.test/", "t1", "Hearth Certified Workplace", 2026)).toBe(
      "https://hearth.test/api/certifications/embed?id=t1&certification=Hearth+Certified+Workplace&year=2026&orientation=v",
    );
  });
  it("links the 75 px image and escapes every value", () => {
    expect(badgeEmbedSnippet({ linkUrl: "https://h.test/c/a", imageUrl: "https://h.test/i?a=1&b=2", alt: `A "B" <C>` })).toBe(
      '<a href="https://h.test/c/a"><img src="https://h.test/i?a=1&amp;b=2" width="75" alt="A &quot;B&quot; &lt;C&gt;"></a>',
    );
  });
});
