/**
 * Issue 25 item 5: the invitation and reminder emails, as the server stores them in the development outbox (no SMTP),
 * carry an HTML and a text part, the company's logo (an absolute URL of the survey's public logo endpoint, never the
 * bytes or an SVG), the duration computed from the survey's questions, and company-controlled text escaped.
 */
import { estimateSurveyDuration, listPresetFields } from "@hearth/shared";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { survey } from "../../db/schema.js";
import { imageSize } from "../../lib/image-size.js";
import { updateTenant } from "../company/company.repo.js";
import { addMember, call, registerCompany, type TestApp, createTestApp } from "../../test/harness.js";
import { latestEmailTo } from "../../test/outbox.js";
import { companyWithOpenSurvey, invitationBody } from "./invitations.test-helpers.js";

const PNG = Buffer.from(
  "89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8ffff3f0005fe02fea7d6a4c50000000049454e44ae426082",
  "hex",
);
const HOSTILE_NAME = 'Acme <script>alert("x")</script> & <img src=x onerror=alert(1)>';

const waitFor = async <T>(read: () => Promise<T>, timeoutMs = 20_000): Promise<T> => {
  const started = Date.now();
  for (;;) {
    try {
      return await read();
    } catch (error) {
      if (Date.now() - started > timeoutMs) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
};

describe("the invitation email's brand, duration and escaping", () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyWithOpenSurvey>>;
  const duration = estimateSurveyDuration(listPresetFields("PulseValidation")).label;
  const db = () => testApp.ctx.database.db;

  beforeAll(async () => {
    testApp = await createTestApp({ runJobWorkers: true });
    company = await companyWithOpenSurvey(testApp);
    // Both places a company writes its name: its profile (the footer, the logo's alt text) and the survey's meta field.
    await updateTenant(db(), company.owner.tenantId, { companyName: HOSTILE_NAME });
    await db()
      .update(survey)
      .set({ metaFields: { company_name: HOSTILE_NAME } })
      .where(eq(survey.id, company.surveyId));
    const logo = await call(testApp.app, "PUT", "/api/company/logo", {
      cookie: company.owner.cookie,
      body: { file: `data:image/png;base64,${PNG.toString("base64")}` },
    });
    expect(logo.statusCode).toBe(200);
    const accent = await call(testApp.app, "PUT", "/api/company/accent-color", {
      cookie: company.owner.cookie,
      body: { accentColor: "#0F766E" },
    });
    expect(accent.statusCode).toBe(200);
    expect(accent.json().accentColor).toBe("#0f766e");
  });
  afterAll(() => testApp.close());

  it("sends an HTML and a text part with the logo, the computed duration and the company's name escaped", async () => {
    const content =
      '<p>Hi {{first_name}},</p><p>{{company_name}} asks for your view. It takes about {{survey_duration}}.</p><p><a href="{{survey_link}}">Take Survey</a></p>';
    const response = await call(testApp.app, "POST", "/api/invite", {
      cookie: company.owner.cookie,
      body: { invitation: invitationBody(company.surveyId, { content }), recipients: [{ email: "ana@example.com", firstName: "Ana" }] },
    });
    expect(response.statusCode).toBe(200);
    const mail = await waitFor(() => latestEmailTo(db(), "ana@example.com"));

    // Two parts.
    expect(mail.html).toMatch(/^<!doctype html>/);
    expect(mail.text.length).toBeGreaterThan(50);
    expect(mail.text).not.toMatch(/<(p|a|br|div|table)\b/i);

    // The logo: an absolute URL of the survey's public endpoint, versioned; no inlined image data.
    const logoUrl = /<img src="([^"]+)"/.exec(mail.html)?.[1]?.replaceAll("&amp;", "&");
    expect(logoUrl).toMatch(new RegExp(`^http://hearth\\.test/api/public/surveys/${company.surveyId}/logo\\?v=\\d+$`));
    expect(mail.html).not.toContain("data:image");
    expect(mail.html).not.toContain("<svg");
    const served = await testApp.app.inject({
      method: "GET",
      url: new URL(logoUrl as string).pathname + new URL(logoUrl as string).search,
    });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    expect(served.rawPayload.equals(PNG)).toBe(true);
    // The same logo address for everyone: opening the email tells nobody who opened it.
    expect(logoUrl).not.toContain("?r=");
    expect(logoUrl).not.toContain("ana");

    // The duration computed from the survey's 65 questions, in both parts; never the old fixed promise.
    expect(duration).toBe("6–10 minutes");
    expect(mail.text).toContain(`It takes about ${duration}.`);
    expect(mail.html).toContain(`It takes about ${duration}.`);
    expect(mail.html).not.toMatch(/3-5 minutes/);

    // The accent colour on the button.
    expect(mail.html).toMatch(/class="email-button"[^>]*background:#0f766e/);

    // The hostile company name is text, never markup: in the body, the logo's alt text and the footer.
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).not.toContain("<img src=x");
    expect(mail.html).toContain("Acme &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;img src=x onerror=alert(1)&gt;");
    expect(mail.html).toContain('alt="Acme &lt;script&gt;');
    expect(mail.html).toContain("<p>Acme &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    // The text part is not HTML: the name stays as written.
    expect(mail.text).toContain(`${HOSTILE_NAME} asks for your view.`);
  });

  it("puts the same duration and logo in a reminder", async () => {
    await call(testApp.app, "POST", "/api/invite", {
      cookie: company.owner.cookie,
      body: { invitation: invitationBody(company.surveyId), recipients: [{ email: "ben@example.com" }] },
    });
    await waitFor(() => latestEmailTo(db(), "ben@example.com"));
    const reminder = await call(testApp.app, "POST", "/api/invite", {
      cookie: company.owner.cookie,
      body: {
        invitation: invitationBody(company.surveyId, {
          subject: "Reminder: {{company_name}} would like to hear from you",
          sendReminder: true,
          content: '<p>A reminder: it takes about {{survey_duration}}.</p><p><a href="{{survey_link}}">Take Survey</a></p>',
        }),
        recipients: [{ email: "ben@example.com" }],
      },
    });
    expect(reminder.statusCode).toBe(200);
    const mail = await waitFor(async () => {
      const found = await latestEmailTo(db(), "ben@example.com");
      if (!found.subject.startsWith("Reminder:")) throw new Error("not yet");
      return found;
    });
    expect(mail.text).toContain(`it takes about ${duration}.`);
    expect(mail.html).toContain(`/api/public/surveys/${company.surveyId}/logo?v=`);
    // The subject is a header, not HTML: the name stays as written there, and escaped in the page's title.
    expect(mail.subject).toContain(HOSTILE_NAME);
    expect(mail.html).not.toContain(`<title>Reminder: ${HOSTILE_NAME}`);
  });
});

