"""Critique pages, tried as the owner, as another user and anonymous."""

from __future__ import annotations

import time

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from council.models import Critique
from council.services.critique import critique_create

pytestmark = pytest.mark.django_db


@pytest.fixture
def critique_of_owner(owner, critique_document):
    return critique_create(owner=owner, title="Remote work", text=critique_document)


def _run(critique):
    from council.services.critique import critique_run

    return critique_run(critique_id=critique.pk)


# -- list --------------------------------------------------------------------------------


def test_the_list_shows_only_the_users_own_critiques(owner_client, critique_of_owner, other_user):
    critique_create(owner=other_user, title="Someone else's", text="Cats should rule us all.")

    response = owner_client.get(reverse("council:critique_list"))

    assert response.status_code == 200
    assert b"Remote work" in response.content
    assert b"Someone else" not in response.content


def test_the_list_is_paginated_twenty_a_page(owner_client, owner):
    Critique.objects.bulk_create(
        Critique(owner=owner, title=f"Essay number {n:02d}", document="x") for n in range(23)
    )

    first = owner_client.get(reverse("council:critique_list")).content.decode()
    second = owner_client.get(reverse("council:critique_list"), {"page": 2}).content.decode()

    assert first.count("Essay number") == 20 and "Page 1 of 2" in first and "?page=2" in first
    assert second.count("Essay number") == 3 and "Page 2 of 2" in second


def test_the_list_sends_anonymous_users_to_log_in(client):
    response = client.get(reverse("council:critique_list"))

    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_the_nav_links_to_the_critiques(owner_client):
    response = owner_client.get(reverse("council:critique_list"))

    assert f'href="{reverse("council:critique_list")}"'.encode() in response.content


# -- new ---------------------------------------------------------------------------------


def test_posting_a_text_creates_a_critique_and_shows_it(
    owner_client, owner, critique_document, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True):
        response = owner_client.post(
            reverse("council:critique_new"), {"title": "Mine", "text": critique_document}
        )

    critique = Critique.objects.get(owner=owner)
    assert response.status_code == 302
    assert response.url == critique.get_absolute_url()
    critique.refresh_from_db()
    assert critique.status == "complete"


def test_uploading_a_markdown_file_creates_a_critique(owner_client, owner):
    upload = SimpleUploadedFile("goal.md", b"# Goal\nWe should obviously win.", "text/markdown")

    response = owner_client.post(reverse("council:critique_new"), {"file": upload})

    assert response.status_code == 302
    assert Critique.objects.get(owner=owner).document == "# Goal\nWe should obviously win."


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"text": "   "}, b"The document is empty."),
        ({"text": "x" * 100_001}, b"the limit is 100,000"),
        ({"file": ("a.png", b"\x89PNG\x00\x00", "image/png")}, b"binary data"),
    ],
)
def test_unusable_documents_are_refused_on_the_form(owner_client, data, message):
    if "file" in data:  # a fresh upload each run: a file object is read once
        data = {"file": SimpleUploadedFile(*data["file"])}
    response = owner_client.post(reverse("council:critique_new"), data)

    assert response.status_code == 200
    assert message in response.content
    assert not Critique.objects.exists()


def test_a_text_and_a_file_together_are_refused(owner_client):
    upload = SimpleUploadedFile("goal.md", b"We should win.", "text/markdown")

    response = owner_client.post(
        reverse("council:critique_new"), {"text": "We must win.", "file": upload}
    )

    assert response.status_code == 200
    assert b"not both" in response.content
    assert b"up to 100,000 characters" in response.content
    assert not Critique.objects.exists()


def test_the_form_page_needs_a_login(client):
    response = client.get(reverse("council:critique_new"))

    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


def test_anonymous_posts_create_nothing(client, critique_document):
    response = client.post(reverse("council:critique_new"), {"text": critique_document})

    assert response.status_code == 302
    assert not Critique.objects.exists()


# -- detail ------------------------------------------------------------------------------


def test_a_running_critique_polls_for_its_progress(owner_client, critique_of_owner):
    url = critique_of_owner.get_absolute_url()

    response = owner_client.get(url)

    assert response.status_code == 200
    # It asks again at once, and the server answers when the run has news (a long poll).
    assert b'hx-trigger="load delay:50ms"' in response.content
    assert f'hx-get="{url}?seen=0"'.encode() in response.content
    assert b"Kant: queued" in response.content


