import { Tour } from "@mantine/core";
import { useEffect, useState } from "react";

/** The guided tour (?tutorial=true): each step waits until the wizard shows its target. */
const TOUR_STEPS = [
  {
    stage: 1,
    target: '[data-testid="preset-PulseValidation"]',
    title: "Choose a survey type",
    body: "Start with the Love of Workplace Index™ survey, pick a pulse survey, or write a custom one. Press Continue on a card to go on.",
  },
  {
    stage: 2,
    target: '[data-tour="survey-name"]',
    title: "Name your survey",
    body: "Give it a name and a short description. Respondents see both at the top of the survey.",
  },
  {
    stage: 2,
    target: '[data-tour="survey-questions"]',
    title: "Review the questions",
    body: "Questions that come with the survey type are locked so results stay comparable. Add questions of your own below them.",
  },
  {
    stage: 2,
    target: '[data-tour="survey-continue"]',
    title: "Check the preview, then continue",
    body: "The live preview shows the survey exactly as your people will see it. Continue when it looks right.",
  },
  {
    stage: 3,
    target: '[data-tour="survey-end-date"]',
    title: "Pick the end date",
    body: "Surveys stay open for at least 7 days. You can extend the end date later.",
  },
  {
    stage: 3,
    target: '[data-tour="survey-publish"]',
    title: "Publish",
    body: "Publishing gives you the survey link to share and opens invitations.",
  },
] as const;

interface WizardTourProps {
  enabled: boolean;
  stage: number;
  onFinish: () => void;
}

export function WizardTour({ enabled, stage, onFinish }: WizardTourProps) {
  const [step, setStep] = useState(0);
  const [settled, setSettled] = useState(false);

  // Let the step's modal finish opening before the spotlight measures its target.
  useEffect(() => {
    setSettled(false);
    const timer = setTimeout(() => setSettled(true), 350);
    return () => clearTimeout(timer);
  }, [stage]);

  const current = TOUR_STEPS[step];
  const active = enabled && settled && Boolean(current) && current.stage === stage;

  return (
    <Tour
      active={active}
      step={step}
      onStepChange={setStep}
      onClose={() => {
        setStep(TOUR_STEPS.length);
        onFinish();
      }}
      labels={{ close: "Finish", next: "Next" }}
      zIndex={1000}
      maxWidth={340}
    >
      {TOUR_STEPS.map((item) => (
        <Tour.Step key={item.target} target={item.target} title={item.title} position="bottom">
          {item.body}
        </Tour.Step>
      ))}
    </Tour>
  );
}

export const TOUR_STEP_COUNT = TOUR_STEPS.length;
