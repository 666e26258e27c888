import { inflateSync } from "node:zlib";

/** Every `<hex> Tj` of a PDF's inflated content streams, in order: the texts pdf-lib drew with the standard fonts. */
export function pdfTextItems(bytes: Buffer): string[] {
  const raw = bytes.toString("latin1");
  const parts: string[] = [];
  for (const match of raw.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(match[1], "latin1")).toString("latin1");
    } catch {
      // A compressed stream that ends in a carriage return lost it to the `\r?\n` before "endstream".
      try {
        content = inflateSync(Buffer.from(`${match[1]}\r`, "latin1")).toString("latin1");
      } catch {
        content = match[1];
      }
    }
    for (const shown of content.matchAll(/<([0-9A-Fa-f]*)> Tj/g)) parts.push(Buffer.from(shown[1], "hex").toString("latin1"));
  }
  return parts;
}

/** Every `<hex> Tj` of a PDF's inflated content streams, joined: the text pdf-lib drew with the standard fonts. */
export function pdfText(bytes: Buffer): string {
  return pdfTextItems(bytes).join(" ");
}
