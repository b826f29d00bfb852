"""The admin as a review queue: staff confirm or overturn verdicts; students cannot."""

import pytest
from django.urls import reverse

from arguments.models import Chain
from arguments.services import chain_run
from tests.arguments.factories import make_chain

pytestmark = pytest.mark.django_db


def test_teacher_overturns_a_verdict_with_the_bulk_action(client, staff_user, owner):
    chain = chain_run(chain=make_chain(owner), until="end")
    client.force_login(staff_user)
    url = reverse("admin:arguments_chain_changelist")
    action = {"action": "overturn_verdicts", "_selected_action": [chain.pk]}
    # The bulk overturn first asks why (each student reads it) and changes nothing.
    asked = client.post(url, action)
    assert asked.status_code == 200 and "each student reads it" in asked.content.decode()
    chain.refresh_from_db()
    assert chain.review_status == "pending"
    refused = client.post(url, {**action, "apply": "1", "review_note": "  "})
    assert refused.status_code == 200 and "Give the reason" in refused.content.decode()
    chain.refresh_from_db()
    assert chain.review_status == "pending"
    response = client.post(url, {**action, "apply": "1", "review_note": "Too hasty."})
    assert response.status_code == 302
    chain.refresh_from_db()
    assert (chain.review_status, chain.reviewed_by) == ("overturned", staff_user)
    assert chain.review_note == "Too hasty."


def test_an_overturned_verdict_shows_as_overturned_in_the_list_and_on_the_chain(
    client, staff_user, owner
):
    from arguments.services import chain_review

    chain = chain_run(chain=make_chain(owner), until="end")
    assert chain.verdict_status
    chain_review(chain=chain, reviewer=staff_user, status="overturned", note="Too hasty.")
    client.force_login(owner)
    listed = client.get(reverse("arguments:chain_list")).content.decode()
    assert "verdict-overturned" in listed and f"verdict-{chain.verdict_status}" not in listed
    page = client.get(chain.get_absolute_url()).content.decode()
    assert "Verdict: OVERTURNED on review" in page
    assert f"Verdict: {chain.verdict_status.upper()}" not in page


def test_teacher_reviews_one_chain_with_a_note(client, staff_user, owner):
    chain = chain_run(chain=make_chain(owner), until="end")
    client.force_login(staff_user)
    url = reverse("admin:arguments_chain_change", args=[chain.pk])
    page = client.get(url).content.decode()
    assert "Secondary schools should start later" in page  # components are readable
    assert "arguments.phase1" in page  # the LLM calls are inline
    client.post(
        url,
        {
            "review_status": "confirmed",
            "review_note": "Sound reasoning.",
            "attempts-TOTAL_FORMS": 0,
            "attempts-INITIAL_FORMS": 0,
            "llm-llmcall-content_type-object_id-TOTAL_FORMS": 0,
            "llm-llmcall-content_type-object_id-INITIAL_FORMS": 0,
        },
    )
    chain.refresh_from_db()
    assert (chain.review_status, chain.review_note) == ("confirmed", "Sound reasoning.")
    assert chain.reviewed_by == staff_user


ADMIN_FORMSETS = {
    "attempts-TOTAL_FORMS": 0,
    "attempts-INITIAL_FORMS": 0,
    "llm-llmcall-content_type-object_id-TOTAL_FORMS": 0,
    "llm-llmcall-content_type-object_id-INITIAL_FORMS": 0,
}


@pytest.mark.parametrize("note", ["", "   \n "])
def test_overturning_one_chain_without_a_note_is_refused(client, staff_user, owner, note):
    chain = chain_run(chain=make_chain(owner), until="end")
    client.force_login(staff_user)
    url = reverse("admin:arguments_chain_change", args=[chain.pk])

    response = client.post(
        url, {"review_status": "overturned", "review_note": note, **ADMIN_FORMSETS}
    )

    assert response.status_code == 200  # the form again, with the error
    assert "Say why the verdict is overturned" in response.content.decode()
    chain.refresh_from_db()
    assert chain.review_status == "pending"


def test_overturning_with_a_note_is_saved(client, staff_user, owner):
    chain = chain_run(chain=make_chain(owner), until="end")
    client.force_login(staff_user)
    url = reverse("admin:arguments_chain_change", args=[chain.pk])

    client.post(url, {"review_status": "overturned", "review_note": "Too hasty.", **ADMIN_FORMSETS})

    chain.refresh_from_db()
    assert (chain.review_status, chain.review_note) == ("overturned", "Too hasty.")


def test_list_filters_by_verdict_and_review_status(client, staff_user, owner):
    chain_run(chain=make_chain(owner), until="end")
    make_chain(owner, query="Still in progress here")
    client.force_login(staff_user)
    html = client.get(
        reverse("admin:arguments_chain_changelist"), {"verdict_status": "sustained"}
    ).content.decode()
    assert "Should secondary schools" in html
    assert "Still in progress here" not in html


def test_students_cannot_open_the_admin(owner_client):
    response = owner_client.get(reverse("admin:arguments_chain_changelist"))
    assert response.status_code == 302
    assert Chain.objects.count() == 0
