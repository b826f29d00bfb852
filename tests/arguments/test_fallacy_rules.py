"""Each fallacy rule's score, exactly, on its cues and on near misses.

A rule reads the lower-cased text of a window of sentences and fires at 2.0 or more; its
score sets the finding's confidence. Every weight is pinned here by a text that holds its cue
and one that lacks it, so a changed weight, a dropped cue or an inverted test changes a figure.
"""

from __future__ import annotations

import pytest

from arguments.domain.fallacies import (
    cues,
    deduction,
    detect_fallacies,
    detector,
    induction,
    locate,
    offline_answer,
    presumption,
    relevance,
)

HOMINEM = "It attacks the person's character or life instead of answering what they argue."
EMOTION = "It moves the reader with pity, fear or guilt instead of giving a reason."
CIRCULAR = "The reason it gives already assumes what it sets out to prove."
MUTUAL = "Each reason is supported only by the claim it is meant to prove."
STRAW = "It answers an exaggerated version of what the other side said, not what they said."
HERRING = "It changes the subject instead of answering the point that was raised."
CAUSE = (
    "It concludes that one thing caused another only because it came first or went along "
    "with it; no mechanism or test rules out other causes."
)
DILEMMA = "It offers two options as if they were the only ones; others exist."
SLOPE = (
    "It claims one step will lead, step after step, to disaster without showing why each "
    "step must follow."
)
AFFIRMS = (
    "It affirms the consequent: the result happening does not show that this condition "
    "caused it; something else could have."
)
DENIES = (
    "It denies the antecedent: the condition failing does not show the result fails too; it "
    "could come about another way."
)
LOADED = "It is a loaded question: any direct answer admits something that was never shown."
GOALPOSTS = "It moves the goalposts: once the evidence asked for is given, it asks for more."


def worded(result):
    """A rule's result with its explanation as the English text it gives (the rules name a
    key and its words; ``Explanation.text`` is the sentence an answer carries)."""
    if result is None:
        return None
    return (result[0], result[1].text, *result[2:])


@pytest.mark.parametrize(
    ("word", "stem"),
    [
        ("running's", "runn"),
        ("happily", "happi"),
        ("jumped", "jump"),
        ("boxes", "box"),  # "es" before "s"
        ("cats", "cat"),
        ("bus", "bus"),  # a stem keeps three letters
        ("seeing", "see"),
        ("sing", "sing"),
        ("kindness", "kind"),  # "ness" before "s"
        ("willingly", "will"),  # "ingly" before "ly"
        ("markedly", "mark"),  # "edly" before "ly"
        ("international", "intern"),  # six letters at most
        ("-word'", "word"),
        ("housed", "hous"),  # one suffix only: not "hou"
        ("aced", "aced"),
        ("faced", "fac"),
        ("kindnesses", "kindne"),
    ],
)
def test_a_stem_drops_one_suffix_and_keeps_six_letters(word, stem):
    assert cues.stem(word) == stem


def test_terms_are_the_stems_of_content_words_of_two_letters_or_more():
    assert cues.terms("The dogs were barking at a cat, x y ox.") == {"dog", "bark", "cat", "ox"}
    assert cues.first_terms("dogs bark at dogs.") == ["dog", "bark", "dog"]


@pytest.mark.parametrize(
    ("a", "b", "overlap"),
    [
        ({"a", "b"}, {"b", "c", "d"}, 0.5),
        ({"a"}, {"a", "b", "c"}, 1.0),
        (set(), {"a"}, 0.0),
        ({"a"}, set(), 0.0),
    ],
)
def test_overlap_is_shared_terms_over_the_smaller_set(a, b, overlap):
    assert cues.overlap(a, b) == overlap


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("he is a liar.", 1.0),
        ("he is a liar, so vote no.", 1.0),  # a conclusion counts only about an argument
        ("he is a liar and his plan is bad.", 1.5),
        ("he is a liar, ignore him.", 2.0),
        ("he is a liar, ignore his plan.", 2.5),
        ("he is a liar, so his plan fails.", 3.0),
        ("he is a liar, ignore his plan, so vote no.", 3.0),
    ],
)
def test_ad_hominem_weighs_an_insult_a_dismissal_an_argument_and_a_conclusion(text, score):
    assert worded(relevance.ad_hominem(text)) == (score, HOMINEM)


