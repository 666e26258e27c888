import { describe, expect, it } from "vitest";
import { PASSWORD_MESSAGES, describePasswordProblems, isStrongPassword, listPasswordProblems } from "./password.js";

describe("password policy", () => {
  it("accepts ten characters with upper, lower, number and special", () => {
    expect(isStrongPassword("Abcdefgh1!")).toBe(true);
    expect(listPasswordProblems("Correct-Horse-42!")).toEqual([]);
  });

  it("names every broken rule in order", () => {
    expect(listPasswordProblems("")).toEqual(["length", "uppercase", "lowercase", "number", "special"]);
    expect(listPasswordProblems("abcdefghij")).toEqual(["uppercase", "number", "special"]);
    expect(listPasswordProblems("ABCDEFGH1!")).toEqual(["lowercase"]);
    expect(listPasswordProblems("Abcdefgh1")).toEqual(["length", "special"]);
  });

  it("counts only the fixed set as special characters", () => {
    expect(isStrongPassword("Abcdefgh1 ")).toBe(false);
    expect(isStrongPassword("Abcdefgh1é")).toBe(false);
    for (const special of "!@#$%^&*()_+-=[]{};':\"\\|,.<>/?~`") expect(isStrongPassword(`Abcdefgh1${special}`)).toBe(true);
  });

  it("uses the spec's exact words", () => {
    expect(PASSWORD_MESSAGES.weak).toBe("Weak Password! Please use some strong password!");
    expect(PASSWORD_MESSAGES.mismatch).toBe("Passwords are not the same. Please ensure your passwords are the same.");
    expect(describePasswordProblems("abcdefghij")).toEqual([
      "Password must contain at least one uppercase letter!",
      "Password must contain at least one number!",
      "Password must contain at least one special character!",
    ]);
  });
});
