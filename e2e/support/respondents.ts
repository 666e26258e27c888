import { type APIRequestContext, request } from "playwright-core";
import { inject } from "vitest";

let networks = 0;

/**
 * A respondent who is nobody else (decision 0052): no session, no respondent cookie, and a network of their own. The
 * e2e server trusts X-Forwarded-For (TRUST_PROXY, as behind a load balancer), so each answer names a different /48;
 * answers posted from a signed-in Admin's browser would not count toward the survey's thresholds.
 */
/** The header that puts a browser or request on a network of its own (the e2e server trusts X-Forwarded-For). */
export function ownNetwork(): Record<string, string> {
  networks += 1;
  return { "x-forwarded-for": `fd00:${(process.pid & 0xffff).toString(16)}:${networks.toString(16)}::1` };
}

export async function answerAsSomeoneElse(body: { surveyId: string; data: Record<string, string>; r?: string | null }): Promise<void> {
  const baseURL = inject("baseUrl");
  networks += 1;
  // IPv6, so every worker process and every answer gets its own /48.
  const address = `fd00:${(process.pid & 0xffff).toString(16)}:${networks.toString(16)}::1`;
  // The respondent's cookie (decision 0052) makes its next answer need the app's Origin, as a browser sends it (0057).
  const respondent: APIRequestContext = await request.newContext({
    baseURL,
    extraHTTPHeaders: { "x-forwarded-for": address, origin: new URL(baseURL).origin },
  });
  try {
    const answered = await respondent.post("/api/response", { data: body });
    if (answered.status() !== 200) throw new Error(`POST /api/response answered ${answered.status()}: ${await answered.text()}`);
  } finally {
    await respondent.dispose();
  }
}
