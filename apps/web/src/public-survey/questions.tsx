/** One question: a radio group in a real fieldset, or a labelled text box. Errors sit under the question text. */
import { MAX_TEXT_ANSWER_LENGTH as MAX_TEXT_LENGTH } from "@hearth/shared";
import type { CSSProperties, ReactNode } from "react";
import type { PublicSurveyField } from "./types";

interface QuestionProps {
  field: PublicSurveyField;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
  inputRef: (element: HTMLElement | null) => void;
}

/** After the question text; the space before it lets the tag wrap to the next line without an indent. */
function Required() {
  return (
    <>
      {" "}
      <span className="required">Required</span>
    </>
  );
}

/**
 * How a question lays out its options: "compact" for short numeric scales (a grid of small buttons); "row" for a few
 * short options (side by side, also on a phone); "scale" for an ordered scale (stacked on a phone, one row on a wider
 * screen); "list" for anything longer (stacked, or in columns on a wider screen).
 */
export type OptionsLayout = "compact" | "row" | "scale" | "list";

export function optionsLayout(options: readonly string[]): OptionsLayout {
  const short = (option: string, length: number) => option.length <= length;
  if (options.length > 2 && options.every((option) => short(option, 3))) return "compact";
  if (options.length <= 4 && options.every((option) => short(option, 12))) return "row";
  if (options.length <= 7 && options.every((option) => short(option, 24))) return "scale";
  if (options.length <= 11 && options.slice(1, -1).every((option) => short(option, 3))) return "scale";
  return "list";
}

export function ChoiceQuestion({
  field,
  value,
  error,
  onChange,
  inputRef,
  variant,
}: QuestionProps & { variant: "single" | "matrix" | "matrix-stacked" }) {
  const errorId = `e-${field.key}`;
  const selected = field.radioOptions.includes(value) ? value : null;
  // A Matrix row stacks its options on a phone (a wider screen shows the group as a grid).
  const natural = optionsLayout(field.radioOptions);
  const layout = variant !== "single" && natural === "row" ? "scale" : natural;
  const classes = ["question", "question-choice", variant === "single" ? "" : "question-row", error ? "question-invalid" : ""]
    .filter(Boolean)
    .join(" ");
  return (
    <fieldset
      className={classes}
      id={`q-${field.key}`}
      aria-describedby={error ? errorId : undefined}
      data-testid={`question-${field.key}`}
    >
      <legend className="question-text">
        {field.question}
        {field.required && <Required />}
      </legend>
      {error && (
        <p className="question-error" id={errorId}>
          {error}
        </p>
      )}
      <div className={`options options-${layout}`} style={{ "--option-count": field.radioOptions.length } as CSSProperties}>
        {field.radioOptions.map((option, index) => (
          <label className="option" key={option}>
            <input
              type="radio"
              name={field.key}
              value={option}
              checked={selected === option}
              onChange={() => onChange(option)}
              required={field.required}
              aria-invalid={error ? true : undefined}
              ref={(selected === null ? index === 0 : selected === option) ? inputRef : undefined}
            />
            <span className="option-text">{option}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export function TextQuestion({ field, value, error, onChange, inputRef }: QuestionProps) {
  const inputId = `i-${field.key}`;
  const errorId = `e-${field.key}`;
  const countId = `c-${field.key}`;
  const nearLimit = value.length > MAX_TEXT_LENGTH - 500;
  const describedBy = [error ? errorId : "", nearLimit ? countId : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div
      className={error ? "question question-text-answer question-invalid" : "question question-text-answer"}
      id={`q-${field.key}`}
      data-testid={`question-${field.key}`}
    >
      <label className="question-text" htmlFor={inputId}>
        {field.question}
        {field.required && <Required />}
      </label>
      {error && (
        <p className="question-error" id={errorId}>
          {error}
        </p>
      )}
      <textarea
        id={inputId}
        name={field.key}
        rows={4}
        maxLength={MAX_TEXT_LENGTH}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        required={field.required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        ref={inputRef}
      />
      {nearLimit && (
        <p className="hint" id={countId}>
          {value.length} of {MAX_TEXT_LENGTH} characters
        </p>
      )}
    </div>
  );
}

/** Matrix rows that share their options: stacked on a phone, a grid with one header row on a wider screen. */
export function MatrixGrid({ options, children }: { options: readonly string[]; children: ReactNode }) {
  return (
    <div className="matrix" style={{ "--matrix-columns": options.length } as CSSProperties} data-testid="matrix">
      <div className="matrix-head" aria-hidden="true">
        <span />
        {options.map((option) => (
          <span key={option}>{option}</span>
        ))}
      </div>
      {children}
    </div>
  );
}
