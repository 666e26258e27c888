import { Center, Loader } from "@mantine/core";

export function PageLoader() {
  return (
    <Center py="xl">
      <Loader aria-label="Loading" />
    </Center>
  );
}
