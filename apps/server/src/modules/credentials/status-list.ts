import { gunzipSync, gzipSync } from "node:zlib";

/**
 * The W3C Bitstring Status List encoding (docs/decisions/0037): a bit per issued badge, index 0 the most significant
 * bit of the first byte, GZIP-compressed, base64url without padding, multibase prefix `u`. 131,072 bits (16 KiB),
 * the specification's minimum, so a list does not tell how many badges were issued.
 */
export const STATUS_LIST_BITS = 131_072;

export function encodeStatusList(revoked: Iterable<number>, bits = STATUS_LIST_BITS): string {
  const bytes = Buffer.alloc(Math.ceil(bits / 8));
  for (const index of revoked) {
    if (!Number.isInteger(index) || index < 0 || index >= bits) throw new RangeError(`Status index ${index} outside the list`);
    bytes[index >> 3] = (bytes[index >> 3] as number) | (0x80 >> (index & 7));
  }
  return `u${gzipSync(bytes).toString("base64url")}`;
}

export function decodeStatusList(encoded: string): Buffer {
  if (!encoded.startsWith("u")) throw new Error("Status list is not multibase base64url");
  return gunzipSync(Buffer.from(encoded.slice(1), "base64url"));
}

export function statusBit(list: Buffer, index: number): boolean {
  if (!Number.isInteger(index) || index < 0 || index >= list.length * 8) throw new RangeError(`Status index ${index} outside the list`);
  return ((list[index >> 3] as number) & (0x80 >> (index & 7))) !== 0;
}
