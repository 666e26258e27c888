import type { LegalDocument, OrderForm } from "@hearth/shared";
import { Alert, Anchor, Box, Center, List, Loader, Paper, Stack, Table, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { useOrderForm } from "./order-form-data";

/** A table of contents: links to each section's heading. */
export function TableOfContents({ items }: { items: ReadonlyArray<{ id: string; heading: string }> }) {
  return (
    <Paper component="nav" aria-labelledby="legal-contents" withBorder p="md" bg="gray.0">
      <Title order={2} fz="md" id="legal-contents" mb="xs">
        Contents
      </Title>
      <List spacing={4} size="sm" listStyleType="none" withPadding={false}>
        {items.map((item) => (
          <List.Item key={item.id}>
            <Anchor href={`#${item.id}`}>{item.heading}</Anchor>
          </List.Item>
        ))}
      </List>
    </Paper>
  );
}

/** One document's sections: each a level-2 heading with its paragraphs. */
export function LegalSections({ document }: { document: LegalDocument }) {
  return (
    <Stack gap="lg">
      {document.sections.map((section) => (
        <Box component="section" key={section.id} aria-labelledby={section.id}>
          <Title order={2} fz={{ base: 18, sm: 20 }} id={section.id} mb="xs" style={{ scrollMarginTop: 16 }}>
            {section.heading}
          </Title>
          <Stack gap="xs">
            {section.paragraphs.map((paragraph) => (
              <Text key={paragraph} lh={1.6}>
                {paragraph}
              </Text>
            ))}
          </Stack>
        </Box>
      ))}
    </Stack>
  );
}

/** The Order Form summary: its fields as a two-column table (rows stack on a phone) and the disclaimer. */
export function OrderFormSummary({
  form,
  headingId,
  headingOrder = 2,
  notice,
}: {
  form: OrderForm;
  headingId: string;
  headingOrder?: 1 | 2;
  /** Shown between the heading and the fields (the sample's label). */
  notice?: ReactNode;
}) {
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Title order={headingOrder} fz={headingOrder === 1 ? { base: 24, sm: 30 } : { base: 18, sm: 20 }} id={headingId} mb="sm">
        {form.title}
      </Title>
      {notice}
      <Table withTableBorder withColumnBorders verticalSpacing="xs" layout="fixed" className="legal-order-form">
        <Table.Tbody>
          {(form.seller ?? []).map((line) => (
            <Table.Tr key={`seller:${line.label}`} data-testid="order-form-seller">
              <Table.Th scope="row" w={{ base: "40%", sm: "30%" }} style={{ verticalAlign: "top" }}>
                {line.label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>{line.value}</Table.Td>
            </Table.Tr>
          ))}
          {form.fields.map((field) => (
            <Table.Tr key={field.key}>
              <Table.Th scope="row" w={{ base: "40%", sm: "30%" }} style={{ verticalAlign: "top" }}>
                {field.label}
              </Table.Th>
              <Table.Td style={{ overflowWrap: "anywhere" }}>{field.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Text mt="md" fw={500} lh={1.6}>
        {form.disclaimer}
      </Text>
    </Box>
  );
}

/** A document's table of contents and sections; the agreement's contents also list the Order Form at its end. */
export function LegalDocumentBody({ document, orderFormEntry }: { document: LegalDocument; orderFormEntry?: boolean }) {
  const items = document.sections.map((section) => ({ id: section.id, heading: section.heading }));
  if (orderFormEntry) items.push({ id: ORDER_FORM_HEADING_ID, heading: "Order Form" });
  return (
    <>
      <TableOfContents items={items} />
      <LegalSections document={document} />
    </>
  );
}

export const ORDER_FORM_HEADING_ID = "order-form";

/** The order form as the viewer shows it: the company's own when signed in, otherwise the labelled sample. */
export function OrderFormBlock({ headingOrder }: { headingOrder: 1 | 2 }) {
  const { view } = useOrderForm();
  if (!view) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading the order form" />
      </Center>
    );
  }
  return (
    <Stack gap="md">
      <OrderFormSummary
        form={view.form}
        headingId={ORDER_FORM_HEADING_ID}
        headingOrder={headingOrder}
        notice={
          view.kind === "sample" && (
            <Alert variant="light" color="gray" title="Sample order form" mb="md">
              {view.reason === "signed-out"
                ? "This sample is filled with example details. Sign in to see your company's order form."
                : "This sample is filled with example details. Your company's order form is shown to users who manage the company profile."}
            </Alert>
          )
        }
      />
      {view.kind === "company" && (
        <Anchor href="/api/legal/order-form.pdf" download>
          Download the order form (PDF)
        </Anchor>
      )}
    </Stack>
  );
}
