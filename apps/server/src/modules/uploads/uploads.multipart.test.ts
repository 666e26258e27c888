/**
 * The multipart form of the streaming upload, POST /api/uploads (issue 14 item 6, decision 0042): stored under the
 * company's prefix in the data directory as it arrives, the same checks as the raw-body form (type on the bytes,
 * folders, size), one file after the text fields, permissions and tenant isolation, and its OpenAPI description.
 */
import { mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedFile } from "../../db/schema-uploads.js";
import { addMember, call, createTestApp, registerCompany, type Session, TEST_ORIGIN, type TestApp } from "../../test/harness.js";

const CSV = "email,Department\nana@example.com,Sales\nben@example.com,Support\n";
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");
const LIMIT = 256 * 1024;

type Entry = [name: string, value: string | { bytes: Buffer | string; filename: string; type: string }];

/** A multipart body as a browser's FormData sends it, entries in the order given. */
async function encode(entries: Entry[]): Promise<{ payload: Buffer; contentType: string }> {
  const form = new FormData();
  for (const [name, value] of entries) {
    if (typeof value === "string") form.append(name, value);
    else
      form.append(
        name,
        new Blob([typeof value.bytes === "string" ? value.bytes : new Uint8Array(value.bytes)], { type: value.type }),
        value.filename,
      );
  }
  const encoded = new Response(form);
  return { payload: Buffer.from(await encoded.arrayBuffer()), contentType: encoded.headers.get("content-type") ?? "" };
}

const csvFile = (bytes: Buffer | string = CSV, filename = "people.csv", type = "text/csv") => ({ bytes, filename, type });

