import {
  Alert,
  Anchor,
  Badge,
  Box,
  Container,
  FileButton,
  Group,
  Image,
  List,
  Loader,
  Paper,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Button,
} from "@mantine/core";
import { IconCheck, IconUpload, IconX } from "@tabler/icons-react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { type ReactNode, useId, useState } from "react";
import { Link, useParams } from "react-router";
import { ApiError } from "../../lib/api";
import { LegalLinks } from "../legal";
import { Brand } from "../../ui/brand";
import { BADGE_FILE_MAX_BYTES, fetchCredential, type VerifyResult, verifyBadgeFile, verifyCredential } from "./verify-api";
import {
  type BadgeStatus,
  badgeStatus,
  checkLines,
  describeCredential,
  formatDay,
  formatPeriod,
  STATUS_LABELS,
  STATUS_SENTENCES,
} from "./verify-view";

/**
 * /verify/{credentialId} (issue 13 item 6, docs/decisions/0037): a badge's credential shown as the Open Badges
 * displayer rules ask (image, name, description, issuer, issued on, expired or revoked) and verified by the server with
 * the instance's key; an uploaded badge PNG or SVG is checked the same way. Public.
 */
function VerifyFrame({ children }: { children: ReactNode }) {
  return (
    <Box bg="ember.0" mih="100dvh">
      <Container size={760} px={{ base: "sm", sm: "md" }} py={{ base: "md", sm: 40 }}>
        <Stack gap="md">
          <Anchor component={Link} to="/" aria-label="Hearth home" underline="never" w="fit-content">
            <Brand size="md" />
          </Anchor>
          <Box component="main">
            <Stack gap="md">{children}</Stack>
          </Box>
          <Box component="footer">
            <LegalLinks />
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}

const STATUS_COLORS: Record<BadgeStatus, string> = {
  valid: "teal",
  revoked: "red",
  expired: "orange",
  "not-yet-valid": "orange",
  invalid: "red",
};

function BadgeCard({ result, heading, level }: { result: VerifyResult; heading: string; level: 1 | 3 }) {
  const headingId = useId();
  const credential = result.credential ?? {};
  const display = describeCredential(credential);
  const status = badgeStatus(result);
  const issuedOn = formatDay(display.issuedOn);
  const validity = formatPeriod(display.validFrom, display.validUntil);
  return (
    <Paper withBorder shadow="sm" p={{ base: "md", sm: "xl" }} component="section" aria-labelledby={headingId}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          {heading}
        </Text>
        <Group align="flex-start" gap="lg" wrap="wrap">
          {display.imageUrl && <Image src={display.imageUrl} alt={`${display.name} badge`} w={120} h="auto" fit="contain" radius="sm" />}
          <Stack gap={6} style={{ flex: "1 1 240px", minWidth: 0 }}>
            <Title order={level} id={headingId} fz={{ base: 22, sm: 28 }}>
              {display.name}
            </Title>
            {display.recipient && <Text fw={600}>Awarded to {display.recipient}</Text>}
            <Group gap="xs">
              <Badge size="lg" color={`${STATUS_COLORS[status]}.9`} autoContrast variant="filled" data-testid="badge-status">
                {STATUS_LABELS[status]}
              </Badge>
            </Group>
          </Stack>
        </Group>
        <Alert color={STATUS_COLORS[status]} variant="light" role="status" title={STATUS_LABELS[status]}>
          {STATUS_SENTENCES[status]}
        </Alert>
        {display.description && <Text lh={1.6}>{display.description}</Text>}
        <Box component="dl" m={0}>
          <Fact term="Issuer">
            {display.issuerUrl ? (
              <Anchor href={display.issuerUrl} rel="noopener">
                {display.issuerName}
              </Anchor>
            ) : (
              display.issuerName
            )}
          </Fact>
          {issuedOn && <Fact term="Issued on">{issuedOn}</Fact>}
          {validity && <Fact term="Valid">{validity}</Fact>}
          {display.criteria && <Fact term="Criteria">{display.criteria}</Fact>}
        </Box>
        <div>
          <Title order={level === 1 ? 2 : 4} fz="lg" mb="xs">
            Checks
          </Title>
          <List spacing="xs" listStyleType="none" p={0} m={0}>
            {checkLines(result).map((line) => (
              <List.Item
                key={line.label}
                icon={
                  <ThemeIcon size={22} radius="xl" color={line.ok ? "teal" : "red"} aria-hidden>
                    {line.ok ? <IconCheck size={14} /> : <IconX size={14} />}
                  </ThemeIcon>
                }
              >
                <Text span fw={600}>
                  {line.label}:
                </Text>{" "}
                <Text span>{`${line.ok ? "passed" : "failed"}. ${line.detail}`}</Text>
              </List.Item>
            ))}
          </List>
        </div>
      </Stack>
    </Paper>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <Group gap="xs" align="baseline" wrap="nowrap" mb={6}>
      <Text component="dt" fw={600} w={96} style={{ flexShrink: 0 }}>
        {term}
      </Text>
      <Text component="dd" m={0} style={{ minWidth: 0, overflowWrap: "anywhere" }}>
        {children}
      </Text>
    </Group>
  );
}

const errorMessage = (error: unknown) => (error instanceof ApiError ? error.message : "Something went wrong. Please try again.");

function CredentialById({ credentialId }: { credentialId: string }) {
  const query = useQuery({
    queryKey: ["credential-verification", credentialId],
    queryFn: async () => verifyCredential(await fetchCredential(credentialId)),
    retry: false,
    staleTime: 0,
  });
  if (query.isPending) {
    return (
      <Group gap="sm" aria-busy="true">
        <Loader size="sm" aria-label="Verifying" />
        <Text>Verifying the badge…</Text>
      </Group>
    );
  }
  if (query.isError) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 400);
    return (
      <Alert color="red" title={missing ? "No such badge" : "Could not verify"} role="alert">
        {missing ? "No badge credential has this address on this Hearth instance." : errorMessage(query.error)}
      </Alert>
    );
  }
  return <BadgeCard result={query.data} level={1} heading="Badge credential published by this Hearth instance" />;
}

