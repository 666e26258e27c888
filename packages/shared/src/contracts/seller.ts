/**
 * The seller settings in the operator console (decision 0060): the values in force, the console's overrides and the
 * environment's values. `PATCH` changes only the fields sent; a field sent as null drops its override.
 */
import { z } from "zod";
import { SELLER_FIELD_MAX, SELLER_FIELDS, type SellerField } from "../billing/seller.js";

export const sellerDetailsSchema = z.object({
  name: z.string().nullable(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
  remittance: z.string().nullable(),
});

/** Text for one field: trimmed, not empty, within its length; line breaks allowed, other control characters not. */
const sellerText = (field: SellerField) =>
  z
    .string()
    .trim()
    .min(1, "Enter a value, or send null to use the environment's value.")
    .max(SELLER_FIELD_MAX[field], `At most ${SELLER_FIELD_MAX[field]} characters.`)
    .refine(
      (value) => ![...value].some((char) => char !== "\n" && (char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f)),
      "Must not contain control characters.",
    );

export const sellerSettingsPatchSchema = z
  .object({
    name: sellerText("name").nullable().optional(),
    address: sellerText("address").nullable().optional(),
    taxId: sellerText("taxId").nullable().optional(),
    remittance: sellerText("remittance").nullable().optional(),
  })
  .strict()
  .refine((value) => SELLER_FIELDS.some((field) => value[field] !== undefined), "Send at least one field to change.");
export type SellerSettingsPatch = z.infer<typeof sellerSettingsPatchSchema>;

export const sellerSettingsSchema = z.object({
  /** What invoices and order forms print. */
  effective: sellerDetailsSchema,
  /** Set in the console; null where the environment's value applies. */
  overrides: sellerDetailsSchema,
  /** SELLER_NAME, SELLER_ADDRESS, SELLER_TAX_ID, SELLER_REMITTANCE. */
  environment: sellerDetailsSchema,
  /** Whether a buyer can pay from the documents: the name and remittance details are set. */
  payable: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type SellerSettingsResponse = z.infer<typeof sellerSettingsSchema>;
