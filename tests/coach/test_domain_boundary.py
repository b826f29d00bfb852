import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_coach_domain_imports_without_django_or_openai():
    code = (
        "import sys; import coach.domain, coach.domain.tutor, coach.domain.prompt, "
        "coach.domain.stream, coach.domain.conversion; "
        "bad = sorted(m for m in ('django', 'openai', 'rest_framework') if m in sys.modules); "
        "print(','.join(bad))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == ""
