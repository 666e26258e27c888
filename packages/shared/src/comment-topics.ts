/**
 * The topics a comment can be filed under: one list for the analyzer (packages/analysis `TOPICS`), the contracts and
 * the web. It imports nothing, so the analysis worker thread can load it without the rest of the shared package.
 */
export const COMMENT_TOPICS = [
  "Management",
  "Leadership",
  "Compensation",
  "Benefits",
  "Work-Life Balance",
  "Career Growth",
  "Culture",
  "Teamwork",
  "Communication",
  "Workload",
  "Recognition",
  "Tools & Resources",
  "Remote Work",
  "Diversity & Inclusion",
  "Training",
  "Facilities",
  "General",
] as const;
