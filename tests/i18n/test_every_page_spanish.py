"""Every page in Spanish: rendered under ``es`` for each role, no English interface text.

The world below is written in Spanish (names, topics, texts, feedback), so any English left
on a page is the interface's. ``untranslated`` (tests/i18n/untranslated.py) says what counts;
the checks at the end prove that it fails on an English page and on one untranslated string.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from django.template import engines
from django.test import Client, RequestFactory
from django.urls import URLPattern, URLResolver, get_resolver, reverse
from django.utils import translation

from arguments.services import chain_create, chain_submit_phase
from council.models import Audit, Critique
from council.services.audit import audit_create
from council.services.critique import critique_create
from tests.builders import make_user
from tests.i18n.untranslated import english_messages, untranslated
from tests.lti.builders import launch
from tests.lti.platform import INSTRUCTOR
from toulmini_site.classrooms import services as classes
from toulmini_site.classrooms.models import Submission
from toulmini_site.lti.models import ClassLink

pytestmark = pytest.mark.django_db

TEXTO = (
    "Los colegios deberían empezar más tarde por la mañana. Según la Academia Americana de "
    "Pediatría, los adolescentes necesitan entre ocho y diez horas de sueño. En general, los "
    "estudiantes que duermen lo suficiente aprenden mejor. Sin embargo, un horario más tardío "
    "puede complicar el transporte escolar."
)


def _phases_es() -> dict[int, dict[str, Any]]:
    cita = [{"source": "Academia Americana de Pediatría", "reference": "informe de 2016"}]
    return {
        1: {
            "data": {
                "facts": ["Los adolescentes necesitan entre ocho y diez horas de sueño."],
                "citations": cita,
                "evidence_type": "expert",
            },
            "claim": {"statement": "Los colegios deberían empezar más tarde.", "scope": "general"},
        },
        2: {
            "warrant": {
                "principle": "Quien duerme lo suficiente aprende mejor.",
                "logic_type": "inductive",
                "strength": "strong",
            },
            "backing": {
                "authority": "Décadas de estudios sobre el sueño adolescente",
                "citations": [
                    {"source": "Universidad de Minnesota", "reference": "estudio de 2014"}
                ],
                "strength": "strong",
            },
        },
        3: {
            "rebuttal": {
                "exceptions": ["Salvo que el transporte escolar no pueda cambiar de horario."],
                "counterexamples": ["Un colegio rural con un único autobús."],
                "strength": "weak",
            },
            "qualifier": {
                "degree": "presumably",
                "confidence_pct": 75,
                "rationale": "Pruebas sólidas y una objeción débil.",
            },
        },
        4: {
            "verdict": {
                "status": "sustained",
                "reasoning": "Los datos y una garantía fuerte sostienen la afirmación.",
                "final_statement": "Los colegios deberían empezar más tarde.",
            }
        },
    }


def _chain(owner: Any, phases: int, engine: str = "offline"):
    chain = chain_create(
        owner=owner,
        query="¿Deberían los colegios empezar más tarde?",
        source_text=TEXTO,
        engine=engine,
    )
    for phase in range(1, phases + 1):
        chain = chain_submit_phase(chain=chain, phase=phase, payload=_phases_es()[phase])
    return chain


@dataclass
class Mundo:
    docente: Any
    alumna: Any
    chain_done: Any
    chain_manual: Any
    critique: Critique
    audit: Audit
    clase: Any
    coach_task: Any
    chain_task: Any
    essay_task: Any
    coach_sub: Submission
    chain_sub: Submission
    essay_sub: Submission
    session: Any


def _critique_es(owner: Any) -> Critique:
    # Kept though the offline philosophers do not read Spanish: the page is what is tested.
    critique = critique_create(
        owner=owner, title="Horarios escolares", text=TEXTO, enqueue=False, keep_unreadable=True
    )
    nodo = {
        "id": "KANT-1",
        "claim": "La conclusión generaliza a partir de un solo informe.",
        "evidence": "los adolescentes necesitan entre ocho y diez horas de sueño",
        "severity": "Medium",
        "confidence": 0.7,
        "area": "Structure",
        "quote_found": True,
        "sub_critiques": [],
    }
    critique.status = Critique.Status.COMPLETE
    critique.trees = {"kant": [nodo]}
    critique.result = {
        "final_assessment": "Un argumento razonable con una generalización apresurada.",
        "no_findings": False,
        "failures": [],
        "points": [
            {
                "area": "Structure",
                "severity": "Medium",
                "confidence": 0.7,
                "critique": "La conclusión generaliza a partir de un solo informe.",
                "evidence": "los adolescentes necesitan entre ocho y diez horas de sueño",
                "agents": ["kant"],
                "fallacy": "false_cause",
            }
        ],
    }
    critique.formatted = "Valoración: un argumento razonable."
    critique.save()
    return critique


def _audit_es(owner: Any) -> Audit:
    audit = audit_create(owner=owner, text=TEXTO, keep_unreadable=True)  # as handed in
    audit.refresh_from_db()
    for result in audit.results.all():
        result.reasoning = "El texto cumple este criterio en parte."
        result.evidence = [{"content": "los adolescentes necesitan", "source_ref": "párrafo 1"}]
        result.save()
    return audit


@pytest.fixture
def mundo(spanish_catalog) -> Mundo:
    docente, alumna = make_user("profesora"), make_user("alumna")
    clase = classes.class_create(teacher=docente, name="Debate uno")
    classes.class_join(user=alumna, code=clase.join_code)
    coach_task = classes.assignment_create(
        classroom=clase,
        title="Móviles en clase",
        kind="coach",
        topic="Los móviles en clase",
        language="es",
        instructions="Construye tu argumento.",
    )
    chain_task = classes.assignment_create(
        classroom=clase,
        title="Horarios",
        kind="chain",
        query="¿Deberían los colegios empezar más tarde?",
        engines=["offline", "manual"],
    )
    essay_task = classes.assignment_create(classroom=clase, title="Ensayo breve", kind="essay")
    subs = {s.assignment_id: s for s in Submission.objects.filter(student=alumna)}
    coach_sub, _ = classes.submission_start(submission=subs[coach_task.pk])
    chain_sub, _ = classes.submission_start(
        submission=subs[chain_task.pk], engine="manual", source_text=TEXTO
    )
    essay_sub = classes.submission_essay_save(submission=subs[essay_task.pk], text=TEXTO)
    essay_sub = classes.submission_turn_in(submission=essay_sub)
    classes.feedback_save(
        submission=essay_sub,
        author=docente,
        comments={"claim": "Bien planteada."},
        overall="Buen trabajo.",
        points={"claim": 3},
    )
    essay_sub = classes.submission_return(submission=essay_sub)
    session = coach_sub.coach_session
    # Invitations to co-teach: one waiting on the class page, one on the teacher's list.
    classes.teacher_invite(classroom=clase, invited_by=docente, username="ayudante")
    otra = classes.class_create(teacher=make_user("colega"), name="Debate dos")
    classes.teacher_invite(classroom=otra, invited_by=otra.created_by, username="profesora")
    return Mundo(
        docente=docente,
        alumna=alumna,
        chain_done=_chain(alumna, 4),
        chain_manual=_chain(alumna, 1, engine="manual"),
        critique=_critique_es(alumna),
        audit=_audit_es(alumna),
        clase=clase,
        coach_task=coach_task,
        chain_task=chain_task,
        essay_task=essay_task,
        coach_sub=coach_sub,
        chain_sub=chain_sub,
        essay_sub=essay_sub,
        session=session,
    )


def _pages(m: Mundo) -> list[tuple[str, str, str]]:
    """(who, url name, url): every page, as each role that sees it."""

    def page(who: str, name: str, *args: Any) -> tuple[str, str, str]:
        return (who, name, reverse(name, args=args))

    return [
        page("anon", "home"),
        page("anon", "login"),
        page("anon", "signup"),
        page("anon", "password_reset"),
        page("anon", "password_reset_done"),
        page("anon", "password_reset_confirm", "MQ", "no-such-token"),
        page("anon", "password_reset_complete"),
        page("alumna", "home"),
        page("alumna", "account"),
        page("alumna", "account_email_confirm", "any-token"),
        page("alumna", "arguments:chain_list"),
        page("alumna", "arguments:chain_new"),
        page("alumna", "arguments:chain_detail", m.chain_done.pk),
        page("alumna", "arguments:chain_detail", m.chain_manual.pk),
        page("alumna", "arguments:chain_fallacies", m.chain_done.pk),
        page("alumna", "arguments:fallacy_check"),
        page("alumna", "coach:index"),
        page("alumna", "coach:detail", m.session.pk),
        page("alumna", "council:critique_list"),
        page("alumna", "council:critique_new"),
        page("alumna", "council:critique_detail", m.critique.pk),
        page("alumna", "council:audit_list"),
        page("alumna", "council:audit_new"),
        page("alumna", "council:audit_detail", m.audit.pk),
        page("alumna", "classrooms:class_list"),
        page("alumna", "classrooms:class_detail", m.clase.pk),
        page("alumna", "classrooms:assignment_detail", m.chain_task.pk),
        page("alumna", "classrooms:submission_detail", m.coach_sub.pk),
        page("alumna", "classrooms:submission_detail", m.chain_sub.pk),
        page("alumna", "classrooms:submission_detail", m.essay_sub.pk),
        page("profesora", "home"),
        page("profesora", "classrooms:class_list"),
        page("profesora", "classrooms:class_detail", m.clase.pk),
        page("profesora", "classrooms:class_analytics", m.clase.pk),
        page("profesora", "classrooms:assignment_new", m.clase.pk),
        page("profesora", "classrooms:assignment_detail", m.essay_task.pk),
        page("profesora", "classrooms:submission_detail", m.essay_sub.pk),
        page("profesora", "classrooms:submission_detail", m.coach_sub.pk),
        page("anon", "privacy:privacy"),
        page("anon", "privacy:deleted"),
        page("alumna", "privacy:privacy"),
        page("alumna", "privacy:my_data"),
        page("alumna", "privacy:delete"),
        # the error pages (404 here; 403 and 500 in tests/test_error_pages.py)
        ("anon", "404", "/no/such/page/"),
        ("alumna", "404", f"/chains/{m.chain_done.pk + 1000}/"),
    ]


def _client(m: Mundo, who: str) -> Client:
    client = Client(headers={"accept-language": "es"})
    if who != "anon":
        client.force_login(m.alumna if who == "alumna" else m.docente)
    return client


def test_every_page_is_in_spanish_under_es(mundo):
    messages = english_messages()
    found = {}
    for who, name, url in _pages(mundo):
        response = _client(mundo, who).get(url, follow=True)
        expected = 404 if name == "404" else 200
        assert response.status_code == expected, (who, url, response.status_code)
        html = response.content.decode()
        assert '<html lang="es">' in html, f"{url} does not say it is in Spanish"
        assert 'class="language-switch"' in html, f"no language switch on {url}"
        english = untranslated(html, messages)
        if english:
            found[f"{who} {name} {url}"] = english
    assert found == {}, "\n".join(f"{page}: {texts}" for page, texts in found.items())


# -- every page is in the list -------------------------------------------------------------

# URL names that are not pages a person reads: form posts, files, redirects, health.
NOT_PAGES = {
    "healthz",
    "set_language",
    "logout",
    "account_password",
    "account_email",
    "account_api_token",
    "coach:create",
    "coach:turn",
    "coach:confirm",
    "coach:reject",
    "coach:draft",
    "coach:chain",
    "coach:export_aif",
    "council:critique_retry",
    "council:critique_dismiss",  # POSTs that go back to the page they came from
    "council:audit_overrule",
    "arguments:chain_correct",
    "council:audit_retry",
    "classrooms:class_join",
    "classrooms:class_settings",
    "classrooms:class_teacher_add",
    "classrooms:invitation_withdraw",
    "classrooms:invitation_answer",
    "classrooms:class_student_remove",
    "classrooms:class_return",
    "classrooms:class_grades",
    "classrooms:class_returned",
    "classrooms:assignment_start",
    "classrooms:assignment_publish",
    "classrooms:submission_act",
    "classrooms:feedback_drafts_make",
    "classrooms:feedback_draft_decide",
    "classrooms:submission_autosave",  # answers the page's script (JSON) or goes back to it
    "coach:autosave",  # answers the page's script (JSON)
    "arguments:chain_import",
    "arguments:chain_run",
    "arguments:chain_phase",
    "arguments:chain_export",
    # Swagger UI and the schema are the API's, in English. The reference page is ours and
    # its frame is Spanish, but it lists the API's own paths, names and English summaries.
    "api-docs",
    "api-swagger",
    "api-schema",
    # Learning-platform endpoints (key set, login, launch, posts); their pages are below.
    "lti:jwks",
    "lti:login",
    "lti:launch",
    "lti:roster_sync",
    "lti:grade_retry",
    # The data export's files.
    "privacy:export_json",
    "privacy:export_csv",
}
# Pages reached only from a learning platform's launch: test_the_learning_platform_pages_...
LTI_PAGES = {"lti:class_platform", "lti:deep_link"}


def _url_names(patterns: list, namespace: str = "") -> set[str]:
    names = set()
    for p in patterns:
        if isinstance(p, URLResolver):
            if str(p.pattern).startswith(("admin/", "api/")):
                continue
            inner = f"{namespace}:{p.namespace}" if namespace and p.namespace else p.namespace
            names |= _url_names(p.url_patterns, inner or namespace)
        elif isinstance(p, URLPattern) and p.name:
            names.add(f"{namespace}:{p.name}" if namespace else p.name)
    return names


def test_the_list_holds_every_page_of_the_site(mundo):
    """A page added to the site must be added to the list above (and so be translated)."""
    visited = {name for _who, name, _url in _pages(mundo)}
    assert {"home", "login", "account", "council:audit_detail"} <= visited
    assert _url_names(get_resolver().url_patterns) - NOT_PAGES - LTI_PAGES - visited == set()


# -- the learning platform's pages ----------------------------------------------------------


def test_the_learning_platform_pages_are_in_spanish(platform, spanish_catalog):
    teacher = Client(headers={"accept-language": "es"})
    opened = launch(teacher, platform, sub="t-1", roles=[INSTRUCTOR], name="Ada Lovelace")
    assert opened.status_code == 302
    link = ClassLink.objects.get()
    classes.assignment_create(classroom=link.classroom, title="Ensayo breve", kind="essay")
    deep = launch(
        teacher,
        platform,
        sub="t-1",
        roles=[INSTRUCTOR],
        resource_link=None,
        deep_link_return="https://lms.example/deep-link-return",
    )
    refused = Client(headers={"accept-language": "es"}).get(
        "/lti/login/",
        {
            "iss": "https://unknown.example",
            "login_hint": "x",
            "target_link_uri": "http://x/",
            "client_id": "nobody",
        },
    )
    pages = {
        "lti:class_platform": teacher.get(reverse("lti:class_platform", args=[link.classroom.pk])),
        "lti:deep_link": teacher.get(deep["Location"]),
        "refused launch": refused,
    }
    messages = english_messages()
    found = {}
    for name, response in pages.items():
        html = response.content.decode()
        assert '<html lang="es">' in html, name
        if english := untranslated(html, messages):
            found[name] = english
    assert set(pages) >= LTI_PAGES
    assert found == {}, "\n".join(f"{page}: {texts}" for page, texts in found.items())


# -- the check truly fails on English --------------------------------------------------------


def test_the_check_finds_the_english_of_a_page_rendered_in_english(mundo):
    page = _client(mundo, "alumna").get(reverse("home"), headers={"accept-language": "en"})
    english = untranslated(page.content.decode())
    assert {"Log out (alumna)", "Analyse an argument", "Joining a class"} <= set(english)


def test_the_check_finds_one_string_left_untranslated_in_a_spanish_page(mundo):
    """A template line marked for translation but missing from the catalogue, and one not
    marked at all, are both caught inside an otherwise Spanish page."""
    template = engines["django"].from_string(
        '{% extends "base.html" %}{% load i18n %}{% block content %}'
        "<h1>{% translate 'Tus clases' %}</h1>"
        "<p>{% translate 'Your work is saved.' %}</p>"
        '<button title="Remove this student">x</button>'
        "{% endblock %}"
    )
    request = RequestFactory().get("/", headers={"accept-language": "es"})
    request.user = mundo.alumna
    with translation.override("es"):
        html = template.render({"user": mundo.alumna}, request)
    assert "Cerrar sesión" in html  # the frame itself is Spanish
    assert untranslated(html) == ["Your work is saved.", "Remove this student"]


def test_a_catalogue_message_left_in_english_is_caught_whole():
    """Text equal to one of the catalogue's English messages is caught even when none of its
    words is on the English list."""
    messages = english_messages()
    assert "Toulmin diagram" in messages
    assert untranslated("<p>Toulmin diagram</p>", messages) == ["Toulmin diagram"]
    assert untranslated("<p>Diagrama de Toulmin</p>", messages) == []


def test_refusals_and_messages_are_in_spanish_too(mundo, settings):
    alumna = _client(mundo, "alumna")
    joined = alumna.post(reverse("classrooms:class_join"), {"code": "ZZZZ2222"}, follow=True)
    page = joined.content.decode()
    assert "Ninguna clase tiene ese código" in page and untranslated(page) == []
    settings.SIGNUPS_PER_ADDRESS_PER_HOUR = 0
    refused = _client(mundo, "anon").post(
        reverse("signup"),
        {
            "username": "nuevo",
            "password1": "Clave-de-prueba-987",
            "password2": "Clave-de-prueba-987",
        },
    )
    page = refused.content.decode()
    assert refused.status_code == 429 and "Se han creado demasiadas cuentas" in page
    assert untranslated(page) == []


def test_the_confirmation_pages_are_in_spanish(mundo):
    """Pages shown on a first post, before anything happens: removing a student, leaving a
    class, returning work."""
    otra = classes.assignment_create(classroom=mundo.clase, title="Ensayo dos", kind="essay")
    sub = Submission.objects.get(assignment=otra, student=mundo.alumna)
    sub = classes.submission_essay_save(submission=sub, text=TEXTO)
    sub = classes.submission_turn_in(submission=sub)
    remove = reverse("classrooms:class_student_remove", args=[mundo.clase.pk, mundo.alumna.pk])
    pages = {
        "remove": _client(mundo, "profesora").post(remove),
        "leave": _client(mundo, "alumna").post(remove),
        "return": _client(mundo, "profesora").post(
            reverse("classrooms:class_return", args=[mundo.clase.pk]), {"submission": sub.pk}
        ),
    }
    for name, response in pages.items():
        html = response.content.decode()
        assert response.status_code == 200 and 'name="confirmed"' in html, name
        assert '<html lang="es">' in html and untranslated(html) == [], name
