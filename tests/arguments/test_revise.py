"""Revising a chain ("Revise and try again") is one service, used by the page and the API:
the new chain and its classroom submission's link are saved together or not at all."""

from __future__ import annotations

import pytest
from django.urls import reverse

from arguments import services
from arguments.models import Chain
from tests.arguments.factories import make_chain
from tests.classrooms.builders import ESSAY, api_as, assignment, build_world
from toulmini_site.classrooms import public
from toulmini_site.classrooms import services as class_services
from toulmini_site.classrooms.models import Submission
from toulmini_site.refusals import Refusal


def _revisions(chain: Chain) -> str:
    return reverse("arguments_api:chain_revise", args=[chain.pk])


@pytest.fixture
def classroom_chain(db):
    world = build_world()
    task = assignment(world.classroom, "chain")
    submission = Submission.objects.get(assignment=task, student=world.student)
    submission, _ = class_services.submission_start(submission=submission, source_text="Thin.")
    return world, task, submission


def test_the_owner_revises_a_chain_through_the_api_from_its_own_fields(owner_api, owner):
    chain = make_chain(owner)
    response = owner_api.post(_revisions(chain), {"source_text": ESSAY}, format="json")
    assert response.status_code == 201, response.content
    new = Chain.objects.get(pk=response.json()["id"])
    assert new.pk != chain.pk and new.owner == owner
    assert (new.query, new.engine, new.source_text) == (chain.query, chain.engine, ESSAY.strip())


def test_another_user_cannot_revise_a_chain_through_the_api(other_api, owner):
    chain = make_chain(owner)
    response = other_api.post(_revisions(chain), {}, format="json")
    assert response.status_code == 404
    assert response.json()["code"] == "NOT_FOUND"
    assert Chain.objects.count() == 1


def test_an_anonymous_visitor_cannot_revise_a_chain_through_the_api(api_client, owner):
    chain = make_chain(owner)
    response = api_client.post(_revisions(chain), {}, format="json")
    assert response.status_code in (401, 403)
    assert Chain.objects.count() == 1


def test_a_bad_revision_is_refused_with_the_field_and_no_chain(owner_api, owner):
    chain = make_chain(owner)
    response = owner_api.post(_revisions(chain), {"engine": "telepathy"}, format="json")
    assert response.status_code == 400
    assert "engine" in str(response.json())
    assert Chain.objects.count() == 1


def test_the_service_refuses_a_chain_that_is_not_the_owners(owner, other_user):
    chain = make_chain(owner)
    with pytest.raises(Refusal) as refused:
        services.chain_revise(owner=other_user, source=chain, query=chain.query)
    assert refused.value.status == 404
    assert Chain.objects.count() == 1


def test_a_revision_through_the_api_becomes_the_assignments_work(classroom_chain):
    world, task, submission = classroom_chain
    old = submission.chain
    response = api_as(world.student).post(
        _revisions(old), {"source_text": ESSAY, "engine": "offline"}, format="json"
    )
    assert response.status_code == 201, response.content
    submission.refresh_from_db()
    assert submission.chain_id == response.json()["id"] != old.pk
    # Near miss: an engine the assignment does not allow makes a chain but keeps the link.
    linked = submission.chain
    response = api_as(world.student).post(_revisions(linked), {"engine": "llm"}, format="json")
    submission.refresh_from_db()
    assert submission.chain_id == linked.pk


def test_a_failed_link_leaves_no_new_chain(classroom_chain, monkeypatch):
    world, task, submission = classroom_chain
    old = submission.chain

    def broken(*, old, new):
        raise RuntimeError("the link could not be saved")

    monkeypatch.setattr(public, "submission_chain_revise", broken)
    before = Chain.objects.count()
    with pytest.raises(RuntimeError):
        services.chain_revise(owner=world.student, source=old, query=old.query, source_text=ESSAY)
    assert Chain.objects.count() == before
    submission.refresh_from_db()
    assert submission.chain_id == old.pk


def test_the_page_revises_through_the_same_service(classroom_chain, client, monkeypatch):
    world, task, submission = classroom_chain
    old = submission.chain
    seen = []
    real = services.chain_revise

    def spy(**kwargs):
        seen.append(kwargs["source"].pk)
        return real(**kwargs)

    monkeypatch.setattr(services, "chain_revise", spy)
    client.force_login(world.student)
    client.post(
        f"{reverse('arguments:chain_new')}?from={old.pk}",
        {"query": task.query, "source_text": ESSAY, "engine": "offline"},
    )
    submission.refresh_from_db()
    assert seen == [old.pk]
    assert submission.chain_id != old.pk
