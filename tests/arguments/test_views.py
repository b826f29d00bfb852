"""HTML pages for chains: owner, other user, anonymous; htmx fragments; no-JS fallbacks."""

import pytest
from django.urls import reverse

from arguments.models import Chain
from tests.arguments import builders as b
from tests.arguments.factories import make_chain

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true"}


def pages(pk: int) -> list[tuple[str, str, dict]]:
    return [
        ("get", reverse("arguments:chain_detail", args=[pk]), {}),
        ("post", reverse("arguments:chain_run", args=[pk]), {"until": "next"}),
        ("post", reverse("arguments:chain_phase", args=[pk]), {"phase": 1, "output": "{}"}),
        ("get", reverse("arguments:chain_export", args=[pk, "md"]), {}),
    ]


def test_anonymous_visitors_are_sent_to_log_in(client, owner):
    chain = make_chain(owner)
    for method, path, data in [
        *pages(chain.pk),
        ("get", reverse("arguments:chain_list"), {}),
        ("get", reverse("arguments:chain_new"), {}),
    ]:
        response = getattr(client, method)(path, data)
        assert response.status_code == 302, path
        assert response.url.startswith(reverse("login"))


def test_another_users_chain_is_404_on_every_page(other_client, owner):
    chain = make_chain(owner)
    for method, path, data in pages(chain.pk):
        assert getattr(other_client, method)(path, data).status_code == 404, path
    chain.refresh_from_db()
    assert chain.next_phase == 1


def test_home_explains_the_app_to_anyone(client):
    response = client.get("/")
    assert response.status_code == 200
    assert b"Toulmin" in response.content
    assert reverse("signup").encode() in response.content


def test_home_names_every_part_of_the_app_and_links_them_once_logged_in(owner_client):
    from django.test import Client

    anonymous = Client().get("/").content.decode()
    assert all(word in anonymous for word in ("Coach", "Critiques", "Audits"))
    assert reverse("coach:index") not in anonymous.split('class="more-tools"')[1]
    page = owner_client.get("/").content.decode()
    for name in ("coach:index", "council:critique_list", "council:audit_list"):
        assert f'href="{reverse(name)}"' in page.split('class="more-tools"')[1]


def test_chain_list_empty_state(owner_client):
    response = owner_client.get(reverse("arguments:chain_list"))
    assert b"You have no argument chains yet" in response.content


def test_chain_list_is_paginated_and_own_only(owner_client, owner, other_user):
    for n in range(21):
        make_chain(owner, query=f"Own query number {n}")
    make_chain(other_user, query="Somebody else's query")
    first = owner_client.get(reverse("arguments:chain_list")).content.decode()
    assert "Page 1 of 2" in first
    assert "Somebody else" not in first
    assert "Own query number 20" in first


def test_new_chain_form_creates_and_redirects(owner_client, owner):
    response = owner_client.post(
        reverse("arguments:chain_new"),
        {"query": "Should schools start later?", "source_text": "Some text.", "engine": "offline"},
    )
    chain = Chain.objects.get(owner=owner)
    assert response.status_code == 302
    assert response.url == chain.get_absolute_url()


def test_new_chain_form_shows_field_errors_and_keeps_the_text(owner_client):
    response = owner_client.post(
        reverse("arguments:chain_new"),
        {"query": "Why", "source_text": "My long careful text.", "engine": "offline"},
    )
    assert response.status_code == 200
    assert b"Ensure this value has at least 5 characters" in response.content
    assert b"My long careful text." in response.content
    assert not Chain.objects.exists()


def test_the_offline_analyzer_asks_for_the_source_text_and_keeps_the_query(owner_client):
    page = owner_client.get(reverse("arguments:chain_new")).content.decode()
    assert "Optional: the text" not in page and "The offline analyzer needs it" in page
    response = owner_client.post(
        reverse("arguments:chain_new"),
        {"query": "Should schools start later?", "source_text": "  ", "engine": "offline"},
    )
    assert response.status_code == 200
    assert b"The offline analyzer needs a text to analyse" in response.content
    assert b"Should schools start later?" in response.content
    assert not Chain.objects.exists()
    # Your own AI works from the question alone.
    manual = owner_client.post(
        reverse("arguments:chain_new"),
        {"query": "Should schools start later?", "source_text": "", "engine": "manual"},
    )
    assert manual.status_code == 302


def test_llm_engine_is_offered_only_when_a_model_is_configured(owner_client, settings):
    settings.LLM_MODEL = ""
    assert b'value="llm"' not in owner_client.get(reverse("arguments:chain_new")).content
    settings.LLM_MODEL = "some-model"
    assert b'value="llm"' in owner_client.get(reverse("arguments:chain_new")).content


def test_run_to_the_end_without_javascript_redirects_to_the_verdict(owner_client, owner):
    chain = make_chain(owner)
    response = owner_client.post(reverse("arguments:chain_run", args=[chain.pk]), {"until": "end"})
    assert response.status_code == 302
    page = owner_client.get(chain.get_absolute_url()).content.decode()
    assert "Verdict: SUSTAINED" in page


