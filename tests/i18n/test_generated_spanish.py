"""What the offline engines write reads in the reader's language: a Spanish chain run offline,
through its page and the API, shows every generated sentence (verdict, reasoning, rationale,
implicit warrant, backing, breaker reason, citations) in Spanish on a Spanish request and in
English on an English one, the words quoted from the text as written; and a text in a
language not read is refused in the reader's language."""

from __future__ import annotations

import re

import pytest
from django.utils import translation

from arguments.domain.wording import PARTS, SENTENCES, parameters, read_said, say, shown
from arguments.models import Chain
from arguments.services import chain_create, chain_run
from tests.i18n.untranslated import english_messages, untranslated

# Reaches a verdict: an implicit warrant, a named source, no objection.
SUSTAINED = (
    "Vivo en la colonia Roma desde hace veinte años. El año pasado murieron catorce ciclistas "
    "en la ciudad, según datos de la Secretaría de Movilidad. Por lo tanto, el gobierno de la "
    "ciudad debe ampliar las ciclovías protegidas."
)
SUSTAINED_QUERY = "¿Debe la ciudad ampliar las ciclovías?"
# Stopped by the circuit breaker: data off the claim's subject.
STOPPED = (
    "Los institutos deberían empezar las clases a las nueve. Según un estudio de la "
    "Universidad de Granada, los adolescentes duermen una hora menos de lo que necesitan. En "
    "los centros que retrasaron el horario, las faltas de asistencia bajaron un 12 %."
)
STOPPED_QUERY = "¿Deberían los institutos empezar más tarde?"
FRENCH = (
    "Les écoles devraient commencer plus tard le matin, car les adolescents ont besoin de "
    "dormir davantage. Plusieurs études montrent que les élèves qui dorment bien apprennent "
    "mieux. Le ministère doit donc changer les horaires."
)


def _sample(key: str) -> dict[str, str]:
    return {name: f"w{i}" for i, name in enumerate(sorted(parameters(key)))}


@pytest.mark.parametrize("key", sorted(SENTENCES))
def test_every_sentence_reads_back_as_its_key_and_words(key):
    text = say(key, **_sample(key))
    said = read_said(text)
    assert said is not None and said.key == key and dict(said.params) == _sample(key)


@pytest.mark.parametrize("key", sorted({**SENTENCES, **PARTS}))
def test_every_template_has_its_spanish_with_the_same_words(key):
    template = {**SENTENCES, **PARTS}[key]
    with translation.override("es"):
        spanish = translation.gettext(template)
    assert spanish != template
    assert set(re.findall(r"%\((\w+)\)s", spanish)) == parameters(key)


def test_a_sentence_no_template_wrote_is_shown_as_it_is():
    assert shown("A model's own words.", lambda s: s.upper()) == "A model's own words."


