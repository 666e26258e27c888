import { describe, expect, it } from "vitest";
import { LOWI_FIELDS } from "../lowi/instrument.js";
import { surveyFieldSchema } from "../survey-field.js";
import { CONTENT_SETS, resolveContentSet, SHARED_CONTENT_SET_PRESETS } from "./content-sets.js";
import { describeMetaField, listPlaceholders } from "./meta-fields.js";
import { findPreset, isSurveyPresetId, listDefaultFields, listPresetFields, listPresets } from "./registry.js";
import { SURVEY_PRESET_IDS } from "./types.js";

const EMAIL_PLACEHOLDERS = [
  "first_name",
  "last_name",
  "company_name",
  "meeting_name",
  "survey_link",
  "survey_name",
  "sender_name",
  "survey_duration",
];
const keyPrefix = (id: string) =>
  ({ PulseValidation: "lowi_", Custom: "custom_", CustomerLoveOfCompany: "customer_love_", LGBTQ: "lgbtq_" })[id] ??
  `${id.replace(/(?<!^)(?=[A-Z])/g, "_").toLowerCase()}_`;

describe("preset registry", () => {
  it("lists every preset of the spec once, LOWI first and Custom last", () => {
    expect(listPresets().map((preset) => preset.id)).toEqual([...SURVEY_PRESET_IDS]);
    expect(SURVEY_PRESET_IDS).toHaveLength(19);
    expect(listPresets()[0].id).toBe("PulseValidation");
    expect(listPresets().at(-1)?.id).toBe("Custom");
  });

  it("finds presets by id and nothing else", () => {
    expect(findPreset("Transformation")?.title).toBe("Action Plan Check-In");
    expect(findPreset("transformation")).toBeNull();
    expect(findPreset("")).toBeNull();
    expect(isSurveyPresetId("Wellness")).toBe(true);
    expect(isSurveyPresetId("Fitness")).toBe(false);
  });

  it("gives each preset an icon name, a title and a description", () => {
    for (const preset of listPresets()) {
      expect(preset.icon).toMatch(/^Icon[A-Z][A-Za-z0-9]+$/);
      expect(preset.title.length).toBeGreaterThan(2);
      expect(preset.description.length).toBeGreaterThan(20);
    }
    expect(new Set(listPresets().map((preset) => preset.icon)).size).toBe(listPresets().length);
  });

  it("marks only PulseValidation as LOWI, and its questions are the LOWI instrument", () => {
    expect(
      listPresets()
        .filter((preset) => preset.isLOWI)
        .map((preset) => preset.id),
    ).toEqual(["PulseValidation"]);
    expect(findPreset("PulseValidation")?.fields).toEqual(LOWI_FIELDS);
  });

  it("gives every preset valid questions with unique keys prefixed by the preset", () => {
    const allKeys: string[] = [];
    for (const preset of listPresets()) {
      const keys = preset.fields.map((field) => field.key);
      expect(new Set(keys).size).toBe(keys.length);
      for (const field of preset.fields) {
        expect(surveyFieldSchema.parse(field)).toEqual(field);
        expect(field.key.startsWith(keyPrefix(preset.id))).toBe(true);
      }
      allKeys.push(...keys);
    }
    expect(new Set(allKeys).size).toBe(allKeys.length);
  });

  it("writes 4 to 8 default questions for each topical preset, with at least one open question", () => {
    for (const preset of listPresets().filter((p) => !p.isLOWI && p.id !== "Custom")) {
      const defaults = preset.fields.filter((field) => field.isDefault);
      expect(defaults.length).toBe(preset.fields.length);
      expect(defaults.length).toBeGreaterThanOrEqual(4);
      expect(defaults.length).toBeLessThanOrEqual(8);
      expect(defaults.some((field) => field.answerType === "Text")).toBe(true);
      expect(defaults.some((field) => field.required)).toBe(true);
    }
  });

  it("starts a Custom survey with one editable starter question and no defaults", () => {
    const custom = findPreset("Custom")!;
    expect(custom.fields).toHaveLength(1);
    expect(custom.fields[0]).toMatchObject({ key: "custom_1", isDefault: false, group: "custom" });
    expect(listDefaultFields("Custom")).toEqual([]);
  });

  it("asks for the meta fields the spec names", () => {
    const meta = Object.fromEntries(listPresets().map((preset) => [preset.id, preset.requiredMetaFields]));
    expect(meta.AfterActionReview).toEqual(["meeting_name"]);
    expect(meta.LeaderEffectiveness).toEqual(["first_name", "last_name"]);
    expect(meta.ManagerEffectiveness).toEqual(["first_name", "last_name"]);
    expect(meta.Custom).toEqual([]);
    const others = SURVEY_PRESET_IDS.filter(
      (id) => !["AfterActionReview", "LeaderEffectiveness", "ManagerEffectiveness", "Custom"].includes(id),
    );
    for (const id of others) expect(meta[id]).toEqual(["company_name"]);
  });

  it("uses in its questions only placeholders its meta fields fill", () => {
    for (const preset of listPresets()) {
      for (const field of preset.fields) {
        for (const name of listPlaceholders(`${field.question} ${field.title ?? ""}`)) {
          expect(preset.requiredMetaFields as readonly string[]).toContain(name);
        }
      }
    }
  });

  it("hands out copies of the questions", () => {
    const fields = listPresetFields("Wellness");
    fields[0].question = "Changed";
    fields[0].radioOptions.pop();
    expect(findPreset("Wellness")?.fields[0].question).not.toBe("Changed");
    expect(findPreset("Wellness")?.fields[0].radioOptions).toHaveLength(5);
    expect(listPresetFields("Nope")).toEqual([]);
  });

  it("labels meta fields, naming the reviewed person in leader and manager surveys", () => {
    expect(describeMetaField("AfterActionReview", "meeting_name")).toBe("Meeting, event or project name");
    expect(describeMetaField("LeaderEffectiveness", "first_name")).toBe("The leader's first name");
    expect(describeMetaField("ManagerEffectiveness", "last_name")).toBe("The manager's last name");
    expect(describeMetaField("Diversity", "company_name")).toBe("Company name");
  });
});

