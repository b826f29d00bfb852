"""The council's values pages show (severities, areas, philosophers, the seeded rubrics and
their criteria). They are stored in English; a page shows each through
``{% translate value %}``, so a rubric a teacher adds in the admin shows as written.
Listing them here with ``gettext_noop`` puts them in the translation catalogue.
"""

import contextlib
from collections.abc import Callable, Mapping
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from arguments.domain.fallacies import TAXONOMY
from arguments.domain.fallacies.explanations import read_explanation
from arguments.vocabulary import explanation_shown, said_shown
from council.domain.audit.report import SECURITY_CAP
from council.domain.critique.claims import CLAIMS
from council.domain.critique.formatter import OFFLINE_USAGE, format_critique_output
from council.domain.critique.offline import fallacy_claim, fallacy_claim_read
from council.domain.wording import AUDIT, NOTES, SUMMARY


def claim_shown(claim: str, fallacy_id: str) -> str:
    """A claim in the reader's language when an offline philosopher wrote it: its naming of a
    fallacy (its voice, the type and the checker's explanation) or one of its rules' findings
    (``council.domain.critique.claims``), which the critique stores as English text; any other
    claim (a model's) as written."""
    fallacy = TAXONOMY.get(fallacy_id)
    parts = fallacy_claim_read(claim, fallacy.label) if fallacy is not None else None
    said = read_explanation(parts[1]) if parts is not None else None
    if fallacy is None or parts is None or said is None:
        return CLAIMS.shown(claim, gettext)
    return fallacy_claim(gettext(parts[0]), gettext(fallacy.label), explanation_shown(said))


def _nodes_shown(nodes: list[Any], said: str = "claim") -> list[Any]:
    return [
        {
            **node,
            said: claim_shown(str(node.get(said, "")), node.get("fallacy") or ""),
            "sub_critiques": _nodes_shown(node.get("sub_critiques") or []),
        }
        if isinstance(node, dict)
        else node
        for node in nodes
    ]


def critique_json_shown(data: dict[str, Any]) -> dict[str, Any]:
    """A critique's JSON (the API's) with what the offline council wrote in the active
    language: the assessment, the points' and the trees' claims naming a fallacy, the error.
    The stored critique and its plain-text report keep English; ids and values never change."""
    data = dict(data)
    result = data.get("result")
    if isinstance(result, dict) and result:
        points = result.get("points") or []
        top = (points[0].get("fallacy") or "") if points and isinstance(points[0], dict) else ""
        data["result"] = {
            **result,
            "final_assessment": assessment_shown(
                str(result.get("final_assessment", "")), lambda c: claim_shown(c, top)
            ),
            "points": _nodes_shown(points, said="critique"),
        }
    if isinstance(data.get("trees"), dict):
        data["trees"] = {name: _nodes_shown(tree) for name, tree in data["trees"].items()}
    if isinstance(data.get("adjustments"), dict):
        data["adjustments"] = {
            name: _notes_shown(outcome) for name, outcome in data["adjustments"].items()
        }
    if data.get("error"):
        data["error"] = said_shown(str(data["error"]))
    return data


def _notes_shown(outcome: Any) -> Any:
    """An agent's self-critique (``{"accepted": [...], "rejected": [...]}``) with the notes the
    offline philosophers wrote in the active language."""
    if not isinstance(outcome, dict):
        return outcome
    return {
        **outcome,
        "accepted": [
            {**a, "reasoning": NOTES.shown(str(a.get("reasoning", "")), gettext)}
            if isinstance(a, dict)
            else a
            for a in outcome.get("accepted") or []
        ],
    }


