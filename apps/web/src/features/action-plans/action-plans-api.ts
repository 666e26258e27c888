import type {
  ActionPlanDetail,
  ActionPlanInput,
  ActionPlanList,
  ActionPlanPatch,
  CohortOptionsResponse,
  PlanAction,
  PlanActionInput,
  PlanActionPatch,
  TeamMembersResponse,
} from "@hearth/shared";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api } from "../../lib/api";

export const ACTION_PLANS_KEY = ["action-plans"] as const;
const planKey = (planId: string) => [...ACTION_PLANS_KEY, "plan", planId] as const;

/** GET /api/action-plans: the plans the caller may see; `enabled` is false on a plan without the feature. */
export function useActionPlans(archived: boolean, enabled: boolean) {
  return useQuery({
    queryKey: [...ACTION_PLANS_KEY, "list", archived ? "archived" : "current"],
    queryFn: ({ signal }) => api<ActionPlanList>(`/api/action-plans${archived ? "?archived=true" : ""}`, { signal }),
    enabled,
  });
}

export function useActionPlan(planId: string, enabled: boolean) {
  return useQuery({
    queryKey: planKey(planId),
    queryFn: ({ signal }) => api<ActionPlanDetail>(`/api/action-plans/${encodeURIComponent(planId)}`, { signal }),
    enabled,
  });
}

/** The company's members, for the owner pickers (GET /api/teams/members, open to every role). */
export function usePlanPeople(enabled: boolean) {
  return useQuery({
    queryKey: ["team-members"],
    queryFn: ({ signal }) => api<TeamMembersResponse>("/api/teams/members", { signal }),
    enabled,
  });
}

/** The cohorts a plan can be for: the company's invitees' cohort values (Admins and Managers). */
export function usePlanCohorts(enabled: boolean) {
  return useQuery({
    queryKey: [...ACTION_PLANS_KEY, "cohorts"],
    queryFn: ({ signal }) => api<CohortOptionsResponse>("/api/invitees/cohorts", { signal }),
    enabled,
  });
}

/** After a write the plan's page shows the server's answer, and the lists are read again. */
function usePlanWrite<V>(write: (variables: V) => Promise<ActionPlanDetail>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSuccess: (plan) => queryClient.setQueryData(planKey(plan.id), plan),
    onSettled: () => queryClient.invalidateQueries({ queryKey: [...ACTION_PLANS_KEY, "list"] }),
  });
}

/** After an action's write the plan and the lists are read again. */
function useActionWrite<V extends { planId: string }>(write: (variables: V) => Promise<PlanAction>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: write,
    onSettled: (_data, _error, variables) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: planKey(variables.planId) }),
        queryClient.invalidateQueries({ queryKey: [...ACTION_PLANS_KEY, "list"] }),
      ]),
  });
}

export function useCreatePlan() {
  return usePlanWrite((body: ActionPlanInput) => api<ActionPlanDetail>("/api/action-plans", { body }));
}

export function usePatchPlan(planId: string) {
  return usePlanWrite((body: ActionPlanPatch) => api<ActionPlanDetail>(`/api/action-plans/${planId}`, { method: "PATCH", body }));
}

export function useArchivePlan(planId: string) {
  return usePlanWrite(() => api<ActionPlanDetail>(`/api/action-plans/${planId}`, { method: "DELETE" }));
}

export function useReorderActions(planId: string) {
  return usePlanWrite((actionIds: string[]) =>
    api<ActionPlanDetail>(`/api/action-plans/${planId}/actions/reorder`, { body: { actionIds } }),
  );
}

export function useDeleteAction(planId: string) {
  return usePlanWrite((actionId: string) => api<ActionPlanDetail>(`/api/action-plans/${planId}/actions/${actionId}`, { method: "DELETE" }));
}

export function useAddAction() {
  return useActionWrite(({ planId, body }: { planId: string; body: PlanActionInput }) =>
    api<PlanAction>(`/api/action-plans/${planId}/actions`, { body }),
  );
}

export function usePatchAction() {
  return useActionWrite(({ planId, actionId, body }: { planId: string; actionId: string; body: PlanActionPatch }) =>
    api<PlanAction>(`/api/action-plans/${planId}/actions/${actionId}`, { method: "PATCH", body }),
  );
}

/** Adds a draft check-in survey to the plan's next free slot; answers the plan. */
export function useAddCheckin(planId: string) {
  return usePlanWrite(() => api<ActionPlanDetail>(`/api/action-plans/${planId}/checkins`, { method: "POST" }));
}

/** Publishes the slot's check-in survey (when a draft) and schedules its invitations for the day; answers the plan. */
export function useScheduleCheckin(planId: string) {
  return usePlanWrite(({ slot, sendDay, askComparison }: { slot: number; sendDay: string; askComparison: boolean }) =>
    api<ActionPlanDetail>(`/api/action-plans/${planId}/checkins/${slot}/schedule`, { body: { sendDay, askComparison } }),
  );
}
