"""The "Check a text for fallacies" page: anonymous, signed in (plain and htmx), bad input,
likely and possible, nothing found, the model's quota, Spanish."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arguments import services
from arguments.domain.fallacies import LIKELY_AT, finding
from arguments.domain.fallacies.explanations import explain
from arguments.domain.toulmin import ToulminError

pytestmark = pytest.mark.django_db

URL = "/fallacies/"
HTMX = {"HTTP_HX_REQUEST": "true"}
CAUSE = "Since phones were invented, grades have fallen, so phones must be the cause."
SOUND = "Every triangle has three sides."


def _fixed(monkeypatch, text: str, *confidences: float) -> None:
    """The checker finds one ad hominem per confidence, on the first words of ``text``."""
    found = [
        finding(
            text,
            type="ad_hominem",
            start=0,
            end=5 + i,
            explanation=f"Explained {i}.",
            confidence=confidence,
        )
        for i, confidence in enumerate(confidences)
    ]
    monkeypatch.setattr(services, "check_fallacies", lambda _text: found)


def test_the_page_is_at_fallacies_and_is_not_the_api():
    assert reverse("arguments:fallacy_check") == URL
    assert reverse("arguments_api:fallacies") == "/api/v1/fallacies/"


def test_anonymous_is_sent_to_log_in_for_the_page_and_the_post(client):
    for response in (client.get(URL), client.post(URL, {"text": CAUSE, "engine": "offline"})):
        assert response.status_code == 302
        assert response.url.startswith(reverse("login"))


def test_the_empty_page_says_what_it_does_and_lists_each_type_with_its_definition(owner_client):
    html = owner_client.get(URL).content.decode()
    assert "<h1>Check a text for fallacies</h1>" in html
    assert "Nothing you paste is saved" in html
    assert "False cause" in html and "Presenting two options as the only ones" in html
    assert "What the checker found" not in html


def test_the_main_navigation_links_to_the_page_for_a_signed_in_user(owner_client, client):
    assert f'href="{URL}"' in owner_client.get(reverse("home")).content.decode()


def test_the_page_is_not_in_the_navigation_of_an_anonymous_visitor(client):
    assert f'href="{URL}"' not in client.get(reverse("home")).content.decode()


def test_a_checked_text_comes_back_with_the_quoted_words_marked(owner_client):
    response = owner_client.post(URL, {"text": CAUSE, "engine": "offline"})
    html = response.content.decode()
    assert response.status_code == 200
    assert "What the checker found" in html
    assert "False cause" in html
    assert '<mark class="mark-' in html
    assert '<a href="#fallacy-1"' in html and 'id="fallacy-1"' in html
    assert f"\n{CAUSE}</textarea>" in html  # the text stays in the box


def test_likely_and_possible_follow_likely_at(owner_client, monkeypatch):
    text = "Ignore Sam: he is a known liar, and his plan is bad."
    _fixed(monkeypatch, text, LIKELY_AT, LIKELY_AT - 0.1)
    html = owner_client.post(URL, {"text": text, "engine": "offline"}).content.decode()
    assert "<strong>Likely: Ad hominem</strong>" in html
    assert "<strong>Possible: Ad hominem</strong>" in html
    assert html.index("Likely: Ad hominem") < html.index("Possible: Ad hominem")
    assert '<mark class="mark-likely">' in html
    assert f"confidence {round(LIKELY_AT * 100)}% or more" in html
    assert "Attacking the person who makes an argument" in html  # the type's definition
    assert "Explained 0." in html and "Explained 1." in html


def test_nothing_found_is_worded_honestly(owner_client, monkeypatch):
    _fixed(monkeypatch, SOUND)
    html = owner_client.post(URL, {"text": SOUND, "engine": "offline"}).content.decode()
    assert "found none of the fourteen fallacies it looks for" in html
    assert "does not prove the reasoning sound" in html
    assert "No fallacies" not in html and "<mark" not in html


def test_htmx_gets_only_the_checker_back(owner_client):
    response = owner_client.post(URL, {"text": CAUSE, "engine": "offline"}, **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="checker"')
    assert "<html" not in html and "False cause" in html


def test_an_empty_text_is_refused_clearly(owner_client):
    response = owner_client.post(URL, {"text": "   ", "engine": "offline"})
    assert response.status_code == 400
    assert "Paste or type the text to check." in response.content.decode()


def test_a_text_too_long_is_refused_and_kept_whole(owner_client):
    text = "Words and more words. " * 300
    response = owner_client.post(URL, {"text": text, "engine": "offline"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "at most 5,000 are checked" in html and "Nothing was cut" in html
    assert text.strip() in html
    assert "maxlength" not in html


def test_an_htmx_refusal_is_swapped_in_so_the_message_shows(owner_client):
    response = owner_client.post(URL, {"text": "", "engine": "offline"}, **HTMX)
    assert response.status_code == 200
    assert "Paste or type the text to check." in response.content.decode()


def test_the_model_is_not_offered_without_one_and_is_refused_if_asked_for(owner_client):
    assert 'value="llm"' not in owner_client.get(URL).content.decode()
    response = owner_client.post(URL, {"text": CAUSE, "engine": "llm"})
    assert response.status_code == 400
    assert f"\n{CAUSE}</textarea>" in response.content.decode()


def test_a_checker_failure_is_shown_with_the_text_kept(owner_client, monkeypatch):
    def fail(**_kwargs):
        raise ToulminError("The fallacy check failed: timeout", code="MODEL_FAILED")

    monkeypatch.setattr(services, "fallacies_detect", fail)
    response = owner_client.post(URL, {"text": CAUSE, "engine": "offline"})
    html = response.content.decode()
    assert response.status_code == 400
    assert "The fallacy check failed: timeout" in html and f"\n{CAUSE}</textarea>" in html


def test_the_model_goes_through_the_same_quota_as_the_api(owner_client, fake_llm, settings):
    settings.QUOTAS_PER_DAY = {**settings.QUOTAS_PER_DAY, "llm_fallacy_check": 1}
    answer = {
        "fallacies": [
            {
                "type": "false_cause",
                "quote": "grades have fallen",
                "explanation": "Coming after is not being caused by.",
                "confidence": 0.9,
            }
        ]
    }
    fake = fake_llm(responses=[answer, answer])
    assert 'value="llm"' in owner_client.get(URL).content.decode()
    first = owner_client.post(URL, {"text": CAUSE, "engine": "llm"})
    assert first.status_code == 200 and "Likely: False cause" in first.content.decode()
    second = owner_client.post(URL, {"text": CAUSE + " Again.", "engine": "llm"})
    assert second.status_code == 429
    assert len(fake.requests) == 1
    # Without JavaScript too, the refused text stays in the form beside the reason.
    assert f"\n{CAUSE} Again.</textarea>" in second.content.decode()
    assert "fallacy checks with the language model" in second.content.decode()


def test_the_page_and_its_findings_are_in_spanish(client, owner, monkeypatch):
    text = "Ignore Sam: he is a known liar, and his plan is bad."
    _fixed(monkeypatch, text, 0.9, 0.3)
    client.force_login(owner)
    html = client.post(
        URL, {"text": text, "engine": "offline"}, headers={"accept-language": "es"}
    ).content.decode()
    assert "Revisar un texto en busca de falacias" in html
    assert "Probable: Ad hominem" in html and "Posible: Ad hominem" in html
    assert "Atacar a la persona" in html
    assert "Ignore Sam" in html  # the quote stays as written


def test_each_explanation_is_in_spanish_with_the_quoted_words_as_written(client, owner):
    """The real checker on a false cause and an uncle's authority: the rules' explanations
    read in Spanish on a Spanish page, and in English on an English one."""
    text = f"{CAUSE} My uncle says vaccines are dangerous, so they are."
    client.force_login(owner)
    spanish = client.post(
        URL, {"text": text, "engine": "offline"}, headers={"accept-language": "es"}
    ).content.decode()
    assert "Concluye que una cosa causó otra solo porque ocurrió antes" in spanish
    assert "Se apoya en &quot;my uncle&quot;, que no es ninguna autoridad" in spanish
    assert "It concludes that one thing caused another" not in spanish
    assert "who is no authority" not in spanish
    english = client.post(URL, {"text": text, "engine": "offline"}).content.decode()
    assert "It concludes that one thing caused another" in english
    assert "Concluye que" not in english


def test_the_models_reading_is_in_spanish_naming_its_words(client, owner, monkeypatch):
    text = "You would say that, you never did a day's work in your life."
    said = explain("learned.words", fallacy="ad_hominem", words='"never", "life"')
    found = [finding(text, type="ad_hominem", start=0, end=17, explanation=said, confidence=0.6)]
    monkeypatch.setattr(services, "check_fallacies", lambda _text: found)
    client.force_login(owner)
    html = client.post(
        URL, {"text": text, "engine": "offline"}, headers={"accept-language": "es"}
    ).content.decode()
    assert "El modelo aprendido de argumentos etiquetados por personas lo lee como ad hominem." in (
        html
    )
    assert "Las palabras &quot;never&quot;, &quot;life&quot; son las que más pesan" in html
    assert "Read as" not in html and "weigh most" not in html
