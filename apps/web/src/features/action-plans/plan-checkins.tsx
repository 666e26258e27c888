/**
 * A plan's check-in surveys (decisions 0078, 0079): three slots, each a draft, scheduled, sent or closed check-in, or
 * free. Admins and Managers add a check-in, then publish it and schedule its invitations for a day (by default day
 * 30, 60 or 90 of the plan, at 09:00 in the company's zone) to the plan's scope among the baseline survey's invitees.
 */
import type { ActionPlanCheckin, ActionPlanDetail } from "@hearth/shared";
import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, TextInput, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { Link } from "react-router";
import { errorMessage, isApiError } from "../../lib/api";
import { useCompanyDates } from "../auth";
import { useAddCheckin, useScheduleCheckin } from "./action-plans-api";
import { checkinScheduleLine, checkinSlotView, describeNextCheckin } from "./checkin-view";

function ScheduleForm({ plan, slot }: { plan: ActionPlanDetail; slot: ActionPlanCheckin }) {
  const schedule = useScheduleCheckin(plan.id);
  const [sendDay, setSendDay] = useState(slot.suggestedSendDay);
  const [askComparison, setAskComparison] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    setError(null);
    schedule.mutate(
      { slot: slot.slot, sendDay, askComparison: plan.scope !== null && askComparison },
      {
        onSuccess: () =>
          notifications.show({ color: "teal", message: `Check-in ${slot.slot + 1} is published and its invitations are scheduled.` }),
        onError: (failure) => {
          const field = isApiError(failure) ? failure.fields.sendDay : undefined;
          if (field) setError(field);
          else notifications.show({ color: "red", message: errorMessage(failure) });
        },
      },
    );
  };
  return (
    <Stack gap={6}>
      <TextInput
        type="date"
        size="sm"
        label="Send invitations on"
        description="At 9:00 AM in your company's time zone"
        value={sendDay}
        min={plan.today}
        onChange={(event) => setSendDay(event.currentTarget.value)}
        error={error}
        required
      />
      {plan.scope ? (
        <Checkbox
          size="sm"
          label={`Also ask the other ${plan.scope.label.toLowerCase()} cohorts without a plan, to compare`}
          checked={askComparison}
          onChange={(event) => setAskComparison(event.currentTarget.checked)}
        />
      ) : null}
      <Button size="xs" variant="light" loading={schedule.isPending} onClick={submit} disabled={sendDay === ""}>
        {slot.draft ? "Publish and schedule" : "Schedule invitations"}
      </Button>
    </Stack>
  );
}

function CheckinSlot({
  plan,
  slot,
  onAdd,
  adding,
}: {
  plan: ActionPlanDetail;
  slot: ActionPlanCheckin;
  onAdd: () => void;
  adding: boolean;
}) {
  const dates = useCompanyDates();
  const view = checkinSlotView(slot, plan);
  const line = checkinScheduleLine(slot, dates.moment, Date.now());
  return (
    <Card withBorder padding="sm" data-testid="action-plan-checkin">
      <Stack gap={6}>
        <Group justify="space-between" gap="xs">
          <Text size="sm" fw={600}>
            Check-in {slot.slot + 1}
          </Text>
          {view.badge ? (
            <Badge color={view.badge.color} variant="light">
              {view.badge.label}
            </Badge>
          ) : null}
        </Group>
        <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {slot.surveyId ? (slot.surveyName ?? "A survey") : `Planned for ${dates.calendarDay(slot.suggestedSendDay)}`}
        </Text>
        {line ? (
          <Text size="sm" data-testid="action-plan-checkin-schedule">
            {line}
          </Text>
        ) : null}
        {slot.inviteError ? (
          <Alert color="red" variant="light" p="xs" role="alert">
            <Text size="sm">{slot.inviteError}</Text>
          </Alert>
        ) : null}
        {view.link ? (
          <Anchor component={Link} to={view.link.to} size="sm">
            {view.link.label}
          </Anchor>
        ) : null}
        {view.canSchedule ? <ScheduleForm plan={plan} slot={slot} /> : null}
        {view.canAdd ? (
          <Button size="xs" variant="light" loading={adding} onClick={onAdd}>
            Add check-in survey
          </Button>
        ) : null}
      </Stack>
    </Card>
  );
}

export function PlanCheckins({ plan }: { plan: ActionPlanDetail }) {
  const dates = useCompanyDates();
  const add = useAddCheckin(plan.id);
  const addCheckin = () =>
    add.mutate(undefined, {
      onSuccess: () => notifications.show({ color: "teal", message: "Check-in survey added as a draft." }),
      onError: (error) => notifications.show({ color: "red", message: errorMessage(error) }),
    });
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} fz="lg">
          Check-in surveys
        </Title>
        <Text size="sm" c="dimmed">
          Up to three short surveys that ask the people of the plan whether they see change, by default 30, 60 and 90 days after the start.
          Next: {describeNextCheckin(plan.nextCheckin, dates.calendarDay)}.
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {plan.checkins.map((slot) => (
            <CheckinSlot key={slot.slot} plan={plan} slot={slot} onAdd={addCheckin} adding={add.isPending} />
          ))}
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
