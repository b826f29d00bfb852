"""The submission page's audit table shows what the offline auditors wrote in the reader's
language (a Spanish teacher reads no "1 sentence serves as a claim")."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.classrooms.builders import assignment
from tests.i18n.texts import CARTA
from tests.i18n.untranslated import english_messages, untranslated
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Submission

pytestmark = pytest.mark.django_db


def test_the_submission_pages_audit_table_speaks_the_teachers_language(
    world, django_capture_on_commit_callbacks
):
    essay = assignment(world.classroom, "essay")
    sub = Submission.objects.get(assignment=essay, student=world.student)
    services.submission_essay_save(submission=sub, text=CARTA)
    with django_capture_on_commit_callbacks(execute=True):
        sub = services.submission_turn_in(submission=sub)
    assert sub.audit is not None and sub.audit.results.exists()
    teacher = Client()
    teacher.force_login(world.teacher)
    page = teacher.get(f"/submissions/{sub.pk}/", HTTP_ACCEPT_LANGUAGE="es").content.decode()
    table = page[page.index('<table class="list audit-suggestion') :]
    table = table[: table.index("</table>")]
    assert "serves as" not in table and "sentence" not in table
    assert "oración" in table or "oraciones" in table
    assert untranslated(table, english_messages()) == []
    english = teacher.get(f"/submissions/{sub.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "serves as a claim" in english
