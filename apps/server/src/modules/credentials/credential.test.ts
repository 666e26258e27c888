/**
 * Signing and verifying badge credentials with @digitalbazaar/vc and the local loader only (docs/decisions/0037):
 * the proof, the period, the status list, the issuer; and the loader never reaches the network.
 */
import http from "node:http";
import https from "node:https";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BUNDLED_CONTEXTS, OB_V3_CONTEXT, VC_V2_CONTEXT } from "./contexts.js";
import {
  type BadgeCredentialInput,
  buildBadgeCredential,
  type Credential,
  signCredential,
  signStatusList,
  verifyBadgeCredential,
} from "./credential.js";
import { awardCriteriaNarrative, CERTIFICATION_CRITERIA_NARRATIVE } from "./criteria.js";
import { createDocumentLoader, UnknownDocumentError } from "./document-loader.js";
import { type Issuer, loadIssuer } from "./issuer.js";
import { decodeStatusList, encodeStatusList, STATUS_LIST_BITS, statusBit } from "./status-list.js";

const INPUT: BadgeCredentialInput = {
  issuedBadgeId: "6f1d8a8e-3a55-4d8e-9f31-0c6c1f2a9b10",
  tenantId: "0c8e5f8e-0b7c-4b45-9d1a-8d8f3a6b2c11",
  companyName: "Kiln Collective",
  badgeId: "certification-2026",
  badgeName: "Hearth Certified Workplace",
  type: "certification",
  year: 2026,
  issuedAt: new Date("2026-03-02T10:00:00Z"),
  statusIndex: 5,
  description: "Awarded by Hearth.",
  criteriaNarrative: CERTIFICATION_CRITERIA_NARRATIVE,
  imageUrl: "http://hearth.test/api/certifications/embed?id=x&certification=Hearth+Certified+Workplace&year=2026",
};
const IN_YEAR = new Date("2026-06-01T00:00:00Z");

