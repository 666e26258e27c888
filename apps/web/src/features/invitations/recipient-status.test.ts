import { describe, expect, it } from "vitest";
import { duplicateReasonLabel, exclusionsFromDedupe, listExcluded, presentCohortKeys } from "./recipient-status";

const invitee = (email: string, replied: boolean, sendStatus = "Sent") => ({ email, firstName: null, lastName: null, replied, sendStatus });

describe("exclusionsFromDedupe", () => {
  it("names people already invited, already responded or unsubscribed", () => {
    const found = exclusionsFromDedupe(
      [invitee("A@x.co", false), invitee("b@x.co", true), invitee("c@x.co", false, "Unsubscribed")],
      false,
    );
    expect([...found]).toEqual([
      ["a@x.co", "Already invited"],
      ["b@x.co", "Already responded"],
      ["c@x.co", "Unsubscribed"],
    ]);
  });

  it("in reminder mode everyone listed has replied", () => {
    expect(exclusionsFromDedupe([invitee("a@x.co", false)], true).get("a@x.co")).toBe("Already responded");
  });
});

describe("recipient table helpers", () => {
  it("lists the cohort columns present, in product order", () => {
    const keys = presentCohortKeys([
      { email: "a@x.co", meta: { team: "Blue" } },
      { email: "b@x.co", meta: { department: "Ops", team: "Red" } },
    ]);
    expect(keys).toEqual(["department", "team"]);
  });

  it("lists excluded recipients in list order", () => {
    const exclusions = new Map([
      ["b@x.co", "Already invited"],
      ["z@x.co", "Already invited"],
    ]);
    expect(listExcluded([{ email: "a@x.co" }, { email: "b@x.co" }], exclusions)).toEqual([{ email: "b@x.co", reason: "Already invited" }]);
    expect(duplicateReasonLabel("listed-twice")).toBe("Listed twice");
  });
});
