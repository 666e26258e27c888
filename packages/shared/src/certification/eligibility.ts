/**
 * Who may buy which badge (issue 13 item 1; docs/decisions/0035-certification-eligibility.md). Pure: the server reads
 * each LOWI survey's facts (end date, responses, visibility threshold and the published report aggregate) and this
 * module applies the rules, so the cart, the cards and the dashboard answer with one function.
 *
 * The certification for year Y: a closed LOWI survey ending in Y (UTC) meets the response rule (certification-rule.ts)
 * and the score rule (at least 70% of its answers to the 20 agree items are Agree or Strongly Agree).
 * An award for one group recommendation area and year Y: a closed LOWI survey ending in Y meets the response rule, the
 * area's row was answered by at least the survey's visibility threshold, and at least 60% of those answers are
 * Do Well ("recommend"; Not Sure is neutral, Do Better is "won't recommend"). Below the threshold nothing of the area
 * is computed or said beyond "too few answers".
 */
import type { BadgeVerdict } from "../billing/cart.js";
import { requiredResponsesForCertification } from "../certification-rule.js";
import { countOf, type ReportAggregate } from "../reports/aggregate.js";
import { computeCompanyReport } from "../reports/company-report.js";
import { LOWI_COMPETENCY_ITEMS, LOWI_LOVE_ITEMS } from "../reports/lowi-keys.js";
import { GROUP_AREAS } from "../surveys/lowi/areas.js";
import type { Permission } from "../permissions.js";
import { formatShare } from "../reports/figures.js";
import { AGREE_SCALE } from "../surveys/scales.js";
import { awardBadgeId, certificationBadgeId } from "./catalogue.js";

/** Score rule: the share of agree-item answers that are Agree or Strongly Agree, as a fraction 7/10. */
export const SCORE_RULE_POSITIVE = { numerator: 7, denominator: 10 } as const;
/** Award rule: the share of an area's answers that are Do Well, as a fraction 6/10. */
export const AWARD_RULE_RECOMMEND = { numerator: 6, denominator: 10 } as const;

const POSITIVE_AGREE_LABELS = [AGREE_SCALE[3], AGREE_SCALE[4]] as const;

/** Answers to the agree items and how many of them are Agree or Strongly Agree. */
export interface AgreeCounts {
  positive: number;
  answers: number;
}

/** One group area's recommendation row: Do Well (recommend), Not Sure (neutral), Do Better (won't recommend). */
export interface AreaRecommendCounts {
  recommend: number;
  neutral: number;
  wontRecommend: number;
}

/** What the rules read of one published, non-archived LOWI survey. */
export interface LowiSurveyFacts {
  surveyId: string;
  /** End date, epoch ms (UTC); the survey counts for the year it ends in and is closed once it has passed. */
  endDate: number;
  /** Every response the survey received (the response rule is about coverage, not publication). */
  responses: number;
  /** The survey's own visibility threshold k (decision 0022). */
  threshold: number;
  /** Respondents in the published report state (the first ⌊n / k⌋ · k); the score is only read from those. */
  publishedResponses: number;
  /** From the published state; null when fewer than k respondents are published (nothing is read then). */
  agree: AgreeCounts | null;
  /**
   * Per group area name, from the published state; null for an area whose row has fewer than k answers (then only
   * that fact is kept), absent for an area the LOWI survey does not ask about.
   */
  areas: Readonly<Record<string, AreaRecommendCounts | null>>;
  /**
   * The LOWI score of the published state, exactly as the company report and the dashboard compute it (null below the
   * threshold). Pages that show the score beside the certification (the public profile) read it here.
   */
  loveScore?: number | null;
}

export type EligibilityRule = "survey" | "closed" | "responses" | "score" | "threshold" | "recommend";

export interface RuleCheck {
  rule: EligibilityRule;
  met: boolean;
  /** What the page says about the rule: how it is met, or what is missing. */
  text: string;
}

