"""Stephen Toulmin's seven components, their validation, and the rules of a chain.

Framework-free: pydantic and the standard library only. Everything that decides whether an
argument chain may go on lives here — the strict component schemas, the cross-component rules
(qualifier bands, verdict consistency, absolute rebuttals), the circuit breakers, and the
sequence of the four phases. Views, the API, the MCP server and the model pipeline all call
these functions; none of them re-implements a rule.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator, model_validator

from arguments.domain.wording import say
from toulmini_site.refusals import Refusal
from toulmini_site.text.storable import UNSTORABLE_MESSAGE, unstorable_paths
from toulmini_site.toulmin import PHASE_COMPONENTS

StrengthLevel = Literal["absolute", "strong", "weak", "irrelevant"]
VerdictStatus = Literal["sustained", "overruled", "remanded"]
QualifierForce = Literal["certainly", "presumably", "probably", "possibly", "apparently"]
LogicType = Literal["deductive", "inductive", "abductive"]
EvidenceType = Literal["empirical", "statistical", "testimonial", "documentary", "expert"]
ClaimScope = Literal["universal", "general", "specific", "singular"]
ChainStatus = Literal["in_progress", "terminated", "complete"]

TERMINATING_STRENGTHS = ("weak", "irrelevant")

# Inclusive confidence bands of each qualifier degree.
QUALIFIER_BANDS: dict[str, tuple[int, int]] = {
    "certainly": (90, 100),
    "presumably": (70, 89),
    "probably": (50, 69),
    "possibly": (30, 49),
    "apparently": (0, 29),
}

NonEmpty = Annotated[str, Field(min_length=1)]


class Component(BaseModel):
    model_config = ConfigDict(extra="forbid", str_strip_whitespace=True)


class Citation(Component):
    model_config = ConfigDict(extra="forbid", frozen=True, str_strip_whitespace=True)

    source: str = Field(min_length=1)
    reference: str = Field(min_length=1)


class Data(Component):
    facts: list[NonEmpty] = Field(min_length=1)
    citations: list[Citation] = Field(min_length=1)
    evidence_type: EvidenceType


class Claim(Component):
    statement: str = Field(min_length=10)
    scope: ClaimScope

    @field_validator("statement")
    @classmethod
    def _not_a_question(cls, value: str) -> str:
        if value.strip().endswith("?"):
            raise ValueError("a claim is a statement, not a question: it may not end with '?'")
        return value


class Warrant(Component):
    principle: str = Field(min_length=20)
    logic_type: LogicType
    strength: StrengthLevel


class Backing(Component):
    authority: str = Field(min_length=10)
    citations: list[Citation] = Field(min_length=1)
    strength: StrengthLevel


class Rebuttal(Component):
    exceptions: list[NonEmpty] = Field(min_length=1)
    counterexamples: list[NonEmpty] = Field(default_factory=list)
    strength: StrengthLevel


class Qualifier(Component):
    degree: QualifierForce
    # Strict: 55.0 or "55" is not an integer percentage.
    confidence_pct: int = Field(ge=0, le=100, strict=True)
    rationale: str = Field(min_length=10)

    @model_validator(mode="after")
    def _degree_matches_band(self) -> Qualifier:
        low, high = QUALIFIER_BANDS[self.degree]
        if not low <= self.confidence_pct <= high:
            raise ValueError(
                f"degree '{self.degree}' needs a confidence of {low}-{high}%, "
                f"got {self.confidence_pct}% (which is '{degree_for(self.confidence_pct)}')"
            )
        return self


class Verdict(Component):
    status: VerdictStatus
    reasoning: str = Field(min_length=50)
    final_statement: str = Field(min_length=10)

    @model_validator(mode="after")
    def _reasoning_matches_status(self) -> Verdict:
        contradiction = verdict_contradiction(self.status, self.reasoning)
        if contradiction:
            raise ValueError(contradiction)
        return self


def degree_for(confidence_pct: int) -> str:
    """The qualifier degree whose band holds ``confidence_pct``."""
    for degree, (low, high) in QUALIFIER_BANDS.items():
        if low <= confidence_pct <= high:
            return degree
    raise ValueError(f"confidence {confidence_pct} is outside 0-100")


# -- verdict consistency ------------------------------------------------------------------

_CONTRADICTIONS: dict[str, tuple[str, frozenset[str]]] = {
    "sustained": ("fails", frozenset({"fails", "failed", "rejected"})),
    "overruled": ("succeeds", frozenset({"succeeds", "sustained"})),
}
_NEGATORS = frozenset(
    {
        "not",
        "no",
        "never",
        "cannot",
        "can't",
        "cant",
        "doesn't",
        "didn't",
        "don't",
        "won't",
        "isn't",
        "wasn't",
        "aren't",
        "weren't",
        "hasn't",
        "haven't",
        "hadn't",
        "shouldn't",
        "couldn't",
        "wouldn't",
        "neither",
        "nor",
        "without",
        "hardly",
    }
)
_WORD = re.compile(r"[a-z]+(?:['’][a-z]+)?")
_NEGATION_WINDOW = 3


def verdict_contradiction(status: str, reasoning: str) -> str | None:
    """Why ``reasoning`` contradicts ``status``, or None.

    Whole words, case-insensitive. A word preceded (within three words) by a negation — "does
    not fail", "cannot be sustained" — is not a contradiction; "failsafe" is not "fails".
    """
    if status not in _CONTRADICTIONS:
        return None
    meaning, forbidden = _CONTRADICTIONS[status]
    words = [w.replace("’", "'") for w in _WORD.findall(reasoning.lower())]
    for index, word in enumerate(words):
        if word not in forbidden:
            continue
        window = words[max(0, index - _NEGATION_WINDOW) : index]
        if any(w in _NEGATORS for w in window):
            continue
        return (
            f"a '{status}' verdict's reasoning may not say the argument {meaning} (found '{word}')"
        )
    return None


# -- phases -------------------------------------------------------------------------------


class Phase1Output(Component):
    data: Data
    claim: Claim


class Phase2Output(Component):
    warrant: Warrant
    backing: Backing


class Phase3Output(Component):
    rebuttal: Rebuttal
    qualifier: Qualifier


class Phase4Output(Component):
    verdict: Verdict


COMPONENT_MODELS: dict[str, type[Component]] = {
    "data": Data,
    "claim": Claim,
    "warrant": Warrant,
    "backing": Backing,
    "rebuttal": Rebuttal,
    "qualifier": Qualifier,
    "verdict": Verdict,
}
COMPONENT_ORDER = tuple(COMPONENT_MODELS)


@dataclass(frozen=True)
class Phase:
    number: int
    name: str
    tool: str
    components: tuple[str, ...]
    output: type[Component]


# Each phase writes the components the one vocabulary gives it (toulmini_site.toulmin).
PHASES: dict[int, Phase] = {
    1: Phase(1, "Data and claim", "initiate_toulmin_sequence", PHASE_COMPONENTS[1], Phase1Output),
    2: Phase(2, "Warrant and backing", "inject_logic_bridge", PHASE_COMPONENTS[2], Phase2Output),
    3: Phase(
        3, "Rebuttal and qualifier", "stress_test_argument", PHASE_COMPONENTS[3], Phase3Output
    ),
    4: Phase(4, "Verdict", "render_verdict", PHASE_COMPONENTS[4], Phase4Output),
}


# -- errors -------------------------------------------------------------------------------


# The status of each code that is not a plain invalid input (400): the chain cannot take
# that step (409), or the language model failed (502).
STATUS_FOR_CODE = {
    "TERMINATED": 409,
    "PHASE_OUT_OF_ORDER": 409,
    "CHAIN_COMPLETE": 409,
    "MANUAL_ENGINE": 409,
    "CHAIN_RUNNING": 409,
    "CORRECTION_NOT_SERVER_RUN": 409,
    "MODEL_FAILED": 502,
}


class ToulminError(Refusal):
    """A rule of the chain was broken. ``as_dict()`` is the API's JSON error object.

    Codes: ``INVALID_INPUT`` (a value breaks a schema or rule), ``MISSING_INPUT`` (a required
    input is absent), ``INVALID_JSON`` (a ``*_json`` input does not parse), ``TERMINATED`` (a
    circuit breaker stopped the chain), ``PHASE_OUT_OF_ORDER`` and ``CHAIN_COMPLETE``; the
    status follows from the code (``STATUS_FOR_CODE``, else 400).
    """

    def __init__(
        self,
        message: str,
        *,
        code: str,
        missing: list[str] | None = None,
        details: list[dict[str, str]] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(
            message,
            code=code,
            status=STATUS_FOR_CODE.get(code, 400),
            missing=missing,
            details=details,
            extra=extra,
        )


def _path(prefix: str, loc: tuple[Any, ...]) -> str:
    """A field path: the component's name (if any) and pydantic's location, dotted."""
    return ".".join(str(part) for part in (prefix, *loc) if part != "")


def _details(error: ValidationError, prefix: str) -> list[dict[str, str]]:
    return [
        {"loc": _path(prefix, e["loc"]) or "(root)", "msg": e["msg"].removeprefix("Value error, ")}
        for e in error.errors()
    ]


def invalid(error: ValidationError, *, what: str, prefix: str = "") -> ToulminError:
    """A ``ToulminError`` for a pydantic error, with field paths (and missing inputs)."""
    details = _details(error, prefix)
    missing = [
        _path(prefix, e["loc"])
        for e in error.errors()
        if e["type"] == "missing" and len(e["loc"]) == 1
    ]
    summary = "; ".join(f"{d['loc']}: {d['msg']}" for d in details[:4])
    if missing and len(missing) == len(details):
        return ToulminError(
            f"{what} is missing: {', '.join(missing)}",
            code="MISSING_INPUT",
            missing=missing,
            details=details,
        )
    return ToulminError(f"{what} is invalid — {summary}", code="INVALID_INPUT", details=details)


def _too_deep(what: str, loc: str) -> ToulminError:
    # json.loads raises RecursionError, not JSONDecodeError, on [[[[... thousands deep.
    return ToulminError(
        f"{what} is not valid JSON: it is nested too deeply",
        code="INVALID_JSON",
        details=[{"loc": loc, "msg": "invalid JSON: nested too deeply"}],
    )


def _storable(value: Any, what: str, prefix: str) -> None:
    """Refuse text the database cannot hold (NUL, a lone surrogate), naming each path."""
    paths = unstorable_paths(value)
    if paths:
        details = [
            {
                "loc": f"{prefix}.{p}".strip(".") if p != "(root)" else prefix or p,
                "msg": UNSTORABLE_MESSAGE,
            }
            for p in paths[:20]
        ]
        raise ToulminError(
            f"{what} is invalid — {UNSTORABLE_MESSAGE}", code="INVALID_INPUT", details=details
        )


def parse_component(name: str, value: Any) -> Component:
    """Validate one component given as a dict or a JSON string."""
    model = COMPONENT_MODELS[name]
    if isinstance(value, str):
        try:
            value = json.loads(value)
        except json.JSONDecodeError as exc:
            raise ToulminError(
                f"{name} is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
                code="INVALID_JSON",
                details=[
                    {
                        "loc": name,
                        "msg": f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
                    }
                ],
            ) from None
        except RecursionError:
            raise _too_deep(name, name) from None
    _storable(value, name.capitalize(), name)
    if not isinstance(value, dict):
        raise ToulminError(
            f"{name} must be a JSON object",
            code="INVALID_INPUT",
            details=[{"loc": name, "msg": "must be a JSON object"}],
        )
    try:
        return model.model_validate(value)
    except ValidationError as exc:
        raise invalid(exc, what=name.capitalize(), prefix=name) from None


_CODE_FENCE = re.compile(
    r"^[ \t]*```[ \t]*(?:json)?[ \t]*\n(.*?)\n[ \t]*```[ \t]*$", re.I | re.M | re.S
)


def unwrap_code_fence(text: str) -> str:
    """The JSON inside a Markdown code fence (```json ... ```), as chat assistants answer,
    with or without words around it; the text as it is when it has no single fenced block."""
    blocks = _CODE_FENCE.findall(text)
    return blocks[0] if len(blocks) == 1 else text


def parse_phase_output(phase: int, payload: Any) -> Component:
    """Validate what a model (or a person) produced for ``phase``: a dict or JSON text,
    bare or inside a Markdown ```json fence."""
    spec = PHASES[phase]
    if isinstance(payload, str):
        try:
            payload = json.loads(unwrap_code_fence(payload))
        except json.JSONDecodeError as exc:
            raise ToulminError(
                f"Phase {phase} output is not valid JSON: {exc.msg} "
                f"at line {exc.lineno} column {exc.colno}",
                code="INVALID_JSON",
                # The page lists details only: say where, as the message does.
                details=[
                    {
                        "loc": "(root)",
                        "msg": f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}",
                    }
                ],
            ) from None
        except RecursionError:
            raise _too_deep(f"Phase {phase} output", "(root)") from None
    _storable(payload, f"Phase {phase} output", "")
    if not isinstance(payload, dict):
        raise ToulminError(
            f"Phase {phase} output must be a JSON object with keys {', '.join(spec.components)}",
            code="INVALID_INPUT",
            details=[{"loc": "(root)", "msg": "must be a JSON object"}],
        )
    try:
        return spec.output.model_validate(payload)
    except ValidationError as exc:
        raise invalid(exc, what=f"Phase {phase} output") from None


# -- the chain ----------------------------------------------------------------------------


@dataclass
class ChainState:
    """A query and whichever components have been established so far."""

    query: str
    data: Data | None = None
    claim: Claim | None = None
    warrant: Warrant | None = None
    backing: Backing | None = None
    rebuttal: Rebuttal | None = None
    qualifier: Qualifier | None = None
    verdict: Verdict | None = None

    def components(self) -> dict[str, Component | None]:
        return {name: getattr(self, name) for name in COMPONENT_ORDER}

    def as_json(self) -> dict[str, Any]:
        return {
            name: (value.model_dump(mode="json") if value is not None else None)
            for name, value in self.components().items()
        }


@dataclass(frozen=True)
class Evaluation:
    status: ChainStatus
    next_phase: int | None
    termination_reason: str = ""
    warnings: tuple[str, ...] = field(default_factory=tuple)


def circuit_breaker(warrant: Warrant | None, backing: Backing | None) -> str:
    """The termination reason when the warrant or backing is weak or irrelevant, else "": each
    rejected part with its own words, which say what was weighed (and, from the offline
    analyzer, what the student could add)."""
    reasons = [
        say(f"breaker.{name}", strength=part.strength, reason=text)
        for name, part, text in (
            ("warrant", warrant, warrant.principle if warrant else ""),
            ("backing", backing, backing.authority if backing else ""),
        )
        if part is not None and part.strength in TERMINATING_STRENGTHS
    ]
    return "; ".join(reasons)


def cross_component_errors(state: ChainState) -> list[dict[str, str]]:
    """Rules that span components (errors, with field paths)."""
    errors = []
    if (
        state.rebuttal is not None
        and state.verdict is not None
        and state.rebuttal.strength == "absolute"
        and state.verdict.status != "overruled"
    ):
        errors.append(
            {
                "loc": "verdict.status",
                "msg": "an absolute rebuttal requires an 'overruled' verdict, "
                f"got '{state.verdict.status}'",
            }
        )
    return errors


def chain_warnings(state: ChainState) -> list[str]:
    warnings = []
    if (
        state.verdict is not None
        and state.qualifier is not None
        and state.verdict.status == "sustained"
        and state.qualifier.confidence_pct < 30
    ):
        warnings.append(say("warning.low_sustained", confidence=state.qualifier.confidence_pct))
    return warnings


def evaluate(state: ChainState) -> Evaluation:
    """Where the chain stands: in progress (and which phase is next), terminated, complete.

    The first phase whose components are not all present is next; a weak or irrelevant
    warrant or backing terminates the chain (circuit breaker).
    """
    reason = circuit_breaker(state.warrant, state.backing)
    warnings = tuple(chain_warnings(state))
    if reason:
        return Evaluation("terminated", None, reason, warnings)
    for number, phase in PHASES.items():
        if any(getattr(state, name) is None for name in phase.components):
            return Evaluation("in_progress", number)  # no verdict yet, so nothing to warn of
    return Evaluation("complete", None, "", warnings)


def apply_phase(state: ChainState, phase: int, payload: Any) -> ChainState:
    """Validate ``payload`` as phase ``phase``'s output and return the extended state.

    Raises ``ToulminError``: ``CHAIN_COMPLETE`` or ``TERMINATED`` if the chain has ended,
    ``PHASE_OUT_OF_ORDER`` if ``phase`` is not the next one, ``INVALID_JSON``,
    ``MISSING_INPUT`` or ``INVALID_INPUT`` (with field paths) for a bad payload.
    """
    if phase not in PHASES:
        raise ToulminError(
            f"There is no phase {phase}; phases are 1 to 4.",
            code="INVALID_INPUT",
            details=[{"loc": "phase", "msg": "must be 1, 2, 3 or 4"}],
        )
    current = evaluate(state)
    if current.status == "terminated":
        raise ToulminError(
            say("chain.terminated", reason=current.termination_reason), code="TERMINATED"
        )
    if current.status == "complete":
        raise ToulminError("The chain is complete; no phase is left.", code="CHAIN_COMPLETE")
    if phase != current.next_phase:
        raise ToulminError(
            f"Phase {phase} is out of order: the next phase is {current.next_phase}.",
            code="PHASE_OUT_OF_ORDER",
        )
    output = parse_phase_output(phase, payload)
    extended = replace(state)
    for name in PHASES[phase].components:
        setattr(extended, name, getattr(output, name))
    errors = cross_component_errors(extended)
    if errors:
        raise ToulminError(
            f"Phase {phase} output is invalid — "
            + "; ".join(f"{e['loc']}: {e['msg']}" for e in errors),
            code="INVALID_INPUT",
            details=errors,
        )
    return extended


def state_from_json(query: str, components: dict[str, Any]) -> ChainState:
    """Rebuild a state from stored component dicts (already validated when stored)."""
    state = ChainState(query=query)
    for name, value in components.items():
        if value is not None:
            setattr(state, name, COMPONENT_MODELS[name].model_validate(value))
    return state


QUERY_MIN = 5
QUERY_MAX = 2000


def clean_query(query: Any) -> str:
    """A query trimmed and checked: 5 to 2,000 characters."""
    if not isinstance(query, str) or not query.strip():
        raise ToulminError("query is required", code="MISSING_INPUT", missing=["query"])
    query = query.strip()
    if not QUERY_MIN <= len(query) <= QUERY_MAX:
        raise ToulminError(
            f"query must be {QUERY_MIN} to {QUERY_MAX} characters, got {len(query)}",
            code="INVALID_INPUT",
            details=[{"loc": "query", "msg": f"must be {QUERY_MIN}-{QUERY_MAX} characters"}],
        )
    return query
