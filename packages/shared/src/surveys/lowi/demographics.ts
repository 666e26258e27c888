/**
 * The eight LOWI™ demographic questions. Each is optional, filterable in reports, and ends with "Prefer not to say".
 * Age, salary and job type use the spec's categories word for word (spec surveys §3 "Demographic answer categories").
 */
import { choiceItem } from "../field-builders.js";
import type { SurveyField } from "../survey-field.js";

export const PREFER_NOT_TO_SAY = "Prefer not to say";

/** Report category each demographic question feeds (the spec's mapping names). */
export const DEMOGRAPHIC_CATEGORIES = [
  "Age",
  "Gender",
  "Ethnicity",
  "Tenure",
  "Income",
  "Job type",
  "Job function",
  "Geographic region",
] as const;
export type DemographicCategory = (typeof DEMOGRAPHIC_CATEGORIES)[number];

export interface DemographicQuestion {
  key: string;
  category: DemographicCategory;
  question: string;
  options: readonly string[];
}

export const LOWI_DEMOGRAPHICS: readonly DemographicQuestion[] = [
  {
    key: "lowi_demo_age",
    category: "Age",
    question: "What is your age?",
    options: ["30 or younger", "31-35", "36-45", "46-55", "56 or older", PREFER_NOT_TO_SAY],
  },
  {
    key: "lowi_demo_gender",
    category: "Gender",
    question: "How do you describe your gender?",
    options: ["Woman", "Man", "Non-binary", "I use another term", PREFER_NOT_TO_SAY],
  },
  {
    key: "lowi_demo_ethnicity",
    category: "Ethnicity",
    question: "Which of these best describes your ethnicity?",
    options: [
      "Asian",
      "Black or African American",
      "Hispanic or Latino",
      "Middle Eastern or North African",
      "Native American or Alaska Native",
      "Native Hawaiian or Pacific Islander",
      "White",
      "Multiracial or multiethnic",
      "Another ethnicity",
      PREFER_NOT_TO_SAY,
    ],
  },
  {
    key: "lowi_demo_years_of_service",
    category: "Tenure",
    question: "How long have you worked for {{company_name}}?",
    options: ["Less than 1 year", "1-2 years", "3-5 years", "6-10 years", "More than 10 years", PREFER_NOT_TO_SAY],
  },
  {
    key: "lowi_demo_salary",
    category: "Income",
    question: "What is your yearly salary, in your local currency?",
    options: ["Under 50,000", "50,001-100,000", "Over 100,000", PREFER_NOT_TO_SAY],
  },
  {
    key: "lowi_demo_job_type",
    category: "Job type",
    question: "Which best describes your role?",
    options: ["Executive", "Front Line", "Individual Contributor", "Manager of Others", PREFER_NOT_TO_SAY],
  },
  {
    key: "lowi_demo_job_function",
    category: "Job function",
    question: "Which area do you mainly work in?",
    options: [
      "Administration",
      "Customer Service and Support",
      "Engineering and IT",
      "Finance and Accounting",
      "Human Resources",
      "Legal and Compliance",
      "Marketing and Communications",
      "Operations and Production",
      "Research and Development",
      "Sales and Business Development",
      "Something else",
      PREFER_NOT_TO_SAY,
    ],
  },
  {
    key: "lowi_demo_region",
    category: "Geographic region",
    question: "Where in the world do you work?",
    options: [
      "North America",
      "Latin America and the Caribbean",
      "Europe",
      "Middle East",
      "Africa",
      "Asia",
      "Australia and Oceania",
      PREFER_NOT_TO_SAY,
    ],
  },
];

export const LOWI_DEMOGRAPHIC_FIELDS: SurveyField[] = LOWI_DEMOGRAPHICS.map(({ key, question, options }) =>
  choiceItem(key, question, options, { group: "demographic", required: false, filter: true }),
);

/** The demographic category of a question key, or null when the key is not a LOWI demographic. */
export function findDemographicCategory(key: string): DemographicCategory | null {
  return LOWI_DEMOGRAPHICS.find((demographic) => demographic.key === key)?.category ?? null;
}
