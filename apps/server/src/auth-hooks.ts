/**
 * The slices' side of Better Auth's set-up (auth/auth.ts's AuthHooks): its emails are rendered and queued by the email
 * slice, a sign-up's company is stored by the company slice, and a Staff seat is checked by billing's licences. This
 * file belongs to the composition root beside app.ts, which hands it to createAuth: the platform imports no slice.
 */
import type { AuthHooks } from "./auth/auth.js";
import type { Database } from "./db/client.js";
import { assertStaffSeatFor } from "./modules/billing/licences.service.js";
import { claimTenantOwnership, insertTenant } from "./modules/company/company.repo.js";
import type { EmailService } from "./modules/email/email.service.js";
import { renderEmailChangeEmail, renderPasswordResetEmail, renderVerificationEmail } from "./modules/email/email.templates.js";
import { renderSignUpAttemptEmail } from "./modules/email/sign-up-attempt-email.js";

export function authHooks(db: Database, email: EmailService): AuthHooks {
  return {
    async sendPasswordReset(to, input) {
      await email.queue({ ...renderPasswordResetEmail(input), to, kind: "password-reset" });
    },
    async sendEmailChange(to, input) {
      await email.queue({ ...renderEmailChangeEmail(input), to, kind: "email-change" });
    },
    async sendVerificationCode(to, input) {
      await email.queue({ ...renderVerificationEmail(input), to, kind: "email-verification" });
    },
    async sendSignUpAttempt(to, input) {
      await email.queue({ ...renderSignUpAttemptEmail(input), to, kind: "sign-up-attempt" });
    },
    createCompany: (companyName) => insertTenant(db, { companyName, plan: "Free" }),
    claimCompanyOwnership: (tenantId, userId) => claimTenantOwnership(db, tenantId, userId),
    assertStaffSeat: (tenantId, emailAddress) => assertStaffSeatFor(db, tenantId, emailAddress),
  };
}
