/** Types only: nothing from the shared package ends up in the bundle through this file. */
import type { PublicSurvey, PublicSurveyField } from "@hearth/shared";

export type { PublicSurvey, PublicSurveyField };
export type Answers = Record<string, string>;