def test_ad_hominem_needs_an_insult():
    assert relevance.ad_hominem("his plan is bad, so ignore it.") is None


def test_ad_populum_names_the_crowd_it_leans_on():
    assert worded(relevance.ad_populum("millions of people drink it, so it must be good.")) == (
        2.2,
        'It treats "millions of people" believing or doing something as proof that it is '
        "true or good.",
    )
    assert worded(relevance.ad_populum("the majority believe it is true."))[1].startswith(
        'It treats "the majority" believing'
    )


@pytest.mark.parametrize(
    "text",
    [
        "it must be good, millions of people drink it.",  # the verdict comes first
        "millions of people have a right to it, so it must be good.",  # no belief or habit
        "everyone says so.",  # no verdict
        "it is true.",  # no crowd
    ],
)
def test_ad_populum_near_misses(text):
    assert relevance.ad_populum(text) is None


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("the children are crying.", 1.5),  # one emotive word 0.75 + 0.25, a directive 0.5
        ("the children are crying and dying.", 2.25),
        ("the children are crying, dying and starving.", 2.25),  # two at most
        ("the crying children are helpless.", 2.25),  # vulnerable 0.5
        ("think of the crying children, you must vote.", 3.0),  # an appeal 1.0
        ("the weeping stopped.", 1.0),
    ],
)
def test_appeal_to_emotion_weighs_emotive_words_appeals_and_directives(text, score):
    assert worded(relevance.appeal_to_emotion(text)) == (score, EMOTION)


def test_appeal_to_emotion_needs_an_emotive_word():
    assert relevance.appeal_to_emotion("think of the children, you must vote.") is None


@pytest.mark.parametrize(
    ("text", "result"),
    [
        ("he is honest because he is trustworthy.", (2.0, CIRCULAR)),  # one shared concept
        ("the food is healthy because it is good for your health.", (2.5, CIRCULAR)),
        ("the film is good because it is great and tasty.", (2.0, CIRCULAR)),
        ("dogs bark loudly because dogs bark.", (2.5, CIRCULAR)),  # no copula: most terms
        ("we win because we train; we train because we win.", (2.5, MUTUAL)),
        ("he is honest because he tells the truth.", None),
        ("because it is good, it is good.", None),  # no claim before the reason
        ("dogs bark loudly because cats bark.", None),  # one of three terms comes back
        ("dogs bark loudly because cats bark loudly.", (2.5, CIRCULAR)),  # two of three
        ("dogs bark because cats bark.", (2.0, CIRCULAR)),  # one of two is half
    ],
)
def test_circular_reasoning(text, result):
    assert worded(presumption.circular(text)) == result


@pytest.mark.parametrize(
    "text",
    [
        # One word shared by a longer claim and its reason: a reason about the same thing.
        "they took me out of school because the school had no speech therapist.",
        # "right" restates "wrong" (one concept), but is a fifth of a reason about belief.
        "it is odd to call it wrong because they believe it is right and have thought it over.",
        # Half of a long predicate would have to come back, not one word of it.
        "choosing a school is hard, since a school's teachers, clubs and fees all matter.",
        # Two reasons that share a word each, in a long text, do not lean on each other.
        "parents keep kids home because they both work and their kids are tired; kids go to "
        "day care because their parents work long hours in town.",
    ],
)
def test_circular_reasoning_near_misses(text):
    assert presumption.circular(text) is None


@pytest.mark.parametrize(
    ("text", "fires"),
    [
        ("the feather is light, so it is not dark light.", True),
        ("the light is on and the light bulb glows, so it is light.", True),
        ("the light is on, so the light is on.", False),  # the same neighbours: one sense
        ("light is light.", False),  # no conclusion
        ("the feather is light, so it floats.", False),  # once only
    ],
)
def test_equivocation_needs_a_conclusion_and_one_word_in_two_contexts(text, fires):
    expected = (
        2.0,
        'The word "light" is used in two different senses, so the conclusion does not follow.',
    )
    assert worded(presumption.equivocation(text)) == (expected if fires else None)


