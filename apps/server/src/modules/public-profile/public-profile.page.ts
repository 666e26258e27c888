/**
 * The public company profile page at /c/{slug} (decision 0038): server-rendered HTML, every value escaped, no
 * script, one inline style allowed by its hash in a strict Content-Security-Policy, Open Graph tags for link
 * previews.
 */
import { createHash } from "node:crypto";
import { escapeHtml } from "@hearth/shared";

export interface ProfilePageBadge {
  name: string;
  year: number;
  imageUrl: string;
  /** The signed credential's verification page, when the badge has one. */
  verifyUrl: string | null;
}

export interface ProfilePage {
  url: string;
  companyName: string;
  description: string | null;
  sizeBand: string | null;
  website: string | null;
  logoUrl: string | null;
  /** The company's accent colour, already readable behind white text (decision 0065), or null for the page's own. */
  accentColor: string | null;
  badges: ProfilePageBadge[];
  /** The certified year's LOWI score, only when the company opted in. */
  score: { year: number; text: string } | null;
}

const STYLE = `
:root{color-scheme:light;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#1f2329;background:#f6f7f9}
body{margin:0}
main{max-width:760px;margin:0 auto;padding:32px 20px 48px}
header{display:flex;gap:20px;align-items:center;flex-wrap:wrap}
header img{width:88px;height:88px;object-fit:contain;border-radius:12px;background:#fff;border:1px solid #dfe3e8}
h1{font-size:2rem;margin:0;line-height:1.2}
h2{font-size:1.25rem;margin:32px 0 12px}
.meta{color:#4a525c;margin:6px 0 0}
.about{font-size:1.05rem;line-height:1.6;white-space:pre-line}
ul.badges{list-style:none;padding:0;margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(180px,1fr));gap:16px}
ul.badges li{background:#fff;border:1px solid #dfe3e8;border-radius:12px;padding:16px;text-align:center}
ul.badges img{width:120px;height:auto}
ul.badges p{margin:8px 0 4px;font-weight:600}
a{color:var(--link,#1c5fb8)}
body{border-top:6px solid var(--accent,#1c5fb8)}
.score{background:#fff;border:1px solid #dfe3e8;border-radius:12px;padding:16px;font-size:1.05rem}
footer{margin-top:40px;color:#4a525c;font-size:.9rem}
`;

const hashOf = (style: string) => createHash("sha256").update(style).digest("base64");
const STYLE_HASH = hashOf(STYLE);

/**
 * The company's colours, a style of their own: the accent is a checked #rrggbb (readableAccent), so nothing a company
 * writes reaches the style; links take a darker shade so they read on the page's grey.
 */
const accentStyle = (accent: string) => `:root{--accent:${accent};--link:color-mix(in srgb,${accent} 80%,black)}`;

/** No script, no frames, no forms; images from this instance only; only the page's own styles, by their hashes. */
export function profilePageCsp(accentColor: string | null = null): string {
  const styles = [`'sha256-${STYLE_HASH}'`, ...(accentColor ? [`'sha256-${hashOf(accentStyle(accentColor))}'`] : [])];
  return [
    "default-src 'none'",
    "img-src 'self'",
    `style-src ${styles.join(" ")}`,
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join("; ");
}
export const PROFILE_PAGE_CSP = profilePageCsp();

function document(input: {
  title: string;
  description: string;
  url: string;
  image: string | null;
  body: string;
  accentColor?: string | null;
}): string {
  const meta = [
    `<meta property="og:type" content="profile">`,
    `<meta property="og:title" content="${escapeHtml(input.title)}">`,
    `<meta property="og:description" content="${escapeHtml(input.description)}">`,
    input.url ? `<meta property="og:url" content="${escapeHtml(input.url)}">` : "",
    input.image ? `<meta property="og:image" content="${escapeHtml(input.image)}">` : "",
    `<meta name="twitter:card" content="summary">`,
    `<meta name="description" content="${escapeHtml(input.description)}">`,
    input.url ? `<link rel="canonical" href="${escapeHtml(input.url)}">` : "",
  ]
    .filter(Boolean)
    .join("\n");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(input.title)}</title>
${meta}
<style>${STYLE}</style>${input.accentColor ? `\n<style>${accentStyle(input.accentColor)}</style>` : ""}
</head>
<body>
${input.body}
</body>
</html>
`;
}

/** The profile page's HTML. */
export function renderProfilePage(page: ProfilePage): string {
  const certifications =
    page.badges.length === 0
      ? `<p>No certifications shown yet.</p>`
      : `<ul class="badges">${page.badges
          .map((badge) => {
            const image = `<img src="${escapeHtml(badge.imageUrl)}" alt="${escapeHtml(`${badge.name} ${badge.year}`)}" width="120">`;
            // Linked to its verification page when the badge has a signed credential; otherwise the image stands alone.
            const linked = badge.verifyUrl ? `<a href="${escapeHtml(badge.verifyUrl)}">${image}</a>` : image;
            const verify = badge.verifyUrl ? ` · <a href="${escapeHtml(badge.verifyUrl)}">Verify</a>` : "";
            return `<li>${linked}<p>${escapeHtml(badge.name)}</p><span>${badge.year}</span>${verify}</li>`;
          })
          .join("")}</ul>`;
  const meta = [page.sizeBand ? page.sizeBand.charAt(0).toUpperCase() + page.sizeBand.slice(1) : null, page.website]
    .filter(Boolean)
    .map((part) => escapeHtml(String(part)));
  const body = `<main>
<header>
${page.logoUrl ? `<img src="${escapeHtml(page.logoUrl)}" alt="${escapeHtml(`${page.companyName} logo`)}">` : ""}
<div><h1>${escapeHtml(page.companyName)}</h1>${meta.length > 0 ? `<p class="meta">${meta.join(" · ")}</p>` : ""}</div>
</header>
${page.description ? `<h2>About</h2><p class="about">${escapeHtml(page.description)}</p>` : ""}
<h2>Certifications</h2>
${certifications}
${
  page.score
    ? `<h2>LOWI score</h2><p class="score">${escapeHtml(page.score.text)} in the ${page.score.year} Love of Workplace Index™ survey.</p>`
    : ""
}
<footer>Company profiles are published publicly by the companies themselves on Hearth.</footer>
</main>`;
  const certified = page.badges.map((badge) => `${badge.name} ${badge.year}`).join(", ");
  return document({
    title: `${page.companyName} · Hearth company profile`,
    description: page.description?.slice(0, 200) || (certified ? `${page.companyName}: ${certified}` : `${page.companyName} on Hearth`),
    url: page.url,
    image: page.badges[0]?.imageUrl ?? page.logoUrl,
    body,
    accentColor: page.accentColor,
  });
}

/** The 404 page of an unknown or unpublished slug. */
export function renderProfileNotFound(): string {
  return document({
    title: "Profile not found · Hearth",
    description: "This company profile does not exist or is not published.",
    url: "",
    image: null,
    body: `<main><h1>Profile not found</h1><p class="about">This company profile does not exist or is not published.</p></main>`,
  });
}
