import type { TourId } from "@hearth/shared";
import type { ReactNode } from "react";

/** A screenshot of the product in apps/web/public/tutorials/ (made by e2e/tutorial-screenshots.e2e.ts). */
export interface TutorialFigure {
  /** The file name under /tutorials/. */
  file: string;
  /** What the picture shows, for people who cannot see it. */
  alt: string;
  caption: string;
  width: number;
  height: number;
}

export interface TutorialSection {
  /** The section's id, for links to it (/dashboard/tutorials/surveys#invite). */
  anchor: string;
  heading: string;
  body: ReactNode;
  figure?: TutorialFigure;
}

/** Each tutorial's title by its address, read by the pages and by the router for the document title. */
export const TUTORIAL_TITLES = {
  surveys: "Create and send a survey",
  data: "Import data and use imported cohorts",
  survey_personalization: "Personalise a survey",
} as const;
export type TutorialSlug = keyof typeof TUTORIAL_TITLES;

export interface Tutorial {
  /** Its address: /dashboard/tutorials/{slug}. */
  slug: TutorialSlug;
  title: string;
  /** One sentence, in the Tutorials dialog and at the top of the page. */
  summary: string;
  sections: TutorialSection[];
  /** The guided tours the page offers at its end. */
  tours: TourId[];
}

/** The tutorials' index; the shell's Tutorials dialog links here without loading the tutorials' text. */
export const TUTORIALS_PATH = "/dashboard/tutorials";

/** Every screenshot is taken at this size (a desktop window scaled down) so the pages can reserve their space. */
export const FIGURE_SIZE = { width: 960, height: 600 } as const;
