"""The council and named fallacies; offline trees that narrow; usage said plainly.

The phone-ban op-ed (``evaluations/fallacies``) holds a false cause, an
over-generalisation and a near miss: "schools have always had a front-office telephone" is a
fact about the past, not a prediction.
"""

from __future__ import annotations

import pytest

from arguments.domain.fallacies import TAXONOMY
from council.demo import DEMO_CRITIQUE_TEXT
from council.domain.critique.formatter import OFFLINE_USAGE, format_critique_output, usage_line
from council.domain.critique.offline import deeper, level_one, offline_tree_level
from council.domain.critique.quotes import normalize
from council.domain.critique.synthesis import default_assessment
from council.services.critique import critique_create, critique_run
from council.services.critique_council import run_critique_council
from evaluations.fallacies import PHONE_BAN_OP_ED
from tests.arguments.texts import PHONES
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.offline import OfflineClient

CAUSE = "Since phones were invented, grades have fallen, so phones must be the cause."
SWEEP = "all bullying today happens online"
TELEPHONE = "schools have always had a front-office telephone"
WEAK = (
    "Our new platform will obviously transform learning for many students. "
    "Teachers should adopt it. Therefore the school must buy it, except for the science "
    "department. It ultimately leverages synergy to deliver optimal results. "
    "Some critics say it is expensive, etc. Students always love new tools. "
    "Students never love new tools that are imposed."
)


def _walk(node):
    yield node
    for child in node["sub_critiques"]:
        yield from _walk(child)


def _pairs(data):
    """(parent, child) for every edge of every tree."""
    for tree in data["trees"].values():
        for top in tree:
            for node in _walk(top):
                for child in node["sub_critiques"]:
                    yield node, child


@pytest.fixture(scope="module")
def phone_ban():
    return run_critique_council(PHONE_BAN_OP_ED, client=OfflineClient())


def test_the_offline_council_names_the_false_cause_and_the_over_generalisation(phone_ban):
    named = {p["fallacy"]: p for p in phone_ban["points"] if p["fallacy"]}
    assert named["false_cause"]["evidence"] == CAUSE
    assert named["false_cause"]["agents"] == ["leibniz"]
    assert named["hasty_generalization"]["evidence"] == SWEEP
    assert named["hasty_generalization"]["agents"] == ["aristotle"]


def test_the_offline_summary_names_the_fallacies_the_surer_first(phone_ban):
    # the checker is surer of the sweeping claim about "my niece" than of the false cause
    assert "Named fallacies: hasty generalization, false cause." in (phone_ban["final_assessment"])


def test_generalization_is_spelled_one_way_in_labels_points_and_summary(phone_ban):
    assert TAXONOMY["hasty_generalization"].label == "Hasty generalization"
    everything = str(phone_ban).lower()
    assert "hasty generalization" in everything and "generalisation" not in everything


def test_the_front_office_telephone_is_not_called_a_prediction(phone_ban):
    nodes = [n for tree in phone_ban["trees"].values() for top in tree for n in _walk(top)]
    about_it = [n for n in nodes if normalize(TELEPHONE) in normalize(n["evidence"])]
    assert not [n for n in about_it if "Prediction" in n["claim"]]
    assert not [n for n in nodes if "('always')" in n["claim"]]


def test_popper_still_calls_a_future_without_a_criterion_a_prediction():
    claims = [f["claim"] for f in level_one("popper", "The reform will help our students.")]
    assert any(c.startswith("Prediction ('will')") for c in claims)


@pytest.mark.parametrize("document", [PHONE_BAN_OP_ED, WEAK])
def test_offline_children_quote_less_than_their_parent_and_say_something_new(document):
    data = run_critique_council(document, client=OfflineClient())
    pairs = list(_pairs(data))
    assert pairs, "the tree should decompose below level 1"
    for parent, child in pairs:
        assert normalize(child["evidence"]) in normalize(parent["evidence"])
        assert len(child["evidence"]) < len(parent["evidence"])
        assert child["claim"] != parent["claim"]
        assert child["claim"] not in parent["claim"]


