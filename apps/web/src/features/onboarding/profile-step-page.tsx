import { Alert, Anchor, Center, Divider, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { Link, Navigate, useNavigate } from "react-router";
import { errorMessage } from "../../lib/api";
import { canAccess, useMe } from "../auth";
import { useCompanyProfile, CompanyProfileForm, LogoUploader } from "../company-profile";

export function ProfileStepPage() {
  const me = useMe();
  const navigate = useNavigate();
  const allowed = me.data ? canAccess(me.data, "company-profile") : false;
  const profile = useCompanyProfile(allowed && Boolean(me.data?.user.emailVerified));

  if (me.isPending) {
    return (
      <Center py="xl">
        <Loader aria-label="Loading" />
      </Center>
    );
  }
  if (!me.data) return <Navigate to="/login?next=/new-company/profile" replace />;
  if (!me.data.user.emailVerified) return <Navigate to="/new-company/verify" replace />;
  if (!allowed) return <Navigate to="/dashboard" replace />;

  return (
    <Stack gap="lg">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Your company profile
        </Title>
        <Text c="dimmed" size="sm" mt={4}>
          These details appear on your reports and your public company profile. You can change them later.
        </Text>
      </div>
      {profile.isPending ? (
        <Center py="xl">
          <Loader aria-label="Loading the company profile" />
        </Center>
      ) : profile.isError ? (
        <Alert color="red" variant="light" role="alert">
          {errorMessage(profile.error)}
        </Alert>
      ) : (
        <>
          <LogoUploader profile={profile.data} />
          <Divider />
          <CompanyProfileForm
            profile={profile.data}
            submitLabel="Save and continue"
            onSaved={() => navigate("/dashboard", { replace: true })}
          />
        </>
      )}
      <Group justify="center">
        <Anchor component={Link} to="/dashboard" size="sm">
          Skip for now and go to the dashboard
        </Anchor>
      </Group>
    </Stack>
  );
}