describe("badge credentials", () => {
  let issuer: Issuer;
  let signed: Credential;
  let revoked: number[] = [];
  const statusList = () => signStatusList(issuer, revoked);

  beforeAll(async () => {
    issuer = await loadIssuer({ APP_URL: "http://hearth.test/", DATA_DIR: "memory://", BADGE_SIGNING_KEY: "1f".repeat(32) });
    signed = await signCredential(issuer, buildBadgeCredential(issuer, INPUT), new Date("2026-03-02T10:00:00Z"));
  });
  afterEach(() => {
    revoked = [];
    vi.restoreAllMocks();
  });

  it("is an OpenBadgeCredential for the calendar year, subject the company, signed eddsa-rdfc-2022", () => {
    expect(signed["@context"]).toEqual([VC_V2_CONTEXT, OB_V3_CONTEXT]);
    expect(signed).toMatchObject({
      id: `http://hearth.test/api/credentials/${INPUT.issuedBadgeId}`,
      type: ["VerifiableCredential", "OpenBadgeCredential"],
      issuer: { id: "http://hearth.test/api/credentials/issuer", type: ["Profile"], name: "Hearth" },
      validFrom: "2026-01-01T00:00:00Z",
      validUntil: "2026-12-31T23:59:59Z",
      credentialSubject: {
        id: `urn:uuid:${INPUT.tenantId}`,
        type: ["AchievementSubject"],
        name: "Kiln Collective",
        achievement: { type: ["Achievement"], achievementType: "Certification", criteria: { narrative: CERTIFICATION_CRITERIA_NARRATIVE } },
      },
      credentialStatus: {
        type: "BitstringStatusListEntry",
        statusPurpose: "revocation",
        statusListIndex: "5",
        statusListCredential: "http://hearth.test/api/credentials/status/1",
      },
      proof: {
        type: "DataIntegrityProof",
        cryptosuite: "eddsa-rdfc-2022",
        verificationMethod: "http://hearth.test/api/credentials/issuer#key-1",
      },
    });
    expect(CERTIFICATION_CRITERIA_NARRATIVE).toMatch(/one third of its employees .* up to 3,000 employees, or at least 1,000 responses/);
    // The index by its name in the spec (issue 25 item 2).
    expect(CERTIFICATION_CRITERIA_NARRATIVE).toContain("Love of Workplace Index™ (LOWI)");
    expect(awardCriteriaNarrative("Respect")).toContain("Love of Workplace Index™ (LOWI)");
    expect(`${CERTIFICATION_CRITERIA_NARRATIVE} ${awardCriteriaNarrative("Respect")}`).not.toMatch(/Love of Work Index/);
    expect(CERTIFICATION_CRITERIA_NARRATIVE).toMatch(/70%/);
  });

  it("verifies inside its year", async () => {
    const result = await verifyBadgeCredential(issuer, signed, statusList, IN_YEAR);
    expect(result).toEqual({
      verified: true,
      checks: {
        signature: { status: "ok" },
        validity: { status: "ok", validFrom: "2026-01-01T00:00:00Z", validUntil: "2026-12-31T23:59:59Z" },
        revocation: { status: "ok" },
        issuer: { status: "ok", id: issuer.id },
      },
    });
  });

  it("says expired after its year and not yet valid before it, the signature still good", async () => {
    const after = await verifyBadgeCredential(issuer, signed, statusList, new Date("2027-01-01T00:00:01Z"));
    expect(after.verified).toBe(false);
    expect(after.checks.validity.status).toBe("expired");
    expect(after.checks.signature.status).toBe("ok");
    const before = await verifyBadgeCredential(issuer, signed, statusList, new Date("2025-12-31T23:59:59Z"));
    expect(before.checks.validity.status).toBe("not-yet-valid");
    expect(before.verified).toBe(false);
  });

  it("fails once revoked (its bit set in the signed status list), and once a claim is changed", async () => {
    revoked = [4, 5];
    const result = await verifyBadgeCredential(issuer, signed, statusList, IN_YEAR);
    expect(result.checks.revocation.status).toBe("revoked");
    expect(result.verified).toBe(false);
    revoked = [];
    const changed = structuredClone(signed) as Credential & { credentialSubject: { name: string } };
    changed.credentialSubject.name = "Someone Else";
    const tampered = await verifyBadgeCredential(issuer, changed, statusList, IN_YEAR);
    expect(tampered.checks.signature.status).toBe("failed");
    expect(tampered.verified).toBe(false);
  });

  it("refuses another key and another issuer, and a status list that is not its own", async () => {
    const otherIssuer = await loadIssuer({ APP_URL: "http://hearth.test", DATA_DIR: "memory://", BADGE_SIGNING_KEY: "2e".repeat(32) });
    const forged = await signCredential(otherIssuer, buildBadgeCredential(otherIssuer, INPUT));
    const result = await verifyBadgeCredential(issuer, forged, statusList, IN_YEAR);
    expect(result.checks.signature.status).toBe("failed");
    expect(result.verified).toBe(false);
    const elsewhere = await loadIssuer({ APP_URL: "https://elsewhere.example", DATA_DIR: "memory://", BADGE_SIGNING_KEY: "1f".repeat(32) });
    const foreign = await signCredential(elsewhere, buildBadgeCredential(elsewhere, INPUT));
    const answer = await verifyBadgeCredential(issuer, foreign, statusList, IN_YEAR);
    expect(answer.checks.issuer.status).toBe("failed");
    expect(answer.checks.signature.status).toBe("failed");
    expect(answer.checks.revocation.status).toBe("unknown");
    const forgedList = () => signStatusList(otherIssuer, []);
    expect((await verifyBadgeCredential(issuer, signed, forgedList, IN_YEAR)).checks.revocation.status).toBe("unknown");
  });

  it("never touches the network: every context is bundled and an unknown URL throws", async () => {
    const fetchSpy = vi.spyOn(globalThis, "fetch").mockRejectedValue(new Error("network used"));
    const httpSpy = vi.spyOn(http, "request");
    const httpsSpy = vi.spyOn(https, "request");
    const httpGetSpy = vi.spyOn(http, "get");
    const httpsGetSpy = vi.spyOn(https, "get");
    const again = await signCredential(issuer, buildBadgeCredential(issuer, INPUT));
    expect((await verifyBadgeCredential(issuer, again, statusList, IN_YEAR)).verified).toBe(true);
    const loader = createDocumentLoader();
    await expect(loader("https://example.com/context.jsonld")).rejects.toBeInstanceOf(UnknownDocumentError);
    await expect(loader("https://www.w3.org/ns/did/v1")).rejects.toThrow(/never fetches over the network/);
    expect((await loader(VC_V2_CONTEXT)).document).toEqual(BUNDLED_CONTEXTS.get(VC_V2_CONTEXT));
    for (const url of [
      VC_V2_CONTEXT,
      OB_V3_CONTEXT,
      "https://w3id.org/security/data-integrity/v2",
      "https://w3id.org/security/multikey/v1",
      "https://www.w3.org/ns/credentials/status/v1",
    ]) {
      expect(BUNDLED_CONTEXTS.has(url)).toBe(true);
    }
    // a credential naming a context that is not bundled fails to verify instead of fetching it
    const unknownContext = { ...again, "@context": [VC_V2_CONTEXT, "https://example.com/extra/v1"] };
    const result = await verifyBadgeCredential(issuer, unknownContext, statusList, IN_YEAR);
    expect(result.checks.signature).toMatchObject({ status: "failed" });
    for (const spy of [fetchSpy, httpSpy, httpsSpy, httpGetSpy, httpsGetSpy]) expect(spy).not.toHaveBeenCalled();
  });
});

describe("bitstring status list", () => {
  it("sets the bits of the revoked indexes, most significant bit first, in a 131,072-bit list", () => {
    const list = decodeStatusList(encodeStatusList([0, 9, STATUS_LIST_BITS - 1]));
    expect(list.length * 8).toBe(STATUS_LIST_BITS);
    expect(list[0]).toBe(0x80);
    expect(list[1]).toBe(0x40);
    expect([0, 9, STATUS_LIST_BITS - 1].map((index) => statusBit(list, index))).toEqual([true, true, true]);
    expect(statusBit(list, 1)).toBe(false);
    expect(encodeStatusList([])).toMatch(/^u[A-Za-z0-9_-]+$/);
    expect(() => encodeStatusList([STATUS_LIST_BITS])).toThrow(RangeError);
    expect(() => decodeStatusList("zabc")).toThrow(/multibase/);
  });
});
