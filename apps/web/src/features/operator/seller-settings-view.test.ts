import { NO_SELLER, type SellerSettingsResponse } from "@hearth/shared";
import { describe, expect, it } from "vitest";
import { changesOf, draftOf, sourceOf } from "./seller-settings-view";

const settings: SellerSettingsResponse = {
  effective: { name: "Console Co", address: "1 Env Road", taxId: null, remittance: "Wire to Bank 1." },
  overrides: { ...NO_SELLER, name: "Console Co" },
  environment: { ...NO_SELLER, name: "Env Co", address: "1 Env Road", remittance: "Wire to Bank 1." },
  payable: true,
  updatedAt: null,
};

describe("the console's seller card", () => {
  it("says where each value comes from", () => {
    expect(sourceOf(settings, "name")).toBe("Set here");
    expect(sourceOf(settings, "address")).toBe("From SELLER_ADDRESS");
    expect(sourceOf(settings, "taxId")).toBe("Not set");
  });

  it("sends only the fields changed; an emptied field drops its override", () => {
    const draft = draftOf(settings);
    expect(changesOf(settings, draft)).toEqual({});
    expect(changesOf(settings, { ...draft, taxId: " EIN 7 " })).toEqual({ taxId: "EIN 7" });
    expect(changesOf(settings, { ...draft, name: "" })).toEqual({ name: null });
  });
});
