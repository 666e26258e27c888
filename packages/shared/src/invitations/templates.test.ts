import { describe, expect, it } from "vitest";
import { INITIAL_TEMPLATE_LABEL, INITIAL_TEMPLATE_NAME, INVITATION_MESSAGES, TEMPLATE_NAME_MAX_LENGTH } from "./constants.js";
import { checkTemplateName, isInitialTemplate } from "./templates.js";

describe("checkTemplateName", () => {
  it("requires a name", () => {
    expect(checkTemplateName("")).toBe(INVITATION_MESSAGES.templateNameRequired);
    expect(checkTemplateName("   ")).toBe(INVITATION_MESSAGES.templateNameRequired);
    expect(INVITATION_MESSAGES.templateNameRequired).toBe("Template name is required");
  });

  it("allows at most 30 characters", () => {
    expect(TEMPLATE_NAME_MAX_LENGTH).toBe(30);
    expect(checkTemplateName("a".repeat(30))).toBeNull();
    expect(checkTemplateName("a".repeat(31))).toBe("Template name must be at most 30 characters");
    expect(checkTemplateName("a".repeat(31))).toBe(INVITATION_MESSAGES.templateNameTooLong);
  });

  it("measures the length without surrounding spaces", () => {
    expect(checkTemplateName(`  ${"a".repeat(30)}  `)).toBeNull();
  });

  it('refuses the reserved name "initial" in any case and with spaces', () => {
    for (const name of ["initial", " Initial ", "INITIAL", "iNiTiAl"]) {
      expect(checkTemplateName(name), name).toBe(INVITATION_MESSAGES.templateNameTaken);
    }
    expect(INVITATION_MESSAGES.templateNameTaken).toBe("A template with this name already exists");
  });

  it("refuses a duplicate of another name, ignoring case and surrounding spaces", () => {
    const others = ["Reminder", "  Kick-off  "];
    expect(checkTemplateName("reminder", others)).toBe(INVITATION_MESSAGES.templateNameTaken);
    expect(checkTemplateName(" REMINDER ", others)).toBe(INVITATION_MESSAGES.templateNameTaken);
    expect(checkTemplateName("kick-off", others)).toBe(INVITATION_MESSAGES.templateNameTaken);
  });

  it("accepts a new name", () => {
    expect(checkTemplateName("Reminder 2", ["Reminder"])).toBeNull();
    expect(checkTemplateName("Initial reminder", ["Reminder"])).toBeNull();
    expect(checkTemplateName("Reminder")).toBeNull();
  });
});

describe("isInitialTemplate", () => {
  it("recognises the preset's initial template in any case", () => {
    expect(INITIAL_TEMPLATE_NAME).toBe("initial");
    expect(INITIAL_TEMPLATE_LABEL).toBe("Default Initial Email");
    expect(isInitialTemplate("initial")).toBe(true);
    expect(isInitialTemplate(" Initial ")).toBe(true);
    expect(isInitialTemplate("INITIAL")).toBe(true);
  });

  it("does not match other names", () => {
    expect(isInitialTemplate("initial 2")).toBe(false);
    expect(isInitialTemplate("Default Initial Email")).toBe(false);
    expect(isInitialTemplate("")).toBe(false);
  });
});
