import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Compact signed tokens (payload.signature, both base64url) for links that carry data a server must trust later,
 * such as the personal survey link `/s/{surveyId}?r=…`. The signing key is derived per purpose from AUTH_SECRET.
 */
export class TokenSigner {
  private readonly key: Buffer;

  constructor(secret: string, purpose: string) {
    this.key = createHmac("sha256", secret).update(`hearth-token:${purpose}`).digest();
  }

  sign(payload: object): string {
    const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
    return `${body}.${this.signature(body)}`;
  }

  /** The payload when the signature holds, otherwise null. */
  verify<T>(token: string | undefined | null): T | null {
    if (!token || token.length > 8192) return null;
    const [body, signature, extra] = token.split(".");
    if (!body || !signature || extra !== undefined) return null;
    const expected = Buffer.from(this.signature(body));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      return JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as T;
    } catch {
      return null;
    }
  }

  private signature(body: string): string {
    return createHmac("sha256", this.key).update(body).digest("base64url");
  }
}
