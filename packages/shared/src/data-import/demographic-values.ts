/**
 * Raw demographic values from an imported file (numbers, ranges, spellings) to the categories the LOWI™ survey asks
 * with (spec surveys §3 "Demographic answer categories"; the tables are in docs/decisions/0040). A value that cannot
 * be placed in exactly one category maps to null and the import says so; nothing is guessed across a boundary.
 */
import { type DemographicCategory, LOWI_DEMOGRAPHICS, PREFER_NOT_TO_SAY } from "../surveys/lowi/demographics.js";
import {
  ETHNICITY_SPELLINGS,
  GENDER_SPELLINGS,
  JOB_FUNCTION_SPELLINGS,
  JOB_TYPE_SPELLINGS,
  REGION_SPELLINGS,
  type Spellings,
} from "./demographic-spellings.js";
import { normalizeLabel, parseLooseNumber } from "./normalize.js";

/** The answer options of one demographic category, as the survey shows them. */
export function demographicOptions(category: DemographicCategory): readonly string[] {
  return LOWI_DEMOGRAPHICS.find((question) => question.category === category)?.options ?? [];
}

const DECLINED = [
  "prefer not to say",
  "prefer not to answer",
  "rather not say",
  "decline to state",
  "declined",
  "decline",
  "not disclosed",
  "undisclosed",
  "no answer",
];

/** A category of numbers: [from, to] inclusive, `to` null for open-ended. */
interface NumericBin {
  label: string;
  from: number;
  to: number | null;
}

const AGE_BINS: NumericBin[] = [
  { label: "30 or younger", from: 0, to: 30 },
  { label: "31-35", from: 31, to: 35 },
  { label: "36-45", from: 36, to: 45 },
  { label: "46-55", from: 46, to: 55 },
  { label: "56 or older", from: 56, to: null },
];

/** Completed years of service. */
const TENURE_BINS: NumericBin[] = [
  { label: "Less than 1 year", from: 0, to: 0 },
  { label: "1-2 years", from: 1, to: 2 },
  { label: "3-5 years", from: 3, to: 5 },
  { label: "6-10 years", from: 6, to: 10 },
  { label: "More than 10 years", from: 11, to: null },
];

const INCOME_BINS: NumericBin[] = [
  { label: "Under 50,000", from: 0, to: 50_000 },
  { label: "50,001-100,000", from: 50_001, to: 100_000 },
  { label: "Over 100,000", from: 100_001, to: null },
];

const binOf = (bins: readonly NumericBin[], value: number) =>
  bins.find((bin) => value >= bin.from && (bin.to === null || value <= bin.to)) ?? null;

/** The bin holding the whole interval, or null when it spans two (or lies outside every bin). */
function binOfInterval(bins: readonly NumericBin[], from: number, to: number): string | null {
  const low = binOf(bins, from);
  const high = binOf(bins, to);
  return low && low === high ? low.label : null;
}

/** An interval a text describes: "31-35", "31 to 35", "under 30", "30 or younger", "56+", "over 55"; null otherwise. */
function parseInterval(text: string, unit: (value: number) => number = (value) => value): [number, number] | null {
  const raw = text.trim().toLowerCase();
  const number = String.raw`\$?\s*\d[\d,]*(?:\.\d+)?\s*[km]?`;
  const value = (part: string) => {
    const parsed = parseLooseNumber(part);
    return parsed === null ? null : unit(parsed);
  };
  const range = raw.match(new RegExp(`^(${number})\\s*(?:-|–|—|to|until)\\s*(${number})(?:\\s*[a-z]+)?$`));
  if (range) {
    const [low, high] = [value(range[1]), value(range[2])];
    return low !== null && high !== null && low <= high ? [low, high] : null;
  }
  const below = raw.match(new RegExp(`^(?:under|below|less than|fewer than|<)\\s*(${number})(?:\\s*[a-z]+)?$`));
  if (below) {
    const bound = value(below[1]);
    return bound === null ? null : [0, bound - 1];
  }
  const atMost = raw.match(
    new RegExp(
      `^(?:(?:up to|at most|<=|≤)\\s*(${number})(?:\\s*[a-z]+)?|(${number})(?:\\s*[a-z]+)?\\s*(?:or (?:younger|less|under|fewer)|and (?:under|below|younger|less)))$`,
    ),
  );
  if (atMost) {
    const bound = value(atMost[1] ?? atMost[2]);
    return bound === null ? null : [0, bound];
  }
  const above = raw.match(new RegExp(`^(?:over|above|more than|older than|greater than|>)\\s*(${number})(?:\\s*[a-z]+)?$`));
  if (above) {
    const bound = value(above[1]);
    return bound === null ? null : [bound + 1, Number.MAX_SAFE_INTEGER];
  }
  const atLeast = raw.match(
    new RegExp(
      `^(?:(?:at least|>=|≥)\\s*(${number})(?:\\s*[a-z]+)?|(${number})\\s*(?:\\+|(?:[a-z]+\\s*)?(?:or (?:older|more|above|over)|and (?:over|above|older|up)))(?:\\s*[a-z]+)?)$`,
    ),
  );
  if (atLeast) {
    const bound = value(atLeast[1] ?? atLeast[2]);
    return bound === null ? null : [bound, Number.MAX_SAFE_INTEGER];
  }
  return null;
}