def test_run_next_with_htmx_returns_only_the_chain_fragment(owner_client, owner):
    chain = make_chain(owner)
    response = owner_client.post(
        reverse("arguments:chain_run", args=[chain.pk]), {"until": "next"}, **HTMX
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<div id="chain"')
    assert "<html" not in html
    assert "Run phase 2" in html


def test_manual_mode_shows_the_prompt_and_a_copy_button(owner_client, owner):
    chain = make_chain(owner, engine="manual")
    html = owner_client.get(chain.get_absolute_url()).content.decode()
    assert "PHASE 1 OF 4" in html
    assert 'data-copy="#prompt"' in html


def test_manual_mode_bad_json_shows_errors_next_to_field_paths(owner_client, owner):
    chain = make_chain(owner, engine="manual")
    bad = '{"data": {"facts": [], "citations": [], "evidence_type": "expert"}, "claim": {}}'
    response = owner_client.post(
        reverse("arguments:chain_phase", args=[chain.pk]), {"phase": 1, "output": bad}, **HTMX
    )
    html = response.content.decode()
    assert "<code>data.facts</code>" in html
    assert "<code>claim.statement</code>" in html
    assert bad.replace('"', "&quot;") in html  # the pasted text is kept in the box


def test_manual_mode_json_syntax_error_says_line_and_column(owner_client, owner):
    chain = make_chain(owner, engine="manual")
    response = owner_client.post(
        reverse("arguments:chain_phase", args=[chain.pk]),
        {"phase": 1, "output": '{\n  "data": ,\n}'},
        **HTMX,
    )
    assert "invalid JSON: Expecting value at line 2 column 11" in response.content.decode()


def test_manual_mode_good_json_advances_without_javascript(owner_client, owner):
    import json

    chain = make_chain(owner, engine="manual")
    response = owner_client.post(
        reverse("arguments:chain_phase", args=[chain.pk]),
        {"phase": 1, "output": json.dumps(b.PHASE_OUTPUTS[1]())},
    )
    assert response.status_code == 302
    chain.refresh_from_db()
    assert chain.next_phase == 2


@pytest.mark.parametrize(
    "wrap",
    [
        "```json\n{}\n```",
        "```JSON\n{}\n```\n",
        "```\n{}\n```",
        "Here is the JSON for phase 1:\n\n```json\n{}\n```\nLet me know if you need more.",
    ],
)
def test_manual_mode_accepts_json_inside_a_markdown_fence(owner_client, owner, wrap):
    import json

    chain = make_chain(owner, engine="manual")
    output = wrap.replace("{}", json.dumps(b.PHASE_OUTPUTS[1](), indent=2))
    response = owner_client.post(
        reverse("arguments:chain_phase", args=[chain.pk]), {"phase": 1, "output": output}
    )
    assert response.status_code == 302
    chain.refresh_from_db()
    assert chain.next_phase == 2


def test_two_fenced_blocks_are_not_guessed_between(owner_client, owner):
    chain = make_chain(owner, engine="manual")
    output = "```json\n{}\n```\nor\n```json\n{}\n```"
    response = owner_client.post(
        reverse("arguments:chain_phase", args=[chain.pk]), {"phase": 1, "output": output}, **HTMX
    )
    assert "invalid JSON" in response.content.decode()
    chain.refresh_from_db()
    assert chain.next_phase == 1


def test_weak_warrant_shows_the_termination_banner(owner_client, owner):
    import json

    chain = make_chain(owner, engine="manual", phases=1)
    weak = {"warrant": b.warrant(strength="weak"), "backing": b.backing()}
    owner_client.post(
        reverse("arguments:chain_phase", args=[chain.pk]), {"phase": 2, "output": json.dumps(weak)}
    )
    html = owner_client.get(chain.get_absolute_url()).content.decode()
    assert "Chain terminated." in html
    assert "WARRANT REJECTED: strength is &#x27;weak&#x27;" in html


def test_export_markdown_download(owner_client, owner):
    chain = make_chain(owner, engine="manual", phases=4)
    response = owner_client.get(reverse("arguments:chain_export", args=[chain.pk, "md"]))
    assert response["Content-Disposition"] == f'attachment; filename="toulmin-chain-{chain.pk}.md"'
    assert b"## Verdict: SUSTAINED" in response.content


def test_signup_logs_the_new_user_in(client):
    response = client.post(
        reverse("signup"),
        {
            "username": "newcomer",
            "password1": "a-long-pass-phrase-42",
            "password2": "a-long-pass-phrase-42",
        },
    )
    assert response.status_code == 302
    assert client.get(reverse("arguments:chain_list")).status_code == 200


def test_a_stopped_chain_can_be_revised_from_a_prefilled_form(owner_client, owner):
    from arguments.services import chain_run

    chain = chain_run(chain=make_chain(owner, source_text=""), until="end")
    page = owner_client.get(chain.get_absolute_url()).content.decode()
    link = f"{reverse('arguments:chain_new')}?from={chain.pk}"
    assert link in page
    form = owner_client.get(link).content.decode()
    assert chain.query in form


def test_revising_another_users_chain_is_404(other_client, owner):
    chain = make_chain(owner)
    response = other_client.get(f"{reverse('arguments:chain_new')}?from={chain.pk}")
    assert response.status_code == 404
