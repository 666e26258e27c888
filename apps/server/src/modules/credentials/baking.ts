import { crc32, inflateSync } from "node:zlib";

/**
 * Open Badges 3.0 baking (docs/decisions/0037): the credential travels inside the image a company pastes anywhere.
 * PNG: one uncompressed `iTXt` chunk with the keyword `openbadgecredential` before IEND. SVG: an
 * `openbadges:credential` element in the `https://purl.imsglobal.org/ob/v3p0` namespace. Pure functions.
 */

export const PNG_KEYWORD = "openbadgecredential";
export const OPEN_BADGES_SVG_NAMESPACE = "https://purl.imsglobal.org/ob/v3p0";

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

interface PngChunk {
  type: string;
  data: Buffer;
  /** Offset of the chunk's length field in the file. */
  start: number;
  /** Offset just past the chunk's CRC. */
  end: number;
}

export function isPng(file: Buffer): boolean {
  return file.length >= PNG_SIGNATURE.length && file.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE);
}

/** The chunks of a PNG, each CRC checked; throws on a file that is not a well-formed PNG. */
function pngChunks(png: Buffer): PngChunk[] {
  if (!isPng(png)) throw new Error("Not a PNG file");
  const chunks: PngChunk[] = [];
  let offset = PNG_SIGNATURE.length;
  while (offset < png.length) {
    if (offset + 12 > png.length) throw new Error("Truncated PNG chunk");
    const length = png.readUInt32BE(offset);
    const end = offset + 12 + length;
    if (end > png.length) throw new Error("Truncated PNG chunk");
    const type = png.toString("latin1", offset + 4, offset + 8);
    const data = png.subarray(offset + 8, offset + 8 + length);
    const crc = png.readUInt32BE(offset + 8 + length);
    if (crc32(png.subarray(offset + 4, offset + 8 + length)) !== crc) throw new Error(`Bad CRC in PNG chunk ${type}`);
    chunks.push({ type, data, start: offset, end });
    offset = end;
    if (type === "IEND") break;
  }
  if (chunks.at(-1)?.type !== "IEND") throw new Error("PNG without IEND");
  return chunks;
}

/** One PNG chunk: length, type, data, and the CRC of type and data. */
export function encodeChunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "latin1");
  const tail = Buffer.alloc(4);
  tail.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, tail]);
}

/** iTXt: keyword, NUL, compression flag, compression method, language tag, NUL, translated keyword, NUL, text. */
function credentialChunk(credential: string): Buffer {
  const data = Buffer.concat([
    Buffer.from(PNG_KEYWORD, "latin1"),
    Buffer.from([0, 0, 0]),
    Buffer.from([0]), // empty language tag
    Buffer.from([0]), // empty translated keyword
    Buffer.from(credential, "utf8"),
  ]);
  return encodeChunk("iTXt", data);
}

interface ITxt {
  keyword: string;
  text: string;
}

/** Why a badge file's credential could not be read; the reader's caller turns each into its own 4xx message. */
export type BakedCredentialProblem = "not-an-image" | "credential-too-large";

export class BakedCredentialError extends Error {
  constructor(readonly problem: BakedCredentialProblem) {
    super(problem);
    this.name = "BakedCredentialError";
  }
}

/** Reads an iTXt chunk whose text may be `maxTextBytes` long at most: a compressed one is inflated no further. */
function parseITxt(data: Buffer, maxTextBytes = Number.POSITIVE_INFINITY): ITxt {
  const keywordEnd = data.indexOf(0);
  if (keywordEnd < 1) throw new BakedCredentialError("not-an-image");
  const keyword = data.toString("latin1", 0, keywordEnd);
  const compressed = data[keywordEnd + 1] === 1;
  const languageEnd = data.indexOf(0, keywordEnd + 3);
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1);
  if (translatedEnd < 0) throw new BakedCredentialError("not-an-image");
  const raw = data.subarray(translatedEnd + 1);
  if (!compressed) {
    if (raw.length > maxTextBytes) throw new BakedCredentialError("credential-too-large");
    return { keyword, text: raw.toString("utf8") };
  }
  if (keyword !== PNG_KEYWORD) return { keyword, text: "" };
  let text: Buffer;
  try {
    // maxOutputLength stops the inflation as soon as the output would pass the bound (a decompression bomb costs
    // the bound, not its declared size)
    text = inflateSync(raw, Number.isFinite(maxTextBytes) ? { maxOutputLength: maxTextBytes } : {});
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_BUFFER_TOO_LARGE") throw new BakedCredentialError("credential-too-large");
    throw new BakedCredentialError("not-an-image");
  }
  return { keyword, text: text.toString("utf8") };
}

/**
 * The PNG with the credential (a JSON credential or a compact JWT) baked in: one uncompressed iTXt chunk keyed
 * `openbadgecredential` placed just before IEND; a credential baked before is replaced, so a file holds one.
 */