describe("the accent colour and the public logo endpoint", () => {
  let testApp: TestApp;
  let company: Awaited<ReturnType<typeof companyWithOpenSurvey>>;
  beforeAll(async () => {
    testApp = await createTestApp();
    company = await companyWithOpenSurvey(testApp);
  });
  afterAll(() => testApp.close());

  it("refuses a colour that is not #rrggbb, and changes nothing", async () => {
    for (const accentColor of ["red", "#fff", "#12345g", "", 42, "url(javascript:alert(1))"]) {
      const response = await call(testApp.app, "PUT", "/api/company/accent-color", { cookie: company.owner.cookie, body: { accentColor } });
      expect(response.statusCode, String(accentColor)).toBe(400);
    }
    expect((await call(testApp.app, "GET", "/api/company/profile", { cookie: company.owner.cookie })).json().accentColor).toBeNull();
  });

  it("lets only those who edit the company profile set it; signed out is refused", async () => {
    const staff = await addMember(testApp, company.owner.tenantId, "Staff");
    const refused = await call(testApp.app, "PUT", "/api/company/accent-color", { cookie: staff.cookie, body: { accentColor: "#123456" } });
    expect(refused.statusCode).toBe(403);
    const anonymous = await call(testApp.app, "PUT", "/api/company/accent-color", { body: { accentColor: "#123456" } });
    expect(anonymous.statusCode).toBe(401);
  });

  it("sets one company's colour only, goes back to Hearth's with null, and shows it readable on the survey page", async () => {
    const other = await registerCompany(testApp.app, { companyName: "Other Co" });
    const set = await call(testApp.app, "PUT", "/api/company/accent-color", {
      cookie: company.owner.cookie,
      body: { accentColor: "#fde047" },
    });
    expect(set.json().accentColor).toBe("#fde047");
    expect((await call(testApp.app, "GET", "/api/company/profile", { cookie: other.cookie })).json().accentColor).toBeNull();
    // A yellow behind white text would not read: the survey page gets it darkened.
    const page = (await call(testApp.app, "GET", `/api/public/surveys/${company.surveyId}`)).json();
    expect(page.company.accentColor).toMatch(/^#[0-9a-f]{6}$/);
    expect(page.company.accentColor).not.toBe("#fde047");
    expect(page.duration).toMatchObject({ label: "6–10 minutes" });
    const cleared = await call(testApp.app, "PUT", "/api/company/accent-color", {
      cookie: company.owner.cookie,
      body: { accentColor: null },
    });
    expect(cleared.json().accentColor).toBeNull();
  });

  it("serves a survey's logo only when its company has one, and only that company's", async () => {
    const other = await companyWithOpenSurvey(testApp, "Second Company");
    expect((await call(testApp.app, "GET", `/api/public/surveys/${company.surveyId}/logo`)).statusCode).toBe(404);
    expect((await call(testApp.app, "GET", `/api/public/surveys/${company.surveyId}`)).json().company.logoUrl).toBeNull();
    await call(testApp.app, "PUT", "/api/company/logo", {
      cookie: other.owner.cookie,
      body: { file: `data:image/png;base64,${PNG.toString("base64")}` },
    });
    // The other company's logo does not show on this company's survey.
    expect((await call(testApp.app, "GET", `/api/public/surveys/${company.surveyId}/logo`)).statusCode).toBe(404);
    const theirs = (await call(testApp.app, "GET", `/api/public/surveys/${other.surveyId}`)).json();
    expect(theirs.company).toMatchObject({ name: "Acme Testing", logoUrl: expect.stringMatching(/\/logo\?v=\d+$/) });
    expect((await call(testApp.app, "GET", `/api/public/surveys/${other.surveyId}/logo`)).statusCode).toBe(200);
    // Bad and unknown ids.
    expect((await call(testApp.app, "GET", "/api/public/surveys/x/logo")).statusCode).toBe(400);
    expect((await call(testApp.app, "GET", "/api/public/surveys/doesNotExist12345/logo")).statusCode).toBe(404);
  });

  it("serves a large logo as a small PNG rendition, so a 2 MB upload is not what a phone downloads", async () => {
    const { Resvg } = await import("@resvg/resvg-js");
    // A 1600 × 400 JPEG-sized problem in PNG form: wide, tall, with detail that does not compress away.
    const stripes = Array.from(
      { length: 80 },
      (_, i) =>
        `<rect x="${i * 20}" y="0" width="10" height="400" fill="#${((i * 2654435761) >>> 8).toString(16).slice(0, 6).padStart(6, "0")}"/>`,
    ).join("");
    const big = Buffer.from(
      new Resvg(`<svg xmlns="http://www.w3.org/2000/svg" width="1600" height="400">${stripes}</svg>`).render().asPng(),
    );
    const upload = await call(testApp.app, "PUT", "/api/company/logo", {
      cookie: company.owner.cookie,
      body: { file: `data:image/png;base64,${big.toString("base64")}` },
    });
    expect(upload.statusCode).toBe(200);
    // The survey page's facts are cached a few seconds (respondent-survey-cache.ts): the logo shows once they renew.
    const logoUrl = await waitFor(async () => {
      const found = (await call(testApp.app, "GET", `/api/public/surveys/${company.surveyId}`)).json().company.logoUrl;
      if (!found) throw new Error("no logo yet");
      return found as string;
    });
    const served = await testApp.app.inject({ method: "GET", url: logoUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(imageSize(served.rawPayload)).toEqual({ width: 384, height: 96 });
    expect(served.rawPayload.length).toBeLessThan(big.length);
  });
});
