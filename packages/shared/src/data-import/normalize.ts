/**
 * The one comparison key for what people type in spreadsheets (headers and values alike): accents dropped, lower case,
 * punctuation and underscores read as spaces, spaces collapsed. "Départment_Name ", "department-name" and
 * "DEPARTMENT NAME" all read "department name"; "&" reads "and", so "R&D" and "R and D" meet.
 */
export function normalizeLabel(text: string): string {
  return text
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’`]/g, "")
    .replace(/[^a-z0-9+<>]+/g, " ")
    .trim()
    .replace(/\s+/g, " ");
}

/** A number as spreadsheets write it: "1,234.5", "$85,000", "45k", "1.2m", "  39 "; null when the text is not one. */
export function parseLooseNumber(text: string): number | null {
  const compact = text
    .trim()
    .toLowerCase()
    .replace(/[\s$€£¥,_]/g, "");
  const match = compact.match(/^([+-]?\d+(?:\.\d+)?)(k|m)?$/);
  if (!match) return null;
  const value = Number(match[1]) * (match[2] === "k" ? 1_000 : match[2] === "m" ? 1_000_000 : 1);
  return Number.isFinite(value) ? value : null;
}
