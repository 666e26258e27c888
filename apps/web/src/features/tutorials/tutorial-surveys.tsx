import { List, Text } from "@mantine/core";
import { FIGURE_SIZE, type Tutorial, TUTORIAL_TITLES } from "./tutorial-types";

/** /dashboard/tutorials/surveys: from an empty wizard to a published survey, its invitations and its report. */
export const SURVEYS_TUTORIAL: Tutorial = {
  slug: "surveys",
  title: TUTORIAL_TITLES.surveys,
  summary: "Choose a survey type, check its questions, set an end date, invite your people and read the results.",
  tours: ["wizard", "invitations", "reports"],
  sections: [
    {
      anchor: "type",
      heading: "1. Choose a survey type",
      body: (
        <>
          <Text>
            Open <strong>Add New Survey</strong> in the menu. The first step lists every survey type Hearth offers: the Love of Workplace
            Index™ (LOWI™), which scores how people feel about working at your company and can lead to certification; shorter pulse surveys
            on one subject; and a Custom survey you write yourself.
          </Text>
          <Text>
            Press <strong>Continue</strong> on the card you want. A card marked Gold belongs to a higher plan; pressing it explains what
            upgrading gives you. For survey types that run one at a time, Hearth tells you when one is still open and links to it.
          </Text>
        </>
      ),
      figure: {
        file: "wizard-types.webp",
        alt: "The first step of the survey wizard: a grid of survey type cards, each with an icon, a short description and a Continue button.",
        caption: "Step 1 of the wizard: one card per survey type.",
        ...FIGURE_SIZE,
      },
    },
    {
      anchor: "questions",
      heading: "2. Name it and check the questions",
      body: (
        <>
          <Text>
            Give the survey a name and a short description: respondents read both at the top of the survey. Some survey types ask for a
            little more, such as the name of the meeting or of the manager the survey is about; those words are filled into the questions
            for you.
          </Text>
          <Text>
            The questions that come with a survey type are locked, so your results stay comparable from one survey to the next and with
            other companies. On plans with custom questions you can add your own below them. The live preview beside the form shows the
            survey exactly as your people will see it. Press <strong>Continue</strong> when it looks right.
          </Text>
        </>
      ),
      figure: {
        file: "wizard-questions.webp",
        alt: "The second step of the survey wizard: the survey name and description on the left, the questions below, and a live preview of the survey on the right.",
        caption: "Step 2: name, description and questions, with the live preview.",
        ...FIGURE_SIZE,
      },
    },
    {
      anchor: "publish",
      heading: "3. Pick the end date and publish",
      body: (
        <>
          <Text>
            A survey stays open for at least 7 days; the wizard suggests a week from today, ending at the close of that day in your
            company's time zone. You can extend it later with Edit Expiration in the survey list. If you close the wizard before publishing,
            your work is kept as a draft.
          </Text>
          <Text>
            <strong>Publish</strong> opens the survey and shows its link, ready to share. Nobody receives anything until you invite them.
          </Text>
        </>
      ),
    },
    {
      anchor: "invite",
      heading: "4. Invite your people",
      body: (
        <>
          <Text>
            In the survey list, choose <strong>Send Invitation</strong> on the survey. Invitations take three steps: who receives the
            survey, the email they receive, and when it is sent. You can add recipients in several ways:
          </Text>
          <List spacing={4}>
            <List.Item>upload a .csv file with one person per row;</List.Item>
            <List.Item>add people by hand;</List.Item>
            <List.Item>copy the survey's link and share it yourself (answers through it carry no cohort);</List.Item>
            <List.Item>choose people invited to your earlier surveys;</List.Item>
            <List.Item>pick employees from the data you imported, with their attributes as cohorts.</List.Item>
          </List>
          <Text>
            Hearth sets aside anyone already invited, already answered or unsubscribed before anything is sent. The Sent Surveys tab then
            shows, for each person, when the email went out, whether it arrived and whether they replied; from there you send reminders to
            those who have not.
          </Text>
        </>
      ),
      figure: {
        file: "invitations.webp",
        alt: "A survey's Invitations page: the Invite and Sent Surveys tabs, the three steps Recipients, Email and Send, and the ways to add recipients.",
        caption: "Invitations: choose the recipients, write the email, send now or later.",
        ...FIGURE_SIZE,
      },
    },
    {
      anchor: "report",
      heading: "5. Read the report",
      body: (
        <>
          <Text>
            Answers appear in the survey's report once enough people have responded: below that number nothing is shown, so no one can be
            singled out. The number, the visibility threshold, is set under Report privacy in your company profile and stays fixed for a
            survey once it is published.
          </Text>
          <Text>
            The tabs split the report into the overall scores, teams, sentiment and emotion, comments, themes and the breakdown of each
            question. Where the survey has cohorts, filters at the top narrow every chart on the tab to one department, location or any
            attribute you imported.
          </Text>
        </>
      ),
      figure: {
        file: "report.webp",
        alt: "The company report of the demo LOWI survey: the survey name, the report tabs, cohort filters and the overall score.",
        caption: "A LOWI company report with its tabs and cohort filters.",
        ...FIGURE_SIZE,
      },
    },
  ],
};
