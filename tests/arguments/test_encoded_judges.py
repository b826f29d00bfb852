"""The judges that read meaning: the sentence-role and fallacy models on the sentence encoder,
their fallback for text the English-only encoder may not read, and the claim's calibrated
confidence and candidates in the reading."""

import json

import pytest

from arguments.domain.fallacies.learned import FallacyModel
from arguments.domain.reading import LIKELY_CLAIM, POSSIBLE_CLAIM, claim_level, read
from arguments.domain.roles import ROLES, EncodedRoleModel
from arguments.offline import (
    fallacy_model,
    plain_fallacy_model,
    plain_sentence_roles,
    sentence_roles,
)
from toulmini_site.text.sentences import sentences

SPANISH = (
    "Las escuelas deberían empezar más tarde por la mañana. Los adolescentes duermen poco "
    "durante la semana, y un estudio de Minnesota encontró que la asistencia subió cuando las "
    "clases empezaron a las ocho y media."
)
LETTER = (
    "I am a retired bus driver and have lived in this town for forty years. "
    "Every evening I see teenagers riding their bikes on the busy high street. "
    "Two of them were hit by cars last winter. "
    "The council should build a cycle path along the river."
)


def _refusing_embed(texts: list[str]) -> list[list[float]]:
    raise AssertionError(f"the encoder was given {texts!r}")


def test_the_shipped_judges_read_with_the_encoder():
    roles, fallacies = sentence_roles(), fallacy_model()
    assert isinstance(roles, EncodedRoleModel)
    assert roles.fallback is plain_sentence_roles()
    assert len(roles.dense) == 384 + 4  # the embedding, and its closeness to query and text
    assert fallacies.dense and fallacies.fallback is plain_fallacy_model()


def test_spanish_text_is_never_given_to_the_encoder():
    shipped = sentence_roles()
    assert isinstance(shipped, EncodedRoleModel)
    roles = EncodedRoleModel(**{**shipped.__dict__, "embed": _refusing_embed})
    sents = sentences(SPANISH)
    got = roles.probabilities(sents, "¿Deberían las escuelas empezar más tarde?")
    assert got == plain_sentence_roles().probabilities(
        sents, "¿Deberían las escuelas empezar más tarde?"
    )
    fallacies = FallacyModel(**{**fallacy_model().__dict__, "embed": _refusing_embed})
    text = "¡Solo un monstruo sin corazón se opondría al nuevo parque!"
    assert fallacies.probabilities(text) == plain_fallacy_model().probabilities(text)


def test_without_an_encoder_the_model_answers_with_its_fallback():
    shipped = sentence_roles()
    roles = EncodedRoleModel(**{**shipped.__dict__, "embed": None})
    sents = sentences(LETTER)
    query = "Should the council build a cycle path?"
    assert roles.probabilities(sents, query) == plain_sentence_roles().probabilities(sents, query)


def test_probabilities_on_the_encoder_are_a_distribution_per_sentence():
    sents = sentences(LETTER)
    probs = sentence_roles().probabilities(sents, "Should the council build a cycle path?")
    assert len(probs) == len(sents)
    for p in probs:
        assert set(p) == set(ROLES)
        assert sum(p.values()) == pytest.approx(1.0)


def test_a_personal_detail_opening_a_letter_is_not_its_claim():
    reading = read("Should the council build a cycle path?", LETTER, sentence_roles())
    assert reading.claim is not None
    assert reading.claim.text == "The council should build a cycle path along the river."


def test_the_reading_gives_the_claim_a_calibrated_confidence_and_candidates():
    reading = read("Should the council build a cycle path?", LETTER, sentence_roles())
    assert reading.candidates[0].sentence is reading.claim
    assert 0 < reading.claim_confidence <= 1
    assert reading.claim_level == claim_level(reading.claim_confidence)
    assert 1 < len(reading.candidates) <= 3
    others = [c.confidence for c in reading.candidates[1:]]
    assert others == sorted(others, reverse=True)
    assert len({c.sentence.index for c in reading.candidates}) == len(reading.candidates)


def test_a_text_marking_its_claim_is_read_with_more_confidence_than_a_guess():
    marked = (
        "Teenagers' body clocks shift during puberty. A district that moved its start time "
        "saw attendance rise. Therefore, schools should start later in the morning."
    )
    unmarked = (
        "Long-time reader here, first comment. My neighbour's kids catch the bus at six. "
        "Their grades went up when they moved to a later school. Mornings are hard for them."
    )
    query = "Should schools start later?"
    sure = read(query, marked, sentence_roles())
    guess = read(query, unmarked, sentence_roles())
    assert sure.claim_level == "likely"
    assert sure.claim_confidence > guess.claim_confidence
    assert guess.claim_level in {"possible", "unsure"}


def test_levels_follow_the_thresholds():
    assert claim_level(LIKELY_CLAIM) == "likely"
    assert claim_level(POSSIBLE_CLAIM) == "possible"
    assert claim_level(POSSIBLE_CLAIM - 0.01) == "unsure"


def test_the_encoded_weights_are_small_and_carry_their_calibration():
    from importlib import resources

    for name in ("sentence_roles_encoded.json", "fallacy_model_encoded.json"):
        text = resources.files("arguments").joinpath(name).read_text(encoding="utf-8")
        assert len(text) < 400_000
    roles = json.loads(
        resources.files("arguments").joinpath("sentence_roles_encoded.json").read_text()
    )
    assert set(roles["claim_calibration"]) == {"slope", "marked", "intercept"}
    assert roles["claim_calibration"]["slope"] > 0  # a bigger share is more often right


def test_calibrated_claim_for_a_page_or_the_api():
    from arguments.offline import calibrated_claim

    got = calibrated_claim(LETTER, "Should the council build a cycle path?")
    assert got["level"] in {"likely", "possible", "unsure"}
    first = got["candidates"][0]
    assert first["chosen"] and first["confidence"] == got["confidence"]
    for c in got["candidates"]:
        assert LETTER[c["start"] : c["end"]] == c["text"]
        assert c["level"] == claim_level(c["confidence"])
    assert sum(c["chosen"] for c in got["candidates"]) == 1
