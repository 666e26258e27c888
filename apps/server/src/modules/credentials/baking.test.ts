/** Baking an Open Badges credential into PNG and SVG badges and reading it back (docs/decisions/0037). Pure. */
import { crc32, deflateSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { bakePng, bakeSvg, OPEN_BADGES_SVG_NAMESPACE, PNG_KEYWORD, readBakedCredential } from "./baking.js";
import { tinyPng } from "./test-png.js";

const CREDENTIAL = JSON.stringify({ id: "http://hearth.test/api/credentials/1", name: "Café ✓ ]]> <b>" });

/** Chunk types of a PNG in order, checking each CRC. */
function chunkTypes(png: Buffer): string[] {
  const types: string[] = [];
  let offset = 8;
  while (offset < png.length) {
    const length = png.readUInt32BE(offset);
    const type = png.toString("latin1", offset + 4, offset + 8);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(png.subarray(offset + 4, offset + 8 + length)));
    types.push(type);
    offset += 12 + length;
  }
  return types;
}

describe("PNG baking", () => {
  it("adds one uncompressed iTXt chunk keyed openbadgecredential just before IEND, with a correct CRC", () => {
    const baked = bakePng(tinyPng(), CREDENTIAL);
    expect(chunkTypes(baked)).toEqual(["IHDR", "IDAT", "iTXt", "IEND"]);
    const at = baked.indexOf(Buffer.from("iTXt", "latin1"));
    const length = baked.readUInt32BE(at - 4);
    const data = baked.subarray(at + 4, at + 4 + length);
    // keyword, NUL, compression flag 0, method 0, empty language, NUL, empty translated keyword, NUL, text
    expect(data.subarray(0, PNG_KEYWORD.length + 5)).toEqual(Buffer.concat([Buffer.from(PNG_KEYWORD), Buffer.from([0, 0, 0, 0, 0])]));
    expect(data.subarray(PNG_KEYWORD.length + 5).toString("utf8")).toBe(CREDENTIAL);
    expect(readBakedCredential(baked)).toBe(CREDENTIAL);
  });

  it("replaces a credential baked before, so the file holds one", () => {
    const twice = bakePng(bakePng(tinyPng(), "first"), CREDENTIAL);
    expect(chunkTypes(twice).filter((type) => type === "iTXt")).toHaveLength(1);
    expect(readBakedCredential(twice)).toBe(CREDENTIAL);
  });

  it("reads a compressed iTXt credential too, and null from a PNG without one", () => {
    expect(readBakedCredential(tinyPng())).toBeNull();
    const png = tinyPng();
    const text = Buffer.concat([Buffer.from(PNG_KEYWORD), Buffer.from([0, 1, 0, 0, 0]), deflateSync(Buffer.from(CREDENTIAL))]);
    const head = Buffer.alloc(8);
    head.writeUInt32BE(text.length, 0);
    head.write("iTXt", 4, "latin1");
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), text])), 0);
    const withCompressed = Buffer.concat([png.subarray(0, png.length - 12), head, text, crc, png.subarray(png.length - 12)]);
    expect(readBakedCredential(withCompressed)).toBe(CREDENTIAL);
  });

  it("refuses a PNG whose chunk was altered (CRC) or cut short, and a file that is neither PNG nor SVG", () => {
    const baked = bakePng(tinyPng(), CREDENTIAL);
    const altered = Buffer.from(baked);
    const at = altered.indexOf(Buffer.from("Caf"));
    altered[at] = "D".charCodeAt(0);
    expect(() => readBakedCredential(altered)).toThrow(/not-an-image/);
    expect(() => readBakedCredential(baked.subarray(0, baked.length - 5))).toThrow(/not-an-image/);
    expect(() => bakePng(Buffer.from("not a png"), CREDENTIAL)).toThrow(/Not a PNG/);
    expect(() => readBakedCredential(Buffer.from("hello"))).toThrow(/not-an-image/);
  });
});

describe("SVG baking", () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>';

  it("declares the Open Badges namespace and adds an openbadges:credential element holding the JSON", () => {
    const baked = bakeSvg(svg, CREDENTIAL);
    expect(baked).toContain(`xmlns:openbadges="${OPEN_BADGES_SVG_NAMESPACE}"`);
    expect(baked).toMatch(/^<svg [^>]*><openbadges:credential><!\[CDATA\[/);
    expect(baked).toContain("<rect");
    expect(readBakedCredential(Buffer.from(baked))).toBe(CREDENTIAL);
  });

  it("replaces an earlier credential, keeps one namespace declaration, and puts a JWT in the verify attribute", () => {
    const jwt = "eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2lnbmF0dXJl";
    const baked = bakeSvg(bakeSvg(svg, CREDENTIAL), jwt);
    expect(baked.match(/xmlns:openbadges=/g)).toHaveLength(1);
    expect(baked.match(/<openbadges:credential/g)).toHaveLength(1);
    expect(baked).toContain(`<openbadges:credential verify="${jwt}"/>`);
    expect(readBakedCredential(Buffer.from(baked))).toBe(jwt);
  });

  it("bakes a self-closing root, answers null for an SVG without a credential and refuses a non-SVG", () => {
    const baked = bakeSvg('<svg xmlns="http://www.w3.org/2000/svg"/>', CREDENTIAL);
    expect(baked).toMatch(/<\/svg>$/);
    expect(readBakedCredential(Buffer.from(baked))).toBe(CREDENTIAL);
    expect(readBakedCredential(Buffer.from(svg))).toBeNull();
    expect(() => bakeSvg("<html></html>", CREDENTIAL)).toThrow(/SVG/);
  });
});
