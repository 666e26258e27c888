/** Presets about groups of people: parents and caregivers, diversity, young professionals, women, volunteering, LGBTQ+. */
import { agreeItem, choiceItem, openItem } from "../field-builders.js";
import type { PresetDefinition } from "./types.js";

const OPTIONAL = { required: false } as const;

export const PARENTS_CAREGIVERS: PresetDefinition = {
  id: "ParentsCaregivers",
  icon: "IconBabyCarriage",
  title: "Parents & Caregivers",
  description: "Learn how well people who care for children, parents or other loved ones are supported, from flexibility to leave.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem(
      "parents_caregivers_flexibility",
      "{{company_name}} gives me the flexibility I need to handle my family and caregiving responsibilities.",
    ),
    agreeItem("parents_caregivers_time_off", "I can take time off for family needs without it hurting my career here."),
    agreeItem("parents_caregivers_manager", "My manager understands the demands of caring for others outside work."),
    agreeItem("parents_caregivers_policies", "Our parental and caregiver leave policies are clear and easy to use."),
    choiceItem(
      "parents_caregivers_status",
      "Do you currently care for a child, an adult relative or someone else who depends on you?",
      ["Yes, one or more children", "Yes, an adult or older relative", "Yes, both", "No", "Prefer not to say"],
      OPTIONAL,
    ),
    openItem("parents_caregivers_change", "What one change would make {{company_name}} a better place for parents and caregivers?"),
  ],
};

export const DIVERSITY: PresetDefinition = {
  id: "Diversity",
  icon: "IconUsersGroup",
  title: "Diversity",
  description: "See whether people feel that different backgrounds and points of view are welcomed, represented and valued.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("diversity_backgrounds", "People from many different backgrounds work at {{company_name}}."),
    agreeItem("diversity_viewpoints", "Different points of view are welcomed when we make decisions."),
    agreeItem("diversity_leadership", "The leaders of {{company_name}} reflect the variety of people who work here."),
    agreeItem("diversity_fair_decisions", "Hiring and promotion decisions here are fair, whoever you are."),
    choiceItem(
      "diversity_unfair_treatment",
      "In the past 12 months, have you seen or experienced unfair treatment at work because of who someone is?",
      ["Yes", "No", "Not sure", "Prefer not to say"],
      OPTIONAL,
    ),
    openItem("diversity_improve", "What could {{company_name}} do to make diversity a bigger strength?"),
  ],
};

export const YOUNG_PROFESSIONALS: PresetDefinition = {
  id: "YoungProfessionals",
  icon: "IconSchool",
  title: "Young Professionals",
  description: "Hear from people early in their careers about learning, mentoring and the path ahead of them.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("young_professionals_learning", "I learn something new in my role on a regular basis."),
    agreeItem("young_professionals_mentor", "I have a mentor or someone more experienced I can turn to for advice."),
    agreeItem("young_professionals_next_step", "I understand what I need to do to reach the next step in my career here."),
    agreeItem("young_professionals_ideas", "My ideas are taken seriously, even though I am early in my career."),
    choiceItem(
      "young_professionals_horizon",
      "How long do you see yourself staying at {{company_name}}?",
      ["Less than 1 year", "1-2 years", "3-5 years", "More than 5 years", "Not sure"],
      OPTIONAL,
    ),
    openItem("young_professionals_grow", "What would help you grow faster at {{company_name}}?"),
  ],
};

export const WOMEN: PresetDefinition = {
  id: "Women",
  icon: "IconGenderFemale",
  title: "Women in the Workplace",
  description: "Understand how women experience opportunity, pay, respect and support at your company.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("women_opportunity", "Women and men at {{company_name}} have the same chances to advance."),
    agreeItem("women_pay", "I believe people here are paid fairly for the same work, whatever their gender."),
    agreeItem("women_voice", "Women's voices carry the same weight as men's in meetings and decisions."),
    agreeItem("women_role_models", "There are women in senior roles at {{company_name}} whom people can look up to."),
    agreeItem("women_reporting", "If I reported harassment, I am confident it would be taken seriously and handled well."),
    openItem("women_improve", "What would make {{company_name}} a better workplace for women?"),
  ],
};

export const VOLUNTEERING: PresetDefinition = {
  id: "Volunteering",
  icon: "IconPlant",
  title: "Volunteering & Giving Back",
  description: "Find out how people feel about your community work and their chances to take part in it.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("volunteering_impact", "{{company_name}} makes a positive difference in our community."),
    agreeItem("volunteering_opportunities", "I have enough chances to volunteer through work."),
    agreeItem("volunteering_work_hours", "I can use some of my working hours to volunteer."),
    agreeItem("volunteering_causes", "The causes we support are ones our employees care about."),
    choiceItem(
      "volunteering_frequency",
      "How often have you volunteered through {{company_name}} in the past year?",
      ["Never", "Once", "2-5 times", "More than 5 times"],
      OPTIONAL,
    ),
    openItem("volunteering_ideas", "Which causes or community projects would you like {{company_name}} to support?"),
  ],
};

export const LGBTQ: PresetDefinition = {
  id: "LGBTQ",
  icon: "IconRainbow",
  title: "LGBTQ+ Inclusion",
  description: "Learn whether LGBTQ+ employees feel safe, respected and able to be themselves at work.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("lgbtq_be_yourself", "I can be open about who I am at {{company_name}}."),
    agreeItem("lgbtq_respect", "{{company_name}} treats LGBTQ+ employees with respect and fairness."),
    agreeItem("lgbtq_policies", "Our benefits and policies support LGBTQ+ employees and their families."),
    agreeItem("lgbtq_speak_up", "If someone made an anti-LGBTQ+ remark here, it would be challenged."),
    agreeItem("lgbtq_names_pronouns", "People here use each other's chosen names and pronouns."),
    openItem("lgbtq_improve", "What could {{company_name}} do to better support LGBTQ+ colleagues?"),
  ],
};