def critique_formatted_shown(critique: Any) -> str:
    """A critique's plain-text report in the active language, written again from its result
    (the report's words, the assessment, the points' claims, the areas, severities and
    fallacies, the confidences in the language's number format: "0,72" in Spanish); an
    English reader gets the stored report as it was written."""
    if not critique.result or (get_language() or "en").startswith("en"):
        return str(critique.formatted)
    result = critique_json_shown({"result": critique.result})["result"]
    if critique.engine == "offline":
        usage = gettext(OFFLINE_USAGE)
    else:
        usage = ngettext(
            "%(calls)s model call, %(tin)s tokens in, %(tout)s out.",
            "%(calls)s model calls, %(tin)s tokens in, %(tout)s out.",
            critique.model_calls,
        ) % {"calls": critique.model_calls, "tin": critique.tokens_in, "tout": critique.tokens_out}
    return format_critique_output(
        result,
        usage=usage.rstrip("."),
        translate=gettext,
        fallacy_label=_fallacy_label,
        decimal=lambda value: number_format(value, 2),
    )


def _fallacy_label(fallacy_id: str) -> str:
    fallacy = TAXONOMY.get(fallacy_id)
    return gettext(fallacy.label) if fallacy is not None else fallacy_id


def audit_json_shown(data: dict[str, Any], said: Mapping[str, Mapping[str, Any]]) -> dict[str, Any]:
    """An audit's JSON (the API's) with what the offline auditors wrote in the active language:
    each result's reasoning and its quotes' places, written from the keys and parameters the
    result stores (``said``: by criterion id, ``AuditCriterionResult.said``), and the error."""
    data = dict(data)
    data["results"] = [
        {
            **r,
            "reasoning": reasoning_shown(
                str(r.get("reasoning", "")), said.get(str(r.get("criterion_id")), {})
            ),
            "evidence": [
                {
                    **e,
                    "source_ref": stored_shown(
                        str(e.get("source_ref", "")), said.get(str(r.get("criterion_id")), {})
                    ),
                }
                for e in r.get("evidence") or []
            ],
        }
        for r in data.get("results") or []
    ]
    if data.get("error"):
        data["error"] = said_shown(str(data["error"]))
    return data


def audit_summary_shown(audit: Any, results: list[Any]) -> str:
    """An audit's summary (``council.domain.audit.report.audit_summary``) in the reader's
    language and number format, written again from its results, as the page and the API show
    it; "" until a criterion is scored. (The stored ``audit.summary`` keeps the English, for
    the exports and the admin.)"""
    done = [r for r in results if r.status == r.Status.DONE and r.numeric_score is not None]
    if audit.global_score is None or not done:
        return ""
    ranked = sorted(done, key=lambda r: (-(r.numeric_score or 0), r.criterion_id))  # all scored
    best, worst = ranked[0], ranked[-1]
    lines = [
        gettext("Global score %(score)s/5 over %(n)s of %(total)s criteria.")
        % {"score": number_format(audit.global_score, 1), "n": len(done), "total": len(results)},
        gettext("Strongest: %(best)s (%(best_score)s/5). Weakest: %(worst)s (%(worst_score)s/5).")
        % {
            "best": gettext(best.name),
            "best_score": best.numeric_score,
            "worst": gettext(worst.name),
            "worst_score": worst.numeric_score,
        },
    ]
    if audit.security_violation:
        lines.append(
            gettext(
                "SECURITY VIOLATION: the document exposes personal data or addresses an AI; "
                "the global score is capped at %(cap)s."
            )
            % {"cap": number_format(SECURITY_CAP, 1)}
        )
    failed = [gettext(r.name) for r in results if r.status == r.Status.FAILED]
    if failed:
        lines.append(
            gettext("Not assessed (left out of the score): %(names)s.")
            % {"names": ", ".join(failed)}
        )
    return " ".join(lines)


# The auditors' parameters that are decimals, and their places: shown in the reader's number
# format ("12,5" in Spanish).
_DECIMALS = {"average": 1}


def stored_shown(text: str, said: Mapping[str, Any]) -> str:
    """A text an offline auditor wrote (a quote's place), in the active language, written from
    the key and parameters its result stores (``said``), a decimal in the language's number
    format; any other text as it is."""
    stored = said.get(text)
    if not isinstance(stored, Mapping):
        return text
    params = dict(stored.get("params") or {})
    for name, places in _DECIMALS.items():
        with contextlib.suppress(KeyError, TypeError, ValueError):
            params[name] = number_format(float(params[name]), places)
    return AUDIT.render({**stored, "params": params}, gettext)


