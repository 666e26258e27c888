import { scoreTable } from "./build.js";

/**
 * Hearth's workplace sentiment lexicon, written for employee comments. Scores run from -3 to +3; a word is looked
 * up by its lower-case form first and then by its lemma. Multi-word entries (underscores) are matched as phrases
 * before single words, and a phrase's words are not scored again. Words in the emotion lexicon that are missing
 * here still count: positive emotions +2, negative ones -2 (see `emotions.ts`).
 */
export const SENTIMENT_WORDS = scoreTable({
  "3": `excellent amazing outstanding fantastic wonderful incredible awesome superb brilliant exceptional phenomenal
    perfect best adore thrilled exhilarating stunning`,
  "2.5": "love loved loving great terrific inspiring lovely stellar happiest",
  "2": `good happy glad grateful thankful appreciate appreciated appreciative supportive helpful kind caring fun
    enjoy enjoyable proud inspire inspired excited exciting motivated motivating generous fair respectful respected
    valued trusted positive pleasant welcoming inclusive transparent honest approachable empowered empowering
    rewarding recognised recognized cherish favourite favorite impressive impressed beautiful comfortable thank thanks
    hopeful optimistic confident promising thrilling eager success successful safe secure useful smooth efficient
    organised organized competent knowledgeable talented dedicated passionate collaborative encouraging friendly
    flexible flexibility improving improved blast pumped wow energizing energising sincere genuine succeed
    thriving thrive flourish fulfilling meaningful satisfying satisfied accommodating considerate cheerful uplifting
    vibrant equitable seamless seamlessly smoothly happier recommend recommended cheers mint legend legends lifesaver fab`,
  "1.5": `nice solid better welcome improve stable clear easier interesting engaged respect trust convenient equal
    equally autonomy trusting purposeful attentive responsive reliable dependable professional patient thoughtful
    relaxed energetic lively warm spacious intuitive promoted strong included happily healthy acknowledged hilarious upgrade sorted fixed`,
  "1": `decent reasonable manageable realistic competitive achievable easy bright clean calm support supported
    opportunity opportunities worth well regular fine listen listens care progress chance chances grow autonomous
    consistent understanding humble diverse perk perks modern fast quick improvement improvements available
    freely enough noticed helped`,
  "0.5": "okay ok adequate help quiet standard learn learning",
  "-0.5": "old constant average",
  "-1": `pressure issue issues expensive difficult heavy endless missing tough crazy uncertain hard cut cuts freeze limited
    repetitive slow isolating confusing confused busy backlog delays delayed cancel cancelled canceled unaware
    mundane meh pity sadly unfortunately sacrifice restructuring forever removed questioned chase chasing nag nagging silly`,
  "-1.5": `mystery problem problems complaint complaints complain mistake mistakes outdated noisy cramped political gossip
    bureaucracy bureaucratic rough lack tired tiring concerned concern isolated stressful below pressured
    turnover attrition quit quitting shortage shortages rushed waste bottleneck laggy ancient obsolete freezing boiling
    vague absent invisible unavailable complacent stale boring monotonous dull underwhelming mediocre lacklustre
    lackluster joke shame regret struggle struggling fatigue downsizing redundancy cutbacks uncertainty confusion
    disconnect disconnected opaque arbitrary insufficient bias loud forced weak impossible rumours rumors rumour
    rumor refused refuse refuses judged lectured nagged penalised penalized scolded jams jammed burden drama nasty fuss ill favourites favorites`,
  "-2": `bad poor angry mad upset frustrating frustrated annoying annoyed irritating irritated unfair unhappy
    disappointed disappointing stressed stress worried worry worrying anxious anxiety afraid scared scary fear
    terrified nervous burnout exhausted exhausting overworked underpaid understaffed unsustainable overwhelming
    overwhelmed micromanage micromanages micromanaged micromanaging micromanagement favouritism favoritism bully
    bullies bullying bullied harassment discrimination disrespect disrespectful ignored ignore lied lying dishonest
    hypocrisy hypocritical chaotic chaos mess broken useless incompetent lazy rude lacking clunky tedious pointless
    headache hassle ugh sick unnoticed insecure layoff layoffs demotivated disorganized disorganised retaliation
    blame fail failure stuck unsafe mold dirty smell unclear inconsistent overloaded unpaid buzzword buzzwords
    crash crashed crashes nonexistent
    overstretched overburdened draining drained unrealistic unreasonable rubbish shambles incompetence mismanaged
    mismanagement neglect neglected uncomfortable unprofessional cliquey clique cliques backstabbing silos siloed
    demotivating underappreciated overlooked sidelined excluded unheard dismissive condescending patronising
    patronizing arrogant stagnant stagnating stagnation downhill worse worsening deteriorating exodus hazard injury
    hurt scapegoat inequity inequality unequal biased sloppy inefficient ineffective wasted buggy glitchy antiquated
    inadequate unresponsive unapproachable fearful intimidated intimidating punished punishing insult subpar
    disappointment suffer suffering exhaustion redundancies instability unstable insecurity clueless secretive
    secrecy disorganisation disorganization nightmare exploited demeaning firefighting drowning afterthought
    unanswered guilty dread dreading dreaded stupid idiot idiots shout shouting punish mice rats droppings cockroaches vermin pests`,
  "-2.5": `undervalued unappreciated threaten threatened yell yelled yelling sexist racist miserable hostile hate
    exploitative demoralising demoralizing insulting humiliating belittled belittling degrading cutthroat dangerous
    hazardous nepotism cronyism inept shouted screamed harassed crap crappy sucks hypocrites dishonesty brutal
    offensive crushing crushed`,
  "-3": `disgraceful terrible awful horrible disgusting toxic outrageous furious livid enraged appalling revolting repulsive vile
    sickening nauseating repugnant unacceptable abusive worst infuriating shameful disgrace filthy gross`,
});

