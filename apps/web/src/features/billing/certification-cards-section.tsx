import { type CertificationCardResponse, formatDollars, LICENCE_TYPES, type LicenceType } from "@hearth/shared";
import { Alert, Badge, Button, Card, Center, Group, Loader, SegmentedControl, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAward, IconCertificate, IconShoppingCartPlus } from "@tabler/icons-react";
import { useState } from "react";
import { useAddToCart, useCart, openCartDrawer } from "../cart";
import { CertifiedBadgeActions } from "./certified-badge-actions";
import { useCertificationCards } from "./certifications-api";
import { describeCardAction, describeMissing, describeResponseRule, LICENCE_TYPE_LABELS } from "./certification-cards-view";

export const CERTIFICATION_CARDS_ERROR = "We could not load your certifications and awards. Please try again in a moment.";

function StatusBadges({ card }: { card: CertificationCardResponse }) {
  return (
    <Group gap={6}>
      <Badge variant="light" color={card.status === "Certified" ? "teal" : card.status === "Requested" ? "blue" : "gray"}>
        {card.status}
      </Badge>
      <Badge variant="outline" color={card.eligibility ? "teal.9" : "gray.7"}>
        {card.eligibility ? "Eligible" : "Not Eligible"}
      </Badge>
    </Group>
  );
}

function BadgeCard({
  card,
  licenceType,
  inCart,
  adding,
  onAdd,
  prominent,
}: {
  card: CertificationCardResponse;
  licenceType: LicenceType;
  inCart: boolean;
  adding: boolean;
  onAdd: () => void;
  prominent: boolean;
}) {
  const action = describeCardAction(card, inCart);
  const Icon = card.type === "certification" ? IconCertificate : IconAward;
  const title = `${card.name} ${card.year}`;
  return (
    <Card withBorder padding={prominent ? "lg" : "md"} data-testid={`badge-card-${card.id}`}>
      <Stack gap="sm" h="100%" justify="space-between">
        <Stack gap={6}>
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <Icon size={prominent ? 28 : 22} aria-hidden style={{ flexShrink: 0 }} />
            <div>
              <Text fw={600} fz={prominent ? "lg" : "sm"}>
                {card.name}
              </Text>
              <Text size="xs" c="dimmed">
                {card.type === "certification" ? "Certification" : "Award"} · {card.year}
              </Text>
            </div>
          </Group>
          <StatusBadges card={card} />
          {describeMissing(card) && (
            <Text size="xs" c="dimmed" data-testid="badge-missing">
              {describeMissing(card)}
            </Text>
          )}
        </Stack>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={500} size="sm">
            {formatDollars(card.prices[licenceType])}
          </Text>
          {action.kind === "certified" ? (
            <Text size="sm" c="teal.9" fw={500}>
              Certified for {card.year}
            </Text>
          ) : (
            <Button
              size="xs"
              variant={prominent ? "filled" : "light"}
              leftSection={action.disabled ? undefined : <IconShoppingCartPlus size={16} aria-hidden />}
              disabled={action.disabled}
              loading={adding}
              onClick={onAdd}
              aria-label={action.disabled ? `${action.label}: ${title}` : `Add to cart: ${title}`}
            >
              {action.label}
            </Button>
          )}
        </Group>
        {action.kind === "certified" && <CertifiedBadgeActions card={card} />}
      </Stack>
    </Card>
  );
}

/**
 * Certification and award cards on /dashboard/billing (spec accounts §2 billing widgets, §4 card status). Prices and
 * eligibility are the server's; Add to cart puts the badge with the chosen licence type in the cart and opens it.
 */
export function CertificationCardsSection() {
  const cards = useCertificationCards();
  const cart = useCart();
  const add = useAddToCart();
  const [year, setYear] = useState<string | null>(null);
  const [licenceType, setLicenceType] = useState<LicenceType>("digitalorprint");
  const [pendingId, setPendingId] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const data = cards.data;
  const selectedYear = Number(year ?? data?.years[0] ?? new Date().getUTCFullYear());
  const inCart = new Set((cart.data?.lines ?? []).flatMap((line) => (line.badgeId ? [line.badgeId] : [])));
  const shown = (data?.cards ?? []).filter((card) => card.year === selectedYear);
  const certification = shown.find((card) => card.type === "certification");
  const awards = shown.filter((card) => card.type === "award");

  const addCard = (card: CertificationCardResponse) => {
    setPendingId(card.id);
    setAddError(null);
    add.mutate(
      { choice: { kind: "badge", badgeId: card.id, licenceType } },
      {
        onSuccess: () => openCartDrawer(),
        onError: (error) => setAddError(error instanceof Error ? error.message : "We could not add this badge to the cart."),
        onSettled: () => setPendingId(null),
      },
    );
  };

  const renderCard = (card: CertificationCardResponse, prominent: boolean) => (
    <BadgeCard
      key={card.id}
      card={card}
      licenceType={licenceType}
      inCart={inCart.has(card.id)}
      adding={pendingId === card.id}
      onAdd={() => addCard(card)}
      prominent={prominent}
    />
  );

  return (
    <Card data-testid="billing-certifications">
      <Stack gap="md">
        <Title order={2} fz="lg">
          Certifications and awards
        </Title>
        {cards.isPending ? (
          <Center py="md">
            <Loader aria-label="Loading certifications and awards" />
          </Center>
        ) : cards.isError || !data ? (
          <Stack align="flex-start" gap="sm">
            <Alert color="red" variant="light" role="alert" w="100%">
              {CERTIFICATION_CARDS_ERROR}
            </Alert>
            <Button variant="default" onClick={() => void cards.refetch()}>
              Retry
            </Button>
          </Stack>
        ) : (
          <>
            <Text size="sm" c="dimmed" data-testid="certification-rule">
              {describeResponseRule({
                headcount: data.headcount,
                requiredResponses: data.requiredResponses,
                responses: data.responsesByYear[String(selectedYear)] ?? 0,
                year: selectedYear,
                eligible: certification?.eligibility ?? false,
                reasons: certification?.reasons ?? [],
              })}
            </Text>
            <Group gap="lg" wrap="wrap" align="flex-end">
              <Stack gap={4}>
                <Text size="sm" fw={500} id="certification-year-label">
                  Year
                </Text>
                <SegmentedControl
                  aria-labelledby="certification-year-label"
                  value={String(selectedYear)}
                  onChange={setYear}
                  data={data.years.map((one) => ({ value: String(one), label: String(one) }))}
                />
              </Stack>
              <Stack gap={4}>
                <Text size="sm" fw={500} id="licence-type-label">
                  Licence type
                </Text>
                <SegmentedControl
                  aria-labelledby="licence-type-label"
                  value={licenceType}
                  onChange={(value) => setLicenceType(value as LicenceType)}
                  data={LICENCE_TYPES.map((type) => ({ value: type, label: LICENCE_TYPE_LABELS[type] }))}
                />
              </Stack>
            </Group>
            {addError && (
              <Alert color="red" variant="light" role="alert" withCloseButton onClose={() => setAddError(null)} closeButtonLabel="Dismiss">
                {addError}
              </Alert>
            )}
            {certification && renderCard(certification, true)}
            <Title order={3} fz="md">
              Awards {selectedYear}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
              {awards.map((card) => renderCard(card, false))}
            </SimpleGrid>
          </>
        )}
      </Stack>
    </Card>
  );
}
