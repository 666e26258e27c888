import type { TourId } from "@hearth/shared";

/** The selector of an element marked `data-tour="{name}"`: tours point at these marks, never at layout or test ids. */
export const tourTarget = (name: string) => `[data-tour="${name}"]`;

export interface TourStepDefinition {
  /** A CSS selector, always a `data-tour` mark (tourTarget). */
  target: string;
  title: string;
  body: string;
  /** The wizard's step (1 type, 2 questions, 3 end date) that shows the target; pages without steps leave it out. */
  stage?: number;
  /** Where the tooltip sits; a tall target reads better with the tooltip above or beside it. */
  position?: "bottom" | "top" | "left" | "right";
}

export interface TourDefinition {
  id: TourId;
  /** Its name on the tutorial pages and in the Tutorials dialog. */
  name: string;
  /** The page the tour runs on, as a person would describe it. */
  where: string;
  steps: readonly TourStepDefinition[];
}

/** Shown on every page that offers a tour: the button that takes it again. */
export const TOUR_LAUNCHER = "tour-launcher";

const WIZARD: TourDefinition = {
  id: "wizard",
  name: "Survey wizard tour",
  where: "Add New Survey",
  steps: [
    {
      stage: 1,
      target: tourTarget("survey-type-card"),
      title: "Choose a survey type",
      body: "Start with the Love of Workplace Index™ survey, pick a pulse survey, or write a custom one. Press Continue on a card to go on.",
    },
    {
      stage: 2,
      target: tourTarget("survey-name"),
      title: "Name your survey",
      body: "Give it a name and a short description. Respondents see both at the top of the survey.",
    },
    {
      stage: 2,
      target: tourTarget("survey-questions"),
      title: "Review the questions",
      body: "Questions that come with the survey type are locked so results stay comparable. Add questions of your own below them.",
      position: "top",
    },
    {
      stage: 2,
      target: tourTarget("survey-continue"),
      title: "Check the preview, then continue",
      body: "The live preview shows the survey exactly as your people will see it. Press Continue when it looks right.",
      position: "top",
    },
    {
      stage: 3,
      target: tourTarget("survey-end-date"),
      title: "Pick the end date",
      body: "Surveys stay open for at least 7 days. You can extend the end date later.",
    },
    {
      stage: 3,
      target: tourTarget("survey-publish"),
      title: "Publish",
      body: "Publishing gives you the survey link to share and opens invitations. Nothing is sent to anyone until you invite them.",
    },
  ],
};

const INVITATIONS: TourDefinition = {
  id: "invitations",
  name: "Invitations tour",
  where: "a survey's Invitations page",
  steps: [
    {
      target: tourTarget("invite-views"),
      title: "Invite, then follow up",
      body: "Invite is where you send the survey. Sent Surveys lists everyone it went to: when, whether the email arrived, who replied, and reminders for the rest.",
    },
    {
      target: tourTarget("invite-steps"),
      title: "Three steps",
      body: "Choose the recipients, write the email, then send it now or schedule it. Nothing leaves until the last step.",
    },
    {
      target: tourTarget("invite-recipient-ways"),
      title: "Add recipients your way",
      body: "Upload a .csv file, add people by hand, copy the survey's link, choose people invited to earlier surveys, or pick employees from your imported data.",
    },
    {
      target: tourTarget("invite-next"),
      title: "Go on to the email",
      body: "Next sets aside anyone already invited, already answered or unsubscribed, then opens the email, which you can edit or fill from a template.",
      position: "top",
    },
    {
      target: tourTarget(TOUR_LAUNCHER),
      title: "Take the tour again",
      body: "This button runs the tour whenever you want a reminder.",
    },
  ],
};

const REPORTS: TourDefinition = {
  id: "reports",
  name: "Reports tour",
  where: "a survey's report",
  steps: [
    {
      target: tourTarget("report-name"),
      title: "One survey's results",
      body: "Each survey has its own report, open to the people whose role lets them read reports.",
    },
    {
      target: tourTarget("report-threshold"),
      title: "Nobody singled out",
      body: "Answers show only for groups with at least this many respondents. The number was fixed when the survey was published.",
    },
    {
      target: tourTarget("report-tabs"),
      title: "Sections of the report",
      body: "Each tab is one view of the answers: scores, teams, sentiment and emotion, comments, themes, or each question's breakdown. Where the survey has cohorts, filters at the top of a tab narrow it to one department, location or imported attribute.",
    },
    {
      target: tourTarget(TOUR_LAUNCHER),
      title: "Take the tour again",
      body: "This button runs the tour whenever you want a reminder.",
    },
  ],
};

export const TOURS: Record<TourId, TourDefinition> = { wizard: WIZARD, invitations: INVITATIONS, reports: REPORTS };
