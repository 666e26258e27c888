/** The bundled fonts: Inter alone for the scripts it covers, a Noto file for each script it lacks, nothing fetched. */
import { describe, expect, it } from "vitest";
import { canDrawLetters, fontsFor, loadInterFonts, undrawableCharacters } from "./fonts.js";

describe("bundled fonts", () => {
  it("draws Latin, Greek, Cyrillic and Vietnamese with Inter's own array, so satori's font cache holds", async () => {
    const inter = await loadInterFonts();
    expect(await fontsFor("Acme Ltd", "Ελλάς Привет Việt Nam")).toBe(inter);
  });

  it("adds the Noto file that covers each script Inter lacks, and gives the same set back for the same files", async () => {
    const inter = await loadInterFonts();
    for (const [name, family] of [
      ["株式会社ひかり", "noto-sans-jp"],
      ["شركة النور", "noto-sans-arabic"],
      ["חברת אור", "noto-sans-hebrew"],
      ["บริษัท แสงดาว", "noto-sans-thai"],
      ["प्रकाश", "noto-sans-devanagari"],
      ["한빛소프트", "noto-sans-kr"],
    ] as const) {
      const fonts = await fontsFor(name);
      expect(fonts.slice(0, inter.length)).toEqual(inter);
      const added = fonts.slice(inter.length).map((font) => font.name);
      expect(added.length, name).toBeGreaterThan(0);
      expect(
        added.some((font) => font.startsWith(`Fallback ${family}-`)),
        `${name}: ${added.join(", ")}`,
      ).toBe(true);
      expect(await fontsFor(name)).toBe(fonts);
      expect(await undrawableCharacters(name)).toEqual([]);
    }
  });

  it("says which letters no bundled font covers; symbols do not count as letters", async () => {
    expect(await undrawableCharacters("ሰላም team")).toEqual(["ሰ", "ላ", "ም"]);
    expect(await canDrawLetters("ሰላም team")).toBe(false);
    expect(await canDrawLetters("Great team 🎉")).toBe(true);
  });
});
