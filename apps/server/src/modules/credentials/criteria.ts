import { AWARD_RULE_RECOMMEND, LARGE_COMPANY_HEADCOUNT, LARGE_COMPANY_REQUIRED_RESPONSES, SCORE_RULE_POSITIVE } from "@hearth/shared";

/**
 * The achievement's criteria narrative (docs/decisions/0037), written from the rules' own constants
 * (certification-rule.ts and certification/eligibility.ts, decision 0035), so a change of rule changes every badge
 * signed after it.
 */
const percent = (fraction: { numerator: number; denominator: number }) =>
  `${Math.round((fraction.numerator / fraction.denominator) * 100)}%`;
const thousands = (value: number) => value.toLocaleString("en-US");

const RESPONSE_RULE =
  `A closed Love of Workplace Index™ (LOWI) survey of the company ending in the certified calendar year (UTC) received ` +
  `responses from at least one third of its employees for a company of up to ${thousands(LARGE_COMPANY_HEADCOUNT)} ` +
  `employees, or at least ${thousands(LARGE_COMPANY_REQUIRED_RESPONSES)} responses above that.`;

export const CERTIFICATION_CRITERIA_NARRATIVE =
  `${RESPONSE_RULE} At least ${percent(SCORE_RULE_POSITIVE)} of the answers to its 20 agree items are Agree or ` +
  "Strongly Agree, read from the survey's published report.";

export function awardCriteriaNarrative(area: string): string {
  return (
    `${RESPONSE_RULE} The survey's ${area} recommendation row was answered by at least the survey's visibility ` +
    `threshold, and at least ${percent(AWARD_RULE_RECOMMEND)} of those answers are Do Well (would recommend).`
  );
}

export const CERTIFICATION_DESCRIPTION =
  "Awarded by Hearth to a company whose employees' LOWI survey met the certification rules for the calendar year.";

export function awardDescription(area: string): string {
  return `Awarded by Hearth to a company whose employees' ${area} recommendations in its LOWI survey met the award rule for the calendar year.`;
}