/** The option whose own label the text spells (any case, accents, punctuation), or "Prefer not to say" for a refusal. */
/** Each category's options by their normalised spelling, the first option winning (built once: imports ask per row). */
const OPTION_LOOKUPS = new Map<DemographicCategory, Map<string, string>>();
function optionLookup(category: DemographicCategory): Map<string, string> {
  let lookup = OPTION_LOOKUPS.get(category);
  if (!lookup) {
    lookup = new Map();
    for (const option of demographicOptions(category)) {
      const key = normalizeLabel(option);
      if (!lookup.has(key)) lookup.set(key, option);
    }
    OPTION_LOOKUPS.set(category, lookup);
  }
  return lookup;
}

function spelledOption(category: DemographicCategory, text: string): string | null {
  const key = normalizeLabel(text);
  if (DECLINED.includes(key)) return PREFER_NOT_TO_SAY;
  return optionLookup(category).get(key) ?? null;
}

/**
 * Age: a whole age (16–100), a birth year (1900 up to 16 years before `now`), a range or an open bound, or a category
 * label. "30-35" spans two categories and maps to null.
 */
export function mapAge(raw: string, now = new Date()): string | null {
  const spelled = spelledOption("Age", raw);
  if (spelled) return spelled;
  const single = parseLooseNumber(raw);
  if (single !== null) {
    const year = now.getUTCFullYear();
    if (Number.isInteger(single) && single >= 1900 && single <= year - 16) return binOf(AGE_BINS, year - single)?.label ?? null;
    if (single >= 16 && single <= 100) return binOf(AGE_BINS, Math.floor(single))?.label ?? null;
    return null;
  }
  const interval = parseInterval(raw.replace(/\s*(?:years?|yrs?)(?:\s*old)?\s*$/i, ""));
  return interval ? binOfInterval(AGE_BINS, interval[0], interval[1]) : null;
}

const MS_PER_YEAR = 365.2425 * 24 * 3600 * 1000;

/** A start date in ISO (2019-03-01) or US (03/01/2019) order; null otherwise or when it is in the future. */
function parseStartDate(raw: string, now: Date): Date | null {
  const text = raw.trim();
  const iso = text.match(/^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/);
  const us = text.match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (!year || month < 1 || month > 12 || day < 1 || day > 31) return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date <= now ? date : null;
}

/** Years from a unit word: months count as twelfths ("18 months" is 1.5 years), weeks as 52nds. */
function yearsOf(raw: string): number | null {
  const match = raw
    .trim()
    .toLowerCase()
    .match(/^(\d+(?:\.\d+)?)\s*(years?|yrs?|y|months?|mos?|m|weeks?|wks?|w)?$/);
  if (!match) return null;
  const value = Number(match[1]);
  const unit = match[2] ?? "y";
  if (unit.startsWith("m")) return value / 12;
  if (unit.startsWith("w")) return value / 52;
  return value;
}

