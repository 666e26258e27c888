import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { user } from "../db/schema.js";
import { STRONG_PASSWORD, TEST_ORIGIN, type TestApp, createTestApp, registerCompany, uniqueEmail } from "../test/harness.js";
import { AUTH_RULES_HEADER } from "./ruled-auth-paths.js";

/**
 * Issue #11 item 1: Hearth's rules in front of Better Auth must hold for every spelling of a path. The requests go
 * over a real socket, because app.inject() normalises the URL itself (light-my-request parses it) and would hide
 * exactly the spellings under test.
 */

interface RawResponse {
  status: number;
  body: string;
  json(): { error?: { code?: string; fields?: Record<string, string> }; [key: string]: unknown };
  cookie: string;
}

function rawRequest(port: number, method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}) {
  return new Promise<RawResponse>((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        method,
        path,
        headers: {
          origin: TEST_ORIGIN,
          ...(payload !== undefined ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => chunks.push(chunk));
        res.on("end", () => {
          const body = Buffer.concat(chunks).toString("utf8");
          const cookies = ([] as string[]).concat(res.headers["set-cookie"] ?? []);
          resolve({
            status: res.statusCode ?? 0,
            body,
            json: () => (body ? JSON.parse(body) : {}),
            cookie: cookies.map((cookie) => cookie.split(";")[0]).join("; "),
          });
        });
      },
    );
    req.on("error", reject);
    if (payload !== undefined) req.write(payload);
    req.end();
  });
}

/** Every spelling of `/api/auth<path>` a client might try; `sameEndpoint` marks spellings that are the canonical path. */
const SPELLINGS: { name: string; url: (path: string) => string; sameEndpoint?: boolean }[] = [
  { name: "canonical", url: (p) => `/api/auth${p}`, sameEndpoint: true },
  { name: "query string", url: (p) => `/api/auth${p}?x=1`, sameEndpoint: true },
  { name: "query string naming another path", url: (p) => `/api/auth${p}?/sign-in/social&path=/ok`, sameEndpoint: true },
  { name: "./ segment", url: (p) => `/api/auth/.${p}` },
  { name: "./ inside", url: (p) => `/api/auth${p.replace(/\/([^/]*)$/, "/./$1")}` },
  { name: "x/../ segment", url: (p) => `/api/auth/x/..${p}` },
  { name: "// after the prefix", url: (p) => `/api/auth/${p}` },
  { name: "// inside", url: (p) => `/api/auth${p.replace(/\/([^/]*)$/, "//$1")}` },
  { name: "%2e segment", url: (p) => `/api/auth/%2e${p}` },
  { name: "%2E%2E segment", url: (p) => `/api/auth/x/%2E%2E${p}` },
  { name: ".%2e segment", url: (p) => `/api/auth/x/.%2e${p}` },
  { name: "%2f for the last slash", url: (p) => `/api/auth${p.replace(/\/([^/]*)$/, "%2f$1")}` },
  { name: "%2F after the prefix", url: (p) => `/api/auth%2F${p.slice(1)}` },
  { name: "upper case", url: (p) => `/api/auth${p.toUpperCase()}` },
  { name: "one letter upper case", url: (p) => `/api/auth/${p[1].toUpperCase()}${p.slice(2)}` },
  { name: "upper-case prefix", url: (p) => `/API/AUTH${p}` },
  { name: "trailing slash", url: (p) => `/api/auth${p}/` },
  { name: "trailing /.", url: (p) => `/api/auth${p}/.` },
  { name: "; parameter", url: (p) => `/api/auth${p};x=1` },
  { name: "; parameter inside", url: (p) => `/api/auth${p.replace(/\/([^/]*)$/, ";x=1/$1")}` },
  { name: "backslash segment", url: (p) => `/api/auth/x\\..${p}` },
  { name: "backslash for the last slash", url: (p) => `/api/auth${p.replace(/\/([^/]*)$/, "\\$1")}` },
  { name: "%5c for the last slash", url: (p) => `/api/auth${p.replace(/\/([^/]*)$/, "%5c$1")}` },
  { name: "double-encoded dot", url: (p) => `/api/auth/%252e${p}` },
  {
    name: "percent-encoded letter",
    url: (p) => `/api/auth${p.replace(/\/([a-z])/, (_, c: string) => `/%${c.charCodeAt(0).toString(16)}`)}`,
  },
  { name: "fragment", url: (p) => `/api/auth${p}#x` },
];

interface Rule {
  name: string;
  path: string;
  /** Runs first, through the canonical path, so the rule is about to fire (a counter at its limit). */
  prepare?: (input: { ip: string; email: string }) => Promise<void>;
  body: (input: { email: string }) => Record<string, unknown>;
  /** A signed-in session, for rules on endpoints that need one. */
  signedIn?: boolean;
  /** For a rate limit: its fixed window, so a case that straddles a window boundary is run again. */
  windowSeconds?: number;
  /** The rule's own answer. */
  status: number;
  code: string;
}

