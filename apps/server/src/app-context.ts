import type { Auth } from "./auth/auth.js";
import type { CaptchaVerifier } from "./auth/captcha.js";
import type { DatabaseHandle } from "./db/client.js";
import type { Env } from "./env.js";
import type { JobQueue } from "./jobs/queue.js";
import type { TenantSwitchAccess } from "./lib/actor.js";
import type { RateLimiter } from "./lib/rate-limit.js";
import type { FileStorage } from "./lib/storage/file-storage.js";
import type { EmailService } from "./modules/email/email.service.js";
import type { StripePayments } from "./modules/stripe/stripe.client.js";

/** Everything a route or service may need, built once per process in app.ts. */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  jobs: JobQueue;
  email: EmailService;
  auth: Auth;
  captcha: CaptchaVerifier;
  rateLimiter: RateLimiter;
  /** Stripe, when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set (decision 0033); null runs without it. */
  stripe: StripePayments | null;
  /** Uploaded files: the data directory, or an S3-compatible store when S3_* is set (decision 0042). */
  storage: FileStorage;
  /** The operator console's tenant switch, as lib/actor.ts and lib/route.ts read it (decision 0048). */
  tenantSwitches: TenantSwitchAccess;
}
