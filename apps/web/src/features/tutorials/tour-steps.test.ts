import { TOUR_IDS } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { TOUR_LAUNCHER, TOURS, tourTarget } from "./tour-steps";

describe("tour step definitions", () => {
  it("define one tour per tour id, under its own id", () => {
    expect(Object.keys(TOURS).sort()).toEqual([...TOUR_IDS].sort());
    for (const id of TOUR_IDS) expect(TOURS[id].id).toBe(id);
  });

  for (const tour of Object.values(TOURS)) {
    describe(tour.name, () => {
      it("has steps, each with a data-tour target, a title and a text", () => {
        expect(tour.steps.length).toBeGreaterThan(1);
        for (const step of tour.steps) {
          expect(step.target).toMatch(/^\[data-tour="[a-z0-9-]+"\]$/);
          expect(step.title.trim().length).toBeGreaterThan(0);
          expect(step.body.trim().length).toBeGreaterThan(20);
          // A sentence, not a fragment: a capital first and a full stop last.
          expect(step.body).toMatch(/^[A-Z].*\.$/);
        }
      });

      it("has no two steps on the same target and no repeated title", () => {
        expect(new Set(tour.steps.map((step) => step.target)).size).toBe(tour.steps.length);
        expect(new Set(tour.steps.map((step) => step.title)).size).toBe(tour.steps.length);
      });

      it("moves through the wizard's stages in order, or has none", () => {
        const stages = tour.steps.map((step) => step.stage);
        if (tour.id === "wizard") {
          expect(stages.every((stage) => stage !== undefined)).toBe(true);
          expect([...stages].sort()).toEqual(stages);
          expect(stages[0]).toBe(1);
        } else expect(stages.every((stage) => stage === undefined)).toBe(true);
      });
    });
  }

  it("ends the page tours on the button that takes them again", () => {
    expect(TOURS.invitations.steps.at(-1)?.target).toBe(tourTarget(TOUR_LAUNCHER));
    expect(TOURS.reports.steps.at(-1)?.target).toBe(tourTarget(TOUR_LAUNCHER));
  });
});