const LIMITS = {
  RATE_LIMIT_SIGN_IN_PER_EMAIL: "2",
  RATE_LIMIT_AUTH_PER_IP: "3",
  RATE_LIMIT_SIGN_UP_PER_IP: "1",
  RATE_LIMIT_RESET_PER_EMAIL: "1",
  TRUST_PROXY: "true",
};

const signUpBody = (email: string, overrides: Record<string, unknown> = {}) => ({
  email,
  password: STRONG_PASSWORD,
  name: "Path Tester",
  firstName: "Path",
  lastName: "Tester",
  companyName: "Paths Inc",
  acceptTerms: true,
  ...overrides,
});

let ipCounter = 0;
const nextIp = () => {
  ipCounter += 1;
  return `10.${Math.floor(ipCounter / 250) + 50}.${ipCounter % 250}.7`;
};

describe("auth rules hold for every spelling of a path (issue #11 item 1)", () => {
  let testApp: TestApp;
  let captchaApp: TestApp;
  let port = 0;
  let captchaPort = 0;
  const send = (which: "plain" | "captcha", method: string, url: string, ip: string, body?: unknown, cookie?: string) =>
    rawRequest(which === "plain" ? port : captchaPort, method, url, {
      body,
      headers: { "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
    });

  beforeAll(async () => {
    testApp = await createTestApp({ env: LIMITS });
    captchaApp = await createTestApp({ env: { ...LIMITS, CAPTCHA: "on" } });
    await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    await captchaApp.app.listen({ port: 0, host: "127.0.0.1" });
    port = (testApp.app.server.address() as AddressInfo).port;
    captchaPort = (captchaApp.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    await testApp.close();
    await captchaApp.close();
  });

  const rules = (): (Rule & { app: "plain" | "captcha" })[] => [
    {
      app: "plain",
      name: "sign-in limit per address and IP (locks the pair)",
      windowSeconds: 900,
      path: "/sign-in/email",
      prepare: async ({ ip, email }) => {
        for (let i = 0; i < 2; i += 1) await send("plain", "POST", "/api/auth/sign-in/email", ip, { email, password: "Wrong-Password-1!" });
      },
      body: ({ email }) => ({ email, password: "Wrong-Password-1!" }),
      status: 429,
      code: "RATE_LIMITED",
    },
    {
      app: "captcha",
      name: "sign-in limit per address from any IP (asks for the captcha)",
      windowSeconds: 900,
      path: "/sign-in/email",
      prepare: async ({ email }) => {
        for (let i = 0; i < 2; i += 1)
          await send("captcha", "POST", "/api/auth/sign-in/email", nextIp(), { email, password: "Wrong-Password-1!" });
      },
      body: ({ email }) => ({ email, password: "Wrong-Password-1!" }),
      status: 400,
      code: "CAPTCHA_REQUIRED",
    },
    {
      app: "plain",
      name: "auth limit per IP",
      windowSeconds: 60,
      path: "/sign-in/email",
      prepare: async ({ ip }) => {
        for (let i = 0; i < 3; i += 1)
          await send("plain", "POST", "/api/auth/sign-in/email", ip, { email: uniqueEmail("spray"), password: "x" });
      },
      body: () => ({ email: uniqueEmail("spray"), password: "Wrong-Password-1!" }),
      status: 429,
      code: "RATE_LIMITED",
    },
    {
      app: "plain",
      name: "sign-up limit per IP",
      windowSeconds: 3600,
      path: "/sign-up/email",
      prepare: async ({ ip }) => {
        await send("plain", "POST", "/api/auth/sign-up/email", ip, signUpBody(uniqueEmail("first")));
      },
      body: ({ email }) => signUpBody(email),
      status: 429,
      code: "RATE_LIMITED",
    },
    {
      app: "plain",
      name: "password-reset emails per address",
      windowSeconds: 3600,
      path: "/request-password-reset",
      prepare: async ({ ip, email }) => {
        await send("plain", "POST", "/api/auth/request-password-reset", ip, { email, redirectTo: "/reset-password" });
      },
      body: ({ email }) => ({ email, redirectTo: "/reset-password" }),
      status: 429,
      code: "RATE_LIMITED",
    },
    {
      app: "plain",
      name: "verification emails per address",
      windowSeconds: 3600,
      path: "/email-otp/send-verification-otp",
      prepare: async ({ ip, email }) => {
        await send("plain", "POST", "/api/auth/email-otp/send-verification-otp", ip, { email, type: "email-verification" });
      },
      body: ({ email }) => ({ email, type: "email-verification" }),
      status: 429,
      code: "RATE_LIMITED",
    },
    {
      app: "plain",
      name: "verification-code attempts per address",
      windowSeconds: 900,
      path: "/email-otp/verify-email",
      prepare: async ({ ip, email }) => {
        for (let i = 0; i < 2; i += 1) await send("plain", "POST", "/api/auth/email-otp/verify-email", ip, { email, otp: "000000" });
      },
      body: ({ email }) => ({ email, otp: "000000" }),
      status: 429,
      code: "RATE_LIMITED",
    },
    {
      app: "plain",
      name: "password policy on sign-up",
      path: "/sign-up/email",
      body: ({ email }) => signUpBody(email, { password: "password1" }),
      status: 400,
      code: "WEAK_PASSWORD",
    },
    {
      app: "plain",
      name: "required registration fields",
      path: "/sign-up/email",
      body: ({ email }) => signUpBody(email, { companyName: undefined, firstName: undefined }),
      status: 400,
      code: "VALIDATION_FAILED",
    },
    {
      app: "plain",
      name: "password policy on reset",
      path: "/reset-password",
      body: () => ({ token: "not-a-real-token", newPassword: "short1" }),
      status: 400,
      code: "WEAK_PASSWORD",
    },
    {
      app: "plain",
      name: "password policy on change",
      path: "/change-password",
      signedIn: true,
      body: () => ({ currentPassword: STRONG_PASSWORD, newPassword: "password1" }),
      status: 400,
      code: "WEAK_PASSWORD",
    },
    {
      app: "captcha",
      name: "captcha on sign-up",
      path: "/sign-up/email",
      body: ({ email }) => signUpBody(email),
      status: 400,
      code: "CAPTCHA_REQUIRED",
    },
  ];

  it("applies every rule to every spelling, or refuses the spelling before Better Auth sees it", async () => {
    const owner = await registerCompany(testApp.app);
    const outcomes: string[] = [];
    for (const rule of rules()) {
      for (const spelling of SPELLINGS) {
        const url = spelling.url(rule.path);
        const windowOf = (time: number) => (rule.windowSeconds ? Math.floor(time / 1000 / rule.windowSeconds) : 0);
        let email = "";
        let response: RawResponse | undefined;
        // A fixed-window counter resets at its boundary: a case that straddles one says nothing, so it runs again.
        for (let run = 0; run < 3; run += 1) {
          const ip = nextIp();
          email = uniqueEmail("spelling");
          const started = Date.now();
          await rule.prepare?.({ ip, email });
          response = await send(rule.app, "POST", url, ip, rule.body({ email }), rule.signedIn ? owner.cookie : undefined);
          if (windowOf(started) === windowOf(Date.now())) break;
        }
        if (!response) throw new Error("no response");
        const label = `${rule.name} via ${spelling.name} (${url}) → ${response.status} ${response.body.slice(0, 120)}`;
        outcomes.push(label);
        if (spelling.sameEndpoint) {
          expect(response.status, label).toBe(rule.status);
          expect(response.json().error?.code, label).toBe(rule.code);
        } else {
          // Refused outright (404, or 400 for a request line Node's HTTP parser rejects), or the rule itself answered.
          expect([400, 404, rule.status], label).toContain(response.status);
          if (response.status === 400) expect(["BAD_REQUEST", rule.code, undefined], label).toContain(response.json().error?.code);
          else if (response.status !== rule.status) expect(response.json().error?.code, label).toBe("NOT_FOUND");
        }
        if (rule.path === "/sign-up/email") {
          const db = (rule.app === "plain" ? testApp : captchaApp).ctx.database.db;
          expect(await db.select({ id: user.id }).from(user).where(eq(user.email, email)), label).toEqual([]);
        }
      }
    }
    expect(outcomes.length).toBe(rules().length * SPELLINGS.length);
  }, 240_000);

  it("lets Better Auth itself refuse a guarded endpoint reached without Hearth's rules", async () => {
    const direct = (path: string, headers: Record<string, string> = {}) =>
      testApp.ctx.auth.handler(
        new Request(`http://hearth.test/api/auth${path}`, {
          method: "POST",
          headers: { origin: TEST_ORIGIN, "content-type": "application/json", ...headers },
          body: JSON.stringify(signUpBody(uniqueEmail("direct"), { password: "password1", companyName: undefined })),
        }),
      );
    expect((await direct("/sign-up/email")).status).toBe(404);
    expect((await direct("/sign-up/email", { [AUTH_RULES_HEADER]: "guess /sign-up/email" })).status).toBe(404);
    expect((await direct("/./sign-up/email")).status).toBe(404);
  });

  it("does not let a client's own rules header stand in for the rules", async () => {
    const ip = nextIp();
    const response = await send(
      "plain",
      "POST",
      "/api/auth/./sign-up/email",
      ip,
      signUpBody(uniqueEmail("forged"), { password: "password1" }),
    );
    expect(response.status).toBe(404);
    const forged = await rawRequest(port, "POST", "/api/auth/sign-up/email", {
      body: signUpBody(uniqueEmail("forged"), { password: "password1" }),
      headers: { "x-forwarded-for": nextIp(), [AUTH_RULES_HEADER]: "anything /sign-up/email" },
    });
    expect(forged.status).toBe(400);
    expect(forged.json().error?.code).toBe("WEAK_PASSWORD");
  });

  it("still serves the canonical paths Better Auth owns, rules or not", async () => {
    const email = uniqueEmail("canonical");
    const signUp = await send("plain", "POST", "/api/auth/sign-up/email", nextIp(), signUpBody(email));
    expect(signUp.status).toBe(200);
    const session = await send("plain", "GET", "/api/auth/get-session", nextIp(), undefined, signUp.cookie);
    expect(session.status).toBe(200);
    expect((session.json().user as { email?: string }).email).toBe(email);
  });
});
