import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

const booleanText = z
  .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
  .transform((value) => ["true", "1", "yes", "on"].includes(value));

/**
 * Which proxies to believe about the client's address (X-Forwarded-For). `true` means the one proxy in front of the
 * app (the load balancer): the address it appended, never an entry the client wrote before it. A number is that
 * many proxies in a row; a comma-separated list names the proxies' addresses or CIDR ranges. Trusting every hop
 * (Fastify's `true`) would let any client choose its own address, and with it the rate limits and the network rule
 * of decision 0052, so it is not offered.
 */
const trustProxyText = z
  .string()
  .trim()
  .transform((value, context): false | number | string => {
    const lower = value.toLowerCase();
    if (["false", "0", "no", "off", ""].includes(lower)) return false;
    if (["true", "yes", "on"].includes(lower)) return 1;
    if (/^[1-9]\d?$/.test(lower)) return Number(lower);
    const parts = value.split(",").map((part) => part.trim());
    if (parts.every((part) => /^[0-9a-f:.]+(\/\d{1,3})?$/i.test(part) && /[.:]/.test(part))) return parts.join(",");
    context.addIssue({
      code: "custom",
      message: "TRUST_PROXY must be true, false, a number of proxies, or a comma-separated list of proxy addresses or CIDR ranges",
    });
    return z.NEVER;
  });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "test", "production"]).default("development"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default("0.0.0.0"),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().startsWith("postgres").optional(),
  DATA_DIR: z.string().default(".data"),
  AUTH_SECRET: z.string().min(32).optional(),
  /**
   * The Ed25519 seed that signs badge credentials (docs/decisions/0037): 64 hexadecimal characters (32 bytes, e.g.
   * `openssl rand -hex 32`). Outside production a missing one is generated once into DATA_DIR.
   */
  BADGE_SIGNING_KEY: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, "must be 64 hexadecimal characters, a 32-byte Ed25519 seed (openssl rand -hex 32)")
    .optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().default("Hearth <no-reply@hearth.test>"),
  SUPPORT_EMAIL: z.email().default("support@hearth.test"),
  CAPTCHA: z.enum(["on", "off"]).default("on"),
  /** Production refuses CAPTCHA=off unless this says the operator means it (decision 0024). */
  ALLOW_PRODUCTION_WITHOUT_CAPTCHA: booleanText.default(false),
  RECAPTCHA_SITE_KEY: z.string().optional(),
  RECAPTCHA_SECRET: z.string().optional(),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  SEED_DEMO: booleanText.optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** "pretty": one readable line per record and per request; "json": pino's JSON. Default: json in production only. */
  LOG_FORMAT: z.enum(["pretty", "json"]).optional(),
  TRUST_PROXY: trustProxyText.default(false),
  WEB_DIST: z.string().optional(),
  RATE_LIMIT_SIGN_IN_PER_EMAIL: z.coerce.number().int().min(1).default(10),
  RATE_LIMIT_AUTH_PER_IP: z.coerce.number().int().min(1).default(60),
  RATE_LIMIT_SIGN_UP_PER_IP: z.coerce.number().int().min(1).default(20),
  RATE_LIMIT_RESET_PER_EMAIL: z.coerce.number().int().min(1).default(5),
  RATE_LIMIT_RESPONSE_PER_IP: z.coerce.number().int().min(1).default(120),
  /** Responses from one network prefix count toward a survey's thresholds once per this many minutes (decision 0052). */
  RESPONSE_NETWORK_WINDOW_MINUTES: z.coerce.number().int().min(1).max(1440).default(10),
  /** Badge images per minute per address (GET /api/certifications/embed, docs/decisions/0036). */
  RATE_LIMIT_BADGE_EMBED_PER_IP: z.coerce.number().int().min(1).default(600),
  /** Seconds a worker may hold an invitation email before another may send it (its job is then taken as dead). */
  INVITE_SEND_LEASE_SECONDS: z.coerce.number().int().min(2).max(3600).default(120),
  /** Invitation emails one worker sends side by side (SMTP connections are pooled, 5 at most). */
  INVITE_SEND_CONCURRENCY: z.coerce.number().int().min(1).max(100).default(10),
  /** How often the job queue looks for jobs whose worker died (and retries them) and cleans up old jobs; with an import's 20 s lease a killed import runs again within a minute (issue 23 L2). */
  JOB_MAINTENANCE_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** An OpenAI-compatible endpoint for comment analysis (all three set: the LLM analyses comments; else the local analyzer). */
  LLM_BASE_URL: z.url().optional(),
  LLM_API_KEY: z.string().optional(),
  LLM_MODEL: z.string().optional(),
  LLM_TIMEOUT_MS: z.coerce.number().int().min(100).max(600_000).optional(),
  LLM_BATCH_SIZE: z.coerce.number().int().min(1).max(200).optional(),
  /** The A.I. Hub labelers' dashboard card links to (decision 0050); unset, the card is not shown. */
  AI_HUB_URL: z.url({ protocol: /^https?$/, message: "AI_HUB_URL must be an http(s) URL" }).optional(),
  /**
   * A third-party support form (spec accounts §2: the Need Help modal "backed by a third-party support form loaded
   * on demand"): set, Need Help shows this page in the modal, loaded only when the modal opens; unset, Hearth's own
   * form (decision 0071).
   */
  SUPPORT_FORM_URL: z.url({ protocol: /^https?$/, message: "SUPPORT_FORM_URL must be an http(s) URL" }).optional(),
  /** A HubSpot private-app token: CRM events go to HubSpot; without it they stay in the CRM outbox (decision 0030). */
  HUBSPOT_TOKEN: z.string().min(1).optional(),
  /** HubSpot's API root (tests point it at a local server). */
  HUBSPOT_API_URL: z.url().default("https://api.hubapi.com"),
  /** Stripe's secret (or restricted) API key: both Stripe variables set, checkout opens a Stripe payment (decision 0033). */
  STRIPE_SECRET_KEY: z
    .string()
    .regex(/^(sk|rk)_(test|live)_\S+$/, "must be a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)")
    .optional(),
  /** The signing secret of Stripe's webhook endpoint for POST /api/stripe/webhook. */
  STRIPE_WEBHOOK_SECRET: z
    .string()
    .regex(/^whsec_\S+$/, "must be a webhook signing secret (whsec_…)")
    .optional(),
  /**
   * The seller printed on invoices and order forms (decision 0060); the operator console can override each one. Unset,
   * documents say the operator has not set the seller's details. `\n` in a value starts a new line.
   */
  SELLER_NAME: z.string().trim().max(200).optional(),
  SELLER_ADDRESS: z.string().trim().max(500).optional(),
  SELLER_TAX_ID: z.string().trim().max(64).optional(),
  SELLER_REMITTANCE: z.string().trim().max(1000).optional(),
  /** An S3-compatible store for uploaded files (all four set; else files stay under DATA_DIR/uploads; decision 0042). */
  S3_ENDPOINT: z.url().optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_REGION: z.string().min(1).default("us-east-1"),
  /** The largest file one upload may carry, in bytes (100 MB). */
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(1024 * 1024 * 1024)
    .default(100 * 1024 * 1024),
});