def test_a_running_critique_shows_its_stage_and_each_agents_level(owner_client, critique_of_owner):
    critique_of_owner.status = "running"
    critique_of_owner.progress = {
        "stage": "critique",
        "agents": {"kant": {"state": "running", "level": 2, "max_depth": 3, "nodes": 0}},
    }
    critique_of_owner.save()

    body = owner_client.get(critique_of_owner.get_absolute_url()).content.decode()

    assert "each philosopher builds a critique tree" in body
    assert "Kant: running, level 2 of 3" in body
    assert "Popper: queued" in body


def test_an_agent_reviewing_its_points_says_so_in_words_beside_its_last_level(
    owner_client, critique_of_owner
):
    critique_of_owner.status = "running"
    critique_of_owner.progress = {
        "stage": "self_critique",
        "agents": {
            "kant": {"state": "self_critique", "level": 3, "max_depth": 3, "nodes": 6},
            "popper": {"state": "critiqued", "level": 1, "max_depth": 3, "nodes": 0},
        },
    }
    critique_of_owner.save()

    body = owner_client.get(critique_of_owner.get_absolute_url()).content.decode()

    assert "Kant: reviewing its points, level 3 of 3" in body
    assert "Popper: tree built, level 1 of 3" in body
    assert "self_critique" not in body


def test_the_polled_fragment_is_only_the_run_section(owner_client, critique_of_owner):
    response = owner_client.get(
        critique_of_owner.get_absolute_url(), headers={"HX-Request": "true"}
    )

    body = response.content.decode()
    assert body.lstrip().startswith('<section id="critique-run"')
    assert "<html" not in body


def test_a_finished_critique_shows_points_trees_and_text_and_stops_polling(
    owner_client, critique_of_owner
):
    _run(critique_of_owner)

    response = owner_client.get(
        critique_of_owner.get_absolute_url(), headers={"HX-Request": "true"}
    )

    body = response.content.decode()
    assert "hx-trigger" not in body
    assert "Points by area" in body
    assert "KANT-1" in body  # the trees are there, expandable
    assert "REASONING COUNCIL ASSESSMENT" in body


def test_another_users_critique_is_not_found(other_client, critique_of_owner):
    response = other_client.get(critique_of_owner.get_absolute_url())

    assert response.status_code == 404


def test_the_detail_page_sends_anonymous_users_to_log_in(client, critique_of_owner):
    response = client.get(critique_of_owner.get_absolute_url())

    assert response.status_code == 302
    assert response.url.startswith(reverse("login"))


# -- admin -------------------------------------------------------------------------------


def test_staff_can_review_a_critique_and_its_model_calls(client, staff_user, critique_of_owner):
    _run(critique_of_owner)
    client.force_login(staff_user)

    listing = client.get(reverse("admin:council_critique_changelist"))
    page = client.get(reverse("admin:council_critique_change", args=[critique_of_owner.pk]))

    assert listing.status_code == 200 and b"Remote work" in listing.content
    assert page.status_code == 200
    assert b"council.critique.tree" in page.content


def test_the_document_and_findings_are_escaped(owner, owner_client):
    critique = critique_create(
        owner=owner, title="XSS", text="<script>alert(1)</script> We should obviously win."
    )
    _run(critique)

    body = owner_client.get(critique.get_absolute_url()).content.decode()

    assert "<script>alert(1)</script>" not in body
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in body


def test_a_degraded_critique_says_which_agent_failed(owner, owner_client, critique_document):
    from council.services.critique import critique_run
    from tests.council.critique_builders import CritiqueModel
    from toulmini_site.llm.client import LLMUnavailable
    from toulmini_site.llm.fake import FakeClient

    critique = critique_create(owner=owner, title="T", text=critique_document, engine="llm")
    model = CritiqueModel()
    model.fail = lambda r: LLMUnavailable("down") if r.inputs.get("agent") == "popper" else None
    critique_run(critique_id=critique.pk, client=FakeClient(model))

    body = owner_client.get(critique.get_absolute_url()).content.decode()

    assert "Incomplete analysis" in body
    assert "Popper failed at level 1: down" in body


def test_a_running_critique_shows_each_philosophers_first_findings_most_severe_first(
    owner_client, critique_of_owner
):
    critique_of_owner.status = "running"
    finding = {"evidence": "It ultimately leverages synergy.", "area": "Clarity"}
    critique_of_owner.progress = {
        "stage": "critique",
        "seq": 4,
        "agents": {
            "kant": {
                "state": "running",
                "level": 2,
                "findings": [
                    {**finding, "claim": "Kant's point.", "severity": "Medium", "confidence": 0.5},
                ],
            },
            "popper": {
                "state": "running",
                "level": 2,
                "findings": [
                    {**finding, "claim": "Popper's point.", "severity": "High", "confidence": 0.6},
                ],
            },
        },
    }
    critique_of_owner.save()
    url = critique_of_owner.get_absolute_url()

    body = owner_client.get(url).content.decode()

    assert "Findings so far" in body
    assert body.index("Popper&#x27;s point.") < body.index("Kant&#x27;s point.")
    assert "It ultimately leverages synergy." in body
    assert f'hx-get="{url}?seen=4"' in body


