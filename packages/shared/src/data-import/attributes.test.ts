import { describe, expect, it } from "vitest";
import { cleanAttribute, cleanCode, cleanText, fteFromHours, parseManagerLevel, parseStandardHours, resolveFte } from "./attributes.js";

const NOW = new Date(Date.UTC(2026, 10, 24));

describe("attributes", () => {
  it("computes FTE as standard hours ÷ 40 over the hours the spec saw (5–39) and a full week", () => {
    expect(fteFromHours(5)).toBe(0.13);
    expect(fteFromHours(20)).toBe(0.5);
    expect(fteFromHours(37.5)).toBe(0.94);
    expect(fteFromHours(39)).toBe(0.98);
    expect(fteFromHours(40)).toBe(1);
    expect(resolveFte(undefined, "30")).toEqual({ ok: true, value: "0.75" });
    expect(resolveFte("0.5", undefined)).toEqual({ ok: true, value: "0.50" });
    expect(resolveFte("80%", undefined)).toEqual({ ok: true, value: "0.80" });
    expect(resolveFte("0.5", "20 hours")).toEqual({ ok: true, value: "0.50" });
    expect(resolveFte("1.0", "20")).toEqual({ ok: false, reason: "FTE 1.00 does not match 20 standard hours (0.50)" });
    expect(resolveFte("2", undefined).ok).toBe(false);
    expect(resolveFte("half", undefined)).toEqual({ ok: false, reason: "Not an FTE (such as 0.5 or 50%)" });
    expect(resolveFte("", "")).toEqual({ ok: false, reason: "Empty" });
  });

  it("reads standard hours with their units, within 1 to 60 a week", () => {
    expect(parseStandardHours("37.5")).toEqual({ ok: true, value: "37.5" });
    expect(parseStandardHours("20 hrs/week")).toEqual({ ok: true, value: "20" });
    expect(parseStandardHours("5 hours per week")).toEqual({ ok: true, value: "5" });
    expect(parseStandardHours("0")).toEqual({ ok: false, reason: "Standard hours run from 1 to 60 a week" });
    expect(parseStandardHours("61").ok).toBe(false);
    expect(parseStandardHours("full time")).toEqual({ ok: false, reason: "Not a number of hours" });
  });

  it("writes manager levels one way and refuses levels past 5", () => {
    for (const raw of ["3", "L3", "Level 3", "lvl 3", "M3"]) expect(parseManagerLevel(raw), raw).toEqual({ ok: true, value: "Level 3" });
    expect(parseManagerLevel("0")).toEqual({ ok: true, value: "Level 0" });
    expect(parseManagerLevel("6")).toEqual({ ok: false, reason: "Manager levels run from 0 to 5" });
    expect(parseManagerLevel("senior").ok).toBe(false);
  });

  it("cleans codes and names, and reads a tenure band", () => {
    expect(cleanCode(" fin-001 ")).toEqual({ ok: true, value: "FIN-001" });
    expect(cleanCode("a;b").ok).toBe(false);
    expect(cleanText("  Customer   Success ")).toEqual({ ok: true, value: "Customer Success" });
    expect(cleanText("x".repeat(121)).ok).toBe(false);
    expect(cleanText("   ")).toEqual({ ok: false, reason: "Empty" });
    expect(cleanAttribute("tenureBand", "4 years", NOW)).toEqual({ ok: true, value: "3-5 years" });
    expect(cleanAttribute("tenureBand", "ages", NOW).ok).toBe(false);
    expect(cleanAttribute("managerLevel", "L2", NOW)).toEqual({ ok: true, value: "Level 2" });
  });
});