@pytest.mark.parametrize(
    "text",
    [
        # Both uses after the conclusion: a verdict repeated, not drawn from the word.
        "so no, it was not fair on them, not fair on him either.",
        # "that right" points back at the first use, in its sense.
        "parents have the right to choose, so the state must respect that right.",
        # One word before and a content word after each time: one adjective, one sense.
        "pupils keep their free speech and their free worship, so prayer at lunch is allowed.",
        # "so hard" says how hard: no conclusion.
        "no matter how hard i tried, i tried so hard to understand.",
    ],
)
def test_equivocation_near_misses(text):
    assert presumption.equivocation(text) is None


@pytest.mark.parametrize(
    ("text", "score", "who"),
    [
        ("a famous actor says the vaccine is safe.", 2.0, "famous"),
        ("a famous actor says the vaccine is safe, so it is.", 2.5, "famous"),
        ("my dentist says the stock market will rise.", 2.3, "dentist"),
        ("the dentist says the vaccine is safe, so buy shares.", 2.8, "dentist"),
    ],
)
def test_false_authority_names_who_it_leans_on(text, score, who):
    assert worded(relevance.false_authority(text)) == (
        score,
        f'It leans on "{who}", who is no authority on this question.',
    )


def test_unnamed_experts_are_named_as_such():
    message = (
        '"experts agree" names no expert, so the claim cannot be checked against anyone\'s work.'
    )
    assert worded(relevance.false_authority("experts agree it is safe.")) == (2.0, message)
    assert worded(relevance.false_authority("experts agree it is safe, so it is.")) == (
        2.5,
        message,
    )


@pytest.mark.parametrize(
    "text",
    [
        "my dentist says my teeth are fine.",  # in the dentist's own field
        "a famous actor likes the vaccine.",  # no attribution
        "the report says the vaccine is safe.",  # an attribution, no one to doubt
    ],
)
def test_false_authority_near_misses(text):
    assert relevance.false_authority(text) is None


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("my opponent wants to cut the budget.", 1.0),
        ("my opponent wants to ban cars.", 1.5),
        ("my opponent wants to ban all cars and destroy every town.", 2.0),  # two at most
        ("my opponent basically wants chaos.", 2.5),
        ("my opponent basically wants to ban all cars.", 3.0),
    ],
)
def test_straw_man_weighs_distortion_and_extremes(text, score):
    assert worded(relevance.straw_man(text)) == (score, STRAW)


def test_straw_man_needs_the_other_side():
    assert relevance.straw_man("basically we ban all cars.") is None


@pytest.mark.parametrize(
    "text",
    [
        # Who the critics are, not what they hold.
        "objections from those who have never taught a class are never simply wrong.",
        "people who would prefer prayer should accept it for every faith, not just one.",
        # "how they want" reports no position of theirs.
        "parents teach exactly how they want.",
    ],
)
def test_straw_man_needs_a_position_of_the_other_side(text):
    assert relevance.straw_man(text) is None


@pytest.mark.parametrize(
    ("text", "score"),
    [
        # The distortion counts only in what they are made to say: from the clause naming them.
        ("not just a handful of states: all of them. she wants to cut the budget.", 1.0),
        ("she wants to cut the budget, so basically she wants to starve us all.", 3.0),
    ],
)
def test_straw_man_reads_the_distortion_in_what_the_other_side_says(text, score):
    assert worded(relevance.straw_man(text)) == (score, STRAW)


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("the mayor is accused of bribery, but look at all the parks he built.", 3.0),
        ("you say taxes are high, but the weather is lovely.", 2.0),
        ("yes taxes rose, but let's not forget the weather is lovely.", 3.0),
        ("why worry about taxes when the weather is lovely?", 2.0),
        ("the vote was close; what about the parks he built?", 2.0),
    ],
)
def test_red_herring_weighs_a_diversion_and_an_accusation(text, score):
    assert worded(relevance.red_herring(text)) == (score, HERRING)


