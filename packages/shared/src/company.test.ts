import { describe, expect, it } from "vitest";
import { detectImageType, isCompanyProfileComplete } from "./company-profile.js";
import { deriveCompanySize } from "./company-size.js";

describe("company size from headcount", () => {
  it("follows the thresholds 200 / 500 / 3000", () => {
    expect([1, 200, 201, 500, 501, 3000, 3001, 250000].map(deriveCompanySize)).toEqual([
      "Small",
      "Small",
      "Medium",
      "Medium",
      "Large",
      "Large",
      "Enterprise",
      "Enterprise",
    ]);
  });

  it("defaults to Medium when the headcount is missing or not usable", () => {
    expect([null, undefined, 0, -3, Number.NaN].map(deriveCompanySize)).toEqual(["Medium", "Medium", "Medium", "Medium", "Medium"]);
  });
});

describe("company profile completeness", () => {
  const complete = {
    companyName: "Acme",
    companyLegalName: "Acme Inc.",
    headcount: 12,
    address: "1 Road",
    phone: "+1 555 0100",
    timeZone: "America/New_York",
  };
  it("needs every field but website and logo", () => {
    expect(isCompanyProfileComplete(complete)).toBe(true);
    for (const key of Object.keys(complete) as (keyof typeof complete)[]) {
      expect(isCompanyProfileComplete({ ...complete, [key]: key === "headcount" ? null : "  " }), key).toBe(false);
    }
  });
});

describe("image type by content", () => {
  it("recognises PNG and JPEG signatures and nothing else", () => {
    expect(detectImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(detectImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe1]))).toBe("image/jpeg");
    expect(detectImageType(new TextEncoder().encode("GIF89a"))).toBeNull();
    expect(detectImageType(new TextEncoder().encode("<svg></svg>"))).toBeNull();
    expect(detectImageType(new Uint8Array())).toBeNull();
  });
});
