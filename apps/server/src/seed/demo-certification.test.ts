/** The demo company holds its closed LOWI survey year's certification and publishes it at /c/demo-company (decision 0038). */
import { certificationBadgeId } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type TestApp, call, createTestApp, signIn } from "../test/harness.js";
import { DEMO_ADMIN_EMAIL, DEMO_PASSWORD, seedDemoData } from "./demo.js";

describe("demo certification", () => {
  let testApp: TestApp;
  beforeAll(async () => {
    testApp = await createTestApp();
    await seedDemoData(testApp.ctx.database.db);
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("is Certified for the closed LOWI survey's year, shown and published at /c/demo-company", async () => {
    const cookie = await signIn(testApp.app, DEMO_ADMIN_EMAIL, DEMO_PASSWORD);
    const year = new Date(Date.now() - 10 * 24 * 3600 * 1000).getUTCFullYear();
    const cards = (await call(testApp.app, "GET", "/api/certifications/cards", { cookie })).json();
    // Held, and held by right: the demo survey meets every rule of decision 0035 (responses, score, closed), so the
    // seed's shortcut through the response rule never issues a badge the rules would refuse.
    expect(cards.cards.find((card: { id: string }) => card.id === certificationBadgeId(year))).toMatchObject({
      status: "Certified",
      eligibility: true,
      hasDownloaded: false,
    });
    const usage = (await call(testApp.app, "GET", "/api/certifications/usage", { cookie })).json();
    expect(usage).toMatchObject({
      licence: 8,
      used: 0,
      remaining: 8,
      shownCertifications: [{ certification: certificationBadgeId(year), year }],
    });
    const page = await call(testApp.app, "GET", "/c/demo-company");
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("<h1>Demo Company</h1>");
    expect(page.body).toContain(`alt="Hearth Certified Workplace ${year}"`);
    expect(page.body).toMatch(/\d\.\d{2} out of 5 \(\d+\.\d%\) in the \d{4} Love of Workplace Index™ survey\./);
  });
});
