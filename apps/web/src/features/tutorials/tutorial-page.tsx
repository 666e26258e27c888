import { Anchor, Box, Card, Group, Image, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconArrowLeft } from "@tabler/icons-react";
import { useEffect } from "react";
import { Link, useLocation, useParams } from "react-router";
import { NotFoundPage } from "../errors";
import { TourLinks } from "./tour-links";
import type { Tutorial, TutorialFigure } from "./tutorial-types";
import { figureSrc, findTutorial, TUTORIALS, TUTORIALS_PATH, tutorialPath } from "./tutorials";

function Figure({ figure }: { figure: TutorialFigure }) {
  return (
    <Box component="figure" m={0}>
      {/* The picture opens at full size: on a phone the page shows it much smaller than it was taken. */}
      <Anchor href={figureSrc(figure.file)} target="_blank" rel="noopener" display="block">
        <Image
          src={figureSrc(figure.file)}
          alt={figure.alt}
          width={figure.width}
          height={figure.height}
          loading="lazy"
          radius="md"
          h="auto"
          maw="100%"
          style={{ border: "1px solid var(--mantine-color-gray-3)", aspectRatio: `${figure.width} / ${figure.height}` }}
        />
      </Anchor>
      <Text component="figcaption" size="sm" c="dimmed" mt={6}>
        {figure.caption}
      </Text>
    </Box>
  );
}

function TutorialArticle({ tutorial }: { tutorial: Tutorial }) {
  const { hash } = useLocation();
  // A link to one section (#invite) lands on it once the article is on screen.
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.scrollIntoView();
  }, [hash]);

  return (
    <Stack gap="xl" maw={820} component="article" data-testid="tutorial-article">
      <Stack gap="xs">
        <Anchor component={Link} to={TUTORIALS_PATH} size="sm" w="fit-content">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            All tutorials
          </Group>
        </Anchor>
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          {tutorial.title}
        </Title>
        <Text c="dimmed">{tutorial.summary}</Text>
      </Stack>
      {tutorial.sections.map((section) => (
        <Stack key={section.anchor} id={section.anchor} gap="sm" component="section" aria-label={section.heading}>
          <Title order={2} fz={{ base: 19, sm: 22 }}>
            {section.heading}
          </Title>
          {section.body}
          {section.figure && <Figure figure={section.figure} />}
        </Stack>
      ))}
      <TourLinks tours={tutorial.tours} />
      <OtherTutorials current={tutorial} />
    </Stack>
  );
}

function OtherTutorials({ current }: { current: Tutorial }) {
  const others = TUTORIALS.filter((tutorial) => tutorial.slug !== current.slug);
  return (
    <Stack gap="xs" component="nav" aria-label="Other tutorials">
      <Text fw={700}>More tutorials</Text>
      {others.map((tutorial) => (
        <Anchor key={tutorial.slug} component={Link} to={tutorialPath(tutorial)}>
          {tutorial.title}
        </Anchor>
      ))}
    </Stack>
  );
}

/** /dashboard/tutorials/{surveys|data|survey_personalization}. */
export function TutorialPage() {
  const tutorial = findTutorial(useParams().slug);
  return tutorial ? <TutorialArticle tutorial={tutorial} /> : <NotFoundPage />;
}

/** /dashboard/tutorials: every tutorial, then every tour. */
export function TutorialsIndexPage() {
  return (
    <Stack gap="xl" maw={820}>
      <Stack gap="xs">
        <Title order={1} fz={{ base: 24, sm: 30 }}>
          Tutorials
        </Title>
        <Text c="dimmed">
          Step-by-step guides to Hearth, with pictures of the pages they describe, and guided tours of the pages themselves.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {TUTORIALS.map((tutorial) => (
          <Card key={tutorial.slug} withBorder padding="md" component="section" aria-labelledby={`tutorial-${tutorial.slug}`}>
            <Stack gap="xs">
              <Anchor component={Link} to={tutorialPath(tutorial)} fw={700} id={`tutorial-${tutorial.slug}`}>
                {tutorial.title}
              </Anchor>
              <Text size="sm" c="dimmed">
                {tutorial.summary}
              </Text>
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <TourLinks tours={["wizard", "invitations", "reports"]} />
    </Stack>
  );
}
