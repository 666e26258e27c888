import { GuidedTour, TOURS } from "../../tutorials";

interface WizardTourProps {
  enabled: boolean;
  stage: number;
  onFinish: () => void;
}

/** The wizard's guided tour (?tutorial=true): each step waits until the wizard shows its stage (tutorials/tour-steps.ts). */
export function WizardTour({ enabled, stage, onFinish }: WizardTourProps) {
  return <GuidedTour tour={TOURS.wizard} active={enabled} stage={stage} onEnd={onFinish} />;
}
