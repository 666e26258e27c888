import { DEFAULT_TIME_ZONE, type Feature, hasFeature, type MeResponse, resolveTimeZone, type SurveyActionRights } from "@hearth/shared";
import { canAccess, useMe } from "../auth/session";
import { useCompanyProfile } from "../company-profile/company-api";

/** Features as the shared rule sees them: the plan plus the list /api/me sends (which already includes the company's own grants). */
export function meHasFeature(me: MeResponse, feature: Feature): boolean {
  const internal = me.user.isInternalAccount;
  return hasFeature(
    { isInternalAccount: internal, internalVisibility: internal },
    { plan: me.tenant.effectivePlan, features: me.tenant.features },
    feature,
  );
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
  if (!allowed) return { timeZone: DEFAULT_TIME_ZONE, ready: Boolean(me) };
  return { timeZone: resolveTimeZone(profile.data?.timeZone), ready: !profile.isPending };
}

/** The signed-in user with everything the survey screens ask of them. */
export function useSurveyAccess() {
  const me = useMe().data;
  const { timeZone, ready } = useCompanyTimeZone(me ?? undefined);
  return { me, timeZone, ready, rights: me ? surveyRights(me) : null };
}