export type RawEnv = z.infer<typeof envSchema>;

export interface Env extends RawEnv {
  APP_URL: string;
  AUTH_SECRET: string;
  SEED_DEMO: boolean;
  isProduction: boolean;
  databaseKind: "pglite" | "postgres";
}

/** Reads and validates the environment once. A bad variable stops the process with a readable list. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ""));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${lines.join("\n")}`);
  }
  const raw = parsed.data;
  const isProduction = raw.NODE_ENV === "production";
  const problems = [...stripeRefusals(raw), ...s3Refusals(raw), ...(isProduction ? productionRefusals(raw) : [])];
  if (problems.length > 0) throw new Error(`Invalid environment:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  return {
    ...raw,
    APP_URL: raw.APP_URL ?? `http://localhost:${raw.PORT}`,
    AUTH_SECRET: raw.AUTH_SECRET ?? readOrCreateLocalSecret(raw.DATA_DIR),
    SEED_DEMO: raw.SEED_DEMO ?? (!isProduction && !raw.DATABASE_URL),
    isProduction,
    databaseKind: raw.DATABASE_URL ? "postgres" : "pglite",
  };
}

/**
 * What production refuses to start with: the development conveniences (the mail outbox viewer, the demo company,
 * no captcha) must not be reachable there, and a missing secret would be a new one on every start.
 */
function productionRefusals(raw: RawEnv): string[] {
  const problems: string[] = [];
  if (!raw.AUTH_SECRET) problems.push("AUTH_SECRET: required in production");
  if (!raw.BADGE_SIGNING_KEY) {
    problems.push(
      "BADGE_SIGNING_KEY: required in production. It signs every badge credential; a key lost with a data directory would leave issued badges unverifiable. Set it to 64 hexadecimal characters, e.g. $(openssl rand -hex 32), and keep it",
    );
  }
  if (!raw.SMTP_URL) {
    problems.push(
      "SMTP_URL: required in production. Without it Hearth would keep every email (reset links, verification codes, survey links) in the development outbox instead of sending it; set SMTP_URL to your mail server, e.g. smtp://user:password@smtp.example.com:587",
    );
  }
  if (raw.SEED_DEMO === true) problems.push("SEED_DEMO: the demo company is never seeded in production; remove SEED_DEMO");
  if (raw.CAPTCHA === "off" && !raw.ALLOW_PRODUCTION_WITHOUT_CAPTCHA) {
    problems.push(
      "CAPTCHA: off is refused in production (registration and repeated sign-in failures rely on it); remove CAPTCHA=off, or set ALLOW_PRODUCTION_WITHOUT_CAPTCHA=true if you really mean it",
    );
  }
  return problems;
}

/** Stripe is used with both of its variables or neither: one alone would take payments it cannot confirm, or none. */
function stripeRefusals(raw: RawEnv): string[] {
  if (Boolean(raw.STRIPE_SECRET_KEY) === Boolean(raw.STRIPE_WEBHOOK_SECRET)) return [];
  const [set, missing] = raw.STRIPE_SECRET_KEY
    ? ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"]
    : ["STRIPE_WEBHOOK_SECRET", "STRIPE_SECRET_KEY"];
  return [
    `${missing}: required when ${set} is set. Stripe needs both: the secret key to open payments and the webhook signing secret to learn they were paid; set both, or neither to run without Stripe`,
  ];
}

const S3_VARIABLES = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;

/** The S3 store is used with its four variables or none: a partial set would quietly keep files on the local disk. */
function s3Refusals(raw: RawEnv): string[] {
  const set = S3_VARIABLES.filter((name) => Boolean(raw[name]));
  if (set.length === 0 || set.length === S3_VARIABLES.length) return [];
  const missing = S3_VARIABLES.filter((name) => !raw[name]);
  return [
    `${missing.join(", ")}: required when ${set.join(", ")} ${set.length === 1 ? "is" : "are"} set; set all four S3 variables, or none to keep uploads under DATA_DIR`,
  ];
}

/** Outside production a missing AUTH_SECRET is generated once and kept beside the embedded data, so restarts keep sessions. */
function readOrCreateLocalSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString("hex");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
