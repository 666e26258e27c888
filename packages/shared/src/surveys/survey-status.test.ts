import { describe, expect, it } from "vitest";
import { SURVEY_MESSAGES } from "./survey-messages.js";
import { describeSurveyStatus, isSurveyOpen, listSurveyActions } from "./survey-status.js";

const now = Date.UTC(2025, 5, 1, 12);

describe("survey display status", () => {
  it("is Archived before anything else", () => {
    expect(describeSurveyStatus({ archived: true, draft: true, endDate: now - 1 }, now)).toBe("Archived");
    expect(describeSurveyStatus({ archived: true, draft: false, endDate: null }, now)).toBe("Archived");
  });

  it("is Draft when not archived and still a draft, even past its end date", () => {
    expect(describeSurveyStatus({ archived: false, draft: true, endDate: now - 1 }, now)).toBe("Draft");
    expect(describeSurveyStatus({ draft: true }, now)).toBe("Draft");
  });

  it("is Closed only once now is past the end date", () => {
    expect(describeSurveyStatus({ archived: false, draft: false, endDate: now - 1 }, now)).toBe("Closed");
    expect(describeSurveyStatus({ archived: false, draft: false, endDate: now }, now)).toBe("Active");
    expect(describeSurveyStatus({ archived: false, draft: false, endDate: now + 1 }, now)).toBe("Active");
  });

  it("is Active without an end date", () => {
    expect(describeSurveyStatus({ archived: false, draft: false, endDate: null }, now)).toBe("Active");
    expect(describeSurveyStatus({}, now)).toBe("Active");
  });

  it("counts only Active surveys as open", () => {
    expect(isSurveyOpen({ endDate: now + 1 }, now)).toBe(true);
    expect(isSurveyOpen({ endDate: now - 1 }, now)).toBe(false);
    expect(isSurveyOpen({ draft: true }, now)).toBe(false);
    expect(isSurveyOpen({ archived: true }, now)).toBe(false);
  });
});

describe("survey table actions", () => {
  const all = { canView: true, canEdit: true };
  const names = (status: Parameters<typeof listSurveyActions>[0], rights = all) => listSurveyActions(status, rights).map((a) => a.action);

  it("offers the spec's actions per status", () => {
    expect(names("Closed")).toEqual(["View Report", "Export", "Archive"]);
    expect(names("Draft")).toEqual(["Edit", "Archive"]);
    expect(names("Active")).toEqual(["Send Invitation", "Edit Expiration", "Close Survey", "Archive"]);
    expect(names("Archived")).toEqual(["Restore"]);
  });

  it("lets internal accounts edit the expiration of closed surveys", () => {
    expect(names("Closed", { ...all, isInternalAccount: true } as never)).toEqual(["View Report", "Export", "Edit Expiration", "Archive"]);
  });

  it("marks actions the user may not take with Not Authorized", () => {
    const viewer = listSurveyActions("Closed", { canView: true, canEdit: false });
    expect(viewer).toEqual([
      { action: "View Report", authorized: true, tooltip: null },
      { action: "Export", authorized: true, tooltip: null },
      { action: "Archive", authorized: false, tooltip: "Not Authorized" },
    ]);
    const nobody = listSurveyActions("Active", { canView: false, canEdit: false });
    expect(nobody.every((action) => !action.authorized && action.tooltip === SURVEY_MESSAGES.notAuthorized)).toBe(true);
    const noExport = listSurveyActions("Closed", { canView: true, canEdit: true, canExport: false });
    expect(noExport.find((action) => action.action === "Export")?.authorized).toBe(false);
  });
});
