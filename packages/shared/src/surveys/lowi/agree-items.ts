/** The 20 LOWI™ agree items: one per culture competency, one per love-of-company area. Texts written for Hearth. */
import { agreeItem } from "../field-builders.js";
import type { SurveyField } from "../survey-field.js";
import { COMPETENCIES, type CompetencyName, LOVE_AREAS, type LoveAreaName } from "./areas.js";

const COMPETENCY_ITEMS: Record<CompetencyName, { key: string; question: string }> = {
  Teamwork: { key: "lowi_teamwork", question: "The people on my team work well together to get things done." },
  Growth: { key: "lowi_growth", question: "I have real opportunities to learn new skills and grow at {{company_name}}." },
  Contribution: { key: "lowi_contribution", question: "I can see how my own work helps {{company_name}} succeed." },
  Inclusivity: { key: "lowi_inclusivity", question: "People here are treated fairly and included, whatever their background." },
  "Future Focused": { key: "lowi_future_focused", question: "I feel confident about where {{company_name}} is heading." },
  Competence: { key: "lowi_competence", question: "I have the skills, tools and training I need to do my job well." },
  Perseverance: { key: "lowi_perseverance", question: "When work gets hard, we keep at it until the job is done." },
  "Goal Oriented": { key: "lowi_goal_oriented", question: "My team has clear goals, and we know how our progress is measured." },
  Values: { key: "lowi_values", question: "The values of {{company_name}} show up in the decisions made here every day." },
  Honesty: { key: "lowi_honesty", question: "People here are honest with each other, even when the truth is uncomfortable." },
  Accountability: { key: "lowi_accountability", question: "People here own their work and follow through on what they promise." },
  "Psychological Safety": {
    key: "lowi_psychological_safety",
    question: "I can speak up, ask a question or admit a mistake without worrying about how it will be held against me.",
  },
  Appreciation: { key: "lowi_appreciation", question: "When I do good work, someone notices and says thank you." },
  Trust: { key: "lowi_trust", question: "I trust the leaders of {{company_name}} to do the right thing for the company and its people." },
  Belonging: { key: "lowi_belonging", question: "I feel that I belong at {{company_name}}." },
};

const LOVE_ITEMS: Record<LoveAreaName, { key: string; question: string }> = {
  Company: { key: "lowi_love_company", question: "I love working for {{company_name}}." },
  Workplace: { key: "lowi_love_workplace", question: "I love my workplace: the place, the tools and the way we work day to day." },
  Manager: { key: "lowi_love_manager", question: "I love working with my manager." },
  Coworkers: { key: "lowi_love_coworkers", question: "I love working with my coworkers." },
  CEO: { key: "lowi_love_ceo", question: "I love how our CEO leads {{company_name}}." },
};

export const LOWI_COMPETENCY_FIELDS: SurveyField[] = COMPETENCIES.map(({ name, topic, sparkArea }) =>
  agreeItem(COMPETENCY_ITEMS[name].key, COMPETENCY_ITEMS[name].question, { topic, group: "agree", competency: name, sparkArea }),
);

export const LOWI_LOVE_FIELDS: SurveyField[] = LOVE_AREAS.map(({ name, topic, sparkArea }) =>
  agreeItem(LOVE_ITEMS[name].key, LOVE_ITEMS[name].question, { topic, group: "agree", loveArea: name, sparkArea }),
);

/** Competency items first, then the love items; every one required. */
export const LOWI_AGREE_FIELDS: SurveyField[] = [...LOWI_COMPETENCY_FIELDS, ...LOWI_LOVE_FIELDS];
