import { lazy, type ReactNode } from "react";
import { Navigate, type RouteObject } from "react-router";
import { NotFoundPage } from "../errors";
import { PermissionGate } from "../shell";
import { SURVEYS_PATH, type SurveyKind } from "../surveys";
import { REPORT_TABS, type ReportTab } from "./report-tabs";

// Loaded when a report is first opened (the router's Suspense boundary shows a loader meanwhile).
const CommentsReportPage = lazy(() => import("../comments/comments-page").then((m) => ({ default: m.CommentsReportPage })));
const SentimentReportPage = lazy(() => import("../comments/sentiment-page").then((m) => ({ default: m.SentimentReportPage })));
const ThematicReportPage = lazy(() => import("../comments/thematic-page").then((m) => ({ default: m.ThematicReportPage })));
const BreakdownReportPage = lazy(() => import("./breakdown-page").then((m) => ({ default: m.BreakdownReportPage })));
const KeyDriversPage = lazy(() => import("./drivers-page").then((m) => ({ default: m.KeyDriversPage })));
const CompanyReportPage = lazy(() => import("./company-page").then((m) => ({ default: m.CompanyReportPage })));
const ReportLayout = lazy(() => import("./report-layout").then((m) => ({ default: m.ReportLayout })));
const TeamReportPage = lazy(() => import("./team-page").then((m) => ({ default: m.TeamReportPage })));

/**
 * The page of each report tab; every route of both survey kinds follows this table.
 */
export const REPORT_TAB_PAGES: Record<ReportTab, ReactNode> = {
  company: <CompanyReportPage />,
  drivers: <KeyDriversPage />,
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
