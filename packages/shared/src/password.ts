/** Password policy (spec accounts §5, §8). The same function runs in the form and on the server. */

export const PASSWORD_MIN_LENGTH = 10;
export const PASSWORD_SPECIAL_CHARACTERS = "!@#$%^&*()_+-=[]{};':\"\\|,.<>/?~`";

export const PASSWORD_MESSAGES = {
  weak: "Weak Password! Please use some strong password!",
  mismatch: "Passwords are not the same. Please ensure your passwords are the same.",
  rules:
    "Password length should be more than ten (10) characters and contain at least one uppercase letter, one special character, and one number",
  length: "Password must be at least ten (10) characters long!",
  uppercase: "Password must contain at least one uppercase letter!",
  number: "Password must contain at least one number!",
  lowercase: "Password must contain at least one lowercase letter!",
  special: "Password must contain at least one special character!",
} as const;

export type PasswordRule = "length" | "uppercase" | "lowercase" | "number" | "special";

const hasSpecial = (value: string) => [...value].some((ch) => PASSWORD_SPECIAL_CHARACTERS.includes(ch));

/** Returns the rules the password breaks, in display order; an empty list means strong. */
export function listPasswordProblems(password: string): PasswordRule[] {
  const problems: PasswordRule[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push("length");
  if (!/[A-Z]/.test(password)) problems.push("uppercase");
  if (!/[a-z]/.test(password)) problems.push("lowercase");
  if (!/[0-9]/.test(password)) problems.push("number");
  if (!hasSpecial(password)) problems.push("special");
  return problems;
}

export function isStrongPassword(password: string): boolean {
  return listPasswordProblems(password).length === 0;
}

/** The per-rule messages for the problems found, for a checklist under the field. */
export function describePasswordProblems(password: string): string[] {
  return listPasswordProblems(password).map((rule) => PASSWORD_MESSAGES[rule]);
}
