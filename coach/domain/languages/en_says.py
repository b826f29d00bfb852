"""English: what the tutor says (carried by the pack in ``coach.domain.languages.en``)."""

from __future__ import annotations

# -- what the tutor says ------------------------------------------------------------------

STEP_NAMES: dict[str, str] = {
    "claim": "Claim",
    "grounds": "Grounds",
    "warrant": "Warrant",
    "groundsBacking": "Backing for the grounds",
    "warrantBacking": "Backing for the warrant",
    "qualifier": "Qualifier",
    "rebuttal": "Rebuttal",
}

GUIDING_QUESTIONS: dict[str, str] = {
    "claim": "What do you want your reader to accept? Write it as one statement, not a question.",
    "grounds": "What facts, figures or observations support your claim? Where do they come from?",
    "warrant": "What general rule connects those facts to your claim? Try 'If ..., "
    "then usually ...'.",
    "groundsBacking": "Who or what makes your grounds trustworthy: which study, report or "
    "institution?",
    "warrantBacking": "What authority or body of knowledge supports that general rule?",
    "qualifier": "How sure are you? Would you say 'certainly', 'probably', 'in most cases'...?",
    "rebuttal": "Under what conditions would your claim not hold? Start with 'unless' "
    "or 'except when'.",
}

PROBLEMS: dict[str, str] = {
    "empty": "There is no text for this step yet.",
    "too_short": "That is too short to stand on its own; say a little more.",
    "is_question": "That reads as a question. A claim takes a position: state it.",
    "vague_claim": "That is a judgement, not yet a position a reader can test: for whom, "
    "and in what way? Say what should change, and for whom.",
    "no_evidence": "I don't see evidence yet: a fact, a number, a study or an observation.",
    "opinion": "That is your opinion, and a reader cannot check an opinion. Grounds are "
    "facts or reports they could look up. What figure, study or observation could they "
    "check?",
    "no_principle": "That sounds specific. A warrant states a general rule that would "
    "hold in other cases too (if ..., when ..., usually ...).",
    "no_authority": "I can't tell who stands behind this: name a study, an institution, "
    "an expert, a statistic or a law.",
    "vague_source": "Which one? You name a kind of source (or just 'online'), but not who "
    "made it, where it was published, or a figure from it.",
    "one_sided": "A warrant needs both sides of a rule: what kind of fact (if ...) leads "
    "to what kind of conclusion (then ...). One side is missing or too thin.",
    "restates_claim": "That says your claim again. A warrant is the general rule that "
    "links the kind of facts in your grounds to the kind of conclusion in your claim.",
    "insists": "That insists on the claim instead of testing it. A rebuttal names a "
    "condition or case in which the claim would not hold ('unless ...').",
    "no_modal": "A qualifier says how strong the claim is, with a word like 'probably', "
    "'usually' or 'certainly'.",
    "no_condition": "A rebuttal names a condition under which the claim fails "
    "('unless ...', 'except when ...').",
}

PRAISE: dict[str, str] = {
    "claim": "That is a clear position a reader can agree or disagree with.",
    "grounds": "Good: that is evidence a reader can check.",
    "warrant": "Good: that is a general rule, not just this case.",
    "groundsBacking": "Good: you name where your evidence comes from.",
    "warrantBacking": "Good: you name what stands behind your rule.",
    "qualifier": "Good: that says how strongly you hold the claim.",
    "rebuttal": "Good: that names when the claim would not hold.",
}

WHERE_TO_LOOK: dict[str, str] = {
    "grounds": "Where to look: an official statistics website, a survey reported in a "
    "newspaper, your school's own figures, or something you can count or observe yourself.",
    "groundsBacking": "Where to look: the website or report your figure came from, the "
    "organisation that published it, or the person who gave it to you.",
    "warrantBacking": "Where to look: a university or research institute that studies "
    "this, an official guideline, a law or a professional body; a school library can help "
    "you find one.",
}

AS_YOU_WROTE: dict[str, str] = {
    "claim": "Here is your claim as you wrote it. Confirm it to save it and move on.",
    "grounds": "Here are your grounds as you wrote them. Confirm them to save them and move on.",
    "warrant": "Here is your warrant as you wrote it. Confirm it to save it and move on.",
    "groundsBacking": "Here is the backing for your grounds as you wrote it. Confirm it "
    "to save it and move on.",
    "warrantBacking": "Here is the backing for your warrant as you wrote it. Confirm it "
    "to save it and move on.",
    "qualifier": "Here is your qualifier as you wrote it. Confirm it to save it and move on.",
    "rebuttal": "Here is your rebuttal as you wrote it. Confirm it to save it and finish.",
}

