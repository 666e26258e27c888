import { Box, Container, Grid, Paper, Stack, Stepper, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Outlet, useLocation } from "react-router";
import { Brand } from "../../ui/brand";
import { LegalLinks } from "../legal";

const STEPS = [
  { label: "Register", description: "Create your account" },
  { label: "Verification", description: "Confirm your email" },
  { label: "Profile", description: "Tell us about your company" },
];

function activeStep(pathname: string): number {
  if (pathname.startsWith("/new-company/profile")) return 2;
  if (pathname.startsWith("/new-company/verify")) return 1;
  return 0;
}

/** The three-step onboarding: a vertical stepper on the left on desktop, a compact one on top on phones. */
export function OnboardingLayout() {
  const { pathname } = useLocation();
  const desktop = useMediaQuery("(min-width: 62em)", true);
  const active = activeStep(pathname);

  const stepper = (
    <Stepper
      active={active}
      orientation={desktop ? "vertical" : "horizontal"}
      size="sm"
      labelPosition={desktop ? "right" : "bottom"}
      wrap={false}
      allowNextStepsSelect={false}
      aria-label="Onboarding steps"
    >
      {STEPS.map((step) => (
        <Stepper.Step
          key={step.label}
          label={step.label}
          description={desktop ? step.description : undefined}
          aria-current={STEPS[active] === step ? "step" : undefined}
        />
      ))}
    </Stepper>
  );

  return (
    <Box component="main" mih="100dvh" bg="ember.0" py={{ base: "md", md: 48 }}>
      <Container size="lg" px={{ base: "sm", sm: "md" }}>
        <Grid gap={{ base: "md", md: 40 }}>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap={desktop ? "xl" : "md"} pos={desktop ? "sticky" : undefined} top={48}>
              <Brand />
              {desktop && (
                <Text c="ember.9" fw={500}>
                  Set up your company in three short steps.
                </Text>
              )}
              {stepper}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Paper withBorder shadow="sm" p={{ base: "md", sm: "xl" }}>
              <Outlet />
            </Paper>
            <LegalLinks mt="sm" />
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}
