import { OB_V3_CONTEXT, VC_V2_CONTEXT } from "./contexts.js";
import { createDocumentLoader } from "./document-loader.js";
import { CREDENTIAL_PATH, type Issuer, ISSUER_NAME, issuerDocument, STATUS_LIST_PATH, verificationMethodDocument } from "./issuer.js";
import { decodeStatusList, encodeStatusList, statusBit } from "./status-list.js";

/**
 * Open Badges 3.0 OpenBadgeCredentials (W3C VC 2.0) for issued certifications and awards, signed with the
 * instance's Ed25519 key as an `eddsa-rdfc-2022` Data Integrity proof, and their verification (docs/decisions/0037).
 */

export type Credential = Record<string, unknown>;

export interface BadgeCredentialInput {
  /** issued_badge.id: the credential's id is {APP_URL}/api/credentials/{id}. */
  issuedBadgeId: string;
  tenantId: string;
  companyName: string;
  badgeId: string;
  badgeName: string;
  type: "certification" | "award";
  year: number;
  issuedAt: Date;
  statusIndex: number;
  description: string;
  criteriaNarrative: string;
  /** The badge image URL (the embed endpoint). */
  imageUrl: string;
}

export const credentialUrl = (appUrl: string, issuedBadgeId: string) => `${appUrl}${CREDENTIAL_PATH}/${issuedBadgeId}`;
export const statusListUrl = (appUrl: string) => `${appUrl}${STATUS_LIST_PATH}`;

/** The certified calendar year in UTC: its first and last second. */
export function yearBounds(year: number): { validFrom: string; validUntil: string } {
  return { validFrom: `${year}-01-01T00:00:00Z`, validUntil: `${year}-12-31T23:59:59Z` };
}

export function buildBadgeCredential(issuer: Issuer, input: BadgeCredentialInput): Credential {
  const listUrl = statusListUrl(issuer.appUrl);
  const image = { id: input.imageUrl, type: "Image", caption: `${input.badgeName} ${input.year}` };
  return {
    "@context": [VC_V2_CONTEXT, OB_V3_CONTEXT],
    id: credentialUrl(issuer.appUrl, input.issuedBadgeId),
    type: ["VerifiableCredential", "OpenBadgeCredential"],
    name: `${input.badgeName} ${input.year}: ${input.companyName}`,
    description: input.description,
    image,
    issuer: { id: issuer.id, type: ["Profile"], name: ISSUER_NAME, url: issuer.appUrl },
    ...yearBounds(input.year),
    awardedDate: input.issuedAt.toISOString(),
    credentialSubject: {
      id: `urn:uuid:${input.tenantId}`,
      type: ["AchievementSubject"],
      name: input.companyName,
      achievement: {
        id: `${issuer.appUrl}${CREDENTIAL_PATH}/achievements/${input.badgeId}`,
        type: ["Achievement"],
        achievementType: input.type === "certification" ? "Certification" : "Award",
        name: `${input.badgeName} ${input.year}`,
        description: input.description,
        criteria: { narrative: input.criteriaNarrative },
        image,
        creator: { id: issuer.id, type: ["Profile"], name: ISSUER_NAME },
      },
    },
    credentialStatus: {
      id: `${listUrl}#${input.statusIndex}`,
      type: "BitstringStatusListEntry",
      statusPurpose: "revocation",
      statusListIndex: String(input.statusIndex),
      statusListCredential: listUrl,
    },
  };
}

/** Documents of this instance the loader resolves in process: the issuer, its key and (when given) its status list. */
export function instanceDocuments(issuer: Issuer, statusList?: () => Promise<Credential>) {
  return async (url: string): Promise<unknown | undefined> => {
    if (url === issuer.id) return issuerDocument(issuer);
    if (url === issuer.keyId) return verificationMethodDocument(issuer);
    if (statusList && url === statusListUrl(issuer.appUrl)) return statusList();
    return undefined;
  };
}

