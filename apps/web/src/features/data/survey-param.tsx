import { type ReactNode, useContext, useMemo } from "react";
import { UNSAFE_RouteContext as RouteContext } from "react-router";

/**
 * Renders report pages (which read `:surveyId` from the route) for a survey whose id is not in the address: the
 * pages of an import live at /dashboard/data/import/{dataImportId}. The current route's match is given the survey id
 * as one more parameter; the route itself — its id, path and address bar — stays the same, so the pages' links and
 * filters (search parameters) work as on their own routes.
 */
export function WithSurveyParam({ surveyId, children }: { surveyId: string; children: ReactNode }) {
  const route = useContext(RouteContext);
  const value = useMemo(() => {
    const last = route.matches[route.matches.length - 1];
    if (!last) return route;
    return { ...route, matches: [...route.matches.slice(0, -1), { ...last, params: { ...last.params, surveyId } }] };
  }, [route, surveyId]);
  return <RouteContext.Provider value={value}>{children}</RouteContext.Provider>;
}
