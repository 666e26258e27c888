import {
  buildUpgradeQuery,
  checkSurveyCreation,
  describePresetCardState,
  isLimitedToOneOpenSurvey,
  isSurveyPresetId,
  MESSAGES,
  type MeResponse,
  type SurveyDetail,
  type SurveyPresetId,
} from "@hearth/shared";
import { notifications } from "@mantine/notifications";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { api } from "../../../lib/api";
import { ME_QUERY_KEY } from "../../../lib/query-client";
import { fetchMe } from "../../auth";
import { fetchHasOpenSurvey } from "../survey-api";
import { meHasFeature } from "../survey-access";
import { surveyPath } from "../survey-paths";
import type { StepNotice } from "./choose-type-step";
import { profileLink } from "./use-wizard-save";

/** A link to the survey of this type that is already open (POST /api/surveys/getOpen), when there is one. */
async function openSurveyLink(surveyPreset: string): Promise<StepNotice["link"]> {
  const open = await api<SurveyDetail | null>("/api/surveys/getOpen", { body: { surveyPreset } }).catch(() => null);
  return open ? { to: surveyPath(open), label: `View the open survey: ${open.name}` } : undefined;
}

interface ChoosePresetOptions {
  me: MeResponse;
  openUpgrade: (query: Record<string, string>) => void;
  /** The type may be started: go on to step 2 (companyName fills the company_name meta field). */
  onChosen: (presetId: SurveyPresetId, companyName: string | null) => void;
}

/**
 * Step 1's Continue: the card's state, then the checks the spec runs before step 2 — a fresh look at the profile,
 * POST /api/surveys/hasOpen for types limited to one open survey — through checkSurveyCreation.
 */
export function useChoosePreset({ me, openUpgrade, onChosen }: ChoosePresetOptions) {
  const queryClient = useQueryClient();
  const [checkingId, setCheckingId] = useState<string | null>(null);
  const [notice, setNotice] = useState<StepNotice | null>(null);
  const hasAllSurveys = meHasFeature(me, "AllSurveys");

  async function choose(presetId: string) {
    if (!isSurveyPresetId(presetId)) return;
    const cardState = describePresetCardState(presetId, { plan: me.tenant.effectivePlan, hasAllSurveys });
    // A locked type (on Free as on a paid plan without it) opens the upgrade dialog: what the plan adds and its price.
    if (cardState !== "continue") return openUpgrade(buildUpgradeQuery("AllSurveys"));
    setNotice(null);
    setCheckingId(presetId);
    try {
      const fresh = (await queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: 0 })) ?? me;
      const hasOpen = isLimitedToOneOpenSurvey(presetId) ? await fetchHasOpenSurvey(presetId) : false;
      const check = checkSurveyCreation({
        presetId,
        hasAllSurveys,
        profileComplete: fresh.tenant.profileComplete,
        hasOpenSurveyOfType: hasOpen,
      });
      if (!check.ok) {
        if (check.reason === "upgrade") openUpgrade(buildUpgradeQuery(check.upgrade.feature));
        else if (check.reason === "incompleteProfile") setNotice({ message: check.message, link: profileLink(check.link) });
        else setNotice({ message: check.message, link: await openSurveyLink(presetId) });
        return;
      }
      onChosen(presetId, fresh.tenant.companyName);
    } catch {
      notifications.show({ color: "red", message: MESSAGES.genericError });
    } finally {
      setCheckingId(null);
    }
  }

  return { choose, checkingId, notice, setNotice, hasAllSurveys };
}
