import { describe, expect, it } from "vitest";
import { AGREE_SCALE, BENEFIT_SCALE, RECOMMEND_OPTIONS, RECOMMENDATION_OPTIONS } from "../scales.js";
import { surveyFieldSchema } from "../survey-field.js";
import { BENEFIT_TOPICS, COMPETENCIES, GROUP_AREAS, LOVE_AREAS, SPARK_AREAS } from "./areas.js";
import { findDemographicCategory, LOWI_DEMOGRAPHICS, PREFER_NOT_TO_SAY } from "./demographics.js";
import { isLowiKey, LOWI_FIELDS, LOWI_GROUP_COUNTS, listLowiFields } from "./instrument.js";

const byGroup = (group: string) => LOWI_FIELDS.filter((field) => field.group === group);
const snake = (topic: string) => (topic === "LGBTQ" ? "lgbtq" : topic.replace(/(?<!^)(?=[A-Z])/g, "_").toLowerCase());

describe("LOWI instrument", () => {
  it("holds 20 agree, 2 open, 14 recommendation, 20 benefit, 1 recommend and 8 demographic items", () => {
    expect(LOWI_GROUP_COUNTS).toEqual({ agree: 20, open: 2, recommendation: 14, benefit: 20, recommend: 1, demographic: 8 });
    for (const [group, count] of Object.entries(LOWI_GROUP_COUNTS)) expect(byGroup(group)).toHaveLength(count);
    expect(LOWI_FIELDS).toHaveLength(65);
  });

  it("is valid against the field schema, with unique stable lowercase keys, all defaults", () => {
    for (const field of LOWI_FIELDS) {
      expect(surveyFieldSchema.parse(field)).toEqual(field);
      expect(field.key).toMatch(/^lowi_[a-z0-9_]+$/);
      expect(field.isDefault).toBe(true);
    }
    expect(new Set(LOWI_FIELDS.map((field) => field.key)).size).toBe(LOWI_FIELDS.length);
  });

  it("puts every agree item on the 5-point scale, required, with a topic and a SPARK area", () => {
    for (const field of byGroup("agree")) {
      expect(field.radioOptions).toEqual([...AGREE_SCALE]);
      expect(field.answerType).toBe("Radio");
      expect(field.required).toBe(true);
      expect(field.topic).toBeTruthy();
      expect(SPARK_AREAS).toContain(field.sparkArea);
      expect(Boolean(field.competency) !== Boolean(field.loveArea)).toBe(true);
    }
  });

  it("covers each of the 15 competencies and 5 love areas exactly once, with the benchmark topics", () => {
    const agree = byGroup("agree");
    expect(agree.filter((field) => field.competency).map((field) => field.competency)).toEqual(COMPETENCIES.map((c) => c.name));
    expect(agree.filter((field) => field.loveArea).map((field) => field.loveArea)).toEqual(LOVE_AREAS.map((area) => area.name));
    expect(agree.map((field) => field.topic)).toEqual([
      "Teamwork",
      "Growth",
      "Contribution",
      "Inclusivity",
      "FutureFocused",
      "Competence",
      "Perseverance",
      "GoalOriented",
      "Values",
      "Honesty",
      "Accountability",
      "PsychologicalSafety",
      "Appreciation",
      "Trust",
      "Belonging",
      "LoveWorking",
      "LoveWorkplace",
      "LoveManager",
      "LoveCoWorkers",
      "LoveCEO",
    ]);
    expect(agree.find((field) => field.loveArea === "Manager")?.key).toBe("lowi_love_manager");
  });

  it("measures every SPARK area with at least two items", () => {
    for (const area of SPARK_AREAS) expect(byGroup("agree").filter((field) => field.sparkArea === area).length).toBeGreaterThanOrEqual(2);
  });

  it("asks two optional open questions without a topic", () => {
    expect(byGroup("open").map((field) => field.key)).toEqual(["lowi_open_well", "lowi_open_better"]);
    for (const field of byGroup("open")) {
      expect(field).toMatchObject({ questionType: "Text", answerType: "Text", radioOptions: [], topic: null, required: false });
    }
  });

  it("asks about 14 of the 15 group areas, leaving out Inclusion, with do well / do better rows", () => {
    const rows = byGroup("recommendation");
    expect(rows.map((field) => field.topic)).toEqual(GROUP_AREAS.filter((area) => area.topic !== "Inclusion").map((area) => area.topic));
    for (const field of rows) {
      expect(field).toMatchObject({ questionType: "Matrix", answerType: "Radio", required: false });
      expect(field.radioOptions).toEqual([...RECOMMENDATION_OPTIONS]);
      expect(field.title).toBeTruthy();
      expect(field.key).toBe(`lowi_rec_${snake(field.topic!)}`);
    }
    expect(rows.map((field) => field.key)).toContain("lowi_rec_women");
  });

  it("rates the 20 benefits for satisfaction with a Not Offered choice", () => {
    const rows = byGroup("benefit");
    expect(rows.map((field) => field.topic)).toEqual([...BENEFIT_TOPICS]);
    for (const field of rows) {
      expect(field.radioOptions).toEqual([...BENEFIT_SCALE]);
      expect(field.radioOptions.at(-1)).toBe("Not Offered");
      expect(field.questionType).toBe("Matrix");
      expect(field.key).toBe(`lowi_benefit_${snake(field.topic!)}`);
    }
    expect(rows[0].key).toBe("lowi_benefit_paid_time_off");
  });

  it("asks the recommend item on the 1-10 scale, required", () => {
    const [recommend] = byGroup("recommend");
    expect(recommend.key).toBe("lowi_recommend");
    expect(recommend.radioOptions).toEqual(["Very Likely", "2", "3", "4", "5", "6", "7", "8", "9", "Not at All Likely"]);
    expect(recommend.radioOptions).toEqual([...RECOMMEND_OPTIONS]);
    expect(recommend.required).toBe(true);
    expect(recommend.topic).toBe("Recommend");
  });

  it("asks 8 optional, filterable demographic questions with the spec's categories", () => {
    const demographics = byGroup("demographic");
    expect(demographics.map((field) => field.key)).toEqual([
      "lowi_demo_age",
      "lowi_demo_gender",
      "lowi_demo_ethnicity",
      "lowi_demo_years_of_service",
      "lowi_demo_salary",
      "lowi_demo_job_type",
      "lowi_demo_job_function",
      "lowi_demo_region",
    ]);
    for (const field of demographics) {
      expect(field).toMatchObject({ filter: true, required: false, topic: null, answerType: "Radio" });
      expect(field.radioOptions.at(-1)).toBe(PREFER_NOT_TO_SAY);
      expect(new Set(field.radioOptions).size).toBe(field.radioOptions.length);
    }
    const options = (key: string) => demographics.find((field) => field.key === key)!.radioOptions.slice(0, -1);
    expect(options("lowi_demo_age")).toEqual(["30 or younger", "31-35", "36-45", "46-55", "56 or older"]);
    expect(options("lowi_demo_salary")).toEqual(["Under 50,000", "50,001-100,000", "Over 100,000"]);
    expect(options("lowi_demo_job_type")).toEqual(["Executive", "Front Line", "Individual Contributor", "Manager of Others"]);
    expect(LOWI_DEMOGRAPHICS.map((demographic) => demographic.category)).toHaveLength(8);
    expect(findDemographicCategory("lowi_demo_years_of_service")).toBe("Tenure");
    expect(findDemographicCategory("lowi_teamwork")).toBeNull();
  });

  it("only lets demographic questions be report filters", () => {
    expect(LOWI_FIELDS.filter((field) => field.filter).every((field) => field.group === "demographic")).toBe(true);
  });

  it("names the company through the placeholder, never a literal name", () => {
    const texts = LOWI_FIELDS.flatMap((field) => [field.question, field.title ?? ""]);
    expect(texts.some((text) => text.includes("{{company_name}}"))).toBe(true);
    for (const text of texts) for (const match of text.matchAll(/\{\{(\w+)\}\}/g)) expect(match[1]).toBe("company_name");
  });

  it("hands out copies that do not share option arrays", () => {
    const copy = listLowiFields();
    copy[0].radioOptions.push("Changed");
    expect(LOWI_FIELDS[0].radioOptions).toHaveLength(5);
    expect(isLowiKey("lowi_love_ceo")).toBe(true);
    expect(isLowiKey("custom_1")).toBe(false);
  });
});
