/** The LOWI™ group-recommendation matrix (14 rows) and the Benefits Matrix (20 rows). Texts written for Hearth. */
import { matrixRow } from "../field-builders.js";
import { BENEFIT_SCALE, RECOMMENDATION_OPTIONS } from "../scales.js";
import type { SurveyField } from "../survey-field.js";
import { BENEFIT_TOPICS, type BenefitTopic, GROUP_AREAS } from "./areas.js";

export const RECOMMENDATION_TITLE =
  "For each group or area below, tell us whether {{company_name}} does well today or should do better. Choose Not Sure if you don't know.";

const RECOMMENDATION_ROWS: Record<string, { key: string; question: string }> = {
  ParentsCaregivers: { key: "lowi_rec_parents_caregivers", question: "Support for parents and caregivers" },
  LGBTQ: { key: "lowi_rec_lgbtq", question: "Support for LGBTQ+ employees" },
  Diversity: { key: "lowi_rec_diversity", question: "Diversity of the people we hire and promote" },
  YoungProfessionals: { key: "lowi_rec_young_professionals", question: "Support for young professionals starting their careers" },
  Women: { key: "lowi_rec_women", question: "Support and equal opportunity for women" },
  CareerAdvancement: { key: "lowi_rec_career_advancement", question: "Clear paths to career advancement" },
  Volunteering: { key: "lowi_rec_volunteering", question: "Volunteering and giving back to the community" },
  Neurodiverse: { key: "lowi_rec_neurodiverse", question: "Support for neurodivergent employees" },
  Wellness: { key: "lowi_rec_wellness", question: "Employee health and wellness" },
  DisabledWorkers: { key: "lowi_rec_disabled_workers", question: "Support and accessibility for employees with disabilities" },
  AfricanAmerican: { key: "lowi_rec_african_american", question: "Support and opportunity for African American employees" },
  Veterans: { key: "lowi_rec_veterans", question: "Support for military veterans" },
  MentalHealth: { key: "lowi_rec_mental_health", question: "Support for mental health" },
  RemoteWork: { key: "lowi_rec_remote_work", question: "Remote and flexible working" },
};

export const LOWI_RECOMMENDATION_FIELDS: SurveyField[] = GROUP_AREAS.filter((area) => area.inLowi).map(({ topic }) =>
  matrixRow(RECOMMENDATION_ROWS[topic].key, RECOMMENDATION_TITLE, RECOMMENDATION_ROWS[topic].question, RECOMMENDATION_OPTIONS, {
    topic,
    group: "recommendation",
  }),
);

export const BENEFIT_TITLE =
  "How satisfied are you with each of these benefits at {{company_name}}? Choose Not Offered if it isn't available to you.";

const BENEFIT_ROWS: Record<BenefitTopic, { key: string; question: string }> = {
  PaidTimeOff: { key: "lowi_benefit_paid_time_off", question: "Paid time off" },
  HealthInsurance: { key: "lowi_benefit_health_insurance", question: "Health insurance" },
  LifeInsurance: { key: "lowi_benefit_life_insurance", question: "Life insurance" },
  DentalInsurance: { key: "lowi_benefit_dental_insurance", question: "Dental insurance" },
  VisionInsurance: { key: "lowi_benefit_vision_insurance", question: "Vision insurance" },
  PaidParentalLeave: { key: "lowi_benefit_paid_parental_leave", question: "Paid parental leave" },
  FertilityBenefits: { key: "lowi_benefit_fertility_benefits", question: "Fertility and family-building benefits" },
  GenderAffirmingSurgery: { key: "lowi_benefit_gender_affirming_surgery", question: "Gender-affirming surgery and care" },
  RetirementBenefits: { key: "lowi_benefit_retirement_benefits", question: "Retirement plan" },
  HealthcareSpending: { key: "lowi_benefit_healthcare_spending", question: "Healthcare spending account (for example an HSA or FSA)" },
  WellnessPrograms: { key: "lowi_benefit_wellness_programs", question: "Wellness programs" },
  EmployeeRecognition: { key: "lowi_benefit_employee_recognition", question: "Employee recognition and rewards" },
  RelocationAssistance: { key: "lowi_benefit_relocation_assistance", question: "Relocation assistance" },
  CommutingAssistance: { key: "lowi_benefit_commuting_assistance", question: "Commuting assistance" },
  TelecommutingOptions: { key: "lowi_benefit_telecommuting_options", question: "Working from home" },
  LongTermDisability: { key: "lowi_benefit_long_term_disability", question: "Long-term disability cover" },
  ShortTermDisability: { key: "lowi_benefit_short_term_disability", question: "Short-term disability cover" },
  TuitionReimbursement: { key: "lowi_benefit_tuition_reimbursement", question: "Tuition reimbursement" },
  ChildcareBenefits: { key: "lowi_benefit_childcare_benefits", question: "Childcare support" },
  GymMemberships: { key: "lowi_benefit_gym_memberships", question: "Gym membership" },
};

export const LOWI_BENEFIT_FIELDS: SurveyField[] = BENEFIT_TOPICS.map((topic) =>
  matrixRow(BENEFIT_ROWS[topic].key, BENEFIT_TITLE, BENEFIT_ROWS[topic].question, BENEFIT_SCALE, { topic, group: "benefit" }),
);
