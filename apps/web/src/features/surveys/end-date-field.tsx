import "@mantine/dates/styles.css";
import { checkEndDate, earliestEndDay, endOfDayInTimeZone, SURVEY_MESSAGES, TIME_ZONES, toLocalDate } from "@hearth/shared";
import { Text } from "@mantine/core";
import { DatePickerInput } from "@mantine/dates";
import { IconCalendar } from "@tabler/icons-react";

interface EndDateFieldProps {
  /** The chosen day, YYYY-MM-DD, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  timeZone: string;
  isInternalAccount: boolean;
  error?: string | null;
}

/** The end of the chosen day in the company's zone, and whether the shared rule accepts it now. */
export function describeEndDay(value: string | null, timeZone: string, isInternalAccount: boolean, now = Date.now()) {
  if (!value) return { endDate: null, check: null, ok: false };
  const endDate = endOfDayInTimeZone(value, timeZone);
  const check = checkEndDate(endDate, now, { isInternalAccount });
  return { endDate, check, ok: check.ok };
}

const zoneLabel = (timeZone: string) => {
  const known = TIME_ZONES.find((zone) => zone.iana === timeZone);
  return known ? `${known.label} time` : `(${timeZone.replace(/_/g, " ")})`;
};

/** Step 3's End Date picker (MM/DD/YYYY): days before the earliest allowed one are disabled unless internal. */
export function EndDateField({ value, onChange, timeZone, isInternalAccount, error }: EndDateFieldProps) {
  const now = Date.now();
  const minDate = earliestEndDay(now, timeZone, { isInternalAccount });
  const { check } = describeEndDay(value, timeZone, isInternalAccount, now);
  const ruleError = check && !check.ok ? check.message : null;

  return (
    <div>
      <DatePickerInput
        label="End Date"
        name="endDate"
        placeholder="Pick the last day"
        valueFormat="MM/DD/YYYY"
        value={value}
        onChange={(next) => onChange(next ? String(next) : null)}
        minDate={isInternalAccount ? toLocalDate(now, timeZone) : minDate}
        leftSection={<IconCalendar size={18} aria-hidden />}
        clearable
        clearButtonProps={{ "aria-label": "Clear the end date" }}
        required
        error={error ?? ruleError}
        popoverProps={{ withinPortal: true, zIndex: 400 }}
        data-testid="end-date-input"
      />
      <Text size="sm" c="dimmed" mt={6}>
        The survey closes at 11:59 PM {zoneLabel(timeZone)} on that day. {SURVEY_MESSAGES.endDateExtendable}
      </Text>
    </div>
  );
}