/** A badge's verdict with every rule checked against the survey that came closest. */
export interface BadgeEligibility extends BadgeVerdict {
  surveyId: string | null;
  checks: RuleCheck[];
}

const plural = (count: number, word: string) => `${count.toLocaleString("en-US")} ${count === 1 ? word : `${word}s`}`;

/** `part / whole ≥ n / d` in integers (no rounding at the edge). */
function reaches(part: number, whole: number, rule: { numerator: number; denominator: number }): boolean {
  return whole > 0 && part * rule.denominator >= whole * rule.numerator;
}

/** Whole percent, rounded down, so a share shown as 70% has really reached 70%. */
/** The rule's bar as a percentage (70). */
const SCORE_BAR_PERCENT = (100 * SCORE_RULE_POSITIVE.numerator) / SCORE_RULE_POSITIVE.denominator;
/** The award rule's bar as a percentage (60). */
const AWARD_BAR_PERCENT = (100 * AWARD_RULE_RECOMMEND.numerator) / AWARD_RULE_RECOMMEND.denominator;

/**
 * The counts the rules read, from a survey's published report aggregate: the agree items' answers (the histograms
 * the score engine folds) and the group areas' rows exactly as the Company report counts them. Below the threshold
 * nothing is read: the whole survey gives `agree: null`, an area gives `null`.
 */
export function summariseLowiAggregate(
  aggregate: ReportAggregate,
  threshold: number,
): Pick<LowiSurveyFacts, "publishedResponses" | "agree" | "areas" | "loveScore"> {
  const publishedResponses = aggregate.responses;
  const areas: Record<string, AreaRecommendCounts | null> = {};
  if (publishedResponses < threshold) {
    for (const area of GROUP_AREAS) if (area.inLowi) areas[area.name] = null;
    return { publishedResponses, agree: null, areas, loveScore: null };
  }
  let positive = 0;
  let answers = 0;
  for (const item of [...LOWI_COMPETENCY_ITEMS, ...LOWI_LOVE_ITEMS]) {
    for (const label of AGREE_SCALE) {
      const count = countOf(aggregate, item.key, label);
      answers += count;
      if ((POSITIVE_AGREE_LABELS as readonly string[]).includes(label)) positive += count;
    }
  }
  const report = computeCompanyReport(aggregate, null);
  for (const row of report.groupAreas) {
    areas[row.name] = row.total >= threshold ? { recommend: row.doWell, neutral: row.notSure, wontRecommend: row.doBetter } : null;
  }
  return { publishedResponses, agree: { positive, answers }, areas, loveScore: report.loveScore };
}

function closedCheck(survey: LowiSurveyFacts, now: number): RuleCheck {
  return survey.endDate <= now
    ? { rule: "closed", met: true, text: "The survey is closed." }
    : { rule: "closed", met: false, text: "The survey is still open: close it or wait for its end date." };
}

function responsesCheck(survey: LowiSurveyFacts, headcount: number | null): RuleCheck {
  const required = requiredResponsesForCertification(headcount);
  if (required === null) {
    return { rule: "responses", met: false, text: "Add your company's headcount in the company profile: the response rule depends on it." };
  }
  const missing = required - survey.responses;
  return missing <= 0
    ? { rule: "responses", met: true, text: `${plural(survey.responses, "response")} (${required.toLocaleString("en-US")} needed).` }
    : { rule: "responses", met: false, text: `${plural(missing, "more response")} needed` };
}

function scoreCheck(survey: LowiSurveyFacts): RuleCheck {
  if (survey.agree === null || survey.agree.answers === 0) {
    return {
      rule: "score",
      met: false,
      text: `The score is read once ${plural(survey.threshold, "response")} are published (the survey's visibility threshold).`,
    };
  }
  const { positive, answers } = survey.agree;
  // The one share rule (reports/figures.ts): one decimal, never written as the bar when it falls short of it.
  const percent = formatShare(positive, answers, SCORE_BAR_PERCENT);
  return reaches(positive, answers, SCORE_RULE_POSITIVE)
    ? { rule: "score", met: true, text: `${percent} of answers are positive (${SCORE_BAR_PERCENT}% needed).` }
    : { rule: "score", met: false, text: `Score below the bar: ${percent} of answers are positive, ${SCORE_BAR_PERCENT}% needed.` };
}

