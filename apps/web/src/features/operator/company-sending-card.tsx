/**
 * The company's daily sending allowance in the operator console (docs/decisions/0056): its tier's figure or the one
 * an operator set, what it sent today, and a form to set a figure (with a reason, logged) or go back to the tier.
 */
import { MAX_OPERATOR_SENDING_ALLOWANCE, type OperatorSendingAllowanceResponse } from "@hearth/shared";
import { Button, Card, Group, NumberInput, Stack, Text, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { api } from "../../lib/api";

const TIER_LABELS = { new: "New company", established: "Established company", paying: "Paying company" } as const;
const count = (value: number) => value.toLocaleString("en-US");

export function CompanySendingCard({
  tenantId,
  act,
}: {
  tenantId: string;
  act: (action: () => Promise<unknown>, done: string) => Promise<boolean>;
}) {
  const url = `/api/admin/companies/${tenantId}/sending-allowance`;
  const queryKey = ["operator", "sending-allowance", tenantId];
  const allowance = useQuery({ queryKey, queryFn: () => api<OperatorSendingAllowanceResponse>(url) });
  const queryClient = useQueryClient();
  const [dailyLimit, setDailyLimit] = useState<string | number>("");
  const [reason, setReason] = useState("");

  const save = async (limit: number | null) => {
    const done = await act(
      () => api(url, { method: "PUT", body: { dailyLimit: limit, reason } }),
      limit === null ? "The company follows its tier's allowance again." : `The company may send ${count(limit)} emails a day.`,
    );
    await queryClient.invalidateQueries({ queryKey });
    if (done) {
      setDailyLimit("");
      setReason("");
    }
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (typeof dailyLimit === "number") void save(dailyLimit);
  };
  const data = allowance.data;

  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Sending allowance
        </Title>
        {data && (
          <Text size="sm" data-testid="operator-sending-allowance">
            {count(data.limit)} emails a day ({data.operatorLimit === null ? TIER_LABELS[data.tier] : "set by an operator"});{" "}
            {count(data.used)} sent on {data.day} (UTC), {count(data.remaining)} left. Resets at 00:00 UTC.
          </Text>
        )}
        <form onSubmit={onSubmit}>
          <Group align="flex-end" gap="sm" wrap="wrap">
            <NumberInput
              label="Emails a day"
              min={0}
              max={MAX_OPERATOR_SENDING_ALLOWANCE}
              allowDecimal={false}
              allowNegative={false}
              value={dailyLimit}
              onChange={setDailyLimit}
              w={180}
            />
            <TextInput label="Reason" value={reason} onChange={(event) => setReason(event.currentTarget.value)} w={280} maxLength={500} />
            <Button type="submit" disabled={typeof dailyLimit !== "number" || reason.trim() === ""}>
              Set allowance
            </Button>
            {data?.operatorLimit !== null && data !== undefined && (
              <Button variant="default" disabled={reason.trim() === ""} onClick={() => void save(null)}>
                Back to the tier
              </Button>
            )}
          </Group>
        </form>
      </Stack>
    </Card>
  );
}
