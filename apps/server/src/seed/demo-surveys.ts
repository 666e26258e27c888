import {
  AGREE_SCALE,
  BENEFIT_SCALE,
  createRandom,
  PREFER_NOT_TO_SAY,
  RECOMMENDATION_OPTIONS,
  RECOMMEND_OPTIONS,
  type SurveyField,
  findPreset,
  listPresetFields,
} from "@hearth/shared";
import type { Database } from "../db/client.js";
import { surveyResponse } from "../db/schema.js";
import { insertSurvey } from "../modules/surveys/surveys.repo.js";
import { DEMO_CHECK_IN_RESPONSES, DEMO_LOWI_RESPONSES, seedDemoInvitees } from "./demo-invitees.js";
import { newSurveyId } from "../modules/surveys/surveys.service.js";
import { CONSTRUCTIVE_THEMES, POSITIVE_THEMES, composeComment } from "./demo-comments.js";

const DAY = 86_400_000;
export { DEMO_LOWI_RESPONSES } from "./demo-invitees.js";

const normal = (random: () => number) => Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
const pick = <T>(items: readonly T[], random: () => number): T => items[Math.floor(random() * items.length)];
const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** How a cohort leans, on the 1-5 agree scale: cohorts differ so the team report has something to show. */
const COHORT_LEAN: Record<string, number> = {
  "Engineering and IT": 0.25,
  "Research and Development": 0.3,
  "Sales and Business Development": -0.55,
  "Customer Service and Support": -0.3,
  "Operations and Production": -0.15,
  "Human Resources": 0.2,
  "Less than 1 year": 0.35,
  "6-10 years": -0.2,
  "More than 10 years": -0.1,
  Executive: 0.5,
  "Manager of Others": 0.2,
  "Front Line": -0.35,
  "Under 50,000": -0.25,
  "Over 100,000": 0.2,
  Europe: 0.1,
  Asia: -0.1,
};

/** Items that sit above or below a respondent's overall mood across the company. */
const ITEM_LEAN: Record<string, number> = {
  lowi_teamwork: 0.35,
  lowi_love_coworkers: 0.4,
  lowi_values: 0.2,
  lowi_belonging: 0.1,
  lowi_growth: -0.35,
  lowi_appreciation: -0.25,
  lowi_love_ceo: -0.3,
  lowi_future_focused: -0.15,
  lowi_psychological_safety: -0.1,
};

const RARELY_OFFERED = new Set([
  "lowi_benefit_fertility_benefits",
  "lowi_benefit_gender_affirming_surgery",
  "lowi_benefit_relocation_assistance",
  "lowi_benefit_childcare_benefits",
  "lowi_benefit_gym_memberships",
  "lowi_benefit_commuting_assistance",
]);

function answerDemographic(field: SurveyField, random: () => number): string | undefined {
  if (random() < 0.04) return undefined;
  if (random() < 0.05) return PREFER_NOT_TO_SAY;
  const options = field.radioOptions.filter((option) => option !== PREFER_NOT_TO_SAY);
  // Earlier options are a little more common, like real headcounts (younger, shorter tenure, larger functions).
  const index = Math.floor(options.length * random() ** 1.3);
  return options[clamp(index, 0, options.length - 1)];
}

/** One respondent's full answer set to the LOWI instrument. */
export function generateLowiAnswers(fields: readonly SurveyField[], random: () => number): Record<string, string> {
  const answers: Record<string, string> = {};
  for (const field of fields.filter((f) => f.group === "demographic")) {
    const answer = answerDemographic(field, random);
    if (answer) answers[field.key] = answer;
  }
  const lean = Object.values(answers).reduce((sum, answer) => sum + (COHORT_LEAN[answer] ?? 0), 0);
  const mood = clamp(4.0 + lean + normal(random) * 0.55, 1.3, 4.9);
  for (const field of fields) {
    if (field.group === "agree") {
      const score = Math.round(clamp(mood + (ITEM_LEAN[field.key] ?? 0) + normal(random) * 0.7, 1, 5));
      answers[field.key] = AGREE_SCALE[score - 1];
    } else if (field.group === "recommend") {
      const likelihood = clamp(Math.round((5 - mood) * 2.2 + normal(random) * 1.2), 0, 9);
      answers[field.key] = RECOMMEND_OPTIONS[likelihood];
    } else if (field.group === "recommendation") {
      const draw = random();
      const doWell = (mood - 1.5) / 4;
      answers[field.key] =
        draw < doWell ? RECOMMENDATION_OPTIONS[0] : draw < doWell + 0.12 ? RECOMMENDATION_OPTIONS[2] : RECOMMENDATION_OPTIONS[1];
    } else if (field.group === "benefit") {
      if (random() < (RARELY_OFFERED.has(field.key) ? 0.45 : 0.04)) answers[field.key] = "Not Offered";
      else answers[field.key] = BENEFIT_SCALE[Math.round(clamp(mood - 0.2 + normal(random) * 0.8, 1, 5)) - 1];
    } else if (field.group === "open") {
      const positive = field.key.endsWith("well");
      if (random() < (positive ? 0.7 : 0.65)) {
        const themes = positive ? POSITIVE_THEMES : CONSTRUCTIVE_THEMES;
        answers[field.key] = composeComment(themes, random);
      }
    }
  }
  return answers;
}

/** Where the check-in's respondents work, how many of them, and how they lean on the office-days question (1-5). */
const CHECK_IN_LOCATIONS = [
  { name: "Springfield office", share: 0.45, lean: 3.9 },
  { name: "Chicago office", share: 0.35, lean: 3.2 },
  { name: "Remote", share: 0.2, lean: 2.6 },
] as const;

