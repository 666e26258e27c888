/**
 * Uploaded files (issue 14 item 6, docs/decisions/0042): which types are accepted and how each is recognised by its
 * bytes, the folders a file may go to, and how a file name is cleaned. The page checks a file before sending it and
 * the server checks it again on what arrives.
 */
import { slugify } from "./slug.js";

export const UPLOAD_TYPES = {
  "text/csv": { extension: "csv", label: "CSV" },
  "image/png": { extension: "png", label: "PNG image" },
  "image/jpeg": { extension: "jpg", label: "JPEG image" },
  "application/pdf": { extension: "pdf", label: "PDF" },
} as const;
export type UploadType = keyof typeof UPLOAD_TYPES;

/** What browsers send for a .csv file besides text/csv (Windows with Excel installed sends the Excel type). */
const CSV_ALIASES = ["text/csv", "application/csv", "text/plain", "application/vnd.ms-excel"];

/** The accepted type a declared MIME type and file name stand for, or null. */
export function declaredUploadType(filetype: string, filename: string): UploadType | null {
  const type = filetype.trim().toLowerCase().split(";")[0];
  if (CSV_ALIASES.includes(type) && /\.csv$/i.test(filename)) return "text/csv";
  return type in UPLOAD_TYPES && type !== "text/csv" ? (type as UploadType) : null;
}

/** Whether the first bytes of a file are valid UTF-8 text without NUL (a BOM allowed; a sequence cut at the end too). */
function looksLikeText(head: Uint8Array): boolean {
  if (head.includes(0)) return false;
  const decoder = new TextDecoder("utf-8", { fatal: true });
  // the head may end in the middle of a character: drop up to three trailing bytes of an unfinished sequence
  for (let cut = 0; cut <= 3 && cut < head.length; cut += 1) {
    try {
      decoder.decode(head.subarray(0, head.length - cut));
      return true;
    } catch {
      // try shorter
    }
  }
  return false;
}

/** The type the bytes show (from the first few kilobytes): magic numbers for images and PDF, UTF-8 text for CSV. */
export function sniffUploadType(head: Uint8Array): UploadType | null {
  const starts = (...bytes: number[]) => bytes.every((byte, index) => head[index] === byte);
  if (starts(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "image/png";
  if (starts(0xff, 0xd8, 0xff)) return "image/jpeg";
  if (starts(0x25, 0x50, 0x44, 0x46, 0x2d)) return "application/pdf";
  return head.length > 0 && looksLikeText(head) ? "text/csv" : null;
}

/** A folder: 1 to 3 segments of lower case letters, digits and hyphens ("imports", "imports/demographics"). */
export function isUploadFolder(folder: string): boolean {
  return /^[a-z0-9-]{1,40}(\/[a-z0-9-]{1,40}){0,2}$/.test(folder);
}

/** A file name safe to store and show: its base slugged, the extension of its type. */
export function cleanUploadName(filename: string, type: UploadType): string {
  const base =
    filename
      .replace(/\.[^./\\]*$/, "")
      .split(/[/\\]/)
      .pop() ?? "";
  return `${slugify(base, 80) || "file"}.${UPLOAD_TYPES[type].extension}`;
}
