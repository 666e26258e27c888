import type { TourState } from "@hearth/shared";
import { Tour } from "@mantine/core";
import { useEffect, useState } from "react";
import type { TourDefinition } from "./tour-steps";
import { useSaveTourProgress } from "./tutorials-api";

interface GuidedTourProps {
  tour: TourDefinition;
  /** Whether the tour runs; it starts at its first step each time this turns true. */
  active: boolean;
  /** The wizard's current step: a tour step with a stage shows only while the wizard is on that stage. */
  stage?: number;
  /** After the tour ends and its progress is saved: finished at the last step, dismissed before it. */
  onEnd: (state: TourState) => void;
}

/**
 * A guided tour (docs/decisions/0049) on Mantine's Tour: a spotlight on each step's target with a tooltip, Next and Back
 * buttons and the arrow keys; Skip and Escape leave it (no close button: its label would repeat the last step's Finish).
 * How the user left it is saved for them.
 */
export function GuidedTour({ tour, active, stage, onEnd }: GuidedTourProps) {
  const [step, setStep] = useState(0);
  const [settled, setSettled] = useState(false);
  const save = useSaveTourProgress();

  // Let a page or a wizard step finish opening (its transition) before the spotlight measures the target.
  useEffect(() => {
    setSettled(false);
    if (!active) return;
    const timer = setTimeout(() => setSettled(true), 350);
    return () => clearTimeout(timer);
  }, [stage, active]);

  useEffect(() => {
    if (active) setStep(0);
  }, [active]);

  // The tour follows the wizard: when the person moves to another stage (its own Continue or Back), the tour goes to
  // that stage's first step.
  useEffect(() => {
    if (!active || stage === undefined) return;
    setStep((current) => {
      const at = tour.steps[current];
      if (!at || at.stage === undefined || at.stage === stage) return current;
      const first = tour.steps.findIndex((item) => item.stage === stage);
      return first === -1 ? current : first;
    });
  }, [stage, active, tour]);

  const current = tour.steps[step];
  const shown = active && settled && Boolean(current) && (current?.stage === undefined || current.stage === stage);

  function end() {
    const state: TourState = step >= tour.steps.length - 1 ? "finished" : "dismissed";
    save.mutate({ tour: tour.id, state });
    setStep(0);
    onEnd(state);
  }

  return (
    <Tour
      active={shown}
      step={step}
      onStepChange={setStep}
      onClose={end}
      labels={{ close: "Finish", next: "Next", back: "Back", skip: "Skip", stepCounter: (at, total) => `Step ${at} of ${total}` }}
      withCloseButton={false}
      zIndex={1000}
      maxWidth={340}
      // No fade between steps: a step is readable (and its buttons at full contrast) the moment it shows.
      transitionProps={{ duration: 0 }}
      data-testid={`tour-${tour.id}`}
    >
      {tour.steps.map((item) => (
        <Tour.Step key={item.target} target={item.target} title={item.title} position={item.position ?? "bottom"}>
          {item.body}
        </Tour.Step>
      ))}
    </Tour>
  );
}
