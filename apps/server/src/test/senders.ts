/**
 * Test set-up for senders (docs/decisions/0056), through the product's own paths: an address verified with the code
 * the sign-up emailed, and a company's daily sending allowance set by an operator through the console's endpoint.
 */
import { randomUUID } from "node:crypto";
import { createInternalUser } from "../modules/internal/internal-users.service.js";
import { type Session, type TestApp, call, signIn } from "./harness.js";
import { latestEmailTo } from "./outbox.js";

/** Verifies a registered user's address with the 6-digit code from their sign-up email. */
export async function verifyAddress(testApp: TestApp, session: Pick<Session, "cookie" | "email">): Promise<void> {
  const message = await latestEmailTo(testApp.ctx.database.db, session.email);
  const otp = /\b(\d{6})\b/.exec(message.text)?.[1];
  if (!otp) throw new Error(`no verification code in the email to ${session.email}`);
  const response = await call(testApp.app, "POST", "/api/auth/email-otp/verify-email", {
    cookie: session.cookie,
    body: { email: session.email, otp },
  });
  if (response.statusCode !== 200) throw new Error(`verification failed: ${response.statusCode} ${response.body}`);
}

const operators = new WeakMap<TestApp, Promise<string>>();

/** A signed-in internal account of the test app (one per app), for the operator console's endpoints. */
export function operatorCookie(testApp: TestApp): Promise<string> {
  let cookie = operators.get(testApp);
  if (!cookie) {
    const email = `ops-${randomUUID().slice(0, 8)}@hearth.example`;
    cookie = createInternalUser(testApp.ctx.database.db, { email, password: "Operator-Pass-1!", firstName: "Opal", lastName: "Ops" }).then(
      () => signIn(testApp.app, email, "Operator-Pass-1!"),
    );
    operators.set(testApp, cookie);
  }
  return cookie;
}

/** An operator sets a company's daily sending allowance (what a test that sends more than a new company may needs). */
export async function setSendingAllowance(testApp: TestApp, tenantId: string, dailyLimit: number | null): Promise<void> {
  const response = await call(testApp.app, "PUT", `/api/admin/companies/${tenantId}/sending-allowance`, {
    cookie: await operatorCookie(testApp),
    body: { dailyLimit, reason: "test set-up" },
  });
  if (response.statusCode !== 200) throw new Error(`setting the allowance failed: ${response.statusCode} ${response.body}`);
}
