"""The bundled quality check of ``manage.py model_check``: a dozen short cases with known
answers (``cases.json``, written for it), asked of the configured model as the features ask
them, and answered by the offline engines beside it.

- chains: phase 1 of a chain (data and claim); right when the claim holds the expected words;
- fallacies: the fallacy check; right when the most confident finding is the expected type
  (or, for a clean text, when nothing is found);
- tutor: one coach turn; right when it passes the pressure set's judge as written.

It says whether a model is in the right league in a minute, not how good it is.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from arguments.domain.fallacies.findings import ModelFallacies, findings_from_model
from arguments.domain.prompts import fallacy_messages, phase_messages
from arguments.domain.reading import NotInText
from arguments.domain.toulmin import PHASES, ChainState
from arguments.offline import analyzer_phase, check_fallacies
from coach.domain.stream import parse_answer
from coach.domain.tutor import offline_turn
from coach.services import tutor_chunks
from evaluations.coach.pressure import Case, case_inputs, judge
from toulmini_site.llm import LLMClient, LLMError

CASES_FILE = Path(__file__).resolve().parent / "cases.json"


@dataclass(frozen=True)
class KindResult:
    """How many of one kind's cases the model and the offline engine got right."""

    kind: str
    cases: int
    model: int
    offline: int
    errors: int  # model calls that failed outright (counted wrong)

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "cases": self.cases,
            "model": self.model,
            "offline": self.offline,
            "errors": self.errors,
        }


def load_cases(path: Path = CASES_FILE) -> dict[str, list[dict[str, Any]]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {kind: data[kind] for kind in ("chains", "fallacies", "tutor")}


def _claim_right(claim: Any, words: list[str]) -> bool:
    statement = str(getattr(claim, "statement", "") or "").lower()
    return all(word.lower() in statement for word in words)


def _chain_model(client: LLMClient, case: dict[str, Any]) -> bool:
    state = ChainState(query=case["query"])
    result = client.structured(
        purpose="model_check.chain",
        messages=phase_messages(1, state, source_text=case["text"]),
        schema=PHASES[1].output,
    )
    return _claim_right(getattr(result.value, "claim", None), case["claim_words"])


def _chain_offline(case: dict[str, Any]) -> bool:
    try:
        output = analyzer_phase(1, query=case["query"], source_text=case["text"], components={})
    except NotInText:
        return False
    return _claim_right(getattr(output, "claim", None), case["claim_words"])


def _fallacy_right(types: list[str], expected: str) -> bool:
    return not types if expected == "none" else bool(types) and types[0] == expected


def _fallacy_model(client: LLMClient, case: dict[str, Any]) -> bool:
    text = case["text"]
    result = client.structured(
        purpose="model_check.fallacies", messages=fallacy_messages(text), schema=ModelFallacies
    )
    found = findings_from_model(text, result.value)
    return _fallacy_right([f.type for f in found], case["expected"])


def _fallacy_offline(case: dict[str, Any]) -> bool:
    return _fallacy_right([f.type for f in check_fallacies(case["text"])], case["expected"])


def _tutor_case(case: dict[str, Any]) -> Case:
    return Case("model_check", case["language"], case["step"], case["message"], (), case["expect"])


def _tutor_judged(case: Case, text: str) -> bool:
    try:
        raw = parse_answer(text)
    except ValueError:
        return False
    return judge(case, raw)[0].passed


def _tutor_model(client: LLMClient, case: dict[str, Any]) -> bool:
    turn = _tutor_case(case)
    return _tutor_judged(turn, "".join(tutor_chunks(client, case_inputs(turn))))


def _tutor_offline(case: dict[str, Any]) -> bool:
    turn = _tutor_case(case)
    return _tutor_judged(turn, offline_turn(case_inputs(turn)))


KINDS: dict[
    str, tuple[Callable[[LLMClient, dict[str, Any]], bool], Callable[[dict[str, Any]], bool]]
] = {
    "chains": (_chain_model, _chain_offline),
    "fallacies": (_fallacy_model, _fallacy_offline),
    "tutor": (_tutor_model, _tutor_offline),
}


def quality_check(
    client: LLMClient, cases: dict[str, list[dict[str, Any]]] | None = None
) -> list[KindResult]:
    """Each kind's cases asked of ``client`` and of the offline engine."""
    cases = cases if cases is not None else load_cases()
    results = []
    for kind, (by_model, offline) in KINDS.items():
        right = errors = 0
        for case in cases[kind]:
            try:
                right += by_model(client, case)
            except LLMError:
                errors += 1
        results.append(
            KindResult(
                kind=kind,
                cases=len(cases[kind]),
                model=right,
                offline=sum(offline(case) for case in cases[kind]),
                errors=errors,
            )
        )
    return results
