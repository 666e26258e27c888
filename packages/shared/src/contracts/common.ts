import { z } from "zod";

export const errorResponseSchema = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    fields: z.record(z.string(), z.string()).optional(),
  }),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const okResponseSchema = z.object({ ok: z.literal(true) });

export const uuidParamSchema = z.object({ id: z.uuid() });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(100000).default(1),
});

/** Trimmed text; empty strings become null so "cleared" and "never set" are the same. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .transform((value) => (value === "" ? null : value))
    .nullable()
    .optional();
