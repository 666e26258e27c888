import type { SurveyKind } from "../surveys/survey-paths";

/** Placeholder while the invite screen is being built in this branch of work; replaced before the issue closes. */
export function InvitationsPage({ kind }: { kind: SurveyKind }) {
  return <div data-kind={kind} />;
}
