"""The sentence-role model: shipped weights that load without a training library, and picks
that hold on texts written for these tests (none of them from the training corpus)."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from arguments.domain.analyzer import phase1
from arguments.domain.roles import ROLES, RoleModel, feature_names
from arguments.offline import sentence_roles
from tests.arguments.texts import CYCLING, HOMEWORK
from toulmini_site.text.sentences import sentences

ROOT = Path(__file__).resolve().parents[2]


def test_the_shipped_model_loads_with_every_role():
    model = sentence_roles()
    assert set(model.classes) == set(ROLES)
    assert model.weights  # fitted, not empty
    assert sentence_roles() is model  # read once per process


def test_probabilities_are_a_distribution_per_sentence():
    sents = sentences(CYCLING)
    probs = sentence_roles().probabilities(sents, "Should cities build bike lanes?")
    assert len(probs) == len(sents)
    for p in probs:
        assert set(p) == set(ROLES)
        assert sum(p.values()) == pytest.approx(1.0)


def test_the_model_picks_the_stance_not_the_anecdote_as_the_claim():
    out = phase1("Should primary schools set homework?", HOMEWORK, sentence_roles())
    assert out.claim.statement == "Primary schools should stop giving homework altogether."
    assert any(f.startswith("A study by Duke University") for f in out.data.facts)


def test_the_model_takes_figures_and_attributions_as_data():
    out = phase1("Should cities build bike lanes?", CYCLING, sentence_roles())
    assert out.claim.statement.startswith("Cities should build protected bike lanes")
    assert "In Copenhagen, 62% of residents cycle to work or school each day." in out.data.facts
    assert not any(f.startswith("However") for f in out.data.facts)


def test_a_question_is_never_the_claim_even_when_the_model_rates_it_highly():
    text = (
        "Shouldn't every school teach cooking? "
        "Cooking lessons belong in the timetable. "
        "Pupils who cook at school eat more vegetables at home, a 2021 survey found."
    )
    model = sentence_roles()
    question = model.probabilities(sentences(text), "Should schools teach cooking?")[0]
    assert max(question, key=question.get) == "claim"  # the near miss the rule guards against
    out = phase1("Should schools teach cooking?", text, model)
    assert out.claim.statement == "Cooking lessons belong in the timetable."


def test_features_depend_on_the_sentence_not_on_the_topic_words_alone():
    sents = sentences("However, critics say this is wrong. Therefore we must act now.")
    first, second = (set(feature_names(s, sents, "q")) for s in sents)
    assert "marker=exception" in first and "marker=exception" not in second
    assert "marker=conclusion" in second and "first" in first and "last" in second


def test_a_model_reads_from_its_json_form():
    model = RoleModel.from_json(
        {
            "classes": list(ROLES),
            "buckets": 8,
            "families": ["cues"],
            "intercepts": [0.0, 0.0, 0.0, 0.0, 5.0],
            "weights": {},
        }
    )
    [p] = model.probabilities(sentences("Nothing fires but the intercept."), "q")
    assert max(p, key=p.get) == "none"


def test_the_app_analyzes_without_a_training_library():
    # numpy runs the sentence encoder at run time (a dependency); the training libraries never do
    probe = (
        "import sys; from arguments.offline import analyzer_phase; "
        "analyzer_phase(1, query='Should cities build bike lanes?', "
        f"source_text={CYCLING!r}, components={{}}); "
        "print(','.join(m for m in ('sklearn', 'scipy') if m in sys.modules))"
    )
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=ROOT, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == ""


def test_training_is_deterministic_on_a_small_corpus():
    pytest.importorskip("sklearn", reason="scikit-learn (dev extra) trains the model")
    from tools.train_roles import dump, fit

    def doc(topic: str, text: str, claim: str, premise: str) -> dict:
        return {
            "topic": topic,
            "text": text,
            "components": [
                {
                    "type": "claim",
                    "implicit": False,
                    "start": text.index(claim),
                    "end": text.index(claim) + len(claim),
                },
                {
                    "type": "premise",
                    "implicit": False,
                    "start": text.index(premise),
                    "end": text.index(premise) + len(premise),
                },
            ],
        }

    docs = [
        doc(
            "homeschooling",
            HOMEWORK,
            "I think primary schools should stop giving homework",
            "A study by Duke University found",
        ),
        doc(
            "redshirting",
            CYCLING,
            "Cities should build protected bike lanes",
            "In Copenhagen, 62% of residents",
        ),
    ]
    first, second = dump(fit(docs, buckets=2**12)), dump(fit(docs, buckets=2**12))
    assert first == second
    model = RoleModel.from_json(json.loads(first))
    assert set(model.classes) == {"claim", "data", "none"}

    # No C is chosen: the model is the mean of one fit per C (its scores are their mean).
    weak, strong = (fit(docs, buckets=2**12, cs=(c,)) for c in (0.02, 0.3))
    both = fit(docs, buckets=2**12, cs=(0.02, 0.3))
    assert both["averaged_over_c"] == [0.02, 0.3]
    for k, value in enumerate(both["intercepts"]):
        assert value == pytest.approx(
            (weak["intercepts"][k] + strong["intercepts"][k]) / 2, abs=2e-4
        )
    assert weak["intercepts"] != strong["intercepts"]
    for bucket, row in both["weights"].items():
        pair = [m["weights"].get(bucket, [0.0] * len(row)) for m in (weak, strong)]
        assert row == pytest.approx([(a + b) / 2 for a, b in zip(*pair, strict=True)], abs=2e-4)


# The trained weights are indexed by these names: a changed name silently detaches a weight.
CUE_TEXT = (
    "According to the WHO, 40% of kids sleep badly. Therefore, schools should start later! "
    'But is that true? I think (honestly) "yes": see www.sleep.org'
)
CUES = [
    [
        "relpos=0",
        "length=<12",
        "doc_length=1",
        "first",
        "marker=premise",
        "marker=number",
        "marker=reporting",
        "ends=.",
        "has=shouting",
        "w0=according",
        "w01=according to",
        "query_overlap=0",
    ],
    [
        "relpos=1",
        "length=<6",
        "doc_length=1",
        "second",
        "marker=conclusion",
        "marker=stance",
        "marker=deontic",
        "ends=!",
        "w0=therefore",
        "w01=therefore schools",
        "query_overlap=3",
        "most_query_overlap",
        "first_query_overlap",
        "first_stance",
        "prev_marker=premise",
    ],
    [
        "relpos=2",
        "length=<6",
        "doc_length=1",
        "marker=exception",
        "ends=?",
        "w0=but",
        "w01=but is",
        "query_overlap=0",
        "prev_marker=conclusion",
    ],
    [
        "relpos=3",
        "length=<12",
        "doc_length=1",
        "last",
        "marker=stance",
        "marker=own_stance",
        "person=i",
        "ends=other",
        "has=quote",
        "has=bracket",
        "has=colon",
        "has=url",
        "w0=i",
        "w01=i think",
        "query_overlap=0",
        "prev_marker=exception",
        "prev_question",
    ],
]


def test_the_cue_features_of_each_sentence_are_exactly_these():
    sents = sentences(CUE_TEXT)
    query = "Should schools start later?"
    assert [feature_names(s, sents, query, ("cues",)) for s in sents] == CUES


def test_word_and_character_features_are_words_pairs_and_padded_ngrams():
    sents = sentences("Kids sleep.")
    assert feature_names(sents[0], sents, "q", ("words",)) == ["u=kids", "u=sleep", "b=kids_sleep"]
    chars = feature_names(sents[0], sents, "q", ("chars",))
    assert chars[:6] == ["c=<ki", "c=kid", "c=ids", "c=ds>", "c=<kid", "c=kids"]
    assert len(chars) == (4 + 3 + 2) + (5 + 4 + 3)  # 3-, 4- and 5-grams of <kids> and <sleep>


def test_a_one_sentence_text_is_first_last_and_only():
    sents = sentences("Schools should start later.")
    assert {"first", "last", "only"} <= set(feature_names(sents[0], sents, "q", ("cues",)))


# A long text: capped document length, relative positions in fifths, the query overlap capped
# at 3 while "most" compares the uncapped counts, a curly quote and a bare "http" address.
LONG_TEXT = (
    "Phones distract pupils. Some say so. It rained. We met. They left. He said “maybe” then. "
    "Read http://example.org first. Ask twice. Phones distract pupils in schools badly. Go home. "
    "Stop now. Okay then. Fine. Sure. Done. "
    "Phones in schools distract pupils and schools ban phones"
)
LONG_CUES = {
    0: ["relpos=0", "length=<6", "doc_length=3", "first", "ends=.", "w0=phones",
        "w01=phones distract", "query_overlap=3", "first_query_overlap"],
    1: ["relpos=0", "length=<6", "doc_length=3", "second", "marker=conclusion",
        "marker=exception", "ends=.", "w0=some", "w01=some say", "query_overlap=0",
        "first_stance"],
    5: ["relpos=1", "length=<6", "doc_length=3", "marker=hedge_possibly", "marker=reporting",
        "ends=.", "has=quote", "w0=he", "w01=he said", "query_overlap=0"],
    6: ["relpos=1", "length=<6", "doc_length=3", "ends=.", "has=colon", "has=url", "w0=read",
        "w01=read http", "query_overlap=0"],
    8: ["relpos=2", "length=<12", "doc_length=3", "ends=.", "w0=phones", "w01=phones distract",
        "query_overlap=3", "most_query_overlap"],
    12: ["relpos=3", "length=<6", "doc_length=3", "ends=.", "w0=fine", "w01=fine",
         "query_overlap=0"],
    15: ["relpos=4", "length=<12", "doc_length=3", "last", "ends=other", "w0=phones",
         "w01=phones in", "query_overlap=3", "most_query_overlap"],
}  # fmt: skip


def test_the_cue_features_of_a_long_text_are_exactly_these():
    sents = sentences(LONG_TEXT)
    assert len(sents) == 16
    query = "Do phones in schools distract pupils?"
    for index, names in LONG_CUES.items():
        assert feature_names(sents[index], sents, query, ("cues",)) == names, index
    relpos = [feature_names(s, sents, query, ("cues",))[0] for s in sents]
    assert relpos == [f"relpos={5 * i // 16}" for i in range(16)]
