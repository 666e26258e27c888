import { describe, expect, it } from "vitest";
import { findIrony, implicitCues, restoreApostrophes } from "./cues.js";
import { analyzeComment, sentimentSignals } from "./local-analyzer.js";

// The misses quoted in issue 11 (item 17); they are in data/dev-tricky.jsonl, the tuning set.
describe("analyzeComment: the misses of issue 11", () => {
  it.each([
    ["My manager changed three times in eighteen months. Being good at the job does not make someone a good manager.", "negative"],
    ["I love my coworkers, but I cannot stand the micromanagement", "negative"],
    ["Great, another reorganisation nobody asked for", "negative"],
    ["Honestly I am looking for another job", "negative"],
    ["Training is promised every year and never happens", "negative"],
    ["It's hard to see any future for my career here", "negative"],
    ["Recognition is frequent and feels sincere", "positive"],
  ] as const)("%s → %s", (text, sentiment) => {
    expect(analyzeComment(text).sentiment).toBe(sentiment);
  });
});

describe("cues", () => {
  it("finds irony only when the rest of the sentence complains", () => {
    expect(findIrony("Great, another reorganisation nobody asked for.")).toEqual({
      text: "another reorganisation nobody asked for.",
      count: 1,
    });
    expect(findIrony("Perfect, the system crashed again.").count).toBe(1);
    expect(findIrony("Great, the new office is lovely.").count).toBe(0);
    expect(findIrony("The team is great.").count).toBe(0);
  });

  it("names implicit negatives", () => {
    expect(implicitCues("I'm thinking about leaving").map((cue) => cue.name)).toEqual(["leaving"]);
    expect(implicitCues("We are always the last to know").map((cue) => cue.name)).toEqual(["left out"]);
    expect(implicitCues("Raises are mentioned at every review and never materialise").map((cue) => cue.name)).toContain("promise not kept");
    expect(implicitCues("My team is great")).toEqual([]);
  });

  it("counts negated actions of others, not the writer's own", () => {
    expect(sentimentSignals("Decisions are not explained to us.")?.cues.map((cue) => cue.name)).toContain("negated action");
    expect(sentimentSignals("I have not tried the new canteen.")?.cues ?? []).toEqual([]);
  });

  it("reports contrast and negative cues", () => {
    const signals = sentimentSignals("The pay is good, but the hours are long and stressful.");
    expect(signals?.detail.contrast).toBe(true);
    expect(signals?.negativeCue).toBe(true);
    const plain = sentimentSignals("My team is wonderful and supportive.");
    expect(plain?.detail.contrast).toBe(false);
    expect(plain?.negativeCue).toBe(false);
  });
});