def test_a_named_fallacy_inside_a_quote_becomes_a_child_that_names_it():
    span = "My niece was bullied in a chat, and all bullying today happens online."
    hasty = {
        "type": "hasty_generalization",
        "label": "Hasty generalization",
        "quote": SWEEP,
        "explanation": "Too few cases.",
        "confidence": 0.9,
    }
    (child,) = deeper("russell", span, parent_claim="Vague words.", fallacies=[hasty])
    assert child["evidence"] == SWEEP
    assert child["fallacy"] == "hasty_generalization"
    assert "hasty generalization" in child["claim"]


def test_a_rule_finding_on_a_sentence_holding_a_fallacy_does_not_carry_it():
    text = "Teachers should ban phones: grades fell after phones arrived."
    cause = {
        "type": "false_cause",
        "label": "False cause",
        "quote": "grades fell after phones arrived",
        "explanation": "Succession is not causation.",
        "confidence": 0.8,
    }
    (finding,) = level_one("kant", text, [cause])
    assert finding["claim"].startswith("Normative claim")  # Kant's own finding, about norms
    assert finding["fallacy"] == ""
    # Leibniz, whose field the false cause is, names it in a finding about it.
    named = [f for f in level_one("leibniz", text, [cause]) if f["fallacy"]]
    assert [(f["area"], f["fallacy"]) for f in named] == [("Fallacy", "false_cause")]


def test_a_missing_purpose_point_quoting_the_fallacy_sentence_names_no_fallacy():
    # The op-ed's body without its title, as QA pasted it: the opening sentence is the cause.
    text = CAUSE + " My niece was bullied in a chat, and all bullying today happens online."
    data = run_critique_council(text, client=OfflineClient())
    # Its thesis ("phones must be the cause") takes no position on what to do, so the
    # missing purpose is still found, quoting the opening.
    (purpose,) = [p for p in data["points"] if p["area"] == "Purpose"]
    assert normalize(CAUSE) in normalize(purpose["evidence"])  # it quotes the opening
    assert purpose["fallacy"] == ""
    tagged = [p for p in data["points"] if p["fallacy"]]
    assert {p["fallacy"] for p in tagged} == {"false_cause", "hasty_generalization"}
    assert all(p["area"] == "Fallacy" for p in tagged)
    nodes = [n for tree in data["trees"].values() for top in tree for n in _walk(top)]
    assert all(n["area"] == "Fallacy" for n in nodes if n["fallacy"])


def test_without_fallacies_the_findings_name_none():
    assert all(f["fallacy"] == "" for f in level_one("kant", WEAK))


def test_the_summary_counts_one_point_or_several_in_words():
    one = [{"area": "Clarity", "severity": "High", "critique": "Vague.", "fallacy": ""}]

    def summary(points):
        return default_assessment(points, failed_agents=[], agents_total=6)

    assert "identified 1 point (1 High)" in summary(one)
    assert "identified 2 points (2 High)" in summary(one * 2)
    assert "point(s)" not in summary(one * 2)


def test_the_default_summary_names_no_fallacy_when_none_is_found():
    points = [{"area": "Clarity", "severity": "High", "critique": "Vague.", "fallacy": ""}]
    assert "fallac" not in default_assessment(points, failed_agents=[], agents_total=6)


# -- under a model -------------------------------------------------------------------------


def test_under_a_model_a_named_fallacy_reaches_the_points_and_the_summary_brief(
    critique_model, critique_document
):
    critique_model.fallacy = "false_cause"
    client = FakeClient(critique_model)

    data = run_critique_council(critique_document, client=client, max_depth=1)

    assert {p["fallacy"] for p in data["points"]} == {"false_cause"}
    summary = [r for r in client.requests if r.purpose == "council.critique.summary"][0]
    assert {p["fallacy"] for p in summary.inputs["points"]} == {"false_cause"}
    assert "name each such fallacy" in summary.messages[0]["content"]


def test_under_a_model_a_fallacy_outside_the_taxonomy_is_not_trusted(
    critique_model, critique_document
):
    critique_model.fallacy = "argumentum_ad_baculum_maximus"
    data = run_critique_council(critique_document, client=FakeClient(critique_model), max_depth=1)

    assert {p["fallacy"] for p in data["points"]} == {""}


# -- usage ---------------------------------------------------------------------------------


