/**
 * The fonts the server's images are drawn with (badges, share images): Inter for Latin, Greek, Cyrillic and
 * Vietnamese, and Noto Sans for the scripts Inter lacks (Arabic, Hebrew, Thai, Devanagari, Japanese, Simplified
 * Chinese, Korean), all OFL-1.1 from @fontsource packages installed with the server — nothing is fetched at run time.
 * Inter is loaded once and passed as the same array to every render (satori keeps parsed fonts per array); a Noto
 * file is read only when a text needs a character it covers (docs/decisions/0036).
 */
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import type satori from "satori";

export type SatoriFont = Parameters<typeof satori>[1]["fonts"][number];

const resolvePackageFile = (name: string) => createRequire(import.meta.url).resolve(name);

const INTER_SUBSETS = ["latin", "latin-ext", "greek", "greek-ext", "cyrillic", "cyrillic-ext", "vietnamese"] as const;
const INTER_WEIGHTS = [400, 700] as const;

/** The packages for scripts Inter does not cover, in the order a character is looked for. */
const FALLBACK_PACKAGES = [
  "noto-sans-arabic",
  "noto-sans-hebrew",
  "noto-sans-thai",
  "noto-sans-devanagari",
  "noto-sans-jp",
  "noto-sans-sc",
  "noto-sans-kr",
] as const;

/** Fallback text is drawn bold: the one weight read keeps a non-Latin name to a few files (its size is set by layout). */
const FALLBACK_WEIGHT = 700;

/** The CSS font-family list every layout sets: Inter's subsets; the fallback families come after them. */
export const INTER_FONT_FAMILY = INTER_SUBSETS.map((subset) => `"Inter ${subset}"`).join(", ");

type Range = [number, number];

function parseUnicodeRange(value: string): Range[] {
  return value.split(",").map((part) => {
    const [start, end] = part.trim().replace(/^U\+/i, "").split("-");
    return [Number.parseInt(start, 16), Number.parseInt(end ?? start, 16)];
  });
}

const covers = (ranges: readonly Range[], point: number) => ranges.some(([start, end]) => point >= start && point <= end);

let interPromise: Promise<SatoriFont[]> | null = null;
let interCoveragePromise: Promise<Range[]> | null = null;

/**
 * Every subset of Inter the package ships, regular and bold, in .woff (satori does not read .woff2). One family per
 * subset, since satori falls back between families, not between files of one family.
 */
export function loadInterFonts(): Promise<SatoriFont[]> {
  interPromise ??= Promise.all(
    INTER_SUBSETS.flatMap((subset) =>
      INTER_WEIGHTS.map(async (weight) => ({
        name: `Inter ${subset}`,
        data: await readFile(resolvePackageFile(`@fontsource/inter/files/inter-${subset}-${weight}-normal.woff`)),
        weight,
        style: "normal" as const,
      })),
    ),
  ).catch((error: unknown) => {
    interPromise = null;
    throw error;
  });
  return interPromise;
}

function loadInterCoverage(): Promise<Range[]> {
  interCoveragePromise ??= readFile(resolvePackageFile("@fontsource/inter/400.css"), "utf8")
    .then((css) => [...css.matchAll(/unicode-range:\s*([^;]+);/g)].flatMap((match) => parseUnicodeRange(match[1])))
    .catch((error: unknown) => {
      interCoveragePromise = null;
      throw error;
    });
  return interCoveragePromise;
}

/** One fallback .woff file and the code points it covers, from its package's CSS. */
interface FallbackFile {
  family: string;
  path: string;
  ranges: Range[];
}

let fallbackIndexPromise: Promise<FallbackFile[]> | null = null;

