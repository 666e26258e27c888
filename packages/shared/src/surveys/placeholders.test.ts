import { describe, expect, it } from "vitest";
import { collectPlaceholderValues, escapeHtml, fillPlaceholders } from "./placeholders.js";
import { findPreset } from "./presets/registry.js";
import { buildPublicFields } from "./public-survey.js";

describe("fillPlaceholders", () => {
  it("replaces each {{name}} with its value, wherever and however often it appears", () => {
    expect(
      fillPlaceholders("Hi {{first_name}}, {{company_name}} thanks {{first_name}}.", { first_name: "Ada", company_name: "Acme" }),
    ).toBe("Hi Ada, Acme thanks Ada.");
    expect(fillPlaceholders("{{ company_name }}!", { company_name: "Acme" })).toBe("Acme!");
    expect(fillPlaceholders("{{count}} people", { count: 3 })).toBe("3 people");
  });

  it('skips values equal to the text "undefined", and missing or null values', () => {
    expect(fillPlaceholders("Hi {{first_name}}", { first_name: "undefined" })).toBe("Hi {{first_name}}");
    expect(fillPlaceholders("Hi {{first_name}}", { first_name: undefined })).toBe("Hi {{first_name}}");
    expect(fillPlaceholders("Hi {{first_name}}", { first_name: null })).toBe("Hi {{first_name}}");
    expect(fillPlaceholders("Hi {{first_name}}", {})).toBe("Hi {{first_name}}");
  });

  it("strips what is left unreplaced when asked to", () => {
    expect(fillPlaceholders("Hi {{first_name}}, from {{company_name}}", { company_name: "Acme" }, { stripUnreplaced: true })).toBe(
      "Hi , from Acme",
    );
    expect(fillPlaceholders("Hi {{first_name}}", { first_name: "undefined" }, { stripUnreplaced: true })).toBe("Hi ");
  });

  it("keeps an empty string value as a replacement, and ignores inherited properties", () => {
    expect(fillPlaceholders("[{{x}}]", { x: "" })).toBe("[]");
    expect(fillPlaceholders("{{toString}}", {})).toBe("{{toString}}");
  });

  it("escapes values, not the template, for HTML", () => {
    expect(fillPlaceholders("<p>{{company_name}}</p>", { company_name: `Tom & Jerry's <Co>` }, { escapeHtml: true })).toBe(
      "<p>Tom &amp; Jerry&#39;s &lt;Co&gt;</p>",
    );
    expect(escapeHtml(`"a"`)).toBe("&quot;a&quot;");
  });
});

describe("collectPlaceholderValues", () => {
  it("combines the recipient, the company, the meta fields, the link, the survey and the sender", () => {
    expect(
      collectPlaceholderValues({
        metaFields: { company_name: "Acme Ltd" },
        companyName: "Acme",
        recipient: { firstName: " Ada ", lastName: "Lovelace", email: "ada@example.com" },
        surveyLink: "https://hearth.example/s/abc",
        surveyName: "Spring pulse",
        senderName: "Grace Hopper",
      }),
    ).toEqual({
      company_name: "Acme Ltd",
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      survey_link: "https://hearth.example/s/abc",
      survey_name: "Spring pulse",
      sender_name: "Grace Hopper",
    });
  });

  it("lets the reviewed person's name from the meta fields win over the recipient's", () => {
    const values = collectPlaceholderValues({ metaFields: { first_name: "Sam", last_name: "Lee" }, recipient: { firstName: "Ada" } });
    expect(values.first_name).toBe("Sam");
    const preset = findPreset("ManagerEffectiveness")!;
    expect(fillPlaceholders(preset.emailSubject, values)).toBe("Your feedback for Sam Lee");
  });

  it('greets a recipient without a first name as "there"', () => {
    const values = collectPlaceholderValues({ recipient: { firstName: "  " }, companyName: "Acme", surveyLink: "L" });
    expect(fillPlaceholders(findPreset("Diversity")!.emailBody, values, { stripUnreplaced: true })).toMatch(/^<p>Hi there,<\/p>/);
  });

  it("fills a whole preset email with nothing left over", () => {
    const values = collectPlaceholderValues({
      companyName: "Acme",
      recipient: { firstName: "Ada" },
      surveyLink: "https://hearth.example/s/abc",
      surveyName: "Wellness check",
      senderName: "Grace",
      surveyDuration: "6–10 minutes",
    });
    for (const id of ["PulseValidation", "Wellness", "Custom"]) {
      const preset = findPreset(id)!;
      const body = fillPlaceholders(preset.emailBody, values, { escapeHtml: true });
      expect(body).not.toContain("{{");
      expect(body).toContain('<a href="https://hearth.example/s/abc">Take Survey</a>');
      expect(body).toContain("It takes about 6–10 minutes.");
    }
  });
});

describe("public survey fields", () => {
  it("fills meta fields, strips unknown placeholders and drops private properties", () => {
    const [first] = buildPublicFields(findPreset("PulseValidation")!.fields, { company_name: "Acme" });
    expect(first).toEqual({
      key: "lowi_teamwork",
      question: "The people on my team work well together to get things done.",
      questionType: "Text",
      answerType: "Radio",
      radioOptions: ["Strongly Disagree", "Disagree", "Neutral", "Agree", "Strongly Agree"],
      topic: "Teamwork",
      required: true,
    });
    const fields = buildPublicFields(findPreset("PulseValidation")!.fields, {});
    expect(fields.every((field) => !field.question.includes("{{"))).toBe(true);
    const matrix = buildPublicFields(findPreset("PulseValidation")!.fields, { company_name: "Acme" }).find(
      (f) => f.questionType === "Matrix",
    );
    expect(matrix?.title).toContain("Acme");
    expect(Object.keys(matrix!)).not.toContain("sparkArea");
  });
});
