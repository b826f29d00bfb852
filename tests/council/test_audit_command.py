"""``manage.py audit FILE``: prints the report, saves no audit."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from council.models import Audit
from tests.council.audit_builders import AUDIT_LEAKY_OPINION, AUDIT_OPINION

pytestmark = pytest.mark.django_db


def run_audit(*args: str) -> str:
    out = StringIO()
    call_command("audit", *args, stdout=out)
    return out.getvalue()


def test_the_command_prints_each_criterion_and_the_global_score(tmp_path):
    path = tmp_path / "opinion.txt"
    path.write_text(AUDIT_OPINION)
    output = run_audit(str(path), "--case-id", "C-12", "--court", "Court of Appeal")
    assert "case C-12 · court Court of Appeal · engine offline" in output
    assert "Transparency of reasoning (weight 3): [" in output
    assert '"Therefore the admission was within the court\'s discretion."' in output
    assert "Global score: " in output and "SECURITY VIOLATION" not in output
    assert Audit.objects.count() == 0


def test_the_command_flags_a_security_violation(tmp_path):
    path = tmp_path / "leaky.txt"
    path.write_text(AUDIT_LEAKY_OPINION)
    output = run_audit(str(path))
    assert "Security (weight 1): [#....] 1/5  SECURITY VIOLATION" in output
    assert "SECURITY VIOLATION: the score is capped." in output


def test_the_command_uses_the_named_rubric(tmp_path):
    path = tmp_path / "essay.txt"
    path.write_text("I believe homework should be optional because students need rest.")
    output = run_audit(str(path), "--rubric", "Student argument")
    assert "Claim (weight 2)" in output and "Rebuttal (weight 1)" in output


@pytest.mark.parametrize(
    ("content", "rubric", "message"),
    [
        (b"", "Judicial opinion", "The document is empty."),
        (b"\x89PNG\x00", "Judicial opinion", "binary"),
        (AUDIT_OPINION.encode(), "Horoscope", "There is no rubric called 'Horoscope'"),
    ],
)
def test_the_command_refuses_what_it_cannot_audit(tmp_path, content, rubric, message):
    path = tmp_path / "doc.txt"
    path.write_bytes(content)
    with pytest.raises(CommandError, match=message):
        run_audit(str(path), "--rubric", rubric)


def test_a_missing_file_is_a_command_error(tmp_path):
    with pytest.raises(CommandError, match="No such file"):
        run_audit(str(tmp_path / "absent.txt"))