@pytest.mark.parametrize(
    "text",
    [
        "what about the parks he built?",  # nothing before the diversion
        "you say taxes are high, but taxes are lower than before.",  # same subject
        "the report shows costs, but look at the costs of the report.",
        "you say taxes are high.",  # no "but"
        "fine, you showed it, but look at the parks; that is not enough.",  # moving goalposts
        # A concession answered by a counter-point: nothing turns away from what was conceded.
        "yes taxes rose, but the weather is lovely.",
        "sure, other people have to work in the shops on the weekend, but they can have days "
        "off during the week.",
    ],
)
def test_red_herring_near_misses(text):
    assert relevance.red_herring(text) is None


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("since the new coach came we won; the coach caused it.", 2.2),
        ("after i wore socks we won, socks changed it.", 2.2),
        ("after i wore my lucky socks we won, so the socks caused it.", 2.5),
        ("since the new coach came, we won, so the coach must be the cause.", 2.8),
    ],
)
def test_false_cause_weighs_a_conclusion_and_a_must(text, score):
    assert worded(induction.false_cause(text)) == pytest.approx((score, CAUSE))


@pytest.mark.parametrize(
    "text",
    [
        "the coach caused it since we won.",  # the causal claim comes first
        "since the coach came we won because the coach trained us; he caused it.",  # mechanism
        "since the coach came we won.",  # no causal conclusion
        "the coach caused it.",  # no succession
        # "since" of reason and "after all" are no succession (web texts the rules misread).
        "we may take her out, since the school has a waiting list, whenever that brought news.",
        "after all, i have taught for years, so my teaching changed nothing.",
        # A causal verb inside the time clause narrates a history; it concludes nothing.
        "long before puberty brought its complications, girls were taught apart.",
        "after the flood ruined the hall we moved.",
        # "have since" is an adverb, no event to follow.
        "teachers have since laid those fears to rest, which makes us smile.",
    ],
)
def test_false_cause_near_misses(text):
    assert induction.false_cause(text) is None


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("either you pay or you leave.", 1.0),
        ("either you support the war or you hate your country.", 2.0),
        ("there are only two options: pay.", 1.2),
        ("there are only two options: pay or leave.", 2.0),
        ("there are only two options: pay or die.", 3.0),
        ("either we act now or we are doomed, there is no other option.", 4.0),
    ],
)
def test_false_dilemma_weighs_either_only_polar_words_and_an_or(text, score):
    assert worded(presumption.false_dilemma(text)) == pytest.approx((score, DILEMMA))


def test_false_dilemma_needs_either_or_or_only():
    assert presumption.false_dilemma("pay or leave, or you are doomed.") is None


@pytest.mark.parametrize(
    ("text", "score", "explanation", "focus"),
    [
        (
            "my roommate failed, so all students fail.",
            2.0,
            'It draws a conclusion about a whole group from "my roommate": too few cases to '
            "show it.",
            (23, 40),
        ),
        (
            "all students fail today.",
            2.0,
            '"all" claims something about every case, with no evidence given for it.',
            (0, 23),
        ),
        (
            "my roommates are late, so students are lazy.",
            2.0,
            'It draws a conclusion about a whole group from "my roommates": too few cases to '
            "show it.",
            (0, 44),
        ),
        (
            "students today are lazy.",
            2.0,
            '"students today are" claims something about every case, with no evidence given '
            "for it.",
            (0, 24),
        ),
        (
            "it rained, so students today are lazy.",
            2.0,
            '"students today are" claims something about every case, with no evidence given '
            "for it.",
            (0, 38),
        ),
        (
            "i saw it today, so women are all the same.",
            4.0,
            'It draws a conclusion about a whole group from "i saw": too few cases to show it.',
            (19, 41),
        ),
        (
            "my roommate failed;all students fail.",  # a clause break right before the word
            2.0,
            'It draws a conclusion about a whole group from "my roommate": too few cases to '
            "show it.",
            (19, 36),
        ),
        (
            "my roommate failed, so all students fail today.",
            3.0,
            'It draws a conclusion about a whole group from "my roommate": too few cases to '
            "show it.",
            (23, 46),
        ),
    ],
)
def test_hasty_generalization_scores_names_its_evidence_and_its_clause(
    text, score, explanation, focus
):
    assert worded(induction.hasty_generalization(text)) == (score, explanation, focus)