/**
 * The signing and verifying libraries (@digitalbazaar/vc with jsonld, the Data Integrity proof and its eddsa-rdfc-2022
 * cryptosuite), loaded on their first use rather than at the server's start: about a megabyte of code that most
 * starts never run (docs/benchmarks.md, "start_warm and the credentials' libraries").
 */
let proofLibraries:
  | Promise<{
      DataIntegrityProof: typeof import("@digitalbazaar/data-integrity").DataIntegrityProof;
      eddsaRdfc2022: typeof import("@digitalbazaar/eddsa-rdfc-2022-cryptosuite").cryptosuite;
      vc: typeof import("@digitalbazaar/vc");
    }>
  | undefined;
const loadProofLibraries = () =>
  (proofLibraries ??= Promise.all([
    import("@digitalbazaar/data-integrity"),
    import("@digitalbazaar/eddsa-rdfc-2022-cryptosuite"),
    import("@digitalbazaar/vc"),
  ]).then(([dataIntegrity, eddsa, vc]) => ({
    DataIntegrityProof: dataIntegrity.DataIntegrityProof,
    eddsaRdfc2022: eddsa.cryptosuite,
    vc,
  })));

export async function signCredential(issuer: Issuer, credential: Credential, now = new Date()): Promise<Credential> {
  const { DataIntegrityProof, eddsaRdfc2022, vc } = await loadProofLibraries();
  const suite = new DataIntegrityProof({ signer: issuer.keyPair.signer(), cryptosuite: eddsaRdfc2022, date: now });
  return vc.issue({ credential: structuredClone(credential), suite, documentLoader: createDocumentLoader(instanceDocuments(issuer)) });
}

/** The status list credential: revoked badges' bits set, signed like the badges. */
export async function signStatusList(issuer: Issuer, revoked: Iterable<number>, now = new Date()): Promise<Credential> {
  const url = statusListUrl(issuer.appUrl);
  const credential: Credential = {
    "@context": [VC_V2_CONTEXT],
    id: url,
    type: ["VerifiableCredential", "BitstringStatusListCredential"],
    issuer: issuer.id,
    validFrom: now.toISOString().replace(/\.\d{3}Z$/, "Z"),
    credentialSubject: {
      id: `${url}#list`,
      type: "BitstringStatusList",
      statusPurpose: "revocation",
      encodedList: encodeStatusList(revoked),
    },
  };
  return signCredential(issuer, credential, now);
}

export type CheckOutcome = "ok" | "failed" | "expired" | "not-yet-valid" | "revoked" | "unknown";

export interface VerificationResult {
  verified: boolean;
  checks: {
    /** The eddsa-rdfc-2022 proof verifies with the issuer's key. */
    signature: { status: "ok" | "failed"; message?: string };
    /** validFrom ≤ now ≤ validUntil. */
    validity: { status: "ok" | "expired" | "not-yet-valid" | "failed"; validFrom?: string; validUntil?: string };
    /** The badge's bit in the instance's signed status list. */
    revocation: { status: "ok" | "revoked" | "unknown"; message?: string };
    /** The credential names this instance as its issuer. */
    issuer: { status: "ok" | "failed"; id?: string; message?: string };
  };
}

const messageOf = (error: unknown): string => {
  if (!error) return "Verification failed";
  if (error instanceof Error) {
    const nested = (error as Error & { errors?: unknown[] }).errors;
    if (Array.isArray(nested) && nested.length > 0) return messageOf(nested[0]);
    return error.message;
  }
  return String(error);
};

const record = (value: unknown): Record<string, unknown> | null =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : null;