def reasoning_shown(reasoning: str, said: Mapping[str, Any]) -> str:
    """An offline auditor's reasoning ("<criterion>: <what it found>") in the active language,
    written from the key and parameters its result stores (``said``,
    ``council.domain.wording.audit_written``); a model's, or one no template wrote, as it is.
    A refusal the chain's analyzer wrote (a language not read) reads in the active language as
    well (its key read back from the English, as every council error's)."""
    at = reasoning.find(": ")
    while at != -1:
        name, rest = reasoning[:at], reasoning[at + 2 :]
        if isinstance(said.get(rest), Mapping):
            return f"{gettext(name)}: {stored_shown(rest, said)}"
        at = reasoning.find(": ", at + 1)
    return said_shown(reasoning)


def _fallacy_names(names: str) -> str:
    """ "false cause, possibly straw man" in the active language (ids' words as stored)."""
    shown = []
    for name in names.split(", "):
        possibly = name.startswith("possibly ")
        bare = name.removeprefix("possibly ")
        fallacy = TAXONOMY.get(bare.replace(" ", "_"))
        label = gettext(fallacy.label).lower() if fallacy is not None else bare
        shown.append(f"{gettext('possibly')} {label}" if possibly else label)
    return ", ".join(shown)


def _counts(counts: str) -> str:
    """ "1 High, 2 Medium" with the severities in the active language."""
    return ", ".join(
        f"{n} {gettext(word)}"
        for n, _, word in (item.partition(" ") for item in counts.split(", "))
    )


def assessment_shown(text: str, critique_shown: Callable[[str], str]) -> str:
    """The offline council's assessment (``synthesis.default_assessment``) in the active
    language, its primary concern through ``critique_shown``; any other text as it is."""
    said = SUMMARY.read(text)
    if said is None:
        return text
    values = dict(said.params)
    if "ran" in values:
        values["ran"] = SUMMARY.shown(values["ran"], gettext, parts=True)
    if "spread" in values:
        first = SUMMARY.read(values["spread"], parts=True)
        if first is not None and first.key == "spread.first":
            values["spread"] = gettext(SUMMARY.templates["spread.first"]) % {
                "counts": _counts(first.params["counts"]),
                "n": first.params["n"],
            }
        else:
            values["spread"] = _counts(values["spread"])
    for name in ("area", "severity"):
        if name in values:
            values[name] = gettext(values[name])
    if "critique" in values:
        values["critique"] = critique_shown(values["critique"])
    if "names" in values:
        values["names"] = _fallacy_names(values["names"])
    return gettext(SUMMARY.templates[said.key]) % values


SHOWN_VALUES = (
    # severities (council.domain.critique.schemas.Severity)
    gettext_noop("Low"),
    gettext_noop("Medium"),
    gettext_noop("High"),
    gettext_noop("Critical"),
    # the philosophers and their default areas (council.domain.critique.agents)
    gettext_noop("Aristotle"),
    gettext_noop("Structure"),
    gettext_noop("Clarity"),
    gettext_noop("Principles"),
    gettext_noop("Sufficient reason"),
    gettext_noop("Testability"),
    gettext_noop("Precision"),
    gettext_noop("General"),
    gettext_noop("Consistency"),
    gettext_noop("Evidence"),
    gettext_noop("Fallacy"),
    gettext_noop("Purpose"),
    gettext_noop("Foundations"),
    gettext_noop("Logic"),
    # a run's progress (critique.progress)
    gettext_noop("queued"),
    # the seeded rubrics and their criteria (council.domain.audit.rubrics)
    gettext_noop("Judicial opinion"),
    gettext_noop("Student argument"),
    gettext_noop("Security"),
    gettext_noop("Transparency of reasoning"),
    gettext_noop("Use of evidence and precedent"),
    gettext_noop("Balance and absence of bias"),
    gettext_noop("Claim"),
    gettext_noop("Grounds"),
    gettext_noop("Warrant"),
    gettext_noop("Backing"),
    gettext_noop("Qualifier"),
    gettext_noop("Rebuttal"),
)
