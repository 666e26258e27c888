import { LEGAL_DOCUMENTS, type LegalDocument, type LegalDocumentId } from "@hearth/shared";
import { Anchor, Box, Container, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Brand } from "../../ui/brand";
import { LegalDocumentBody, OrderFormBlock } from "./legal-document-view";
import { LegalLinks } from "./legal-links";

/** The viewer's frame: brand, the document in one readable column, the legal links at the foot. Reachable signed out. */
function LegalFrame({ children }: { children: ReactNode }) {
  return (
    <Box bg="ember.0" mih="100dvh">
      <Container size={820} px={{ base: "sm", sm: "md" }} py={{ base: "md", sm: 40 }}>
        <Stack gap="md">
          <Anchor component={Link} to="/" aria-label="Hearth home" underline="never" w="fit-content">
            <Brand size="md" />
          </Anchor>
          <Paper component="main" withBorder shadow="sm" p={{ base: "md", sm: "xl" }}>
            {children}
          </Paper>
          <Box component="footer">
            <LegalLinks />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}

function DocumentHeader({ document }: { document: LegalDocument }) {
  return (
    <div>
      <Title order={1} fz={{ base: 24, sm: 30 }}>
        {document.title}
      </Title>
      {document.lastModified && (
        <Text c="dimmed" size="sm" mt={4}>
          Last modified {document.lastModified}
        </Text>
      )}
      <Text mt="md" lh={1.6}>
        {document.summary}
      </Text>
    </div>
  );
}

/** The Terms of Use, the Privacy Policy or the SaaS agreement (which ends with the Order Form summary). */
export function LegalDocumentPage({ id }: { id: Exclude<LegalDocumentId, "order-form"> }) {
  const document = LEGAL_DOCUMENTS[id];
  const withOrderForm = id === "saas-agreement";
  return (
    <LegalFrame>
      <Stack gap="xl">
        <DocumentHeader document={document} />
        <LegalDocumentBody document={document} orderFormEntry={withOrderForm} />
        {withOrderForm && <OrderFormBlock headingOrder={2} />}
      </Stack>
    </LegalFrame>
  );
}

export function OrderFormPage() {
  return (
    <LegalFrame>
      <OrderFormBlock headingOrder={1} />
    </LegalFrame>
  );
}
