import { describe, expect, it } from "vitest";
import {
  CUSTOM_DATA_REQUESTS,
  canRequestPlan,
  describePlanRequestButton,
  isPlan,
  isPlanAbove,
  LICENCE_LIMITS,
  listRequestablePlans,
  PLAN_REQUEST_RECEIVED,
  PLANS,
  SURVEY_SLOTS_PER_PLAN,
  toPlan,
} from "./plans.js";

describe("plan order", () => {
  it("puts Basic level with Bronze and everything else in strict order", () => {
    expect(PLANS).toEqual(["Free", "Bronze", "Basic", "Silver", "Gold", "Premium"]);
    expect(isPlanAbove("Bronze", "Free")).toBe(true);
    expect(isPlanAbove("Basic", "Bronze")).toBe(false);
    expect(isPlanAbove("Bronze", "Basic")).toBe(false);
    expect(isPlanAbove("Silver", "Basic")).toBe(true);
    expect(isPlanAbove("Premium", "Gold")).toBe(true);
    expect(isPlanAbove("Gold", "Gold")).toBe(false);
    expect(isPlanAbove("Free", "Silver")).toBe(false);
  });

  it("gives Basic the same limits as Bronze", () => {
    expect(LICENCE_LIMITS.Basic).toEqual(LICENCE_LIMITS.Bronze);
    expect(LICENCE_LIMITS.Premium).toEqual(LICENCE_LIMITS.Gold);
  });

  it("reads unknown plan names as Free", () => {
    expect(isPlan("Gold")).toBe(true);
    expect(isPlan("gold")).toBe(false);
    expect(toPlan("Platinum")).toBe("Free");
    expect(toPlan(undefined)).toBe("Free");
    expect(toPlan("Silver")).toBe("Silver");
  });
});

describe("plan upgrade requests", () => {
  it("allows a request only for a plan above the current one", () => {
    expect(canRequestPlan("Free", "Bronze")).toBe(true);
    expect(canRequestPlan("Bronze", "Silver")).toBe(true);
    expect(canRequestPlan("Silver", "Silver")).toBe(false);
    expect(canRequestPlan("Gold", "Silver")).toBe(false);
    expect(canRequestPlan("Bronze", "Basic")).toBe(false);
    expect(canRequestPlan("Free", "Diamond")).toBe(false);
    expect(canRequestPlan("Premium", "Premium")).toBe(false);
  });

  it("lists the plans that can be requested", () => {
    expect(listRequestablePlans("Free")).toEqual(["Bronze", "Basic", "Silver", "Gold", "Premium"]);
    expect(listRequestablePlans("Basic")).toEqual(["Silver", "Gold", "Premium"]);
    expect(listRequestablePlans("Premium")).toEqual([]);
  });

  it("labels the request buttons Current, Requested, Request and Not Available", () => {
    expect(PLANS.map((plan) => describePlanRequestButton("Silver", plan, ["Gold"]))).toEqual([
      "Not Available",
      "Not Available",
      "Not Available",
      "Current",
      "Requested",
      "Request",
    ]);
    expect(describePlanRequestButton("Bronze", "Basic")).toBe("Current");
    expect(describePlanRequestButton("Free", "Free")).toBe("Current");
    expect(describePlanRequestButton("Free", "Bronze")).toBe("Request");
  });

  it("ignores a recorded request for a plan that is not above the current one", () => {
    expect(describePlanRequestButton("Gold", "Silver", ["Silver"])).toBe("Not Available");
    expect(describePlanRequestButton("Gold", "Gold", ["Gold"])).toBe("Current");
  });

  it("carries the success text and constants word for word", () => {
    expect(PLAN_REQUEST_RECEIVED).toBe("Great! We have received your request for a plan upgrade and will get in touch shortly!");
    expect(SURVEY_SLOTS_PER_PLAN).toBe(3);
    expect(CUSTOM_DATA_REQUESTS.Silver).toBe(4);
    expect(CUSTOM_DATA_REQUESTS.Gold).toBe(6);
  });
});
