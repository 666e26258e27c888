import type { VerifyResult } from "./verify-api";

/**
 * What the verification page shows of an Open Badges credential (the displayer's duties: image, name, description,
 * issuer, issued on, expired or revoked), read defensively: a credential from an uploaded file may hold anything.
 */
export interface BadgeDisplay {
  name: string;
  description: string | null;
  imageUrl: string | null;
  issuerName: string;
  issuerUrl: string | null;
  recipient: string | null;
  issuedOn: string | null;
  validFrom: string | null;
  validUntil: string | null;
  criteria: string | null;
}

const text = (value: unknown): string | null => (typeof value === "string" && value.trim() !== "" ? value : null);
const object = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const httpUrl = (value: unknown): string | null => {
  const url = text(value);
  return url && /^https?:\/\//i.test(url) ? url : null;
};

export function describeCredential(credential: Record<string, unknown>): BadgeDisplay {
  const subject = object(credential.credentialSubject);
  const achievement = object(subject.achievement);
  const issuer = typeof credential.issuer === "string" ? { id: credential.issuer } : object(credential.issuer);
  const image = object(credential.image);
  const achievementImage = object(achievement.image);
  return {
    name: text(achievement.name) ?? text(credential.name) ?? "Badge",
    description: text(achievement.description) ?? text(credential.description),
    imageUrl: httpUrl(image.id) ?? httpUrl(achievementImage.id) ?? httpUrl(credential.image),
    issuerName: text(issuer.name) ?? text(issuer.id) ?? "Unknown issuer",
    issuerUrl: httpUrl(issuer.url),
    recipient: text(subject.name),
    issuedOn: text(credential.awardedDate) ?? text(credential.validFrom),
    validFrom: text(credential.validFrom),
    validUntil: text(credential.validUntil),
    criteria: text(object(achievement.criteria).narrative),
  };
}

export type BadgeStatus = "valid" | "revoked" | "expired" | "not-yet-valid" | "invalid";

/** The one word the page leads with; revocation outranks the period, both outrank a bad signature's detail. */
export function badgeStatus(result: VerifyResult): BadgeStatus {
  if (result.verified) return "valid";
  if (result.checks.revocation.status === "revoked") return "revoked";
  if (result.checks.signature.status === "ok" && result.checks.issuer.status === "ok") {
    if (result.checks.validity.status === "expired") return "expired";
    if (result.checks.validity.status === "not-yet-valid") return "not-yet-valid";
  }
  return "invalid";
}

export const STATUS_LABELS: Record<BadgeStatus, string> = {
  valid: "Valid",
  revoked: "Revoked",
  expired: "Expired",
  "not-yet-valid": "Not yet valid",
  invalid: "Not verified",
};

export const STATUS_SENTENCES: Record<BadgeStatus, string> = {
  valid: "This badge was issued by this Hearth instance, has not been changed, is within its year and has not been revoked.",
  revoked: "This badge was revoked by its issuer and is no longer valid.",
  expired: "This badge was genuine for its year, which has ended.",
  "not-yet-valid": "This badge's year has not started yet.",
  invalid: "This badge could not be verified: it was changed, or it was not issued by this Hearth instance.",
};

/** One line per check, for the list under the verdict. */
export function checkLines(result: VerifyResult): { label: string; ok: boolean; detail: string }[] {
  const { signature, validity, revocation, issuer } = result.checks;
  return [
    {
      label: "Signature",
      ok: signature.status === "ok",
      detail:
        signature.status === "ok"
          ? "The Ed25519 signature matches the issuer's key."
          : "The signature does not match: the badge was changed.",
    },
    {
      label: "Validity period",
      ok: validity.status === "ok",
      detail:
        validity.status === "ok"
          ? "Within the certified year."
          : validity.status === "expired"
            ? "The certified year has ended."
            : validity.status === "not-yet-valid"
              ? "The certified year has not started."
              : "No readable period.",
    },
    {
      label: "Revocation",
      ok: revocation.status === "ok",
      detail:
        revocation.status === "ok"
          ? "Not revoked."
          : revocation.status === "revoked"
            ? "Revoked by the issuer."
            : "Not found in this instance's revocation list.",
    },
    {
      label: "Issuer",
      ok: issuer.status === "ok",
      detail: issuer.status === "ok" ? "Issued by this Hearth instance." : "Not issued by this Hearth instance.",
    },
  ];
}

const DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

/**
 * A credential's day as the credential states it, in UTC, and named so: "March 2, 2026 (UTC)". The page is public and
 * its reader may be anywhere; the signed document's times are UTC, so the page names that calendar instead of guessing
 * the reader's (issue 25 item 1).
 */
export function formatDay(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : `${DATE.format(date)} (UTC)`;
}

/** The credential's validity, the zone named once: "March 2, 2026 to March 2, 2027 (UTC)"; null unless both ends read. */
export function formatPeriod(fromIso: string | null, untilIso: string | null): string | null {
  const from = formatDay(fromIso);
  const until = formatDay(untilIso);
  return from && until ? `${from.replace(" (UTC)", "")} to ${until}` : null;
}
