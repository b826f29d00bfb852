"""Every explanation the offline checker can give has a key, its words, and a Spanish form.

The rules and the learned model name their explanation by a key of ``EXPLANATIONS``; a page
renders its template through gettext. These tests run the checker over every hand-written
example, so a rule that writes its own sentence (no key) or a template with no Spanish fails.
"""

from __future__ import annotations

import json
import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

from arguments.domain.fallacies import TAXONOMY, finding
from arguments.domain.fallacies.explanations import (
    EXPLANATIONS,
    Explanation,
    explain,
    read_explanation,
)
from arguments.offline import check_fallacies
from arguments.vocabulary import explanation_shown, fallacy_explanation
from evaluations.fallacies import HERE, PHONE_BAN_OP_ED

pytestmark = pytest.mark.usefixtures("spanish_catalog")

PARAMETER = re.compile(r"%\((\w+)\)s")


def _example_texts() -> list[str]:
    texts = [PHONE_BAN_OP_ED]
    for path in sorted(HERE.glob("*.json")):
        texts += [item["text"] for item in json.loads(path.read_text("utf-8"))["examples"]]
    return texts


@pytest.fixture(scope="module")
def found():
    return [f for text in _example_texts() for f in check_fallacies(text)]


def test_every_finding_on_the_examples_names_its_explanation_and_its_words(found):
    assert len(found) > 200  # every set of examples, every type
    for f in found:
        assert f.explanation_key in EXPLANATIONS, f.explanation
        said = Explanation(f.explanation_key, f.explanation_params)
        assert said.text == f.explanation
        assert read_explanation(f.explanation) == said  # a stored sentence reads back


def test_the_examples_reach_the_model_and_every_rule_family(found):
    keys = {f.explanation_key for f in found}
    assert {"learned.words", "false_cause", "ad_populum", "deductive_error.two_negative"} <= keys


@pytest.mark.parametrize("key", sorted(EXPLANATIONS))
def test_every_explanation_has_a_spanish_form_with_the_same_words_to_fill(key):
    english = EXPLANATIONS[key]
    with translation.override("es"):
        spanish = gettext(english)
    assert spanish != english, f"no Spanish for {key!r}"
    assert sorted(PARAMETER.findall(spanish)) == sorted(PARAMETER.findall(english))


def test_a_finding_reads_in_spanish_with_the_quoted_words_as_written():
    text = "My Uncle Bob says vaccines are dangerous, so they are."
    f = finding(
        text,
        type="false_authority",
        start=0,
        end=len(text),
        explanation=explain("false_authority.non_expert", who="my uncle bob"),
        confidence=0.8,
    )
    assert (
        fallacy_explanation(f)
        == 'It leans on "my uncle bob", who is no authority on this question.'
    )
    with translation.override("es"):
        assert fallacy_explanation(f) == (
            'Se apoya en "my uncle bob", que no es ninguna autoridad en esta cuestión.'
        )


def test_the_models_reading_names_the_type_in_spanish():
    said = explain("learned.words", fallacy="hasty_generalization", words='"all", "lazy"')
    assert said.text.startswith("Read as hasty generalization by the model")
    with translation.override("es"):
        shown = explanation_shown(said)
    assert "lo lee como generalización apresurada." in shown
    assert 'Las palabras "all", "lazy" son las que más pesan' in shown


def test_a_language_models_own_words_are_shown_as_written():
    text = "Since phones came, grades fell."
    f = finding(text, type="false_cause", start=0, end=5, explanation="Post hoc.", confidence=0.9)
    assert f.explanation_key == ""
    with translation.override("es"):
        assert fallacy_explanation(f) == "Post hoc."
    assert read_explanation("Post hoc.") is None


def test_the_answer_keeps_its_seven_fields_and_its_english_explanation():
    text = "Ignore Sam: he is a known liar, and his plan is bad."
    f = check_fallacies(text)[0]
    assert set(f.model_dump()) == {
        "type",
        "label",
        "quote",
        "start",
        "end",
        "explanation",
        "confidence",
    }
    assert f.model_dump()["explanation"] == f.explanation == EXPLANATIONS["ad_hominem"]


def test_a_rule_cannot_name_an_unknown_explanation_or_other_words():
    with pytest.raises(ValueError):
        explain("ad_hominem.new")
    with pytest.raises(ValueError):
        explain("equivocation")  # the word is missing
    with pytest.raises(ValueError):
        explain("learned.words", fallacy="not_a_type", words='"x"')


@pytest.mark.parametrize("fallacy", sorted(TAXONOMY))
def test_every_type_has_a_spanish_label_and_definition(fallacy):
    kind = TAXONOMY[fallacy]
    with translation.override("es"):
        label, definition = gettext(kind.label), gettext(kind.definition)
    assert definition != kind.definition
    # "Ad hominem" is Latin in both languages; every other label is translated.
    assert label != kind.label or kind.label == "Ad hominem"
