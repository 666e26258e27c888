/**
 * Invitation content sets (spec surveys §3): most presets have their own; Inclusivity, Neurodiversity, Wellness,
 * Veterans and CareerAdvancement share one; Custom and any unknown type use the default set. Texts written for Hearth.
 */
import { CONTENT_SET_IDS, type ContentSet, type ContentSetId, type MandatoryLink } from "./types.js";

export const TAKE_SURVEY_LINK: MandatoryLink = { text: "Take Survey", url: "{{survey_link}}" };

/** Presets whose invitations come from the one shared set (the spec's "last five"). */
export const SHARED_CONTENT_SET_PRESETS = ["Inclusivity", "Neurodiversity", "Wellness", "Veterans", "CareerAdvancement"] as const;

interface EmailDraft {
  subject: string;
  paragraphs: readonly string[];
  /** Greet by the recipient's name ("Hi {{first_name}},"), or plainly ("Hello,") where first_name means someone else. */
  greeting?: "named" | "plain";
}

function composeContentSet(id: ContentSetId, draft: EmailDraft): ContentSet {
  const greeting = draft.greeting === "plain" ? "Hello," : "Hi {{first_name}},";
  const body = [
    `<p>${greeting}</p>`,
    ...draft.paragraphs.map((paragraph) => `<p>${paragraph}</p>`),
    // Filled with the time computed from the survey's own questions when the email is sent (decision 0064).
    "<p>It takes about {{survey_duration}}.</p>",
    `<p><a href="${TAKE_SURVEY_LINK.url}">${TAKE_SURVEY_LINK.text}</a></p>`,
    "<p>Thank you,<br>{{sender_name}}</p>",
  ].join("\n");
  return { id, emailSubject: draft.subject, emailBody: body, mandatoryLink: TAKE_SURVEY_LINK };
}

const DRAFTS: Record<ContentSetId, EmailDraft> = {
  PulseValidation: {
    subject: "How does it feel to work at {{company_name}}?",
    paragraphs: [
      "We are running our Love of Workplace Index™ survey to learn what makes {{company_name}} a good place to work and where we need to do better.",
      "You will rate some short statements, tell us in your own words what we do well and what we could improve, and answer a few optional questions about yourself. Honest answers help us most.",
    ],
  },
  ParentsCaregivers: {
    subject: "How well does {{company_name}} support parents and caregivers?",
    paragraphs: [
      "Many of us look after children, parents or other loved ones alongside our jobs. We want to know how well {{company_name}} helps you do both.",
      "Your view counts whether or not you care for someone yourself.",
    ],
  },
  Diversity: {
    subject: "Your view on diversity at {{company_name}}",
    paragraphs: [
      "We want {{company_name}} to be a place where people of every background can do their best work.",
      "This short survey asks how close we are to that today and what would move us forward.",
    ],
  },
  YoungProfessionals: {
    subject: "Early in your career? Tell us what would help you grow",
    paragraphs: [
      "We want {{company_name}} to be a great place to start and build a career.",
      "Tell us how well we support your learning, your mentoring and your next steps.",
    ],
  },
  Women: {
    subject: "Help make {{company_name}} a better workplace for women",
    paragraphs: [
      "This short survey asks about opportunity, pay, respect and support for women at {{company_name}}.",
      "We want to hear from everyone, whatever your gender.",
    ],
  },
  Volunteering: {
    subject: "Tell us about giving back at {{company_name}}",
    paragraphs: [
      "We would like to know how you feel about our community work, whether you have enough chances to take part, and which causes matter most to you.",
    ],
  },
  LGBTQ: {
    subject: "Help make {{company_name}} a place where everyone can be themselves",
    paragraphs: [
      "This short survey asks how safe, respected and supported LGBTQ+ colleagues feel at {{company_name}}.",
      "Everyone's answers help, whoever you are.",
    ],
  },
  EmployeeExperience: {
    subject: "Quick pulse: how is work going at {{company_name}}?",
    paragraphs: [
      "We would like a quick read on your day-to-day work: your tools, how well we communicate, recognition, and whether you see a future here.",
      "Your answers help us fix what gets in your way.",
    ],
  },
  AfterActionReview: {
    subject: "Your feedback on {{meeting_name}}",
    paragraphs: [
      "Thank you for taking part in {{meeting_name}}.",
      "While it is still fresh in your mind, please tell us what worked, what didn't and what we should change next time.",
    ],
  },
  LeaderEffectiveness: {
    subject: "Your feedback on {{first_name}} {{last_name}}'s leadership",
    greeting: "plain",
    paragraphs: [
      "We are collecting feedback on how {{first_name}} {{last_name}} leads, so they can build on what works and improve what doesn't.",
      "Please be honest and specific: clear, constructive feedback is the most useful kind.",
    ],
  },
  ManagerEffectiveness: {
    subject: "Your feedback for {{first_name}} {{last_name}}",
    greeting: "plain",
    paragraphs: [
      "To help our managers grow, we are asking the people who work with {{first_name}} {{last_name}} about support, coaching, fairness and communication.",
      "Please be honest and specific: clear, constructive feedback is the most useful kind.",
    ],
  },
  CustomerLoveOfCompany: {
    subject: "How are we doing? A few quick questions from {{company_name}}",
    paragraphs: [
      "Thank you for being a customer of {{company_name}}.",
      "We would love to hear what it is like to work with us and how we could serve you better.",
    ],
  },
  Transformation: {
    subject: "Action Plan Check-In: are things changing at {{company_name}}?",
    paragraphs: [
      "After our last survey we committed to a set of actions.",
      "This short check-in asks whether you see those changes happening and what we should focus on next.",
    ],
  },
  SharedGroup: {
    subject: "{{survey_name}}: share your experience at {{company_name}}",
    paragraphs: [
      "We want everyone at {{company_name}} to feel supported, included and able to thrive.",
      "This short survey, {{survey_name}}, asks how well we are doing and what we should change. There are no right or wrong answers; honest ones help most.",
    ],
  },
  Default: {
    subject: "{{company_name}} would like your feedback",
    paragraphs: ["We are running a short survey, {{survey_name}}, and would value your views."],
  },
};

export const CONTENT_SETS: Record<ContentSetId, ContentSet> = Object.fromEntries(
  Object.entries(DRAFTS).map(([id, draft]) => [id, composeContentSet(id as ContentSetId, draft)]),
) as Record<ContentSetId, ContentSet>;

/** Every survey type with a content set of its own: all sets but the shared and the default one. */
const OWN_CONTENT_SET_PRESETS: readonly string[] = CONTENT_SET_IDS.filter((id) => id !== "SharedGroup" && id !== "Default");

/** Which content set a survey type uses: its own, the shared one for the last five, otherwise the default. */
export function resolveContentSet(presetId: string): ContentSet {
  if (OWN_CONTENT_SET_PRESETS.includes(presetId)) return CONTENT_SETS[presetId as ContentSetId];
  if ((SHARED_CONTENT_SET_PRESETS as readonly string[]).includes(presetId)) return CONTENT_SETS.SharedGroup;
  return CONTENT_SETS.Default;
}
