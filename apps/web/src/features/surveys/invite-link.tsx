import { Button, CopyButton, Flex, Group, TextInput } from "@mantine/core";
import { IconCheck, IconCopy, IconExternalLink } from "@tabler/icons-react";

/** The survey's public link, read-only, with Copy and Open (stacked on a phone). */
export function InviteLink({ link, label = "Survey link" }: { link: string; label?: string }) {
  return (
    <Flex gap="xs" align={{ base: "stretch", sm: "flex-end" }} direction={{ base: "column", sm: "row" }}>
      <TextInput
        label={label}
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        style={{ flex: 1, minWidth: 0 }}
        data-testid="invite-link"
      />
      <Group gap="xs" wrap="nowrap">
        <CopyButton value={link}>
          {({ copied, copy }) => (
            <Button
              onClick={copy}
              variant={copied ? "filled" : "light"}
              color={copied ? "teal" : undefined}
              leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              aria-live="polite"
            >
              {copied ? "Copied" : "Copy link"}
            </Button>
          )}
        </CopyButton>
        <Button
          component="a"
          href={link}
          target="_blank"
          rel="noopener"
          variant="default"
          leftSection={<IconExternalLink size={16} aria-hidden />}
        >
          Open
        </Button>
      </Group>
    </Flex>
  );
}
