/**
 * The server's slices (apps/server/src/modules/*) in floors, read by .dependency-cruiser.cjs (the rules) and by
 * lint-deps.mjs (which also fails on an exception that is no longer needed). docs/architecture.md draws them.
 */

/**
 * The server's slices in floors, lowest first. A slice may import slices on its own floor or below; an arrow from a
 * lower floor up to a higher one is a back-up arrow. Those that remain are listed in BACK_UP_ARROWS with the reason.
 */
const FLOORS = [
  // records every slice reads: the company (tenant), accounts, email rendering and sending, uploads, the activity log
  ["account", "activity-log", "company", "email", "health", "internal", "sso", "support", "tutorials", "uploads"],
  // notices to a company's people, raised by most slices
  ["notifications"],
  // the payment provider's adapter
  ["stripe"],
  // plans, deals and licences: what a company may do
  ["billing"],
  // what a plan includes and the company asks for: CRM events, the order form, upgrades, data requests, sending
  ["crm", "data-requests", "legal", "plans", "senders"],
  // surveys and their responses, then what is computed from them
  ["surveys"],
  ["reports"],
  ["comments"],
  ["team"],
  // certification on top of reports, badges on top of certification
  ["certifications"],
  ["credentials"],
  ["badges"],
  // buying: orders issue badges, the cart checks out into an order
  ["orders"],
  ["cart"],
  // pages that read many slices
  ["amplification", "dashboard", "data", "invitations", "labelling", "me", "operator", "public-profile"],
  // action plans: what a company does about its results; they read the reports, make check-in surveys and schedule
  // their invitations (decision 0079)
  ["action-plans"],
];

/** Back-up arrows that remain, as [from slice, to slice, reason]. */
const BACK_UP_ARROWS = [
  ["company", "notifications", "saving a complete profile resolves the 'complete your profile' prompt in the same call"],
  ["notifications", "surveys", "the threshold-reached and invitations-failed sweep reads survey response counts"],
  ["stripe", "orders", "the Stripe webhook applies a payment to its order; checkout sends the order's lines to Stripe"],
  ["crm", "cart", "the abandoned-cart scan reads open carts for the CRM update"],
  ["surveys", "reports", "the survey CSV export reads responses through the published-responses plan (anonymity)"],
  ["surveys", "comments", "a stored response wakes the comment analysis job"],
  ["reports", "comments", "the company report's PDF and CSV exports carry the comment reports"],
  ["comments", "team", "saved comment filters are checked against the member's assigned cohorts"],
];

module.exports = { FLOORS, BACK_UP_ARROWS };
