/**
 * Uploads (issue 14 item 6, decision 0042): the data-URL and streaming forms, the type checked on the bytes, folders
 * that cannot leave the company's prefix, size limits, permissions and tenant isolation; the local and S3 storages.
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { uploadedFile } from "../../db/schema-uploads.js";
import { createFileStorage, LocalFileStorage, S3FileStorage } from "../../lib/storage/file-storage.js";
import { signRequest } from "../../lib/storage/sigv4.js";
import { addMember, call, createTestApp, registerCompany, type Session, type TestApp } from "../../test/harness.js";
import { testEnv } from "../../test/test-env.js";

const CSV = "email,Department\nana@example.com,Sales\nben@example.com,Support\n";
const dataUrl = (text: string | Buffer, type = "text/csv") => `data:${type};base64,${Buffer.from(text).toString("base64")}`;
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

describe("uploads", () => {
  let testApp: TestApp;
  let owner: Session;
  let other: Session;
  let staff: Session;
  const upload = (cookie: string, body: Record<string, unknown>) => call(testApp.app, "POST", "/api/upload-file", { cookie, body });
  const stream = (cookie: string, bytes: Buffer, query: Record<string, string>, contentType = "text/csv") =>
    testApp.app.inject({
      method: "PUT",
      url: `/api/uploads?${new URLSearchParams(query)}`,
      headers: { origin: "http://hearth.test", cookie, "content-type": contentType },
      payload: bytes,
    });

  beforeAll(async () => {
    testApp = await createTestApp({ env: { UPLOAD_MAX_BYTES: String(4 * 1024 * 1024) } });
    owner = await registerCompany(testApp.app, { companyName: "Upload Hearth" });
    other = await registerCompany(testApp.app, { companyName: "Other Upload" });
    staff = await addMember(testApp, owner.tenantId, "Staff");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("answers 401 signed out and 403 without the data-import permission", async () => {
    const body = { file: dataUrl(CSV), filename: "people.csv", filetype: "text/csv", path: "imports" };
    expect((await call(testApp.app, "POST", "/api/upload-file", { body })).statusCode).toBe(401);
    expect((await upload(staff.cookie, body)).statusCode).toBe(403);
    expect((await stream(staff.cookie, Buffer.from(CSV), { filename: "a.csv", filetype: "text/csv", path: "imports" })).statusCode).toBe(
      403,
    );
  });

  it("stores a CSV sent as a data URL under the company's prefix with a cleaned name, and gives it back to that company only", async () => {
    const response = await upload(owner.cookie, {
      file: dataUrl(CSV),
      filename: "../../Employees 2026.csv",
      filetype: "text/csv",
      path: "imports",
    });
    expect(response.statusCode).toBe(201);
    const stored = response.json();
    expect(stored).toMatchObject({ fileName: "employees-2026.csv", size: CSV.length, contentType: "text/csv" });
    const [row] = await testApp.ctx.database.db.select().from(uploadedFile).where(eq(uploadedFile.id, stored.id));
    expect(row.storageKey).toBe(`${owner.tenantId}/imports/${stored.id}-employees-2026.csv`);
    const read = await call(testApp.app, "GET", `/api/uploads/${stored.id}`, { cookie: owner.cookie });
    expect(read.statusCode).toBe(200);
    expect(read.body).toBe(CSV);
    expect(read.headers["content-disposition"]).toBe('attachment; filename="employees-2026.csv"');
    expect((await call(testApp.app, "GET", `/api/uploads/${stored.id}`, { cookie: other.cookie })).statusCode).toBe(404);
  });

  it("refuses a folder that could leave the prefix, a type it does not take, and bytes that are not the declared type", async () => {
    for (const folder of ["../x", "imports/../../etc", "/etc", "imports//x", "Imports", "%2e%2e"]) {
      const refused = await upload(owner.cookie, { file: dataUrl(CSV), filename: "a.csv", filetype: "text/csv", path: folder });
      expect(refused.statusCode, folder).toBe(400);
      expect(Object.keys(refused.json().error.fields), folder).toEqual(["path"]);
    }
    const exe = await upload(owner.cookie, {
      file: dataUrl("MZ"),
      filename: "run.exe",
      filetype: "application/x-msdownload",
      path: "imports",
    });
    expect(exe.json().error.fields.filetype).toMatch(/^This type of file is not accepted/);
    const fakePng = await upload(owner.cookie, {
      file: dataUrl(CSV, "image/png"),
      filename: "logo.png",
      filetype: "image/png",
      path: "imports",
    });
    expect(fakePng.statusCode).toBe(400);
    expect(fakePng.json().error.fields.file).toBe("The file's content is not a PNG image (it reads as a CSV).");
    const binaryCsv = await upload(owner.cookie, { file: dataUrl(PNG), filename: "people.csv", filetype: "text/csv", path: "imports" });
    expect(binaryCsv.json().error.fields.file).toBe("The file's content is not a CSV (it reads as a PNG image).");
    const png = await upload(owner.cookie, {
      file: dataUrl(PNG, "image/png"),
      filename: "logo.png",
      filetype: "image/png",
      path: "images",
    });
    expect(png.statusCode).toBe(201);
    expect(
      (await upload(owner.cookie, { file: "not a data url", filename: "a.csv", filetype: "text/csv", path: "imports" })).statusCode,
    ).toBe(400);
    const rows = await testApp.ctx.database.db.select().from(uploadedFile).where(eq(uploadedFile.tenantId, owner.tenantId));
    expect(rows.map((row) => row.fileName).sort()).toEqual(["employees-2026.csv", "logo.png"]);
  });

  it("streams a large file to the storage and refuses one past the limit", async () => {
    const big = Buffer.from(`email,Department\n${"someone@example.com,Customer Success\n".repeat(60_000)}`);
    const response = await stream(owner.cookie, big, { filename: "all staff.csv", filetype: "text/csv", path: "imports/demographics" });
    expect(response.statusCode, response.body).toBe(201);
    const stored = response.json();
    expect(stored).toMatchObject({ fileName: "all-staff.csv", size: big.length });
    const read = await call(testApp.app, "GET", `/api/uploads/${stored.id}`, { cookie: owner.cookie });
    expect(read.rawPayload.equals(big)).toBe(true);
    const tooBig = await stream(owner.cookie, Buffer.alloc(5 * 1024 * 1024, 0x61), {
      filename: "huge.csv",
      filetype: "text/csv",
      path: "imports",
    });
    expect(tooBig.statusCode).toBe(413);
    const nul = await stream(owner.cookie, Buffer.from("email\n\u0000\n"), { filename: "n.csv", filetype: "text/csv", path: "imports" });
    expect(nul.statusCode).toBe(400);
    const traversal = await stream(owner.cookie, Buffer.from(CSV), { filename: "a.csv", filetype: "text/csv", path: "../../x" });
    expect(traversal.statusCode).toBe(400);
  });
});

describe("storages", () => {
  it("uses S3 with its four variables or none, and memory for an in-memory data directory", () => {
    expect(() => testEnv({ S3_ENDPOINT: "https://s3.example.com", S3_BUCKET: "files" })).toThrow(
      /S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: required when S3_ENDPOINT, S3_BUCKET are set/,
    );
    const env = testEnv({
      S3_ENDPOINT: "https://s3.example.com",
      S3_BUCKET: "files",
      S3_ACCESS_KEY_ID: "AKID",
      S3_SECRET_ACCESS_KEY: "secret",
    });
    expect(createFileStorage(env).kind).toBe("s3");
    expect(createFileStorage(testEnv()).kind).toBe("memory");
  });

  it("keeps local files under the data directory and refuses keys that would leave it", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "hearth-storage-"));
    try {
      const storage = new LocalFileStorage(dir);
      expect(await storage.put("t1/imports/a.csv", Readable.from([Buffer.from(CSV)]), "text/csv")).toBe(CSV.length);
      expect(readFileSync(path.join(dir, "uploads/t1/imports/a.csv"), "utf8")).toBe(CSV);
      const back = await storage.get("t1/imports/a.csv");
      expect(back).not.toBeNull();
      for (const key of ["../x", "t1/../../x", "/etc/passwd", "t1//x", "t1/./x", ""]) {
        await expect(storage.put(key, Readable.from([Buffer.from("x")]), "text/csv"), key).rejects.toThrow(/Refused storage key/);
      }
      await storage.delete("t1/imports/a.csv");
      expect(await storage.get("t1/imports/a.csv")).toBeNull();
      expect(readdirSync(dir)).toEqual(["uploads"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  describe("S3-compatible", () => {
    let server: Server;
    let endpoint = "";
    const objects = new Map<string, Buffer>();
    const keys = { accessKeyId: "AKIDEXAMPLE", secretAccessKey: "secret-example-key", region: "eu-west-1" };

    /** Recomputes the signature of what arrived with the same keys: a request signed otherwise is refused, as S3 does. */
    const signedRight = (request: IncomingMessage) => {
      const url = new URL(request.url ?? "/", endpoint);
      const headers: Record<string, string> = {};
      for (const name of ["content-type", "content-length"]) if (request.headers[name]) headers[name] = String(request.headers[name]);
      const expected = signRequest(
        {
          method: request.method ?? "GET",
          url,
          headers,
          payloadHash: String(request.headers["x-amz-content-sha256"]),
          date: new Date(String(request.headers["x-amz-date"]).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, "$1-$2-$3T$4:$5:$6Z")),
        },
        keys,
      );
      return expected.authorization === request.headers.authorization;
    };

    beforeAll(async () => {
      server = createServer((request, response) => {
        if (!signedRight(request)) {
          response.writeHead(403).end("SignatureDoesNotMatch");
          return;
        }
        const key = request.url ?? "";
        const chunks: Buffer[] = [];
        request.on("data", (chunk: Buffer) => chunks.push(chunk));
        request.on("end", () => {
          if (request.method === "PUT") objects.set(key, Buffer.concat(chunks));
          if (request.method === "DELETE") objects.delete(key);
          if (request.method === "GET" && !objects.has(key)) return void response.writeHead(404).end();
          response.writeHead(200).end(request.method === "GET" ? objects.get(key) : undefined);
        });
      });
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      const address = server.address() as { port: number };
      endpoint = `http://127.0.0.1:${address.port}`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("puts, gets and deletes objects path-style with SigV4, and fails loudly on a refusal", async () => {
      const storage = new S3FileStorage({ endpoint, bucket: "hearth-files", ...keys });
      expect(await storage.put("t1/imports/a.csv", Readable.from([Buffer.from(CSV)]), "text/csv")).toBe(CSV.length);
      expect(objects.get("/hearth-files/t1/imports/a.csv")?.toString()).toBe(CSV);
      const back = await storage.get("t1/imports/a.csv");
      const chunks: Buffer[] = [];
      for await (const chunk of back as Readable) chunks.push(Buffer.from(chunk as Buffer));
      expect(Buffer.concat(chunks).toString()).toBe(CSV);
      await storage.delete("t1/imports/a.csv");
      expect(await storage.get("t1/imports/a.csv")).toBeNull();
      const wrong = new S3FileStorage({ endpoint, bucket: "hearth-files", ...keys, secretAccessKey: "not-the-key" });
      await expect(wrong.put("t1/x.csv", Readable.from([Buffer.from("x")]), "text/csv")).rejects.toThrow(/answered 403/);
      await expect(storage.put("../x", Readable.from([Buffer.from("x")]), "text/csv")).rejects.toThrow(/Refused storage key/);
    });
  });
});
