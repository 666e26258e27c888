/**
 * PNG fixtures for the credential tests and the decompression-bomb benchmark (bench/lib/credential-bomb.ts): a tiny
 * valid image, and one carrying a compressed credential of any inflated size without ever holding that size.
 */
import { once } from "node:events";
import { createDeflate, deflateSync } from "node:zlib";
import { encodeChunk, PNG_KEYWORD } from "./baking.js";

const MiB = 1024 * 1024;

/** A tiny valid PNG (width × height, RGBA, one colour) for the baking tests. */
export function tinyPng(width = 2, height = 2): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, 0x7f)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    encodeChunk("IHDR", ihdr),
    encodeChunk("IDAT", deflateSync(pixels)),
    encodeChunk("IEND", Buffer.alloc(0)),
  ]);
}

/** zlib-compressed zeros, `total` bytes of them, streamed so the caller never holds the inflated size. */
export async function deflatedZeros(total: number): Promise<Buffer> {
  const deflate = createDeflate({ level: 9 });
  const parts: Buffer[] = [];
  deflate.on("data", (part: Buffer) => parts.push(part));
  const block = Buffer.alloc(16 * MiB);
  for (let written = 0; written < total; written += block.length) {
    if (!deflate.write(block.subarray(0, Math.min(block.length, total - written)))) await once(deflate, "drain");
  }
  deflate.end();
  await once(deflate, "end");
  return Buffer.concat(parts);
}

/** A tiny PNG holding one compressed iTXt chunk keyed openbadgecredential whose text is `compressed`. */
export function pngWithCompressedCredential(compressed: Buffer): Buffer {
  const png = tinyPng();
  const data = Buffer.concat([Buffer.from(PNG_KEYWORD, "latin1"), Buffer.from([0, 1, 0, 0, 0]), compressed]);
  const end = png.length - 12; // the IEND chunk
  return Buffer.concat([png.subarray(0, end), encodeChunk("iTXt", data), png.subarray(end)]);
}