/**
 * Tenure (years of service): a number of years or months, a start date or start year, a range ("3-5 years"), an
 * open bound ("less than 1 year", "more than 10 years"), or a category label. Categories count completed years.
 */
export function mapTenure(raw: string, now = new Date()): string | null {
  const spelled = spelledOption("Tenure", raw);
  if (spelled) return spelled;
  const started = parseStartDate(raw, now);
  if (started) return binOf(TENURE_BINS, Math.floor((now.getTime() - started.getTime()) / MS_PER_YEAR))?.label ?? null;
  const single = parseLooseNumber(raw);
  if (single !== null && Number.isInteger(single) && single >= 1950 && single <= now.getUTCFullYear()) {
    // a start year: the completed years are known to within one; placed only when both ends fall in one category
    const years = now.getUTCFullYear() - single;
    return binOfInterval(TENURE_BINS, Math.max(0, years - 1), years);
  }
  const years = yearsOf(raw);
  if (years !== null) return years <= 70 ? (binOf(TENURE_BINS, Math.floor(years))?.label ?? null) : null;
  const interval = parseInterval(raw.replace(/\s*(?:years?|yrs?)\s*$/i, ""));
  return interval ? binOfInterval(TENURE_BINS, Math.floor(interval[0]), Math.floor(interval[1])) : null;
}

/**
 * Income (yearly, local currency): an amount ("$85,000", "85k"), a range ("50k-100k"), an open bound ("under 50k",
 * "100k+"), or a category label. A range that starts on a category's edge ("50,000-100,000") is read as starting
 * just above it, as pay bands are written.
 */
export function mapIncome(raw: string): string | null {
  const spelled = spelledOption("Income", raw);
  if (spelled) return spelled;
  const single = parseLooseNumber(raw);
  if (single !== null) return single >= 0 ? (binOf(INCOME_BINS, Math.round(single))?.label ?? null) : null;
  const interval = parseInterval(raw.replace(/\s*(?:per year|a year|yearly|annually|\/\s*y(?:ea)?r)\s*$/i, ""));
  if (!interval) return null;
  let [from, to] = interval;
  if ((from === 50_000 || from === 100_000) && to > from) from += 1;
  return binOfInterval(INCOME_BINS, Math.round(from), Math.round(to));
}

const WORD_SPELLINGS: Partial<Record<DemographicCategory, Spellings>> = {
  Gender: GENDER_SPELLINGS,
  Ethnicity: ETHNICITY_SPELLINGS,
  "Job type": JOB_TYPE_SPELLINGS,
  "Job function": JOB_FUNCTION_SPELLINGS,
  "Geographic region": REGION_SPELLINGS,
};

/** Each category's word spellings by their normalised form, the first option listing one winning (built once). */
const SPELLING_LOOKUPS = new Map<DemographicCategory, Map<string, string>>();
function spellingLookup(category: DemographicCategory): Map<string, string> {
  let lookup = SPELLING_LOOKUPS.get(category);
  if (!lookup) {
    lookup = new Map();
    const table = WORD_SPELLINGS[category] ?? {};
    for (const option of Object.keys(table)) {
      for (const spelling of table[option]) {
        const key = normalizeLabel(spelling);
        if (!lookup.has(key)) lookup.set(key, option);
      }
    }
    SPELLING_LOOKUPS.set(category, lookup);
  }
  return lookup;
}

function mapBySpelling(category: DemographicCategory, raw: string): string | null {
  const spelled = spelledOption(category, raw);
  if (spelled) return spelled;
  return spellingLookup(category).get(normalizeLabel(raw)) ?? null;
}

/**
 * The category a raw value of a demographic falls in, as the survey's own option; null when it cannot be placed in
 * exactly one (the import lists it). An empty value is not a value: callers skip it before asking.
 */
export function mapDemographicValue(category: DemographicCategory, raw: string, now = new Date()): string | null {
  if (raw.trim() === "") return null;
  switch (category) {
    case "Age":
      return mapAge(raw, now);
    case "Tenure":
      return mapTenure(raw, now);
    case "Income":
      return mapIncome(raw);
    default:
      return mapBySpelling(category, raw);
  }
}
