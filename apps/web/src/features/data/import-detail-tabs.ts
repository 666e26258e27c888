/** The tabs of an import's page, /dashboard/data/import/{dataImportId} (spec surveys §2; decision 0046), and its labels. */
import type { DataImport } from "@hearth/shared";

export const KIND_LABELS: Record<DataImport["kind"], string> = {
  demographics: "Employee attributes",
  feedback: "Survey answers & feedback",
};

export const STATUS_LABELS: Record<DataImport["status"], { label: string; color: string }> = {
  queued: { label: "Queued", color: "gray" },
  running: { label: "Importing", color: "blue" },
  done: { label: "Done", color: "teal" },
  failed: { label: "Failed", color: "red" },
};

export type ImportDetailTab = "data" | "sentiment" | "comments" | "thematic";

export interface ImportDetailTabInfo {
  tab: ImportDetailTab;
  label: string;
  /** The path below the import's page ("" for the Data tab, its index). */
  segment: string;
}

export const IMPORT_DETAIL_TABS: readonly ImportDetailTabInfo[] = [
  { tab: "data", label: "Data", segment: "" },
  { tab: "sentiment", label: "Sentiment & Emotion", segment: "sentiment" },
  { tab: "comments", label: "Comments", segment: "comments" },
  { tab: "thematic", label: "Thematic Analysis", segment: "thematic" },
];

export const importDetailPath = (importId: string, tab: ImportDetailTab = "data") => {
  const segment = IMPORT_DETAIL_TABS.find((info) => info.tab === tab)?.segment ?? "";
  return `/dashboard/data/import/${encodeURIComponent(importId)}${segment ? `/${segment}` : ""}`;
};

/** The tab an import page's path shows (the Data tab for the page itself). */
export function importTabFromPath(pathname: string): ImportDetailTab {
  const last = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  return IMPORT_DETAIL_TABS.find((info) => info.segment !== "" && info.segment === last)?.tab ?? "data";
}
