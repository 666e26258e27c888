import { describe, expect, it } from "vitest";
import { defaultTeamCohortKey, type TeamCohortCandidate } from "./team-cohort.js";

const cohort = (key: string, label: string, visible = true): TeamCohortCandidate => ({
  key,
  label,
  values: [{ visible }, { visible: false }],
});
const age = cohort("lowi_demo_age", "What is your age?");
const gender = cohort("lowi_demo_gender", "How do you describe your gender?");
const area = cohort("lowi_demo_job_function", "Which area do you mainly work in?");

describe("the team report's default cohort (issue 25 item 3)", () => {
  it("never opens on age when the company has a team structure", () => {
    expect(defaultTeamCohortKey([age, gender, area])).toBe("lowi_demo_job_function");
    expect(defaultTeamCohortKey([age, area, cohort("cohort.location", "Location"), cohort("cohort.department", "Department")])).toBe(
      "cohort.department",
    );
  });

  it("prefers the company's own team, then department, then division, then a team question, then the LOWI area", () => {
    const question = cohort("q_team", "Which team are you on?");
    const all = [
      age,
      area,
      question,
      cohort("cohort.division", "Division"),
      cohort("cohort.department", "Department"),
      cohort("cohort.team", "Team"),
    ];
    expect(defaultTeamCohortKey(all)).toBe("cohort.team");
    expect(defaultTeamCohortKey(all.slice(0, 5))).toBe("cohort.department");
    expect(defaultTeamCohortKey(all.slice(0, 4))).toBe("cohort.division");
    expect(defaultTeamCohortKey(all.slice(0, 3))).toBe("q_team");
  });

  it("skips a team cohort whose every group is hidden when another one shows", () => {
    expect(defaultTeamCohortKey([age, cohort("cohort.department", "Department", false), area])).toBe("lowi_demo_job_function");
    expect(defaultTeamCohortKey([age, cohort("cohort.department", "Department", false)])).toBe("cohort.department");
  });

  it("falls back to the first cohort, or none", () => {
    expect(defaultTeamCohortKey([age, gender])).toBe("lowi_demo_age");
    expect(defaultTeamCohortKey([])).toBeNull();
  });
});
