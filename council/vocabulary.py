"""The council's values pages show (severities, areas, philosophers, the seeded rubrics and
their criteria). They are stored in English; a page shows each through
``{% translate value %}``, so a rubric a teacher adds in the admin shows as written.
Listing them here with ``gettext_noop`` puts them in the translation catalogue.
"""

import contextlib
from collections.abc import Mapping
from typing import Any

from django.utils.formats import number_format
from django.utils.translation import get_language, gettext, gettext_noop, ngettext

from arguments.domain.fallacies import TAXONOMY
from council.domain.audit.report import SECURITY_CAP
from council.domain.critique.formatter import OFFLINE_USAGE, format_critique_output
from council.domain.wording import AUDIT
from council.said import error_structure, render, said_shown


def shown(text: str, said: Mapping[str, Any]) -> str:
    """A text the offline council wrote (a finding, a note, the assessment, an error) in the
    active language, written from the key and parameters stored for it (``said``, by English
    text: ``Critique.said``, ``Audit.said``); a text with none (a model's) as written."""
    return said_shown(text, said, gettext)


def refusal_shown(text: str) -> str:
    """A refusal the council's services raised in English (the analyzer's refusal of a text's
    language, a model client's message) in the active language; any other text as it is."""
    said = error_structure(text)
    return render(said, gettext) if said is not None else text


def _nodes_shown(nodes: list[Any], said: Mapping[str, Any], field: str = "claim") -> list[Any]:
    return [
        {
            **node,
            field: shown(str(node.get(field, "")), said),
            **({"error": shown(str(node["error"]), said)} if node.get("error") else {}),
            "sub_critiques": _nodes_shown(node.get("sub_critiques") or [], said),
        }
        if isinstance(node, dict)
        else node
        for node in nodes
    ]


def critique_json_shown(data: dict[str, Any], said: Mapping[str, Any]) -> dict[str, Any]:
    """A critique's JSON (the API's) with what the offline council wrote in the active
    language, written from what the critique stores (``said``: ``Critique.said``): the
    assessment, the points' and the trees' findings, the findings its progress shows, the
    self-critique notes, the error. ids and values never change."""
    data = dict(data)
    result = data.get("result")
    if isinstance(result, dict) and result:
        data["result"] = {
            **result,
            "final_assessment": shown(str(result.get("final_assessment", "")), said),
            "points": _nodes_shown(result.get("points") or [], said, field="critique"),
        }
        if isinstance(result.get("failures"), list):
            data["result"]["failures"] = [
                {**f, "error": shown(str(f.get("error", "")), said)} if isinstance(f, dict) else f
                for f in result["failures"]
            ]
    if isinstance(data.get("trees"), dict):
        data["trees"] = {name: _nodes_shown(tree, said) for name, tree in data["trees"].items()}
    if isinstance(data.get("progress"), dict):
        data["progress"] = {
            name: {**agent, "findings": _nodes_shown(agent["findings"], said)}
            if isinstance(agent, dict) and isinstance(agent.get("findings"), list)
            else agent
            for name, agent in data["progress"].items()
        }
    if isinstance(data.get("adjustments"), dict):
        data["adjustments"] = {
            name: _notes_shown(outcome, said) for name, outcome in data["adjustments"].items()
        }
    if data.get("error"):
        data["error"] = shown(str(data["error"]), said)
    return data


def _notes_shown(outcome: Any, said: Mapping[str, Any]) -> Any:
    """An agent's self-critique (``{"accepted": [...], "rejected": [...]}``) with the notes the
    offline philosophers wrote in the active language."""
    if not isinstance(outcome, dict):
        return outcome
    return {
        **outcome,
        "accepted": [
            {**a, "reasoning": shown(str(a.get("reasoning", "")), said)}
            if isinstance(a, dict)
            else a
            for a in outcome.get("accepted") or []
        ],
    }


def critique_usage_shown(critique: Any) -> str:
    """What a critique's run cost, in the active language."""
    if critique.engine == "offline":
        return gettext(OFFLINE_USAGE)
    return ngettext(
        "%(calls)s model call, %(tin)s tokens in, %(tout)s out.",
        "%(calls)s model calls, %(tin)s tokens in, %(tout)s out.",
        critique.model_calls,
    ) % {"calls": critique.model_calls, "tin": critique.tokens_in, "tout": critique.tokens_out}


def critique_formatted_shown(critique: Any) -> str:
    """A critique's plain-text report in the active language, written again from its result
    (the report's words, the assessment, the points' claims, the areas, severities and
    fallacies, the confidences in the language's number format: "0,72" in Spanish); an
    English reader gets the stored report as it was written."""
    if not critique.result or (get_language() or "en").startswith("en"):
        return str(critique.formatted)
    result = critique_json_shown({"result": critique.result}, critique.said)["result"]
    usage = critique_usage_shown(critique)
    return format_critique_output(
        result,
        usage=usage.rstrip("."),
        translate=gettext,
        fallacy_label=fallacy_label,
        decimal=lambda value: number_format(value, 2),
    )


def fallacy_label(fallacy_id: str) -> str:
    """A named fallacy's label in the active language (results store its id)."""
    fallacy = TAXONOMY.get(fallacy_id)
    return gettext(fallacy.label) if fallacy is not None else fallacy_id


def audit_json_shown(
    data: dict[str, Any], said: Mapping[str, Mapping[str, Any]], audit_said: Mapping[str, Any]
) -> dict[str, Any]:
    """An audit's JSON (the API's) with what the offline auditors wrote in the active language:
    each result's reasoning, its quotes' places and its error, written from the keys and
    parameters the result stores (``said``: by criterion id, ``AuditCriterionResult.said``),
    and the audit's error, from the audit's (``audit_said``: ``Audit.said``)."""
    data = dict(data)
    data["results"] = [
        {
            **r,
            # a seeded criterion's name is in the catalogue; an admin's own comes back as written
            "name": gettext(str(r["name"])) if r.get("name") else r.get("name"),
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
            "error": shown(str(r.get("error") or ""), said.get(str(r.get("criterion_id")), {})),
        }
        for r in data.get("results") or []
    ]
    if data.get("error"):
        data["error"] = shown(str(data["error"]), audit_said)
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
    A refusal the chain's analyzer wrote (a language not read) is written from what the result
    stores of it as well (``council.said.errors_written``)."""
    at = reasoning.find(": ")
    while at != -1:
        name, rest = reasoning[:at], reasoning[at + 2 :]
        if isinstance(said.get(rest), Mapping):
            return f"{gettext(name)}: {stored_shown(rest, said)}"
        at = reasoning.find(": ", at + 1)
    return shown(reasoning, said)


SHOWN_VALUES = (
    # where an agent failed (council.services.critique_council, domain.critique.tree)
    gettext_noop("critique"),
    gettext_noop("self-critique"),
    gettext_noop("synthesis summary"),
    gettext_noop("level %(n)s"),
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
