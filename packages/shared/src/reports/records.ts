/** Plain records keyed by user-supplied text (cohort values): no prototype, own keys only. Internal to reports. */

/** A record with no prototype, so no key ("__proto__", "constructor") means anything but itself. */
export function dict<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}

/** The record's own value for the key, never an inherited one. */
export function own<T>(record: Record<string, T> | undefined, key: string): T | undefined {
  return record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;
}