// Issue 11, item 17, second round: broader workplace vocabulary and cues (examples written for these tests).
describe("analyzeComment: workplace vocabulary and cues", () => {
  it.each([
    ["Understaffed and overstretched.", "negative"],
    ["This job is a dead end.", "negative"],
    ["Feedback falls on deaf ears.", "negative"],
    ["Nothing changes no matter how many surveys we fill in.", "negative"],
    ["I was left to figure it out on my own.", "negative"],
    ["Half my team has left since spring.", "negative"],
    ["Why are we the last ones to hear about reorganisations?", "negative"],
    ["We need more people on the night shift.", "negative"],
    ["I used to enjoy coming in.", "negative"],
    ['Yeah, communication is "excellent" when you read about your team in the press.', "negative"],
    ["Love how the printer breaks every time there is a deadline.", "negative"],
    ["The service desk is terible.", "negative"],
    ["Proud to work here.", "positive"],
    ["Well run and well organised.", "positive"],
    ["My manager always makes time for us.", "positive"],
    ["It would be nice if the canteen opened earlier.", "neutral"],
    ["Maybe we need more social events?", "neutral"],
    ["Too early to tell.", "neutral"],
  ] as const)("%s → %s", (text, sentiment) => {
    expect(analyzeComment(text).sentiment).toBe(sentiment);
  });

  // Praise phrases the rules read, where the learned model (round seven) is not sure enough to say positive: it
  // leaves them neutral, never negative (docs/decisions/0014, what it still misses).
  it.each(["I would recommend this place to anyone.", "They never let us down.", "Would recommend."])(
    "%s: read as praise, never a complaint",
    (text) => {
      expect(sentimentSignals(text)?.score).toBeGreaterThan(0);
      expect(analyzeComment(text).sentiment).not.toBe("negative");
    },
  );

  it("never calls a comment with a clear negative positive unless stressed praise after a contrast wins", () => {
    // Praise and a complaint side by side, no contrast: the praise only balances the complaint.
    expect(analyzeComment("Amazing colleagues, exhausting hours.").sentiment).not.toBe("positive");
    expect(analyzeComment("Great team, shame about the pay.").sentiment).not.toBe("positive");
    // The praise is in the clause "but" stresses, and that clause has no clear negative.
    expect(analyzeComment("The hours are long, but I love my team and I am proud of what we do.").sentiment).toBe("positive");
    // The stressed clause complains: never positive.
    expect(analyzeComment("The office is lovely and the canteen is great, but the workload is crushing and unfair.").sentiment).toBe(
      "negative",
    );
  });

  it("reads a negator before a phrase as negating the phrase, and a modal inside a phrase as a judgement", () => {
    expect(sentimentSignals("I do not feel heard.")?.score).toBeLessThan(0);
    expect(analyzeComment("I would not recommend working here.").sentiment).toBe("negative");
    expect(sentimentSignals("Would recommend.")?.score).toBeGreaterThan(0);
  });

  it("finds the new cues by name", () => {
    const names = (text: string) => implicitCues(text).map((cue) => cue.name);
    expect(names("Nothing ever gets fixed.")).toContain("nothing changes");
    expect(names("Good people keep leaving.")).toContain("people leaving");
    expect(names("What's the point of this survey?")).toContain("what is the point");
    expect(names("We need better laptops.")).toContain("need more");
    expect(names("It would be great if we could get better laptops.")).not.toContain("need more");
    expect(names("Morale is at rock bottom.")).toContain("low morale");
    // a mixed verdict is no complaint: the labelling guide's neutral (round six replaced the cue, see balancedJudgement)
    expect(names("Some days are good, some are not.")).not.toContain("mixed verdict");
    expect(analyzeComment("Some days are good, some are not.").sentiment).toBe("neutral");
  });
});

// Round four (decision 0014): general forms of the retired held-out set's misses; the sentences below are new.
describe("cues, round four", () => {
  it("spells negative contractions typed without their apostrophe", () => {
    expect(restoreApostrophes("I couldnt care less, we dont get told and it isnt fair")).toBe(
      "I couldn't care less, we don't get told and it isn't fair",
    );
    // Words that only look like one are left alone.
    expect(restoreApostrophes("The paint is flaking and the account is sent")).toBe("The paint is flaking and the account is sent");
    expect(analyzeComment("honestly couldnt ask for a nicer group of people").sentiment).toBe("positive");
  });

  it("reads barely and scarcely as negators", () => {
    expect(analyzeComment("The new laptop is barely usable.").sentiment).not.toBe("positive");
    expect(analyzeComment("Our intranet scarcely helps anyone find anything.").sentiment).not.toBe("positive");
  });

  it.each([
    ["I do not know how much longer we can keep covering two rotas.", "endurance"],
    ["Most of us have given up asking for a pay review.", "given up"],
    ["The wellbeing week is for show, nothing more.", "tokenism"],
    ["Leadership is the same kind of people it was ten years ago.", "same kind of people"],
    ['Induction was "here is the manual, good luck".', "dismissed"],
    ["It would work better if management actually listened.", "if only"],
    ["Flexible hours are possible unless you are friends with the director.", "favouritism"],
  ])("%s → %s", (text, name) => {
    expect(implicitCues(text).map((cue) => cue.name)).toContain(name);
  });

  it("leaves good wishes and plain conditions alone", () => {
    expect(implicitCues("Good luck to the new starters!")).toEqual([]);
    expect(implicitCues("If anyone needs help the team steps in.").map((cue) => cue.name)).not.toContain("if only");
  });
});

