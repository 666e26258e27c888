/**
 * Email HTML rules (spec accounts §5): one allowlist sanitizer that the editor runs in the browser and the server
 * runs again on every template and invitation; links only http and https; headings 1 to 3; the mandatory link.
 */
import { Parser } from "htmlparser2";
import { escapeHtml, fillPlaceholders } from "../surveys/placeholders.js";

const ALLOWED_TAGS = new Set([
  "p",
  "br",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "h1",
  "h2",
  "h3",
  "ul",
  "ol",
  "li",
  "a",
  "blockquote",
  "hr",
  "span",
  "div",
]);
const VOID_TAGS = new Set(["br", "hr"]);
/** Elements dropped together with everything inside them. */
const DROP_WITH_CONTENT = new Set([
  "script",
  "style",
  "iframe",
  "object",
  "embed",
  "noscript",
  "template",
  "svg",
  "math",
  "head",
  "title",
  "textarea",
  "select",
]);
/** Lower headings become h3 (the editor offers levels 1 to 3 only). */
const HEADING_DOWNGRADE: Record<string, string> = { h4: "h3", h5: "h3", h6: "h3" };
const ALIGNMENTS = new Set(["left", "center", "right", "justify"]);

/**
 * The one placeholder a stored link may stand for: {{survey_link}}, which the server fills with its own https
 * address. Any other placeholder ({{company_name}}, a meta field) holds text someone typed, so it is not a link.
 */
const SURVEY_LINK_PLACEHOLDER = /^\{\{\s*survey_link\s*\}\}$/;

export interface LinkRuleOptions {
  /** Accept the {{survey_link}} placeholder (in stored templates and the editor); false once placeholders are filled. */
  surveyLinkPlaceholder?: boolean;
}

/**
 * http and https only (ftp, file, mailto, javascript, vbscript and data are refused, in any case, with any
 * leading whitespace or control characters); the {{survey_link}} placeholder stands for the link the server fills.
 */
export function isAllowedLinkHref(href: string, options: LinkRuleOptions = {}): boolean {
  const value = href.trim();
  if ((options.surveyLinkPlaceholder ?? true) && SURVEY_LINK_PLACEHOLDER.test(value)) return true;
  // Browsers ignore control characters inside schemes ("java\tscript:"): refuse any link that holds one.
  for (const char of value) if (char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127) return false;
  return /^https?:\/\/[^\s/]/i.test(value);
}

const escapeAttribute = (value: string) => value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function allowedAttributes(tag: string, attributes: Record<string, string>, links: LinkRuleOptions): string {
  const kept: string[] = [];
  if (tag === "a") {
    const href = attributes.href ?? "";
    if (isAllowedLinkHref(href, links)) {
      kept.push(`href="${escapeAttribute(href.trim())}"`, 'target="_blank"', 'rel="noopener noreferrer"');
    }
  }
  const align = /text-align:\s*(left|center|right|justify)/i.exec(attributes.style ?? "")?.[1]?.toLowerCase();
  if (align && ALIGNMENTS.has(align) && ["p", "h1", "h2", "h3", "div"].includes(tag)) kept.push(`style="text-align: ${align}"`);
  return kept.length > 0 ? ` ${kept.join(" ")}` : "";
}

/**
 * Keep a small set of formatting tags; drop scripts, styles, event handlers, unknown attributes and any link that
 * is not http(s). Text is re-escaped, so the output is well-formed whatever came in. Entities are decoded before a
 * link is judged, so "&#106;avascript:" is read as the browser would read it.
 */
export function sanitizeEmailHtml(html: string, links: LinkRuleOptions = {}): string {
  let output = "";
  let dropDepth = 0;
  const open: string[] = [];
  const parser = new Parser(
    {
      onopentag(rawName, attributes) {
        const name = HEADING_DOWNGRADE[rawName] ?? rawName;
        if (dropDepth > 0) {
          if (!VOID_TAGS.has(rawName)) dropDepth += 1;
          return;
        }
        if (DROP_WITH_CONTENT.has(rawName)) {
          dropDepth = 1;
          return;
        }
        if (!ALLOWED_TAGS.has(name)) return;
        output += `<${name}${allowedAttributes(name, attributes, links)}>`;
        if (!VOID_TAGS.has(name)) open.push(name);
      },
      ontext(text) {
        if (dropDepth === 0) output += escapeHtml(text);
      },
      onclosetag(rawName) {
        const name = HEADING_DOWNGRADE[rawName] ?? rawName;
        if (dropDepth > 0) {
          if (!VOID_TAGS.has(rawName)) dropDepth -= 1;
          return;
        }
        if (!ALLOWED_TAGS.has(name) || VOID_TAGS.has(name)) return;
        const index = open.lastIndexOf(name);
        if (index === -1) return;
        while (open.length > index) output += `</${open.pop()}>`;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  while (open.length > 0) output += `</${open.pop()}>`;
  return output;
}

/**
 * The email body as sent (and as the editor's Preview shows it): the stored content with its placeholders filled,
 * each value HTML-escaped (so it stays text, or stays inside its attribute), then sanitized once more with the
 * filled values in place. A link whose filled address is not http(s) (a meta field "javascript:…") loses its href.
 */
export function renderEmailHtml(content: string, values: Readonly<Record<string, string | number | null | undefined>>): string {
  const filled = fillPlaceholders(content, values, { escapeHtml: true, stripUnreplaced: true });
  return sanitizeEmailHtml(filled, { surveyLinkPlaceholder: false });
}

/** An email's subject as sent: placeholders filled (unfilled ones removed), white space collapsed; plain text. */
export function renderEmailSubject(subject: string, values: Readonly<Record<string, string | number | null | undefined>>): string {
  return fillPlaceholders(subject, values, { stripUnreplaced: true }).replace(/\s+/g, " ").trim();
}

export interface MandatoryLinkSpec {
  text: string;
  url: string;
}

/** Whether the content already links to the mandatory URL (the {{survey_link}} placeholder, as written or filled). */
export function hasMandatoryLink(html: string, link: MandatoryLinkSpec): boolean {
  const target = link.url.replace(/\s+/g, "");
  const hrefs = [...html.matchAll(/href\s*=\s*"([^"]*)"/gi)].map((match) => match[1].replace(/\s+/g, ""));
  // Written attributes are escaped ("&" → "&amp;").
  return hrefs.includes(target) || hrefs.includes(escapeAttribute(target));
}

/** Append the preset's mandatory link ("Take Survey" → survey URL) when the content lacks it. */
export function ensureMandatoryLink(html: string, link: MandatoryLinkSpec | null | undefined): string {
  if (!link || hasMandatoryLink(html, link)) return html;
  return `${html}\n<p><a href="${escapeAttribute(link.url)}">${escapeHtml(link.text)}</a></p>`;
}

/** Plain-text version of sanitized email HTML (for the text/plain part): links become "text (url)". */
export function emailHtmlToText(html: string): string {
  let text = "";
  let href: string | null = null;
  let linkText = "";
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "a") {
          href = attributes.href ?? null;
          linkText = "";
        }
        if (name === "br") text += "\n";
        if (name === "li") text += "\n- ";
      },
      ontext(value) {
        if (href !== null) linkText += value;
        else text += value;
      },
      onclosetag(name) {
        if (name === "a") {
          text += href && linkText.trim() !== href ? `${linkText} (${href})` : linkText;
          href = null;
        }
        if (["p", "h1", "h2", "h3", "div", "blockquote", "ul", "ol"].includes(name)) text += "\n\n";
      },
    },
    { decodeEntities: true },
  );
  parser.write(html);
  parser.end();
  return text
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}