function UploadCheck() {
  const upload = useMutation({ mutationFn: verifyBadgeFile });
  const [tooLarge, setTooLarge] = useState(false);
  const choose = (file: File | null) => {
    if (!file) return;
    upload.reset();
    setTooLarge(file.size > BADGE_FILE_MAX_BYTES);
    if (file.size <= BADGE_FILE_MAX_BYTES) upload.mutate(file);
  };
  return (
    <Paper withBorder p={{ base: "md", sm: "xl" }} component="section" aria-labelledby="upload-heading">
      <Stack gap="sm">
        <Title order={2} id="upload-heading" fz="lg">
          Check a badge image
        </Title>
        <Text size="sm" lh={1.6}>
          Hearth badges carry their signed credential inside the image. Upload a badge PNG or SVG (512 KiB at most) to check the credential
          baked into it.
        </Text>
        <FileButton onChange={choose} accept="image/png,image/svg+xml">
          {(props) => (
            <Button {...props} leftSection={<IconUpload size={16} aria-hidden />} loading={upload.isPending} w="fit-content">
              Upload a badge
            </Button>
          )}
        </FileButton>
        {(upload.isError || tooLarge) && (
          <Alert color="red" role="alert" title="Could not check this file">
            {tooLarge ? "The file is larger than 512 KiB; a Hearth badge is much smaller." : errorMessage(upload.error)}
          </Alert>
        )}
      </Stack>
      {upload.data && (
        <Box mt="md">
          <BadgeCard result={upload.data} level={3} heading={`Credential baked into the uploaded ${upload.data.source.toUpperCase()}`} />
        </Box>
      )}
    </Paper>
  );
}

export function VerifyBadgePage() {
  const { credentialId } = useParams();
  return (
    <VerifyFrame>
      {credentialId ? (
        <CredentialById credentialId={credentialId} />
      ) : (
        <Title order={1} fz={{ base: 22, sm: 28 }}>
          Verify a Hearth badge
        </Title>
      )}
      <UploadCheck />
    </VerifyFrame>
  );
}
