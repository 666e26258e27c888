/**
 * Open comments for the demo LOWI survey, written for Hearth. Each comment is an opening about a workplace theme,
 * sometimes followed by a detail, so three hundred respondents read like people rather than a handful of templates.
 */

export interface CommentTheme {
  theme: string;
  openings: string[];
  details: string[];
}

export const POSITIVE_THEMES: CommentTheme[] = [
  {
    theme: "Teamwork",
    openings: [
      "My team genuinely has each other's backs.",
      "People here jump in to help without being asked.",
      "Collaboration across teams has become so much easier this year.",
    ],
    details: [
      "When we missed a deadline in spring, nobody pointed fingers; we just fixed it together.",
      "I never feel like I am carrying a problem alone.",
      "The weekly cross-team demo keeps everyone connected.",
    ],
  },
  {
    theme: "Manager",
    openings: [
      "My manager is the best I have had in my career.",
      "I get real, useful feedback from my lead every week.",
      "My manager trusts me to make decisions.",
    ],
    details: [
      "Our one-to-ones are about my growth, not just status updates.",
      "She protects our focus time and pushes back on unrealistic requests.",
      "He admits when he gets something wrong, which makes it easy for the rest of us to do the same.",
    ],
  },
  {
    theme: "Flexibility",
    openings: [
      "The flexible schedule has changed my life.",
      "Being able to work from home two days a week matters a lot to me.",
      "I appreciate that nobody questions it when I need to leave for a family appointment.",
    ],
    details: [
      "It makes school pickups possible.",
      "I am more productive on my home days than I ever was in the office.",
      "It feels like we are treated as adults.",
    ],
  },
  {
    theme: "Purpose",
    openings: [
      "I believe in what we make and who it helps.",
      "Our customers' stories remind me why the work matters.",
      "The mission is not just a poster on the wall here.",
    ],
    details: [
      "Hearing from a customer at the all-hands made my month.",
      "Leadership connects decisions back to the mission.",
      "It keeps me going on the hard days.",
    ],
  },
  {
    theme: "Growth",
    openings: [
      "I have learned more here in two years than in the previous five.",
      "The learning budget is generous and easy to use.",
      "I was given a stretch project and real support to succeed in it.",
    ],
    details: [
      "The mentoring program paired me with someone outside my department.",
      "I finished a certification paid for by the company.",
      "Mistakes are treated as part of learning.",
    ],
  },
  {
    theme: "Benefits",
    openings: [
      "The health insurance is excellent and the parental leave was generous.",
      "Benefits are one of the reasons I stay.",
      "The wellness stipend is a thoughtful touch.",
    ],
    details: [
      "When my daughter was born I had real time at home.",
      "Open enrollment was clearly explained this year.",
      "I use it for my gym and my therapist.",
    ],
  },
  {
    theme: "Recognition",
    openings: [
      "People say thank you here, and they mean it.",
      "The peer recognition channel is full of small wins every day.",
      "Leadership noticed the extra hours we put in during the launch.",
    ],
    details: [
      "It sounds small, but it keeps morale high.",
      "I got a handwritten note from our CEO.",
      "The celebration afterwards felt earned.",
    ],
  },
  {
    theme: "Inclusion",
    openings: [
      "I can be myself at work.",
      "The employee resource groups are active and taken seriously.",
      "Meetings are run so that quieter voices get heard.",
    ],
    details: [
      "That is not something I could say at my last job.",
      "Leadership shows up to listen, not just to speak.",
      "Facilitators ask for written input before decisions.",
    ],
  },
  {
    theme: "Mixed praise",
    openings: [
      "The people are wonderful, even if the processes can be frustrating.",
      "Although the pace is intense, I have never felt so supported by my colleagues.",
      "Pay could be better, but the flexibility and the team make up for it.",
    ],
    details: [
      "I would still recommend it to a friend without hesitation.",
      "Most days I leave proud of what we shipped.",
      "Nobody here is afraid to ask for help.",
    ],
  },
];

