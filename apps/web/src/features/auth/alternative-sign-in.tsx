import { Button, Divider, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBrandGoogle, IconBuildingSkyscraper } from "@tabler/icons-react";
import { lazy, Suspense, useState } from "react";
import { errorMessage } from "../../lib/api";
import { authApi } from "./auth-api";
import { usePublicConfig } from "./session";

// The dialog (and Mantine's modal machinery) is loaded when first opened: the sign-in page stays light.
const SsoDialog = lazy(() => import("./sso-dialog").then((m) => ({ default: m.SsoDialog })));

/**
 * Google (when the server enables it) and single sign-on by work email. On the registration page `terms` carries the
 * form's checkbox: Google then creates the company only with the terms accepted (the server refuses otherwise).
 */
export function AlternativeSignIn({ terms }: { terms?: { accepted: boolean; onMissing: () => void } } = {}) {
  const config = usePublicConfig();
  const [ssoOpened, sso] = useDisclosure(false);
  const [ssoWanted, setSsoWanted] = useState(false);
  const [googleError, setGoogleError] = useState<string | null>(null);
  const [googleBusy, setGoogleBusy] = useState(false);

  async function signInWithGoogle() {
    if (terms && !terms.accepted) {
      terms.onMissing();
      return;
    }
    setGoogleBusy(true);
    setGoogleError(null);
    try {
      const result = await authApi.socialSignIn(terms?.accepted === true);
      if (result?.url) window.location.assign(result.url);
      else setGoogleError("Google sign-in is not available right now.");
    } catch (error) {
      setGoogleError(errorMessage(error));
    } finally {
      setGoogleBusy(false);
    }
  }

  return (
    <Stack gap="xs">
      <Divider label="or" labelPosition="center" />
      {config.data?.googleSignIn && (
        <Button
          variant="default"
          leftSection={<IconBrandGoogle size={18} aria-hidden />}
          onClick={signInWithGoogle}
          loading={googleBusy}
          fullWidth
        >
          Continue with Google
        </Button>
      )}
      {googleError && (
        <Text size="sm" c="red.9" role="alert">
          {googleError}
        </Text>
      )}
      <Button
        variant="default"
        leftSection={<IconBuildingSkyscraper size={18} aria-hidden />}
        onClick={() => {
          setSsoWanted(true);
          sso.open();
        }}
        fullWidth
      >
        Sign in with work email (SSO)
      </Button>
      {ssoWanted && (
        <Suspense fallback={null}>
          <SsoDialog opened={ssoOpened} onClose={sso.close} />
        </Suspense>
      )}
    </Stack>
  );
}