@pytest.mark.parametrize(
    "text",
    [
        "all students fail.",  # a universal, no thin evidence
        "my roommate failed.",  # thin evidence, no claim
        "students are lazy.",  # generic, nothing else
        "according to a survey all students fail.",  # grounded
        "at all times my roommate fails.",
        # "all" that names no whole group, and "never" or "always" said of oneself.
        "my sister really enjoyed going to an all girls school.",
        "my friends were of all ages and i remembered all this last week.",
        "i've never met them, my cousin says.",
        "my parents travelled far, for that i will always admire them.",
    ],
)
def test_hasty_generalization_near_misses(text):
    assert induction.hasty_generalization(text) is None


@pytest.mark.parametrize(
    ("text", "score"),
    [
        ("if we allow one late essay, soon nobody will meet any deadline.", 2.0),
        ("soon and next it will be chaos.", 2.5),
        ("soon it will be chaos, if we start.", 2.0),
        ("if we legalize it, next comes heroin and then total chaos.", 3.0),
        ("soon, next, then and eventually it will be chaos.", 2.5),  # two steps at most
    ],
)
def test_slippery_slope_weighs_steps_a_first_step_a_disaster_and_a_start(text, score):
    assert worded(induction.slippery_slope(text)) == (score, SLOPE)


@pytest.mark.parametrize(
    "text",
    [
        "soon it will rain.",
        "soon and then it will rain.",  # two steps, no disaster
        "soon it will be chaos.",  # one step and a disaster: 2.0 < 2.5
        "a single step and we fall.",  # a first step alone
        "it will be chaos.",  # no step
        # "if ... then" is one conditional, not a chain of steps.
        "if you want them to pray all day, then send them to a church school.",
    ],
)
def test_slippery_slope_near_misses(text):
    assert induction.slippery_slope(text) is None


@pytest.mark.parametrize(
    ("text", "explanation"),
    [
        ("if it rains, the streets get wet. the streets are wet, so it rained.", AFFIRMS),
        ("when it rains, the streets get wet; the streets are wet, so it rained.", AFFIRMS),
        (
            "if it rains, the streets get wet. it did not rain, so the streets are not wet.",
            DENIES,
        ),
        (
            "some cats are black. some dogs are black, so some cats are dogs.",
            "Both premises are particular ('some'), so no conclusion about the two groups follows.",
        ),
        (
            "no cats are dogs. no dogs are birds, so no cats are birds.",
            "Both premises are negative ('no'), so no conclusion about the two groups follows.",
        ),
        (
            "all dogs have fur. all cats have fur, so dogs are cats.",
            "Two things sharing a property does not make one the other (undistributed middle).",
        ),
        (
            "cities grow. if it rains, the streets get wet. the streets are wet, so it rained.",
            AFFIRMS,
        ),
        (
            "if it rains, the streets get wet. the streets are wet. cats purr, so it rained.",
            AFFIRMS,
        ),
        (
            "if it rains, the streets get wet. it did not rain on the streets, so the streets "
            "are not wet.",
            DENIES,
        ),
        (
            "all dogs have fur. all cats have fur, so cats are dogs.",
            "Two things sharing a property does not make one the other (undistributed middle).",
        ),
    ],
)
def test_deductive_errors_are_named_by_their_form(text, explanation):
    assert worded(deduction.deductive_error(text)) == (2.5, explanation)


@pytest.mark.parametrize(
    "text",
    [
        "if it rains, the streets get wet. it rains, so the streets are wet.",  # modus ponens
        # the minor premise speaks of both sides alike: which one it affirms is not clear
        "if it rains, the streets get wet. the streets are wet from rain, so it rained.",
        # the consequent affirmed, but the conclusion is not the antecedent
        "if it rains, the streets get wet. the streets are wet, so the sky is grey.",
        # the antecedent denied, but the conclusion does not deny the consequent
        "if it rains, the streets get wet. it did not rain, so the sky is not grey.",
        "if it rains, the streets get wet. the streets are not dry, so it rained.",
        "if it rains, the streets get wet. it did not rain, so the streets are wet.",
        "if it rains, the streets get wet. it did not rain, so the streets are dry.",
        "all dogs have fur. all cats have fur, so fish swim.",
        "some cats are black. no dogs are black, so some cats are not dogs.",
        "so it rained.",
        "the streets are wet, so it rained.",  # one premise
        "if it rains, the streets get wet. the streets are wet, so.",  # no conclusion
    ],
)
def test_deductive_error_near_misses(text):
    assert deduction.deductive_error(text) is None


