/**
 * How far a person is through a survey (issue 25 item 5, decision 0064). Every question the person will see counts,
 * optional ones too: a question is behind them once it is answered, or once they have moved on from its part without
 * answering it (an optional question they chose to skip). So the bar never claims 100% before the last part, and
 * skipping optional questions does not leave it stuck below the end. Surveys have no skip logic, so every question
 * of the survey is one the person will see.
 */

export interface ProgressQuestion {
  key: string;
}

export interface SurveyProgress {
  /** Questions answered or passed. */
  done: number;
  /** Every question the person will see. */
  total: number;
  /** Whole percent, rounded down: 100 only when every question is behind them. */
  percent: number;
}

/**
 * `parts` are the pages in order, `current` the index of the one on screen, `answered` whether a question has an
 * answer. Questions on the current and later parts count only when answered.
 */
export function measureSurveyProgress(
  parts: readonly (readonly ProgressQuestion[])[],
  current: number,
  answered: (key: string) => boolean,
): SurveyProgress {
  let done = 0;
  let total = 0;
  parts.forEach((questions, index) => {
    for (const question of questions) {
      total++;
      if (index < current || answered(question.key)) done++;
    }
  });
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return { done, total, percent };
}
