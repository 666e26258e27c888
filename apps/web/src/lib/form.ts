import { useCallback, useState } from "react";
import { ApiError } from "./api";

export type FieldErrors = Record<string, string | undefined>;

interface Issue {
  path: readonly PropertyKey[];
  message: string;
}

/** The part of a zod schema the forms use: the shared package owns the rules, the form only reads the verdict. */
export interface Validator<T> {
  safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: Issue[] } };
}

export function issuesToErrors(issues: Issue[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? "_form");
    if (!errors[key]) errors[key] = issue.message;
  }
  return errors;
}

export function validate<T>(schema: Validator<T>, values: unknown): { data?: T; errors: FieldErrors } {
  const result = schema.safeParse(values);
  if (result.success) return { data: result.data, errors: {} };
  return { errors: issuesToErrors(result.error.issues) };
}

/** Field errors from a server answer ("fields"), or the message on the form when there are none. */
export function serverErrors(error: unknown, knownFields: readonly string[]): { fields: FieldErrors; message?: string } {
  if (!(error instanceof ApiError)) return { fields: {}, message: "Something went wrong. Please try again." };
  const fields: FieldErrors = {};
  let matched = false;
  for (const [key, value] of Object.entries(error.fields)) {
    if (knownFields.includes(key)) {
      fields[key] = value;
      matched = true;
    }
  }
  return { fields, message: matched ? undefined : error.message };
}

/** Minimal form state: values, per-field errors, and change handlers for Mantine inputs. */
export function useFormState<T extends Record<string, unknown>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});

  const setField = useCallback(<K extends keyof T>(key: K, value: T[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => (current[key as string] ? { ...current, [key as string]: undefined } : current));
  }, []);

  /** Props for TextInput / Textarea / PasswordInput bound to a string field. */
  const textProps = (key: keyof T & string) => ({
    name: key,
    value: (values[key] as string | null | undefined) ?? "",
    onChange: (event: { currentTarget: { value: string } }) => setField(key, event.currentTarget.value as T[typeof key]),
    error: errors[key],
  });

  return { values, setValues, setField, errors, setErrors, textProps };
}
