import type { SurveySummary, TourId } from "@hearth/shared";
import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconRoute } from "@tabler/icons-react";
import { Link } from "react-router";
import { useMe } from "../auth";
import { useSurveys, invitesPath, NEW_SURVEY_PATH, reportPath } from "../surveys";
import { TOUR_PARAM } from "./tour-launcher";
import { TOURS } from "./tour-steps";
import { tourStateOf, useTourProgress } from "./tutorials-api";

const STATE_LABELS = { finished: "Finished", dismissed: "Skipped" } as const;

/** The survey a page tour runs on: the newest published one (with answers, for a report). */
function tourSurvey(tour: TourId, surveys: readonly SurveySummary[] | undefined): SurveySummary | null {
  const published = (surveys ?? []).filter((survey) => !survey.draft && !survey.archived).sort((a, b) => b.created - a.created);
  if (tour === "reports") return published.find((survey) => survey.completed > 0) ?? null;
  return published.find((survey) => survey.status === "Active") ?? published[0] ?? null;
}

type TourStart = { to: string } | { why: string };

/** Where "Take the tour" leads, or why it cannot start (no survey to show it on, or a page the user cannot open). */
function tourStart(
  tour: TourId,
  surveys: readonly SurveySummary[] | undefined,
  can: (permission: "survey-edit" | "report-view") => boolean,
): TourStart {
  if (tour === "wizard")
    return can("survey-edit") ? { to: `${NEW_SURVEY_PATH}?tutorial=true` } : { why: "Your role cannot create surveys." };
  if (!can(tour === "invitations" ? "survey-edit" : "report-view")) return { why: "Your role cannot open this page." };
  const survey = tourSurvey(tour, surveys);
  if (!survey) return { why: tour === "reports" ? "Available once a survey has answers." : "Available once you publish a survey." };
  return { to: `${tour === "invitations" ? invitesPath(survey) : reportPath(survey)}?${TOUR_PARAM}=${tour}` };
}

/** The guided tours a tutorial offers, each with how the user left it and a button that starts it. */
export function TourLinks({ tours }: { tours: readonly TourId[] }) {
  const me = useMe().data;
  const can = (permission: "survey-edit" | "report-view") => me?.permissions.includes(permission) ?? false;
  const surveys = useSurveys();
  const progress = useTourProgress();

  return (
    <Stack gap="sm" component="section" aria-labelledby="tours-heading">
      <Text component="h2" fw={700} fz="lg" id="tours-heading" m={0}>
        Guided tours
      </Text>
      <Text size="sm" c="dimmed">
        A tour points at each part of the page in turn. Use Next and Back or the arrow keys; Escape ends it.
      </Text>
      {tours.map((id) => {
        const tour = TOURS[id];
        const state = tourStateOf(progress.data, id);
        const start = tourStart(id, surveys.data, can);
        return (
          <Card key={id} withBorder padding="sm" data-testid={`tour-link-${id}`}>
            <Group justify="space-between" gap="sm">
              <Stack gap={2}>
                <Group gap="xs">
                  <Text fw={600}>{tour.name}</Text>
                  {state && (
                    <Badge variant="light" color={state === "finished" ? "teal" : "gray"}>
                      {STATE_LABELS[state]}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {tour.steps.length} steps on {tour.where}.{"why" in start ? ` ${start.why}` : ""}
                </Text>
              </Stack>
              {"to" in start && (
                <Button
                  component={Link}
                  to={start.to}
                  variant="light"
                  leftSection={<IconRoute size={16} aria-hidden />}
                  aria-label={`${state ? "Take it again" : "Take the tour"}: ${tour.name}`}
                >
                  {state ? "Take it again" : "Take the tour"}
                </Button>
              )}
            </Group>
          </Card>
        );
      })}
    </Stack>
  );
}