def _run(owner, query: str, text: str) -> Chain:
    chain = chain_create(owner=owner, query=query, source_text=text)
    return chain_run(chain=chain, until="end")


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "text"), [(SUSTAINED_QUERY, SUSTAINED), (STOPPED_QUERY, STOPPED)]
)
def test_a_spanish_chain_page_is_all_spanish_on_a_spanish_request(owner, owner_client, query, text):
    chain = _run(owner, query, text)
    assert chain.status in ("complete", "terminated")
    owner_client.cookies["django_language"] = "es"
    html = owner_client.get(chain.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert untranslated(html, english_messages()) == []
    stored = " ".join(
        [chain.termination_reason, str(chain.warrant), str(chain.verdict or ""), str(chain.backing)]
    )
    assert "The " in stored or "REJECTED" in stored  # stored in English, shown in Spanish


@pytest.mark.django_db
def test_the_same_chain_reads_in_english_on_an_english_request(owner, owner_client):
    chain = _run(owner, SUSTAINED_QUERY, SUSTAINED)
    html = owner_client.get(chain.get_absolute_url(), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "The author assumes that what sentence 2 reports" in html
    assert "el gobierno de la ciudad debe ampliar las ciclovías protegidas" in html  # as written
    assert "El autor da por supuesto" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("query", "text"), [(SUSTAINED_QUERY, SUSTAINED), (STOPPED_QUERY, STOPPED)]
)
def test_the_api_answers_a_spanish_chain_in_the_requests_language(owner_api, query, text):
    created = owner_api.post(
        "/api/v1/chains/", {"query": query, "source_text": text}, format="json"
    ).json()
    url = f"/api/v1/chains/{created['id']}/"
    owner_api.post(url + "run/", {"until": "end"}, format="json")
    spanish = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()
    english = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()
    generated = [
        spanish["termination_reason"],
        (spanish["warrant"] or {}).get("principle", ""),
        (spanish["backing"] or {}).get("authority", ""),
        *[c["reference"] for c in (spanish["backing"] or {}).get("citations", [])],
    ]
    if spanish["verdict"]:
        generated += [
            spanish["verdict"]["reasoning"],
            spanish["verdict"]["final_statement"],
            spanish["qualifier"]["rationale"],
            *spanish["rebuttal"]["exceptions"],
        ]
    messages = english_messages()
    for sentence in filter(None, generated):
        assert untranslated(f"<p>{sentence}</p>", messages) == [], sentence
    assert english["warrant"]["principle"].startswith(("The author assumes", "The data"))


@pytest.mark.django_db
def test_a_french_text_is_refused_in_the_readers_language(owner_api):
    created = owner_api.post(
        "/api/v1/chains/",
        {"query": "Should schools start later?", "source_text": FRENCH},
        format="json",
    ).json()
    url = f"/api/v1/chains/{created['id']}/"
    owner_api.post(url + "run/", {"until": "end"}, format="json")
    spanish = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="es").json()["termination_reason"]
    english = owner_api.get(url, HTTP_ACCEPT_LANGUAGE="en").json()["termination_reason"]
    assert spanish.startswith("IDIOMA NO LEÍDO: el analizador sin conexión solo lee inglés y")
    assert "se lee como francés" in spanish
    assert english.startswith("LANGUAGE NOT READ") and "reads as French" in english


def test_the_detector_fails_on_an_english_generated_sentence():
    """The check above cannot pass by accident: an English verdict fails it."""
    english = say("verdict.remanded.reasoning", confidence=40, strength="weak")
    assert untranslated(f"<p>{english}</p>", english_messages())
    with translation.override("es"):
        assert untranslated(f"<p>{shown(english, translation.gettext)}</p>") == []


def test_the_page_renders_an_old_english_row_in_spanish():
    """A chain stored before the templates (the same English words) reads in Spanish."""
    old = "WARRANT REJECTED: strength is 'weak' — The data do not bear on the claim \"X\": they "
    old += (
        "share none of its subject (its terms), and the text states no rule linking them. Add a "
        "fact about the claim's subject, or a sentence giving the rule that makes these facts a "
        "reason for it (for example 'In general, ...' or 'Whenever ..., ...')."
    )
    with translation.override("es"):
        text = shown(old, translation.gettext)
    assert text.startswith("GARANTÍA RECHAZADA: su fuerza es «débil» — Los datos no se")
    assert "sus términos" in text and "«X»" in text


@pytest.fixture(autouse=True)
def _english_after():
    yield
    translation.activate("en")


@pytest.mark.django_db
def test_a_french_text_gets_no_clean_bill_from_the_fallacy_check(owner_api):
    """Offline, a text in a language the rules do not read is refused, in the reader's
    language, rather than reported free of fallacies."""
    url = "/api/v1/fallacies/"
    spanish = owner_api.post(url, {"text": FRENCH}, format="json", HTTP_ACCEPT_LANGUAGE="es")
    assert spanish.status_code == 400
    assert spanish.json()["code"] == "DOCUMENT_LANGUAGE_NOT_READ"
    assert spanish.json()["error"].startswith("IDIOMA NO LEÍDO")
    english = owner_api.post(url, {"text": FRENCH}, format="json", HTTP_ACCEPT_LANGUAGE="en")
    assert english.json()["error"].startswith("LANGUAGE NOT READ")
