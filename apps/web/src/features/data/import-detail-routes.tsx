import { lazy } from "react";
import type { RouteObject } from "react-router";
import { NotFoundPage } from "../errors";

// Loaded when an import's page is first opened (the router's Suspense boundary shows a loader meanwhile).
const ImportDetailLayout = lazy(() => import("./import-detail-page").then((m) => ({ default: m.ImportDetailLayout })));
const ImportAnalysisTab = lazy(() => import("./import-detail-page").then((m) => ({ default: m.ImportAnalysisTab })));
const ImportDataTab = lazy(() => import("./import-data-tab").then((m) => ({ default: m.ImportDataTab })));

/** /dashboard/data/import/{dataImportId} and its tabs (decision 0046); `gate` wraps the page in its permission check. */
export function importDetailRoute(gate: (page: React.ReactNode) => React.ReactNode): RouteObject {
  return {
    path: "data/import/:dataImportId",
    handle: { title: "Import" },
    element: gate(<ImportDetailLayout />),
    children: [
      { index: true, handle: { title: "Imported data" }, element: <ImportDataTab /> },
      { path: "sentiment", handle: { title: "Sentiment & Emotion" }, element: <ImportAnalysisTab tab="sentiment" /> },
      { path: "comments", handle: { title: "Comments" }, element: <ImportAnalysisTab tab="comments" /> },
      { path: "thematic", handle: { title: "Thematic Analysis" }, element: <ImportAnalysisTab tab="thematic" /> },
      { path: "*", handle: { title: "Page not found" }, element: <NotFoundPage /> },
    ],
  };
}
