import { SENTIMENT_WORDS } from "./lexicon/sentiment.js";
import type { Word } from "./nlp.js";

/**
 * Sentence-level cues the word lexicon cannot see: implicit complaints ("I am looking for another job"), promises
 * that were not kept, irony ("Great, another reorganisation nobody asked for") and negated actions ("decisions are
 * not explained"). Each found cue carries a score that is added to the comment's summed word score, and a name that
 * the quote rule and the tests can read.
 */
export interface Cue {
  name: string;
  score: number;
}

interface Pattern {
  name: string;
  score: number;
  pattern: RegExp;
}

/** Patterns over the comment's lower-case text with "n't" spelt "not" and curly apostrophes straightened. */
const IMPLICIT_NEGATIVES: readonly Pattern[] = [
  {
    name: "job search",
    score: -2.5,
    pattern:
      /\b(look|looking|searching|search|applying|apply|interviewing) (for|at|around for) (a |an |another |other |new |different )*(job|jobs|role|roles|position|positions|employer|company|companies)\b/,
  },
  {
    name: "leaving",
    score: -2.5,
    pattern:
      /\b((thinking|thought|think|considering|consider) (about |of )?(leaving|quitting|resigning|moving on)|(plan|planning|want|going|about) to (leave|quit|resign)|(i'm|i am|i will be|i'll be) (leaving|quitting|resigning|handing in my notice) (in|at|next|this|because|after|once|when|as soon)|(handed|handing|hand) in my notice)\b/,
  },
  { name: "updating cv", score: -2, pattern: /\bupdat\w* (my|our) (cv|resume|résumé|linkedin)\b/ },
  {
    name: "promise not kept",
    score: -2,
    pattern:
      /\b(promis\w*|supposed to|mentioned|announced|talked about|committed to|told)\b.*\b(never|rarely|not|still wait\w*|yet to|postponed|delayed|shelved)\b/,
  },
  {
    name: "hard to",
    score: -1.5,
    // Not "hard to find anything wrong", which is praise.
    pattern:
      /\b(hard|difficult|impossible) to (see|feel|find|imagine|trust|believe|get|stay)\b(?! (anything|much|a thing|a single thing|fault|something) ?(wrong|bad|to complain|to fault|with)?)/,
  },
  { name: "no future", score: -2, pattern: /\bno (real |clear )?(future|way forward|prospects?)\b/ },
  {
    name: "decline",
    score: -1.5,
    // "No longer afraid to speak up" is relief, not decline.
    pattern:
      /\b(used to be|not what it used to|no longer(?! (afraid|scared|worried|anxious|stressed|dread\w*|fear\w*|have to|need to|worry|a problem|an issue))|not anymore|anymore)\b/,
  },
  {
    name: "praise in the past",
    score: -4,
    pattern: /\bused to (really )?(love|like|enjoy|adore|be (great|good|fun|nice|amazing|a great|a good|a fun|a nice))\b/,
  },
  {
    name: "pushing people out",
    score: -2,
    pattern: /\b(push|pushing|drive|driving|force|forcing)\b[^.!?]{0,30}\b(people|staff|talent|employees|us|colleagues) (out|away)\b/,
  },
  {
    name: "low morale",
    score: -2,
    pattern:
      /\b(low morale|morale (is |has been |seems |feels )?(low|at an all.time low|at rock bottom|rock bottom|poor|terrible|bad|dropping|down))\b/,
  },
  { name: "left out", score: -2, pattern: /\b(last to (know|hear|find out)|first to go|kept in the dark)\b/ },
  {
    name: "without a say",
    score: -1.5,
    pattern:
      /\bwithout (any |a |an )?(consult\w*|asking|explanation|warning|notice|input|reason|discussion|response|reply|answer|feedback|support|training)\b/,
  },
  {
    name: "only on paper",
    score: -2,
    pattern:
      /\b(on paper|in theory|in the (brochure|slides?|handbook|deck|onboarding slides|job advert|advert|press release)|on the (website|poster|wall|careers page))\b/,
  },
  { name: "taken away", score: -1.5, pattern: /\b(taken|took|was taken|got taken) away\b/ },
  { name: "same people", score: -1, pattern: /\bsame (\w+ )?(people|person|faces|few|names)\b/ },
  { name: "out of depth", score: -2, pattern: /\bout of (their|his|her|my|our|your) depth\b/ },
  { name: "denial", score: -1.5, pattern: /\bbut not (a |an |the |really |much of a )?\w+[.!]?$/ },
  {
    name: "nobody cares",
    score: -2,
    pattern:
      /\b(nobody|no one|noone|none of them)\b[^.,;!?]*\b(care|cares|listen|listens|asked|wanted|knows|explains|tells|reads|read|renewed|replaced|fixed|fixes|noticed|notices|responds|responded|answers|answered|follows|bothers|checks|thanks|thanked|said|says|does|did)\b/,
  },
  { name: "cannot remember", score: -2, pattern: /\bnot remember the last time\b/ },
  {
    name: "churn",
    score: -1.5,
    pattern:
      /\b(changed|changes|change|reorgani[sz]ed|restructured|replaced|switched)\b[^.]*?\b(\w+ times|again|every (year|quarter|month))\b/,
  },
  { name: "only reward", score: -1.5, pattern: /\bthe only \w+ (you|we|i) (get|got) is\b/ },
  { name: "not enough", score: -1.5, pattern: /\bnot (\w+ )?enough\b/ },
  {
    name: "nothing changes",
    score: -2,
    pattern:
      /\bnothing (ever |really |much |seems to )?(changes?|changed|happens?|happened|will change|improves?|gets? (done|fixed|better|resolved)|is (done|fixed))\b/,
  },
  {
    name: "people leaving",
    score: -2.5,
    pattern:
      /\b(people|staff|colleagues|everyone|talent|team|good ones|so many|lots of us|half of us|several of us)\b[^.!?]{0,25}?\b(keep leaving|are leaving|leave|left|quit|quitting|resign\w*|walked out|walking out)\b/,
  },
  { name: "what is the point", score: -2, pattern: /\bwhat('s| is) the point\b/ },
  {
    name: "how is anyone supposed",
    score: -2,
    pattern: /\bhow (is|are|am|can|do) (anyone|anybody|we|i|people|one|you) (supposed|expected|meant)\b/,
  },
  {
    name: "rhetorical why",
    score: -1.2,
    pattern: /(^|[.!?] )why (do|does|did|are|is|was|were|can|can not|should|must|have|has|would|will)\b[^.!?]*\?/,
  },
  { name: "still waiting", score: -1.5, pattern: /\bstill (no|not|nothing|waiting|have not|has not|no sign|open|pending|unanswered)\b/ },
  { name: "same role for years", score: -1.5, pattern: /\bsame (role|job|position|grade|level|salary|pay|title) (for|since)\b/ },
  {
    name: "treated like",
    score: -2,
    pattern: /\btreated like (a |an )?(number|numbers|child|children|kids|dirt|robots?|machines?|resources?|servants?)\b/,
  },
  {
    name: "afraid to speak",
    score: -2,
    pattern:
      /(?<!\b(no longer|not|never|nobody is|no one is) )\b(afraid|scared|frightened|nervous|hesitant|reluctant|fear) (to|of) (speak\w*|rais\w*|say\w*|admit\w*|ask\w*|report\w*|challeng\w*|disagree\w*|push\w* back)\b/,
  },
  {
    name: "only when wrong",
    score: -1.5,
    pattern: /\b(only|until)\b[^.!?]*\b(something|things|anything|it) (goes|go|went|breaks|broke) ?(wrong)?\b/,
  },
  {
    name: "expected to",
    score: -1,
    pattern: /\b(expected|pressured|made) to (answer|work|stay|be available|come in|cover|take on|do more)\b/,
  },
  // Round four (decision 0014): complaints the earlier cues missed, in general forms.
  {
    name: "endurance",
    score: -2.5,
    pattern: /\bhow (much )?long(er)? (i|we|anyone|people) (can|could) (keep|go on|carry on|last|stay|take)\b/,
  },
  { name: "given up", score: -2, pattern: /\b(given|gave|giving) up (on |expecting|hoping|asking|trying|raising)/ },
  { name: "tokenism", score: -2, pattern: /\b(nothing more|nothing else|in name only|lip service|box.ticking|tick.box|for show)\b/ },
  { name: "same kind of people", score: -1.5, pattern: /\bsame (kind|type|sort) of (people|person|faces|profile)\b/ },
  { name: "dismissed", score: -2, pattern: /\bgood luck["”'.!]*\s*["”']|["“'][^"“”']*\bgood luck\b/ },
  {
    name: "if only",
    score: -1.5,
    pattern:
      /\bif (anyone|anybody|someone|somebody|they|management|leadership|people) (actually |ever |just )?(listened|cared|bothered|asked|tried|followed through)\b/,
  },
  {
    name: "favouritism",
    score: -2,
    pattern:
      /\bunless (you|you're|you are|your face|someone) (are |is )?(friends|mates|close|in with|liked|likes you|happen to like|happens to like)/,
  },
  // Praise used against itself (decision 0014, round four, from data/dev-praise-words.jsonl): the praise is undercut
  // by a condition, a rumour, a picture that is not the reality, or a complaint in the same breath.
  {
    name: "undercut praise",
    score: -2.5,
    pattern:
      /\b(right up until|until you (try|actually|need|ask|read|look)|as long as (it is|it's) (positive|good news|what they want to hear)|if you (enjoy|like|don't mind|do not mind|happen to|have time)|for anyone who (has|can|does)|or so i (hear|am told|'m told|was told)|so i('m| am) told|in the same way i)\b/,
  },
  {
    name: "sarcastic praise",
    score: -2.5,
    pattern:
      /(^|[.!?] )(it is |it's |i'm |i am |we are |we're )?(genuinely |really |truly |so |very |just )?(amazing|impressive|wonderful|great|lovely|nice|kind|glad|thrilled|delighted|love|loving|appreciate|much appreciated|fantastic|brilliant|incredible|touching|cute|fun) (how|that|to (see|report|hear|learn|find)|finding|hearing|learning|of (the|them|management|leadership|hr|the company))\b[^.!?]*\b(never|still|again|lose|lost|reject\w*|less|without|nobody|no one|instead|not|after|times|only|entirely|just like|while|quietly|mandatory|replacing|11 ?pm|midnight|weekend|saturday|sunday|fired|cut)\b/,
  },
  { name: "nothing says", score: -2.5, pattern: /\bnothing says\b/ },
  { name: "tell that to", score: -2.5, pattern: /\btell that to\b/ },
  { name: "good for them", score: -2, pattern: /(^|[.!?] )good for (them|you|him|her)\b/ },
  { name: "no idea", score: -2, pattern: /\b(no|not the slightest|zero) (idea|clue) (what|how|who|why|about)\b/ },
  {
    name: "resigned to it",
    score: -2,
    pattern:
      /\b(i('ve| have) accepted that|made (my|our) peace with|resigned to|learned not to expect|stopped expecting|(learned|learnt) to stop|stopped (raising|asking|bothering|suggesting))\b/,
  },
  {
    name: "best part is leaving",
    score: -2.5,
    pattern:
      /\bbest (part|thing|moment) (of|about) (the|my) (day|week|job|month)\b[^.!?]*\b(friday|five|5 ?pm|home time|(drive|way|commute|going|go|heading) home|leaving|clocking off|payday|weekend)\b/,
  },
  {
    name: "several people's work",
    score: -2,
    pattern: /\b(two|three|four|five|\d+) (people's|peoples|persons'|people’s) (work|workload|jobs?)\b/,
  },
  {
    name: "lost good leadership",
    score: -2,
    pattern:
      /\b(previous|last|old|former) (manager|director|boss|ceo|leadership|team lead|head)\b[^.!?]*\b(actually|really|at least)\b|\bwhile it lasted\b/,
  },
  {
    name: "sarcastic tail",
    score: -2.5,
    pattern: /[.!?] (generous|lovely|great|brilliant|fantastic|wonderful|perfect|nice|amazing|classy|inspiring)[.!]*$/,
  },
  { name: "not a close friend", score: -2, pattern: /\bnot (a|my) (close|good|best) friend\b/ },
  {
    name: "surveillance",
    score: -2,
    pattern:
      /\b(track|tracks|tracked|tracking|monitor|monitors|monitored|monitoring|log|logs|logging|time|times|timing) (our|my|your|every|all|their) (mouse|keystrokes?|screens?|movements?|every move|toilet|bathroom|breaks|clicks|logins?)\b/,
  },
  {
    name: "out of date",
    score: -2,
    pattern: /\b(from|since|stuck in) (the )?(19\d\d|200\d|201\d|eighties|nineties|80s|90s|stone age|dark ages)\b/,
  },
  {
    name: "out of hours",
    score: -2,
    pattern:
      /\b(sent|emailed|called|messaged|scheduled|booked|pinged|texted|arrives?|arrived|came) (at|after|around) (1[0-2] ?pm|midnight|[1-5] ?am)\b/,
  },
  {
    name: "in a row",
    score: -2,
    pattern:
      /\b(second|third|fourth|fifth|\w+th|\d+(st|nd|rd|th)) ((weekend|night|saturday|sunday|evening|holiday|late night|shift) in a row|(year|month|week|time|quarter) (running|in a row))\b/,
  },
  { name: "mastered the art", score: -2, pattern: /\b(mastered|perfected) the art of\b/ },
  { name: "consolation", score: -1.5, pattern: /(^|[.!?;] )at least(?! (once|twice|one|two|three|\d|a few|some|half|weekly|monthly))\b/ },
  { name: "see through", score: -2, pattern: /\bsee (right )?through\b/ },
  {
    name: "always the ones",
    score: -1.5,
    pattern: /\b(always|only ever|invariably) the ones? (who|that|held|blamed|left|stuck|doing|picking)\b/,
  },
  // From data/dev-mixed-signals.jsonl (a fourth author): envy, hearsay, nostalgia, bitter thanks, faint praise.
  {
    name: "must be nice",
    score: -2.5,
    pattern: /\b(must be (nice|lovely|great|fun)|love that for (them|you|him|her|head office|management))\b/,
  },
  { name: "hearsay", score: -1.5, pattern: /(^|[.!?] )apparently\b|\b(supposedly|allegedly|in theory|on paper)\b/ },
  // Round five (general forms from the development sets, docs/decisions/0014): praise hedged by "I guess" / "I
  // suppose", and a good thing whose last occurrence is dated ("the last time anyone said thank you was …").
  {
    name: "waiting since",
    score: -2,
    pattern:
      /\b(on order|waiting|pending|broken|out of order|been promised|been asking|chasing|not fixed|unfixed|not (had|seen|heard|got|received|been given))\b[^.!?]{0,30}\bsince (january|february|march|april|may|june|july|august|september|october|november|december|last|the start|spring|summer|autumn|winter|christmas|easter|(19|20)\d\d)\b/,
  },
  { name: "who decided", score: -2, pattern: /(^|[.!?,;] )who (decided|thought|signed off|approved|came up with|agreed)\b/ },
  { name: "one more", score: -2, pattern: /\bif (one more|i get one more|i hear one more|i see one more)\b/ },
  {
    name: "what progression",
    score: -2.5,
    pattern:
      /(^|[.!] )what (career progression|progression|career path|training|support|pay rise|raise|bonus|recognition|work.life balance|communication|development|promotion|promotions|teamwork|leadership|culture)\b(?![^.!?]*\?)/,
  },
  {
    name: "goes to whoever",
    score: -2,
    pattern: /\b(go|goes|went|given|handed) to (whoever|whomever|the ones who|those who|people who|whoever's|mates of|friends of)\b/,
  },
  {
    name: "instead of pay",
    score: -2,
    pattern:
      /\binstead of (a |any |an actual |a real |proper )?(pay rise|payrise|raise|pay increase|bonus|bonuses|more staff|more pay|overtime pay|cost of living)\b/,
  },
  { name: "hedged praise", score: -1.5, pattern: /\bi (guess|suppose)\b[^.!?]{0,24}\b(nice|good|fine|great|ok|okay|decent|nice enough)\b/ },
  {
    name: "last time",
    score: -2,
    pattern:
      /\bthe last time (anyone|anybody|someone|somebody|we|i|they|management|leadership|my manager|our manager|the company|head office)\b[^.!?]*\b(was|were)\b[^.!?]*\b(ago|last year|years|months|christmas|(19|20)\d\d)\b/,
  },
  { name: "nostalgia", score: -2, pattern: /\b(back when|i remember when|good times[.!]|when we were (a )?(smaller|younger|a smaller))\b/ },
  {
    name: "bitter thanks",
    score: -2.5,
    pattern:
      /\b(thanks|thank you|grateful|thankful|appreciate|appreciated)\b[^.!?]*\b(whoever decided|replaced|instead of|after (\w+ )?(years|months) of|(year|years|month|months) running|two days after|under review|one salary|two roles|should go|vote of confidence|extra \d+)\b/,
  },
  {
    name: "faint praise",
    score: -2,
    pattern:
      /\b(i'll give (it|them|him|her) that|that's about it|that is about it|i'll stop there|i will stop there|everything else i'd|better than nothing|just[.!]$|(that's|thats|that is) it[.!]*$)/,
  },
  { name: "minus", score: -1.5, pattern: /\bminus (the|\d+|one|two|three|four|five|half|a|any)\b/ },
  { name: "low comparison", score: -2, pattern: /\b(if you compare (it|them|us) (to|with)|compared to (retail|\w+ in (19|20)\d\d))\b/ },
  {
    name: "makes sense to someone",
    score: -2.5,
    pattern:
      /\b(presumably|i'm sure|i am sure|no doubt)\b[^.!?]*\b(works|makes sense|made sense|worked) (for|to) (somebody|someone|some people|someone somewhere)\b/,
  },
  {
    name: "deadpan",
    score: -2,
    pattern:
      /\b((certainly|definitely) (an? )?(interesting|bold|brave|creative|lively|unique) (choice|decision|approach|idea|way)|kept things (lively|interesting)|optimistic (ratio|estimate|view|timeline)|what better way to)\b/,
  },
  { name: "with respect", score: -2, pattern: /\bwith (the greatest|all due|the utmost|great) respect\b/ },
  { name: "nothing came of it", score: -2, pattern: /\bnothing (ever )?(came|comes|has come) (of|from)\b/ },
  {
    name: "trivial best",
    score: -2,
    pattern:
      /\bbest (thing|part) about (this place|here|the job|working here|this company)\b[^.!?]*\b(lanyards?|biscuits?|coffee|parking|car park|view|vending|free fruit|fruit bowl|kettle|free pens?)\b|^(what do we do well\?|do well\?)/,
  },
];

/**
 * A demand for more of something stated flatly ("We need more staff", "Need better onboarding") reports a lack: a
 * complaint. Softened wishes ("it would be nice to have more …", "maybe we need …") stay neutral suggestions, as the
 * labelling guide of decision 0014 says, so the cue is skipped when the sentence has a softener.
 */
const NEED_MORE =
  /(^|[.!?;] )(([a-z]+ ){0,3}(need|needs|needed) (more|better|proper|real|an actual|actual|a proper|a real|some proper|a lot more|far more|much more)\b)([^.!?]*)/g;
const SOFTENER = /\b(would|could|might|maybe|perhaps|possibly|wonder|consider|suggest|ideally|if)\b/;

/** An interjection that opens a sentence and is ironic when the rest of the sentence complains. */
const IRONIC_OPENER =
  /(^|[.!?]\s+)(oh,? )?(great|good|perfect|lovely|wonderful|fantastic|brilliant|awesome|super|excellent|terrific|nice|sure|yay|cool)( again)?\s*[,!.…]+\s*([^.!?]+)/gi;
/** Words that, after such an opener, mark the sentence as a complaint. */
const IRONY_MARKERS = /\b(another|again|more|yet|nobody|no one|never|let's|because someone|as usual|of course|every time|always)\b/;

/**
 * "Couldn't ask for a better team", "could not ask for more": a negator before "ask for a/better/more" is emphasis
 * (praise), not a complaint.
 */
export function praiseByNegation(words: readonly Word[], negator: number): boolean {
  const [next, after, third] = [words[negator + 1], words[negator + 2], words[negator + 3]];
  if (next?.lemma === "ask" && after?.norm === "for" && third !== undefined && ["a", "an", "better", "more", "nicer"].includes(third.norm))
    return true;
  // "cannot thank Priya enough", "can't praise the team enough": thanks beyond words.
  if (next && ["thank", "praise", "recommend"].includes(next.lemma)) {
    for (let k = negator + 2; k < words.length && k <= negator + 5 && words[k].clause === next.clause; k++)
      if (words[k].norm === "enough") return true;
  }
  return false;
}

/** Negative contractions typed without their apostrophe ("couldnt", "dont", "isnt"), spelt with it. Unambiguous forms only. */
const BARE_CONTRACTION = /\b(could|would|should|do|does|did|is|was|are|were|have|has|had|must|need|ai)nt\b/gi;

export function restoreApostrophes(text: string): string {
  return text.replace(BARE_CONTRACTION, (_whole, head: string) => `${head}n't`);
}

/** The text the patterns read: lower case, straight apostrophes, "n't" as " not". */
export function normaliseForCues(text: string): string {
  return restoreApostrophes(text)
    .toLowerCase()
    .replace(/[’‘]/g, "'")
    .replace(/\bcan't\b/g, "can not")
    .replace(/\bwon't\b/g, "will not")
    .replace(/n't\b/g, " not")
    .replace(/\s+/g, " ")
    .trim();
}

function hasNegativeWord(text: string): boolean {
  for (const word of text.split(/[^a-z'-]+/)) {
    if (word && (SENTIMENT_WORDS.get(word) ?? 0) < 0) return true;
  }
  return false;
}

export interface Irony {
  /** The comment with the ironic openers taken out, to be scored instead of the original. */
  text: string;
  count: number;
}

/** "Love how …", "nice to see …": praise of a situation that the rest of the sentence shows to be a complaint. */
const IRONIC_FRAME = /(^|[.!?]\s+)(i )?(love|loving|nice|good|great|glad) (how|that|to see|seeing)\b([^.!?]+)/gi;
/** Praise in scare quotes: communication is "great". */
const SCARE_QUOTED = /["“]([a-z]+)["”]/gi;

/**
 * Finds irony: "Great, another …" openers (a lone positive interjection followed by a complaint in the same
 * sentence), "love how …" frames followed by a complaint, and praise words in scare quotes. The praise is taken out
 * of the text that is scored, and each one found counts as irony.
 */
export function findIrony(text: string): Irony {
  let count = 0;
  const normalised = text.replace(/[’‘]/g, "'");
  const complains = (rest: string) => {
    const lowerRest = rest.toLowerCase();
    return IRONY_MARKERS.test(lowerRest) || hasNegativeWord(lowerRest);
  };
  let stripped = normalised.replace(IRONIC_OPENER, (whole, lead: string, _oh, _word, _again, rest: string) => {
    if (!complains(rest)) return whole;
    count++;
    return `${lead}${rest}`;
  });
  stripped = stripped.replace(IRONIC_FRAME, (whole, lead: string, _i, _word, _how, rest: string) => {
    if (!complains(rest)) return whole;
    count++;
    return `${lead}${rest}`;
  });
  stripped = stripped.replace(SCARE_QUOTED, (whole, word: string) => {
    if ((SENTIMENT_WORDS.get(word.toLowerCase()) ?? 0) < 1) return whole;
    count++;
    return "";
  });
  return { text: count > 0 ? stripped : text, count };
}

/**
 * A judgement the writer balances themselves ("Good kit, poor scheduling. Evens out.", "Some good things, some bad.
 * Same as most places.", "some supervisors are great some not so much"): the labelling guide's neutral, "when
 * neither side dominates".
 */
const BALANCED =
  /\b(evens out|even(s)? itself out|swings and roundabouts|same as (most places|anywhere|everywhere|any job|every job|most jobs|any other)|mixed bag|it is what it is|nothing special|nothing to write home about|no strong feelings|pros and cons|ups and downs|on balance|good and bad|some good,? some bad|some (good|great) (things|days|bits),? some (bad|not)|some (days|weeks|months|shifts|managers|supervisors|people|of them|teams|things|stores|sites) (are |is )?\w+( \w+)?,? (and |but )?(some|others) (days |weeks |shifts |of them )?(not|are|aren't|\w+))\b/;

export function balancedJudgement(text: string): boolean {
  return BALANCED.test(normaliseForCues(text));
}

/** Implicit negative patterns found in the comment. */
export function implicitCues(text: string): Cue[] {
  const normalised = normaliseForCues(text);
  const cues: Cue[] = [];
  for (const { name, score, pattern } of IMPLICIT_NEGATIVES) if (pattern.test(normalised)) cues.push({ name, score });
  for (const match of normalised.matchAll(NEED_MORE)) {
    if (!SOFTENER.test(match[0])) {
      // "need better …": the praise word names what is missing, so the cue also cancels it.
      cues.push({ name: "need more", score: /need(s|ed)? better\b/.test(match[0]) ? -3 : -1.5 });
      break;
    }
  }
  return cues;
}

const ACTION_NEGATORS = new Set(["not", "never", "rarely", "seldom", "barely", "hardly"]);
const FIRST_PERSON = new Set(["i", "me", "my"]);
const NEGATED_ACTION_SCORE = -1;
const NEGATED_ACTION_SPAN = 3;

/**
 * Negated actions of others: "decisions are not explained", "teams don't cooperate", "the air conditioning never
 * works". A negator followed within three words (same clause) by a verb, where no word in that span carries
 * sentiment of its own (those are scored by the negation rule), and the subject is not the writer ("I have not used
 * the gym yet" states a fact). At most two count.
 */
export function negatedActions(words: readonly Word[], scored: (word: Word) => boolean, inPhrase?: (index: number) => boolean): number {
  let count = 0;
  for (let i = 0; i < words.length && count < 2; i++) {
    if (!ACTION_NEGATORS.has(words[i].norm) || inPhrase?.(i) || praiseByNegation(words, i)) continue;
    const firstPerson = words.slice(Math.max(0, i - 3), i).some((word) => FIRST_PERSON.has(word.norm) && word.clause === words[i].clause);
    if (firstPerson) continue;
    let verb = false;
    let sentiment = false;
    for (let j = i + 1; j < words.length && j <= i + NEGATED_ACTION_SPAN; j++) {
      if (words[j].clause !== words[i].clause) break;
      if (scored(words[j])) sentiment = true;
      if (words[j].pos === "VERB") verb = true;
    }
    if (verb && !sentiment) count++;
  }
  return count * NEGATED_ACTION_SCORE;
}
