/** The survey itself: one part per page with Back and Next, a sticky progress bar, answers saved as they are given. */
import { measureSurveyProgress, SURVEY_MESSAGES } from "@hearth/shared";
import { useEffect, useMemo, useRef, useState } from "react";
import { RESPONSE_RETRIES, submitResponse } from "./api";
import { answersToSend, buildParts, isAnswered, missingRequired, partOf } from "./parts";
import { ChoiceQuestion, MatrixGrid, TextQuestion } from "./questions";
import { browserStorage, clearProgress, loadProgress, markAnswered, progressKey, saveProgress } from "./storage";
import type { Answers, Outcome, PublicSurvey, PublicSurveyField } from "./types";

const REQUIRED_MESSAGE = SURVEY_MESSAGES.answerRequired;

type FocusTarget = { kind: "part" } | { kind: "question"; key: string } | { kind: "alert" };

interface SurveyFormProps {
  survey: PublicSurvey;
  token: string | null;
  onDone: (outcome: Outcome) => void;
}

export function SurveyForm({ survey, token, onDone }: SurveyFormProps) {
  const parts = useMemo(() => buildParts(survey.fields), [survey.fields]);
  const storage = useMemo(() => browserStorage(), []);
  const storageKey = progressKey(survey.id, token);
  const [initial] = useState(() => loadProgress(storage, storageKey, survey.fields, parts.length));
  const [answers, setAnswers] = useState<Answers>(initial.answers);
  const [partIndex, setPartIndex] = useState(initial.part);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [sending, setSending] = useState<{ retry: number } | null>(null);
  const [focusTarget, setFocusTarget] = useState<{ target: FocusTarget; seq: number } | null>(null);

  const inputs = useRef(new Map<string, HTMLElement>());
  const partHeading = useRef<HTMLHeadingElement>(null);
  const partSection = useRef<HTMLElement>(null);
  const alertRef = useRef<HTMLDivElement>(null);

  const part = parts[partIndex] ?? parts[0];
  const isLast = partIndex >= parts.length - 1;
  // Every question counts, optional ones too; one left behind on an earlier part is passed (decision 0064).
  const progress = measureSurveyProgress(
    parts.map((each) => each.fields),
    partIndex,
    (key) => isAnswered(answers, key),
  );

  useEffect(() => {
    saveProgress(storage, storageKey, { answers, part: partIndex });
  }, [storage, storageKey, answers, partIndex]);

  useEffect(() => {
    if (!focusTarget) return;
    const { target } = focusTarget;
    if (target.kind === "part") {
      partSection.current?.scrollIntoView({ block: "start" });
      partHeading.current?.focus({ preventScroll: true });
    } else if (target.kind === "question") {
      const input = inputs.current.get(target.key);
      document.getElementById(`q-${target.key}`)?.scrollIntoView({ block: "start" });
      input?.focus({ preventScroll: true });
    } else {
      alertRef.current?.focus();
    }
  }, [focusTarget]);

  const focus = (target: FocusTarget) => setFocusTarget((previous) => ({ target, seq: (previous?.seq ?? 0) + 1 }));

  const registerInput = (key: string) => (element: HTMLElement | null) => {
    if (element) inputs.current.set(key, element);
    else inputs.current.delete(key);
  };

  const answer = (key: string, value: string) => {
    setAnswers((current) => ({ ...current, [key]: value }));
    if (errors[key]) {
      setErrors((current) => {
        const { [key]: _answered, ...rest } = current;
        return rest;
      });
    }
  };

  const showMissing = (missing: PublicSurveyField[], message: string) => {
    setErrors(Object.fromEntries(missing.map((field) => [field.key, REQUIRED_MESSAGE])));
    setAlert(message);
    const first = missing[0];
    const firstPart = partOf(parts, first.key);
    if (firstPart >= 0 && firstPart !== partIndex) setPartIndex(firstPart);
    focus({ kind: "question", key: first.key });
  };

  const goTo = (index: number) => {
    setAlert(null);
    setErrors({});
    setPartIndex(index);
    focus({ kind: "part" });
  };

  const next = () => {
    const missing = missingRequired(part.fields, answers);
    if (missing.length > 0) {
      showMissing(
        missing,
        missing.length === 1 ? "One question on this page needs an answer." : `${missing.length} questions on this page need an answer.`,
      );
      return;
    }
    goTo(partIndex + 1);
  };

  const send = async () => {
    const missing = missingRequired(survey.fields, answers);
    if (missing.length > 0) {
      showMissing(
        missing,
        missing.length === 1
          ? "One required question still needs an answer."
          : `${missing.length} required questions still need an answer.`,
      );
      return;
    }
    setAlert(null);
    setSending({ retry: 0 });
    const result = await submitResponse(
      { surveyId: survey.id, data: answersToSend(survey.fields, answers), token },
      { onRetry: (retry) => setSending({ retry }) },
    );
    setSending(null);
    switch (result.kind) {
      case "sent":
      case "closed":
      case "already-answered":
      case "not-found":
        clearProgress(storage, storageKey);
        // Opened again on this device, the link says it was answered here (issue 11 item 20i).
        if (result.kind === "sent" || result.kind === "already-answered") markAnswered(storage, survey.id, token);
        onDone(result.kind);
        return;
      case "invalid": {
        if (result.fields.r) {
          onDone("invalid-link");
          return;
        }
        const known = survey.fields.filter((field) => result.fields[field.key]);
        if (known.length === 0) {
          setAlert(result.message || "Some answers could not be accepted. Please reload the page and try again.");
          focus({ kind: "alert" });
          return;
        }
        setErrors(Object.fromEntries(known.map((field) => [field.key, result.fields[field.key]])));
        setAlert(known.length === 1 ? "One answer needs your attention." : `${known.length} answers need your attention.`);
        const firstPart = partOf(parts, known[0].key);
        if (firstPart >= 0 && firstPart !== partIndex) setPartIndex(firstPart);
        focus({ kind: "question", key: known[0].key });
        return;
      }
      case "rate-limited":
        setAlert(
          "Too many answers have come from your network in the last minute. Please wait a minute, then send again. Your answers are kept on this device.",
        );
        focus({ kind: "alert" });
        return;
      case "refused":
        setAlert(result.message || "Your answers could not be sent. Please reload the page and try again.");
        focus({ kind: "alert" });
        return;
      case "failed":
        setAlert("We couldn't send your answers. Please check your connection and send again. Your answers are kept on this device.");
        focus({ kind: "alert" });
        return;
    }
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    if (isLast) void send();
    else next();
  };

  const { done, total, percent } = progress;
  const progressText = `${percent}% done`;
  const progressDetail = `${done} of ${total} questions answered or passed, ${percent}% done`;

  const questionProps = (field: PublicSurveyField) => ({
    field,
    value: answers[field.key] ?? "",
    error: errors[field.key],
    onChange: (value: string) => answer(field.key, value),
    inputRef: registerInput(field.key),
  });

  return (
    <>
      <header className="survey-header">
        <h1 id="survey-title">{survey.name}</h1>
        {survey.description && <p className="survey-description">{survey.description}</p>}
        {/* How long it takes, computed from the questions: said where the survey starts (decision 0064). */}
        {survey.duration && partIndex === 0 && (
          <p className="survey-duration" data-testid="survey-duration">
            It takes about {survey.duration.label}.
          </p>
        )}
        <p className="survey-note">Your answers are saved on this device as you go, until you send them.</p>
      </header>

      <div className="progress" data-testid="survey-progress">
        <div className="progress-text">
          <span data-testid="survey-part">
            Part {partIndex + 1} of {parts.length}
          </span>
          <span data-testid="survey-progress-count">{progressText}</span>
        </div>
        <div
          className="progress-track"
          role="progressbar"
          aria-label="Progress through the survey"
          aria-valuemin={0}
          aria-valuemax={total}
          aria-valuenow={done}
          aria-valuetext={progressDetail}
        >
          <div className="progress-fill" style={{ width: `${percent}%` }} />
        </div>
      </div>

      <form className="survey-form" noValidate onSubmit={onSubmit} aria-labelledby="survey-title">
        <section className="part" ref={partSection} aria-labelledby="part-heading" data-testid="survey-part-section">
          <h2 id="part-heading" ref={partHeading} tabIndex={-1} className={part.title ? "part-title" : "sr-only"}>
            {part.title ?? `Part ${partIndex + 1} of ${parts.length}`}
            {part.piece && (
              <span className="part-piece">
                {" "}
                ({part.piece.index} of {part.piece.count})
              </span>
            )}
          </h2>
          {part.gridOptions ? (
            <MatrixGrid options={part.gridOptions}>
              {part.fields.map((field) => (
                <ChoiceQuestion key={field.key} {...questionProps(field)} variant="matrix" />
              ))}
            </MatrixGrid>
          ) : (
            part.fields.map((field) =>
              field.answerType === "Radio" ? (
                <ChoiceQuestion key={field.key} {...questionProps(field)} variant={part.title ? "matrix-stacked" : "single"} />
              ) : (
                <TextQuestion key={field.key} {...questionProps(field)} />
              ),
            )
          )}
        </section>

        {alert && (
          <div className="alert" role="alert" tabIndex={-1} ref={alertRef} data-testid="survey-alert">
            {alert}
          </div>
        )}
        <p className="sending" role="status">
          {sending &&
            (sending.retry === 0 ? "Sending your answers…" : `Connection problem. Trying again (${sending.retry} of ${RESPONSE_RETRIES})…`)}
        </p>

        <div className="nav">
          {partIndex > 0 && (
            <button type="button" className="button button-secondary" onClick={() => goTo(partIndex - 1)} disabled={sending !== null}>
              Back
            </button>
          )}
          <button type="submit" className="button button-primary" aria-disabled={sending !== null}>
            {isLast ? (sending ? "Sending…" : "Send answers") : "Next"}
          </button>
        </div>
      </form>
    </>
  );
}
