import { describe, expect, it } from "vitest";
import { redirectPathOrNull, safeRedirectPath } from "./redirect-path.js";

/**
 * Known open-redirect bypasses (L5 of issue 23, docs/decisions/0057): each is a text a browser, a router or a server
 * could read as another origin, a script, or not a path of this site. Every one must be refused.
 */
const BYPASSES: string[] = [
  "//evil.example",
  "///evil.example",
  "/.//evil.example",
  "/./..//evil.example",
  "/..//evil.example",
  "/%2e//evil.example",
  "/%2E%2E//evil.example",
  "/\t/evil.example",
  "/\n/evil.example",
  "/\r\n/evil.example",
  "\t//evil.example",
  " //evil.example",
  "\u0000//evil.example",
  "/\\evil.example",
  "\\\\evil.example",
  "\\/evil.example",
  "/\\/evil.example",
  "/%5Cevil.example",
  "/%5c%5cevil.example",
  "/%2F%2Fevil.example",
  "/%2f/evil.example",
  "/%252F%252Fevil.example",
  "/%25252f%25252fevil.example",
  "/%255Cevil.example",
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%00/evil.example",
  "/.%2F/evil.example",
  "/%2e/%2fevil.example",
  "https://evil.example/dashboard",
  "http:evil.example",
  "HTTPS://evil.example",
  "javascript:alert(1)",
  "/javascript:alert(1)",
  "JaVaScRiPt:alert(1)",
  "data:text/html,hi",
  "dashboard",
  "evil.example",
  "",
  "/%E0%A4%A",
  `/${"a".repeat(2001)}`,
];

describe("redirect path rule", () => {
  it(`refuses every one of ${BYPASSES.length} known bypasses`, () => {
    expect(BYPASSES.length).toBeGreaterThanOrEqual(25);
    for (const raw of BYPASSES) {
      expect(redirectPathOrNull(raw), JSON.stringify(raw)).toBeNull();
      expect(safeRedirectPath(raw), JSON.stringify(raw)).toBe("/dashboard");
    }
    expect(redirectPathOrNull(null)).toBeNull();
    expect(redirectPathOrNull(undefined)).toBeNull();
  });

  it("keeps the site's own paths, with query and hash, normalised the way the browser would", () => {
    expect(redirectPathOrNull("/dashboard/surveys/abc/report?tab=lowi#top")).toBe("/dashboard/surveys/abc/report?tab=lowi#top");
    expect(redirectPathOrNull("/dashboard/../settings")).toBe("/settings");
    expect(redirectPathOrNull("/new-company/profile")).toBe("/new-company/profile");
    expect(redirectPathOrNull("/dashboard/settings?emailChanged=1")).toBe("/dashboard/settings?emailChanged=1");
    expect(redirectPathOrNull("/s/abc?next=%2Fdashboard")).toBe("/s/abc?next=%2Fdashboard");
    expect(redirectPathOrNull("/")).toBe("/");
    expect(safeRedirectPath("//evil.example", "/login")).toBe("/login");
  });
});
