/** Placeholder while the sent-invitee table is being built in this branch of work; replaced before the issue closes. */
export function SentInviteesTable({ surveyId, isLOWI }: { surveyId: string; isLOWI: boolean }) {
  return <div data-survey={surveyId} data-lowi={isLOWI} />;
}
