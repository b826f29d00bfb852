"""The fallacy panel on the chain page: owner (htmx and plain), another user, anonymous."""

from __future__ import annotations

import pytest
from django.urls import reverse

from evaluations.fallacies import PHONE_BAN_OP_ED
from tests.arguments.factories import make_chain

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}
CAUSE = "Since phones were invented, grades have fallen, so phones must be the cause."


def _url(chain) -> str:
    return reverse("arguments:chain_fallacies", args=[chain.pk])


def test_the_chain_page_offers_the_check_as_a_link_that_htmx_enhances(owner_client, owner):
    chain = make_chain(owner, source_text=PHONE_BAN_OP_ED)
    html = owner_client.get(chain.get_absolute_url()).content.decode()
    assert f'href="{_url(chain)}#fallacies"' in html
    assert f'hx-get="{_url(chain)}"' in html
    assert "Check for fallacies" in html
    assert "False cause" not in html  # nothing is checked until asked


def test_htmx_gets_only_the_panel_with_each_finding_and_its_quote(owner_client, owner):
    chain = make_chain(owner, source_text=PHONE_BAN_OP_ED)
    response = owner_client.get(_url(chain), **HTMX)
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="fallacies"')
    assert "False cause" in html and "Hasty generalization" in html
    assert CAUSE in html and "all bullying today happens online" in html
    assert "Check again" in html


def test_without_javascript_the_link_shows_the_whole_page_with_the_panel_filled(
    owner_client, owner
):
    chain = make_chain(owner, source_text=PHONE_BAN_OP_ED)
    html = owner_client.get(_url(chain)).content.decode()
    assert "<html" in html and chain.query in html
    assert "Hasty generalization" in html and CAUSE in html


def test_a_source_text_without_a_fallacy_says_so_without_calling_it_sound(owner_client, owner):
    chain = make_chain(owner, source_text="Every triangle has three sides.")
    html = owner_client.get(_url(chain), **HTMX).content.decode()
    assert "found none of the fourteen fallacies it looks for" in html
    assert "does not prove the reasoning sound" in html


def test_the_panel_words_doubt_as_the_page_does(owner_client, owner, monkeypatch):
    from arguments import services
    from arguments.domain.fallacies import LIKELY_AT, finding

    text = "Ignore Sam: he is a known liar, and his plan is bad."
    found = [
        finding(text, type="ad_hominem", start=0, end=10, explanation="x", confidence=c)
        for c in (LIKELY_AT, LIKELY_AT - 0.1)
    ]
    monkeypatch.setattr(services, "check_fallacies", lambda _text: found)
    chain = make_chain(owner, source_text=text)
    html = owner_client.get(_url(chain), **HTMX).content.decode()
    assert "<strong>Likely: Ad hominem</strong>" in html
    assert "<strong>Possible: Ad hominem</strong>" in html
    assert "Attacking the person who makes an argument" in html


def test_a_chain_without_source_text_has_no_panel(owner_client, owner):
    chain = make_chain(owner, source_text="")
    assert "Check for fallacies" not in owner_client.get(chain.get_absolute_url()).content.decode()


def test_another_users_chain_is_404(other_client, owner):
    chain = make_chain(owner, source_text=PHONE_BAN_OP_ED)
    assert other_client.get(_url(chain), **HTMX).status_code == 404


def test_anonymous_is_sent_to_log_in(client, owner):
    chain = make_chain(owner, source_text=PHONE_BAN_OP_ED)
    response = client.get(_url(chain))
    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_the_panel_explains_in_spanish_on_a_spanish_page(client, owner):
    chain = make_chain(owner, source_text=PHONE_BAN_OP_ED)
    client.force_login(owner)
    html = client.get(_url(chain), headers={"accept-language": "es"}, **HTMX).content.decode()
    assert "Falsa causa" in html and "Generalización apresurada" in html
    assert "Concluye que una cosa causó otra" in html
    assert "It concludes that one thing caused another" not in html
    assert "all bullying today happens online" in html  # the quote stays as written
