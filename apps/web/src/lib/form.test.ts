import { companyProfileInputSchema, supportRequestInputSchema } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { ApiError } from "./api";
import { serverErrors, validate } from "./form";

describe("validate", () => {
  it("returns parsed data when the shared schema accepts the values", () => {
    const result = validate(supportRequestInputSchema, { kind: "help", subject: " Hi ", message: "Help me" });
    expect(result.data).toEqual({ kind: "help", subject: "Hi", message: "Help me" });
    expect(result.errors).toEqual({});
  });

  it("maps the first issue per field to that field", () => {
    const result = validate(companyProfileInputSchema, { companyName: "", phone: "x" });
    expect(result.data).toBeUndefined();
    expect(result.errors.companyName).toBe("Company name is required");
    expect(result.errors.phone).toBe("Enter a valid phone number");
    expect(result.errors.timeZone).toBe("Choose a time zone");
  });
});

describe("serverErrors", () => {
  it("puts known fields under their inputs", () => {
    const error = new ApiError(400, "VALIDATION", "Check the form", { email: "Taken", other: "x" });
    expect(serverErrors(error, ["email"])).toEqual({ fields: { email: "Taken" }, message: undefined });
  });

  it("falls back to the message when no field matches", () => {
    const error = new ApiError(422, "USER_ALREADY_EXISTS", "User already exists");
    expect(serverErrors(error, ["email"])).toEqual({ fields: {}, message: "User already exists" });
  });
});
