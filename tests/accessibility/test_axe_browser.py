"""WCAG 2.2 AA on every page: axe-core (npm, pinned by ``tests/axe/package-lock.json``,
installed by ``make axe``) is injected into each page the demo data gives, at 1280 and 390 px,
as an anonymous visitor, the demo student and the demo teacher; any violation fails, and the
pages visited are listed. The app's CSP blocks the injected script, so the browser context
bypasses it (``bypass_csp=True``); nothing else about the pages is changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from tests.browser import BROWSER, log_in

AXE = Path(__file__).resolve().parent.parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"

pytestmark = [
    *BROWSER,
    pytest.mark.skipif(
        not AXE.exists(), reason="axe-core is not installed (make axe, or npm ci in tests/axe)"
    ),
]

WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
# axe's default rules: WCAG 2.0, 2.1 and 2.2 A and AA, plus its best practices (heading
# order, landmarks); only the experimental rules are left out, as axe does by default.
PASSWORDS = {"student": "toulmin-student", "teacher": "toulmin-teacher"}


def _world() -> dict[str, list[str]]:
    """Demo data plus what it lacks (an essay with a critique, a chain run by the student),
    and the pages each role can reach."""
    from arguments.models import Chain
    from coach.models import CoachSession
    from council.models import Audit, Critique
    from council.services.audit import rubrics_seed
    from toulmini_site.classrooms import services
    from toulmini_site.classrooms.demo import ESSAY
    from toulmini_site.classrooms.models import Assignment, Classroom, Submission

    rubrics_seed()  # an earlier transactional test may have flushed the migration's seed
    call_command("demo_data", verbosity=0)
    # A working password-reset link (the set-a-new-password form) for the demo student.
    from django.contrib.auth import get_user_model
    from django.contrib.auth.tokens import default_token_generator
    from django.utils.encoding import force_bytes
    from django.utils.http import urlsafe_base64_encode

    someone = get_user_model().objects.get(username="student6")
    uid = urlsafe_base64_encode(force_bytes(someone.pk))
    reset_link = f"/accounts/reset/{uid}/{default_token_generator.make_token(someone)}/"
    classroom = Classroom.objects.get(name="Debate 101")
    critiqued = services.assignment_create(
        classroom=classroom, title="Essay with a critique", kind="essay", with_critique=True
    )
    sub = Submission.objects.get(assignment=critiqued, student__username="student4")
    services.submission_essay_save(submission=sub, text=ESSAY)
    services.submission_turn_in(submission=sub)
    # Invitations to co-teach: one the teacher sent (class page), one sent to them (classes).
    services.teacher_invite(classroom=classroom, invited_by=classroom.created_by, username="aide")
    colleague = get_user_model().objects.create_user("colleague")
    theirs = services.class_create(teacher=colleague, name="Debate 102")
    services.teacher_invite(classroom=theirs, invited_by=colleague, username="teacher")

    def first(model: Any, **filters: Any) -> int:
        return model.objects.filter(**filters).order_by("pk").values_list("pk", flat=True)[0]

    student = {"owner__username": "student"}
    chains = Chain.objects.filter(**student).order_by("pk")
    assignments = list(
        Assignment.objects.filter(classroom=classroom).order_by("pk").values_list("pk", flat=True)
    )
    mine = Submission.objects.filter(student__username="student").order_by("pk")
    anonymous = [
        "/",
        "/accounts/login/",
        "/accounts/signup/",
        "/accounts/password-reset/",
        "/accounts/password-reset/sent/",
        "/accounts/reset/MQ/expired-token/",
        reset_link,
        "/accounts/reset/done/",
        "/privacy/",
        "/account/deleted/",
        "/no-such-page/",
    ]
    student_pages = [
        "/",
        "/accounts/",
        "/accounts/password/",
        "/accounts/email/confirm/any-token/",
        "/api/docs/",  # the API's reference, ours (Swagger UI is one link away)
        # A teacher's page: the styled 403 inside the site's frame.
        f"/classes/{classroom.pk}/assignments/new/",
        "/account/data/",
        "/account/delete/",
        "/chains/",
        "/chains/new/",
        "/chains/import/",
        *[f"/chains/{c.pk}/" for c in chains],
        # The fallacy check of a chain's source text, as its own page (without htmx).
        *[f"/chains/{c.pk}/fallacies/" for c in chains if c.source_text][:2],
        # The "Check a text for fallacies" page, empty (its results: tests/arguments).
        "/fallacies/",
        "/coach/",
        f"/coach/{first(CoachSession, **student)}/",
        "/critiques/",
        "/critiques/new/",
        f"/critiques/{first(Critique, **student)}/",
        "/audits/",
        "/audits/new/",
        f"/audits/{first(Audit, **student)}/",
        "/classes/",
        f"/classes/{classroom.pk}/",
        *[f"/assignments/{pk}/" for pk in assignments],
        *[f"/submissions/{s.pk}/" for s in mine if s.state != "assigned"],
    ]
    in_class = Submission.objects.filter(assignment__classroom=classroom).exclude(state="assigned")
    teacher_pages = [
        # The teacher's own pages, empty: the empty states.
        "/",
        "/accounts/",
        "/account/data/",
        "/chains/",
        "/coach/",
        "/critiques/",
        "/audits/",
        "/classes/",
        f"/classes/{classroom.pk}/",
        f"/classes/{classroom.pk}/assignments/new/",
        f"/classes/{classroom.pk}/analytics/",
        f"/lti/classes/{classroom.pk}/",
        *[f"/assignments/{pk}/" for pk in assignments],
        *[f"/submissions/{s.pk}/" for s in in_class.order_by("pk")],
    ]
    return {"anonymous": anonymous, "student": student_pages, "teacher": teacher_pages}


def _confirm_pages(classroom_pk: int) -> dict[str, list[tuple[str, list[str], str]]]:
    """Pages reached only by a form (a confirmation step): where to start, what to click,
    and what shows once there."""
    class_page = f"/classes/{classroom_pk}/"
    return {
        "anonymous": [],
        "student": [(class_page, ["text=Leave this class"], "#confirm-remove")],
        "teacher": [
            (class_page, [".roster button[type=submit]"], "#confirm-remove"),
            (
                class_page,
                ["input[name=submission]", "text=Return the selected work"],
                "#confirm-return",
            ),
        ],
    }


def _violations(page: Any) -> list[dict[str, Any]]:
    page.add_script_tag(path=str(AXE))
    return page.evaluate(
        "() => axe.run(document).then(r => r.violations.map(v => ({id: v.id, impact: v.impact,"
        " help: v.help, nodes: v.nodes.slice(0, 3).map(n => n.target.join(' '))})))"
    )


# The pages each role reaches at least (the demo data gives more), and the role-width pairs:
# one test each, so the six spread over the suite's workers instead of one running them all.
AT_LEAST = {"anonymous": 6, "student": 20, "teacher": 15}
VIEWS = [(role, width) for role in AT_LEAST for width in WIDTHS]


@pytest.mark.parametrize(("role", "width_name"), VIEWS, ids=[f"{r}-{w}" for r, w in VIEWS])
def test_every_page_has_no_wcag_violation(browser_page, live_server, capsys, role, width_name):
    from toulmini_site.classrooms.models import Classroom

    urls = _world()[role]
    confirm_pages = _confirm_pages(Classroom.objects.get(name="Debate 101").pk)[role]
    viewport = WIDTHS[width_name]
    base = live_server.url
    visited, failures = [], []
    context = browser_page.context.browser.new_context(bypass_csp=True, viewport=viewport)
    page = context.new_page()
    page.set_default_timeout(15_000)
    if role != "anonymous":
        log_in(page, base, role, PASSWORDS[role], then="/")
    for url in urls:
        page.goto(base + url)
        visited.append(f"{role:9} {viewport['width']:4}px {url}")
        for violation in _violations(page):
            failures.append({"page": url, "role": role, "width": width_name, **violation})
    for url, clicks, shown in confirm_pages:
        page.goto(base + url)
        for selector in clicks:
            page.locator(selector).first.click()
        page.wait_for_selector(shown)
        label = f"{page.url.removeprefix(base)} (from {url}, confirming)"
        visited.append(f"{role:9} {viewport['width']:4}px {label}")
        for violation in _violations(page):
            failures.append({"page": label, "role": role, "width": width_name, **violation})
    context.close()
    with capsys.disabled():
        print(f"\naxe-core: {len(visited)} page views checked:\n  " + "\n  ".join(visited))
    assert len(visited) >= AT_LEAST[role]
    assert not failures, "\n".join(json.dumps(f) for f in failures)