def test_usage_says_offline_instead_of_zero_tokens():
    assert usage_line(engine="offline", calls=25, tokens_in=0, tokens_out=0) == OFFLINE_USAGE
    assert usage_line(engine="llm", calls=1, tokens_in=10, tokens_out=5) == (
        "1 model call, 10 tokens in, 5 out"
    )
    text = format_critique_output({"points": [], "no_findings": True}, usage=OFFLINE_USAGE)
    assert "USAGE: offline: no model tokens" in text
    assert "0 tokens" not in text


@pytest.mark.django_db
def test_an_offline_critique_says_so_on_the_page_in_the_text_and_in_the_api(
    owner, owner_client, owner_api
):
    critique = critique_create(owner=owner, title="Phones", text=PHONE_BAN_OP_ED, enqueue=False)
    critique = critique_run(critique_id=critique.pk)

    assert critique.engine == "offline"
    page = owner_client.get(critique.get_absolute_url()).content.decode()
    assert "offline: no model tokens" in page and "0 tokens" not in page
    assert "fallacy: False cause" in page and "fallacy: Hasty generalization" in page
    assert "USAGE: offline: no model tokens" in critique.formatted
    assert "FALLACY: false_cause" in critique.formatted
    body = owner_api.get(f"/api/v1/critiques/{critique.pk}/").json()
    assert body["usage"] == "offline: no model tokens"


@pytest.mark.django_db
def test_a_model_critique_still_counts_its_calls_and_tokens(
    owner, owner_client, critique_model, critique_document
):
    critique = critique_create(
        owner=owner, title="Remote", text=critique_document, engine="llm", enqueue=False
    )
    critique = critique_run(critique_id=critique.pk, client=FakeClient(critique_model))

    assert critique.model_calls > 0 and critique.tokens_in > 0
    assert critique.usage.startswith(f"{critique.model_calls} model calls, ")
    assert f"USAGE: {critique.usage}" in critique.formatted
    page = owner_client.get(critique.get_absolute_url()).content.decode()
    assert f"{critique.tokens_in} tokens in" in page


@pytest.mark.parametrize(
    ("level", "parent_claim", "named"),
    [
        (2, "Vague words.", True),
        (2, None, True),  # a target without a claim is read as a claim naming nothing
        (2, "A HASTY GENERALIZATION from one niece.", False),  # already named, in any case
        (1, "Vague words.", False),  # level one reads the passage with the agent's own rules
    ],
)
def test_a_tree_level_names_a_fallacy_inside_its_target_unless_the_parent_did(
    level, parent_claim, named
):
    span = "My niece was bullied in a chat, and all bullying today happens online."
    hasty = {
        "type": "hasty_generalization",
        "label": "Hasty generalization",
        "quote": SWEEP,
        "explanation": "Too few cases.",
        "confidence": 0.9,
    }
    target = {"id": "c7", "span": span, "fallacies": [hasty]}
    if parent_claim is not None:
        target["claim"] = parent_claim
    out = offline_tree_level({"agent": "russell", "level": level, "targets": [target]})
    (group,) = out["groups"]
    assert group["target_id"] == "c7"
    assert [(p["evidence"], p["fallacy"]) for p in group["points"]] == (
        [(SWEEP, "hasty_generalization")] if named else []
    )


# The demo critique attacks the motives of those who disagree; the phone-ban op-ed of the
# analyzer's tests offers its ban as "the only way". Kant names the ad hominem, Aristotle the
# false dilemma, and the summary names both.
@pytest.mark.parametrize(
    ("document", "kind", "agent", "evidence", "named"),
    [
        (
            DEMO_CRITIQUE_TEXT,
            "ad_hominem",
            "kant",
            "Managers who oppose remote work simply want control.",
            "ad hominem",
        ),
        (
            PHONES,
            "false_dilemma",
            "aristotle",
            "But a ban is the only way to give pupils their attention back.",
            "false dilemma",
        ),
    ],
    ids=["demo-critique", "phone-ban"],
)
def test_the_offline_council_names_an_essays_ad_hominem_and_false_dilemma(
    document, kind, agent, evidence, named
):
    data = run_critique_council(document, client=OfflineClient())
    point = next(p for p in data["points"] if p["fallacy"] == kind)
    assert point["evidence"] == evidence
    assert point["agents"] == [agent]
    assert point["doubt"] in {"likely", "possible"}
    summary = data["final_assessment"]
    assert "Named fallacies: " in summary
    assert named in summary.split("Named fallacies: ", 1)[1]
