/**
 * Demographics imports (issue 14 item 2, decision 0043): the mapping checked against the uploaded file, the commit
 * job idempotent (10,000 rows with 100 bad ones commit 9,900 once even when the job runs twice), rejected rows as CSV,
 * remembered mappings, permissions and tenant isolation.
 */
import { and, eq } from "drizzle-orm";
import Papa from "papaparse";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { employeeAttribute } from "../../db/schema-data.js";
import { addMember, call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { commitDataImport } from "./data-import.service.js";
import { uploadCsvText } from "./data.test-helpers.js";

const HEADERS = ["Work Email", "First Name", "Age", "Dept", "Weekly Hours", "Shoe size"];
const COLUMNS = [
  { header: "Work Email", field: "email" },
  { header: "First Name", field: "first_name" },
  { header: "Age", field: "age" },
  { header: "Dept", field: "department" },
  { header: "Weekly Hours", field: "standard_hours" },
  { header: "Shoe size", field: null },
];

/** `count` people; every 100th row is bad (in turn: no email, a malformed one, a duplicate address, an age that fits no category). */
function peopleCsv(count: number): string {
  const lines = [HEADERS.join(",")];
  for (let index = 0; index < count; index += 1) {
    let email = `person${index}@example.com`;
    let age = String(22 + (index % 40));
    if (index % 100 === 99) {
      const kind = Math.floor(index / 100) % 4;
      if (kind === 0) email = "";
      if (kind === 1) email = "not-an-email";
      if (kind === 2) email = "person0@example.com";
      if (kind === 3) age = "30-35";
    }
    lines.push([email, `Name${index}`, age, ["Sales", "Support", "Engineering"][index % 3], "37.5", "42"].join(","));
  }
  return `${lines.join("\n")}\n`;
}

describe("demographics imports", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let staff: Session;
  const uploadCsv = (cookie: string, text: string, filename = "people.csv") => uploadCsvText(testApp.app, cookie, text, filename);
  const start = (cookie: string, uploadId: string, columns: unknown = COLUMNS) =>
    call(testApp.app, "POST", "/api/data/imports", { cookie, body: { uploadId, kind: "demographics", columns } });

  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app, { companyName: "Import Hearth" });
    other = await registerCompany(testApp.app, { companyName: "Other Import" });
    staff = await addMember(testApp, owner.tenantId, "Staff");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("commits 10,000 rows with 100 bad ones as 9,900 people, once, even when the job runs twice", async () => {
    const uploadId = await uploadCsv(owner.cookie, peopleCsv(10_000));
    const started = await start(owner.cookie, uploadId);
    expect(started.statusCode, started.body).toBe(201);
    const { id } = started.json();
    expect(started.json()).toMatchObject({ status: "queued", fileName: "people.csv" });
    await commitDataImport(testApp.ctx, owner.tenantId, id);
    await commitDataImport(testApp.ctx, owner.tenantId, id);
    const rows = await testApp.ctx.database.db.select().from(employeeAttribute).where(eq(employeeAttribute.tenantId, owner.tenantId));
    expect(rows).toHaveLength(9_900);
    const progress = (await call(testApp.app, "GET", `/api/data/imports/${id}`, { cookie: owner.cookie })).json();
    expect(progress).toMatchObject({ status: "done", totalRows: 10_000, acceptedRows: 9_900, rejectedRows: 100 });
    // the one who started it is told once, however often the job ran; nobody in another company
    const told = async (cookie: string) =>
      (await call(testApp.app, "GET", "/api/notifications", { cookie }))
        .json()
        .items.filter((item: { link: string | null }) => item.link === `/dashboard/data/import/${id}`);
    expect((await told(owner.cookie)).map((item: { title: string; body: string }) => [item.title, item.body])).toEqual([
      ["Import finished: people.csv", "9,900 rows of people imported from people.csv. 100 rows were rejected; the import page lists them."],
    ]);
    expect(await told(other.cookie)).toEqual([]);
    const ana = rows.find((row) => row.email === "person1@example.com");
    expect(ana).toMatchObject({
      firstName: "Name1",
      attributes: { age: "30 or younger", department: "Support", standard_hours: "37.5", fte: "0.94" },
    });
    const rejected = await call(testApp.app, "GET", `/api/data/imports/${id}/rejected`, { cookie: owner.cookie });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.headers["content-disposition"]).toBe('attachment; filename="people-rejected-rows.csv"');
    const parsed = Papa.parse<string[]>(rejected.body.replace(/^\uFEFF/, "").trim()).data;
    expect(parsed).toHaveLength(101);
    expect(parsed[0]).toEqual([...HEADERS, "Row", "Reasons"]);
    expect(parsed[1].slice(-2)).toEqual(["101", "Email is empty"]);
    // another company reads none of it
    expect((await call(testApp.app, "GET", `/api/data/imports/${id}`, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", `/api/data/imports/${id}/rejected`, { cookie: other.cookie })).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", "/api/data/imports", { cookie: other.cookie })).json().imports).toEqual([]);
  });

  it("streams a file of several MB: byte-order mark, CRLF, quoted line breaks, blank lines and multi-byte names", async () => {
    const note = `"${"Ünïcödé, quoted; ".repeat(8)}\r\nsecond line"`;
    const lines = [`\uFEFF${HEADERS.join(",")}`];
    for (let index = 0; index < 30_000; index += 1) {
      const email = index % 1_000 === 500 ? "" : `stream${index}@example.com`;
      lines.push([email, `Zoë-Łukasz-日本${index}`, String(25 + (index % 30)), "Engineering", "40", note].join(","));
      if (index % 5_000 === 0) lines.push("");
    }
    const text = `${lines.join("\r\n")}\r\n`;
    expect(Buffer.byteLength(text)).toBeGreaterThan(6_000_000);
    // a company of its own, so the other tests' counts stay as they are
    const company = await registerCompany(testApp.app, { companyName: "Stream Import" });
    const uploadId = await uploadCsv(company.cookie, text, "large.csv");
    const started = await start(company.cookie, uploadId);
    expect(started.statusCode, started.body).toBe(201);
    const { id } = started.json();
    await commitDataImport(testApp.ctx, company.tenantId, id);
    const progress = (await call(testApp.app, "GET", `/api/data/imports/${id}`, { cookie: company.cookie })).json();
    expect(progress).toMatchObject({ status: "done", totalRows: 30_000, acceptedRows: 29_970, rejectedRows: 30 });
    const [last] = await testApp.ctx.database.db
      .select()
      .from(employeeAttribute)
      .where(and(eq(employeeAttribute.tenantId, company.tenantId), eq(employeeAttribute.email, "stream29999@example.com")));
    expect(last).toMatchObject({ firstName: "Zoë-Łukasz-日本29999", attributes: { department: "Engineering", fte: "1.00" } });
    const rejected = await call(testApp.app, "GET", `/api/data/imports/${id}/rejected`, { cookie: company.cookie });
    const parsed = Papa.parse<string[]>(rejected.body.replace(/^\uFEFF/, "").trim()).data;
    expect(parsed).toHaveLength(31);
    // blank lines are not rows: the 501st person is on row 502
    expect(parsed[1].slice(-2)).toEqual(["502", "Email is empty"]);
    expect(parsed[1][5]).toBe(`${"Ünïcödé, quoted; ".repeat(8)}\r\nsecond line`);
  });

  it("lists the imported people as data cards, filtered by source and day, and another company's as none", async () => {
    const cards = (query = "") => call(testApp.app, "GET", `/api/data/cards${query}`, { cookie: owner.cookie });
    const all = (await cards()).json();
    expect(all).toMatchObject({ total: 9_900, page: 1, pageSize: 20 });
    expect(all.cards).toHaveLength(20);
    expect(all.cards[0]).toMatchObject({ source: "import", recipient: { email: expect.stringMatching(/@example\.com$/) } });
    expect(all.cards[0].data.map((entry: { label: string }) => entry.label)).toEqual(
      expect.arrayContaining(["Age", "Department name", "Standard hours per week", "Full-time equivalent (FTE)"]),
    );
    expect((await cards("?source=survey")).json()).toMatchObject({ total: 0, cards: [] });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await cards(`?from=${tomorrow}`)).json().total).toBe(0);
    expect((await cards(`?to=${tomorrow}&page=495`)).json().cards).toHaveLength(20);
    for (const bad of ["?source=everything", "?page=0", "?from=yesterday"]) expect((await cards(bad)).statusCode, bad).toBe(400);
    expect((await call(testApp.app, "GET", "/api/data/cards", { cookie: other.cookie })).json()).toMatchObject({ total: 0, cards: [] });
  });

  it("refuses a mapping without the email, with a field twice, or not matching the file, and another company's upload", async () => {
    const uploadId = await uploadCsv(owner.cookie, peopleCsv(3));
    const noEmail = await start(
      owner.cookie,
      uploadId,
      COLUMNS.map((column) => (column.field === "email" ? { ...column, field: null } : column)),
    );
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error.fields.columns).toBe("Choose the column that holds each person's email address.");
    const twice = await start(
      owner.cookie,
      uploadId,
      COLUMNS.map((column) => (column.header === "Shoe size" ? { ...column, field: "department" } : column)),
    );
    expect(twice.json().error.fields.columns).toBe("Department name is chosen for two columns; a field can be chosen once.");
    const unknown = await start(
      owner.cookie,
      uploadId,
      COLUMNS.map((column) => (column.header === "Shoe size" ? { ...column, field: "shoe_size" } : column)),
    );
    expect(unknown.statusCode).toBe(400);
    const mismatch = await start(owner.cookie, uploadId, COLUMNS.slice(0, 5));
    expect(mismatch.json().error.fields.columns).toBe("The columns do not match the uploaded file's header row.");
    expect((await start(other.cookie, uploadId)).statusCode).toBe(404);
    expect((await start(owner.cookie, "not-a-uuid")).statusCode).toBe(400);
  });

  it("remembers the company's choices by header for the next file", async () => {
    const mapping = (await call(testApp.app, "GET", "/api/data/import-mapping?kind=demographics", { cookie: owner.cookie })).json();
    expect(mapping.mapping).toMatchObject({ "work email": "email", dept: "department", "shoe size": null });
    expect((await call(testApp.app, "GET", "/api/data/import-mapping?kind=demographics", { cookie: other.cookie })).json().mapping).toEqual(
      {},
    );
  });

  it("answers 401 signed out and 403 without the data-import permission", async () => {
    const id = "00000000-0000-4000-8000-000000000000";
    for (const [method, url] of [
      ["GET", "/api/data/imports"],
      ["GET", `/api/data/imports/${id}`],
      ["GET", `/api/data/imports/${id}/rejected`],
      ["GET", "/api/data/import-mapping"],
      ["GET", "/api/data/cards"],
      ["POST", "/api/data/imports"],
    ] as const) {
      const body = method === "POST" ? { uploadId: id, kind: "demographics", columns: COLUMNS } : undefined;
      expect((await call(testApp.app, method, url, { body })).statusCode, url).toBe(401);
      expect((await call(testApp.app, method, url, { cookie: staff.cookie, body })).statusCode, url).toBe(403);
    }
  });
});