function areaChecks(survey: LowiSurveyFacts, area: string): RuleCheck[] {
  if (!Object.hasOwn(survey.areas, area)) {
    return [{ rule: "survey", met: false, text: `The LOWI survey does not ask about ${area}.` }];
  }
  const counts = survey.areas[area];
  if (counts === null) {
    return [{ rule: "threshold", met: false, text: `Too few answers about ${area} to read (fewer than ${survey.threshold}).` }];
  }
  const total = counts.recommend + counts.neutral + counts.wontRecommend;
  const percent = formatShare(counts.recommend, total, AWARD_BAR_PERCENT);
  return [
    { rule: "threshold", met: true, text: `Enough answers about ${area} to read.` },
    reaches(counts.recommend, total, AWARD_RULE_RECOMMEND)
      ? { rule: "recommend", met: true, text: `${percent} say the company does well for ${area} (${AWARD_BAR_PERCENT}% needed).` }
      : {
          rule: "recommend",
          met: false,
          text: `Recommendation below the bar: ${percent} say Do Well for ${area}, ${AWARD_BAR_PERCENT}% needed.`,
        },
  ];
}

function verdict(surveyId: string | null, checks: RuleCheck[]): BadgeEligibility {
  const eligible = checks.length > 0 && checks.every((check) => check.met);
  return { eligible, surveyId, checks, reasons: checks.filter((check) => !check.met).map((check) => check.text) };
}

/** The survey that came closest: eligible first, then most rules met, then most responses, then the latest end. */
function closest(candidates: BadgeEligibility[], surveys: readonly LowiSurveyFacts[]): BadgeEligibility {
  const ranked = candidates
    .map((candidate, index) => ({ candidate, survey: surveys[index] }))
    .sort(
      (a, b) =>
        Number(b.candidate.eligible) - Number(a.candidate.eligible) ||
        b.candidate.checks.filter((check) => check.met).length - a.candidate.checks.filter((check) => check.met).length ||
        b.survey.responses - a.survey.responses ||
        b.survey.endDate - a.survey.endDate,
    );
  return ranked[0].candidate;
}

function surveysEndingIn(year: number, surveys: readonly LowiSurveyFacts[]): LowiSurveyFacts[] {
  return surveys.filter((survey) => new Date(survey.endDate).getUTCFullYear() === year);
}

function noSurvey(year: number): BadgeEligibility {
  return verdict(null, [{ rule: "survey", met: false, text: `No LOWI survey ends in ${year}.` }]);
}

/** The year's certification: one closed LOWI survey ending in the year meets the response rule and the score rule. */
export function evaluateCertification(
  year: number,
  headcount: number | null,
  surveys: readonly LowiSurveyFacts[],
  now: number,
): BadgeEligibility {
  const candidates = surveysEndingIn(year, surveys);
  if (candidates.length === 0) return noSurvey(year);
  return closest(
    candidates.map((survey) => verdict(survey.surveyId, [closedCheck(survey, now), responsesCheck(survey, headcount), scoreCheck(survey)])),
    candidates,
  );
}

/** The year's award for one group area: closed, response rule, the area's answers reach k, and 60% Do Well. */
export function evaluateAward(
  area: string,
  year: number,
  headcount: number | null,
  surveys: readonly LowiSurveyFacts[],
  now: number,
): BadgeEligibility {
  const candidates = surveysEndingIn(year, surveys);
  if (candidates.length === 0) return noSurvey(year);
  return closest(
    candidates.map((survey) =>
      verdict(survey.surveyId, [closedCheck(survey, now), responsesCheck(survey, headcount), ...areaChecks(survey, area)]),
    ),
    candidates,
  );
}

