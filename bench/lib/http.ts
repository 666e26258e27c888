import http from "node:http";

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface HttpRequest {
  url: string;
  method?: "GET" | "POST" | "PUT";
  headers?: Record<string, string>;
  body?: string;
  agent?: http.Agent | false;
  timeoutMs?: number;
  /** Keep the response body (otherwise it is read and dropped). */
  keepBody?: boolean;
}

/** One HTTP/1.1 request with node:http, the same client for the server under test and for the baselines. */
export function request({ url, method = "GET", headers = {}, body, agent = false, timeoutMs = 10_000, keepBody = false }: HttpRequest) {
  return new Promise<HttpResult>((resolve, reject) => {
    const target = new URL(url);
    const finalHeaders: Record<string, string | number> = { ...headers };
    if (body !== undefined) finalHeaders["content-length"] = Buffer.byteLength(body);
    const req = http.request(
      { host: target.hostname, port: target.port, path: target.pathname + target.search, method, headers: finalHeaders, agent },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (chunk: Buffer) => {
          if (keepBody) chunks.push(chunk);
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString("utf8") }));
        res.on("error", reject);
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error(`timeout after ${timeoutMs} ms: ${method} ${url}`)));
    req.on("error", reject);
    req.end(body);
  });
}

/** A keep-alive pool with one socket per concurrent worker, as a load balancer or browser pool would hold. */
export const keepAliveAgent = (sockets: number) => new http.Agent({ keepAlive: true, maxSockets: sockets, maxFreeSockets: sockets });

/** The demo company's Admin, whom the benchmarks sign in as. */
export const DEMO_EMAIL = "admin@demo.hearth.test";
export const DEMO_PASSWORD = "Demo-Password-2026!";

/** POST /api/auth/sign-in/email as a demo user (the Admin unless told), with the app's origin as a browser sends it. */
export function signInDemo(url: string, agent: HttpRequest["agent"], email = DEMO_EMAIL) {
  return request({
    url: `${url}/api/auth/sign-in/email`,
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
    agent,
    keepBody: true,
  });
}

/** The Cookie header that carries the session a sign-in answer set. */
export function sessionCookie(response: HttpResult): string {
  return (response.headers["set-cookie"] ?? []).map((line) => line.split(";")[0]).join("; ");
}
