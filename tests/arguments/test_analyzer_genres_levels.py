"""The genre evaluation's precision per shown level counts each datum and objection the reader
shows at the level of the confidence shown beside it, right only when it is a gold part."""

from arguments.domain.confidence import sentence_parts
from arguments.domain.reading import claim_level
from evaluations.analyzer_genres import shown_parts

CASE = {
    "query": "Should the town make its buses free?",
    "text": (
        "The town should make its buses free. "
        "Fares rose by 40% last year, the council reported. "
        "My neighbour owns a red bicycle. "
        "Of course, some drivers worry about crowded buses."
    ),
    "data": ["Fares rose by 40% last year, the council reported."],
    "objections": ["Of course, some drivers worry about crowded buses."],
}


def test_each_shown_datum_and_objection_is_counted_at_its_level_and_judged_against_the_gold():
    shown = {
        p.sentence.text: p
        for p in sentence_parts(CASE["query"], CASE["text"], None)
        if p.role in ("data", "rebuttal")
    }
    assert shown  # the reader shows parts for this text
    found = shown_parts(CASE, None)
    assert len(found) == len(shown)
    expected = sorted(
        (
            "data" if p.role == "data" else "objection",
            claim_level(p.confidence),
            text in CASE["data"] + CASE["objections"],
        )
        for text, p in shown.items()
    )
    assert sorted(found) == expected
    # a gold datum shown is counted right, and a sentence that is no gold part is not
    wrong = {**CASE, "data": [], "objections": []}
    assert not any(right for _, _, right in shown_parts(wrong, None))
    assert any(right for _, _, right in found)
