/**
 * Survey/feedback imports (issue 14 item 2, decision 0046): the chosen columns checked against the uploaded file, an
 * anonymous survey of source "import" made with the import in one transaction, the commit job writing each row once
 * however often it runs, rejected rows without the person's columns, comments analysed and shown per the threshold,
 * and another company reading none of it.
 */
import { and, count, eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey, surveyResponse } from "../../db/schema.js";
import { dataImport } from "../../db/schema-data.js";
import { call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { analyseNewResponses } from "../comments/comment-analysis.js";
import { completeProfileAndSetPlan } from "../surveys/surveys.test-helpers.js";
import { findUploadedFile } from "../uploads/uploads.repo.js";
import { markImportRunning } from "./feedback-import.repo.js";
import { commitImport } from "./feedback-import.service.js";
import { uploadCsvText } from "./data.test-helpers.js";

const HEADERS = ["Work Email", "Department", "Happiness (1-5)", "What would you change?"];
const DEPARTMENTS = ["Sales", "Support", "Engineering"];
const COLUMNS = [
  { index: 1, header: "Department", type: "choice", options: DEPARTMENTS },
  { index: 2, header: "Happiness (1-5)", type: "rating", options: ["1", "2", "3", "4", "5"] },
  { index: 3, header: "What would you change?", type: "comment", options: [] },
];

/** `total` rows; every 100th has an address and nothing else (rejected: no answer). */
function feedbackCsv(total: number): string {
  const lines = [HEADERS.join(",")];
  for (let index = 0; index < total; index += 1) {
    const email = `person${index}@example.com`;
    if (index % 100 === 99) lines.push(`${email},,,`);
    else
      lines.push(
        [email, DEPARTMENTS[index % 3], String((index % 5) + 1), `"Respondent ${index} would like clearer goals, please."`].join(","),
      );
  }
  return `${lines.join("\n")}\n`;
}

describe("feedback imports", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  const uploadCsv = (cookie: string, text: string, filename = "pulse-2025.csv") => uploadCsvText(testApp.app, cookie, text, filename);
  const start = (cookie: string, uploadId: string, columns: unknown = COLUMNS) =>
    call(testApp.app, "POST", "/api/data/imports", { cookie, body: { uploadId, kind: "feedback", columns } });
  const countOf = async (table: typeof survey | typeof dataImport, tenantId: string) => {
    const [row] = await testApp.ctx.database.db.select({ n: count() }).from(table).where(eq(table.tenantId, tenantId));
    return Number(row.n);
  };
  const responsesOf = (surveyId: string) =>
    testApp.ctx.database.db.select().from(surveyResponse).where(eq(surveyResponse.surveyId, surveyId));

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Feedback Hearth" });
    other = await registerCompany(testApp.app, { companyName: "Other Feedback" });
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
    await completeProfileAndSetPlan(testApp, other.tenantId, "Gold");
  });
  afterAll(async () => {
    await testApp.close();
  });

  let importId = "";
  let surveyId = "";

  it("commits 2,000 rows with 20 empty ones as 1,980 anonymous responses, once, even when the job runs twice", async () => {
    const uploadId = await uploadCsv(owner.cookie, feedbackCsv(2_000));
    const started = await start(owner.cookie, uploadId);
    expect(started.statusCode, started.body).toBe(201);
    expect(started.json()).toMatchObject({ kind: "feedback", status: "queued", fileName: "pulse-2025.csv" });
    importId = started.json().id;
    const detail = (await call(testApp.app, "GET", `/api/data/imports/${importId}`, { cookie: owner.cookie })).json();
    surveyId = detail.surveyId;
    expect(detail.questions).toEqual([
      { header: "Department", key: "department", type: "choice", options: DEPARTMENTS, cohort: true },
      { header: "Happiness (1-5)", key: "happiness_1_5", type: "rating", options: ["1", "2", "3", "4", "5"], cohort: false },
      { header: "What would you change?", key: "what_would_you_change", type: "comment", options: [], cohort: false },
    ]);
    const [made] = await testApp.ctx.database.db.select().from(survey).where(eq(survey.id, surveyId));
    expect(made).toMatchObject({ source: "import", draft: false, isAnonymous: true, visibilityThreshold: 5, name: "pulse-2025" });
    expect(made.publishedAt).not.toBeNull();

    // twice in a row, then twice at once: every row is written once
    await commitImport(testApp.ctx, owner.tenantId, importId);
    await commitImport(testApp.ctx, owner.tenantId, importId);
    const rows = await responsesOf(surveyId);
    expect(rows).toHaveLength(1_980);
    expect(rows[0].answers).toEqual({
      department: "Sales",
      happiness_1_5: "1",
      what_would_you_change: expect.stringContaining("Respondent 0 "),
    });
    for (const row of rows) expect(JSON.stringify(row.answers)).not.toContain("@");
    const progress = (await call(testApp.app, "GET", `/api/data/imports/${importId}`, { cookie: owner.cookie })).json();
    expect(progress).toMatchObject({ status: "done", totalRows: 2_000, acceptedRows: 1_980, rejectedRows: 20 });
    // the one who started it is told once, however often the job ran
    const told = (await call(testApp.app, "GET", "/api/notifications", { cookie: owner.cookie }))
      .json()
      .items.filter((item: { link: string | null }) => item.link === `/dashboard/data/import/${importId}`);
    expect(told).toHaveLength(1);
    expect(told[0].title).toMatch(/^Import finished: /);
    // a late run that read the import before it was done cannot turn it back to running
    expect(await markImportRunning(testApp.ctx.database.db, owner.tenantId, importId, { startedAt: new Date(), totalRows: 2_000 })).toBe(
      false,
    );
    expect((await call(testApp.app, "GET", `/api/data/imports/${importId}`, { cookie: owner.cookie })).json().status).toBe("done");

    // the stored file keeps the chosen columns only: no address is left on the server
    const [{ uploadId: storedId }] = await testApp.ctx.database.db.select().from(dataImport).where(eq(dataImport.id, importId));
    const upload = await findUploadedFile(testApp.ctx.database.db, owner.tenantId, storedId as string);
    const body = await testApp.ctx.storage.get(upload?.storageKey ?? "");
    const chunks: Buffer[] = [];
    for await (const chunk of body ?? []) chunks.push(Buffer.from(chunk as Buffer));
    const stored = Buffer.concat(chunks).toString("utf8");
    expect(stored.split("\r\n")[0]).toBe(HEADERS.join(","));
    expect(stored).not.toContain("@example.com");
    expect(stored).toContain("Respondent 1998 would like clearer goals");
    expect(stored).toContain("(removed),,,");
  });

  it("imports a Hearth response export without taking its key row for a response (issue 25 item 6)", async () => {
    const answers = ["Agree", "Disagree", "Agree", "Strongly Agree", "Agree", "Disagree"];
    const text = [
      "Submitted on,I feel valued at Feedback Hearth.",
      "submitted_on,lowi_valued",
      ...answers.map((answer) => `2026-11-20,${answer}`),
    ].join("\r\n");
    const uploadId = await uploadCsv(owner.cookie, `\uFEFF${text}\r\n`, "hearth-export.csv");
    const options = ["Agree", "Disagree", "Strongly Agree"];
    const started = await start(owner.cookie, uploadId, [
      { index: 1, header: "I feel valued at Feedback Hearth.", type: "choice", options },
    ]);
    expect(started.statusCode, started.body).toBe(201);
    const id = started.json().id as string;
    await commitImport(testApp.ctx, owner.tenantId, id);
    const done = (await call(testApp.app, "GET", `/api/data/imports/${id}`, { cookie: owner.cookie })).json();
    expect(done).toMatchObject({ status: "done", totalRows: answers.length, acceptedRows: answers.length, rejectedRows: 0 });
    expect((await responsesOf(done.surveyId)).map((row) => Object.values(row.answers)[0]).sort()).toEqual([...answers].sort());
  });

  it("resumes a run cut off between batches without writing a row twice, even with two runs at once", async () => {
    const uploadId = await uploadCsv(owner.cookie, feedbackCsv(2_500), "resume.csv");
    const started = await start(owner.cookie, uploadId);
    const id = started.json().id as string;
    const { surveyId: resumed } = (await call(testApp.app, "GET", `/api/data/imports/${id}`, { cookie: owner.cookie })).json();
    // a first run that stopped after its first batch: 1,000 rows done, the import still running
    await commitImport(testApp.ctx, owner.tenantId, id);
    const db = testApp.ctx.database.db;
    await db.delete(surveyResponse).where(eq(surveyResponse.surveyId, resumed));
    const firstBatch = Papa.parse<string[]>(feedbackCsv(1_000), { skipEmptyLines: "greedy" }).data.slice(1);
    const kept = firstBatch.filter((row) => row[1] !== "");
    await db
      .insert(surveyResponse)
      .values(
        kept.map(() => ({ tenantId: owner.tenantId, surveyId: resumed, answers: { department: "Sales" }, submittedOn: "2026-01-01" })),
      );
    await db
      .update(dataImport)
      .set({ status: "running", acceptedRows: kept.length, rejectedRows: 1_000 - kept.length, finishedAt: null })
      .where(eq(dataImport.id, id));
    await Promise.all([commitImport(testApp.ctx, owner.tenantId, id), commitImport(testApp.ctx, owner.tenantId, id)]);
    expect(await responsesOf(resumed)).toHaveLength(2_475);
    const progress = (await call(testApp.app, "GET", `/api/data/imports/${id}`, { cookie: owner.cookie })).json();
    expect(progress).toMatchObject({ status: "done", totalRows: 2_500, acceptedRows: 2_475, rejectedRows: 25 });
  });

  it("downloads the rejected rows with the chosen columns only, and keeps no address in the stored file", async () => {
    const rejected = await call(testApp.app, "GET", `/api/data/imports/${importId}/rejected`, { cookie: owner.cookie });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers["content-disposition"]).toBe('attachment; filename="pulse-2025-rejected-rows.csv"');
    const parsed = Papa.parse<string[]>(rejected.body.replace(/^\uFEFF/, "").trim()).data;
    expect(parsed).toHaveLength(21);
    expect(parsed[0]).toEqual(["Department", "Happiness (1-5)", "What would you change?", "Row", "Reasons"]);
    expect(parsed[1]).toEqual(["", "", "", "101", "No answer in the selected columns"]);
    expect(rejected.body).not.toContain("@example.com");
  });

  it("lists the imported survey as one data card of its own, and not among the surveys", async () => {
    const surveys = (await call(testApp.app, "GET", "/api/surveys", { cookie: owner.cookie })).json();
    expect(surveys.map((row: { id: string }) => row.id)).not.toContain(surveyId);
    const cards = (await call(testApp.app, "GET", "/api/data/cards?source=import", { cookie: owner.cookie })).json();
    const card = cards.cards.find((entry: { id: string }) => entry.id === surveyId);
    expect(card).toMatchObject({ source: "import", importId, title: "pulse-2025", recipient: null });
    expect(card.data[0]).toEqual({ label: "Responses", value: "1,980" });
    const made = (await call(testApp.app, "GET", "/api/data/cards?source=survey", { cookie: owner.cookie })).json();
    expect(made.cards.map((entry: { id: string }) => entry.id)).not.toContain(surveyId);
    // it takes no answers of its own
    const answer = await call(testApp.app, "POST", "/api/response", { body: { surveyId, data: { department: "Sales" } } });
    expect(answer.statusCode).toBe(409);
  });

  it("refuses no columns, an unknown type, columns not in the file, a person's column and another company's upload, changing nothing", async () => {
    const uploadId = await uploadCsv(owner.cookie, feedbackCsv(5), "small.csv");
    const surveysBefore = await countOf(survey, owner.tenantId);
    const importsBefore = await countOf(dataImport, owner.tenantId);
    const none = await start(owner.cookie, uploadId, []);
    expect(none.statusCode).toBe(400);
    expect(none.json().error.fields.columns).toBe("Select at least one column to import");
    const unknown = await start(owner.cookie, uploadId, [{ ...COLUMNS[0], type: "score" }]);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields["columns.0.type"]).toBe("Choose comment text, choice or rating scale");
    const moved = await start(owner.cookie, uploadId, [{ ...COLUMNS[0], index: 2 }]);
    expect(moved.json().error.fields.columns).toBe("The columns do not match the uploaded file's header row.");
    const person = await start(owner.cookie, uploadId, [{ index: 0, header: "Work Email", type: "comment", options: [] }]);
    expect(person.json().error.fields.columns).toBe("Work Email identifies a person; imported feedback is kept without names.");
    const notScale = await start(owner.cookie, uploadId, [{ ...COLUMNS[1], options: ["1", "5"] }]);
    expect(notScale.json().error.fields.columns).toMatch(/not a rating scale/);
    const tooMany = await start(
      owner.cookie,
      uploadId,
      Array.from({ length: 51 }, () => COLUMNS[2]),
    );
    expect(tooMany.json().error.fields.columns).toBe("Select at most 50 columns");
    const wrongKind = await call(testApp.app, "POST", "/api/data/imports", {
      cookie: owner.cookie,
      body: { uploadId, kind: "answers", columns: COLUMNS },
    });
    expect(wrongKind.statusCode).toBe(400);
    expect((await start(other.cookie, uploadId)).statusCode).toBe(404);
    expect(await countOf(survey, owner.tenantId)).toBe(surveysBefore);
    expect(await countOf(dataImport, owner.tenantId)).toBe(importsBefore);
    expect(await countOf(survey, other.tenantId)).toBe(0);
  });

  it("lets another company read neither the import, nor its rejected rows, nor its survey's reports", async () => {
    for (const url of [`/api/data/imports/${importId}`, `/api/data/imports/${importId}/rejected`, `/api/reports/${surveyId}/breakdown`]) {
      expect((await call(testApp.app, "GET", url, { cookie: other.cookie })).statusCode, url).toBe(404);
    }
    const comments = await call(testApp.app, "POST", `/api/reports/${surveyId}/comments`, { cookie: other.cookie, body: {} });
    expect(comments.statusCode).toBe(404);
    expect((await call(testApp.app, "GET", "/api/data/cards?source=import", { cookie: other.cookie })).json().total).toBe(0);
  });

  it("analyses imported comments like survey comments and shows them only in complete blocks of the threshold", async () => {
    const lines = [HEADERS.join(",")];
    for (let index = 0; index < 7; index += 1)
      lines.push(`p${index}@example.com,Sales,4,Comment ${index}: the supportive teamwork is great`);
    const uploadId = await uploadCsv(owner.cookie, `${lines.join("\n")}\n`, "seven.csv");
    const id = (await start(owner.cookie, uploadId)).json().id as string;
    await commitImport(testApp.ctx, owner.tenantId, id);
    const { surveyId: seven } = (await call(testApp.app, "GET", `/api/data/imports/${id}`, { cookie: owner.cookie })).json();
    await analyseNewResponses(testApp.ctx);
    const listed = await call(testApp.app, "POST", `/api/reports/${seven}/comments`, { cookie: owner.cookie, body: {} });
    expect(listed.statusCode, listed.body).toBe(200);
    // seven responses, a threshold of five: the first block of five is published, the other two wait for three more
    const texts = listed.json().comments.map((row: { text: string }) => row.text);
    expect(texts).toHaveLength(5);
    expect(texts.every((text: string) => /^Comment [0-4]:/.test(text))).toBe(true);
    const sentiment = await call(testApp.app, "GET", `/api/reports/${seven}/sentiment`, { cookie: owner.cookie });
    expect(sentiment.statusCode, sentiment.body).toBe(200);
    const breakdown = await call(testApp.app, "GET", `/api/reports/${seven}/breakdown`, { cookie: owner.cookie });
    expect(breakdown.statusCode, breakdown.body).toBe(200);
    const [{ n }] = await testApp.ctx.database.db
      .select({ n: count() })
      .from(surveyResponse)
      .where(and(eq(surveyResponse.surveyId, seven), eq(surveyResponse.tenantId, owner.tenantId)));
    expect(Number(n)).toBe(7);
  });
});
