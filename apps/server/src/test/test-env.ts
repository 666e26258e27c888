import { type Env, loadEnv } from "../env.js";

/** The environment every test app runs with: no captcha, quiet logs, generous rate limits unless a test lowers them. */
export function testEnv(overrides: Record<string, string | undefined> = {}): Env {
  return loadEnv({
    NODE_ENV: "test",
    APP_URL: "http://hearth.test",
    AUTH_SECRET: "test-secret-that-is-at-least-thirty-two-characters-long",
    CAPTCHA: "off",
    LOG_LEVEL: "silent",
    DATA_DIR: "memory://",
    SUPPORT_EMAIL: "support@hearth.test",
    RATE_LIMIT_SIGN_IN_PER_EMAIL: "1000",
    RATE_LIMIT_AUTH_PER_IP: "10000",
    RATE_LIMIT_SIGN_UP_PER_IP: "10000",
    RATE_LIMIT_RESET_PER_EMAIL: "1000",
    RATE_LIMIT_RESPONSE_PER_IP: "100000",
    ...overrides,
  });
}
