import { DATA_TUTORIAL } from "./tutorial-data";
import { PERSONALIZATION_TUTORIAL } from "./tutorial-personalization";
import { SURVEYS_TUTORIAL } from "./tutorial-surveys";
import { type Tutorial, TUTORIALS_PATH } from "./tutorial-types";

export { TUTORIALS_PATH };

/** The tutorial pages in the order the Tutorials dialog and the index list them. */
export const TUTORIALS: readonly Tutorial[] = [SURVEYS_TUTORIAL, DATA_TUTORIAL, PERSONALIZATION_TUTORIAL];

export const findTutorial = (slug: string | undefined) => TUTORIALS.find((tutorial) => tutorial.slug === slug) ?? null;

export const tutorialPath = (tutorial: Tutorial) => `${TUTORIALS_PATH}/${tutorial.slug}`;

/** Where a tutorial's screenshot is served from (apps/web/public/tutorials/). */
export const figureSrc = (file: string) => `/tutorials/${file}`;
