import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, api } from "./api";

function answer(status: number, body: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

describe("api", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("sends JSON with cookies and returns the parsed body", async () => {
    const fetchMock = answer(200, { ok: true });
    vi.stubGlobal("fetch", fetchMock);
    await expect(api("/api/thing", { body: { a: 1 } })).resolves.toEqual({ ok: true });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(init.method).toBe("POST");
    expect(init.credentials).toBe("include");
    expect(init.body).toBe('{"a":1}');
  });

  it("reads the app's error shape with fields", async () => {
    vi.stubGlobal(
      "fetch",
      answer(400, {
        error: { code: "VALIDATION", message: "Check the form", fields: { phone: "Enter a valid phone number" } },
      }),
    );
    const error = await api<never>("/api/company/profile", { method: "PUT", body: {} }).catch((failure: ApiError) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: "VALIDATION", message: "Check the form" });
    expect(error.fields).toEqual({ phone: "Enter a valid phone number" });
  });

  it("reads Better Auth's top-level code and message", async () => {
    vi.stubGlobal("fetch", answer(422, { code: "USER_ALREADY_EXISTS", message: "User already exists" }));
    const error = await api("/api/auth/sign-up/email", { body: {} }).catch((failure: ApiError) => failure);
    expect(error).toMatchObject({ status: 422, code: "USER_ALREADY_EXISTS", message: "User already exists" });
  });

  it("turns a network failure into a readable error", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("fetch failed");
      }),
    );
    const error = await api("/api/me").catch((failure: ApiError) => failure);
    expect(error).toMatchObject({ status: 0, code: "NETWORK_ERROR" });
  });
});
