/** Types only: nothing from the shared package ends up in the bundle through this file. */
import type { PublicSurvey, PublicSurveyField } from "@hearth/shared";

export type { PublicSurvey, PublicSurveyField };
export type Answers = Record<string, string>;

/** How a visit ends: the form was sent, or one of the pages that stand in for it (app.tsx shows them). */
export type Outcome = "sent" | "closed" | "already-answered" | "answered-here" | "not-found" | "invalid-link";
