/**
 * Issue 23, H1 (docs/decisions/0052): a company Admin pads a survey with answers he knows, so that a block of k — or
 * a cohort of k — publishes with one person in it who is not him. Reproduced as found, with k = 3 and 5, and the three
 * ways he can send his answers: through his browser holding his session, through the same browser signed out, and as
 * a scripted burst from one address without cookies. None of them reveals her answers or her comment any more.
 */
import Papa from "papaparse";
import {
  type CohortFilter,
  cohortDimensionsFromFields,
  createRandom,
  inviteeCohortFields,
  respondentCohortsOf,
  type SurveyField,
} from "@hearth/shared";
import { differencingAttack } from "@hearth/shared/testing/differencing-attack";
import { and, asc, eq, lte } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { invitee, survey, surveyResponse } from "../../db/schema.js";
import { surveyAggregate } from "../../db/schema-reports.js";
import { call, createTestApp, nextRespondentAddress, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { verifyAddress } from "../../test/senders.js";
import { generateLowiAnswers } from "../../seed/demo-surveys.js";
import { analyseNewResponses } from "../comments/comment-analysis.js";
import { buildPersonalSurveyLink } from "../invitations/invitation-email.js";
import { invitationBody } from "../invitations/invitations.test-helpers.js";
import { completeProfileAndSetPlan, lowiInput } from "../surveys/surveys.test-helpers.js";
import { RESPONDENT_COOKIE } from "../surveys/response-source.js";
import { groupName, readGroupSizes } from "./report-attacker.test-helpers.js";
import { findReportSurvey } from "./reports.repo.js";
import { flushSurveyState, readSurveyState, reportStore } from "./survey-state.js";

const PADDINGS = ["his browser with his session", "the same browser signed out", "a burst from one address without cookies"] as const;
type Padding = (typeof PADDINGS)[number];
const HER_COMMENT = "Sofia-only remark: the quarterly planning in Legal is chaotic and nobody listens to the paralegals.";

interface Company {
  owner: Session;
  surveyId: string;
  fields: SurveyField[];
  textKey: string;
}

describe("padding a survey to reveal one respondent (issue 23, H1)", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp({ env: { RATE_LIMIT_RESPONSE_PER_IP: "10000" } });
  });
  afterAll(async () => {
    await testApp.close();
  });

  async function company(k: number): Promise<Company> {
    const owner = await registerCompany(testApp.app);
    // Only a verified address may send invitations (decision 0056).
    await verifyAddress(testApp, owner);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    const threshold = await call(testApp.app, "PUT", "/api/company/visibility-threshold", {
      cookie: owner.cookie,
      body: { visibilityThreshold: k },
    });
    expect(threshold.statusCode).toBe(200);
    const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: lowiInput() });
    expect(created.statusCode).toBe(201);
    const surveyId = created.json().id as string;
    const [row] = await testApp.ctx.database.db.select({ fields: survey.fields }).from(survey).where(eq(survey.id, surveyId));
    const fields = row.fields as SurveyField[];
    const textKey = fields.find((field) => field.answerType === "Text")?.key;
    if (!textKey) throw new Error("the LOWI pulse has a written question");
    return { owner, surveyId, fields, textKey };
  }

  /** Invites the recipients and returns each one's personal-link token, in order. */
  async function invite(c: Company, recipients: { email: string; meta?: Record<string, string> }[]): Promise<string[]> {
    const invited = await call(testApp.app, "POST", "/api/invite", {
      cookie: c.owner.cookie,
      body: { invitation: invitationBody(c.surveyId), recipients },
    });
    expect(invited.statusCode).toBe(200);
    const rows = await testApp.ctx.database.db
      .select()
      .from(invitee)
      .where(and(eq(invitee.tenantId, c.owner.tenantId), eq(invitee.surveyId, c.surveyId)));
    return recipients.map(({ email }) => {
      const row = rows.find((candidate) => candidate.email === email);
      if (!row) throw new Error(`no invitee ${email}`);
      const link = buildPersonalSurveyLink(
        testApp.ctx.env.APP_URL,
        testApp.ctx.env.AUTH_SECRET,
        { id: c.surveyId, name: "Culture check 2026", surveyPreset: "PulseValidation", metaFields: {} },
        { inviteeId: row.id, email: row.email, firstName: row.firstName, lastName: row.lastName, meta: row.meta },
      );
      return new URL(link).searchParams.get("r") as string;
    });
  }

  /** One independent person: a network of their own, no cookie, no session. */
  async function answerIndependently(c: Company, data: Record<string, string>, r?: string) {
    const posted = await call(testApp.app, "POST", "/api/response", { body: { surveyId: c.surveyId, data, ...(r ? { r } : {}) } });
    expect(posted.statusCode).toBe(200);
  }

  /** The Admin sends his answers the given way (personal-link tokens when padding a cohort, the public link otherwise). */
  async function pad(c: Company, padding: Padding, answers: Record<string, string>, tokens: (string | undefined)[]) {
    let browserCookie: string | undefined;
    const burstAddress = "203.0.113.9";
    for (const r of tokens) {
      const body = { surveyId: c.surveyId, data: answers, ...(r ? { r } : {}) };
      const options =
        padding === "his browser with his session"
          ? { cookie: c.owner.cookie, remoteAddress: nextRespondentAddress() }
          : padding === "the same browser signed out"
            ? { cookie: browserCookie, remoteAddress: nextRespondentAddress() }
            : { remoteAddress: burstAddress };
      const posted = await call(testApp.app, "POST", "/api/response", { body, ...options });
      expect(posted.statusCode).toBe(200);
      const set = posted.headers["set-cookie"];
      const value = (Array.isArray(set) ? set : [set ?? ""]).find((cookie) => cookie.startsWith(`${RESPONDENT_COOKIE}=`));
      if (value) {
        // HttpOnly, SameSite=Strict, scoped to the response endpoint (Secure in production).
        expect(value).toMatch(/; Path=\/api\/response; Max-Age=\d+; HttpOnly; SameSite=Strict$/);
        browserCookie ??= value.split(";")[0];
      }
    }
  }

  /** Everything the Admin can read of the survey, as text. */
  async function readEverything(c: Company, filter?: string) {
    const get = async (url: string) => {
      const response = await call(testApp.app, "GET", url, { cookie: c.owner.cookie });
      expect(response.statusCode, url).toBe(200);
      return response.body;
    };
    // On PostgreSQL rows are published once proved settled (decision 0016): settle them before reading.
    await flushSurveyState(testApp.ctx, c.owner.tenantId, c.surveyId);
    await analyseNewResponses(testApp.ctx);
    const base = `/api/reports/${c.surveyId}`;
    const query = filter ? `?filter=${encodeURIComponent(filter)}` : "";
    const comments = await call(testApp.app, "POST", `${base}/comments`, { cookie: c.owner.cookie, body: {} });
    expect(comments.statusCode).toBe(200);
    return {
      company: JSON.parse(await get(`${base}/company${query}`)),
      breakdown: await get(`${base}/breakdown${query}`),
      team: await get(filter ? `${base}/team?cohort=${encodeURIComponent("cohort.department")}` : `${base}/team`),
      sentiment: await get(`${base}/sentiment${query}`),
      thematic: await get(`${base}/thematic${query}`),
      comments: comments.body,
      commentsCsv: await get(`${base}/export/comments.csv${query}`),
      rawCsv: await get(`/api/export/survey?surveyId=${c.surveyId}`),
      quotes: await get("/api/amplification/quotes"),
    };
  }

  /** The raw export's answer rows (without the header) and its detached comments. */
  function exported(csv: string, c: Company) {
    const [rowsPart, commentsPart] = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n\r\n");
    // The questions' texts, then their keys, then the answers (issue 25 item 6).
    const [, header, ...rows] = Papa.parse<string[]>(rowsPart).data;
    expect(header).not.toContain(c.textKey);
    const comments = commentsPart ? Papa.parse<string[]>(commentsPart).data.slice(1) : [];
    return { header, rows, comments: comments.map((line) => line.join(",")) };
  }

  /** Whether an exported row carries exactly these answers (the exported keys after the day). */
  const carries = (header: string[], row: string[], answers: Record<string, string>) =>
    header.slice(1).every((key, index) => row[index + 1] === (answers[key] ?? ""));

  /** The old rule (every response counts), to show the attack as found still works without the change. */
  async function withEveryResponseCounting(c: Company) {
    await testApp.ctx.database.db
      .update(surveyResponse)
      .set({ countsTowardThreshold: true })
      .where(eq(surveyResponse.surveyId, c.surveyId));
    await testApp.ctx.database.db.delete(surveyAggregate).where(eq(surveyAggregate.surveyId, c.surveyId));
    reportStore(testApp.ctx).clear(c.surveyId);
    await flushSurveyState(testApp.ctx, c.owner.tenantId, c.surveyId);
  }

  for (const k of [3, 5]) {
    for (const padding of PADDINGS) {
      it(`(a) k = ${k}: one invitee answers, the Admin adds k − 1 known answers through ${padding}; nobody is revealed`, async () => {
        const c = await company(k);
        const random = createRandom(2_300 + k);
        const [token] = await invite(c, [{ email: "sofia@padded.test", meta: {} }]);
        const hers = { ...generateLowiAnswers(c.fields, random), [c.textKey]: HER_COMMENT };
        await answerIndependently(c, hers, token);
        const [flag] = await testApp.ctx.database.db
          .select({ replied: invitee.replied })
          .from(invitee)
          .where(eq(invitee.surveyId, c.surveyId));
        expect(flag.replied).toBe(true);

        const his = { ...generateLowiAnswers(c.fields, random), [c.textKey]: "The admin wrote this one himself, every time." };
        await pad(c, padding, his, new Array(k - 1).fill(undefined));
        const stored = await testApp.ctx.database.db
          .select({ counts: surveyResponse.countsTowardThreshold })
          .from(surveyResponse)
          .where(eq(surveyResponse.surveyId, c.surveyId))
          .orderBy(asc(surveyResponse.seq));
        expect(stored).toHaveLength(k);
        // Her answer counts; at most his first (a fresh browser on a fresh network, like anyone's) counts with it.
        const counting = stored.filter((row) => row.counts).length;
        expect(stored[0].counts).toBe(true);
        expect(counting).toBe(padding === "his browser with his session" ? 1 : 2);

        const padded = await readEverything(c);
        expect(padded.company.hidden).toBe(true);
        expect(exported(padded.rawCsv, c).rows).toHaveLength(0);
        expect(JSON.stringify(padded)).not.toContain("Sofia-only");
        expect(JSON.parse(padded.comments).total ?? 0).toBe(0);

        // k − 1 colleagues answer: the block publishes, mixed, and never with her as the only row that is not his.
        for (let i = 0; i < k - 1; i++) await answerIndependently(c, generateLowiAnswers(c.fields, random));
        const mixed = await readEverything(c);
        expect(mixed.company.hidden).not.toBe(true);
        const { header, rows, comments } = exported(mixed.rawCsv, c);
        const notHis = rows.filter((row) => !carries(header, row, his));
        expect(notHis.length).toBeGreaterThanOrEqual(k - (counting - 1));
        expect(notHis.length).toBeGreaterThan(1);
        // Her comment is in the export only as a detached line, never beside her answers.
        expect(rows.flat().join("\n")).not.toContain("Sofia-only");
        expect(comments.some((line) => line.includes("Sofia-only"))).toBe(true);

        // Not toothless: under the old rule the padded block alone publishes and leaves her as the one other row.
        await withEveryResponseCounting(c);
        const old = exported((await readEverything(c)).rawCsv, c);
        const oldNotHis = old.rows.filter((row) => !carries(old.header, row, his));
        expect(old.rows).toHaveLength(k);
        expect(oldNotHis).toHaveLength(1);
        expect(carries(old.header, oldNotHis[0], hers)).toBe(true);
      }, 400_000);

      it(`(b) k = ${k}: Legal is her plus k − 1 addresses the Admin answers through ${padding}; Legal stays hidden`, async () => {
        const c = await company(k);
        const random = createRandom(4_600 + k);
        const sales = Array.from({ length: 4 * k }, (_, i) => ({ email: `sales.${i}@padded.test`, meta: { department: "Sales" } }));
        const legal = [
          { email: "sofia@padded.test", meta: { department: "Legal" } },
          ...Array.from({ length: k - 1 }, (_, i) => ({ email: `admin.alias.${i}@padded.test`, meta: { department: "Legal" } })),
        ];
        const late = Array.from({ length: 2 * k }, (_, i) => ({ email: `sales.late.${i}@padded.test`, meta: { department: "Sales" } }));
        const tokens = await invite(c, [...sales, ...legal, ...late]);
        const salesTokens = tokens.slice(0, sales.length);
        const [herToken, ...hisTokens] = tokens.slice(sales.length, sales.length + legal.length);
        const lateTokens = tokens.slice(sales.length + legal.length);

        for (const token of salesTokens) await answerIndependently(c, generateLowiAnswers(c.fields, random), token);
        const hers = { ...generateLowiAnswers(c.fields, random), [c.textKey]: HER_COMMENT };
        await answerIndependently(c, hers, herToken);
        const his = { ...generateLowiAnswers(c.fields, random), [c.textKey]: "The admin wrote this one himself, every time." };
        await pad(c, padding, his, hisTokens);
        // More of Sales answer afterwards, so the blocks holding Legal's rows publish.
        for (const token of lateTokens) await answerIndependently(c, generateLowiAnswers(c.fields, random), token);

        const legalFilter = "cohort.department:Legal";
        const read = await readEverything(c, legalFilter);
        expect(read.company.hidden).toBe(true);
        for (const body of [read.breakdown, read.sentiment, read.thematic]) expect(JSON.parse(body).hidden).toBe(true);
        expect(read.commentsCsv).not.toContain("Sofia-only");
        const team = JSON.parse(read.team) as { rows: { value: string; hidden: boolean; responses: number | null }[] };
        expect(team.rows.find((row) => row.value === "Legal")).toMatchObject({ hidden: true, responses: null });
        const whole = JSON.parse(await wholeBreakdown(c)) as {
          questions: { key: string; options: { label: string }[] }[];
        };
        // At k = 3 the padded cells (answers that do not count, with his demographic answers) can make the plan hide
        // the whole breakdown of this small survey (decision 0052, "Costs"); then nothing at all is listed.
        expect(whole.questions !== undefined || (whole as { hidden?: boolean }).hidden === true).toBe(true);
        const department = whole.questions?.find((question) => question.key === "cohort.department");
        expect(department?.options.some((option) => option.label === "Legal") ?? false).toBe(false);

        // The differencing attacker, over everything the API shows, knowing every answer he wrote (so only the
        // responses that count are unknown to him): it isolates nobody.
        const [stored] = await testApp.ctx.database.db
          .select({ cohorts: survey.inviteeCohorts })
          .from(survey)
          .where(eq(survey.id, c.surveyId));
        const dimensions = cohortDimensionsFromFields([...c.fields, ...inviteeCohortFields(stored.cohorts)]);
        const reportSurvey = await findReportSurvey(testApp.ctx.database.db, c.owner.tenantId, c.surveyId);
        if (!reportSurvey) throw new Error("survey");
        const { publishedSeq } = await readSurveyState(testApp.ctx, reportSurvey);
        const published = await testApp.ctx.database.db
          .select({ answers: surveyResponse.answers, counts: surveyResponse.countsTowardThreshold })
          .from(surveyResponse)
          .where(and(eq(surveyResponse.surveyId, c.surveyId), lte(surveyResponse.seq, publishedSeq)));
        // Her row and his are published: the cohort was padded to k, and still shows nothing.
        expect(published.filter((row) => row.answers["cohort.department"] === "Legal")).toHaveLength(k);
        const { sizes } = await readGroupSizes(testApp.app, c.owner.cookie, c.surveyId, dimensions);
        const shown = (filters: CohortFilter[]) => typeof sizes.get(groupName(filters)) === "number";
        const independent = published.filter((row) => row.counts).map((row) => respondentCohortsOf(row.answers, dimensions));
        expect(differencingAttack(dimensions, independent, k, shown)).toEqual([]);
        // The export never puts her comment beside her answers.
        expect(exported(read.rawCsv, c).rows.flat().join("\n")).not.toContain("Sofia-only");

        // Not toothless: under the old rule Legal publishes with k people, k − 1 of them his.
        await withEveryResponseCounting(c);
        const old = JSON.parse(
          (
            await call(testApp.app, "GET", `/api/reports/${c.surveyId}/company?filter=${encodeURIComponent(legalFilter)}`, {
              cookie: c.owner.cookie,
            })
          ).body,
        );
        const oldLegal = await testApp.ctx.database.db
          .select({ answers: surveyResponse.answers })
          .from(surveyResponse)
          .where(and(eq(surveyResponse.surveyId, c.surveyId), eq(surveyResponse.countsTowardThreshold, true)));
        expect(oldLegal.filter((row) => row.answers["cohort.department"] === "Legal")).toHaveLength(k);
        // (Whether the old plan then shows Legal outright depends on the other small cohorts; when it does, it shows k.)
        if (!old.hidden) expect(old.responses).toBe(k);
      }, 400_000);
    }
  }

  async function wholeBreakdown(c: Company): Promise<string> {
    const response = await call(testApp.app, "GET", `/api/reports/${c.surveyId}/breakdown`, { cookie: c.owner.cookie });
    expect(response.statusCode).toBe(200);
    return response.body;
  }
});