/** Every badge of the given years by badge id: the certification and one award per group area. */
export function evaluateBadgeEligibility(
  years: readonly number[],
  headcount: number | null,
  surveys: readonly LowiSurveyFacts[],
  now: number,
): Record<string, BadgeEligibility> {
  const byBadge: Record<string, BadgeEligibility> = {};
  for (const year of years) {
    byBadge[certificationBadgeId(year)] = evaluateCertification(year, headcount, surveys, now);
    for (const area of GROUP_AREAS) byBadge[awardBadgeId(area.name, year)] = evaluateAward(area.name, year, headcount, surveys, now);
  }
  return byBadge;
}

/** Where the dashboard's certification card leads next; no link when the reader cannot take the step themselves. */
export interface CertificationNextStep {
  label: string;
  /** A path of the web app, or null when the step is someone else's (or there is nothing left to do). */
  href: string | null;
}

/** A step, the permission its page needs, and what a reader without that permission reads instead. */
interface StepTarget {
  label: string;
  href: string;
  permission: Permission;
  otherwise: string;
}

function nextStepTarget(eligibility: BadgeEligibility): StepTarget {
  if (eligibility.eligible) {
    return {
      label: "Get certified: see your certification cards",
      href: "/dashboard/billing",
      permission: "company-profile",
      otherwise: "Your company leader can now get the certification from the billing page.",
    };
  }
  const unmet = (rule: EligibilityRule) => eligibility.checks.some((check) => check.rule === rule && !check.met);
  const survey = eligibility.surveyId;
  if (survey === null || unmet("survey")) {
    return {
      label: "Create a LOWI survey",
      href: "/dashboard/surveys/new",
      permission: "survey-edit",
      otherwise: "A manager needs to create a LOWI survey.",
    };
  }
  if (unmet("responses")) {
    const headcountMissing = eligibility.checks.some(
      (check) => check.rule === "responses" && !check.met && check.text.includes("headcount"),
    );
    return headcountMissing
      ? {
          label: "Add your headcount to the company profile",
          href: "/dashboard/profile",
          permission: "company-profile",
          otherwise: "Your company leader needs to add the headcount to the company profile.",
        }
      : {
          label: "Invite more people to the survey",
          href: `/dashboard/surveys/lowi/${survey}/invitees`,
          permission: "invitee-view",
          otherwise: "More of your colleagues need to answer the survey.",
        };
  }
  if (unmet("closed")) {
    return {
      label: "Close the survey from the survey list",
      href: "/dashboard/surveys",
      permission: "survey-edit",
      otherwise: "A manager needs to close the survey.",
    };
  }
  return {
    label: "Read the report to see where to improve",
    href: `/dashboard/reports/lowi/${survey}/company`,
    permission: "report-view",
    otherwise: "The score is below the bar: the report shows where to improve.",
  };
}

/** Who reads the step: whether the company holds the year's certification already, and what the reader may do. */
export interface NextStepReader {
  held: boolean;
  can: (permission: Permission) => boolean;
}

/**
 * The next step for the certification (the dashboard's progress card): the billing page's cards once eligible,
 * otherwise the first rule not met, in the order a company meets them (a survey, responses, closing it, the score).
 * A certification already held has no next step there (its badge is in the dashboard's Certifications); a reader
 * without the permission the step's page needs reads who takes it instead of a link they could not follow.
 */
export function certificationNextStep(
  eligibility: BadgeEligibility,
  reader: NextStepReader = { held: false, can: () => true },
): CertificationNextStep {
  if (reader.held) return { label: "Certified: download, embed and show the badge from Certifications below.", href: null };
  const target = nextStepTarget(eligibility);
  return reader.can(target.permission) ? { label: target.label, href: target.href } : { label: target.otherwise, href: null };
}
