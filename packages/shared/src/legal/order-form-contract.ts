import { z } from "zod";
import { ORDER_FORM_FIELD_LABELS, type OrderFormField } from "./order-form.js";

const fieldKeys = Object.keys(ORDER_FORM_FIELD_LABELS) as [OrderFormField, ...OrderFormField[]];

/** GET /api/legal/order-form: the signed-in company's Order Form (company-profile permission). */
export const orderFormResponseSchema = z.object({
  form: z.object({
    title: z.literal("Order Form"),
    fields: z.array(z.object({ key: z.enum(fieldKeys), label: z.string(), value: z.string() })),
    values: z.record(z.enum(fieldKeys), z.string()),
    term: z.object({ start: z.string(), end: z.string(), description: z.string() }),
    fee: z.string(),
    disclaimer: z.string(),
    /** The seller the operator set (decision 0060); null on a form built without one. */
    seller: z.array(z.object({ label: z.string(), value: z.string() })).nullable(),
  }),
});
export type OrderFormResponse = z.infer<typeof orderFormResponseSchema>;
