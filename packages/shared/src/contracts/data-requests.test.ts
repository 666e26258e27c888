import { describe, expect, it } from "vitest";
import { dataRequestInputSchema, dataRequestLimitMessage, lowestPlanWithDataRequests } from "./data-requests.js";

describe("custom data request rules", () => {
  it("names the plans that include them when the plan has none", () => {
    expect(dataRequestLimitMessage("Free", 0)).toBe(
      "The Free plan includes no custom data requests. Silver includes 4 and Gold 6: upgrade to ask for one.",
    );
    expect(lowestPlanWithDataRequests()).toBe("Silver");
  });

  it("says all are in use at the limit, pointing Silver at Gold", () => {
    expect(dataRequestLimitMessage("Silver", 4)).toBe(
      "The Silver plan includes 4 custom data requests, and all are in use (a declined request does not count). Gold includes 6.",
    );
    expect(dataRequestLimitMessage("Gold", 6)).not.toContain("Gold includes");
  });

  it("trims and bounds the input", () => {
    expect(dataRequestInputSchema.parse({ title: "  Turnover  ", description: "  By department please  " })).toEqual({
      title: "Turnover",
      description: "By department please",
    });
    expect(dataRequestInputSchema.safeParse({ title: "x".repeat(201), description: "y".repeat(20) }).success).toBe(false);
  });
});
