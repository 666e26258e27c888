import type { Auth } from "./auth/auth.js";
import type { CaptchaVerifier } from "./auth/captcha.js";
import type { DatabaseHandle } from "./db/client.js";
import type { Env } from "./env.js";
import type { JobQueue } from "./jobs/queue.js";
import type { RateLimiter } from "./lib/rate-limit.js";
import type { EmailService } from "./modules/email/email.service.js";

/** Everything a route or service may need, built once per process in app.ts. */
export interface AppContext {
  env: Env;
  database: DatabaseHandle;
  jobs: JobQueue;
  email: EmailService;
  auth: Auth;
  captcha: CaptchaVerifier;
  rateLimiter: RateLimiter;
}
