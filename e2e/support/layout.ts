/** Layout checks for phone-sized pages (issue #11 item 19): nothing wider than the viewport, no word broken across lines. */
import type { Page } from "playwright-core";

/** The page's scroll width next to the viewport's width: a page that scrolls sideways has `scrollWidth > innerWidth`. */
export async function pageWidths(page: Page): Promise<{ scrollWidth: number; innerWidth: number }> {
  return page.evaluate(() => ({ scrollWidth: document.scrollingElement?.scrollWidth ?? 0, innerWidth: window.innerWidth }));
}

/**
 * Every visible word (letters only, 4 or more) that the browser laid out across two lines, i.e. broken mid-word
 * ("Collaborat-" / "ion"), with the text it sits in. Text inside `skip` (e.g. a URL field) is not looked at.
 */
export async function brokenWords(page: Page, root = "body", skip = "input, textarea, code, pre"): Promise<string[]> {
  return page.evaluate(
    ([rootSelector, skipSelector]) => {
      const found: string[] = [];
      const scope = document.querySelector(rootSelector);
      if (!scope) return found;
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest(skipSelector) || parent.closest("[aria-hidden='true'], svg")) continue;
        const style = getComputedStyle(parent);
        if (style.visibility === "hidden" || style.display === "none" || parent.getClientRects().length === 0) continue;
        const text = node.textContent ?? "";
        for (const match of text.matchAll(/\p{L}{4,}/gu)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const tops = new Set([...range.getClientRects()].filter((rect) => rect.width > 0).map((rect) => Math.round(rect.top)));
          if (tops.size > 1) found.push(`${match[0]} (in "${text.trim().slice(0, 60)}")`);
        }
      }
      // SVG labels are drawn line by line (<tspan>): a line that ends in a hyphen inside a word is a broken word.
      for (const line of scope.querySelectorAll("svg text, svg tspan")) {
        const content = line.textContent ?? "";
        if (/\p{L}-$/u.test(content.trim()) && line.closest("svg")?.getClientRects().length) found.push(`${content} (svg)`);
      }
      return found;
    },
    [root, skip] as const,
  );
}