describe("multipart uploads", () => {
  let testApp: TestApp;
  let dataDir: string;
  let owner: Session;
  let other: Session;
  let staff: Session;

  const send = async (cookie: string | undefined, entries: Entry[], cut?: number) => {
    const { payload, contentType } = await encode(entries);
    return testApp.app.inject({
      method: "POST",
      url: "/api/uploads",
      headers: { origin: TEST_ORIGIN, "content-type": contentType, ...(cookie ? { cookie } : {}) },
      payload: cut === undefined ? payload : payload.subarray(0, cut),
    });
  };
  /** Every file under the company's prefix in the data directory (partial ones included). */
  const filesOf = (tenantId: string): string[] => {
    const root = path.join(dataDir, "uploads", tenantId);
    try {
      return readdirSync(root, { recursive: true, encoding: "utf8" }).filter((name) => statSync(path.join(root, name)).isFile());
    } catch {
      return [];
    }
  };
  const rowsOf = (tenantId: string) => testApp.ctx.database.db.select().from(uploadedFile).where(eq(uploadedFile.tenantId, tenantId));
  const expectNothingStored = async (tenantId: string) => {
    expect(filesOf(tenantId)).toEqual([]);
    expect(await rowsOf(tenantId)).toEqual([]);
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), "hearth-multipart-"));
    testApp = await createTestApp({ env: { DATA_DIR: dataDir, UPLOAD_MAX_BYTES: String(LIMIT) } });
    owner = await registerCompany(testApp.app, { companyName: "Multipart Hearth" });
    other = await registerCompany(testApp.app, { companyName: "Other Multipart" });
    staff = await addMember(testApp, owner.tenantId, "Staff");
  });
  afterAll(async () => {
    await testApp.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 401 signed out and 403 without the data-import permission, storing nothing", async () => {
    const entries: Entry[] = [
      ["path", "imports"],
      ["file", csvFile()],
    ];
    const signedOut = await send(undefined, entries);
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json().error.code).toBe("UNAUTHENTICATED");
    expect((await send(staff.cookie, entries)).statusCode).toBe(403);
    await expectNothingStored(owner.tenantId);
  });

  it("streams a CSV into the company's prefix, names it from the file part, and gives the same bytes back to that company only", async () => {
    const response = await send(owner.cookie, [
      ["path", "imports"],
      ["file", csvFile(CSV, "../People List.csv", "text/csv")],
    ]);
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json();
    expect(stored).toMatchObject({ fileName: "people-list.csv", size: CSV.length, contentType: "text/csv" });
    const [row] = await rowsOf(owner.tenantId);
    expect(row.storageKey).toBe(`${owner.tenantId}/imports/${stored.id}-people-list.csv`);
    expect(filesOf(owner.tenantId)).toEqual([path.join("imports", `${stored.id}-people-list.csv`)]);
    const read = await call(testApp.app, "GET", `/api/uploads/${stored.id}`, { cookie: owner.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe(CSV);
    const elsewhere = await call(testApp.app, "GET", `/api/uploads/${stored.id}`, { cookie: other.cookie });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().error.code).toBe("NOT_FOUND");

    // the fields, when given, override the part's name and type (Windows sends a .csv as the Excel type)
    const named = await send(owner.cookie, [
      ["filename", "Q3 staff.csv"],
      ["filetype", "application/vnd.ms-excel"],
      ["path", "imports/demographics"],
      ["file", csvFile(CSV, "blob", "application/octet-stream")],
    ]);
    expect(named.statusCode, named.body).toBe(201);
    expect(named.json()).toMatchObject({ fileName: "q3-staff.csv", contentType: "text/csv" });
  });

  it("refuses bytes that are not the declared type and folders that could leave the prefix, with the field", async () => {
    const before = filesOf(owner.tenantId).length;
    const fakeCsv = await send(owner.cookie, [
      ["path", "imports"],
      ["file", csvFile(PNG, "people.csv", "text/csv")],
    ]);
    expect(fakeCsv.statusCode).toBe(400);
    expect(fakeCsv.json().error.fields).toEqual({ file: "The file's content is not a CSV (it reads as a PNG image)." });
    for (const folder of ["../x", "%2e%2e", "imports/../../etc", "/etc", "imports//x", ".."]) {
      const refused = await send(owner.cookie, [
        ["path", folder],
        ["file", csvFile()],
      ]);
      expect(refused.statusCode, folder).toBe(400);
      expect(Object.keys(refused.json().error.fields), folder).toEqual(["path"]);
    }
    expect(filesOf(owner.tenantId)).toHaveLength(before);
    expect(readdirSync(path.join(dataDir, "uploads"))).toEqual([owner.tenantId]);
  });

  it("answers 413 past UPLOAD_MAX_BYTES and removes the partial file", async () => {
    const company = await registerCompany(testApp.app, { companyName: "Large Files" });
    const big = `email\n${"someone@example.com\n".repeat(Math.ceil(LIMIT / 20) + 10)}`;
    const response = await send(company.cookie, [
      ["path", "imports"],
      ["file", csvFile(big)],
    ]);
    expect(response.statusCode).toBe(413);
    expect(response.json().error.code).toBe("PAYLOAD_TOO_LARGE");
    expect(response.headers.connection).toBe("close");
    await expectNothingStored(company.tenantId);
    const justUnder = await send(company.cookie, [
      ["path", "imports"],
      ["file", csvFile(big.slice(0, LIMIT))],
    ]);
    expect(justUnder.statusCode, justUnder.body).toBe(201);
  });

  it("takes exactly one file part, after the text fields, and answers 400 naming the field otherwise", async () => {
    const company = await registerCompany(testApp.app, { companyName: "Form Rules" });
    const cases: [string, Entry[], string][] = [
      ["no file part", [["path", "imports"]], "file"],
      ["an empty form", [], "file"],
      [
        "two file parts",
        [
          ["path", "imports"],
          ["file", csvFile()],
          ["file", csvFile()],
        ],
        "file",
      ],
      [
        "the folder after the file",
        [
          ["file", csvFile()],
          ["path", "imports"],
        ],
        "path",
      ],
      [
        "a field after the file",
        [
          ["path", "imports"],
          ["file", csvFile()],
          ["filename", "late.csv"],
        ],
        "filename",
      ],
      [
        "the file under another name",
        [
          ["path", "imports"],
          ["upload", csvFile()],
        ],
        "upload",
      ],
      [
        "a NUL in a field",
        [
          ["path", "imports"],
          ["filename", "a\u0000.csv"],
          ["file", csvFile()],
        ],
        "filename",
      ],
    ];
    for (const [label, entries, field] of cases) {
      const response = await send(company.cookie, entries);
      expect(response.statusCode, `${label}: ${response.body}`).toBe(400);
      expect(Object.keys(response.json().error.fields), label).toEqual([field]);
    }
    const late = await send(company.cookie, [
      ["file", csvFile()],
      ["path", "imports"],
    ]);
    expect(late.json().error.fields.path).toMatch(/comes before the file/);
    const notMultipart = await call(testApp.app, "POST", "/api/uploads", { cookie: company.cookie, body: { path: "imports" } });
    expect(notMultipart.statusCode).toBe(400);
    expect(notMultipart.json().error.fields.file).toMatch(/multipart\/form-data/);
    const { payload } = await encode([
      ["path", "imports"],
      ["file", csvFile()],
    ]);
    const truncated = await send(
      company.cookie,
      [
        ["path", "imports"],
        ["file", csvFile()],
      ],
      payload.length - 60,
    );
    expect(truncated.statusCode, truncated.body).toBe(400);
    expect(truncated.json().error.code).toBe("BAD_REQUEST");
    await expectNothingStored(company.tenantId);
  });

  it("writes the file to the storage while the request is still arriving", async () => {
    const company = await registerCompany(testApp.app, { companyName: "Streaming" });
    const address = await testApp.app.listen({ port: 0, host: "127.0.0.1" });
    const { payload, contentType } = await encode([
      ["path", "imports"],
      ["file", csvFile(`email\n${"streamed@example.com\n".repeat(9_000)}`, "stream.csv")],
    ]);
    const half = Math.floor(payload.length / 2);
    const request = httpRequest(`${address}/api/uploads`, {
      method: "POST",
      headers: { origin: TEST_ORIGIN, cookie: company.cookie, "content-type": contentType, "content-length": payload.length },
    });
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      request.on("error", reject);
      request.on("response", (response) => {
        let body = "";
        response.on("data", (chunk) => {
          body += chunk;
        });
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
    });
    request.write(payload.subarray(0, half));
    // the second half goes only once the first has reached the storage's partial file
    let seen = false;
    for (let attempt = 0; attempt < 200 && !seen; attempt += 1) {
      const partial = filesOf(company.tenantId).find((name) => name.endsWith(".partial"));
      seen = partial !== undefined && statSync(path.join(dataDir, "uploads", company.tenantId, partial)).size > 0;
      if (!seen) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    request.end(payload.subarray(half));
    expect(seen).toBe(true);
    const { status, body } = await answer;
    expect(status, body).toBe(201);
    expect(filesOf(company.tenantId)).toEqual([path.join("imports", `${JSON.parse(body).id}-stream.csv`)]);
  });

  it("is in the OpenAPI document with its multipart body", async () => {
    const spec = (await call(testApp.app, "GET", "/api/openapi.json")).json();
    const operation = spec.paths["/api/uploads"].post;
    expect(Object.keys(operation.responses)).toContain("201");
    const schema = operation.requestBody.content["multipart/form-data"].schema;
    expect(Object.keys(schema.properties)).toEqual(["filename", "filetype", "path", "file"]);
    expect(schema.required).toEqual(["path", "file"]);
    expect(schema.properties.file).toMatchObject({ type: "string", contentMediaType: "application/octet-stream" });
    expect(Object.keys(spec.paths["/api/uploads"].put.requestBody.content)).toContain("text/csv");
  });
});
