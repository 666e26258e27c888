import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, type TestApp, createTestApp, registerCompany } from "../../test/harness.js";
import { companyWithOpenSurvey } from "./invitations.test-helpers.js";

describe("email templates", () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyWithOpenSurvey>>;
  beforeAll(async () => {
    testApp = await createTestApp({ runJobWorkers: false });
    company = await companyWithOpenSurvey(testApp);
  });
  afterAll(async () => {
    await testApp.close();
  });
  const api = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, body?: unknown, cookie = company.owner.cookie) =>
    call(testApp.app, method, url, { cookie, body });

  it("lists the preset's default first as Default Initial Email; it can be neither renamed nor deleted", async () => {
    const list = (await api("GET", `/api/email-templates?survey=${company.surveyId}`)).json();
    expect(list.templates[0]).toMatchObject({ id: "initial", name: "initial", label: "Default Initial Email", isDefault: true });
    expect(list.templates[0].content).toContain("{{survey_link}}");
    const rename = await api("PUT", "/api/email-template/rename", { id: "initial", name: "Mine" });
    expect(rename.statusCode).toBe(400);
    expect(rename.json().error.message).toBe("The initial template can be neither renamed nor deleted.");
    expect((await api("DELETE", "/api/email-template/delete", { id: "initial" })).statusCode).toBe(400);
    const named = await api("POST", "/api/email-template/create", { id: crypto.randomUUID(), name: "Initial", content: "<p>x</p>" });
    expect(named.statusCode).toBe(409);
  });

  it("creates, renames, updates and deletes; names at most 30 characters and unique; content sanitized", async () => {
    const id = crypto.randomUUID();
    const created = await api("POST", "/api/email-template/create", {
      id,
      name: "Warm invite",
      content: '<p onclick="x()">Hello</p><script>x()</script>',
      subject: "Hi",
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().template).toMatchObject({ id, name: "Warm invite", content: "<p>Hello</p>", subject: "Hi", isDefault: false });
    // The same create again (a retry) is not a second template.
    expect((await api("POST", "/api/email-template/create", { id, name: "Warm invite", content: "<p>Hello</p>" })).statusCode).toBe(200);
    const tooLong = await api("POST", "/api/email-template/create", { id: crypto.randomUUID(), name: "x".repeat(31), content: "<p>x</p>" });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error.fields.name).toBe("Template name must be at most 30 characters");
    expect(
      (await api("POST", "/api/email-template/create", { id: crypto.randomUUID(), name: "x".repeat(30), content: "<p>x</p>" })).statusCode,
    ).toBe(200);
    const taken = await api("POST", "/api/email-template/create", { id: crypto.randomUUID(), name: "warm INVITE", content: "<p>x</p>" });
    expect(taken.statusCode).toBe(409);
    expect((await api("PUT", "/api/email-template/rename", { id, name: "y".repeat(31) })).statusCode).toBe(400);
    expect((await api("PUT", "/api/email-template/rename", { id, name: "Friendly invite" })).json().template.name).toBe("Friendly invite");
    expect(
      (await api("PUT", "/api/email-template/update", { id, content: '<p>New <a href="javascript:x">words</a></p>' })).json().template
        .content,
    ).toBe("<p>New <a>words</a></p>");
    // A placeholder other than {{survey_link}} is typed text, never a link address (issue 11 item 6).
    expect(
      (
        await api("PUT", "/api/email-template/update", {
          id,
          content: '<p><a href="{{company_name}}">Us</a> <a href="&#106;avascript:x">J</a> <a href="{{survey_link}}">Go</a></p>',
        })
      ).json().template.content,
    ).toBe('<p><a>Us</a> <a>J</a> <a href="{{survey_link}}" target="_blank" rel="noopener noreferrer">Go</a></p>');
    expect((await api("PUT", "/api/email-template/rename", { id: "nope", name: "A" })).statusCode).toBe(404);
    const other = await registerCompany(testApp.app, { companyName: "Other" });
    expect((await api("PUT", "/api/email-template/rename", { id, name: "Stolen" }, other.cookie)).statusCode).toBe(404);
    expect((await api("DELETE", "/api/email-template/delete", { id }, other.cookie)).statusCode).toBe(404);
    expect((await api("DELETE", "/api/email-template/delete", { id })).json()).toEqual({ ok: true });
    const names = (await api("GET", `/api/email-templates?survey=${company.surveyId}`))
      .json()
      .templates.map((row: { name: string }) => row.name);
    expect(names).toEqual(["initial", "x".repeat(30)]);
  });
});