/** Every fallback file of the bold weight, read from each package's `700.css` (its @font-face blocks). */
function loadFallbackIndex(): Promise<FallbackFile[]> {
  fallbackIndexPromise ??= Promise.all(
    FALLBACK_PACKAGES.map(async (name) => {
      const css = await readFile(resolvePackageFile(`@fontsource/${name}/${FALLBACK_WEIGHT}.css`), "utf8");
      const files: FallbackFile[] = [];
      for (const block of css.split("@font-face").slice(1)) {
        const file = block.match(/url\(\.\/files\/([^)]+\.woff)\)\s*format\('woff'\)/)?.[1];
        const range = block.match(/unicode-range:\s*([^;]+);/)?.[1];
        if (!file || !range) continue;
        files.push({
          family: `Fallback ${file.replace(/\.woff$/, "")}`,
          path: `@fontsource/${name}/files/${file}`,
          ranges: parseUnicodeRange(range),
        });
      }
      return files;
    }),
  )
    .then((lists) => lists.flat())
    .catch((error: unknown) => {
      fallbackIndexPromise = null;
      throw error;
    });
  return fallbackIndexPromise;
}

const fallbackFiles = new Map<string, Promise<SatoriFont>>();
const fontSets = new Map<string, SatoriFont[]>();

function readFallbackFont(file: FallbackFile): Promise<SatoriFont> {
  let font = fallbackFiles.get(file.path);
  if (!font) {
    font = readFile(resolvePackageFile(file.path)).then((data) => ({
      name: file.family,
      data,
      weight: FALLBACK_WEIGHT,
      style: "normal" as const,
    }));
    font.catch(() => fallbackFiles.delete(file.path));
    fallbackFiles.set(file.path, font);
  }
  return font;
}

/** Whether a character needs no font: white space and the invisible joiners and marks scripts use between letters. */
const isInvisible = (char: string) => /\s|\p{Cf}/u.test(char);

/**
 * The fonts that draw `texts`: Inter's array itself when Inter covers every character (the common case, so satori's
 * parsed-font cache keeps working), else Inter plus the fallback files for the characters it lacks. The same set of
 * files gives the same array back, so a name drawn again is not parsed again.
 */
export async function fontsFor(...texts: string[]): Promise<SatoriFont[]> {
  const [inter, interRanges] = await Promise.all([loadInterFonts(), loadInterCoverage()]);
  const missing = new Set<number>();
  for (const char of texts.join("")) {
    const point = char.codePointAt(0) ?? 0;
    if (!isInvisible(char) && !covers(interRanges, point)) missing.add(point);
  }
  if (missing.size === 0) return inter;
  const index = await loadFallbackIndex();
  const chosen = new Set<FallbackFile>();
  for (const point of missing) {
    const file = index.find((candidate) => covers(candidate.ranges, point));
    if (file) chosen.add(file);
  }
  if (chosen.size === 0) return inter;
  const key = [...chosen]
    .map((file) => file.path)
    .sort()
    .join("|");
  const known = fontSets.get(key);
  if (known) return known;
  const set = [...inter, ...(await Promise.all([...chosen].map(readFallbackFont)))];
  // A handful of scripts makes a handful of sets; a bound keeps a stream of odd names from growing it without end.
  if (fontSets.size >= 64) fontSets.clear();
  fontSets.set(key, set);
  return set;
}

/**
 * Whether every letter and digit of `text` can be drawn with the bundled fonts. Characters that are neither (emoji,
 * pictographs) do not count: a layout may leave them out.
 */
export async function canDrawLetters(text: string): Promise<boolean> {
  return (await undrawableCharacters(text)).every((char) => !/\p{L}|\p{N}/u.test(char));
}

/** The characters of `text` no bundled font covers (white space aside). */
export async function undrawableCharacters(text: string): Promise<string[]> {
  const [interRanges, index] = await Promise.all([loadInterCoverage(), loadFallbackIndex()]);
  const lacking: string[] = [];
  for (const char of text) {
    const point = char.codePointAt(0) ?? 0;
    if (isInvisible(char) || covers(interRanges, point)) continue;
    if (!index.some((file) => covers(file.ranges, point))) lacking.push(char);
  }
  return lacking;
}
