import { describe, expect, it } from "vitest";
import {
  buildUpgradeQuery,
  describeUpgradeTarget,
  FEATURE_MINIMUM_PLAN,
  listFeaturesAddedBy,
  FEATURES,
  hasFeature,
  isFeature,
  listAvailableFeatures,
  listFeatureTiers,
  listPlanFeatures,
  minimumPlanFor,
  planIncludesFeature,
} from "./features.js";
import { PLANS } from "./plans.js";

const ordinary = { internalVisibility: false, isInternalAccount: false };

describe("feature tiers", () => {
  it("gives Free only the LOWI survey", () => {
    expect(listPlanFeatures("Free")).toEqual(["LOWISurvey"]);
  });

  it("adds the LOWI report, data export and the basic culture profile at Bronze, and Basic matches Bronze", () => {
    expect(listPlanFeatures("Bronze")).toEqual(["LOWISurvey", "LOWIReport", "DataExport", "BasicCultureProfile"]);
    expect(listPlanFeatures("Basic")).toEqual(listPlanFeatures("Bronze"));
  });

  it("adds analysis, cohorts, amplification and plans at Silver", () => {
    const silver = listPlanFeatures("Silver");
    for (const feature of [
      "CommentSearch",
      "ThematicAnalysis",
      "SentimentReport",
      "CommentsReport",
      "BreakdownReport",
      "DepartmentInsights",
      "CustomCohort",
      "PressKit",
      "SocialAmplification",
      "TransformationPlans",
      "CompleteCultureProfile",
      "RemoveDefaultCohort",
    ] as const) {
      expect(silver).toContain(feature);
    }
    expect(silver).not.toContain("CustomQuestions");
    expect(silver).not.toContain("AllSurveys");
  });

  it("keeps custom questions and all surveys for Gold, as the spec's upgrade texts say", () => {
    expect(minimumPlanFor("CustomQuestions")).toBe("Gold");
    expect(minimumPlanFor("AllSurveys")).toBe("Gold");
    expect(listPlanFeatures("Gold")).toEqual([...FEATURES]);
    expect(listPlanFeatures("Premium")).toEqual([...FEATURES]);
  });

  it("never takes a feature away on a higher plan", () => {
    for (const feature of FEATURES) {
      const included = PLANS.map((plan) => planIncludesFeature(plan, feature));
      const firstIncluded = included.indexOf(true);
      expect(firstIncluded).toBeGreaterThanOrEqual(0);
      expect(included.slice(firstIncluded).every(Boolean)).toBe(true);
      expect(PLANS[firstIncluded]).toBe(FEATURE_MINIMUM_PLAN[feature]);
    }
  });

  it("lists what each plan adds", () => {
    const tiers = listFeatureTiers();
    expect(tiers.map((tier) => tier.plan)).toEqual([...PLANS]);
    expect(tiers.find((tier) => tier.plan === "Gold")?.adds).toEqual(["CustomQuestions", "AllSurveys"]);
    expect(tiers.find((tier) => tier.plan === "Basic")?.adds).toEqual([]);
    expect(tiers.flatMap((tier) => tier.adds).sort()).toEqual([...FEATURES].sort());
  });
});

describe("hasFeature", () => {
  it("grants everything to an internal account with internal visibility", () => {
    const user = { internalVisibility: true, isInternalAccount: true };
    for (const feature of FEATURES) expect(hasFeature(user, { plan: "Free", features: [] }, feature)).toBe(true);
  });

  it("ignores internal visibility on an ordinary account and on an internal account viewing as a user", () => {
    expect(hasFeature({ internalVisibility: true }, { plan: "Free" }, "LOWIReport")).toBe(false);
    expect(hasFeature({ internalVisibility: true, isInternalAccount: false }, { plan: "Free" }, "LOWIReport")).toBe(false);
    expect(hasFeature({ internalVisibility: false, isInternalAccount: true }, { plan: "Free" }, "LOWIReport")).toBe(false);
  });

  it("grants a feature the company's own list names, whatever the plan", () => {
    expect(hasFeature(ordinary, { plan: "Free", features: ["CustomQuestions"] }, "CustomQuestions")).toBe(true);
    expect(hasFeature(ordinary, { plan: "Free", features: ["CustomQuestions"] }, "AllSurveys")).toBe(false);
  });

  it("grants a feature the plan includes", () => {
    expect(hasFeature(ordinary, { plan: "Bronze", features: [] }, "DataExport")).toBe(true);
    expect(hasFeature(ordinary, { plan: "Bronze", features: [] }, "ThematicAnalysis")).toBe(false);
    expect(hasFeature(ordinary, { plan: "Silver" }, "ThematicAnalysis")).toBe(true);
    expect(hasFeature(ordinary, { plan: "Premium", features: null }, "AllSurveys")).toBe(true);
  });

  it("treats a missing or unknown plan as Free", () => {
    expect(hasFeature({}, { plan: undefined }, "LOWISurvey")).toBe(true);
    expect(hasFeature({}, { plan: "Platinum" }, "LOWIReport")).toBe(false);
  });

  it("lists the available features", () => {
    expect(listAvailableFeatures(ordinary, { plan: "Free", features: ["PressKit", "NotAFeature"] })).toEqual(["LOWISurvey", "PressKit"]);
  });
});

describe("upgrade targets", () => {
  it("points a locked feature at the first plan that includes it", () => {
    expect(describeUpgradeTarget("AllSurveys")).toEqual({ plan: "Gold", feature: "AllSurveys", label: "Custom Surveys" });
    expect(describeUpgradeTarget("CustomQuestions").plan).toBe("Gold");
    expect(buildUpgradeQuery("DataExport")).toEqual({ upgrade: "true", plan: "Bronze", feature: "DataExport" });
  });

  it("recognises feature names", () => {
    expect(isFeature("CommentSearch")).toBe(true);
    expect(isFeature("commentsearch")).toBe(false);
    expect(isFeature(3)).toBe(false);
  });
});

describe("listFeaturesAddedBy", () => {
  it("lists what the target plan has and the current one lacks", () => {
    expect(listFeaturesAddedBy("Gold", "Silver")).toEqual(["CustomQuestions", "AllSurveys"]);
    expect(listFeaturesAddedBy("Gold", "Free")).toContain("LOWIReport");
    expect(listFeaturesAddedBy("Basic", "Bronze")).toEqual([]);
    expect(listFeaturesAddedBy("Premium", "Gold")).toEqual([]);
  });
});