/** Phrases with their own score; matched on word forms or lemmas, ignoring hyphens. */
export const SENTIMENT_PHRASES = scoreTable({
  "3": "second_family like_family best_job best_place nothing_but_praise",
  "2.5": `turning_a_corner turned_a_corner turn_a_corner impossible_to_beat hard_to_beat would_recommend highly_recommend top_notch above_and_beyond proud_to_work happy_to_work never_let_us_down
    never_lets_us_down never_let_me_down can_not_fault can_not_wait have_my_back look_forward high_hopes bright_future changed_my_life game_changer made_my_day back_us_up backs_us_up backed_us_up backs_me_up backed_me_up`,
  "2": `hard_to_find_fault hard_to_find_anything_wrong hard_to_find_much_wrong hard_to_find_anything_to_complain_about hard_to_find_much_to_complain_about not_much_to_complain_about little_to_complain_about nothing_to_complain_about right_track right_direction on_track means_a_lot worth_it much_appreciated well_organised well_organized
    well_run well_managed well_supported well_looked_after treated_well feel_heard feel_included shout_out
    above_market extra_mile out_of_their_way out_of_her_way out_of_his_way team_spirit sense_of_community
    room_to_grow huge_difference big_difference first_class meant_a_lot mean_a_lot turn_things_around
    turned_things_around see_a_future pull_through pulls_through look_after_each_other looks_after_us look_out_for_each_other promote_from_within turning_round turning_around turned_round turned_around`,
  "1.5": `can_not_complain open_about open_with_us makes_sense nobody_minds no_one_minds works_well treated_with_respect keep_doing keep_it_up
    keep_up_the_good_work well_equipped above_average in_the_loop keep_us_informed listened_to follow_through
    leave_on_time finish_on_time down_to_earth laid_back pull_together make_time makes_time taken_seriously
    saves_me saves_us save_time saves_time i_value really_value helps_a_lot helped_a_lot just_works just_work`,
  "-1": "could_be_better hit_and_miss room_for_improvement run_over ran_over runs_over",
  // Hedges that judge nothing: "hard" and "too early" are not complaints here.
  "0": `raise_a_concern raising_a_concern raised_a_concern raise_concerns raising_concerns raised_concerns hard_to_say hard_to_tell too_early_to_tell too_early_to_say too_soon_to_tell too_soon_to_say
    sick_day sick_days sick_leave sick_pay sick_note`,
  "-1.5": `been_late is_late was_late are_late were_late always_late turned_down turn_down odd_one_out out_of_date get_in_the_way gets_in_the_way got_in_the_way nasty_surprise not_work red_tape getting_old pick_up_the_slack below_market below_average a_pain play_favourites
    play_favorites yet_another stretched_thin bare_minimum in_circles deep_end figure_it_out figure_things_out
    no_end_in_sight corners_cut long_hours out_of_order out_of_nowhere same_old mixed_messages through_lunch`,
  "-2": `left_out blame_game shoot_the_messenger shoots_the_messenger can_not_afford grinding_us_down grinding_me_down grind_us_down can_do_nothing out_of_touch drives_me_crazy on_edge fed_up taken_for_granted no_room_for_growth worn_out wearing_me_down
    on_fumes behind_closed_doors in_the_dark lip_service box_ticking a_joke all_talk finger_pointing more_with_less
    second_class like_a_number sink_or_swim let_down let_us_down let_me_down short_staffed pay_peanuts cut_corners
    cutting_corners left_hand took_the_credit takes_the_credit take_the_credit took_credit takes_credit take_credit
    handed_in_their_notice handing_in_their_notice handed_in_my_notice paid_late pay_late wages_late what_is_the_point whats_the_point`,
  "-2.5": `sick_and_tired how_dare can_not_stand can_not_bear burned_out burnt_out burn_out breaking_point deaf_ears
    dead_end under_the_bus going_downhill eggshells would_not_recommend not_recommend falling_apart boys_club
    can_not_keep_up can_not_keep_going nowhere_to_go`,
  "-3": "makes_me_sick",
});

