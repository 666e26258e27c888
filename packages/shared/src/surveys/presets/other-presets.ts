/** The LOWI™ survey, the customer survey, the Action Plan Check-In and the blank Custom survey. */
import { agreeItem, choiceItem, openItem } from "../field-builders.js";
import { listLowiFields } from "../lowi/instrument.js";
import { RECOMMEND_OPTIONS } from "../scales.js";
import type { PresetDefinition } from "./types.js";

export const PULSE_VALIDATION: PresetDefinition = {
  id: "PulseValidation",
  icon: "IconHeart",
  title: "Love of Workplace Index™ (LOWI™)",
  description:
    "The full culture survey behind your LOWI™ score, reports and certification: the 15 culture competencies, love of work, group areas, benefits and demographics.",
  requiredMetaFields: ["company_name"],
  isLOWI: true,
  fields: listLowiFields(),
};

export const CUSTOMER_LOVE_OF_COMPANY: PresetDefinition = {
  id: "CustomerLoveOfCompany",
  icon: "IconShoppingBagHeart",
  title: "Customer Love of Company",
  description: "Ask your customers how it feels to work with your company and whether they would recommend it.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    choiceItem(
      "customer_love_recommend",
      "How likely are you to recommend {{company_name}} to a friend or colleague? (1 = Very Likely, 10 = Not at All Likely)",
      RECOMMEND_OPTIONS,
    ),
    agreeItem("customer_love_love", "I love doing business with {{company_name}}."),
    agreeItem("customer_love_promises", "{{company_name}} delivers what it promises."),
    agreeItem("customer_love_people", "The people at {{company_name}} are easy to work with."),
    agreeItem("customer_love_problems", "When I have a problem, {{company_name}} sorts it out quickly."),
    openItem("customer_love_value", "What do you value most about {{company_name}}?"),
    openItem("customer_love_improve", "What could {{company_name}} do to serve you better?"),
  ],
};

export const TRANSFORMATION: PresetDefinition = {
  id: "Transformation",
  icon: "IconRoute",
  title: "Action Plan Check-In",
  description: "Check progress on the action plan from your last survey: whether people see change and what to tackle next.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("transformation_shared", "The leaders of {{company_name}} shared what they learned from our last survey."),
    agreeItem("transformation_known", "I know which actions {{company_name}} committed to after the last survey."),
    agreeItem("transformation_progress", "I have seen real progress on those actions."),
    agreeItem("transformation_involved", "I had a chance to help shape the action plan."),
    agreeItem("transformation_better", "Work at {{company_name}} is better now than it was at the time of the last survey."),
    openItem("transformation_difference", "Which change has made the biggest difference so far?"),
    openItem("transformation_next", "What should we focus on next?"),
  ],
};

/** Custom starts with one editable starter question of its own (not a preset default). */
export const CUSTOM: PresetDefinition = {
  id: "Custom",
  icon: "IconPencil",
  title: "Custom Survey",
  description: "Start from a blank survey and write your own questions.",
  requiredMetaFields: [],
  isLOWI: false,
  fields: [{ ...openItem("custom_1", "What is one thing that would make your work better?"), isDefault: false }],
};
