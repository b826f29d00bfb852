"""The data duties for an account a learning platform made: it has no password, so it
confirms with its username; its platform identity is exported, then erased with it."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from lti_tool.models import LtiUser

from tests.lti.builders import launch, returned_work
from tests.lti.platform import LEARNER
from toulmini_site.classrooms import services as classrooms
from toulmini_site.classrooms.models import Submission
from toulmini_site.lti.models import GradeSync

pytestmark = pytest.mark.django_db


def test_a_platform_account_exports_its_platform_identity_and_deletes_it_with_itself(
    platform, django_capture_on_commit_callbacks, other_user
):
    _, _, submission = returned_work(platform, points={"claim": 3})
    with django_capture_on_commit_callbacks(execute=True):
        classrooms.submission_return(submission=submission)
    student = Client()
    launch(student, platform, sub="s-1", roles=[LEARNER], name="Ada Lovelace")
    exported = json.loads(student.get("/account/data/export.json").content)
    [identity] = exported["learning_platform_accounts"]
    assert identity["subject"] == "s-1" and identity["email"] == "s-1@school.example"
    page = student.get("/accounts/").content.decode()
    assert 'action="/account/delete/"' in page
    # Another signed-in user cannot confirm it for them, nor is anything deleted by trying.
    intruder = Client()
    intruder.force_login(other_user)
    assert intruder.post("/account/delete/", {"confirmation": "ada.lovelace"}).status_code == 400
    assert LtiUser.objects.filter(sub="s-1").exists()
    assert student.post("/account/delete/", {"confirmation": "wrong"}).status_code == 400
    student.post("/account/delete/", {"confirmation": "ada.lovelace"})
    assert not get_user_model().objects.filter(username="ada.lovelace").exists()
    assert not LtiUser.objects.filter(sub="s-1").exists()  # name, e-mail and subject gone
    kept = Submission.objects.get(pk=submission.pk)
    assert kept.student.username.startswith("deleted-") and kept.feedback.total == 3
    assert GradeSync.objects.get(submission=kept).state == "sent"  # the gradebook keeps it
    # The same person launching again is a new account, not the deleted one brought back.
    again = Client()
    launch(again, platform, sub="s-1", roles=[LEARNER], name="Ada Lovelace")
    user = again.get("/classes/").wsgi_request.user
    assert user.is_authenticated and not Submission.objects.filter(student=user, pk=kept.pk)
