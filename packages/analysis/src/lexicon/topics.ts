import type { Topic } from "../types.js";
import { wordList } from "./build.js";

/**
 * Hearth's workplace topic lexicon. Each topic lists the words and phrases (underscores) that name it; a cue weighs 1
 * unless written `word:weight`. Phrases are matched first and their words are not counted again, so "senior
 * management" is Leadership while "management" alone is Management, and "back to the office" is Remote Work while
 * "office" alone is Facilities. Hyphens are ignored ("work-life" = "work life").
 */
const CUES: Record<Exclude<Topic, "General">, string> = {
  Management: `manager:2 managers:2 supervisor:2 supervisors:2 boss:2 management line_manager:2 team_lead:2
    team_leader:2 micromanage:1.5 micromanages:1.5 micromanaging:1.5 micromanagement:1.5 one_on_one one_on_ones
    favouritism favoritism play_favourites:2 play_favorites:2 managed middle_management:2`,
  Leadership: `leadership:2 leader leaders ceo:2 executive:2 executives:2 exec execs senior_management:3
    upper_management:3 top_management:3 senior_leadership:3 director directors vision strategy:1.5 strategic
    roadmap founder founders board acquisition:1.5 merger:1.5 direction`,
  Compensation: `pay:2 paid:1.5 salary:2 salaries:2 wage:2 wages:2 compensation:2 raise:1.5 pay_rise:2 bonus:2
    bonuses:2 underpaid:2 income money inflation:1.5 rent stock_options commission pay_freeze:2 paycheck
    paying`,
  Benefits: `benefit:2 benefits:2 insurance:2 health_plan:2 health_insurance:2 dental:2 pension:2 retirement
    parental_leave:2 vacation:1.5 time_off:1.5 pto:2 stipend:2 wellness:1.5 perks:2 perk:2 gym sabbatical:2
    childcare:2 reimbursement holidays`,
  "Work-Life Balance": `work_life_balance:3 balance:1.5 flexibility:1.5 flexible:1.2 hours:1.2 weekend weekends
    day_off:1.5 days_off evening evenings family_time:2 burnout lunch_break:2 work_late:1.5 personal_life:2
    start_times overtime:0.7 father:0.5`,
  "Career Growth": `career:2 promotion:2 promotions:2 promote promoted advancement:2 progression:2 career_path:3
    growth:1.5 grow:1.5 development:1.5 role:1.2 opportunities:1 opportunity:1 job_level:2 levels future_for_myself:2
    path`,
  Culture: `culture:2 atmosphere:2 environment:1.5 values:1.5 second_family:2 like_family:2 family_feeling:2 people:0.7
    place:0.7 vibe morale:2 toxic politics political gossip warmth treated_like_a_number:2 corporate community
    belonging:1.5 offsite`,
  Teamwork: `team:1.5 teams:1.5 teammate teammates coworker:2 coworkers:2 co_worker:2 co_workers:2 colleague:2
    colleagues:2 peers collaboration:2 collaborate:2 cooperate:2 cooperation:2 cross_team:2 crew:2 together
    teamwork:3 group hackathon`,
  Communication: `communication:3 communicate:2 informed:1.5 information update:1.5 updates:1.5 announcement:1.5
    announcements:1.5 meeting:1.2 meetings:1.2 email emails town_hall:2 all_hands:2 transparency:1.5
    transparent:1.5 feedback:1.5 listen listens news hear explained explain lied:1.5 lie:1 notes share:0.7 numbers`,
  Workload: `workload:3 overtime:1.5 deadline:1.5 deadlines:1.5 understaffed:2 stretched_thin:2 busy overloaded:2
    overwhelming:1.5 overwhelmed:1.5 pace:1.5 too_much_work:2 interruptions:1.5 requests:1.2 headcount:1.5 staff
    work_of_two_people:2 ad_hoc tasks volume hire:1.2 workloads`,
  Recognition: `recognition:3 recognise:2 recognised:2 recognize:2 recognized:2 appreciated:1.5 acknowledged:1.5
    acknowledge credit:2 praise:2 reward rewarded rewards employee_of_the_month:3 celebrate:1.5 milestones
    unnoticed:2 noticed:1.5 valued:1.5 undervalued:2 unappreciated:2 kudos`,
  "Tools & Resources": `tool:2 tools:2 equipment:2 laptop:2 laptops:2 computer:2 computers:2 software:2 system:1.5
    systems:1.5 vpn:2 phones:1.5 resources:1.5 technology:2 tech hardware:2 app apps log_in:1.5 ai_tools:2`,
  "Remote Work": `remote:2 work_from_home:3 working_from_home:3 wfh:3 hybrid:2 back_to_the_office:3 remote_workers:3
    home:1 remote_day:3 remote_setup:3`,
  "Diversity & Inclusion": `diversity:3 diverse:2 inclusion:3 inclusive:2 inclusivity:3 equality:2 equally:1.5 equal:1.5
    discrimination:3 racist:2 racism:3 sexist:2 sexism:3 harassment:2 regardless_of_background:3 background:1
    disabilities:2 disability:2 gender:2 women:1.5 minorities:2 resource_group:2 be_myself:2 ethnicity:2 race:2
    diversity_council:3 pay_gap:1`,
  Training: `training:2 train:1.5 trained:1.5 course:2 courses:2 onboarding:2 learning:1.5 learn:1.5 learned
    mentoring:2 mentor:2 mentorship:2 workshop:2 workshops:2 conference:1.5 refresher:2 skills:1.5 education:1.5
    sessions`,
  Facilities: `office:1.5 offices building parking:2 parking_lot:2 bathroom:2 bathrooms:2 restroom:2 restrooms:2
    kitchen:2 fridge:2 coffee_machine:2 break_room:3 lunch_room:3 meeting_rooms:3 meeting_room:3 desk desks chair
    chairs canteen:2 cafeteria:2 floor lighting:1.5 air_conditioning:2 warehouse:1 facilities:2`,
};

export interface TopicCue {
  topic: Topic;
  weight: number;
}

function buildCues(): { words: Map<string, TopicCue[]>; phrases: Map<string, TopicCue[]> } {
  const words = new Map<string, TopicCue[]>();
  const phrases = new Map<string, TopicCue[]>();
  for (const [topic, list] of Object.entries(CUES) as [Topic, string][]) {
    for (const entry of wordList(list)) {
      const [cue, weight] = entry.split(":");
      const target = cue.includes(" ") ? phrases : words;
      const cues = target.get(cue) ?? [];
      cues.push({ topic, weight: weight ? Number(weight) : 1 });
      target.set(cue, cues);
    }
  }
  return { words, phrases };
}

const built = buildCues();
export const TOPIC_WORDS: ReadonlyMap<string, readonly TopicCue[]> = built.words;
export const TOPIC_PHRASES: ReadonlyMap<string, readonly TopicCue[]> = built.phrases;
