/** The five presets that share one invitation content set: Inclusivity, Neurodiversity, Wellness, Veterans, Career Advancement. */
import { agreeItem, choiceItem, openItem } from "../field-builders.js";
import type { PresetDefinition } from "./types.js";

const OPTIONAL = { required: false } as const;

export const INCLUSIVITY: PresetDefinition = {
  id: "Inclusivity",
  icon: "IconHeartHandshake",
  title: "Inclusivity",
  description: "Measure how included people feel in everyday work: meetings, decisions and the social side of the job.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("inclusivity_decisions", "I am included in the conversations and decisions that affect my work."),
    agreeItem("inclusivity_whole_self", "I can be myself at work without hiding parts of who I am."),
    agreeItem("inclusivity_effort", "People here make an effort to include colleagues who are new, remote or different from them."),
    agreeItem("inclusivity_access", "I have the same access to information and opportunities as my colleagues."),
    openItem("inclusivity_moment", "Tell us about a time you felt especially included, or left out, at {{company_name}}."),
  ],
};

export const NEURODIVERSITY: PresetDefinition = {
  id: "Neurodiversity",
  icon: "IconBrain",
  title: "Neurodiversity",
  description: "Understand how well your workplace supports people who think, learn and communicate in different ways.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("neurodiversity_valued", "{{company_name}} values people who think and work in different ways."),
    agreeItem(
      "neurodiversity_adjustments",
      "If I asked for a change to how I work, such as a quieter space or instructions in writing, I would get it.",
    ),
    agreeItem("neurodiversity_communication", "Meetings and messages here work for people who take in information differently."),
    agreeItem("neurodiversity_managers", "Managers here know how to support neurodivergent colleagues."),
    choiceItem(
      "neurodiversity_identity",
      "Do you consider yourself neurodivergent (for example ADHD, autism or dyslexia)?",
      ["Yes", "No", "Not sure", "Prefer not to say"],
      OPTIONAL,
    ),
    openItem("neurodiversity_easier", "What would make your workday easier or more comfortable?"),
  ],
};

export const WELLNESS: PresetDefinition = {
  id: "Wellness",
  icon: "IconHeartbeat",
  title: "Wellness",
  description: "Check in on stress, workload and wellbeing, and on how well the company supports them.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("wellness_workload", "My workload is manageable in most weeks."),
    agreeItem("wellness_switch_off", "I can switch off from work in my own time."),
    agreeItem("wellness_cares", "{{company_name}} genuinely cares about my physical and mental health."),
    agreeItem("wellness_support_known", "I know what wellbeing support is available to me and how to use it."),
    choiceItem(
      "wellness_burnout",
      "In the past month, how often have you felt burned out by work?",
      ["Never", "Rarely", "Sometimes", "Often", "Always"],
      OPTIONAL,
    ),
    openItem("wellness_improve", "What one thing would do most to improve your wellbeing at work?"),
  ],
};

export const VETERANS: PresetDefinition = {
  id: "Veterans",
  icon: "IconMedal",
  title: "Veterans",
  description: "Learn how military veterans experience hiring, the recognition of their skills and support at work.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("veterans_skills", "{{company_name}} values the skills and experience people bring from military service."),
    agreeItem("veterans_transition", "People moving from military to civilian work are well supported here."),
    agreeItem("veterans_advancement", "Veterans have a fair chance to advance at {{company_name}}."),
    agreeItem("veterans_policies", "Our policies support employees who serve as reservists or have family in the armed forces."),
    choiceItem(
      "veterans_connection",
      "Have you, or has someone in your close family, served in the armed forces?",
      ["Yes, I have served", "Yes, a family member has served", "Both", "No", "Prefer not to say"],
      OPTIONAL,
    ),
    openItem("veterans_improve", "How could {{company_name}} better support veterans and military families?"),
  ],
};

export const CAREER_ADVANCEMENT: PresetDefinition = {
  id: "CareerAdvancement",
  icon: "IconStairsUp",
  title: "Career Advancement",
  description: "See whether people know how to grow at your company and believe that promotions are fair.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("career_advancement_future", "I can see a future for my career at {{company_name}}."),
    agreeItem("career_advancement_criteria", "I know what I need to do to be promoted."),
    agreeItem("career_advancement_fairness", "Promotions here go to the people who have earned them."),
    agreeItem("career_advancement_conversations", "My manager and I talk about my development at least twice a year."),
    agreeItem("career_advancement_stretch", "I get the training and stretch assignments I need to progress."),
    openItem("career_advancement_next_step", "What would help you take the next step in your career here?"),
  ],
};
