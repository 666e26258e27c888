import type { Emotion } from "../types.js";
import { wordList } from "./build.js";

/**
 * Hearth's emotion lexicon: cue words and phrases for the ten emotions a comment can carry ("None" is decided by
 * the no-answer rules, never by words). Each cue weighs 1 unless written `word:weight`. Underscores join phrase
 * words. A cue is matched on the word's lower-case form or its lemma; a negated cue does not count (see
 * `NEGATED_EMOTION_CUES` for the few that change emotion when negated). Neutral has no cues: it is what is left
 * when a comment names no feeling.
 */
const CUES: Record<Exclude<Emotion, "Neutral" | "None">, string> = {
  Love: `love:2 loved:2 loving:2 adore:2 cherish:2 favourite favorite second_family:2 like_family:2 family_feeling:2
    best_job:1.5 best_place:1.5 best_group:1.5 proud heart passion treasure`,
  Gratitude: `thank:2 thanks:2 thankful:2 grateful:2 gratitude:2 appreciate:1.5 appreciated:1.5 appreciative:1.5
    much_appreciated:2 kudos:2 means_a_lot:1.5 have_my_back:1.5 indebted:2 blessed:1.5`,
  Optimism: `hope:1.5 hopeful:2 hopefully:2 optimistic:2 confident:1.5 promising:1.5 bright_future:2 look_forward:1.5
    right_direction:1.5 right_track:1.5 on_track:1 high_hopes:2 believe expect:0.7 improving future:0.7
    achievable getting_better:1.5 will_succeed:1.5 potential:0.7 progress:0.7 encouraging positive:0.7`,
  Excitement: `excited:2 exciting:2 excitement:2 thrilled:2 thrilling:2 can_not_wait:2 eager:1.5 awesome:1.5 amazing:1.2
    wow:1.5 blast:1.5 exhilarating:2 pumped:2 buzzing:1.5 stunning:1.2 energy energizing:1.5 energising:1.5
    incredible:1.2 fantastic:0.7 fun:0.7 enthusiastic:2 enthusiasm:2 so_much_fun:1.5`,
  Annoyance: `annoying:2 annoyed:2 annoy:2 annoyance:2 irritating:2 irritated:2 frustrating:2 frustrated:2
    frustration:2 tired:1.5 tiring:1.5 hassle:2 headache:2 a_pain:2 ugh:2 tedious:1.5 clunky:1.5
    drives_me_crazy:2 getting_old:2 yet_another:1.5 pointless:1.5 keep_changing:1.5 noisy interruptions interruption
    pick_up_the_slack:1.5 fed_up:1.2 nagging inconvenient:1.5 slow:0.5 broken:0.7 red_tape:1.2 not_work`,
  Disapproval: `unfair:1.5 poor:1.5 lack lacking favouritism:1.5 favoritism:1.5 play_favourites:2 play_favorites:2
    bureaucracy out_of_touch:1.5 mistake outdated political disappointed:1.5 disappointing:1.5 inadequate:1.5
    below_average below_market understaffed underpaid unsustainable:1.5 micromanage:1.5 micromanages:1.5
    micromanaging:1.5 micromanagement:1.5 disagree:1.5 wrong unnoticed:1.5 undervalued:1.5 unappreciated:1.5
    inconsistent incompetent:1.5 accountable:0.7 terrible:0.7 bad:0.5 overworked stretched_thin`,
  Anger: `angry:2 anger:2 furious:2.5 livid:2.5 enraged:2.5 rage:2 outraged:2.5 outrageous:2 infuriating:2.5
    infuriated:2.5 mad:1.5 how_dare:2.5 unacceptable:1.5 hate:2 sick_and_tired:2 yell:2 yelled:2 yelling:2
    lied:1.5 lying:1.2 hypocrisy:1.5 hypocritical:1.5 bully:1.5 bullies:1.5 bullying:1.5 fuming:2.5 pissed:2
    makes_me_furious:2.5 threaten:1.2 threatened:1.2`,
  Fear: `afraid:2 scared:2 scary:2 fear:2 terrified:2.5 worried:2 worry:2 worrying:2 anxious:2 anxiety:2 nervous:2
    concerned:1.5 concern:1 on_edge:2 insecure:1.5 job_security:1.5 layoff:1.2 layoffs:1.2 retaliation:1.5
    unsafe:2 burnout:1 panic:2 dread:2 uncertain:1.2 uncertainty:1.2 replace_our_jobs:1.5 frightening:2 threat:1`,
  Disgust: `disgusting:2.5 disgusted:2.5 gross:2 sickening:2.5 makes_me_sick:2.5 filthy:2.5 mold:2 mould:2
    revolting:2.5 repulsive:2.5 vile:2.5 nauseating:2.5 appalling:2 repugnant:2.5 shameful:2 toxic:1.5 dirty:1.5
    stink:2 stinks:2 smell:1 sexist:1.2 racist:1.2 creepy:1.5 sleazy:2 despicable:2.5`,
};

export interface EmotionCue {
  emotion: Emotion;
  weight: number;
}

function buildCues(): { words: Map<string, EmotionCue>; phrases: Map<string, EmotionCue> } {
  const words = new Map<string, EmotionCue>();
  const phrases = new Map<string, EmotionCue>();
  for (const [emotion, list] of Object.entries(CUES) as [Emotion, string][]) {
    for (const entry of wordList(list)) {
      const [cue, weight] = entry.split(":");
      (cue.includes(" ") ? phrases : words).set(cue, { emotion, weight: weight ? Number(weight) : 1 });
    }
  }
  return { words, phrases };
}

const built = buildCues();
export const EMOTION_WORDS: ReadonlyMap<string, EmotionCue> = built.words;
export const EMOTION_PHRASES: ReadonlyMap<string, EmotionCue> = built.phrases;

/** Cues that signal another emotion when negated: "I don't feel safe" is fear, "never feel appreciated" disapproval. */
export const NEGATED_EMOTION_CUES: ReadonlyMap<string, EmotionCue> = new Map([
  ["safe", { emotion: "Fear", weight: 2 }],
  ["secure", { emotion: "Fear", weight: 2 }],
  ["appreciated", { emotion: "Disapproval", weight: 1.5 }],
  ["valued", { emotion: "Disapproval", weight: 1.5 }],
  ["happy", { emotion: "Disapproval", weight: 1.5 }],
  ["impressed", { emotion: "Disapproval", weight: 1.5 }],
  ["fair", { emotion: "Disapproval", weight: 1.5 }],
  ["equally", { emotion: "Disapproval", weight: 1.5 }],
  ["trust", { emotion: "Disapproval", weight: 1.5 }],
  ["supportive", { emotion: "Disapproval", weight: 1.5 }],
]);
