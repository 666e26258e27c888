import { describePasswordProblems, PASSWORD_MESSAGES } from "@hearth/shared";

/** Live verdict on a new password and its confirmation, from the shared password rules. */
export function passwordVerdict(password: string, confirmation: string, submitted: boolean) {
  const problems = describePasswordProblems(password);
  const showWeak = problems.length > 0 && (password.length > 0 || submitted);
  const showMismatch = (confirmation.length > 0 || submitted) && password.length > 0 && confirmation !== password;
  return {
    problems,
    weakError: showWeak ? PASSWORD_MESSAGES.weak : undefined,
    mismatchError: showMismatch ? PASSWORD_MESSAGES.mismatch : undefined,
    /** Submit stays disabled while either error shows. */
    blocking: showWeak || showMismatch,
  };
}
