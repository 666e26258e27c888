import "@mantine/dates/styles.css";
import { checkSchedule, DEFAULT_INVITE_TIME, formatInTimeZone, INVITATION_MESSAGES, TIME_ZONES, toLocalDate } from "@hearth/shared";
import { Alert, Button, Grid, Group, Modal, Paper, Select, Stack, Text } from "@mantine/core";
import { DateInput, TimeInput } from "@mantine/dates";
import { IconCalendar, IconClock } from "@tabler/icons-react";
import { useEffect, useMemo, useState } from "react";
import {
  browserTimeZone,
  initialPreviewZone,
  initialScheduleDay,
  initialScheduleZone,
  isOfferedZone,
  joinSendDate,
  parseTypedDate,
} from "./schedule-values";

export interface ScheduleChoice {
  /** "YYYY-MM-DDTHH:mm" in timeZone. */
  sendDate: string;
  timeZone: string;
}

interface ScheduleDialogProps {
  opened: boolean;
  onClose: () => void;
  onConfirm: (choice: ScheduleChoice) => void;
  companyTimeZone: string | null;
  recipientCount: number;
}

const ZONE_OPTIONS: { value: string; label: string }[] = TIME_ZONES.map((zone) => ({
  value: zone.iana as string,
  label: `${zone.label} (${zone.iana.replace(/_/g, " ")})`,
}));
const zoneName = (iana: string) => TIME_ZONES.find((zone) => zone.iana === iana)?.label ?? iana.replace(/_/g, " ");

/** Schedule Invites: a zone, a day (not in the past) and a time (13:00 by default), with the same moment in a second zone. */
export function ScheduleDialog({ opened, onClose, onConfirm, companyTimeZone, recipientCount }: ScheduleDialogProps) {
  const browserZone = useMemo(browserTimeZone, []);
  const [timeZone, setTimeZone] = useState(() => initialScheduleZone(companyTimeZone));
  const [day, setDay] = useState<string | null>(() => initialScheduleDay(initialScheduleZone(companyTimeZone)));
  const [time, setTime] = useState(DEFAULT_INVITE_TIME);
  const [previewZone, setPreviewZone] = useState(() => initialPreviewZone(initialScheduleZone(companyTimeZone), browserZone));

  useEffect(() => {
    if (!opened) return;
    const zone = initialScheduleZone(companyTimeZone);
    setTimeZone(zone);
    setDay(initialScheduleDay(zone));
    setTime(DEFAULT_INVITE_TIME);
    setPreviewZone(initialPreviewZone(zone, browserZone));
  }, [opened, companyTimeZone, browserZone]);

  const sendDate = joinSendDate(day, time);
  const check = checkSchedule(sendDate, timeZone);
  const invalidReason = check.ok ? null : check.message;

  useEffect(() => {
    if (opened && invalidReason) console.warn(INVITATION_MESSAGES.invalidDate);
  }, [opened, invalidReason]);

  const previewOptions = useMemo(() => {
    const options = [...ZONE_OPTIONS];
    if (browserZone && !isOfferedZone(browserZone))
      options.unshift({ value: browserZone, label: `Your time zone (${browserZone.replace(/_/g, " ")})` });
    return options;
  }, [browserZone]);

  return (
    <Modal opened={opened} onClose={onClose} title="Schedule Invites" centered size="lg" closeButtonProps={{ "aria-label": "Close" }}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          The invitation goes to {recipientCount.toLocaleString("en-US")} {recipientCount === 1 ? "person" : "people"} at the chosen time.
          You can cancel scheduled sends from Sent Surveys until then.
        </Text>
        <Select
          label="Time zone"
          data={ZONE_OPTIONS}
          value={timeZone}
          onChange={(value) => value && setTimeZone(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
          data-testid="schedule-time-zone"
        />
        <Grid gap="sm">
          <Grid.Col span={{ base: 12, xs: 7 }}>
            <DateInput
              label="Date"
              placeholder="MM/DD/YYYY"
              valueFormat="MM/DD/YYYY"
              dateParser={parseTypedDate}
              value={day}
              onChange={setDay}
              minDate={toLocalDate(Date.now(), timeZone)}
              leftSection={<IconCalendar size={18} aria-hidden />}
              required
              popoverProps={{ withinPortal: true, zIndex: 400 }}
              data-testid="schedule-date"
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, xs: 5 }}>
            <TimeInput
              label="Time"
              value={time}
              onChange={(event) => setTime(event.currentTarget.value)}
              leftSection={<IconClock size={18} aria-hidden />}
              required
              data-testid="schedule-time"
            />
          </Grid.Col>
        </Grid>
        <Select
          label="Preview in another time zone"
          data={previewOptions}
          value={previewZone}
          onChange={(value) => value && setPreviewZone(value)}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true, zIndex: 400 }}
          data-testid="schedule-preview-zone"
        />
        {check.ok ? (
          <Paper withBorder p="sm" bg="gray.0" data-testid="schedule-preview" aria-live="polite">
            <Text size="sm">
              Sends <strong>{formatInTimeZone(check.sendAt, timeZone)}</strong> {zoneName(timeZone)} time.
            </Text>
            <Text size="sm">
              That is <strong>{formatInTimeZone(check.sendAt, previewZone)}</strong> {zoneName(previewZone)}
              {isOfferedZone(previewZone) ? " time" : ""}.
            </Text>
          </Paper>
        ) : (
          <Alert color="red" variant="light" role="alert" p="xs" data-testid="schedule-invalid">
            {invalidReason}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button disabled={!check.ok} onClick={() => onConfirm({ sendDate, timeZone })} data-testid="schedule-confirm">
            Confirm
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