/** Words that make the next scored word stronger (×1.5) … */
export const INTENSIFIERS = new Set(
  `very really so extremely super absolutely completely totally incredibly truly highly seriously deeply utterly hugely
   such most genuinely especially`.split(/\s+/),
);
/** … or weaker (×0.6). "a bit" and "a little" are found by their second word after "a". */
export const DOWNTONERS = new Set("slightly somewhat fairly rather mostly kinda pretty bit little partly".split(" "));

/** Words that open a negation scope (up to four words, cut at punctuation and conjunctions). */
export const NEGATORS = new Set(
  "not no never nobody nothing none neither nor hardly barely scarcely without cannot noone nowhere zero".split(" "),
);

/** Words that end a negation scope early: conjunctions, and the wh-words of an embedded question ("we never ask who burned out": the asking is negated, not the harm). */
export const SCOPE_BREAKERS = new Set("and or but however although though while because who whether why".split(" "));

/** Contrast markers: the clause after them carries more weight than the one before. */
export const CONTRAST_AFTER = new Set(["but", "however", "nevertheless", "nonetheless", "except"]);
/** Concessive markers: the clause they open carries less weight ("although the pay is good, …"). */
export const CONCESSIVE = new Set(["although", "though", "while", "whilst", "despite"]);

/**
 * Hypothetical markers: in a clause with one of these, positive words are wishes rather than judgements ("more
 * training would help") and count a tenth.
 */
export const HYPOTHETICAL = new Set("would could might maybe perhaps consider wish if please supposed".split(" "));

/**
 * Good things whose absence is a complaint: "no work-life balance", "not enough training", "little diversity". When
 * negated (or after "lack of", "little", "few", "not enough") they score -1.5; on their own they score nothing.
 */
export const DESIRABLE_NOUNS = new Set(
  `balance growth training support recognition feedback communication transparency flexibility respect trust path
   development progression direction clarity guidance appreciation diversity room help career raise promotion
   equipment resources information structure consistency accountability budget time future ladder plan onboarding
   bonus bonuses headcount staff staffing process documentation answers investment visibility security stability
   leadership strategy vision voice input explanation incentive incentives increase mentoring mentor coaching
   autonomy action delivery`.split(/\s+/),
);
/** Quantifiers that mark an absence when they come before a desirable noun. */
export const SCARCITY = new Set(["little", "few", "insufficient", "limited", "lack", "lacking", "zero"]);