/** Verifies a credential's Data Integrity proof with @digitalbazaar/vc, the local loader only, at `at`. */
async function verifyProof(issuer: Issuer, credential: Credential, at: Date, statusList?: () => Promise<Credential>) {
  const { DataIntegrityProof, eddsaRdfc2022, vc } = await loadProofLibraries();
  const suite = new DataIntegrityProof({ cryptosuite: eddsaRdfc2022 });
  const result = await vc.verifyCredential({
    credential,
    suite,
    documentLoader: createDocumentLoader(instanceDocuments(issuer, statusList)),
    now: at,
    // The revocation bit is its own check below; the proof check answers for the signature alone.
    checkStatus: async () => ({ verified: true }),
  });
  return result.verified ? null : messageOf(result.error ?? result.results?.[0]?.error);
}

/**
 * Every check of a badge credential: signature, validity period, revocation (through the signed status list,
 * itself verified) and issuer. `statusList` answers this instance's current status list credential.
 */
export async function verifyBadgeCredential(
  issuer: Issuer,
  credential: Credential,
  statusList: () => Promise<Credential>,
  now = new Date(),
): Promise<VerificationResult> {
  const validFrom = typeof credential.validFrom === "string" ? credential.validFrom : undefined;
  const validUntil = typeof credential.validUntil === "string" ? credential.validUntil : undefined;
  const from = validFrom ? new Date(validFrom) : null;
  const until = validUntil ? new Date(validUntil) : null;

  // The period is a check of its own, so the proof is checked at a moment inside it.
  let proofTime = now;
  if (from && !Number.isNaN(from.getTime()) && now < from) proofTime = from;
  if (until && !Number.isNaN(until.getTime()) && now > until) proofTime = until;
  let signatureError: string | null;
  try {
    signatureError = await verifyProof(issuer, credential, proofTime);
  } catch (error) {
    signatureError = messageOf(error);
  }

  const validity: VerificationResult["checks"]["validity"] =
    !from || !until || Number.isNaN(from.getTime()) || Number.isNaN(until.getTime())
      ? { status: "failed", validFrom, validUntil }
      : now < from
        ? { status: "not-yet-valid", validFrom, validUntil }
        : now > until
          ? { status: "expired", validFrom, validUntil }
          : { status: "ok", validFrom, validUntil };

  const issuerId = typeof credential.issuer === "string" ? credential.issuer : record(credential.issuer)?.id;
  const issuerCheck: VerificationResult["checks"]["issuer"] =
    issuerId === issuer.id
      ? { status: "ok", id: issuerId }
      : { status: "failed", id: typeof issuerId === "string" ? issuerId : undefined, message: "Not issued by this Hearth instance" };

  const revocation = await checkRevocation(issuer, credential, statusList);
  const checks = {
    signature: signatureError ? { status: "failed" as const, message: signatureError } : { status: "ok" as const },
    validity,
    revocation,
    issuer: issuerCheck,
  };
  return {
    verified: checks.signature.status === "ok" && validity.status === "ok" && revocation.status === "ok" && issuerCheck.status === "ok",
    checks,
  };
}

async function checkRevocation(
  issuer: Issuer,
  credential: Credential,
  statusList: () => Promise<Credential>,
): Promise<VerificationResult["checks"]["revocation"]> {
  const entry = record(credential.credentialStatus);
  const index = Number(entry?.statusListIndex);
  if (
    entry?.type !== "BitstringStatusListEntry" ||
    entry.statusPurpose !== "revocation" ||
    entry.statusListCredential !== statusListUrl(issuer.appUrl) ||
    !Number.isInteger(index)
  ) {
    return { status: "unknown", message: "No revocation entry in this instance's status list" };
  }
  try {
    const list = await statusList();
    const listError = await verifyProof(issuer, list, new Date());
    if (listError) return { status: "unknown", message: `The status list does not verify: ${listError}` };
    const encoded = record(list.credentialSubject)?.encodedList;
    if (typeof encoded !== "string") return { status: "unknown", message: "The status list has no encoded list" };
    return statusBit(decodeStatusList(encoded), index) ? { status: "revoked" } : { status: "ok" };
  } catch (error) {
    return { status: "unknown", message: messageOf(error) };
  }
}
