"""Assignment kinds are plug-ins: a fourth kind, written in a temporary module that only
registers itself (and a template fragment of its own), is picked up by the assignment form, the
API, the class page, the assignment page, starting and turning in, the process report, the
analytics, autosave, grading and the exports, with no change anywhere else."""

import importlib
import sys
import textwrap

import pytest
from django.test import Client

from tests.classrooms.builders import api_as, assignment
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

    from toulmini_site.classrooms.domain import drafting, process
    from toulmini_site.classrooms.kinds import Kind, register


    class Reflection(Kind):
        name = "reflection"
        label = "Short reflection"
        order = 40
        settings_template = "reflection/_settings.html"
        revisions_label = "Sittings"
        analytics_values = ("started_at",)

        def start(self, submission, *, engine, source_text):
            submission.instructions_seen = True

        def process(self, submission):
            if submission.started_at is None:
                return None
            sitting = process.Event(submission.started_at, "reflection", "save", 7)
            part = process.PartProcess(
                "reflection", "student", submission.started_at, submission.started_at, 1
            )
            return process.ProcessReport("reflection", (part,), (sitting,))

        def lanes(self):
            return {"reflection": "The reflection itself"}

        def reading(self, row):
            held = frozenset({"claim"}) if row["started_at"] else frozenset()
            return {**super().reading(row), "present": held}

        def export(self, submission):
            return {**super().export(submission), "reflected": submission.state}

        def evidence(self, submission):
            claim = drafting.PartEvidence(
                "claim", True, quote="Debates teach us to listen.", quality=0.5, confidence=0.9
            )
            return {"claim": claim, "data": drafting.PartEvidence("data", False)}

        def progress(self, row):
            started = row.get("state") not in (None, "assigned")
            return {"label": "reflecting" if started else "waiting to reflect"}

        def detail(self, submission):
            return {"type": "reflection", "state": submission.state}


    KIND = register(Reflection())
    '''
)


@pytest.fixture
def reflection(tmp_path, monkeypatch, settings):
    (tmp_path / "reflection_kind.py").write_text(REFLECTION)
    (tmp_path / "templates" / "reflection").mkdir(parents=True)
    (tmp_path / "templates" / "reflection" / "_settings.html").write_text(
        '<p class="reflection-settings">Reflect in class, then turn in.</p>'
    )
    engine = settings.TEMPLATES[0]
    settings.TEMPLATES = [{**engine, "DIRS": [*engine["DIRS"], tmp_path / "templates"]}]
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


def _reflection_turned_in(world):
    teacher, student = api_as(world.teacher), api_as(world.student)
    task = teacher.post(
        f"/api/v1/classes/{world.classroom.pk}/assignments/",
        {"title": "Reflect on the debate", "kind": "reflection"},
        format="json",
    ).json()["id"]
    sub = Submission.objects.get(assignment_id=task, student=world.student)
    assert student.post(f"/api/v1/assignments/{task}/start/").status_code in (200, 201)
    assert student.post(f"/api/v1/submissions/{sub.pk}/turn-in/").status_code == 200
    return task, sub


def test_the_fourth_kind_s_own_settings_fragment_is_on_its_assignment_page(world, reflection):
    task, _sub = _reflection_turned_in(world)
    page = logged_in(world.student).get(f"/assignments/{task}/").content.decode()
    assert '<p class="reflection-settings">Reflect in class, then turn in.</p>' in page
    # Nothing of the built-in kinds' settings: it is no essay, coach or chain.
    for other in ("Audit rubric", "The tutor may give", "Query"):
        assert other not in page


def test_the_fourth_kind_s_process_report_is_on_its_page_and_in_the_api(world, reflection):
    _task, sub = _reflection_turned_in(world)
    body = api_as(world.student).get(f"/api/v1/submissions/{sub.pk}/process/").json()
    assert body["kind"] == "reflection"
    assert [(p["part"], p["origin"], p["revisions"]) for p in body["parts"]] == [
        ("reflection", "student", 1)
    ]
    assert [(e["part"], e["what"], e["size"]) for e in body["events"]] == [
        ("reflection", "save", 7)
    ]
    page = logged_in(world.teacher).get(f"/submissions/{sub.pk}/").content.decode()
    report = page.split('id="process-report"')[1].split("</section>")[0]
    assert "The reflection itself" in report and ">Sittings</th>" in report
    assert "Tutor turns" not in report  # the coach's columns are the coach's


def test_the_analytics_read_the_fourth_kind_as_it_says(world, reflection):
    task, _sub = _reflection_turned_in(world)
    body = (
        api_as(world.teacher)
        .get(f"/api/v1/classes/{world.classroom.pk}/analytics/?assignment={task}")
        .json()
    )
    missing = {p["part"]: p["missing"] for p in body["parts"]}
    # Turned in: every part expected; the kind says its work holds the claim.
    assert missing == {
        "data": 1,
        "claim": 0,
        "warrant": 1,
        "backing": 1,
        "rebuttal": 1,
        "qualifier": 1,
    }


def test_autosave_keeps_the_fourth_kind_s_text_only_when_the_kind_takes_one(
    world, reflection, monkeypatch
):
    task = (
        api_as(world.teacher)
        .post(
            f"/api/v1/classes/{world.classroom.pk}/assignments/",
            {"title": "Reflect", "kind": "reflection"},
            format="json",
        )
        .json()["id"]
    )
    sub = Submission.objects.get(assignment_id=task, student=world.student)
    api_as(world.student).post(f"/api/v1/assignments/{task}/start/")

    def keep():
        return logged_in(world.student).post(
            f"/submissions/{sub.pk}/autosave/essay/",
            {"text": "What I learnt.", "version": 0, "draft_version": 0},
            headers={"Accept": "application/json"},
        )

    assert keep().status_code == 403  # the kind takes no text
    monkeypatch.setattr(reflection, "takes_text", True)
    assert keep().status_code == 200


def test_machine_drafted_feedback_reads_the_fourth_kind_s_own_judge(world, reflection):
    _task, sub = _reflection_turned_in(world)
    made = api_as(world.teacher).post(f"/api/v1/submissions/{sub.pk}/feedback-drafts/")
    assert made.status_code == 201, made.json()
    drafts = {d["part"]: d for d in made.json()}
    assert set(drafts) == {"claim", "data"}  # only the parts its judge read
    assert drafts["claim"]["points"] == 2  # half of the claim's 4 points
    assert "Debates teach us to listen." in drafts["claim"]["quote"]
    assert drafts["data"]["points"] == 0  # read as missing


def test_the_returned_work_export_carries_what_the_fourth_kind_exports(world, reflection):
    _task, sub = _reflection_turned_in(world)
    teacher = api_as(world.teacher)
    assert teacher.post(f"/api/v1/submissions/{sub.pk}/return/").json()["state"] == "returned"
    returned = teacher.get(f"/api/v1/classes/{world.classroom.pk}/returned-work/").json()
    (item,) = returned["returned"]
    assert item["kind"] == "reflection"
    assert item["reflected"] == "returned"
    assert item["work"] is None
    assert item["work_detail"] == {"type": "reflection", "state": "returned"}


def test_without_its_module_the_fourth_kind_is_refused(world):
    made = api_as(world.teacher).post(
        f"/api/v1/classes/{world.classroom.pk}/assignments/",
        {"title": "Reflect", "kind": "reflection"},
        format="json",
    )
    assert made.status_code == 400 and "kind" in str(made.json())


MARKERS = {"coach": "Topic: <strong>", "chain": "Query: <strong>", "essay": "Audit rubric:"}


@pytest.mark.parametrize(
    ("kind", "settings_shown"),
    [
        ("coach", ["Topic: <strong>Phones in classrooms</strong> (en)", "The tutor may give"]),
        ("chain", ["Query: <strong>Should schools start later?</strong>"]),
        ("essay", ["Audit rubric: Student argument"]),
    ],
)
def test_each_built_in_kind_shows_its_own_settings_and_start_fragments(world, kind, settings_shown):
    task = assignment(world.classroom, kind)
    page = logged_in(world.student).get(f"/assignments/{task.pk}/").content.decode()
    for said in settings_shown:
        assert said in page
    for other, marker in MARKERS.items():
        assert (marker in page) is (other == kind)
    start = page.split('class="start-form"')[1].split("</form>")[0]
    # Only the chain asks how to run it and, with no source text set, for the student's text.
    assert ('name="engine"' in start) is (kind == "chain")
    assert ('name="source_text"' in start) is (kind == "chain")


def test_the_registry_lists_the_built_in_kinds_in_order():
    assert kinds.names() == ["coach", "chain", "essay"]
    assert kinds.kind_of("coach").part_label("backing").startswith("Backing (both")
    assert kinds.kind_of("essay").part_label("backing") == "Backing"
    with pytest.raises(LookupError):
        kinds.kind_of("quiz")
