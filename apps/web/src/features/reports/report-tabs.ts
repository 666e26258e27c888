/** The report routes and their tabs (spec surveys §2 Reports). */
import type { SurveyKind } from "../surveys";

export const REPORTS_PATH = "/dashboard/reports";

export type ReportTab = "company" | "drivers" | "team" | "sentiment" | "comments" | "thematic" | "breakdown";

export interface ReportTabInfo {
  tab: ReportTab;
  label: string;
  /** The page title (breadcrumb and document title). */
  title: string;
  /** Whether the tab's page reads the cohort filters (the team page breaks down by one cohort instead). */
  filtered: boolean;
}

const TAB_INFO: Record<ReportTab, ReportTabInfo> = {
  company: { tab: "company", label: "Company", title: "Company report", filtered: true },
  drivers: { tab: "drivers", label: "Key drivers", title: "Key drivers", filtered: true },
  team: { tab: "team", label: "Team", title: "Team report", filtered: false },
  sentiment: { tab: "sentiment", label: "Sentiment & Emotion", title: "Sentiment & Emotion", filtered: true },
  comments: { tab: "comments", label: "Comments", title: "Comments", filtered: true },
  thematic: { tab: "thematic", label: "Thematic Analysis", title: "Thematic Analysis", filtered: true },
  breakdown: { tab: "breakdown", label: "Breakdown", title: "Breakdown", filtered: true },
};

/**
 * LOWI surveys have every tab; other surveys have the same set minus Company (spec surveys §2): their Team heatmap scores
 * their five-point questions (decision 0073).
 */
export const REPORT_TABS: Record<SurveyKind, ReportTabInfo[]> = {
  lowi: (["company", "drivers", "team", "sentiment", "comments", "thematic", "breakdown"] as const).map((tab) => TAB_INFO[tab]),
  other: (["team", "sentiment", "comments", "thematic", "breakdown"] as const).map((tab) => TAB_INFO[tab]),
};

export const reportBasePath = (kind: SurveyKind, surveyId: string) => `${REPORTS_PATH}/${kind}/${encodeURIComponent(surveyId)}`;

export const reportTabPath = (kind: SurveyKind, surveyId: string, tab: ReportTab) => `${reportBasePath(kind, surveyId)}/${tab}`;

/** The tab a report path shows, when it is one of the kind's tabs. */
export function tabFromPath(pathname: string, kind: SurveyKind): ReportTabInfo | null {
  const last = pathname.replace(/\/+$/, "").split("/").pop() ?? "";
  return REPORT_TABS[kind].find((info) => info.tab === last) ?? null;
}
