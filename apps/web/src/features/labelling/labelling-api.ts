import type { CompanyProfile, LabellingConsent, LabellingSkip, LabellingSubmit, LabellingTask, MeResponse } from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";
import { ME_QUERY_KEY } from "../../lib/query-client";
import { COMPANY_PROFILE_KEY } from "../company-profile";

export const LABELLING_TASK_KEY = ["labelling", "next"] as const;

/** The comment to label now and the labeler's points. */
export function useLabellingTask(enabled: boolean) {
  return useQuery({
    queryKey: LABELLING_TASK_KEY,
    queryFn: () => api<LabellingTask>("/api/labelling/next"),
    enabled,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** After a label or a skip: the next comment, and the points on the dashboard card follow at once. */
function useAnswer<V>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => api<LabellingTask>(path, { method: "POST", body }),
    onSuccess: (task) => {
      queryClient.setQueryData(LABELLING_TASK_KEY, task);
      queryClient.setQueryData<MeResponse | null>(ME_QUERY_KEY, (me) =>
        me ? { ...me, user: { ...me.user, labeledPoints: task.labeledPoints } } : me,
      );
    },
  });
}

export const useSubmitLabels = () => useAnswer<LabellingSubmit>("/api/labelling/labels");
export const useSkipComment = () => useAnswer<LabellingSkip>("/api/labelling/skip");

export function useSaveLabellingConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LabellingConsent) => api<CompanyProfile>("/api/company/labelling-consent", { method: "PUT", body }),
    onSuccess: (profile) => queryClient.setQueryData(COMPANY_PROFILE_KEY, profile),
  });
}
