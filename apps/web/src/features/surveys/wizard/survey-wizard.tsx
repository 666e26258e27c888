import {
  buildUpgradeQuery,
  canWriteCustomQuestions,
  defaultEndDate,
  findPreset,
  type MeResponse,
  SURVEY_MESSAGES,
  type SurveyDetail,
  toLocalDate,
  validateSurveyDraft,
} from "@hearth/shared";
import { Modal } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { notifications } from "@mantine/notifications";
import { useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import { meHasFeature } from "../survey-access";
import { reportPath, SURVEYS_PATH, sharePagePath, surveyPath } from "../survey-paths";
import { ChooseTypeStep } from "./choose-type-step";
import { EditSurveyStep } from "./edit-survey-step";
import { ExpirationStep } from "./expiration-step";
import { useChoosePreset } from "./use-choose-preset";
import { type SaveFailure, useWizardSave, type WizardStage } from "./use-wizard-save";
import { clearErrors, draftFromSurvey, newDraft, type WizardDraft, wizardTitle } from "./wizard-draft";
import { WizardTour } from "./wizard-tour";

interface SurveyWizardProps {
  me: MeResponse;
  timeZone: string;
  /** A saved survey to edit (opens at step 2), or null for a new one. */
  existing: SurveyDetail | null;
}

/** Spec surveys §2 screen 6 and §4 "Wizard steps": 1 choose type, 2 edit survey, 3 set expiration. */
export function SurveyWizard({ me, timeZone, existing }: SurveyWizardProps) {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const wide = useMediaQuery("(min-width: 48em)", true);
  const [stage, setStage] = useState<WizardStage>(existing ? 2 : 1);
  const [draft, setDraft] = useState<WizardDraft | null>(existing ? draftFromSurvey(existing) : null);
  const [surveyId, setSurveyId] = useState<string | null>(existing?.id ?? null);
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [endDay, setEndDay] = useState<string | null>(existing?.endDate ? toLocalDate(existing.endDate, timeZone) : null);
  const [endDateError, setEndDateError] = useState<string | null>(null);
  const published = Boolean(existing && !existing.draft);
  const preset = draft ? findPreset(draft.presetId) : null;
  const tutorial = params.get("tutorial") === "true";

  const chooser = useChoosePreset({
    me,
    openUpgrade: setQuery,
    onChosen: (presetId, companyName) => {
      if (!draft || draft.presetId !== presetId) {
        setDraft(newDraft(presetId, companyName));
        setSurveyId(null);
        setErrors({});
      }
      setStage(2);
    },
  });
  const { hasAllSurveys, checkingId, notice, setNotice } = chooser;
  const canAddCustom = draft
    ? canWriteCustomQuestions(draft.presetId, { customQuestions: meHasFeature(me, "CustomQuestions"), allSurveys: hasAllSurveys })
    : false;

  const save = useWizardSave((failure: SaveFailure) => {
    const stay = failure.stage === 1 && existing;
    if (failure.stage && !stay) setStage(failure.stage);
    if (failure.notice && failure.stage === 1) setNotice(failure.notice);
    if (failure.errors) setErrors(failure.errors);
    if (failure.endDateError) setEndDateError(failure.endDateError);
  });
  const busy = save.isPending;

  /** Sets (or, with null, removes) query parameters: the upgrade dialog and the tour read them. */
  function setQuery(query: Record<string, string | null>) {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(query)) value === null ? next.delete(key) : next.set(key, value);
    setParams(next, { replace: true });
  }

  function change(patch: Partial<WizardDraft>) {
    if (!draft) return;
    setDraft({ ...draft, ...patch });
    setDirty(true);
    setErrors((current) => clearErrors(current, Object.keys(patch)));
  }

  /** Saves the work as a draft when it has unsaved changes; true when there is nothing left to lose. */
  async function keepDraft(): Promise<boolean> {
    if (!draft || !dirty || published) return true;
    const checked = validateSurveyDraft(draft, preset, { canAddCustomQuestions: canAddCustom, asDraft: true });
    if (!checked.ok) {
      setErrors(checked.errors);
      setStage(2);
      return false;
    }
    const saved = await save.run(surveyId, draft, { draft: true });
    if (!saved) return false;
    setSurveyId(saved.id);
    setDirty(false);
    notifications.show({ color: "teal", message: `Draft saved: ${saved.name || "Untitled survey"}` });
    return true;
  }

  async function close() {
    if (stage !== 1 && !(await keepDraft())) return;
    navigate(existing ? surveyPath(existing) : SURVEYS_PATH);
  }

  /**
   * Add question without Custom Questions (issue 25 item 3, decision 0062): the work is kept as a draft first, then the
   * upgrade dialog opens (its See plans leaves the wizard, so nothing unsaved may be left behind).
   */
  async function openCustomQuestionsUpgrade() {
    if (await keepDraft()) setQuery(buildUpgradeQuery("CustomQuestions"));
  }

  async function continueToExpiration() {
    if (!draft) return;
    const checked = validateSurveyDraft(draft, preset, { canAddCustomQuestions: canAddCustom });
    setErrors(checked.errors);
    if (!checked.ok) return;
    if (published) {
      const saved = await save.run(surveyId, draft, { draft: false });
      if (!saved) return;
      notifications.show({ color: "teal", message: SURVEY_MESSAGES.surveyPublished });
      navigate(saved.endDate !== null && saved.endDate < Date.now() ? reportPath(saved) : surveyPath(saved));
      return;
    }
    setEndDay((current) => current ?? toLocalDate(defaultEndDate(Date.now(), timeZone), timeZone));
    setStage(3);
  }

  async function publish(endDate: number) {
    if (!draft) return;
    setEndDateError(null);
    const saved = await save.run(surveyId, draft, { draft: false, endDate });
    if (!saved) return;
    setDirty(false);
    notifications.show({ color: "teal", title: SURVEY_MESSAGES.surveyPublished, message: "Share the link to start collecting answers." });
    navigate(sharePagePath(saved.inviteLink));
  }

  return (
    <>
      <Modal
        opened
        onClose={() => void close()}
        title={wizardTitle(stage, preset, published)}
        size={stage === 3 ? "md" : stage === 2 ? "min(1200px, 100%)" : "min(1100px, 100%)"}
        fullScreen={!wide && stage !== 3}
        closeOnClickOutside={false}
        closeButtonProps={{ "aria-label": "Close" }}
        closeOnEscape={!tutorial}
        centered={stage === 3}
        styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
        data-testid={`wizard-step-${stage}`}
      >
        {stage === 1 && (
          <ChooseTypeStep
            plan={me.tenant.effectivePlan}
            hasAllSurveys={hasAllSurveys}
            checkingId={checkingId}
            notice={notice}
            onChoose={(id) => void chooser.choose(id)}
          />
        )}
        {stage === 2 && draft && (
          <EditSurveyStep
            draft={draft}
            requiredMetaFields={preset?.requiredMetaFields ?? []}
            errors={errors}
            canAddCustom={canAddCustom}
            published={published}
            busy={busy}
            onChange={change}
            onUpgrade={() => void openCustomQuestionsUpgrade()}
            onBack={existing ? null : () => setStage(1)}
            onContinue={() => void continueToExpiration()}
          />
        )}
        {stage === 3 && (
          <ExpirationStep
            endDay={endDay}
            timeZone={timeZone}
            isInternalAccount={me.user.isInternalAccount}
            error={endDateError}
            busy={busy}
            onChange={(day) => {
              setEndDay(day);
              setEndDateError(null);
            }}
            onBack={() => setStage(2)}
            onPublish={(endDate) => void publish(endDate)}
          />
        )}
      </Modal>
      <WizardTour enabled={tutorial} stage={stage} onFinish={() => setQuery({ tutorial: null })} />
    </>
  );
}
