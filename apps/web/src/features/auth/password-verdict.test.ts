import { PASSWORD_MESSAGES } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { passwordVerdict } from "./password-verdict";

describe("passwordVerdict", () => {
  it("stays quiet on an untouched form", () => {
    const verdict = passwordVerdict("", "", false);
    expect(verdict.weakError).toBeUndefined();
    expect(verdict.mismatchError).toBeUndefined();
    expect(verdict.blocking).toBe(false);
  });

  it("shows the weak message and the per-rule list while typing a weak password", () => {
    const verdict = passwordVerdict("abc", "", false);
    expect(verdict.weakError).toBe(PASSWORD_MESSAGES.weak);
    expect(verdict.problems).toContain(PASSWORD_MESSAGES.length);
    expect(verdict.problems).toContain(PASSWORD_MESSAGES.uppercase);
    expect(verdict.blocking).toBe(true);
  });

  it("shows the mismatch message once a confirmation differs", () => {
    const verdict = passwordVerdict("Strong-Pass-2026!", "Strong-Pass-2026", false);
    expect(verdict.weakError).toBeUndefined();
    expect(verdict.mismatchError).toBe(PASSWORD_MESSAGES.mismatch);
    expect(verdict.blocking).toBe(true);
  });

  it("lets a strong, confirmed password through", () => {
    const verdict = passwordVerdict("Strong-Pass-2026!", "Strong-Pass-2026!", true);
    expect(verdict.blocking).toBe(false);
    expect(verdict.problems).toEqual([]);
  });

  it("flags an empty password after a submit attempt", () => {
    expect(passwordVerdict("", "", true).weakError).toBe(PASSWORD_MESSAGES.weak);
  });
});
