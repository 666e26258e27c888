/**
 * A save checks the survey as it stands under its row lock: a publication, an archive or a close by another request in
 * the meantime is never undone by a save that read the survey before it (409 instead). Parallel requests, on PGlite
 * and on PostgreSQL (TEST_DATABASE_URL).
 */
import { createCustomField, defaultEndDate, listPresetFields } from "@hearth/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Session, type TestApp, call, createTestApp, registerCompany } from "../../test/harness.js";
import { SURVEY_CHANGED_WHILE_SAVING } from "./surveys.service.js";
import { completeProfileAndSetPlan } from "./surveys.test-helpers.js";

function draftInput(name: string) {
  const preset = listPresetFields("Custom");
  return {
    surveyPreset: "Custom",
    name,
    description: "A short pulse for the team.",
    metaFields: {},
    fields: [...preset, createCustomField(preset, { question: "What helps you do your best work?", answerType: "Text" })],
    draft: true,
    endDate: defaultEndDate(Date.now(), "America/New_York"),
  };
}

describe("a save never undoes what another request did meanwhile", () => {
  let testApp: TestApp;
  let owner: Session;
  beforeAll(async () => {
    testApp = await createTestApp();
    owner = await registerCompany(testApp.app);
    await completeProfileAndSetPlan(testApp, owner.tenantId, "Gold");
  });
  afterAll(async () => {
    await testApp.close();
  });

  it("a publication and a save as a draft at once: a published survey stays published", async () => {
    for (let round = 0; round < 8; round++) {
      // One input for all three calls: only the publication and the name differ between the two saves.
      const input = draftInput(`Race ${round}`);
      const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: input });
      expect(created.statusCode, created.body).toBe(201);
      const id = created.json().id as string;
      const [publish, keepDraft] = await Promise.all([
        call(testApp.app, "PUT", `/api/surveys/${id}`, { cookie: owner.cookie, body: { ...input, draft: false } }),
        call(testApp.app, "PUT", `/api/surveys/${id}`, { cookie: owner.cookie, body: { ...input, name: `Race ${round}, renamed` } }),
      ]);
      expect(publish.statusCode, publish.body).toBe(200);
      // The draft save either ran first (and the publication after it) or was refused once it saw the publication.
      expect([200, 409]).toContain(keepDraft.statusCode);
      if (keepDraft.statusCode === 409) expect(keepDraft.json().error.message).toBe(SURVEY_CHANGED_WHILE_SAVING);
      const after = (await call(testApp.app, "GET", `/api/surveys/${id}`, { cookie: owner.cookie })).json();
      expect(after.draft, `round ${round}`).toBe(false);
      // Frees the plan's survey slot for the next round.
      expect((await call(testApp.app, "POST", `/api/surveys/${id}/archive`, { cookie: owner.cookie })).statusCode).toBe(200);
    }
  });

  it("an archive and an edit at once: the archived survey is not edited", async () => {
    const input = draftInput("Archive race");
    const created = await call(testApp.app, "POST", "/api/surveys", { cookie: owner.cookie, body: input });
    const id = created.json().id as string;
    const [archived, edited] = await Promise.all([
      call(testApp.app, "POST", `/api/surveys/${id}/archive`, { cookie: owner.cookie }),
      call(testApp.app, "PUT", `/api/surveys/${id}`, { cookie: owner.cookie, body: { ...input, name: "Edited" } }),
    ]);
    expect(archived.statusCode, archived.body).toBe(200);
    expect([200, 409]).toContain(edited.statusCode);
    const after = (await call(testApp.app, "GET", `/api/surveys/${id}`, { cookie: owner.cookie })).json();
    // Edited only if the edit ran wholly before the archive.
    if (edited.statusCode === 409) expect(after.name).toBe("Archive race");
    expect(after.archived).toBe(true);
  });
});
