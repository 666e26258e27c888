/**
 * The social quote image: a 1200×675 PNG (the 16:9 card X and LinkedIn show in full) drawn as SVG by satori with the
 * bundled fonts (lib/fonts.ts), then rasterised by resvg. Rendered images are kept in memory for a few minutes.
 */
import type satori from "satori";
import { fontsFor, INTER_FONT_FAMILY, undrawableCharacters } from "../../lib/fonts.js";
import { imageSize } from "../../lib/image-size.js";

export { imageSize };

export const QUOTE_IMAGE_WIDTH = 1200;
export const QUOTE_IMAGE_HEIGHT = 675;

/** Hearth's ember palette (apps/web/src/theme.ts). */
const EMBER = {
  lightest: "#fff3ec",
  light: "#ffe4d6",
  mark: "#ec733a",
  strong: "#b5471b",
  deep: "#7f3110",
};
const INK = "#2b1b12";

type SatoriNode = Parameters<typeof satori>[0];

interface Element {
  type: string;
  props: Record<string, unknown> & { style?: Record<string, unknown>; children?: unknown };
}
const el = (type: string, style: Record<string, unknown>, children?: unknown, props: Record<string, unknown> = {}): Element => ({
  type,
  props: { ...props, style, children },
});

/**
 * The quote as the image can draw it: characters no bundled font has that are not letters (emoji, pictographs) are
 * left out; null when a letter is missing (a script no bundled font covers), since the image would not say the same
 * thing.
 */
export async function drawableQuoteText(text: string): Promise<string | null> {
  const lacking = new Set(await undrawableCharacters(text));
  if ([...lacking].some((char) => /\p{L}|\p{N}/u.test(char))) return null;
  const drawn = [...text]
    .filter((char) => !lacking.has(char))
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return drawn.length > 0 ? drawn : null;
}

/** Larger type for short quotes, smaller for long ones, so every quote up to 280 characters fits. */
function quoteFontSize(length: number): number {
  if (length <= 80) return 60;
  if (length <= 140) return 50;
  if (length <= 200) return 42;
  return 36;
}

export interface QuoteImageInput {
  text: string;
  companyName: string | null;
  logo: { bytes: Buffer; contentType: string } | null;
}

function logoElement(logo: QuoteImageInput["logo"]): Element | null {
  if (!logo) return null;
  const size = imageSize(logo.bytes);
  if (!size || size.width === 0 || size.height === 0) return null;
  const scale = Math.min(240 / size.width, 80 / size.height);
  const width = Math.max(1, Math.round(size.width * scale));
  const height = Math.max(1, Math.round(size.height * scale));
  const src = `data:${logo.contentType};base64,${logo.bytes.toString("base64")}`;
  return el("img", { width, height, objectFit: "contain" }, undefined, { src, width, height });
}

function layout(input: QuoteImageInput): Element {
  const logo = logoElement(input.logo);
  const name = input.companyName?.trim() || null;
  const company = el(
    "div",
    { display: "flex", alignItems: "center", gap: 24, maxWidth: 760 },
    [
      logo,
      name
        ? el(
            "div",
            {
              maxWidth: 560,
              fontSize: 32,
              fontWeight: 700,
              color: EMBER.deep,
              whiteSpace: "nowrap",
              overflow: "hidden",
              textOverflow: "ellipsis",
            },
            name,
          )
        : null,
    ].filter(Boolean),
  );
  return el(
    "div",
    {
      width: "100%",
      height: "100%",
      display: "flex",
      flexDirection: "column",
      backgroundColor: EMBER.lightest,
      backgroundImage: `linear-gradient(135deg, ${EMBER.lightest} 0%, ${EMBER.light} 100%)`,
      fontFamily: INTER_FONT_FAMILY,
      color: INK,
    },
    [
      el("div", { display: "flex", flexDirection: "column", flexGrow: 1, padding: "56px 80px 0 80px" }, [
        el("div", { display: "flex", fontSize: 180, fontWeight: 700, color: EMBER.mark, lineHeight: 1, height: 110 }, "“"),
        el(
          "div",
          {
            display: "flex",
            flexGrow: 1,
            alignItems: "center",
            fontSize: quoteFontSize(input.text.length),
            fontWeight: 700,
            lineHeight: 1.3,
            letterSpacing: -0.5,
            paddingBottom: 24,
            overflow: "hidden",
          },
          input.text,
        ),
      ]),
      el(
        "div",
        {
          display: "flex",
          alignItems: "center",
          justifyContent: "space-between",
          padding: "0 80px",
          height: 128,
          borderTop: `2px solid ${EMBER.light}`,
          backgroundColor: "#ffffff",
        },
        [company, el("div", { fontSize: 24, fontWeight: 400, color: EMBER.strong }, "Anonymous employee feedback")],
      ),
      el("div", { display: "flex", height: 14, backgroundColor: EMBER.strong }),
    ],
  );
}

/** Renders the quote as a PNG. resvg rasterises on libuv's thread pool, so the event loop only runs the layout. */
export async function renderQuoteImage(input: QuoteImageInput): Promise<Buffer> {
  // Imported on the first render: satori alone takes about half a second to load, which every start would pay.
  const [{ default: satori }, { renderAsync }] = await Promise.all([import("satori"), import("@resvg/resvg-js")]);
  const svg = await satori(layout(input) as unknown as SatoriNode, {
    width: QUOTE_IMAGE_WIDTH,
    height: QUOTE_IMAGE_HEIGHT,
    fonts: await fontsFor(input.text, input.companyName ?? ""),
  });
  const rendered = await renderAsync(svg, { fitTo: { mode: "width", value: QUOTE_IMAGE_WIDTH } });
  return Buffer.from(rendered.asPng());
}

/** Rendered PNGs by key (quote, company name, logo version), kept a few minutes; a render in flight is shared. */
export class QuoteImageCache {
  private readonly entries = new Map<string, { expires: number; png: Promise<Buffer> }>();

  constructor(
    private readonly ttlMs = 5 * 60_000,
    private readonly maxEntries = 200,
  ) {}

  get(key: string, render: () => Promise<Buffer>, now = Date.now()): Promise<Buffer> {
    const cached = this.entries.get(key);
    if (cached && cached.expires > now) return cached.png;
    if (cached) this.entries.delete(key);
    const png = render();
    this.entries.set(key, { expires: now + this.ttlMs, png });
    png.catch(() => {
      if (this.entries.get(key)?.png === png) this.entries.delete(key);
    });
    while (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
    return png;
  }

  /** Drops every image of a quote (after it is removed). */
  forget(quoteId: string): void {
    for (const key of this.entries.keys()) if (key.includes(quoteId)) this.entries.delete(key);
  }
}
