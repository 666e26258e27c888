import { type CompanyProfile, describeTimeZone } from "@hearth/shared";
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import { IconPencil } from "@tabler/icons-react";
import { useState } from "react";
import { QueryBoundary } from "../errors";
import { SsoCard } from "../sso";
import { useCompanyProfile } from "./company-api";
import { CompanyProfileForm } from "./company-profile-form";
import { AccentColorField } from "./accent-color-field";
import { LogoUploader } from "./logo-uploader";
import { PublicProfileCard } from "./public-profile-card";
import { LabellingConsentCard } from "../labelling";
import { ReportPrivacyCard } from "./report-privacy-card";

function timeZoneLabel(iana: string | null): string | null {
  return iana ? describeTimeZone(iana) : null;
}

function Field({ label, value }: { label: string; value: React.ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: "anywhere" }}>
        {value ?? "Not set"}
      </Text>
    </div>
  );
}

function ProfileView({ profile }: { profile: CompanyProfile }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" data-testid="company-profile-view">
      <Field label="Company name" value={profile.companyName} />
      <Field label="Legal name" value={profile.companyLegalName} />
      <Field
        label="Number of employees"
        value={profile.headcount != null ? `${profile.headcount.toLocaleString("en-US")} (${profile.companySize})` : null}
      />
      <Field label="Time zone" value={timeZoneLabel(profile.timeZone)} />
      <Field label="Address" value={profile.address} />
      <Field label="Phone" value={profile.phone} />
      <Field
        label="Website"
        value={
          profile.website ? (
            <Anchor href={profile.website} target="_blank" rel="noopener noreferrer">
              {profile.website}
            </Anchor>
          ) : null
        }
      />
    </SimpleGrid>
  );
}

export function CompanyProfilePage() {
  const query = useCompanyProfile();
  const [editing, setEditing] = useState(false);

  return (
    <QueryBoundary query={query}>
      {(profile) => (
        <Stack gap="lg">
          <Group justify="space-between" wrap="wrap">
            <Group gap="sm">
              <Title order={1} fz={{ base: 24, sm: 28 }}>
                Company profile
              </Title>
              <Badge color={profile.profileComplete ? "teal" : "ember"} variant="light">
                {profile.profileComplete ? "Complete" : "Incomplete"}
              </Badge>
            </Group>
            {!editing && (
              <Button leftSection={<IconPencil size={18} aria-hidden />} onClick={() => setEditing(true)}>
                Edit
              </Button>
            )}
          </Group>
          <Card>
            {editing ? (
              <CompanyProfileForm
                profile={profile}
                onCancel={() => setEditing(false)}
                onSaved={() => {
                  setEditing(false);
                  notifications.show({ color: "teal", message: "Company profile saved" });
                }}
              />
            ) : (
              <ProfileView profile={profile} />
            )}
          </Card>
          <Card>
            <LogoUploader profile={profile} />
            <AccentColorField profile={profile} />
          </Card>
          <ReportPrivacyCard profile={profile} />
          <LabellingConsentCard profile={profile} />
          <PublicProfileCard />
          <SsoCard />
        </Stack>
      )}
    </QueryBoundary>
  );
}
