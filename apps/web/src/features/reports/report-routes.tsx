import type { ReactNode } from "react";
import { Navigate, type RouteObject } from "react-router";
import { NotFoundPage } from "../errors/not-found-page";
import { CommentsReportPage } from "../comments/comments-page";
import { SentimentReportPage } from "../comments/sentiment-page";
import { ThematicReportPage } from "../comments/thematic-page";
import { PermissionGate } from "../shell/permission-gate";
import { SURVEYS_PATH, type SurveyKind } from "../surveys/survey-paths";
import { BreakdownReportPage } from "./breakdown-page";
import { CompanyReportPage } from "./company-page";
import { ReportLayout } from "./report-layout";
import { REPORT_TABS, type ReportTab } from "./report-tabs";
import { TeamReportPage } from "./team-page";

/**
 * The page of each report tab; every route of both survey kinds follows this table.
 */
export const REPORT_TAB_PAGES: Record<ReportTab, ReactNode> = {
  company: <CompanyReportPage />,
  team: <TeamReportPage />,
  sentiment: <SentimentReportPage />,
  comments: <CommentsReportPage />,
  thematic: <ThematicReportPage />,
  breakdown: <BreakdownReportPage />,
};

const kindRoute = (kind: SurveyKind): RouteObject => ({
  path: `reports/${kind}/:surveyId`,
  handle: { title: "Report" },
  element: (
    <PermissionGate requires="report-view">
      <ReportLayout kind={kind} />
    </PermissionGate>
  ),
  children: [
    { index: true, element: <Navigate to={REPORT_TABS[kind][0]!.tab} replace /> },
    ...REPORT_TABS[kind].map((info) => ({ path: info.tab, handle: { title: info.title }, element: REPORT_TAB_PAGES[info.tab] })),
    { path: "*", handle: { title: "Page not found" }, element: <NotFoundPage /> },
  ],
});

/** /dashboard/reports/…: mounted under the dashboard routes. */
export const reportRoutes: RouteObject[] = [
  kindRoute("lowi"),
  kindRoute("other"),
  { path: "reports", element: <Navigate to={SURVEYS_PATH} replace /> },
  { path: "reports/*", handle: { title: "Page not found" }, element: <NotFoundPage /> },
];