// Praise used against itself (round four, from data/dev-praise-words.jsonl); the sentences below are new.
describe("cues, praise used against itself", () => {
  it.each([
    ["The bonus scheme is great if you enjoy guessing games.", "undercut praise"],
    ["Really impressive how the printer is still broken after three tickets.", "sarcastic praise"],
    ["Nothing says teamwork like a rota published the night before.", "nothing says"],
    ["Our values poster says Openness. Tell that to the people in the budget meeting.", "tell that to"],
    ["The sales team got new phones. Good for them.", "good for them"],
    ["The new director has no idea what the night shift does.", "no idea"],
    ["I have made my peace with the old laptop.", "resigned to it"],
    ["Best part of the day is the drive home.", "best part is leaving"],
    ["I do two people's work on one salary.", "several people's work"],
    ["The old manager really fought for us.", "lost good leadership"],
    ["Pay went up one percent this year. Inspiring.", "sarcastic tail"],
    ["Working from home is lovely now that they log our keystrokes.", "surveillance"],
    ["The canteen menu is from the nineties.", "out of date"],
    ["The rota was emailed at midnight, thoughtful as ever.", "out of hours"],
    ["Lovely to be on call for the fourth weekend in a row.", "in a row"],
    ["We have perfected the art of the pointless meeting.", "mastered the art"],
    ["At least the car park is big.", "consolation"],
    ["Very open leadership. We can see right through it.", "see through"],
    ["The cleaners are always the ones blamed.", "always the ones"],
    ["Flexible working is in the handbook, nowhere else.", "only on paper"],
  ])("%s → %s", (text, name) => {
    expect(implicitCues(text).map((cue) => cue.name)).toContain(name);
  });

  it("leaves plain praise and plain facts alone", () => {
    for (const text of [
      "At least once a month my manager takes us for lunch.",
      "Amazing how much I have learned this year.",
      "I am no longer afraid to speak up in meetings.",
      "It is hard to find anything wrong with the new rota.",
      "The pension matching is hard to beat.",
    ]) {
      expect(implicitCues(text), text).toEqual([]);
    }
    expect(analyzeComment("I am no longer afraid to speak up in meetings.").sentiment).not.toBe("negative");
    expect(sentimentSignals("The pension matching is hard to beat.")?.score).toBeGreaterThan(0);
    expect(analyzeComment("The pension matching is hard to beat.").sentiment).not.toBe("negative");
  });
});

// Envy, hearsay, nostalgia, bitter thanks and faint praise (round four, from data/dev-mixed-signals.jsonl); new sentences.
describe("cues, mixed signals", () => {
  it.each([
    ["The finance team works from home on Fridays. Must be nice.", "must be nice"],
    ["Marketing got a team away day. Love that for them.", "must be nice"],
    ["Apparently the heating will be fixed by winter.", "hearsay"],
    ["Back when we had a team lead the rota made sense.", "nostalgia"],
    ["Thanks for the new logo instead of the extra staff.", "bitter thanks"],
    ["The lifts work. That's about it.", "faint praise"],
    ["Our leave is generous, minus the days we must keep for Christmas.", "minus"],
    ["Pay is fine if you compare it to ten years ago.", "low comparison"],
    ["I'm sure the new sign-off process makes sense to someone.", "makes sense to someone"],
    ["Moving the team to the basement was certainly a bold choice.", "deadpan"],
    ["With all due respect, the plan was never explained.", "with respect"],
    ["We gave feedback last year and nothing came of it.", "nothing came of it"],
    ["The bonus has been under review for the second year running.", "in a row"],
    ["The best thing about working here is the free coffee.", "trivial best"],
    ["We have learned to stop asking for new chairs.", "resigned to it"],
  ])("%s → %s", (text, name) => {
    expect(implicitCues(text).map((cue) => cue.name)).toContain(name);
  });

  it("leaves sincere thanks, plain nostalgia-free praise and honest comparisons alone", () => {
    for (const text of [
      "Thanks to my manager for the support this year.",
      "The new rota is much better than the old one.",
      "It must be said that the team is brilliant.",
    ]) {
      expect(implicitCues(text), text).toEqual([]);
    }
  });
});

