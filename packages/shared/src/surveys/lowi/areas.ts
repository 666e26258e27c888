/**
 * The areas the LOWI™ instrument measures and the topics reports and benchmarks key on (spec surveys §3 lists).
 * The mapping to SPARK areas is decided in docs/decisions/0008-lowi-instrument.md.
 */

/** Six SPARK areas: S, P, A, R, K, with the A split into Alignment of Values and Achievement Orientation. */
export const SPARK_AREAS = [
  "SystemicCollaboration",
  "PositiveVisionOfFuture",
  "AlignmentOfValues",
  "Respect",
  "KillerSupportOfAchievement",
  "AchievementOrientation",
] as const;
export type SparkArea = (typeof SPARK_AREAS)[number];

export const SPARK_AREA_LABELS: Record<SparkArea, string> = {
  SystemicCollaboration: "Systemic Collaboration",
  PositiveVisionOfFuture: "Positive Vision of the Future",
  AlignmentOfValues: "Alignment of Values",
  Respect: "Respect",
  KillerSupportOfAchievement: "Killer Support of Achievement",
  AchievementOrientation: "Achievement Orientation",
};

/** The letter of SPARK each area belongs to. */
export const SPARK_LETTERS: Record<SparkArea, "S" | "P" | "A" | "R" | "K"> = {
  SystemicCollaboration: "S",
  PositiveVisionOfFuture: "P",
  AlignmentOfValues: "A",
  Respect: "R",
  KillerSupportOfAchievement: "K",
  AchievementOrientation: "A",
};

/** The 15 culture competencies: display name, benchmark topic, SPARK area. */
export const COMPETENCIES = [
  { name: "Teamwork", topic: "Teamwork", sparkArea: "SystemicCollaboration" },
  { name: "Growth", topic: "Growth", sparkArea: "PositiveVisionOfFuture" },
  { name: "Contribution", topic: "Contribution", sparkArea: "SystemicCollaboration" },
  { name: "Inclusivity", topic: "Inclusivity", sparkArea: "Respect" },
  { name: "Future Focused", topic: "FutureFocused", sparkArea: "PositiveVisionOfFuture" },
  { name: "Competence", topic: "Competence", sparkArea: "KillerSupportOfAchievement" },
  { name: "Perseverance", topic: "Perseverance", sparkArea: "AchievementOrientation" },
  { name: "Goal Oriented", topic: "GoalOriented", sparkArea: "AchievementOrientation" },
  { name: "Values", topic: "Values", sparkArea: "AlignmentOfValues" },
  { name: "Honesty", topic: "Honesty", sparkArea: "AlignmentOfValues" },
  { name: "Accountability", topic: "Accountability", sparkArea: "AchievementOrientation" },
  { name: "Psychological Safety", topic: "PsychologicalSafety", sparkArea: "Respect" },
  { name: "Appreciation", topic: "Appreciation", sparkArea: "Respect" },
  { name: "Trust", topic: "Trust", sparkArea: "Respect" },
  { name: "Belonging", topic: "Belonging", sparkArea: "SystemicCollaboration" },
] as const satisfies readonly { name: string; topic: string; sparkArea: SparkArea }[];
export type CompetencyName = (typeof COMPETENCIES)[number]["name"];

/** The five love-of-company areas: display name, benchmark topic, SPARK area. */
export const LOVE_AREAS = [
  { name: "Company", topic: "LoveWorking", sparkArea: "AlignmentOfValues" },
  { name: "Workplace", topic: "LoveWorkplace", sparkArea: "KillerSupportOfAchievement" },
  { name: "Manager", topic: "LoveManager", sparkArea: "KillerSupportOfAchievement" },
  { name: "Coworkers", topic: "LoveCoWorkers", sparkArea: "SystemicCollaboration" },
  { name: "CEO", topic: "LoveCEO", sparkArea: "PositiveVisionOfFuture" },
] as const satisfies readonly { name: string; topic: string; sparkArea: SparkArea }[];
export type LoveAreaName = (typeof LOVE_AREAS)[number]["name"];

/** The 15 group recommendation areas; `inLowi` is false for the one the LOWI matrix leaves out (see decision 0008). */
export const GROUP_AREAS = [
  { name: "Parents and Caregivers", topic: "ParentsCaregivers", inLowi: true },
  { name: "LGBTQ+", topic: "LGBTQ", inLowi: true },
  { name: "Diversity", topic: "Diversity", inLowi: true },
  { name: "Young Professionals", topic: "YoungProfessionals", inLowi: true },
  { name: "Women", topic: "Women", inLowi: true },
  { name: "Career Advancement", topic: "CareerAdvancement", inLowi: true },
  { name: "Volunteering", topic: "Volunteering", inLowi: true },
  { name: "Neurodiversity", topic: "Neurodiverse", inLowi: true },
  { name: "Wellness", topic: "Wellness", inLowi: true },
  { name: "Inclusion", topic: "Inclusion", inLowi: false },
  { name: "Disabled Workers", topic: "DisabledWorkers", inLowi: true },
  { name: "African American", topic: "AfricanAmerican", inLowi: true },
  { name: "Veterans", topic: "Veterans", inLowi: true },
  { name: "Mental Health", topic: "MentalHealth", inLowi: true },
  { name: "Remote Work", topic: "RemoteWork", inLowi: true },
] as const;

/** The 20 benefit topics of the Benefits Matrix, in the spec's order. */
export const BENEFIT_TOPICS = [
  "PaidTimeOff",
  "HealthInsurance",
  "LifeInsurance",
  "DentalInsurance",
  "VisionInsurance",
  "PaidParentalLeave",
  "FertilityBenefits",
  "GenderAffirmingSurgery",
  "RetirementBenefits",
  "HealthcareSpending",
  "WellnessPrograms",
  "EmployeeRecognition",
  "RelocationAssistance",
  "CommutingAssistance",
  "TelecommutingOptions",
  "LongTermDisability",
  "ShortTermDisability",
  "TuitionReimbursement",
  "ChildcareBenefits",
  "GymMemberships",
] as const;
export type BenefitTopic = (typeof BENEFIT_TOPICS)[number];

/** Topic of the recommend-to-a-friend item (the spec's topic list has none; reports key the recommend counts on it). */
export const RECOMMEND_TOPIC = "Recommend";