export const CONSTRUCTIVE_THEMES: CommentTheme[] = [
  {
    theme: "Workload",
    openings: [
      "The workload has been unsustainable for months.",
      "We keep adding projects without taking anything away.",
      "Too many people are working evenings to keep up.",
    ],
    details: [
      "Please hire for the open roles instead of spreading the work thinner.",
      "Prioritise fewer things and say no to the rest.",
      "Burnout is real on my team and it is not being talked about.",
    ],
  },
  {
    theme: "Pay",
    openings: [
      "Salaries have fallen behind the market.",
      "Pay raises this year did not keep up with the cost of living.",
      "The way salaries are decided is not transparent.",
    ],
    details: [
      "Publish salary bands so people know where they stand.",
      "Good people are leaving for better offers.",
      "New hires are being paid more than people who trained them.",
    ],
  },
  {
    theme: "Career growth",
    openings: [
      "It is not clear how to get promoted here.",
      "There are few paths to grow without becoming a manager.",
      "Internal candidates rarely get the open senior roles.",
    ],
    details: [
      "A written career framework would help a lot.",
      "I would like a technical track that is valued as much as management.",
      "Tell us why when we are passed over.",
    ],
  },
  {
    theme: "Communication",
    openings: [
      "We often hear about big decisions from customers before we hear from leadership.",
      "Communication from the top is inconsistent.",
      "Information gets stuck between departments.",
    ],
    details: [
      "A short written update after each leadership meeting would go a long way.",
      "The reorganisation was announced with no explanation.",
      "We duplicate work because teams do not know what others are doing.",
    ],
  },
  {
    theme: "Meetings",
    openings: [
      "There are far too many meetings.",
      "My calendar leaves no time for deep work.",
      "Many meetings have no agenda and no outcome.",
    ],
    details: [
      "Try meeting-free afternoons.",
      "Record decisions so people can skip meetings they do not need.",
      "Half of my week is status updates that could be a message.",
    ],
  },
  {
    theme: "Tools",
    openings: [
      "Our internal tools are slow and outdated.",
      "The laptop refresh cycle is too long.",
      "Approvals take too many steps in the expense system.",
    ],
    details: [
      "We lose hours every week waiting on builds.",
      "It is hard to do good work with a five-year-old machine.",
      "A simple purchase takes three sign-offs.",
    ],
  },
  {
    theme: "Management",
    openings: [
      "Some managers need much more training in how to lead people.",
      "Feedback only happens once a year at review time.",
      "My manager changed three times in eighteen months.",
    ],
    details: [
      "Being good at the job does not make someone a good manager.",
      "By then it is too late to act on it.",
      "Every change resets my goals and my progress.",
    ],
  },
  {
    theme: "Return to office",
    openings: [
      "The new office attendance rule feels like a step backwards.",
      "Requiring office days without a reason has hurt trust.",
      "Commuting in for video calls makes little sense.",
    ],
    details: [
      "Let teams decide what works for them.",
      "Explain the reasoning and measure outcomes, not badge swipes.",
      "Several of us are now looking elsewhere because of it.",
    ],
  },
  {
    theme: "Mixed",
    openings: [
      "My team is great, but senior leadership feels out of touch with the front line.",
      "The benefits are good, however the constant reorganisations are exhausting.",
      "I like my manager, but I am worried about job security after the last round of layoffs.",
    ],
    details: [
      "A few honest town halls would rebuild a lot of trust.",
      "We need stability more than another new strategy.",
      "People are afraid to speak up in case they are next.",
    ],
  },
];

/** A comment from the given themes, chosen by the random source: an opening, and half the time a detail. */
export function composeComment(themes: readonly CommentTheme[], random: () => number): string {
  const theme = themes[Math.floor(random() * themes.length)];
  const opening = theme.openings[Math.floor(random() * theme.openings.length)];
  if (random() < 0.5) return opening;
  return `${opening} ${theme.details[Math.floor(random() * theme.details.length)]}`;
}
