/** The invite screen's calls (contracts in @hearth/shared contracts/invitations). */
import type {
  CohortOptionsResponse,
  DedupeResponse,
  EmailTemplate,
  InviteesByCohortResponse,
  InviteRequest,
  InviteResponse,
  SendingAllowanceResponse,
} from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const EMAIL_TEMPLATES_KEY = ["email-templates"] as const;
export const emailTemplatesKey = (surveyId: string) => [...EMAIL_TEMPLATES_KEY, surveyId] as const;
export const COHORT_OPTIONS_KEY = ["invitee-cohorts"] as const;

/** GET /api/email-templates?survey=…: the preset's default ("Default Initial Email") first, then the company's own. */
export function useEmailTemplates(surveyId: string) {
  return useQuery({
    queryKey: emailTemplatesKey(surveyId),
    queryFn: () => api<{ templates: EmailTemplate[] }>(`/api/email-templates?survey=${encodeURIComponent(surveyId)}`),
    select: (data) => data.templates,
  });
}

function useTemplateMutation<V>(request: (variables: V) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSettled: () => queryClient.invalidateQueries({ queryKey: EMAIL_TEMPLATES_KEY }),
  });
}

export const useCreateTemplate = () =>
  useTemplateMutation((body: { id: string; name: string; content: string; subject?: string }) =>
    api("/api/email-template/create", { method: "POST", body }),
  );
export const useUpdateTemplate = () =>
  useTemplateMutation((body: { id: string; content: string; subject?: string }) =>
    api("/api/email-template/update", { method: "PUT", body }),
  );
export const useRenameTemplate = () =>
  useTemplateMutation((body: { id: string; name: string }) => api("/api/email-template/rename", { method: "PUT", body }));
export const useDeleteTemplate = () =>
  useTemplateMutation((body: { id: string }) => api("/api/email-template/delete", { method: "DELETE", body }));

/** GET /api/invitees/cohorts: the cohort keys and values of everyone the company invited before. */
export function useCohortOptions(enabled: boolean) {
  return useQuery({
    queryKey: COHORT_OPTIONS_KEY,
    queryFn: () => api<CohortOptionsResponse>("/api/invitees/cohorts"),
    select: (data) => data.cohorts,
    enabled,
  });
}

/** The cohort fields of the company's imported people (decision 0045). */
export function useImportedCohortOptions(enabled: boolean) {
  return useQuery({
    queryKey: ["imported-people", "cohorts"],
    queryFn: () => api<CohortOptionsResponse>("/api/data/people/cohorts"),
    select: (data) => data.cohorts,
    enabled,
  });
}

/** Imported people (everyone or one cohort) as recipients with the cohort fields the import gives them. */
export function fetchImportedPeople(page: number, cohortFilter?: { key: string; value: string }) {
  return api<InviteesByCohortResponse>("/api/data/people", { body: cohortFilter ? { page, cohortFilter } : { page } });
}

export function fetchInviteesByCohort(page: number, cohortFilter?: { key: string; value: string }) {
  return api<InviteesByCohortResponse>("/api/get-invitees-by-cohort", { body: cohortFilter ? { page, cohortFilter } : { page } });
}

/** POST /api/surveys/dedupe: the listed people already invited (reminder mode: who already replied). */
export function fetchDuplicates(survey: string, emails: string[], reminder: boolean, signal?: AbortSignal) {
  return api<DedupeResponse>("/api/surveys/dedupe", { body: reminder ? { survey, emails, reminder } : { survey, emails }, signal });
}

export function postInviteBatch(body: InviteRequest) {
  return api<InviteResponse>("/api/invite", { body });
}

export const SENDING_ALLOWANCE_KEY = ["sending-allowance"] as const;

/** GET /api/sending-allowance: whether the caller may send, and the company's emails left today (decision 0056). */
export function useSendingAllowance() {
  return useQuery({
    queryKey: SENDING_ALLOWANCE_KEY,
    queryFn: () => api<SendingAllowanceResponse>("/api/sending-allowance"),
  });
}
