/** Pure helpers of the console's seller card (decision 0060): the form's draft, each field's source, the PATCH body. */
import { SELLER_FIELDS, type SellerField, type SellerSettingsPatch, type SellerSettingsResponse } from "@hearth/shared";

export const ENV_NAMES: Record<SellerField, string> = {
  name: "SELLER_NAME",
  address: "SELLER_ADDRESS",
  taxId: "SELLER_TAX_ID",
  remittance: "SELLER_REMITTANCE",
};

export type Draft = Record<SellerField, string>;
export const draftOf = (data: SellerSettingsResponse): Draft => ({
  name: data.effective.name ?? "",
  address: data.effective.address ?? "",
  taxId: data.effective.taxId ?? "",
  remittance: data.effective.remittance ?? "",
});

export function sourceOf(data: SellerSettingsResponse, field: SellerField): string {
  if (data.overrides[field] !== null) return "Set here";
  if (data.environment[field] !== null) return `From ${ENV_NAMES[field]}`;
  return "Not set";
}

/** The fields that differ from what is in force: an emptied field drops its override (null). */
export function changesOf(data: SellerSettingsResponse, draft: Draft): SellerSettingsPatch {
  const patch: Record<string, string | null> = {};
  for (const field of SELLER_FIELDS) {
    const value = draft[field].trim();
    if (value === (data.effective[field] ?? "")) continue;
    patch[field] = value === "" ? null : value;
  }
  return patch as SellerSettingsPatch;
}
