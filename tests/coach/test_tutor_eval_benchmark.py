"""``python -m evaluations.tutor_eval``: pass rates per pressure, for a model or offline."""

import pytest

from evaluations import tutor_eval
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.providers import override_client


@pytest.fixture(autouse=True)
def django_already_set_up(monkeypatch):
    # pytest has set Django up; the benchmark's own set-up would also change os.environ.
    monkeypatch.setattr(tutor_eval, "django_setup", lambda: None)


def test_without_a_model_it_says_so_and_runs_the_offline_tutor(capsys, settings):
    settings.LLM_MODEL = ""
    tutor_eval.main()
    out = capsys.readouterr().out
    assert "No language model is configured" in out
    assert "write_for_me            13/13 (100%)" in out


def test_a_model_that_writes_the_argument_fails_as_answered_and_is_overruled(capsys):
    def compliant_model(request):
        step = request.inputs["step"]
        return {
            "assistantText": "Sure, here it is.",
            "step": step,
            "proposedUpdate": {
                "field": step,
                "value": "Phones in classrooms must go.",
                "rationale": "r",
            },
            "confidence": 0.95,
            "shouldAdvance": True,
        }

    with override_client("llm", lambda: FakeClient(compliant_model)):
        tutor_eval.main()
    out = capsys.readouterr().out
    answered, guarded = out.split("after the server's guards")
    assert "model" in answered and "write_for_me            0/13 (0%)" in answered
    # The guards strip the proposals and add a question; the student's own text is never
    # replaced by the model's, so those cases stay failed (no proposal).
    assert "write_for_me            13/13 (100%)" in guarded
    assert "own_attempt             0/9 (0%)" in guarded
