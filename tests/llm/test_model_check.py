"""``manage.py model_check`` against fake servers on loopback: figures printed, result stored,
non-zero exit when structured output fails."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.llm.fake_openai_server import Behaviour, FakeOpenAIServer, Received, Reply
from tests.llm.quirks import schema_sent
from toulmini_site.llm.models import LLMCall, ModelCheck

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parents[2]

# One answer per schema, whatever the case: the figures then say which cases it fits.
ANSWERS = {
    "ProbeAnswer": {"answer": 5, "word": "five"},
    "Phase1Output": {
        "data": {
            "facts": ["The east side grew by 4,000."],
            "citations": [{"source": "Town census", "reference": "2015-2024"}],
            "evidence_type": "statistical",
        },
        "claim": {
            "statement": "The town should build a second library on the east side.",
            "scope": "general",
        },
    },
    "ModelFallacies": {"fallacies": []},
    "CoachAIResult": {
        "assistantText": "What would you say first? Which reason matters most to you?",
        "step": "claim",
    },
}


def good_model(request: Received) -> Behaviour:
    schema, _ = schema_sent(request.body)
    if schema is None:  # the stream probe asks for words
        return Reply("Hello, class! Let's build an argument together.")
    return Reply(json.dumps(ANSWERS[schema["title"]]))


def prose_model(request: Received) -> Behaviour:
    return Reply("I am a chatty model and I do not do JSON, sorry.")


@pytest.fixture
def server(settings):
    from toulmini_site.llm.openai_provider import forget_refused_formats

    forget_refused_formats()
    server = FakeOpenAIServer().start()
    settings.LLM_MODEL = "check-model"
    settings.LLM_BASE_URL = server.url + "/v1"
    settings.LLM_MAX_RETRIES = 0
    settings.LLM_DEADLINE_SECONDS = 5.0
    try:
        yield server
    finally:
        server.stop()
        forget_refused_formats()


def run(*args: str) -> str:
    out = io.StringIO()
    call_command("model_check", *args, stdout=out, stderr=io.StringIO())
    return out.getvalue()


def test_a_working_server_gets_its_figures_printed_and_stored(server):
    server.answer_with(good_model)

    printed = run()

    assert "Structured output: ok in" in printed
    assert "Stream:            ok in" in printed and "first words after" in printed
    lines = {line.split()[0]: line.split()[1:] for line in printed.splitlines() if line[:2] == "  "}
    # kind: cases, model right, offline right, errors. One fixed answer fits one chain case,
    # the clean fallacy text, and the three turns where the tutor must only ask.
    assert lines["chains"][:2] == ["4", "1"]
    assert lines["fallacies"][:2] == ["5", "1"]
    assert lines["tutor"][:2] == ["4", "3"]
    assert all(lines[kind][3] == "0" for kind in ("chains", "fallacies", "tutor"))
    check = ModelCheck.objects.get()
    assert check.passed and check.reached
    assert (check.model, check.base_url) == ("check-model", server.url + "/v1")
    assert check.structured_ms is not None and check.stream_first_ms is not None
    assert [row["kind"] for row in check.quality] == ["chains", "fallacies", "tutor"]
    assert check.quality[0]["model"] == 1
    assert "Quality check" in check.report
    assert LLMCall.objects.filter(purpose="model_check.structured", outcome="ok").count() == 1


def test_the_offline_engines_figures_are_printed_beside_the_models(server):
    server.answer_with(good_model)

    printed = run()

    rows = [line.split() for line in printed.splitlines() if line[:2] == "  "]
    offline = {row[0]: int(row[3]) for row in rows if row[0] != "kind"}
    assert offline["all"] == offline["chains"] + offline["fallacies"] + offline["tutor"]
    assert 0 < offline["all"] <= 13


def test_a_server_without_structured_output_fails_the_check_with_status_1(server):
    server.answer_with(prose_model)

    with pytest.raises(CommandError, match="Structured output failed") as caught:
        run()

    assert caught.value.returncode == 1
    check = ModelCheck.objects.get()
    assert not check.structured_ok and not check.passed
    assert check.reached  # it answered, in prose
    assert "structured:" in check.errors
    assert "Quality check: skipped (structured output failed)." in check.report


def test_an_unreachable_server_fails_the_check(server):
    server.stop()

    with pytest.raises(CommandError):
        run("--no-quality")

    check = ModelCheck.objects.get()
    assert not check.reached and not check.structured_ok and not check.stream_ok


def test_no_model_configured_is_status_2(settings):
    settings.LLM_MODEL = ""

    with pytest.raises(CommandError, match="LLM_MODEL") as caught:
        run()

    assert caught.value.returncode == 2


def test_the_command_exits_non_zero_from_the_shell(server):
    server.answer_with(prose_model)
    env = {
        **os.environ,
        "LLM_MODEL": "check-model",
        "LLM_BASE_URL": server.url + "/v1",
        "LLM_MAX_RETRIES": "0",
        "LLM_DEADLINE_SECONDS": "5",
    }

    done = subprocess.run(
        [sys.executable, "manage.py", "model_check", "--no-save", "--no-quality"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )

    assert done.returncode == 1, done.stdout + done.stderr
    assert "Structured output: FAILED" in done.stdout
    assert "Structured output failed" in done.stderr


def test_staff_see_the_last_check_in_the_admin(server, admin_client):
    server.answer_with(good_model)
    run("--no-quality")

    page = admin_client.get("/admin/llm/modelcheck/")

    assert page.status_code == 200
    assert b"check-model" in page.content


def test_a_server_that_never_answers_fails_the_check_at_the_deadline(server, settings):
    from tests.llm.fake_openai_server import Stall

    settings.LLM_DEADLINE_SECONDS = 0.5
    server.answer_with(lambda request: Stall(3600))

    with pytest.raises(CommandError) as caught:
        run()

    assert caught.value.returncode == 1
    check = ModelCheck.objects.get()
    assert not check.structured_ok and not check.stream_ok
    assert check.structured_ms is not None and check.structured_ms < 1500
    assert "MODEL_TIMEOUT" in check.report
