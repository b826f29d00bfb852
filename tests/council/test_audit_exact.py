"""The audit's pure pieces, exactly: the prompt for a criterion, the summary a reader sees,
sentence numbering and highlighting, and every refusal of the state reducers and the score."""

from __future__ import annotations

from decimal import Decimal

import pytest

from council.domain.audit.document import highlight_segments, quote_found, sentences
from council.domain.audit.prompts import criterion_messages
from council.domain.audit.report import audit_report, audit_summary
from council.domain.audit.state import (
    Criterion,
    CriterionResult,
    JudicialOpinion,
    StateMergeError,
    compute_global_score,
    merge_criterion_results,
    merge_failures,
)
from toulmini_site.text.fence import fence

TEMPLATE = "Judge $criterion_name: $criterion_description (security: $is_security). $$5 $other"


def result(cid: str, score: int, *, security: bool = False, confidence: float = 0.8):
    return CriterionResult(
        criterion_id=cid,
        numeric_score=score,
        reasoning="Because.",
        security_violation_found=security,
        relevance_confidence=confidence,
    )


# -- the prompt ------------------------------------------------------------------------------
def test_the_criterion_prompt_fills_the_template_and_fences_every_user_field():
    opinion = JudicialOpinion(text="The court held X.", case_id="C-1", court_name="High Court")
    criterion = Criterion(id="clarity", name="Clarity", description="Plain words.")
    assert criterion_messages(opinion, criterion, template=TEMPLATE) == [
        {"role": "system", "content": "Judge Clarity: Plain words. (security: no). $5 $other"},
        {
            "role": "user",
            "content": "The document to audit, with its case id and court:\n\n"
            + fence(
                {"case_id": "C-1", "court_name": "High Court", "document": "The court held X."}
            ),
        },
    ]


def test_a_security_criterion_without_a_description_says_so():
    opinion = JudicialOpinion(text="Text.")
    criterion = Criterion(id="sec", name="Security", is_security=True)
    system = criterion_messages(opinion, criterion, template=TEMPLATE)[0]["content"]
    assert system == "Judge Security: (no description) (security: yes). $5 $other"


# -- the summary -----------------------------------------------------------------------------
CRITERIA = [
    Criterion(id="a", name="Alpha", weight=1.0),
    Criterion(id="b", name="Beta", weight=3.0),
    Criterion(id="c", name="Gamma", weight=1.0),
    Criterion(id="d", name="Delta", weight=1.0),
]


def test_the_summary_names_the_strongest_and_weakest_with_ties_by_id():
    state = {"criteria": CRITERIA, "criterion_results": {"b": result("b", 2), "a": result("a", 4)}}
    state["criterion_results"]["c"] = result("c", 4)
    assert audit_summary(state, 3.0, False) == (
        "Global score 3.0/5 over 3 of 4 criteria. Strongest: Alpha (4/5). Weakest: Beta (2/5)."
    )


def test_a_capped_report_says_why_and_lists_what_was_not_assessed():
    results = {"a": result("a", 5, security=True), "b": result("b", 5)}
    state = {
        "criteria": CRITERIA,
        "criterion_results": results,
        "failures": {"d": "timeout", "c": "refused", "zz": "unknown id"},
    }
    report = audit_report(state)
    assert report.global_score == 3.0  # 5.0 capped
    assert [r.criterion_id for r in report.criterion_results] == ["a", "b"]
    assert report.summary == (
        "Global score 3.0/5 over 2 of 4 criteria. Strongest: Alpha (5/5). Weakest: Beta (5/5). "
        "SECURITY VIOLATION: the document exposes personal data or addresses an AI; the global "
        "score is capped at 3.0. Not assessed (left out of the score): Gamma, Delta."
    )


def test_no_result_no_report():
    assert audit_report({"criteria": CRITERIA, "criterion_results": {}}) is None


# -- sentences and highlighting ----------------------------------------------------------------
def test_sentences_are_numbered_within_their_paragraph_from_one():
    found = sentences("One. Two.\n\n  \n\nThree. Four. Five.")
    assert [(s.paragraph, s.number, s.start, s.text) for s in found] == [
        (1, 1, 0, "One."),
        (1, 2, 5, "Two."),
        (2, 1, 15, "Three."),
        (2, 2, 22, "Four."),
        (2, 3, 28, "Five."),
    ]
    assert found[3].ref == "paragraph 2, sentence 2"
    assert found[3].words == 1


