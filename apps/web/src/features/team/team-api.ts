import {
  type AssignedCohortsResponse,
  type CohortOption,
  type InvitationAcceptInput,
  type InvitationPreview,
  type MemberInvitation,
  type MemberInvitationInput,
  type MemberInvitationList,
  type Role,
  type SurveyCohortOptionsResponse,
  TEAM_MESSAGES,
  type TeamMembersResponse,
} from "@hearth/shared";
import { notifications } from "@mantine/notifications";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api } from "../../lib/api";

export const teamKeys = {
  members: ["team-members"] as const,
  invitations: ["team-invitations"] as const,
  invitation: (token: string) => ["team-invitation", token] as const,
  surveyCohorts: (surveyId: string) => ["team-survey-cohorts", surveyId] as const,
  assigned: (surveyId: string, member: string) => ["assigned-cohorts", surveyId, member] as const,
};

export function useTeamMembers() {
  return useQuery({
    queryKey: teamKeys.members,
    queryFn: ({ signal }) => api<TeamMembersResponse>("/api/teams/members", { signal }),
  });
}

/** Spec surveys §8: a failed cohort fetch or save reads "HTTP error! status …". */
function asHttpError(error: unknown): never {
  if (error instanceof ApiError) throw new ApiError(error.status, error.code, `HTTP error! status: ${error.status}`, error.fields);
  throw error;
}

export function useSurveyCohorts(surveyId: string | null) {
  return useQuery({
    queryKey: teamKeys.surveyCohorts(surveyId ?? ""),
    queryFn: ({ signal }) =>
      api<SurveyCohortOptionsResponse>(`/api/teams/surveys/${encodeURIComponent(surveyId ?? "")}/cohorts`, { signal }).catch(asHttpError),
    enabled: Boolean(surveyId),
    staleTime: 60_000,
  });
}

export interface MemberRef {
  userId: string | null;
  email: string;
}

export function useAssignedCohorts(surveyId: string, member: MemberRef, enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.assigned(surveyId, member.userId ?? member.email),
    queryFn: ({ signal }) =>
      api<AssignedCohortsResponse>("/api/teams/members/getAssignedCohorts", {
        method: "POST",
        body: member.userId ? { userId: member.userId, surveyId } : { surveyId, email: member.email },
        signal,
      }).catch(asHttpError),
    enabled: enabled && Boolean(surveyId),
  });
}

/** postAssignedCohorts, or postAssignedCohortsPreRegistration for someone without an account yet (spec §7). */
export async function saveAssignedCohorts(surveyId: string, member: MemberRef, cohorts: CohortOption[]): Promise<AssignedCohortsResponse> {
  const path = member.userId ? "/api/teams/members/postAssignedCohorts" : "/api/teams/members/postAssignedCohortsPreRegistration";
  return api<AssignedCohortsResponse>(path, {
    method: "POST",
    body: { userId: member.userId, surveyId, assignedCohorts: cohorts, email: member.email },
  }).catch(asHttpError);
}

/** GET /api/team/invitations: open invitations and the admin and staff licences (team-manage). */
export function useMemberInvitations(enabled: boolean) {
  return useQuery({
    queryKey: teamKeys.invitations,
    queryFn: ({ signal }) => api<MemberInvitationList>("/api/team/invitations", { signal }),
    enabled,
  });
}

/**
 * A team change: refreshes the members and invitations, and says it worked. The notice is shown here, not by the
 * caller: a removed member's row (and the button that removed it) is gone before a caller's callback would run.
 */
function useTeamMutation<T, R>(run: (input: T) => Promise<R>, success: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      notifications.show({ color: "teal", message: success, autoClose: 3_000 });
      await Promise.all([
        client.invalidateQueries({ queryKey: teamKeys.members }),
        client.invalidateQueries({ queryKey: teamKeys.invitations }),
      ]);
    },
  });
}

export const useInviteMember = () =>
  useTeamMutation((input: MemberInvitationInput) => api<MemberInvitation>("/api/team/invitations", { body: input }), TEAM_MESSAGES.invited);

export const useResendInvitation = () =>
  useTeamMutation(
    (id: string) => api<MemberInvitation>(`/api/team/invitations/${encodeURIComponent(id)}/resend`, { method: "POST" }),
    TEAM_MESSAGES.resent,
  );

export const useRevokeInvitation = () =>
  useTeamMutation(
    (id: string) => api<{ ok: true }>(`/api/team/invitations/${encodeURIComponent(id)}`, { method: "DELETE" }),
    TEAM_MESSAGES.revoked,
  );

export const useChangeMemberRole = () =>
  useTeamMutation(
    ({ userId, role }: { userId: string; role: Role }) =>
      api<{ ok: true }>(`/api/team/members/${encodeURIComponent(userId)}/role`, { method: "PUT", body: { role } }),
    TEAM_MESSAGES.roleChanged,
  );

export const useRemoveMember = () =>
  useTeamMutation(
    (userId: string) => api<{ ok: true }>(`/api/team/members/${encodeURIComponent(userId)}`, { method: "DELETE" }),
    TEAM_MESSAGES.removed,
  );

/** GET /api/team/invitation-links/:token (public): what the acceptance page shows. */
export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: teamKeys.invitation(token),
    queryFn: ({ signal }) => api<InvitationPreview>(`/api/team/invitation-links/${encodeURIComponent(token)}`, { signal }),
    retry: false,
  });
}

/** POST /api/team/invitations/accept (public). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (input: InvitationAcceptInput) => api<{ email: string }>("/api/team/invitations/accept", { body: input }),
  });
}
