import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "../redirect-path.js";
import { switchBannerText, VISIBILITY_MESSAGES } from "./operator.js";

describe("safeRedirectPath", () => {
  it("keeps paths of this site with their query and hash", () => {
    expect(safeRedirectPath("/dashboard/surveys/abc/report?tab=lowi#top")).toBe("/dashboard/surveys/abc/report?tab=lowi#top");
    expect(safeRedirectPath("/dashboard/../settings")).toBe("/settings");
  });

  it("falls back for anything a browser would read as another origin or that is not a path", () => {
    for (const raw of [
      "//evil.example",
      "/\\evil.example",
      "\\\\evil.example",
      "/%2F%2Fevil.example",
      "/%5Cevil.example",
      "/%09/evil.example",
      "/\t/evil.example",
      "https://evil.example/dashboard",
      "javascript:alert(1)",
      "/javascript:alert(1)",
      "dashboard",
      "",
      null,
      undefined,
      "/%E0%A4%A",
    ]) {
      expect(safeRedirectPath(raw), String(raw)).toBe("/dashboard");
    }
  });

  it("says the messages of spec §8", () => {
    expect(VISIBILITY_MESSAGES.setTo("User")).toBe("Visibility set to User");
    expect(VISIBILITY_MESSAGES.setTo("Gold")).toBe("Visibility set to Gold");
    expect(switchBannerText("Demo Company")).toBe("Viewing Demo Company as Hearth staff");
  });
});
