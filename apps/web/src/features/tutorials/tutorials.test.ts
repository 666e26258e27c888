import { existsSync, statSync } from "node:fs";
import path from "node:path";
import { TOUR_IDS } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { findTutorial, TUTORIALS } from "./tutorials";

const PUBLIC = path.resolve(import.meta.dirname, "../../../public/tutorials");

describe("tutorial pages", () => {
  it("are the three the spec names, each at its own address", () => {
    expect(TUTORIALS.map((tutorial) => tutorial.slug)).toEqual(["surveys", "data", "survey_personalization"]);
    expect(findTutorial("data")?.title).toBe("Import data and use imported cohorts");
    expect(findTutorial("nothing")).toBeNull();
    expect(findTutorial(undefined)).toBeNull();
  });

  for (const tutorial of TUTORIALS) {
    describe(tutorial.title, () => {
      it("has sections with their own anchors and headings", () => {
        expect(tutorial.sections.length).toBeGreaterThanOrEqual(3);
        expect(new Set(tutorial.sections.map((section) => section.anchor)).size).toBe(tutorial.sections.length);
        for (const section of tutorial.sections) expect(section.anchor).toMatch(/^[a-z-]+$/);
      });

      it("shows screenshots that exist, are small, and say what they show", () => {
        const figures = tutorial.sections.flatMap((section) => (section.figure ? [section.figure] : []));
        expect(figures.length).toBeGreaterThanOrEqual(2);
        for (const figure of figures) {
          const file = path.join(PUBLIC, figure.file);
          expect(existsSync(file), figure.file).toBe(true);
          expect(statSync(file).size).toBeLessThan(60_000);
          expect(figure.alt.length).toBeGreaterThan(40);
          expect(figure.caption.length).toBeGreaterThan(10);
        }
      });

      it("offers tours that exist", () => {
        expect(tutorial.tours.length).toBeGreaterThan(0);
        for (const tour of tutorial.tours) expect(TOUR_IDS).toContain(tour);
      });
    });
  }
});
