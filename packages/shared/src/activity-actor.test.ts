import { describe, expect, it } from "vitest";
import { activityActorName, FORMER_MEMBER, SYSTEM_ACTOR } from "./activity-actor.js";

const none = { firstName: null, lastName: null, email: null, data: {} };

describe("who an activity log entry names (issue 25 item 5)", () => {
  it("names a user by name, else by email", () => {
    expect(activityActorName({ ...none, userId: "u1", firstName: "Ada", lastName: "Lovelace", email: "ada@x.test" })).toBe("Ada Lovelace");
    expect(activityActorName({ ...none, userId: "u1", firstName: " ", email: "ada@x.test" })).toBe("ada@x.test");
  });

  it("names a removed member by what was recorded when they were removed", () => {
    expect(activityActorName({ ...none, userId: "gone", data: { actorName: "Sam Reed", actorEmail: "sam@x.test" } })).toBe(
      "Sam Reed (sam@x.test, removed)",
    );
    expect(activityActorName({ ...none, userId: "gone", data: { actorEmail: "sam@x.test" } })).toBe("sam@x.test (removed)");
    expect(activityActorName({ ...none, userId: "gone" })).toBe(FORMER_MEMBER);
  });

  it("names a job's entry System, and never says Unknown", () => {
    expect(activityActorName({ ...none, userId: null })).toBe(SYSTEM_ACTOR);
    for (const userId of [null, "u", "gone"]) expect(activityActorName({ ...none, userId })).not.toMatch(/unknown/i);
  });
});
