/** Loading everyone in a cohort from POST /api/get-invitees-by-cohort (spec accounts §7): page 1, then the rest at once. */
import { cleanRecipient, fetchPageErrorMessage, type InviteesByCohortResponse, isValidEmail, type Recipient } from "@hearth/shared";

export type CohortPageFetcher = (page: number) => Promise<InviteesByCohortResponse>;

/** Page 1 first (it tells how many pages there are), then pages 2..maxPages in parallel; a failing page names itself. */
export async function fetchAllCohortPages(fetchPage: CohortPageFetcher): Promise<InviteesByCohortResponse> {
  const load = async (page: number) => {
    try {
      return await fetchPage(page);
    } catch {
      throw new Error(fetchPageErrorMessage(page));
    }
  };
  const first = await load(1);
  const rest = await Promise.all(Array.from({ length: Math.max(0, first.maxPages - 1) }, (_, index) => load(index + 2)));
  return { ...first, invitees: [first, ...rest].flatMap((page) => page.invitees) };
}

/** Earlier invitees as recipients that take their cohort fields (and missing names) from their earlier invitations. */
export function previousMembersAsRecipients(invitees: InviteesByCohortResponse["invitees"]): Recipient[] {
  return invitees
    .map((invitee) => ({ ...cleanRecipient({ ...invitee, meta: invitee.meta }), usePreviousMeta: true }))
    .filter((recipient) => isValidEmail(recipient.email));
}
