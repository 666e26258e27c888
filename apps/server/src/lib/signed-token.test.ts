import { describe, expect, it } from "vitest";
import { TokenSigner } from "./signed-token.js";

describe("signed tokens", () => {
  const signer = new TokenSigner("a-secret-that-is-long-enough-for-tests", "survey-link");

  it("round-trips a payload", () => {
    const token = signer.sign({ surveyId: "abc", inviteeId: "42", email: "a@b.co" });
    expect(signer.verify(token)).toEqual({ surveyId: "abc", inviteeId: "42", email: "a@b.co" });
  });

  it("refuses a changed payload, a changed signature, another purpose and junk", () => {
    const token = signer.sign({ surveyId: "abc" });
    const [body, signature] = token.split(".");
    const forgedBody = Buffer.from(JSON.stringify({ surveyId: "xyz" })).toString("base64url");
    expect(signer.verify(`${forgedBody}.${signature}`)).toBeNull();
    expect(signer.verify(`${body}.${signature.slice(1)}A`)).toBeNull();
    expect(new TokenSigner("a-secret-that-is-long-enough-for-tests", "other").verify(token)).toBeNull();
    for (const junk of ["", "x", "x.y.z", "...", undefined, null]) expect(signer.verify(junk)).toBeNull();
  });
});
