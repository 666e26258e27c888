import { Button, Group, Paper, Text } from "@mantine/core";
import { IconRoute } from "@tabler/icons-react";
import { useSearchParams } from "react-router";
import { GuidedTour } from "./guided-tour";
import { TOUR_LAUNCHER, type TourDefinition } from "./tour-steps";
import { tourStateOf, useSaveTourProgress, useTourProgress } from "./tutorials-api";

/** The query parameter that runs a page's tour: ?tour=invitations, ?tour=reports (links from the tutorial pages). */
export const TOUR_PARAM = "tour";

/**
 * A page's tour: offered once (a card with Take the tour and Not now) until the user finishes or dismisses it, then a
 * small Take the tour button. ?tour={id} in the address runs it; ending it removes the parameter and saves how it ended.
 */
export function TourLauncher({ tour }: { tour: TourDefinition }) {
  const [params, setParams] = useSearchParams();
  const running = params.get(TOUR_PARAM) === tour.id;
  const progress = useTourProgress();
  const save = useSaveTourProgress();
  const offered = progress.isSuccess && tourStateOf(progress.data, tour.id) === null && !running;

  function setRunning(on: boolean) {
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (on) next.set(TOUR_PARAM, tour.id);
        else next.delete(TOUR_PARAM);
        return next;
      },
      { replace: true },
    );
  }

  return (
    <>
      {offered ? (
        <Paper withBorder radius="md" p="sm" data-tour={TOUR_LAUNCHER} data-testid="tour-offer">
          <Group justify="space-between" gap="sm">
            <Text size="sm">New here? A short tour shows what each part of this page does.</Text>
            <Group gap="xs">
              <Button size="compact-sm" leftSection={<IconRoute size={16} aria-hidden />} onClick={() => setRunning(true)}>
                Take the tour
              </Button>
              <Button size="compact-sm" variant="subtle" color="gray" onClick={() => save.mutate({ tour: tour.id, state: "dismissed" })}>
                Not now
              </Button>
            </Group>
          </Group>
        </Paper>
      ) : (
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconRoute size={16} aria-hidden />}
          onClick={() => setRunning(true)}
          w="fit-content"
          data-tour={TOUR_LAUNCHER}
        >
          Take the tour
        </Button>
      )}
      <GuidedTour tour={tour} active={running} onEnd={() => setRunning(false)} />
    </>
  );
}