@pytest.mark.parametrize(
    ("text", "result"),
    [
        ("have you stopped cheating on your exams?", (2.5, LOADED)),
        ("why do you keep lying?", (2.5, LOADED)),
        ("why does he keep wasting money?  ", (2.5, LOADED)),
        ("fine, you showed the data, but that is not enough.", (2.3, GOALPOSTS)),
        ("have you stopped cheating on your exams.", None),  # not a question
        ("have you stopped running?", None),  # no misdeed
        ("is he cheating?", None),  # no presupposition
        ("fine, you showed the data.", None),  # no escalation
        ("that is not enough.", None),  # nothing conceded
        # "not enough to" weighs an effect; it asks for no more evidence.
        ("yes, the boys were distracting, but not enough to stop me.", None),
    ],
)
def test_intentional_fallacies(text, result):
    assert worded(presumption.intentional(text)) == result


@pytest.mark.parametrize(
    ("score", "width", "confidence"),
    [
        (2.0, 1, 0.7),
        (2.0, 2, 0.65),
        (2.0, 3, 0.6),
        (3.0, 1, 0.9),
        (4.0, 1, 0.9),  # at most 0.9
        (0.0, 1, 0.3),  # at least 0.3
        (0.0, 3, 0.3),
    ],
)
def test_confidence_grows_with_the_score_and_shrinks_with_the_window(score, width, confidence):
    assert detector.confidence(score, width) == pytest.approx(confidence)


# -- a model's quotes, located -----------------------------------------------------------


@pytest.mark.parametrize(
    ("quote", "span"),
    [
        ("Dogs bark", (0, 9)),  # at the very start
        ('  "Dogs bark"  ', (0, 9)),  # quotes and spaces around it are not part of it
        ("“cats purr”", (14, 23)),
        ("'dogs   BARK'", (0, 9)),  # case and runs of white space ignored when not exact
        ("dogs bark", (25, 34)),  # exactly, before ignoring case
        ("bark", (5, 9)),  # the first place it is
        ("purr; dogX", None),  # only quote marks are stripped from the ends, not letters
        ("birds sing", None),
        (' "" ', None),
    ],
)
def test_a_quote_is_located_exactly_else_ignoring_case_and_spacing(quote, span):
    assert locate("Dogs bark and cats purr; dogs bark.", quote) == span


def test_the_offline_answer_keeps_thirty_findings_most_confident_first():
    text = " ".join(f"Mr. {n} is a liar, so ignore his plan number {n}." for n in range(40))
    assert len(detect_fallacies(text)) == 40
    answer = offline_answer({"text": text})
    assert len(answer.fallacies) == 30
    assert answer.fallacies[0].quote == "Mr. 0 is a liar, so ignore his plan number 0."
    assert offline_answer({}).fallacies == []


@pytest.mark.parametrize(
    ("text", "word", "clause"),
    [
        # A break that ends exactly where the word starts still opens its clause.
        (
            "My cousin got sick;all vaccines are bad, obviously.",
            "all",
            "all vaccines are bad, obviously",
        ),
        ("All dogs bite; I saw one.", "All", "All dogs bite"),
        # Quotes and spaces around the clause are cut, punctuation inside it is kept.
        ("I met two; “all” of them lied: ask anyone", "all", "all” of them lied"),
        ("It rained, but everyone stayed, so all went home", "all", "all went home"),
        ("He is late so everyone is late but nobody cares", "everyone", "everyone is late"),
    ],
)
def test_the_clause_around_a_word_runs_from_the_break_before_it_to_the_break_after(
    text, word, clause
):
    start, end = cues.clause_around(text, text.index(word))
    assert text[start:end] == clause