export function bakePng(png: Buffer, credential: string): Buffer {
  const chunks = pngChunks(png);
  const kept = chunks.filter((chunk) => !(chunk.type === "iTXt" && parseITxt(chunk.data).keyword === PNG_KEYWORD));
  const iend = kept.pop() as PngChunk;
  return Buffer.concat([
    PNG_SIGNATURE,
    ...kept.map((chunk) => png.subarray(chunk.start, chunk.end)),
    credentialChunk(credential),
    png.subarray(iend.start, iend.end),
  ]);
}

/** CDATA cannot hold "]]>"; such a run is split across two sections. */
const cdata = (text: string) => `<![CDATA[${text.replaceAll("]]>", "]]]]><![CDATA[>")}]]>`;

const CREDENTIAL_ELEMENT = /<openbadges:credential\b[^>]*?(?:\/>|>([\s\S]*?)<\/openbadges:credential>)/;

/**
 * The SVG with the credential baked in: the `openbadges` namespace declared on the root element and an
 * `openbadges:credential` element as its first child (a compact JWT goes in the `verify` attribute, JSON in CDATA).
 * A credential baked before is replaced.
 */
export function bakeSvg(svg: string, credential: string): string {
  const rootMatch = /<svg\b[^>]*>/.exec(svg);
  if (!rootMatch) throw new Error("Not an SVG document");
  const withoutOld = svg.replace(CREDENTIAL_ELEMENT, "");
  const root = /<svg\b[^>]*>/.exec(withoutOld) as RegExpExecArray;
  let openTag = root[0];
  if (!/\sxmlns:openbadges=/.test(openTag)) {
    const selfClosing = openTag.endsWith("/>");
    openTag = `${openTag.slice(0, selfClosing ? -2 : -1)} xmlns:openbadges="${OPEN_BADGES_SVG_NAMESPACE}"${selfClosing ? "/>" : ">"}`;
  }
  const trimmed = credential.trim();
  const isJwt = /^[\w-]+\.[\w-]+\.[\w-]+$/.test(trimmed);
  const element = isJwt
    ? `<openbadges:credential verify="${trimmed}"/>`
    : `<openbadges:credential>${cdata(credential)}</openbadges:credential>`;
  if (openTag.endsWith("/>")) {
    return `${withoutOld.slice(0, root.index)}${openTag.slice(0, -2)}>${element}</svg>${withoutOld.slice(root.index + root[0].length)}`;
  }
  return `${withoutOld.slice(0, root.index)}${openTag}${element}${withoutOld.slice(root.index + root[0].length)}`;
}

const decodeXmlEntities = (text: string) =>
  text.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&apos;", "'").replaceAll("&amp;", "&");

const OPEN_TAG = "<openbadges:credential";
const CLOSE_TAG = "</openbadges:credential>";

/**
 * The first `openbadges:credential` element, found with indexOf only (linear in the file, whatever it holds; the
 * regular expression above is kept for baking our own images).
 */
function credentialElement(svg: string): { openTag: string; body: string } | null {
  let at = svg.indexOf(OPEN_TAG);
  while (at >= 0) {
    const next = svg[at + OPEN_TAG.length];
    if (next === ">" || next === "/" || (next !== undefined && /\s/.test(next))) break;
    at = svg.indexOf(OPEN_TAG, at + OPEN_TAG.length);
  }
  if (at < 0) return null;
  const tagEnd = svg.indexOf(">", at);
  if (tagEnd < 0) return null;
  const openTag = svg.slice(at, tagEnd + 1);
  if (openTag.endsWith("/>")) return { openTag, body: "" };
  const close = svg.indexOf(CLOSE_TAG, tagEnd);
  if (close < 0) return null;
  return { openTag, body: svg.slice(tagEnd + 1, close) };
}

function readSvgCredential(svg: string): string | null {
  const match = credentialElement(svg);
  if (!match) return null;
  const verify = /\sverify="([^"]*)"/.exec(match.openTag);
  if (verify) return decodeXmlEntities(verify[1] as string);
  const body = match.body;
  const sections = [...body.matchAll(/<!\[CDATA\[([\s\S]*?)\]\]>/g)];
  const text = sections.length > 0 ? sections.map((section) => section[1]).join("") : decodeXmlEntities(body);
  return text.trim() === "" ? null : text;
}

/**
 * The credential baked into a PNG or SVG badge, as the text that was baked (JSON or a compact JWT), or null when
 * the file holds none. Throws when the file is neither a well-formed PNG nor an SVG.
 */
export function readBakedCredential(file: Buffer, maxCredentialBytes = Number.POSITIVE_INFINITY): string | null {
  if (isPng(file)) {
    let chunks: PngChunk[];
    try {
      chunks = pngChunks(file);
    } catch {
      throw new BakedCredentialError("not-an-image");
    }
    for (const chunk of chunks) {
      if (chunk.type !== "iTXt") continue;
      const text = parseITxt(chunk.data, maxCredentialBytes);
      if (text.keyword === PNG_KEYWORD) return text.text;
    }
    return null;
  }
  const text = file.toString("utf8");
  if (!/<svg\b/.test(text)) throw new BakedCredentialError("not-an-image");
  const credential = readSvgCredential(text);
  if (credential !== null && Buffer.byteLength(credential, "utf8") > maxCredentialBytes)
    throw new BakedCredentialError("credential-too-large");
  return credential;
}
