import { createHash } from "node:crypto";
import { createChallenge, randomInt } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/pbkdf2";
import { verify as verifyAltcha } from "altcha-lib/frameworks/shared";
import { sql } from "drizzle-orm";
import { type Database, rowsOf } from "../db/client.js";

export type CaptchaProvider = "altcha" | "recaptcha" | "off";

export interface CaptchaOptions {
  mode: "on" | "off";
  secret: string;
  recaptchaSiteKey?: string;
  recaptchaSecret?: string;
}

const CHALLENGE_LIFETIME_MS = 10 * 60 * 1000;

/**
 * The registration captcha. By default a self-hosted ALTCHA proof of work (no third party sees the visitor);
 * Google reCAPTCHA when its keys are configured; nothing when CAPTCHA=off (tests).
 */
export class CaptchaVerifier {
  readonly provider: CaptchaProvider;
  private readonly hmacSecret: string;
  private readonly hmacKeySecret: string;

  constructor(
    private readonly db: Database,
    private readonly options: CaptchaOptions,
  ) {
    if (options.mode === "off") this.provider = "off";
    else if (options.recaptchaSiteKey && options.recaptchaSecret) this.provider = "recaptcha";
    else this.provider = "altcha";
    this.hmacSecret = createHash("sha256").update(`altcha:${options.secret}`).digest("hex");
    this.hmacKeySecret = createHash("sha256").update(`altcha-key:${options.secret}`).digest("hex");
  }

  get siteKey(): string | undefined {
    return this.provider === "recaptcha" ? this.options.recaptchaSiteKey : undefined;
  }

  async createChallenge(): Promise<unknown> {
    return createChallenge({
      algorithm: "PBKDF2/SHA-256",
      cost: 1_000,
      counter: randomInt(2_000, 6_000),
      deriveKey,
      hmacSignatureSecret: this.hmacSecret,
      hmacKeySignatureSecret: this.hmacKeySecret,
      expiresAt: new Date(Date.now() + CHALLENGE_LIFETIME_MS),
    });
  }

  /** True when the token proves a solved, unexpired, unused challenge. */
  async verify(token: string | undefined, remoteIp?: string): Promise<boolean> {
    if (this.provider === "off") return true;
    if (!token) return false;
    if (this.provider === "recaptcha") return this.verifyRecaptcha(token, remoteIp);
    const store = {
      get: async () => undefined,
      set: async () => undefined,
      setIfAbsent: (key: string) => this.rememberSolution(key),
    };
    try {
      const outcome = await verifyAltcha(token, deriveKey, this.hmacSecret, this.hmacKeySecret, store);
      return !outcome.error && Boolean(outcome.verification?.verified);
    } catch {
      return false;
    }
  }

  private async rememberSolution(key: string): Promise<boolean> {
    const expiresAt = new Date(Date.now() + CHALLENGE_LIFETIME_MS * 2).toISOString();
    const result = await this.db.execute(
      sql`insert into captcha_solution (key, expires_at) values (${key}, ${expiresAt}) on conflict (key) do nothing returning key`,
    );
    if (Math.random() < 0.02) {
      await this.db.execute(sql`delete from captcha_solution where expires_at < now()`).catch(() => undefined);
    }
    return rowsOf(result).length === 1;
  }

  private async verifyRecaptcha(token: string, remoteIp?: string): Promise<boolean> {
    const body = new URLSearchParams({ secret: this.options.recaptchaSecret ?? "", response: token });
    if (remoteIp) body.set("remoteip", remoteIp);
    try {
      const response = await fetch("https://www.google.com/recaptcha/api/siteverify", {
        method: "POST",
        body,
        signal: AbortSignal.timeout(5_000),
      });
      const result = (await response.json()) as { success?: boolean };
      return result.success === true;
    } catch {
      return false;
    }
  }
}