def test_overlapping_occurrences_of_one_quote_are_one_run():
    assert [(s.text, s.labels) for s in highlight_segments("aaab", [("aa", "x")])] == [
        ("aaa", ("x",)),
        ("b", ()),
    ]


def test_adjacent_quotes_with_the_same_label_are_one_run():
    segments = highlight_segments("abcd!", [("ab", "x"), ("cd", "x")])
    assert [(s.text, s.labels) for s in segments] == [("abcd", ("x",)), ("!", ())]


def test_an_empty_quote_marks_nothing_and_does_not_stop_the_others():
    segments = highlight_segments("abcd", [("", "x"), ("cd", "y")])
    assert [(s.text, s.labels) for s in segments] == [("ab", ()), ("cd", ("y",))]


def test_a_quote_is_found_only_when_it_is_in_the_text():
    assert quote_found("The court held X.", "court held") is True
    assert quote_found("The court held X.", "court said") is False
    assert quote_found("The court held X.", "") is False


# -- the reducers and the score refuse bad input, saying where -------------------------------
@pytest.mark.parametrize(
    ("left", "right", "message"),
    [
        ([], {}, "criterion_results (state): expected a dict, got list"),
        ({}, {1: None}, "criterion_results (update): keys must be strings, got int"),
        (
            {"a": "x"},
            {},
            "criterion_results['a'] (state): expected CriterionResult, got str",
        ),
        ({}, {"a": result("b", 3)}, "criterion_results['a'] (update): holds the result of 'b'"),
    ],
)
def test_merging_results_refuses_bad_input_naming_the_side(left, right, message):
    with pytest.raises(StateMergeError) as caught:
        merge_criterion_results(left, right)
    assert str(caught.value) == message


def test_on_a_tie_the_newer_result_wins_and_a_lower_confidence_does_not():
    old, new = result("a", 2, confidence=0.5), result("a", 4, confidence=0.5)
    assert merge_criterion_results({"a": old}, {"a": new}) == {"a": new}
    weaker = result("a", 5, confidence=0.4)
    assert merge_criterion_results({"a": old}, {"a": weaker}) == {"a": old}


@pytest.mark.parametrize(
    ("left", "right", "message"),
    [
        ("x", {}, "failures (state): expected a dict, got str"),
        ({}, [], "failures (update): expected a dict, got list"),
        ({"a": 1}, {}, "failures['a'] (state): expected a string"),
        ({}, {"b": None}, "failures['b'] (update): expected a string"),
    ],
)
def test_merging_failures_refuses_bad_input_naming_the_side(left, right, message):
    with pytest.raises(StateMergeError) as caught:
        merge_failures(left, right)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("results", "weights", "message"),
    [
        ({}, {}, "no criterion was scored: there is no global score"),
        ({"a": {"criterion_id": "a"}}, {"a": 1}, "results['a'] is not that criterion's result"),
        ({"a": result("b", 3)}, {"a": 1}, "results['a'] is not that criterion's result"),
        ({"a": result("a", 3)}, {}, "no weight for the scored criterion 'a'"),
        ({"a": result("a", 3)}, {"a": True}, "weight of 'a' must be a number, got True"),
        ({"a": result("a", 3)}, {"a": "1"}, "weight of 'a' must be a number, got '1'"),
        ({"a": result("a", 3)}, {"a": float("nan")}, "weight of 'a' must be finite, got nan"),
        ({"a": result("a", 3)}, {"a": 0}, "weight of 'a' must be greater than 0, got 0"),
        (
            {"a": result("a", 3)},
            {"a": Decimal("-1")},
            "weight of 'a' must be greater than 0, got Decimal('-1')",
        ),
    ],
)
def test_the_global_score_refuses_what_it_cannot_weigh(results, weights, message):
    with pytest.raises(ValueError) as caught:
        compute_global_score(results, weights)
    assert str(caught.value) == message


def test_a_bad_security_cap_is_named():
    with pytest.raises(ValueError, match="^weight of 'security_cap' must be greater than 0"):
        compute_global_score({"a": result("a", 5, security=True)}, {"a": 1}, security_cap=0)


def test_integer_and_decimal_weights_weigh_like_floats():
    results = {"a": result("a", 1), "b": result("b", 4)}
    assert compute_global_score(results, {"a": 1, "b": Decimal("2")}) == 3.0
    assert compute_global_score(results, {"a": 0.1, "b": 0.2}) == 3.0


