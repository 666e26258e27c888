import { describe, expect, it } from "vitest";
import { readUpgradeParams, withoutUpgradeParams } from "./upgrade-params";

describe("upgrade parameters", () => {
  it("reads the dialog, the feature and the plan to offer", () => {
    expect(readUpgradeParams(new URLSearchParams("upgrade=true&feature=CustomQuestions"), "Free")).toEqual({
      kind: "upgrade",
      feature: "CustomQuestions",
      plan: "Gold",
    });
    expect(readUpgradeParams(new URLSearchParams("upgradepath=true&plan=Silver"), "Free")).toMatchObject({
      kind: "upgradepath",
      plan: "Silver",
    });
    expect(readUpgradeParams(new URLSearchParams("upgrade=true"), "Silver")).toMatchObject({ plan: "Gold", feature: null });
    expect(readUpgradeParams(new URLSearchParams("upgrade=true&feature=Nope&plan=Diamond"), "Premium")).toMatchObject({
      plan: null,
      feature: null,
    });
    expect(readUpgradeParams(new URLSearchParams("page=2"), "Free").kind).toBeNull();
  });

  it("removes only the upgrade parameters", () => {
    expect(withoutUpgradeParams(new URLSearchParams("page=2&upgrade=true&plan=Gold&feature=AllSurveys&upgradepath=true")).toString()).toBe(
      "page=2",
    );
  });
});