describe("preset invitations", () => {
  it("gives each preset an email with the Take Survey link to the survey", () => {
    for (const preset of listPresets()) {
      expect(preset.mandatoryLink).toEqual({ text: "Take Survey", url: "{{survey_link}}" });
      expect(preset.emailBody).toContain('<a href="{{survey_link}}">Take Survey</a>');
      expect(preset.emailSubject.length).toBeGreaterThan(10);
    }
  });

  it("promises no fixed duration: every email says the time computed from the survey's questions", () => {
    for (const preset of listPresets()) {
      expect(preset.emailBody).toContain("It takes about {{survey_duration}}.");
      expect(preset.emailBody).not.toMatch(/\d+-\d+ minutes/);
    }
  });

  it("uses only known placeholders, and the meeting name only in the After Action Review", () => {
    for (const set of Object.values(CONTENT_SETS)) {
      for (const name of listPlaceholders(`${set.emailSubject} ${set.emailBody}`)) expect(EMAIL_PLACEHOLDERS).toContain(name);
    }
    for (const preset of listPresets()) {
      const usesMeeting = `${preset.emailSubject}${preset.emailBody}`.includes("{{meeting_name}}");
      expect(usesMeeting).toBe(preset.id === "AfterActionReview");
    }
  });

  it("greets plainly where first_name is the reviewed person, and by name elsewhere", () => {
    for (const preset of listPresets()) {
      const plain = preset.id === "LeaderEffectiveness" || preset.id === "ManagerEffectiveness";
      expect(preset.emailBody.startsWith(plain ? "<p>Hello,</p>" : "<p>Hi {{first_name}},</p>")).toBe(true);
    }
  });
});

describe("content sets", () => {
  it("maps most presets to their own set", () => {
    for (const id of ["PulseValidation", "ParentsCaregivers", "LGBTQ", "AfterActionReview", "Transformation"]) {
      expect(resolveContentSet(id).id).toBe(id);
    }
  });

  it("shares one set among Inclusivity, Neurodiversity, Wellness, Veterans and CareerAdvancement", () => {
    expect([...SHARED_CONTENT_SET_PRESETS]).toEqual(["Inclusivity", "Neurodiversity", "Wellness", "Veterans", "CareerAdvancement"]);
    for (const id of SHARED_CONTENT_SET_PRESETS) {
      expect(resolveContentSet(id).id).toBe("SharedGroup");
      expect(findPreset(id)?.contentSet).toBe("SharedGroup");
    }
  });

  it("falls back to the default set for Custom and any other type", () => {
    expect(resolveContentSet("Custom").id).toBe("Default");
    expect(resolveContentSet("SomethingNew").id).toBe("Default");
    expect(resolveContentSet("").id).toBe("Default");
  });

  it("uses every content set at least once", () => {
    const used = new Set(listPresets().map((preset) => preset.contentSet));
    expect([...used].sort()).toEqual(Object.keys(CONTENT_SETS).sort());
  });
});