# -- the offline auditors at their cut-offs ---------------------------------------------------
from council.domain.audit.analyzers import assess  # noqa: E402


def words(n: int) -> str:
    return " ".join(["Word"] + ["word"] * (n - 2)) + " end."


@pytest.mark.parametrize(
    ("lengths", "score"),
    [
        ([18, 18], 5),
        ([18, 19], 4),  # average 18.5
        ([24, 24], 4),
        ([24, 25], 3),
        ([30, 30], 3),
        ([30, 31], 2),
        ([40, 40], 2),
        ([40, 41], 1),
    ],
)
def test_clarity_scores_the_average_sentence_length_at_each_cut_off(lengths, score):
    text = " ".join(words(n) for n in lengths)
    assert assess(text=text, analyzer="clarity", criterion_name="C").numeric_score == score


def test_clarity_quotes_the_sentences_past_35_words_longest_first():
    text = " ".join(words(n) for n in (35, 36, 37, 10, 10))
    answer = assess(text=text, analyzer="clarity", criterion_name="C")
    assert answer.reasoning == "C: sentences average 25.6 words; 2 run past 35 words."
    assert [len(e.content.split()) for e in answer.evidence] == [37, 36]
    assert answer.relevance_confidence == 0.7  # five sentences
    short = assess(
        text=" ".join(words(n) for n in (10,) * 4), analyzer="clarity", criterion_name="C"
    )
    assert short.relevance_confidence == 0.5 and short.evidence == []


def test_balance_counts_at_most_two_counterpoints_and_two_loaded_terms():
    counter = "However, the court weighed it. Although late, it was heard. Nevertheless it stood."
    loaded = "It is absurd. It is outrageous. It is ridiculous."
    assert assess(text=counter, analyzer="balance", criterion_name="B").numeric_score == 5
    assert assess(text=loaded, analyzer="balance", criterion_name="B").numeric_score == 1
    capped = assess(text=counter + " It is absurd.", analyzer="balance", criterion_name="B")
    assert capped.numeric_score == 4  # 3 + 2 (of 3 counterpoints) - 1
    mixed = assess(
        text="However, it is fine. It is absurd.", analyzer="balance", criterion_name="B"
    )
    assert mixed.numeric_score == 3
    assert mixed.reasoning == ("B: 1 sentence weighs the other side; 1 sentence uses loaded terms.")


def test_citations_need_five_of_two_kinds_for_the_top_score():
    record = "The witness testified. Exhibit 4 shows it. The affidavit agrees. "
    one_kind = record + "Another witness spoke. The testimony was clear."
    two_kinds = record + "Another witness spoke. In Smith v. Jones the court agreed."
    assert assess(text=one_kind, analyzer="citations", criterion_name="C").numeric_score == 4
    assert assess(text=two_kinds, analyzer="citations", criterion_name="C").numeric_score == 5


def test_an_empty_document_has_no_sentences_to_assess():
    with pytest.raises(ValueError, match="^the document has no sentences$"):
        assess(text="   ", analyzer="clarity", criterion_name="C")


def test_balance_counts_at_most_two_loaded_terms_against_two_counterpoints():
    counter = "However, the court weighed it. Although late, it was heard. "
    loaded = "It is absurd. It is outrageous. It is ridiculous."
    both = assess(text=counter + loaded, analyzer="balance", criterion_name="B")
    assert both.numeric_score == 3  # 3 + 2 - 2 (of 3 loaded terms)


def test_balance_quotes_loaded_terms_first_and_six_quotes_at_most():
    counter = " ".join(f"However, point {n} was weighed." for n in range(5))
    loaded = "It is absurd. It is outrageous."
    result = assess(text=loaded + " " + counter, analyzer="balance", criterion_name="B")
    assert [e.relevance_confidence for e in result.evidence] == [0.8, 0.8, 0.7, 0.7, 0.7, 0.7]
    assert result.evidence[0].content == "It is absurd."


def test_the_offline_answer_names_its_criterion_in_its_reasoning():
    from council.domain.audit.offline import offline_assessment

    answer = offline_assessment(
        {"analyzer": "balance", "text": "However, it is fine.", "criterion_name": "Balance"}
    )
    assert answer.reasoning.startswith("Balance: 1 sentence weighs the other side")
