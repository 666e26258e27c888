import { Box, Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { Brand } from "../../ui/brand";
import { LegalLinks } from "../legal";

/** The centred card the sign-in, forgot-password and reset-password pages sit in. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Box component="main" mih="100dvh" bg="ember.0" px="md" py={40}>
      <Center>
        <Stack w="100%" maw={440} gap="lg">
          <Center>
            <Brand />
          </Center>
          <Paper withBorder shadow="sm" p={{ base: "lg", sm: "xl" }}>
            <Stack gap="lg">
              <div>
                <Title order={1} fz={26}>
                  {title}
                </Title>
                {subtitle && (
                  <Text c="dimmed" size="sm" mt={4}>
                    {subtitle}
                  </Text>
                )}
              </div>
              {children}
            </Stack>
          </Paper>
          <LegalLinks />
        </Stack>
      </Center>
    </Box>
  );
}
