import { LEGAL_ROUTES } from "@hearth/shared";
import { Anchor, Group, type GroupProps } from "@mantine/core";
import { Link } from "react-router";

export const LEGAL_LINKS = [
  { to: LEGAL_ROUTES.terms, label: "Terms of Use" },
  { to: LEGAL_ROUTES.privacy, label: "Privacy Policy" },
  { to: LEGAL_ROUTES["saas-agreement"], label: "SaaS Agreement" },
  { to: LEGAL_ROUTES["order-form"], label: "Order Form" },
] as const;

/** The footer's links to the four legal documents (app shell, sign-in and registration pages, the viewer itself). */
export function LegalLinks(props: GroupProps) {
  return (
    <Group component="nav" aria-label="Legal" gap="md" justify="center" py="sm" {...props}>
      {LEGAL_LINKS.map((link) => (
        <Anchor key={link.to} component={Link} to={link.to} size="sm" c="dimmed">
          {link.label}
        </Anchor>
      ))}
    </Group>
  );
}
