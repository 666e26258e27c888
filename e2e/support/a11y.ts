/**
 * axe-core in the e2e suite (issue #11 item 13). Every page a test opens through `openBrowser` is checked: after each
 * `page.goto`, `page.reload` and `page.waitForURL` (the calls tests make to land on a page, including client-side
 * navigations), once the page has settled. Critical and serious violations fail the call that reached the page, with
 * the rule, the URL and the elements at fault. `checkA11y` checks a state reached without a navigation (an open
 * dialog, the wizard).
 */
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve("axe-core/axe.min.js"), "utf8");

/** The impacts that fail a test. Moderate and minor findings are not counted. */
const FAILING_IMPACTS = new Set(["critical", "serious"]);

interface AxeNode {
  target: string[];
  failureSummary?: string;
  html: string;
}
interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: AxeNode[];
}

export class AccessibilityError extends Error {}

const installed = new WeakSet<Page>();
const paused = new WeakSet<Page>();

/** Waits until the page's DOM has been quiet for `quietMs` (at most `maxMs`) and no Mantine transition is running. */
async function settle(page: Page, quietMs = 300, maxMs = 4_000): Promise<void> {
  await page.waitForLoadState("load").catch(() => undefined);
  await page
    .evaluate(
      ([quiet, max]) =>
        new Promise<void>((resolve) => {
          const started = performance.now();
          let last = performance.now();
          const observer = new MutationObserver(() => {
            last = performance.now();
          });
          observer.observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
          const tick = () => {
            const now = performance.now();
            const busy = document.querySelector('[role="status"][aria-busy="true"], .mantine-Loader-root, [data-loading="true"]');
            if ((now - last >= quiet && !busy) || now - started >= max) {
              observer.disconnect();
              resolve();
            } else setTimeout(tick, 50);
          };
          setTimeout(tick, 50);
        }),
      [quietMs, maxMs] as const,
    )
    .catch(() => undefined);
  // Let CSS transitions (dialogs fading in) finish: colour contrast is measured on the final colours.
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((animation) => animation.playState !== "running" || animation.effect?.getTiming().iterations === Number.POSITIVE_INFINITY),
      undefined,
      {
        timeout: 2_000,
      },
    )
    .catch(() => undefined);
}

function describe(violations: AxeViolation[], url: string, label: string): string {
  const lines = [`axe: ${violations.length} critical/serious accessibility violation(s) on ${label || url} (${url})`];
  for (const violation of violations) {
    lines.push(`- ${violation.id} [${violation.impact}] ${violation.help}`);
    for (const node of violation.nodes.slice(0, 5)) {
      lines.push(`    ${node.target.join(" ")}: ${(node.failureSummary ?? "").replaceAll("\n", " ")}`);
      lines.push(`      ${node.html.slice(0, 200)}`);
    }
  }
  return lines.join("\n");
}

/** The critical and serious violations axe finds on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      const hasAxe = await page.evaluate(() => typeof (window as unknown as { axe?: unknown }).axe === "object");
      if (!hasAxe) await page.evaluate(AXE_SOURCE);
      const violations = await page.evaluate(async () => {
        const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }).axe;
        const result = await axe.run(document, { resultTypes: ["violations"] });
        return result.violations as AxeViolation[];
      });
      return violations.filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ""));
    } catch (error) {
      // The page navigated while axe ran (a redirect after load): settle and run again on the new page.
      const message = error instanceof Error ? error.message : String(error);
      if (attempt >= 2 || !/Execution context was destroyed|navigation|Target closed/i.test(message)) throw error;
      await settle(page);
    }
  }
}

/** Fails with every critical or serious violation on the page as it is now. `label` names the state in the message. */
export async function checkA11y(page: Page, label = ""): Promise<void> {
  if (page.isClosed()) return;
  await settle(page);
  const violations = await axeViolations(page);
  if (violations.length > 0) throw new AccessibilityError(describe(violations, page.url(), label));
}

/** Runs `action` without the automatic checks (for a step that leaves the page in a state of its own on purpose). */
export async function withoutA11y<T>(page: Page, action: () => Promise<T>): Promise<T> {
  paused.add(page);
  try {
    return await action();
  } finally {
    paused.delete(page);
  }
}

/**
 * Wraps the page's navigation calls so each lands on a checked page. A navigation that fails (a timeout, a refused
 * request) throws as before; the check runs only after it succeeded.
 */
export function installA11yChecks(page: Page): void {
  if (installed.has(page)) return;
  installed.add(page);
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const waitForURL = page.waitForURL.bind(page);
  const after = async <T>(result: T): Promise<T> => {
    if (!paused.has(page)) await checkA11y(page);
    return result;
  };
  page.goto = async (...args: Parameters<Page["goto"]>) => after(await goto(...args));
  page.reload = async (...args: Parameters<Page["reload"]>) => after(await reload(...args));
  page.waitForURL = async (...args: Parameters<Page["waitForURL"]>) => after(await waitForURL(...args));
}
