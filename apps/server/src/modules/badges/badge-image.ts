/**
 * The badge image (docs/decisions/0036): the company's name, the certification or award and the year, laid out
 * vertically (400×500, the embed default) or horizontally (720×280), drawn as SVG by satori with the bundled fonts
 * (Inter, and Noto Sans for a company name in another script: lib/fonts.ts; nothing is fetched at run time) and
 * rasterised to PNG by resvg. Pure but for reading the font files.
 */
import type satori from "satori";
import { fontsFor, INTER_FONT_FAMILY } from "../../lib/fonts.js";

export type BadgeOrientation = "v" | "h";
export type BadgeFormat = "png" | "svg";

export interface BadgeImageInput {
  companyName: string;
  /** The badge's name: "Hearth Certified Workplace", "Best Workplace for Women". */
  badgeName: string;
  type: "certification" | "award";
  year: number;
  orientation: BadgeOrientation;
}

export interface BadgeImage {
  png: Buffer;
  svg: string;
}

export const BADGE_SIZES: Record<BadgeOrientation, { width: number; height: number }> = {
  v: { width: 400, height: 500 },
  h: { width: 720, height: 280 },
};

/** Hearth's ember palette (apps/web/src/theme.ts). */
const EMBER = { lightest: "#fff3ec", light: "#ffe4d6", mark: "#ec733a", strong: "#b5471b", deep: "#7f3110" };
const INK = "#2b1b12";

type SatoriNode = Parameters<typeof satori>[0];

interface Element {
  type: string;
  props: { style: Record<string, unknown>; children?: unknown };
}
const el = (style: Record<string, unknown>, children?: unknown): Element => ({
  type: "div",
  props: { style: { display: "flex", ...style }, children },
});

/** Smaller type for longer names so that two lines hold them. */
const nameSize = (text: string, sizes: [number, number, number]) =>
  text.length <= 22 ? sizes[0] : text.length <= 40 ? sizes[1] : sizes[2];

/**
 * At most `lines` lines, cut with an ellipsis (satori's lineClamp). No `overflow: hidden` anywhere: satori draws it
 * as a mask and a clip path over the whole image, which resvg renders as a layer of its own for every element under
 * it (about half the render time); rounded corners are given to the elements at the corners instead.
 */
const clamped = (lines: number): Record<string, unknown> => ({ display: "block", lineClamp: lines });

const kindLabel = (type: BadgeImageInput["type"]) => (type === "award" ? "AWARD" : "CERTIFIED");

function vertical(input: BadgeImageInput): Element {
  const { width, height } = BADGE_SIZES.v;
  return el(
    {
      width,
      height,
      flexDirection: "column",
      alignItems: "center",
      backgroundColor: EMBER.deep,
      backgroundImage: `linear-gradient(160deg, ${EMBER.strong} 0%, ${EMBER.deep} 100%)`,
      borderRadius: 28,
      fontFamily: INTER_FONT_FAMILY,
      color: "#ffffff",
    },
    [
      el({ marginTop: 30, fontSize: 20, fontWeight: 700, letterSpacing: 6, color: EMBER.light }, "HEARTH"),
      el({ marginTop: 6, fontSize: 15, fontWeight: 400, letterSpacing: 3, color: EMBER.light }, kindLabel(input.type)),
      el(
        {
          marginTop: 18,
          width: 136,
          height: 136,
          borderRadius: 68,
          border: `6px solid ${EMBER.mark}`,
          backgroundColor: EMBER.lightest,
          alignItems: "center",
          justifyContent: "center",
          fontSize: 44,
          fontWeight: 700,
          color: EMBER.deep,
        },
        String(input.year),
      ),
      el(
        { marginTop: 20, width: 340, height: 84, alignItems: "center", justifyContent: "center", textAlign: "center" },
        el(
          {
            ...clamped(2),
            width: 340,
            fontSize: nameSize(input.badgeName, [30, 25, 20]),
            fontWeight: 700,
            lineHeight: 1.2,
            textAlign: "center",
          },
          input.badgeName,
        ),
      ),
      el(
        {
          marginTop: "auto",
          width,
          height: 104,
          alignItems: "center",
          justifyContent: "center",
          backgroundColor: EMBER.lightest,
          borderRadius: "0 0 28px 28px",
          color: INK,
        },
        el(
          {
            ...clamped(2),
            width: width - 48,
            fontSize: nameSize(input.companyName, [26, 21, 17]),
            fontWeight: 700,
            lineHeight: 1.25,
            textAlign: "center",
          },
          input.companyName,
        ),
      ),
    ],
  );
}

