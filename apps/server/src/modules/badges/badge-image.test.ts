/** The badge renderer (docs/decisions/0036): both layouts at their sizes, the texts drawn, the cache and ETag helpers. */
import { describe, expect, it } from "vitest";
import { BADGE_SIZES, type BadgeImageInput, badgeLayout, pngSize, renderBadgeImage } from "./badge-image.js";
import type { HeldBadge } from "./badges.repo.js";
import { forgetHeldBadges } from "../credentials/held-badges-generation.js";
import { BadgeFileCache, HeldBadgeCache, badgeEtag, etagMatches, renderBadgeFile } from "./badges.service.js";

const input: BadgeImageInput = {
  companyName: "Kiln Collective",
  badgeName: "Hearth Certified Workplace",
  type: "certification",
  year: 2026,
  orientation: "v",
};

/** Every string in satori's element tree. */
const texts = (node: unknown): string[] => {
  if (typeof node === "string") return [node];
  if (Array.isArray(node)) return node.flatMap(texts);
  if (node && typeof node === "object" && "props" in node) return texts((node as { props: { children?: unknown } }).props.children);
  return [];
};

describe("badge image", () => {
  it("lays out the company's name, the badge's name and the year in both orientations", () => {
    for (const orientation of ["v", "h"] as const) {
      const drawn = texts(badgeLayout({ ...input, orientation }));
      expect(drawn).toEqual(expect.arrayContaining(["Kiln Collective", "Hearth Certified Workplace", "2026", "CERTIFIED"]));
    }
    expect(texts(badgeLayout({ ...input, type: "award" }))).toContain("AWARD");
  });

  it("renders a PNG and an SVG at the layout's size", { timeout: 30_000 }, async () => {
    for (const orientation of ["v", "h"] as const) {
      const image = await renderBadgeImage({ ...input, orientation });
      expect(pngSize(image.png)).toEqual(BADGE_SIZES[orientation]);
      expect(image.svg).toMatch(
        new RegExp(`^<svg[^>]* width="${BADGE_SIZES[orientation].width}" height="${BADGE_SIZES[orientation].height}"`),
      );
    }
  });

  it("renders the same bytes for the same badge (a stable ETag) and other bytes for another name", { timeout: 30_000 }, async () => {
    const one = await renderBadgeFile(input, "png");
    const two = await renderBadgeFile(input, "png");
    const renamed = await renderBadgeFile({ ...input, companyName: "Kiln Co" }, "png");
    expect(badgeEtag(one)).toBe(badgeEtag(two));
    expect(badgeEtag(renamed)).not.toBe(badgeEtag(one));
    expect((await renderBadgeFile(input, "svg")).toString("utf8").startsWith("<svg")).toBe(true);
  });

  it("reads PNG sizes only from PNGs", () => {
    expect(pngSize(Buffer.from("GIF89a not a png at all, really"))).toBeNull();
  });
});

describe("etagMatches", () => {
  it("matches the ETag in a list, weak or strong, and *", () => {
    expect(etagMatches('"abc"', '"abc"')).toBe(true);
    expect(etagMatches('"x", W/"abc"', '"abc"')).toBe(true);
    expect(etagMatches("*", '"abc"')).toBe(true);
    expect(etagMatches('"abcd"', '"abc"')).toBe(false);
    expect(etagMatches(undefined, '"abc"')).toBe(false);
  });
});

describe("BadgeFileCache", () => {
  const file = (name: string) => ({ bytes: Buffer.from(name), contentType: "image/png", etag: `"${name}"`, fileName: name });

  it("renders once per key and drops the least recently used beyond its bound", async () => {
    const cache = new BadgeFileCache(2);
    let renders = 0;
    const render = (name: string) => () => {
      renders += 1;
      return Promise.resolve(file(name));
    };
    await cache.get("a", render("a"));
    await cache.get("b", render("b"));
    await cache.get("a", render("a"));
    expect(renders).toBe(2);
    await cache.get("c", render("c"));
    expect(cache.size).toBe(2);
    await cache.get("a", render("a"));
    expect(renders).toBe(3);
    await cache.get("b", render("b"));
    expect(renders).toBe(4);
  });

  it("forgets a failed render", async () => {
    const cache = new BadgeFileCache(5);
    await expect(cache.get("a", () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
    await Promise.resolve();
    expect(cache.size).toBe(0);
  });
});

describe("HeldBadgeCache", () => {
  const held: HeldBadge = {
    tenantId: "t",
    badgeId: "certification-2026",
    companyName: "Kiln",
    companyLegalName: null,
    badgeName: "Hearth Certified Workplace",
    type: "certification",
    year: 2026,
  };

  it("trusts a find for its TTL, asks again after it or after forgetHeldBadges, and never keeps a miss", async () => {
    const cache = new HeldBadgeCache(30_000, 10);
    let finds = 0;
    let answer: HeldBadge | null = held;
    const find = () => {
      finds += 1;
      return Promise.resolve(answer);
    };
    expect(await cache.get("k", find, 0)).toEqual(held);
    expect(await cache.get("k", find, 29_999)).toEqual(held);
    expect(finds).toBe(1);
    answer = null;
    expect(await cache.get("k", find, 30_000)).toBeNull();
    expect(await cache.get("k", find, 30_001)).toBeNull();
    expect(finds).toBe(3);
    answer = held;
    await cache.get("k", find, 40_000);
    forgetHeldBadges();
    answer = null;
    expect(await cache.get("k", find, 40_001)).toBeNull();
    expect(finds).toBe(5);
  });
});
