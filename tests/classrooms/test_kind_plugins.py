"""Assignment kinds are plug-ins: a fourth kind, written in a temporary module that only
registers itself, is picked up by the assignment form, the API, the class page, starting and
turning in, and grading, with no change anywhere else."""

import importlib
import sys
import textwrap

import pytest
from django.test import Client

from tests.classrooms.builders import api_as
from toulmini_site.classrooms import kinds
from toulmini_site.classrooms.models import Submission

pytestmark = pytest.mark.django_db


def logged_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


REFLECTION = textwrap.dedent(
    '''
    """A fourth kind: the student reflects in class and turns in; the teacher grades it."""

    from toulmini_site.classrooms.kinds import Kind, register


    class Reflection(Kind):
        name = "reflection"
        label = "Short reflection"
        order = 40

        def start(self, submission, *, engine, source_text):
            submission.instructions_seen = True

        def progress(self, row):
            started = row.get("state") not in (None, "assigned")
            return {"label": "reflecting" if started else "waiting to reflect"}

        def detail(self, submission):
            return {"type": "reflection", "state": submission.state}


    KIND = register(Reflection())
    '''
)


@pytest.fixture
def reflection(tmp_path, monkeypatch):
    (tmp_path / "reflection_kind.py").write_text(REFLECTION)
    monkeypatch.syspath_prepend(str(tmp_path))
    module = importlib.import_module("reflection_kind")
    yield module.KIND
    kinds.unregister("reflection")
    sys.modules.pop("reflection_kind", None)


def test_a_fourth_kind_in_its_own_module_works_through_form_api_class_page_and_grading(
    world, reflection
):
    teacher, student = api_as(world.teacher), api_as(world.student)
    form = logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/assignments/new/")
    assert 'value="reflection"' in form.content.decode()
    assert "Short reflection" in form.content.decode()

    made = teacher.post(
        f"/api/v1/classes/{world.classroom.pk}/assignments/",
        {"title": "Reflect on the debate", "kind": "reflection"},
        format="json",
    )
    assert made.status_code == 201, made.json()
    assert made.json()["kind"] == "reflection"
    task = made.json()["id"]
    sub = Submission.objects.get(assignment_id=task, student=world.student)

    class_page = logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/")
    assert "Reflect on the debate" in class_page.content.decode()
    assert "waiting to reflect" in class_page.content.decode()

    started = student.post(f"/api/v1/assignments/{task}/start/")
    assert started.status_code in (200, 201) and started.json()["state"] == "in_progress"
    assert (
        "reflecting"
        in logged_in(world.teacher).get(f"/classes/{world.classroom.pk}/").content.decode()
    )
    assert student.post(f"/api/v1/submissions/{sub.pk}/turn-in/").json()["state"] == "turned_in"

    url = f"/api/v1/submissions/{sub.pk}/"
    graded = teacher.put(
        url + "feedback/",
        {"comments": {"claim": "Honest."}, "points": {"claim": 3, "data": 2}},
        format="json",
    )
    assert graded.status_code == 200 and graded.json()["feedback"]["total"] == 5
    assert teacher.get(url).json()["work_detail"] == {"type": "reflection", "state": "turned_in"}
    assert teacher.post(url + "return/").json()["state"] == "returned"
    assert student.get(url).json()["feedback"]["points"] == {"claim": 3, "data": 2}
    page = logged_in(world.teacher).get(f"/submissions/{sub.pk}/").content.decode()
    assert (
        "Short reflection" in logged_in(world.student).get(f"/assignments/{task}/").content.decode()
    )
    assert "Honest." in page
    work = page.split('<section class="work">')[1].split("</section>")[0]
    assert "reflecting" in work  # the default work block: where the submission stands
    grades = teacher.get(f"/api/v1/classes/{world.classroom.pk}/grades.csv").content.decode()
    assert "Reflect on the debate" in grades


def test_without_its_module_the_fourth_kind_is_refused(world):
    made = api_as(world.teacher).post(
        f"/api/v1/classes/{world.classroom.pk}/assignments/",
        {"title": "Reflect", "kind": "reflection"},
        format="json",
    )
    assert made.status_code == 400 and "kind" in str(made.json())


def test_the_registry_lists_the_built_in_kinds_in_order():
    assert kinds.names() == ["coach", "chain", "essay"]
    assert kinds.kind_of("coach").part_label("backing").startswith("Backing (both")
    assert kinds.kind_of("essay").part_label("backing") == "Backing"
    with pytest.raises(LookupError):
        kinds.kind_of("quiz")