function horizontal(input: BadgeImageInput): Element {
  const { width, height } = BADGE_SIZES.h;
  return el(
    {
      width,
      height,
      flexDirection: "row",
      backgroundColor: EMBER.lightest,
      borderRadius: 24,
      border: `4px solid ${EMBER.strong}`,
      fontFamily: INTER_FONT_FAMILY,
      color: INK,
    },
    [
      el(
        {
          width: 232,
          height: "100%",
          flexDirection: "column",
          alignItems: "center",
          justifyContent: "center",
          backgroundColor: EMBER.deep,
          backgroundImage: `linear-gradient(160deg, ${EMBER.strong} 0%, ${EMBER.deep} 100%)`,
          borderRadius: "20px 0 0 20px",
          color: "#ffffff",
        },
        [
          el({ fontSize: 18, fontWeight: 700, letterSpacing: 5, color: EMBER.light }, "HEARTH"),
          el(
            {
              marginTop: 14,
              width: 124,
              height: 124,
              borderRadius: 62,
              border: `5px solid ${EMBER.mark}`,
              backgroundColor: EMBER.lightest,
              alignItems: "center",
              justifyContent: "center",
              fontSize: 40,
              fontWeight: 700,
              color: EMBER.deep,
            },
            String(input.year),
          ),
          el({ marginTop: 12, fontSize: 14, letterSpacing: 3, color: EMBER.light }, kindLabel(input.type)),
        ],
      ),
      el({ flexDirection: "column", justifyContent: "center", padding: "0 32px", width: width - 232 - 8 }, [
        el(
          { ...clamped(2), fontSize: nameSize(input.badgeName, [34, 28, 22]), fontWeight: 700, lineHeight: 1.2, color: EMBER.deep },
          input.badgeName,
        ),
        el({ marginTop: 14, height: 3, width: 64, backgroundColor: EMBER.mark }),
        el(
          { ...clamped(2), marginTop: 14, fontSize: nameSize(input.companyName, [28, 23, 19]), fontWeight: 700, lineHeight: 1.25 },
          input.companyName,
        ),
      ]),
    ],
  );
}

/** The layout alone, as satori's element tree (for tests and for the renderer). */
export function badgeLayout(input: BadgeImageInput): Element {
  return input.orientation === "h" ? horizontal(input) : vertical(input);
}

/** The badge as SVG alone (satori), for a caller that needs no PNG. */
export async function renderBadgeSvg(input: BadgeImageInput): Promise<string> {
  // Imported on the first render: satori alone takes about half a second to load, which every start would pay.
  const [{ default: render }, fonts] = await Promise.all([import("satori"), fontsFor(input.companyName, input.badgeName)]);
  return render(badgeLayout(input) as unknown as SatoriNode, { ...BADGE_SIZES[input.orientation], fonts });
}

/**
 * Renders the badge as SVG (satori) and PNG (resvg, on libuv's thread pool). The output is plain: credentials are
 * added by the caller (badges.service.ts, renderBadgeFile), not here.
 */
export async function renderBadgeImage(input: BadgeImageInput): Promise<BadgeImage> {
  const [svg, { renderAsync }] = await Promise.all([renderBadgeSvg(input), import("@resvg/resvg-js")]);
  const rendered = await renderAsync(svg, { fitTo: { mode: "width", value: BADGE_SIZES[input.orientation].width } });
  return { png: Buffer.from(rendered.asPng()), svg };
}

/** Width and height from a PNG's IHDR; null when the bytes are not a PNG. */
export function pngSize(bytes: Buffer): { width: number; height: number } | null {
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature) || bytes.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}
