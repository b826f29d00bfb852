"""Refusals speak the visitor's language: a Spanish request gets the coach's, the classrooms'
and the limits' refusals in Spanish, in the API (``Accept-Language: es``) and on pages, with
the same codes and statuses as in English."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import translation
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from coach.models import CoachSession
from tests.classrooms.builders import api_as, build_world
from tests.coach.builders import make_session, ndjson
from toulmini_site import limits
from toulmini_site.classrooms.domain import submissions as states

ES = {"HTTP_ACCEPT_LANGUAGE": "es"}


@pytest.fixture(autouse=True)
def _catalogue(spanish_catalog):
    """The .mo is build output: compile it before any request reads it."""


def _turn(api: APIClient, session: CoachSession, message: str, **headers: str):
    return api.post(
        f"/api/v1/coach/sessions/{session.pk}/turn/", {"message": message}, format="json", **headers
    )


def test_a_refused_coach_turn_is_spanish_in_the_api_and_english_without_it(owner_api, owner):
    session = make_session(owner)
    CoachSession.objects.filter(pk=session.pk).update(status="completed")
    spanish = _turn(owner_api, session, "hola", **ES)
    english = _turn(owner_api, session, "hello")
    assert spanish.status_code == english.status_code == 409
    assert spanish.json()["code"] == english.json()["code"] == "COACH_SESSION_COMPLETED"
    assert spanish.json()["error"] == (
        "Esta sesión está completa; empieza una nueva para seguir practicando."
    )
    assert english.json()["error"] == (
        "This session is complete; start a new one to keep practising."
    )


def test_a_too_long_coach_message_is_refused_in_spanish_with_its_numbers(owner_api, owner):
    response = _turn(owner_api, make_session(owner), "x" * 5001, **ES)
    assert response.status_code == 400
    assert response.json() == {
        # In Spanish number format (Django's: grouped with a non-breaking space), not 5,001.
        "error": "Tu mensaje tiene 5\u00a0001 caracteres; el límite es 5\u00a0000. "
        "Acórtalo y vuelve a enviarlo.",
        "code": "COACH_MESSAGE_TOO_LONG",
    }


def test_a_coach_turn_over_the_daily_quota_is_refused_in_spanish(settings, owner_api, owner):
    settings.QUOTAS_PER_DAY = {**settings.QUOTAS_PER_DAY, "offline": 0}
    response = _turn(owner_api, make_session(owner), "Los móviles distraen.", **ES)
    assert response.status_code == 429 and response.json()["code"] == "QUOTA_EXCEEDED"
    assert response.json()["error"].startswith("Ya usaste las 0 ")
    assert "no se puso nada en cola" in response.json()["error"]


def test_a_streamed_turn_error_keeps_the_requests_language(owner_api, owner, fake_llm):
    """The stream is read after the view returned (under ASGI in another thread, whose
    language may be any): its error line is still Spanish."""
    fake_llm(responses=[{"assistantText": "hola", "step": "claim", "surprise": True}])
    response = _turn(owner_api, make_session(owner), "hola", **ES)
    with translation.override("en"):  # whatever the reading thread's language is
        lines = ndjson(response)
    assert lines[-1] == {
        "type": "error",
        "error": "coach_validation_failed",
        "message": "La respuesta del tutor no siguió el formato esperado. Inténtalo de nuevo.",
        "retry": True,
    }


def test_a_refused_coach_turn_on_the_page_is_spanish(owner_client, owner):
    session = make_session(owner, language="es")
    CoachSession.objects.filter(pk=session.pk).update(status="completed")
    owner_client.cookies["django_language"] = "es"
    response = owner_client.post(
        reverse("coach:turn", args=[session.pk]), {"message": "hola"}, **ES
    )
    assert response.status_code == 409
    html = response.content.decode()
    assert "Esta sesión está completa; empieza una nueva para seguir practicando." in html
    assert "This session is complete" not in html


@pytest.mark.django_db
def test_an_out_of_order_classroom_step_is_refused_in_spanish_in_the_api():
    world = build_world()
    student = api_as(world.student)
    url = f"/api/v1/submissions/{world.submission.pk}/"
    spanish = student.post(url + "turn-in/", **ES)
    assert spanish.status_code == 409 and spanish.json()["code"] == "INVALID_STATE"
    assert spanish.json()["error"] == (
        "Solo se puede entregar un trabajo en curso (empiézalo primero; el trabajo entregado "
        "se queda como está). (estado: assigned)"
    )
    english = student.post(url + "turn-in/")
    assert english.json()["error"] == (
        "Only work in progress can be turned in (start it first; turned-in work stays). "
        "(state: assigned)"
    )


@pytest.mark.django_db
def test_classroom_api_refusals_of_its_own_are_spanish():
    world = build_world()
    teacher = api_as(world.teacher)
    no_topic = teacher.post(
        f"/api/v1/classes/{world.classroom.pk}/assignments/",
        {"title": "Debate", "kind": "coach"},
        format="json",
        **ES,
    )
    assert no_topic.status_code == 400 and no_topic.json()["code"] == "INVALID_INPUT"
    assert no_topic.json()["error"].startswith("La tarea no es válida: topic: ")
    not_theirs = teacher.post(f"/api/v1/assignments/{world.coach.pk}/start/", **ES)
    assert not_theirs.status_code == 403
    assert not_theirs.json()["error"] == (
        "Los profesores no empiezan tareas; las empiezan los estudiantes."
    )


def test_a_field_left_out_is_missing_in_spanish_too(owner_api):
    """``missing`` is found by DRF's code, not by its (translated) message."""
    response = owner_api.post("/api/v1/classes/", {}, format="json", **ES)
    assert response.status_code == 400
    assert response.json()["missing"] == ["name"]
    assert response.json()["error"].startswith("La petición no es válida: name: ")


@pytest.mark.django_db
def test_a_refused_classroom_action_on_the_page_is_spanish(client):
    world = build_world(kind="essay")
    client.force_login(world.student)
    client.cookies["django_language"] = "es"
    client.post(reverse("classrooms:assignment_start", args=[world.coach.pk]), **ES)
    response = client.post(
        reverse("classrooms:submission_act", args=[world.submission.pk, "turn-in"]),
        follow=True,
        **ES,
    )
    html = response.content.decode()
    assert "Escribe tu ensayo antes de entregarlo." in html
    assert "Write your essay before turning it in." not in html


def test_every_submission_step_refusal_has_its_spanish():
    """The domain's reasons are the catalogue's msgids (the service translates them): a
    reason edited in the domain without its Spanish fails here, not in front of a student."""
    with translation.override("es"):
        for action in ("start", "turn_in", "unsubmit", "return"):
            reason = states.InvalidTransition(action, states.RETURNED).reason
            assert translation.gettext(reason) != reason, reason


def test_an_expired_token_is_refused_in_spanish_on_the_limits_clock(owner, settings, monkeypatch):
    settings.API_TOKEN_DAYS = 30
    token = Token.objects.create(user=owner)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
    assert api.get("/api/v1/chains/").status_code == 200
    later = (token.created + timedelta(days=30, seconds=1)).timestamp()
    monkeypatch.setattr(limits, "now", lambda: later)
    refused = api.get("/api/v1/chains/", **ES)
    assert refused.status_code == 401 and refused.json()["code"] == "TOKEN_EXPIRED"
    assert refused.json()["error"] == (
        "El token de la API ha caducado: pide uno nuevo con tu contraseña."
    )
    assert not Token.objects.filter(pk=token.pk).exists()
