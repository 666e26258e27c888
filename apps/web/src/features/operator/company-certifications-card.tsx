import { formatDateInZone, type OperatorCompanyDetail } from "@hearth/shared";
import { Badge, Card, List, Stack, Table, Text, Title } from "@mantine/core";

/** The console reads every company's dates in UTC, the zone named (issue 25 item 1). */
const formatDate = (value: string) => formatDateInZone(Date.parse(value), "UTC");
const LICENCE_LABELS: Record<string, string> = { digitalorprint: "Digital or print", unlimiteduse: "Unlimited use" };
const licenceLabel = (value: string | null) => (value ? (LICENCE_LABELS[value] ?? value) : "None");

/**
 * The company's certification requests (badges on orders awaiting payment) with their eligibility now, and the
 * certifications it holds. Recording the order's payment grants a request; cancelling the order declines it.
 */
export function CompanyCertificationsCard({
  detail,
}: {
  detail: Pick<OperatorCompanyDetail, "certificationRequests" | "heldCertifications">;
}) {
  const { certificationRequests: requests, heldCertifications: held } = detail;
  return (
    <Card withBorder padding="lg">
      <Stack gap="sm">
        <Title order={2} size="h4">
          Certification requests
        </Title>
        {requests.length === 0 ? (
          <Text c="dimmed">No certification is awaiting approval.</Text>
        ) : (
          <Text size="sm" c="dimmed">
            Recording the payment of a request's order grants it; cancelling the order declines it.
          </Text>
        )}
        {requests.length > 0 ? (
          <Table.ScrollContainer
            minWidth={720}
            scrollAreaProps={{ viewportProps: { tabIndex: 0, "aria-label": "Certification requests (scrolls sideways)" } }}
          >
            <Table>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Certification</Table.Th>
                  <Table.Th>Year</Table.Th>
                  <Table.Th>Licence</Table.Th>
                  <Table.Th>Order</Table.Th>
                  <Table.Th>Requested</Table.Th>
                  <Table.Th>Eligible now</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {requests.map((request) => (
                  <Table.Tr key={`${request.orderId}-${request.badgeId}`}>
                    <Table.Td>{request.name}</Table.Td>
                    <Table.Td>{request.year ?? "None"}</Table.Td>
                    <Table.Td>{licenceLabel(request.licenceType)}</Table.Td>
                    <Table.Td>{request.orderNumber}</Table.Td>
                    <Table.Td>{formatDate(request.requestedAt)}</Table.Td>
                    <Table.Td>
                      {request.eligible ? (
                        <Badge color="teal" variant="light">
                          Eligible
                        </Badge>
                      ) : (
                        <Stack gap={4}>
                          <Badge color="orange.9" variant="light">
                            Not eligible
                          </Badge>
                          <List size="xs">
                            {request.reasons.map((reason) => (
                              <List.Item key={reason}>{reason}</List.Item>
                            ))}
                          </List>
                        </Stack>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ) : null}

        <Title order={3} size="h5" mt="sm">
          Certifications held
        </Title>
        {held.length === 0 ? <Text c="dimmed">None yet.</Text> : null}
        {held.map((badge) => (
          <Text size="sm" key={`${badge.badgeId}-${badge.year}`}>
            {badge.name} · {licenceLabel(badge.licenceType)} · granted {formatDate(badge.issuedAt)}
            {badge.orderNumber ? ` · order ${badge.orderNumber}` : ""}
          </Text>
        ))}
      </Stack>
    </Card>
  );
}
