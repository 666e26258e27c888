import { describe, expect, it } from "vitest";
import { isSocialCallback, readTermsAcceptance } from "./terms-acceptance.js";

describe("terms acceptance at sign-up", () => {
  it("reads the registration checkbox of a sign-up by email", () => {
    expect(readTermsAcceptance({ path: "/sign-up/email", body: { acceptTerms: true }, oauthState: null })).toBe("accepted");
    for (const body of [{}, { acceptTerms: "true" }, { acceptTerms: 1 }, null, "acceptTerms"]) {
      expect(readTermsAcceptance({ path: "/sign-up/email", body, oauthState: null })).toBe("missing");
    }
  });

  it("reads the acceptance Google's round trip carried back in the OAuth state", () => {
    expect(
      readTermsAcceptance({ path: "/callback/google", body: undefined, oauthState: { acceptTerms: true, callbackURL: "/dashboard" } }),
    ).toBe("accepted");
    expect(readTermsAcceptance({ path: "/callback/google", body: { acceptTerms: true }, oauthState: { callbackURL: "/dashboard" } })).toBe(
      "missing",
    );
    expect(readTermsAcceptance({ path: "/callback/google", body: undefined, oauthState: null })).toBe("missing");
  });

  it("reads nothing on any other path", () => {
    expect(readTermsAcceptance({ path: "/sign-in/email", body: { acceptTerms: true }, oauthState: { acceptTerms: true } })).toBe("missing");
    expect(readTermsAcceptance({ path: undefined, body: { acceptTerms: true }, oauthState: null })).toBe("missing");
  });

  it("knows a social callback path", () => {
    expect(isSocialCallback("/callback/google")).toBe(true);
    expect(isSocialCallback("/sso/callback/acme")).toBe(false);
    expect(isSocialCallback(undefined)).toBe(false);
  });
});
