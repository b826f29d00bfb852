"""Co-teachers are invited and accept: the inviter learns nothing about which usernames
exist, only the invitee sees and answers an invitation, and it can expire or be withdrawn.
Tried as the class's teacher (owner), the invitee, another user and anonymous, on the API
and the pages."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from tests.builders import make_user
from tests.classrooms.builders import api_as
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import TeacherInvitation

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def invitee(db):
    return make_user("dana")


def invite(world, username: str = "dana") -> TeacherInvitation:
    return services.teacher_invite(
        classroom=world.classroom, invited_by=world.teacher, username=username
    )


def teaches(world, user) -> bool:
    return world.classroom.teachers.filter(pk=user.pk).exists()


def _shape(body: dict) -> dict:
    return {key: type(value).__name__ for key, value in body.items() if key not in ("id",)}


# -- the inviter learns nothing ------------------------------------------------------------


def test_inviting_a_user_and_a_name_no_one_has_answer_alike(world, invitee):
    teacher = api_as(world.teacher)
    url = f"/api/v1/classes/{world.classroom.pk}/teachers/"
    real = teacher.post(url, {"username": "dana"})
    unknown = teacher.post(url, {"username": "nobody-here"})
    assert real.status_code == unknown.status_code == 202
    assert _shape(real.json()) == _shape(unknown.json())
    assert real.json()["username"] == "dana" and unknown.json()["username"] == "nobody-here"
    listed = teacher.get(f"/api/v1/classes/{world.classroom.pk}/invitations/").json()
    assert sorted(row["username"] for row in listed["results"]) == ["dana", "nobody-here"]
    assert not teaches(world, invitee)


def test_the_invite_page_says_the_same_for_any_name(world, invitee):
    page = logged_in(world.teacher)
    url = f"/classes/{world.classroom.pk}/teachers/"
    said = []
    for name in ("dana", "nobody-here"):
        response = page.post(url, {"username": name}, follow=True)
        assert response.status_code == 200
        text = [str(m) for m in response.context["messages"]][0]
        said.append(text.replace(name, "NAME"))
    assert said[0] == said[1] and "If an account has that name" in said[0]
    assert not teaches(world, invitee)


def test_inviting_someone_who_already_teaches_or_studies_here_is_refused(world):
    teacher = api_as(world.teacher)
    url = f"/api/v1/classes/{world.classroom.pk}/teachers/"
    assert teacher.post(url, {"username": "co-teacher"}).json()["code"] == "INVALID_STATE"
    assert teacher.post(url, {"username": "ana"}).json()["code"] == "INVALID_STATE"
    assert not TeacherInvitation.objects.exists()


def test_inviting_twice_renews_one_invitation(world, invitee):
    first = invite(world)
    TeacherInvitation.objects.filter(pk=first.pk).update(
        expires_at=timezone.now() + timedelta(hours=1)
    )
    again = invite(world)
    assert again.pk == first.pk and again.expires_at > timezone.now() + timedelta(days=13)
    assert TeacherInvitation.objects.count() == 1


# -- the invitee answers -------------------------------------------------------------------


def test_the_invitee_sees_the_invitation_on_their_classes_page_and_accepts(world, invitee):
    invitation = invite(world)
    client = logged_in(invitee)
    page = client.get("/classes/").content.decode()
    assert "ms-teacher invites you to teach Debate 101." in page
    assert client.get(f"/classes/{world.classroom.pk}/").status_code == 404  # not yet

    response = client.post(f"/classes/invitations/{invitation.pk}/accept/")

    assert response.status_code == 302 and response["Location"] == f"/classes/{world.classroom.pk}/"
    assert teaches(world, invitee) and not TeacherInvitation.objects.exists()
    assert client.get(f"/classes/{world.classroom.pk}/").status_code == 200


def test_the_invitee_declines_and_teaches_nothing(world, invitee):
    invitation = invite(world)
    response = logged_in(invitee).post(f"/classes/invitations/{invitation.pk}/decline/")
    assert response.status_code == 302 and response["Location"] == "/classes/"
    assert not teaches(world, invitee)
    assert api_as(invitee).get("/api/v1/invitations/").json()["results"] == []
    again = logged_in(invitee).post(f"/classes/invitations/{invitation.pk}/accept/")
    assert again.status_code == 404 and not teaches(world, invitee)


def test_a_declined_invitation_looks_to_the_class_like_one_to_no_one(world, invitee):
    declined, unknown = invite(world), invite(world, "nobody-here")
    api_as(invitee).post(f"/api/v1/invitations/{declined.pk}/decline/")
    teacher = api_as(world.teacher)
    rows = teacher.get(f"/api/v1/classes/{world.classroom.pk}/invitations/").json()["results"]
    by_name = {row["username"]: row for row in rows}
    assert set(by_name) == {"dana", "nobody-here"}
    assert _shape(by_name["dana"]) == _shape(by_name["nobody-here"])
    assert (
        "Invited, waiting for an answer"
        in logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/").content.decode()
    )
    assert unknown.pk != declined.pk


def test_an_invitee_who_deletes_their_account_leaves_the_invitation_as_it_was(world, invitee):
    invitation = invite(world)
    invitee.delete()
    invitation.refresh_from_db()
    assert invitation.invitee is None and invitation.username == "dana"


def test_the_invitee_answers_through_the_api(world, invitee):
    accepted, declined = (
        invite(world),
        services.teacher_invite(
            classroom=world.other_class, invited_by=world.other_class.created_by, username="dana"
        ),
    )
    api = api_as(invitee)
    mine = api.get("/api/v1/invitations/").json()["results"]
    assert {row["classroom"]["name"] for row in mine} == {"Debate 101", "Other class"}
    answer = api.post(f"/api/v1/invitations/{accepted.pk}/accept/")
    assert answer.status_code == 200 and answer.json()["role"] == "teacher"
    assert api.post(f"/api/v1/invitations/{declined.pk}/decline/").status_code == 204
    assert api.get("/api/v1/invitations/").json()["results"] == []
    assert teaches(world, invitee)
    assert not world.other_class.teachers.filter(pk=invitee.pk).exists()


def test_a_student_of_the_class_cannot_accept_until_they_leave(world, invitee):
    invitation = invite(world)
    services.class_join(user=invitee, code=world.classroom.join_code)
    answer = api_as(invitee).post(f"/api/v1/invitations/{invitation.pk}/accept/")
    assert answer.status_code == 409 and answer.json()["code"] == "INVALID_STATE"
    assert not teaches(world, invitee)


def test_a_name_invited_before_its_account_existed_reaches_no_one(world):
    invitation = invite(world, "late-comer")
    latecomer = make_user("late-comer")
    assert api_as(latecomer).get("/api/v1/invitations/").json()["results"] == []
    answer = api_as(latecomer).post(f"/api/v1/invitations/{invitation.pk}/accept/")
    assert answer.status_code == 404 and not teaches(world, latecomer)


# -- expiry and withdrawal -----------------------------------------------------------------


def test_an_expired_invitation_cannot_be_accepted_and_leaves_the_lists(world, invitee):
    invitation = invite(world)
    TeacherInvitation.objects.filter(pk=invitation.pk).update(
        expires_at=timezone.now() - timedelta(seconds=1)
    )
    api = api_as(invitee)
    assert api.get("/api/v1/invitations/").json()["results"] == []
    assert api.post(f"/api/v1/invitations/{invitation.pk}/accept/").status_code == 404
    assert (
        logged_in(invitee).post(f"/classes/invitations/{invitation.pk}/accept/").status_code == 404
    )
    teacher_list = api_as(world.teacher).get(f"/api/v1/classes/{world.classroom.pk}/invitations/")
    assert teacher_list.json()["results"] == [] and not teaches(world, invitee)


def test_invitations_last_the_configured_days(world, invitee, settings):
    settings.TEACHER_INVITATION_DAYS = 3
    invitation = invite(world)
    left = invitation.expires_at - timezone.now()
    assert timedelta(days=3) - timedelta(minutes=1) < left <= timedelta(days=3)


def test_a_teacher_withdraws_an_invitation_before_it_is_answered(world, invitee):
    invitation = invite(world)
    co_teacher = api_as(world.co_teacher)
    url = f"/api/v1/classes/{world.classroom.pk}/invitations/{invitation.pk}/"
    assert co_teacher.delete(url).status_code == 204
    assert api_as(invitee).post(f"/api/v1/invitations/{invitation.pk}/accept/").status_code == 404
    assert not teaches(world, invitee)


def test_the_teacher_page_lists_and_withdraws_invitations(world, invitee):
    invitation = invite(world)
    page = logged_in(world.teacher)
    assert (
        "Invited, waiting for an answer"
        in page.get(f"/classes/{world.classroom.pk}/").content.decode()
    )
    response = page.post(f"/classes/{world.classroom.pk}/invitations/{invitation.pk}/withdraw/")
    assert response.status_code == 302 and not TeacherInvitation.objects.exists()


# -- nobody else may see or answer ---------------------------------------------------------


@pytest.mark.parametrize("role", ["teacher", "co_teacher", "student", "outsider"])
def test_only_the_invitee_may_see_or_answer_an_invitation(world, invitee, role):
    invitation = invite(world)
    user = world.user(role)
    api = api_as(user)
    assert api.get("/api/v1/invitations/").json()["results"] == []
    for answer in ("accept", "decline"):
        assert api.post(f"/api/v1/invitations/{invitation.pk}/{answer}/").status_code == 404
        assert (
            logged_in(user).post(f"/classes/invitations/{invitation.pk}/{answer}/").status_code
            == 404
        )
    assert TeacherInvitation.objects.filter(pk=invitation.pk).exists()
    assert not teaches(world, invitee)


@pytest.mark.parametrize(("role", "status"), [("student", 403), ("outsider", 404)])
def test_only_the_class_s_teachers_may_invite_list_or_withdraw(world, invitee, role, status):
    invitation = invite(world)
    api = api_as(world.user(role))
    c = world.classroom.pk
    assert api.post(f"/api/v1/classes/{c}/teachers/", {"username": "dana"}).status_code == status
    assert api.get(f"/api/v1/classes/{c}/invitations/").status_code == status
    assert api.delete(f"/api/v1/classes/{c}/invitations/{invitation.pk}/").status_code == status
    withdraw = logged_in(world.user(role)).post(
        f"/classes/{c}/invitations/{invitation.pk}/withdraw/"
    )
    assert withdraw.status_code == status
    assert TeacherInvitation.objects.filter(pk=invitation.pk).exists()


def test_another_class_s_teacher_cannot_withdraw_through_their_own_class(world, invitee):
    invitation = invite(world)
    other = world.other_class
    url = f"/api/v1/classes/{other.pk}/invitations/{invitation.pk}/"
    assert api_as(other.created_by).delete(url).status_code == 404
    assert TeacherInvitation.objects.filter(pk=invitation.pk).exists()


def test_anonymous_visitors_are_sent_away(world, invitee):
    invitation = invite(world)
    api = api_as(None)
    assert api.get("/api/v1/invitations/").status_code == 401
    assert api.post(f"/api/v1/invitations/{invitation.pk}/accept/").status_code == 401
    page = Client().post(f"/classes/invitations/{invitation.pk}/accept/")
    assert page.status_code == 302 and "/login/" in page["Location"]
    assert TeacherInvitation.objects.filter(pk=invitation.pk).exists()


def test_an_archived_class_takes_no_invitation(world, invitee):
    invitation = invite(world)
    world.classroom.archived = True
    world.classroom.save()
    url = f"/api/v1/classes/{world.classroom.pk}/teachers/"
    assert api_as(world.teacher).post(url, {"username": "eve"}).json()["code"] == "CLASS_ARCHIVED"
    answer = api_as(invitee).post(f"/api/v1/invitations/{invitation.pk}/accept/")
    assert answer.status_code == 409 and not teaches(world, invitee)
