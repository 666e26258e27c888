import { AppShell, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { useDisclosure, useMediaQuery } from "@mantine/hooks";
import { Navigate, Outlet, useLocation } from "react-router";
import { LegalLinks } from "../legal";
import { errorMessage } from "../../lib/api";
import { useMe } from "../auth";
import { SwitchBanner } from "../operator";
import { SupportProvider } from "../support";
import { UpgradeDialogs } from "../upgrade";
import { HeaderBar } from "./header-bar";
import { Sidebar } from "./sidebar";

/** Every /dashboard and /admin page: signed in and verified, inside the shell. */
export function AppLayout() {
  const me = useMe();
  const location = useLocation();
  const [mobileOpened, mobile] = useDisclosure(false);
  const [desktopOpened, desktop] = useDisclosure(true);
  const wide = useMediaQuery("(min-width: 48em)", true);
  // A collapsed sidebar slides off screen; inert keeps its links out of the tab order and the accessibility tree.
  const sidebarHidden = wide ? !desktopOpened : !mobileOpened;

  if (me.isPending) {
    return (
      <Center mih="100dvh">
        <Loader aria-label="Loading Hearth" />
      </Center>
    );
  }
  if (me.isError) {
    return (
      <Center mih="100dvh" px="md">
        <Stack align="center" gap="sm" ta="center" role="alert">
          <Text fw={600}>Hearth could not load your account.</Text>
          <Text c="dimmed">{errorMessage(me.error)}</Text>
          <Button onClick={() => void me.refetch()}>Retry</Button>
        </Stack>
      </Center>
    );
  }
  if (!me.data) {
    const next = `${location.pathname}${location.search}`;
    return <Navigate to={`/login?next=${encodeURIComponent(next)}`} replace />;
  }
  if (!me.data.user.emailVerified) return <Navigate to="/new-company/verify" replace />;

  return (
    <SupportProvider>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 260, breakpoint: "sm", collapsed: { mobile: !mobileOpened, desktop: !desktopOpened } }}
        padding={{ base: "sm", sm: "lg" }}
      >
        <AppShell.Header>
          <HeaderBar
            me={me.data}
            mobileOpened={mobileOpened}
            desktopOpened={desktopOpened}
            onToggleMobile={mobile.toggle}
            onToggleDesktop={desktop.toggle}
          />
        </AppShell.Header>
        <AppShell.Navbar aria-label="Sidebar" inert={sidebarHidden} data-collapsed={sidebarHidden || undefined}>
          <Sidebar me={me.data} onNavigate={mobile.close} />
        </AppShell.Navbar>
        <AppShell.Main bg="gray.0">
          <SwitchBanner me={me.data} />
          <Outlet />
          <LegalLinks mt="xl" />
        </AppShell.Main>
      </AppShell>
      <UpgradeDialogs me={me.data} />
    </SupportProvider>
  );
}
