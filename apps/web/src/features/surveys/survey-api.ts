import type { SetEndDateInput, SetEndDateResponse, SurveyCreateInput, SurveyDetail, SurveySummary } from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const SURVEYS_KEY = ["surveys"] as const;
export const surveyKey = (id: string) => ["surveys", id] as const;

export function useSurveys() {
  return useQuery({ queryKey: SURVEYS_KEY, queryFn: () => api<SurveySummary[]>("/api/surveys") });
}

export function useSurvey(id: string | undefined) {
  return useQuery({
    queryKey: surveyKey(id ?? ""),
    queryFn: () => api<SurveyDetail>(`/api/surveys/${encodeURIComponent(id ?? "")}`),
    enabled: Boolean(id),
  });
}

/** Whether the company already has an open survey of this type (POST /api/surveys/hasOpen). */
export function fetchHasOpenSurvey(surveyPreset: string): Promise<boolean> {
  return api<boolean>("/api/surveys/hasOpen", { body: { surveyPreset } });
}

export interface SaveSurveyVariables {
  surveyId: string | null;
  input: SurveyCreateInput;
}

/** POST a new survey or PUT an existing one; the lists and the survey's own query are refreshed after. */
export function useSaveSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ surveyId, input }: SaveSurveyVariables) =>
      surveyId
        ? api<SurveyDetail>(`/api/surveys/${encodeURIComponent(surveyId)}`, { method: "PUT", body: input })
        : api<SurveyDetail>("/api/surveys", { method: "POST", body: input }),
    onSuccess: (survey) => {
      queryClient.setQueryData(surveyKey(survey.id), survey);
      void queryClient.invalidateQueries({ queryKey: SURVEYS_KEY });
    },
  });
}

export function useSetArchived() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ surveyId, archived }: { surveyId: string; archived: boolean }) =>
      api<SurveySummary>(`/api/surveys/${encodeURIComponent(surveyId)}/${archived ? "archive" : "restore"}`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SURVEYS_KEY }),
  });
}

/** Close Survey: ends an active survey now (POST /api/surveys/:id/close, docs/decisions/0035). */
export function useCloseSurvey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (surveyId: string) => api<SurveySummary>(`/api/surveys/${encodeURIComponent(surveyId)}/close`, { method: "POST" }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SURVEYS_KEY }),
  });
}

export function useSetEndDate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SetEndDateInput) => api<SetEndDateResponse>("/api/set-survey-end-date", { body: input }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SURVEYS_KEY }),
  });
}