// Round five (docs/decisions/0014): general forms read from the development sets; the sentences below are new.
describe("round five: closing facts, hedged praise, dated thanks", () => {
  it.each([
    ["The new rota app is lovely. Half the shifts in it are still wrong every week.", "a closing sentence"],
    ["The canteen is the best in town: we get twenty minutes to eat in it.", "a colon"],
    ["Brilliant induction pack; the laptop arrived three weeks after I started.", "a semicolon"],
  ])("praise then a closing fact is not positive: %s (%s)", (text) => {
    expect(analyzeComment(text).sentiment).not.toBe("positive");
  });

  it("keeps praise that closes on praise or on a short closing", () => {
    for (const text of [
      "The new rota app is lovely. Swapping a shift takes a minute and the team is happy with it.",
      "The canteen is great: fresh food and fair prices.",
      "Great team. Keep it up.",
    ]) {
      expect(analyzeComment(text).sentiment, text).toBe("positive");
    }
  });

  it.each([
    ["I guess it's nice that the car park has lights now.", "hedged praise"],
    ["I suppose the new chairs are fine.", "hedged praise"],
    ["The last time anyone thanked the night shift was at the 2024 summer party.", "last time"],
    ["We supposedly get a training budget every year.", "hearsay"],
    ["The promotion path looks clear on paper.", "hearsay"],
  ])("%s → %s", (text, name) => {
    expect(implicitCues(text).map((cue) => cue.name)).toContain(name);
  });

  it("leaves plain guesses, recent thanks and paper forms alone", () => {
    for (const text of [
      "I guess I was lucky to join when I did.",
      "The last time we had a team lunch it was great fun.",
      "I suppose we could try a shorter stand-up.",
    ]) {
      expect(
        implicitCues(text).map((cue) => cue.name),
        text,
      ).not.toContain("hedged praise");
      expect(
        implicitCues(text).map((cue) => cue.name),
        text,
      ).not.toContain("last time");
    }
  });

  it("reads zero as a negator: zero complaints is not a complaint, zero support is", () => {
    expect(analyzeComment("Zero complaints about the new rota.").sentiment).not.toBe("negative");
    expect(analyzeComment("Zero support from head office this year.").sentiment).toBe("negative");
  });

  it("cuts segments at colons, semicolons and dashes but not at hyphens", () => {
    const segments = (text: string) => new Set(sentimentSignals(text)?.words.map((word) => word.segment)).size;
    expect(segments("The pay is good: the hours are long; the team — lovely.")).toBe(4);
    expect(segments("A well-run nine-to-five job.")).toBe(1);
  });
});

// Round six (docs/decisions/0014): from data/dev-frontline.jsonl and data/dev-survey-export.jsonl (scored once before
// tuning) and the praise built on negations of data/dev-praise-words.jsonl; the sentences below are new.
describe("round six: praise by the absence of a harm", () => {
  it.each([
    "Nobody on this ward has ever made me feel silly for asking twice.",
    "Not once this year has my pay been wrong.",
    "I've never had an overtime claim refused.",
    "Two years here and I've never had a problem getting the tools I need.",
    "No drama at the depot, ever.",
  ])("%s → positive", (text) => {
    expect(analyzeComment(text).sentiment).toBe("positive");
  });

  it("reads the rules' relief as praise where the model is unsure, never as a complaint", () => {
    expect(sentimentSignals("Our supervisor doesn't shout at anyone.")?.score).toBeGreaterThan(0);
    expect(analyzeComment("Our supervisor doesn't shout at anyone.").sentiment).not.toBe("negative");
  });

  it("keeps a negated asking, a missing good thing and plain complaints negative", () => {
    for (const text of [
      "We hit every target. We just never ask who burned out getting there.",
      "Nobody knows why the scanner is broken again.",
      "We never have the equipment we need.",
      "My overtime claim was refused again.",
    ]) {
      expect(analyzeComment(text).sentiment, text).not.toBe("positive");
    }
  });
});

describe("round six: balanced judgements, suggestions and frontline cues", () => {
  it.each([
    "Good canteen, awful parking. Evens out.",
    "Some shifts are great, some not so much.",
    "The rota suits me, the pay less so. Swings and roundabouts.",
    "Maybe rotate who covers the Saturday lates.",
    "Could we try a rota app instead of the paper one?",
  ])("%s → neutral", (text) => {
    expect(analyzeComment(text).sentiment).toBe("neutral");
  });

  it.each([
    ["Who decided the new scanners were a good idea, they die by lunchtime.", "who decided"],
    ["If one more customer asks for the manager I will lose it.", "one more"],
    ["what career path lol", "what progression"],
    ["Overtime goes to whoever is mates with the shift lead.", "goes to whoever"],
    ["A voucher instead of a pay rise again.", "instead of pay"],
    ["Our lockers have been on order since August.", "waiting since"],
    ["I haven't seen my manager since March.", "waiting since"],
    ["I'm leaving in the spring because the hours are impossible.", "leaving"],
    ["Induction is a form and a fire drill. That's it.", "faint praise"],
  ])("%s → %s", (text, name) => {
    expect(implicitCues(text).map((cue) => cue.name)).toContain(name);
  });

  it("leaves plain questions and straight facts alone", () => {
    for (const text of ["What training is there for new drivers?", "I'm leaving the office at five today.", "Who decides the rota?"]) {
      const names = implicitCues(text).map((cue) => cue.name);
      expect(names, text).not.toContain("what progression");
      expect(names, text).not.toContain("leaving");
    }
  });

  it("reads thanks beyond words as praise", () => {
    expect(analyzeComment("I cannot thank the night team enough.").sentiment).toBe("positive");
  });
});
