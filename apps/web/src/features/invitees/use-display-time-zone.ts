import { useMe } from "../auth";
import { useCompanyTimeZone } from "../surveys";

/** The company's time zone, in which every role reads dates and times (issue 25 item 1). */
export function useDisplayTimeZone(): string {
  const me = useMe().data;
  return useCompanyTimeZone(me ?? undefined).timeZone;
}
