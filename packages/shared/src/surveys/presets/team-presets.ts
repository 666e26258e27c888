/** Presets about the everyday experience of work and about people who lead it. */
import { agreeItem, openItem } from "../field-builders.js";
import type { PresetDefinition } from "./types.js";

export const EMPLOYEE_EXPERIENCE: PresetDefinition = {
  id: "EmployeeExperience",
  icon: "IconMoodSmile",
  title: "Employee Experience",
  description: "A quick pulse on day-to-day work: tools, communication, recognition and whether people plan to stay.",
  requiredMetaFields: ["company_name"],
  isLOWI: false,
  fields: [
    agreeItem("employee_experience_tools", "I have what I need to do my best work every day."),
    agreeItem("employee_experience_informed", "I know what is happening at {{company_name}} and why."),
    agreeItem("employee_experience_recognition", "My work is recognised fairly."),
    agreeItem("employee_experience_stay", "I see myself still working at {{company_name}} two years from now."),
    agreeItem("employee_experience_recommend", "I would recommend {{company_name}} to a friend who is looking for a job."),
    openItem("employee_experience_best", "What is the best part of working at {{company_name}}?"),
    openItem("employee_experience_frustration", "What gets in the way of your work most often?"),
  ],
};

export const AFTER_ACTION_REVIEW: PresetDefinition = {
  id: "AfterActionReview",
  icon: "IconClipboardCheck",
  title: "After Action Review",
  description: "Gather honest feedback after a meeting, event or project: what worked, what didn't and what to change.",
  requiredMetaFields: ["meeting_name"],
  isLOWI: false,
  fields: [
    agreeItem("after_action_review_goals", "The goals of {{meeting_name}} were clear from the start."),
    agreeItem("after_action_review_achieved", "{{meeting_name}} achieved what it set out to do."),
    agreeItem("after_action_review_time", "My time in {{meeting_name}} was well spent."),
    agreeItem("after_action_review_contribute", "I had the chance to contribute my ideas to {{meeting_name}}."),
    openItem("after_action_review_went_well", "What went well in {{meeting_name}}?"),
    openItem("after_action_review_next_time", "What should we do differently next time?"),
  ],
};

export const LEADER_EFFECTIVENESS: PresetDefinition = {
  id: "LeaderEffectiveness",
  icon: "IconUserStar",
  title: "Leader Effectiveness",
  description: "Get feedback on a senior leader's direction, communication, decisions and example, to help them grow.",
  requiredMetaFields: ["first_name", "last_name"],
  isLOWI: false,
  fields: [
    agreeItem("leader_effectiveness_direction", "{{first_name}} {{last_name}} sets a clear direction that people want to follow."),
    agreeItem("leader_effectiveness_communication", "{{first_name}} {{last_name}} is open about what is happening and why."),
    agreeItem("leader_effectiveness_decisions", "{{first_name}} {{last_name}} makes sound decisions, even under pressure."),
    agreeItem("leader_effectiveness_values", "{{first_name}} {{last_name}} acts in line with our values."),
    agreeItem("leader_effectiveness_listens", "{{first_name}} {{last_name}} listens to people at every level."),
    agreeItem("leader_effectiveness_trust", "I trust {{first_name}} {{last_name}} to lead us through change."),
    openItem("leader_effectiveness_keep", "What should {{first_name}} keep doing?"),
    openItem("leader_effectiveness_change", "What could {{first_name}} do differently to be an even better leader?"),
  ],
};

export const MANAGER_EFFECTIVENESS: PresetDefinition = {
  id: "ManagerEffectiveness",
  icon: "IconUserCheck",
  title: "Manager Effectiveness",
  description: "Get feedback from a manager's team on support, coaching, fairness and communication.",
  requiredMetaFields: ["first_name", "last_name"],
  isLOWI: false,
  fields: [
    agreeItem("manager_effectiveness_expectations", "{{first_name}} {{last_name}} makes sure I know what is expected of me."),
    agreeItem("manager_effectiveness_feedback", "{{first_name}} {{last_name}} gives me useful feedback that helps me improve."),
    agreeItem("manager_effectiveness_growth", "{{first_name}} {{last_name}} supports my growth and my career."),
    agreeItem("manager_effectiveness_fairness", "{{first_name}} {{last_name}} treats everyone on the team fairly."),
    agreeItem(
      "manager_effectiveness_concerns",
      "I can raise a concern with {{first_name}} {{last_name}} and know it will be taken seriously.",
    ),
    agreeItem("manager_effectiveness_recognition", "{{first_name}} {{last_name}} notices and recognises good work."),
    openItem("manager_effectiveness_helps", "What does {{first_name}} do that helps you most?"),
    openItem("manager_effectiveness_change", "What one thing could {{first_name}} change to help you do your best work?"),
  ],
};
