"""The coach tutor's evaluations: the cases are data (JSON next to this file), the code that
plays them against a tutor lives here, outside the coach's domain."""

from pathlib import Path

HERE = Path(__file__).resolve().parent
PRESSURE_CASES = HERE / "pressure_cases.json"
TUTOR_CASES = HERE / "tutor_cases.json"
TUTOR_CASES_FROZEN = HERE / "tutor_cases_frozen.json"
TUTOR_CASES_UNSEEN = HERE / "tutor_cases_unseen.json"  # written after tuning, never tuned on
COMPLYING_MODEL = HERE / "complying_model.json"
