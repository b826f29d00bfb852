"""The fallacy taxonomy, the finding schema and the offline detector (pure domain, no database)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from arguments.domain.fallacies import (
    LIKELY_AT,
    POSSIBLE_AT,
    TAXONOMY,
    FallacyFinding,
    ModelFallacies,
    detect_fallacies,
    findings_from_model,
)
from arguments.domain.fallacies.cues import spans
from arguments.domain.fallacies.detector import WHOLE_AT, WHOLE_UP_TO
from arguments.domain.fallacies.learned import CLASSES, FallacyModel, bucket
from arguments.offline import check_fallacies
from evaluations.fallacies import HELD_OUT, PHONE_BAN_OP_ED, SECOND_SET, TUNING, examples

IDS = [
    "ad_hominem",
    "ad_populum",
    "appeal_to_emotion",
    "circular_reasoning",
    "equivocation",
    "false_authority",
    "straw_man",
    "red_herring",
    "false_cause",
    "false_dilemma",
    "hasty_generalization",
    "slippery_slope",
    "deductive_error",
    "intentional",
]

# Tuning examples the detector still misses, each for a reason its cues cannot see. They are
# strict xfails: if a change starts finding one, the test says so and the entry goes.
KNOWN_MISSES = {
    "A mouse is a small animal, so a big mouse is a big small animal.": "relative adjectives "
    "('small', 'big') are not in the list of ambiguous words",
    "Paranormal activity is real because I have experienced things that can only be "
    "explained as paranormal.": "the reason repeats the subject, not the predicate",
    "The end of a thing is its perfection; death is the end of life; so death is the "
    "perfection of life.": "both uses of 'end' have the same neighbours ('the end of')",
}


def _types(text: str) -> set[str]:
    return {f.type for f in check_fallacies(text)}


def test_the_taxonomy_has_exactly_the_fourteen_ids_each_defined_with_an_example():
    assert list(TAXONOMY) == IDS
    for kind in TAXONOMY.values():
        assert kind.label and kind.definition.endswith(".") and len(kind.example) > 20


def test_the_evaluation_set_has_ten_examples_per_type_and_thirty_texts_without_a_fallacy():
    for kind in IDS:
        assert sum(1 for t, _ in TUNING if t == kind) >= 10, kind
    assert sum(1 for t, _ in TUNING if t == "") >= 30
    texts = [
        text
        for _, text in TUNING
        + SECOND_SET
        + HELD_OUT
        + examples("voices_web_dev")
        + examples("voices_web_frozen")
    ]
    assert len(texts) == len(set(texts)), "an example is listed twice"


def _marks(text: str) -> list[pytest.MarkDecorator]:
    reason = KNOWN_MISSES.get(text)
    return [pytest.mark.xfail(reason=reason, strict=True)] if reason else []


@pytest.mark.parametrize(
    ("kind", "text"),
    [
        pytest.param(k, t, marks=_marks(t), id=f"{k}-{i}")
        for i, (k, t) in enumerate(TUNING + SECOND_SET)
        if k
    ],
)
def test_each_example_gets_a_finding_of_its_type(kind, text):
    assert kind in _types(text)


@pytest.mark.parametrize("text", [t for k, t in TUNING + SECOND_SET if not k])
def test_a_text_without_a_fallacy_gets_no_finding(text):
    # Near misses included: a cause with its mechanism, a named expert in their field, a fair
    # summary of the other side, "all" in a definition, valid modus ponens and syllogisms.
    assert check_fallacies(text) == []


def test_held_out_examples_are_mostly_found_and_clean_texts_mostly_left_alone():
    # Written after round 2 was frozen (73.8% found, 0 of 12 clean texts flagged); the bounds
    # are those figures with about one example of slack, so a change that makes the detector
    # worse on unseen text fails here.
    fallacies = [(k, t) for k, t in HELD_OUT if k]
    clean = [t for k, t in HELD_OUT if not k]
    found = sum(1 for k, t in fallacies if k in _types(t))
    flagged = sum(1 for t in clean if check_fallacies(t))
    assert found / len(fallacies) >= HELD_OUT_RECALL_FLOOR
    assert flagged / len(clean) <= HELD_OUT_CLEAN_FLAGGED_CEILING


HELD_OUT_RECALL_FLOOR = 0.7
HELD_OUT_CLEAN_FLAGGED_CEILING = 0.1


@pytest.mark.parametrize("text", [t for k, t in examples("voices_web_dev") if not k])
def test_near_misses_shaped_like_web_arguments_get_no_rule_finding(text):
    # Shaped like the rules' false findings on ordinary web arguments (tuned on): a long claim
    # sharing one word with its reason, a description of critics, one word in one sense twice,
    # "not enough to", a causal verb inside a history.
    assert detect_fallacies(text) == []


def test_the_frozen_web_shaped_examples_are_mostly_found_and_rarely_flagged_likely():
    # Never tuned on: 14 of 17 found, 1 of 17 near misses with a likely finding when the rules
    # were tightened; the bounds leave about one example of slack.
    items = examples("voices_web_frozen")
    fallacies = [(k, t) for k, t in items if k]
    clean = [t for k, t in items if not k]
    found = sum(1 for k, t in fallacies if k in _types(t))
    flagged = sum(1 for t in clean if any(f.likely for f in check_fallacies(t)))
    assert found / len(fallacies) >= 0.75
    assert flagged <= 2


@pytest.mark.parametrize("text", [t for _, t in TUNING + SECOND_SET + HELD_OUT] + [PHONE_BAN_OP_ED])
def test_every_quote_is_the_text_at_its_offsets_and_findings_come_by_confidence(text):
    found = check_fallacies(text)
    assert all(text[f.start : f.end] == f.quote for f in found)
    assert [f.confidence for f in found] == sorted((f.confidence for f in found), reverse=True)
    assert all(0 < f.confidence <= 1 and f.explanation and f.label for f in found)


def test_the_phone_ban_op_ed_gets_false_cause_and_hasty_generalization_with_their_quotes():
    found = {f.type: f for f in check_fallacies(PHONE_BAN_OP_ED)}
    assert found["false_cause"].quote == (
        "Since phones were invented, grades have fallen, so phones must be the cause."
    )
    assert found["hasty_generalization"].quote == "all bullying today happens online"


def test_the_front_office_telephone_is_no_fallacy_of_any_kind():
    telephone = PHONE_BAN_OP_ED.index("schools have always had a front-office telephone")
    assert not [f for f in check_fallacies(PHONE_BAN_OP_ED) if f.start <= telephone < f.end]


def test_a_long_text_is_read_sentence_by_sentence_and_quotes_the_narrowest_span():
    text = (
        "The council met on Tuesday. Nobody doubted the budget figures. "
        "Ever since we painted the office blue, sales have gone up. The colour must be working."
    )
    (found,) = check_fallacies(text)
    assert found.type == "false_cause"
    assert found.quote == (
        "Ever since we painted the office blue, sales have gone up. The colour must be working."
    )


def test_a_classic_false_cause_is_named_as_one_not_as_equivocation_over_lights():
    text = (
        "Ever since our town installed the new traffic lights, maths results have gone up. "
        "Clearly, the traffic lights improved our students' results."
    )
    assert [f.type for f in check_fallacies(text)] == ["false_cause"]


@pytest.mark.parametrize(
    "text",
    [
        "Sure, other people have to work in the shops on the weekend, but they can have days "
        "off during the week.",
        "Granted, some students need their phones for emergencies, but the school office can "
        "take those calls.",
        "Yes, single-sex schools limit contact with the other sex during lessons, but pupils "
        "meet plenty of people outside school.",
    ],
)
def test_a_concession_answered_by_a_counter_point_is_no_fallacy(text):
    assert check_fallacies(text) == []


def test_likely_and_possible_are_two_steps_and_nothing_below_possible_is_said():
    assert 0 < WHOLE_AT < POSSIBLE_AT < LIKELY_AT < 1
    texts = [t for _, t in TUNING + SECOND_SET + HELD_OUT] + [PHONE_BAN_OP_ED]
    found = [(t, f) for t in texts for f in check_fallacies(t)]
    low = [(t, f) for t, f in found if f.confidence < POSSIBLE_AT]
    # Below POSSIBLE_AT only the model's reading of a short text whole speaks, and it says
    # "possible"; nothing is said below WHOLE_AT.
    assert low, "the examples should include short texts the model reads whole"
    assert all(f.quote == t.strip() and not f.likely and f.confidence >= WHOLE_AT for t, f in low)
    assert all(f.confidence >= POSSIBLE_AT for t, f in found if len(spans(t)) > WHOLE_UP_TO)


def test_a_short_text_is_read_whole_with_its_own_threshold_and_a_long_one_is_not():
    # A model that reads "purple" as ad hominem, weakly: the short text gets a "possible"
    # finding, the same sentence inside a text of more than WHOLE_UP_TO sentences nothing.
    model = _model("purple", "ad_hominem", 3.95)
    short = "Its author wears purple socks."
    found = detect_fallacies(short, model=model)
    assert [(f.type, f.quote, f.likely) for f in found] == [("ad_hominem", short, False)]
    assert WHOLE_AT <= found[0].confidence < POSSIBLE_AT
    long = "The plan was written in May. It was read in June. It passed in July. " + short
    assert detect_fallacies(long, model=model) == []


def _model(word: str, kind: str, weight: float) -> FallacyModel:
    """A model that reads nothing but ``word``, which pushes toward ``kind``."""
    row = [weight if c == kind else 0.0 for c in CLASSES]
    return FallacyModel.from_json(
        {
            "classes": list(CLASSES),
            "buckets": 2**12,
            "families": ["words"],
            "temperature": 1.0,
            "intercepts": [0.0] * (len(CLASSES) - 1) + [3.0],
            "weights": {str(bucket(f"u={word}", 2**12)): row},
        }
    )


def test_a_rule_finding_the_model_does_not_support_is_only_possible():
    text = "Two of my friends got sick after the flu shot, so flu shots always make people sick."
    sceptic = _model("unrelated", "ad_hominem", 1.0)  # "none" for every text
    found = {f.type: f.confidence for f in detect_fallacies(text, model=sceptic)}
    assert POSSIBLE_AT <= found["hasty_generalization"] < LIKELY_AT
    assert found["false_cause"] >= LIKELY_AT  # a type the model never learned keeps its rule
    supportive = _model("friends", "hasty_generalization", 6.0)
    found = {f.type: f.confidence for f in detect_fallacies(text, model=supportive)}
    assert found["hasty_generalization"] >= LIKELY_AT


def test_a_finding_of_the_model_names_the_words_that_led_to_it():
    text = "The plan was written over the weekend. Its author wears purple socks."
    found = detect_fallacies(text, model=_model("purple", "ad_hominem", 8.0))
    assert [(f.type, f.quote) for f in found] == [("ad_hominem", "Its author wears purple socks.")]
    assert '"purple"' in found[0].explanation
    assert detect_fallacies(text, model=_model("purple", "ad_hominem", 3.0)) == []  # unsure
    assert detect_fallacies(text) == []  # without a model, the rules alone


def test_a_contraction_is_never_named_as_a_telling_word():
    model = _model("purple", "ad_hominem", 8.0)
    weights = dict(model.weights)
    weights[bucket("u=doesn't", model.buckets)] = weights[bucket("u=purple", model.buckets)]
    model = FallacyModel(**{**model.__dict__, "weights": weights})
    assert model.telling_words("He doesn't wear purple.", "ad_hominem") == ["purple"]


def test_an_empty_text_has_no_findings():
    assert check_fallacies("") == []
    assert check_fallacies("   \n ") == []


# -- a model's answer ----------------------------------------------------------------------

TEXT = "Since phones were invented, grades have fallen, so phones must be the cause."


def test_a_model_answer_is_located_in_the_text_and_labelled_from_the_taxonomy():
    answer = ModelFallacies.model_validate(
        {
            "fallacies": [
                {
                    "type": "false_cause",
                    "quote": "grades  have fallen, so PHONES must be the cause",
                    "explanation": "Succession is not causation.",
                    "confidence": 0.8,
                }
            ]
        }
    )
    (found,) = findings_from_model(TEXT, answer)
    assert found.label == TAXONOMY["false_cause"].label
    assert found.holds_in(TEXT)
    assert found.quote == "grades have fallen, so phones must be the cause"


def test_a_model_quote_that_is_not_in_the_text_is_dropped():
    answer = ModelFallacies.model_validate(
        {
            "fallacies": [
                {
                    "type": "straw_man",
                    "quote": "invented out of thin air",
                    "explanation": "x",
                    "confidence": 0.9,
                },
                {"type": "false_cause", "quote": TEXT, "explanation": "y", "confidence": 0.4},
            ]
        }
    )
    assert [f.type for f in findings_from_model(TEXT, answer)] == ["false_cause"]


@pytest.mark.parametrize(
    "item",
    [
        {"type": "non_sequitur", "quote": TEXT, "explanation": "x", "confidence": 0.5},
        {"type": "false_cause", "quote": TEXT, "explanation": "x", "confidence": 1.5},
        {"type": "false_cause", "quote": "", "explanation": "x", "confidence": 0.5},
        {"type": "false_cause", "quote": TEXT, "explanation": "x", "confidence": 0.5, "x": 1},
    ],
)
def test_a_model_answer_outside_the_taxonomy_or_schema_fails_validation(item):
    with pytest.raises(ValidationError):
        ModelFallacies.model_validate({"fallacies": [item]})


def test_a_finding_whose_offsets_do_not_fit_its_quote_is_refused():
    with pytest.raises(ValidationError):
        FallacyFinding(
            type="false_cause",
            label="False cause",
            quote="abc",
            start=0,
            end=5,
            explanation="x",
            confidence=0.5,
        )