PHRASES: dict[str, str] = {
    "confirm_hint": "If you are happy with it, say “yes” and I will put it in your "
    "draft, or refine it first.",
    "proposal_rewrite": "I tidied your own words ({changes}). Confirm it if it says what you mean.",
    "rationale_confirmed": "Your own text; it has what this part ({step}) needs.",
    "rationale_rewrite": "Your text with {changes}.",
    "no_changes": "nothing needed changing",
    "nothing_yet": "Write your own first attempt and I will help you polish it.",
    "feedback": "You asked about {your_part}, “{text}”.",
    "fixed": "That answers what was missing.",
    "amend": "Then it is not a yes yet: write {your_part} again with your change, in your own "
    "words, and I will show you a card to confirm.",
    "yes_or_no": "I can't tell if that is a yes or a no. Type yes to save the card, or no to "
    "set it aside and write it your way.",
    "unsure": "Then it is not a yes yet. What are you unsure about? Tell me what makes you "
    "doubt it, and we will look at it together.",
    "set_aside": "I set the card aside; nothing was saved. Write {your_part} the way you want, "
    "and I will show you a card to confirm.",
    # A question: an answer with none would end on the step's question, which the card answers.
    "card_waiting": "Does the card say what you mean? Confirm the card below, or change it.",
    "back_to": "Back to {your_part}:",
    "not_saved": "There is no {step} in your draft yet.",
    "doubt_question": "You ended it with a question mark, so I am not sure it is your part "
    "rather than a question to me.",
    "withheld": "I held back some of my answer: it was writing part of your argument "
    "for you, and your argument has to be in your own words.",
    "still_missing": "Before I can propose it: {problem}",
    "opening": "Let's build your argument about “{topic}” in seven steps. Step 1 of 7: the claim.",
    "intro": "Saved. Step {number} of 7: {step}.",
    "complete": "Your argument is complete: all seven parts are in your draft. You can "
    "turn it into a Toulmin chain now.",
    "spacing": "spacing",
    "capital": "a capital letter",
    "full_stop": "a final full stop",
    "statement": "a statement instead of a question mark",
}

EXPLANATIONS: dict[str, str] = {
    "claim": "A claim is the position you want your reader to accept, written as one "
    "statement someone could agree or disagree with.",
    "grounds": "Grounds are the facts behind your claim: figures, observations or results "
    "a reader could check.",
    "warrant": "A warrant is a general rule that links the kind of facts in your grounds "
    "to the kind of conclusion in your claim; it would hold in other cases too, so it is "
    "not your claim said again.",
    "groundsBacking": "Backing for the grounds says who or what stands behind your facts: "
    "a named study, report, institution, expert, statistic or law.",
    "warrantBacking": "Backing for the warrant says what supports your general rule: "
    "research, a law, an expert body or an established field of knowledge.",
    "qualifier": "A qualifier says how strongly you hold the claim, with a word such as "
    "'certainly', 'presumably', 'probably' or 'possibly'.",
    "rebuttal": "A rebuttal names a condition or a case in which your claim would not "
    "hold ('unless ...', 'except when ...'); insisting that you are right is not one.",
}

EXAMPLES: tuple[dict[str, str], ...] = (
    {
        "topic": "cycle lanes in cities",
        "claim": "Cities should build protected cycle lanes.",
        "grounds": "In Seville, cycling grew from 0.5% to 6% of trips after the city "
        "built 80 km of protected lanes.",
        "warrant": "If a safe option is made easy, more people usually choose it.",
        "groundsBacking": "The figures come from Seville city council's mobility reports.",
        "warrantBacking": "Transport research on travel behaviour supports this rule.",
        "qualifier": "Probably, in most large flat cities.",
        "rebuttal": "Unless the lanes do not connect to where people need to go.",
    },
    {
        "topic": "tap water or bottled water",
        "claim": "Families should drink tap water instead of bottled water.",
        "grounds": "A 2018 test of 50 tap-water samples found them as safe as bottled "
        "brands, at a hundredth of the price.",
        "warrant": "When two products are equally safe, the cheaper one is usually the "
        "better choice.",
        "groundsBacking": "The tests were run by a national consumer association's laboratory.",
        "warrantBacking": "Consumer economists have long recommended the cheaper of two "
        "equivalent products.",
        "qualifier": "Presumably, in most towns.",
        "rebuttal": "Unless the local water supply has been contaminated.",
    },
    {
        "topic": "libraries open on Sundays",
        "claim": "Towns should open their public libraries on Sundays.",
        "grounds": "A survey of 1,200 residents found that 40% can only visit at weekends.",
        "warrant": "If a public service is meant for everyone, it should open when most "
        "people can use it.",
        "groundsBacking": "The survey was carried out by the regional statistics office.",
        "warrantBacking": "Public-service guidelines on access for working people support "
        "this principle.",
        "qualifier": "Probably.",
        "rebuttal": "Unless Sunday opening forces cuts to other library services.",
    },
)

OPENERS: dict[str, str] = {
    "write_for_me": "I won't write {your_part} for you: the argument has to be in your "
    "own words. I can show you how one works.",
    "example": "Here is an example on a different topic, so that your argument stays yours.",
    "teacher": "Even if your teacher agrees, my job is to help you write it yourself, "
    "not to write it for you.",
    "emotional": "I can hear this matters a lot, and you can do it, one small step at a "
    "time. I won't write it for you, but I will help you get there.",
    "compare": "I won't write a version of my own to compare with yours, but I can show "
    "you what a strong {part} contains.",
    "stuck": "Being stuck here is normal; let's take one small step.",
    "concept": "",
}

EXAMPLE_LEAD: str = "For example, in an argument about {topic}: “{text}”"

HELP_QUESTIONS: dict[str, str] = {
    "claim": "What do you yourself think about “{topic}”, in one sentence?",
    "grounds": "What is one fact or figure you know that supports your claim?",
    "warrant": "What general rule makes your grounds a reason for your claim?",
    "groundsBacking": "Where do your facts come from: which study, report or institution?",
    "warrantBacking": "What research, law or expert body supports your general rule?",
    "qualifier": "How sure are you of your claim: certainly, probably or possibly?",
    "rebuttal": "In what situation would your claim not hold?",
}

OFF_TOPIC: str = "Let's keep to your argument about “{topic}”."
