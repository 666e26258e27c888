import { Code, List, Text } from "@mantine/core";
import { FIGURE_SIZE, type Tutorial, TUTORIAL_TITLES } from "./tutorial-types";

/** /dashboard/tutorials/survey_personalization: placeholders, custom questions and email templates as they exist. */
export const PERSONALIZATION_TUTORIAL: Tutorial = {
  slug: "survey_personalization",
  title: TUTORIAL_TITLES.survey_personalization,
  summary: "Fill names into questions and emails with placeholders, add questions of your own, and keep your emails as templates.",
  tours: ["wizard", "invitations"],
  sections: [
    {
      anchor: "placeholders",
      heading: "Placeholders",
      body: (
        <>
          <Text>
            A word between double braces, such as <Code>{"{{company_name}}"}</Code>, is a placeholder: Hearth replaces it with the right
            text for each survey and each person. Survey types that mention your company, a meeting or a person ask for that text in the
            wizard's second step, and their questions use it. For example, a review of a manager asks for the manager's first and last name,
            and respondents read the name in the questions.
          </Text>
          <Text>Invitation emails and their subject lines accept these placeholders:</Text>
          <List spacing={4}>
            <List.Item>
              <Code>{"{{first_name}}"}</Code> and <Code>{"{{last_name}}"}</Code>: the recipient's name (a recipient without a first name is
              greeted as "there"; in a survey about one person, that person's name);
            </List.Item>
            <List.Item>
              <Code>{"{{company_name}}"}</Code>, <Code>{"{{survey_name}}"}</Code> and <Code>{"{{sender_name}}"}</Code>: your company, the
              survey and the name you send from.
            </List.Item>
            <List.Item>
              <Code>{"{{survey_link}}"}</Code>: each recipient's own link to the survey.
            </List.Item>
            <List.Item>
              <Code>{"{{survey_duration}}"}</Code>: how long the survey takes, worked out from its questions (for example "6–10 minutes"),
              the same time the survey page shows.
            </List.Item>
            <List.Item>Any text the survey type asked for, such as the meeting's name.</List.Item>
          </List>
          <Text>
            The email step lists the placeholders you can use for the survey at hand, and its preview shows them filled in for the first
            recipient.
          </Text>
        </>
      ),
      figure: {
        file: "invitation-email.webp",
        alt: "The Email step of an invitation: sender name, CC and subject fields, the email editor, and the list of placeholders filled in for each recipient.",
        caption: "The invitation email: {{first_name}}, {{survey_name}} and the Take Survey link are filled in for each recipient.",
        ...FIGURE_SIZE,
      },
    },
    {
      anchor: "questions",
      heading: "Questions of your own",
      body: (
        <>
          <Text>
            The questions that come with a survey type stay as they are, so results can be compared. On the Gold plan you can add custom
            questions below them in the wizard's second step, and a Custom survey is made of your questions only.
          </Text>
          <Text>
            Each question has its text, an answer type (a written answer, or one choice among options you list) and whether an answer is
            required. Move questions up and down or delete them; the live preview follows every change. On other plans the Add question
            button explains what upgrading gives you.
          </Text>
        </>
      ),
      figure: {
        file: "wizard-custom-question.webp",
        alt: "The survey wizard's second step with a custom question: its text, its answer type, the Answer required box, and the live preview.",
        caption: "A custom question and the live preview.",
        ...FIGURE_SIZE,
      },
    },
    {
      anchor: "templates",
      heading: "Email templates",
      body: (
        <>
          <Text>
            Every survey type comes with its own invitation, the Default Initial Email, which you can edit freely before sending. Open{" "}
            <strong>Templates</strong> in the email step to save the email you wrote as a template of your company (a name of up to 30
            characters), use a saved one, update it with the current email, rename it or delete it. The Default Initial Email is always
            listed first and cannot be renamed or deleted.
          </Text>
          <Text>
            Survey types that require a link to the survey in the email say so under the editor: if your text has none, a "Take Survey" link
            is added at the end, so nobody receives an invitation they cannot answer.
          </Text>
        </>
      ),
      figure: {
        file: "email-templates.webp",
        alt: "The Email templates window: the default template and the company's saved templates with Use, Update, Rename and Delete, and a form to save the current email as a new template.",
        caption: "Save, reuse and update your company's email templates.",
        ...FIGURE_SIZE,
      },
    },
  ],
};
