import pytest
from django.urls import reverse

from tests.coach.builders import make_session

pytestmark = pytest.mark.django_db


def test_staff_see_sessions_with_draft_messages_and_model_calls(client, staff_user, owner):
    session = make_session(owner, "Phones in the admin")
    client.force_login(staff_user)
    listing = client.get(reverse("admin:coach_coachsession_changelist"))
    assert "Phones in the admin" in listing.content.decode()
    page = client.get(reverse("admin:coach_coachsession_change", args=[session.pk]))
    assert page.status_code == 200
    body = page.content.decode()
    assert "Step 1 of 7" in body  # the opening message inline
    assert "LLM call" in body


def test_students_cannot_open_the_coach_admin(owner_client):
    response = owner_client.get(reverse("admin:coach_coachsession_changelist"))
    assert response.status_code == 302
