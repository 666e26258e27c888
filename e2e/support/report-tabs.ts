/** Every tab of both report kinds, with a selector that shows the tab's content has loaded. */
export const REPORT_TAB_CASES: { kind: "lowi" | "other"; tab: string; ready: string }[] = [
  { kind: "lowi", tab: "company", ready: '[data-testid="company-report"]' },
  { kind: "lowi", tab: "team", ready: '[data-testid="team-overall-row"], [data-testid="report-hidden-notice"]' },
  { kind: "lowi", tab: "sentiment", ready: '[data-testid="sentiment-chart"], [data-testid="report-hidden-notice"]' },
  { kind: "lowi", tab: "comments", ready: '[data-testid="comments-count"], [data-testid="comments-empty"]' },
  { kind: "lowi", tab: "thematic", ready: '[data-testid="thematic-theme"], [data-testid="thematic-empty"]' },
  { kind: "lowi", tab: "breakdown", ready: '[data-testid="breakdown-question"], [data-testid="report-hidden-notice"]' },
  { kind: "other", tab: "team", ready: '[data-testid="team-cohort"]' },
  { kind: "other", tab: "sentiment", ready: '[data-testid="sentiment-chart"], [data-testid="report-hidden-notice"]' },
  { kind: "other", tab: "comments", ready: '[data-testid="comments-count"], [data-testid="comments-empty"]' },
  { kind: "other", tab: "thematic", ready: '[data-testid="thematic-theme"], [data-testid="thematic-empty"]' },
  { kind: "other", tab: "breakdown", ready: '[data-testid="breakdown-question"], [data-testid="report-hidden-notice"]' },
];
