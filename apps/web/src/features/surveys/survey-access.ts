import { DEFAULT_TIME_ZONE, type Feature, type MeResponse, resolveTimeZone, type SurveyActionRights } from "@hearth/shared";
import { canAccess, useMe } from "../auth";
import { useCompanyProfile } from "../company-profile";

/**
 * Features as the server computed them for this user (/api/me): the plan, the company's own grants and, on an
 * internal account, its visibility toggle (User or Gold), which only the server knows.
 */
export function meHasFeature(me: MeResponse, feature: Feature): boolean {
  return me.tenant.features.includes(feature);
}

export function surveyRights(me: MeResponse): SurveyActionRights {
  return {
    canView: canAccess(me, "report-view"),
    canEdit: canAccess(me, "survey-edit"),
    canExport: canAccess(me, "data-export"),
    isInternalAccount: me.user.isInternalAccount,
  };
}

/** The company's time zone (from its profile when the user may read it), else Eastern. */
export function useCompanyTimeZone(me: MeResponse | undefined): { timeZone: string; ready: boolean } {
  const allowed = Boolean(me && canAccess(me, "company-profile"));
  const profile = useCompanyProfile(allowed);
  // Every role reads the company's zone (from /api/me), so Staff and Admins see the same day; an Admin's profile,
  // when loaded, is the fresher copy (it changes there).
  const fromMe = me?.tenant.timeZone ?? DEFAULT_TIME_ZONE;
  if (!allowed) return { timeZone: fromMe, ready: Boolean(me) };
  return { timeZone: profile.data ? resolveTimeZone(profile.data.timeZone) : fromMe, ready: Boolean(me) };
}

/** The signed-in user with everything the survey screens ask of them. */
export function useSurveyAccess() {
  const me = useMe().data;
  const { timeZone, ready } = useCompanyTimeZone(me ?? undefined);
  return { me, timeZone, ready, rights: me ? surveyRights(me) : null };
}
