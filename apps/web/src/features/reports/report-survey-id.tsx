import { createContext, type ReactNode, useContext } from "react";
import { useParams } from "react-router";

const ReportSurveyIdContext = createContext<string | null>(null);

/**
 * Gives report pages the survey they show when its id is not in the address: an import's pages live at
 * /dashboard/data/import/{dataImportId} and show the survey that holds its answers (decision 0046).
 */
export function ReportSurveyIdProvider({ surveyId, children }: { surveyId: string; children: ReactNode }) {
  return <ReportSurveyIdContext.Provider value={surveyId}>{children}</ReportSurveyIdContext.Provider>;
}

/** The survey a report page shows: the one a provider names, else the route's `:surveyId`. */
export function useReportSurveyId(): string {
  const given = useContext(ReportSurveyIdContext);
  const { surveyId = "" } = useParams();
  return given ?? surveyId;
}