def test_the_page_waiting_for_news_gets_it_as_soon_as_the_run_moves_on(
    owner_client, critique_of_owner
):
    critique_of_owner.status = "running"
    critique_of_owner.progress = {"stage": "critique", "seq": 2, "agents": {}}
    critique_of_owner.save()
    url = critique_of_owner.get_absolute_url()

    start = time.monotonic()
    news = owner_client.get(f"{url}?seen=1", headers={"HX-Request": "true"})
    assert time.monotonic() - start < 1.0  # already past what the page shows: no wait
    assert 'hx-get="' + url + '?seen=2"' in news.content.decode()


def test_the_page_waiting_for_news_is_answered_after_the_wait_when_nothing_moved(
    owner_client, critique_of_owner, monkeypatch
):
    from council import selectors

    waits = []
    real = selectors.critique_wait_for_change

    def short(critique, *, seen):
        waits.append(seen)
        real(critique, seen=seen, timeout=0.1)

    monkeypatch.setattr(selectors, "critique_wait_for_change", short)
    url = critique_of_owner.get_absolute_url()

    response = owner_client.get(f"{url}?seen=0", headers={"HX-Request": "true"})

    assert waits == [0]
    assert response.status_code == 200
    assert 'hx-get="' + url + '?seen=0"' in response.content.decode()


def test_a_fallacy_point_says_whether_it_is_likely_or_possible(owner_client, owner):
    from evaluations.fallacies import PHONE_BAN_OP_ED

    critique = critique_create(owner=owner, title="Phones", text=PHONE_BAN_OP_ED)
    _run(critique)
    html = owner_client.get(reverse("council:critique_detail", args=[critique.pk])).content.decode()
    assert "likely fallacy</span>" not in html  # the label follows the colon
    assert "likely fallacy: False cause" in html
    assert "likely fallacy: Hasty generalization" in html
    assert "FALLACY: false_cause (LIKELY)" in html  # the written critique says so too


def test_a_fallacy_point_reads_in_spanish_on_a_spanish_page(client, owner):
    """The offline council stores its points in English; on a Spanish page a philosopher's
    naming of a fallacy (its voice, the type, the checker's reason) reads in Spanish, in the
    points and in the trees, the quote as written. Other claims stay as stored."""
    from evaluations.fallacies import PHONE_BAN_OP_ED

    critique = critique_create(owner=owner, title="Phones", text=PHONE_BAN_OP_ED)
    _run(critique)
    client.force_login(owner)
    url = reverse("council:critique_detail", args=[critique.pk])
    spanish = client.get(url, headers={"accept-language": "es"}).content.decode()
    reason = "Concluye que una cosa causó otra solo porque ocurrió antes o a la vez"
    assert spanish.count(f"falsa causa. {reason}") >= 2  # the point and its tree node
    assert "It concludes that one thing caused another" not in spanish.split("<pre")[0]
    assert "a partir de &quot;" in spanish or "afirma algo de todos los casos" in spanish
    english = client.get(url).content.decode()
    assert "false cause. It concludes that one thing caused another" in english
    assert reason not in english


def test_a_fallacy_found_so_far_reads_in_spanish(client, owner, critique_of_owner):
    from council.domain.critique.offline import PHILOSOPHERS, fallacy_claim
    from council.said import critique_written

    claim = fallacy_claim(
        PHILOSOPHERS["russell"].voice,
        "Equivocation",
        'The word "light" is used in two different senses, so the conclusion does not follow.',
    )
    mine = {"evidence": "A feather is light.", "area": "Fallacy", "fallacy": "equivocation"}
    critique_of_owner.status = "running"
    critique_of_owner.progress = {
        "stage": "critique",
        "agents": {
            "russell": {
                "state": "running",
                "findings": [{**mine, "claim": claim, "severity": "High", "confidence": 0.8}],
            }
        },
    }
    # stored with each progress update, as the run does
    critique_of_owner.said = critique_written(progress=critique_of_owner.progress)
    critique_of_owner.save()
    client.force_login(owner)
    html = client.get(
        critique_of_owner.get_absolute_url(), headers={"accept-language": "es"}
    ).content.decode()
    assert (
        "Las palabras no mantienen un solo significado ni un solo tema: equívoco. "
        "La palabra &quot;light&quot; se usa en dos sentidos distintos" in html
    )
