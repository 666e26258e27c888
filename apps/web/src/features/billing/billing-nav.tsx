import { Button, Group, Title } from "@mantine/core";
import { Link } from "react-router";

const TABS = [
  { label: "General", to: "/dashboard/billing" },
  { label: "Plan Information", to: "/dashboard/billing/plan" },
  { label: "History", to: "/dashboard/billing/history" },
] as const;

/**
 * The billing pages' heading and tabs (spec accounts §2: General, Plan Information). Each tab is a link to its route,
 * the current one marked with aria-current. History lists the company's orders (decision 0032).
 */
export function BillingHeader({ current }: { current: (typeof TABS)[number]["label"] }) {
  return (
    <>
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Billing
      </Title>
      <Group component="nav" aria-label="Billing" gap="xs" wrap="wrap">
        {TABS.map((tab) => (
          <Button
            key={tab.to}
            component={Link}
            to={tab.to}
            variant={tab.label === current ? "filled" : "default"}
            aria-current={tab.label === current ? "page" : undefined}
            data-testid={`billing-tab-${tab.label === "General" ? "general" : tab.label === "History" ? "history" : "plan"}`}
          >
            {tab.label}
          </Button>
        ))}
      </Group>
    </>
  );
}
