import { inflateRawSync } from "node:zlib";

/** Reads the entries of a ZIP made by zipFiles (local headers in order). */
export function readZip(buffer: Buffer): Record<string, string> {
  const files: Record<string, string> = {};
  let offset = 0;
  while (buffer.readUInt32LE(offset) === 0x04034b50) {
    const compressedSize = buffer.readUInt32LE(offset + 18);
    const nameLength = buffer.readUInt16LE(offset + 26);
    const extraLength = buffer.readUInt16LE(offset + 28);
    const name = buffer.subarray(offset + 30, offset + 30 + nameLength).toString("utf8");
    const start = offset + 30 + nameLength + extraLength;
    files[name] = inflateRawSync(buffer.subarray(start, start + compressedSize)).toString("utf8");
    offset = start + compressedSize;
  }
  return files;
}
