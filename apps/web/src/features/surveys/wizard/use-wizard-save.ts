import { type Feature, isFeature, isPlan, MESSAGES, type SurveyDetail } from "@hearth/shared";
import { notifications } from "@mantine/notifications";
import { useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api";
import { useSaveSurvey } from "../survey-api";
import type { StepNotice } from "./choose-type-step";
import { toSurveyInput, type WizardDraft } from "./wizard-draft";

export type WizardStage = 1 | 2 | 3;

/** Where the wizard goes after the server refused a save, and what it shows there (spec surveys §8). */
export interface SaveFailure {
  stage: WizardStage | null;
  notice?: StepNotice;
  errors?: Record<string, string>;
  endDateError?: string;
}

export const profileLink = (to = "/dashboard/profile") => ({ to, label: "Complete your company profile" });

function describeFailure(error: unknown): SaveFailure & { upgrade?: { feature: Feature; plan: string } } {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) return { stage: 1 };
  const { code, message, fields } = error;
  if (code === "INCOMPLETE_PROFILE") return { stage: 1, notice: { message, link: profileLink(fields.link) } };
  if (code === "CONFLICTING_SURVEY" || code === "SURVEY_SLOTS_FULL") return { stage: 1, notice: { message } };
  if (code === "PLAN_UPGRADE_REQUIRED" && isFeature(fields.feature)) {
    return { stage: null, upgrade: { feature: fields.feature, plan: isPlan(fields.plan) ? fields.plan : "Gold" } };
  }
  const entries = Object.entries(fields);
  if (entries.length === 1 && fields.endDate) return { stage: 3, endDateError: fields.endDate };
  if (entries.length > 0) return { stage: 2, errors: fields };
  return { stage: null, notice: { message } };
}

/** Saves the draft (draft: true) or publishes it, and turns the server's refusals into wizard state. */
export function useWizardSave(onFailure: (failure: SaveFailure) => void) {
  const save = useSaveSurvey();
  const [params, setParams] = useSearchParams();

  async function run(surveyId: string | null, draft: WizardDraft, publish: { draft: boolean; endDate?: number | null }) {
    try {
      return await save.mutateAsync({ surveyId, input: toSurveyInput(draft, publish) });
    } catch (error) {
      const failure = describeFailure(error);
      if (failure.upgrade) {
        const next = new URLSearchParams(params);
        next.set("upgrade", "true");
        next.set("plan", failure.upgrade.plan);
        next.set("feature", failure.upgrade.feature);
        setParams(next, { replace: true });
      } else if (failure.stage === 1 && !failure.notice) {
        notifications.show({ color: "red", title: "Could not save the survey", message: MESSAGES.genericError });
      } else if (failure.errors) {
        notifications.show({ color: "red", message: error instanceof ApiError ? error.message : MESSAGES.genericError });
      } else if (failure.notice && failure.stage === null) {
        notifications.show({ color: "red", message: failure.notice.message });
      }
      onFailure(failure);
      return null as SurveyDetail | null;
    }
  }

  return { run, isPending: save.isPending };
}