function pickLocation(random: () => number) {
  let draw = random();
  for (const location of CHECK_IN_LOCATIONS) {
    draw -= location.share;
    if (draw < 0) return location;
  }
  return CHECK_IN_LOCATIONS[CHECK_IN_LOCATIONS.length - 1];
}

const CUSTOM_FIELDS: SurveyField[] = [
  {
    key: "custom_1",
    question: "How useful did you find the new hybrid-work guidelines?",
    questionType: "Text",
    answerType: "Radio",
    radioOptions: ["Very useful", "Somewhat useful", "Not useful", "I have not read them"],
    topic: null,
    required: true,
    isDefault: false,
    group: "custom",
  },
  {
    key: "custom_2",
    question: "Which office days would work best for your team?",
    questionType: "Text",
    answerType: "Radio",
    radioOptions: ["Monday and Tuesday", "Tuesday and Wednesday", "Wednesday and Thursday", "No fixed days"],
    topic: null,
    required: true,
    isDefault: false,
    group: "custom",
  },
  {
    key: "custom_4",
    question: "Our office days are worth the trip in.",
    questionType: "Text",
    answerType: "Radio",
    radioOptions: [...AGREE_SCALE],
    topic: null,
    required: true,
    isDefault: false,
    group: "custom",
  },
  {
    key: "custom_3",
    question: "What would make your office days more worthwhile?",
    questionType: "Text",
    answerType: "Text",
    radioOptions: [],
    topic: null,
    required: false,
    isDefault: false,
    group: "custom",
  },
  {
    // A cohort question (filter): the check-in's Team and Breakdown tabs compare the offices.
    key: "custom_5",
    question: "Where do you mostly work?",
    questionType: "Text",
    answerType: "Radio",
    radioOptions: [...CHECK_IN_LOCATIONS.map((location) => location.name)],
    topic: null,
    required: false,
    filter: true,
    isDefault: false,
    group: "custom",
  },
];

/** The demo company's surveys: a closed LOWI survey with hundreds of responses and an active custom survey. */
export async function seedDemoSurveys(db: Database, tenantId: string, ownerUserId: string, now = Date.now()): Promise<void> {
  const random = createRandom(20_261_122);
  const lowiFields = listPresetFields("PulseValidation");
  const lowi = await insertSurvey(db, tenantId, {
    id: newSurveyId(),
    authorUserId: ownerUserId,
    ownerUserId,
    name: "Love of Workplace Index 2026",
    description: "Our yearly culture survey: how it feels to work at Demo Company, in your own words.",
    surveyPreset: "PulseValidation",
    isLowi: true,
    isDemo: true,
    fields: lowiFields,
    metaFields: { company_name: "Demo Company" },
    draft: false,
    endDate: new Date(now - 10 * DAY),
    publishedAt: new Date(now - 31 * DAY),
    createdAt: new Date(now - 32 * DAY),
  });
  const rows = Array.from({ length: DEMO_LOWI_RESPONSES }, (_, index) => ({
    tenantId,
    surveyId: lowi.id,
    answers: generateLowiAnswers(lowiFields, random),
    submittedOn: new Date(now - 31 * DAY + Math.floor((index / DEMO_LOWI_RESPONSES) * 20 * DAY)).toISOString().slice(0, 10),
  }));
  for (let start = 0; start < rows.length; start += 80) await db.insert(surveyResponse).values(rows.slice(start, start + 80));

  const custom = await insertSurvey(db, tenantId, {
    id: newSurveyId(),
    authorUserId: ownerUserId,
    ownerUserId,
    name: "Hybrid work check-in",
    description: "A short follow-up on the new office days.",
    surveyPreset: "Custom",
    isLowi: false,
    isDemo: true,
    fields: CUSTOM_FIELDS,
    metaFields: { company_name: "Demo Company" },
    draft: false,
    endDate: new Date(now + 21 * DAY),
    publishedAt: new Date(now - 2 * DAY),
    createdAt: new Date(now - 2 * DAY),
  });
  const customRows = Array.from({ length: DEMO_CHECK_IN_RESPONSES }, () => {
    const location = pickLocation(random);
    const agree = Math.round(clamp(location.lean + normal(random) * 0.9, 1, 5));
    return {
      tenantId,
      surveyId: custom.id,
      answers: {
        custom_1: pick(CUSTOM_FIELDS[0].radioOptions, random),
        custom_2: pick(CUSTOM_FIELDS[1].radioOptions, random),
        custom_4: AGREE_SCALE[agree - 1],
        ...(random() < 0.5 ? { custom_3: composeComment(CONSTRUCTIVE_THEMES.slice(4), random) } : {}),
        // A few leave the optional cohort question blank, as people do.
        ...(random() < 0.92 ? { custom_5: location.name } : {}),
      },
      submittedOn: new Date(now - Math.floor(random() * 2) * DAY).toISOString().slice(0, 10),
    };
  });
  await db.insert(surveyResponse).values(customRows);

  const invitationOf = (survey: { id: string; surveyPreset: string }) => {
    const preset = findPreset(survey.surveyPreset);
    return {
      id: survey.id,
      subject: preset?.emailSubject ?? "Your survey",
      content: preset?.emailBody ?? "<p>Please take our survey.</p>",
    };
  };
  await seedDemoInvitees(db, tenantId, { lowi: invitationOf(lowi), custom: invitationOf(custom) }, now);
}
