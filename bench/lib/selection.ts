/**
 * `npm run bench -- --only <names>`: which parts of the bench to run. Each entry of the results belongs to one part
 * (the work that measures it); naming an entry runs its part, which may measure a few more entries alongside it.
 */

export const PARTS = {
  start: ["start_cold", "start_warm"],
  http: ["sign_in", "sign_in_p95", "me", "me_p95"],
  billing: [
    "checkout",
    "checkout_p50",
    "checkout_cart_p95",
    "checkout_order_p95",
    "checkout_invoice_p95",
    "billing_page_api",
    "billing_page_api_parallel",
  ],
  badges: ["badge_png_render_p95", "badge_embed_cached"],
  data_import: ["csv_import_100k", "csv_import_peak_memory"],
  notifications: ["notification_fanout", "notification_fanout_p50"],
  credential_bomb: ["credential_bomb_refusal_ms", "credential_bomb_health_wait_ms", "credential_bomb_rss_growth_mb"],
  ingest_pglite: ["response_ingest_pglite", "response_ingest_pglite_p99"],
  ingest_postgres: ["response_ingest_postgres", "response_ingest_postgres_p99"],
  analysis_lag_pglite: ["comment_analysis_lag_s"],
  analysis_lag_postgres: ["comment_analysis_lag_s_postgres"],
  accept_pglite: ["invite_accept_100k", "invite_accept_100k_rate", "invite_accept_100k_batch_p50", "invite_accept_100k_batch_p99"],
  accept_postgres: [
    "invite_accept_100k_postgres",
    "invite_accept_100k_postgres_rate",
    "invite_accept_100k_postgres_batch_p50",
    "invite_accept_100k_postgres_batch_p99",
  ],
  delivery_pglite: ["invite_smtp_delivery"],
  delivery_postgres: ["invite_smtp_delivery_postgres"],
  reports: [
    "report_company_100k",
    "report_scaling",
    "report_company_1k_p50",
    "report_company_100k_p50",
    "key_drivers_100k",
    "key_drivers_scaling",
  ],
  analysis: ["analysis_comments"],
  survey_js: ["public_survey_js_gzip_kb"],
  web: ["web_js_login_kb", "web_js_dashboard_kb", "web_js_survey_kb"],
} as const satisfies Record<string, readonly string[]>;

export type Part = keyof typeof PARTS;
export const ALL_PARTS = Object.keys(PARTS) as Part[];

export interface Selection {
  /** False when `--only` was given: the run measures some entries and merges them into the previous results. */
  all: boolean;
  parts: Set<Part>;
}

/**
 * Reads `--only a,b c` (entry names or part names, comma- or space-separated, until the next `--` option) from the
 * command line. Unknown names are refused with the list of known ones.
 */
export function parseSelection(argv: string[]): Selection {
  const at = argv.indexOf("--only");
  if (at < 0) return { all: true, parts: new Set(ALL_PARTS) };
  const names: string[] = [];
  for (const arg of argv.slice(at + 1)) {
    if (arg.startsWith("--")) break;
    names.push(...arg.split(",").filter(Boolean));
  }
  if (names.length === 0) throw new Error("--only needs at least one entry or part name");
  const parts = new Set<Part>();
  const unknown: string[] = [];
  for (const name of names) {
    if (name in PARTS) {
      parts.add(name as Part);
      continue;
    }
    const part = ALL_PARTS.find((candidate) => (PARTS[candidate] as readonly string[]).includes(name));
    if (part) parts.add(part);
    else unknown.push(name);
  }
  if (unknown.length) {
    const known = ALL_PARTS.map((part) => `${part}: ${PARTS[part].join(", ")}`).join("\n  ");
    throw new Error(`unknown bench entry ${unknown.join(", ")}; parts and their entries:\n  ${known}`);
  }
  return { all: false, parts };
}
