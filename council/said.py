"""What the council wrote in a critique or an audit's error, stored as keys and parameters and
shown from them in a reader's language: the mechanism of ``Chain.said`` and
``AuditCriterionResult.said`` (``toulmini_site.text.wording``), over the council's catalogues.

A critique stores, by English text (``Critique.said``, ``critique_written``), the key and
parameters of each sentence the offline council wrote: its philosophers' findings (a rule's,
``council.domain.critique.claims.CLAIMS``, or its naming of a fallacy: its voice, the fallacy's
id and the checker's explanation with the words it quotes), the self-critique notes
(``NOTES``), the assessment (``SUMMARY``, its primary concern a finding's structure in turn)
and the run's error (``ERRORS``, whose reason may be the chain analyzer's refusal of the
text's language). An audit stores its error's the same way (``Audit.said``), and each
criterion's error beside its reasoning (``AuditCriterionResult.said``). ``said_shown`` writes a
stored text in the language of ``translate``; a text with nothing stored (a model's, a
student's) is shown as written. The rows stored before the keys get theirs from their English
through a data migration (the catalogues' reverse mapping, lossless for every template).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from typing import Any

from arguments.domain.fallacies import TAXONOMY
from arguments.domain.fallacies.explanations import read_explanation, wording
from arguments.domain.wording import CATALOGUE as ANALYZER
from council.domain.audit.rubrics import SEED_RUBRICS
from council.domain.critique.claims import CLAIMS
from council.domain.critique.offline import fallacy_claim, fallacy_claim_read
from council.domain.wording import ERRORS, NOTES, SUMMARY
from toulmini_site.llm.wording import MESSAGES as MODEL

# The key of a philosopher's naming of a fallacy (``offline.fallacy_claim``).
FALLACY = "fallacy"

Translate = Callable[[str], str]


def claim_structure(claim: str, fallacy_id: str = "") -> dict[str, Any] | None:
    """The key and parameters of a finding an offline philosopher wrote: its naming of the
    fallacy ``fallacy_id`` (voice, id, the checker's explanation) or a rule's finding; None
    for any other claim (a model's)."""
    fallacy = TAXONOMY.get(fallacy_id)
    parts = fallacy_claim_read(claim, fallacy.label) if fallacy is not None else None
    explanation = read_explanation(parts[1]) if parts is not None else None
    if parts is not None and explanation is not None:
        return {
            "key": FALLACY,
            "params": {
                "voice": parts[0],
                "fallacy": fallacy_id,
                "explanation": {"key": explanation.key, "params": dict(explanation.params)},
            },
        }
    return CLAIMS.structure(claim)


def assessment_structure(text: str, top_fallacy: str = "") -> dict[str, Any] | None:
    """The key and parameters of the offline council's assessment, its primary concern (the
    first point's finding, which names ``top_fallacy`` when it names one) a finding's
    structure in turn; None for a model's summary."""
    said = SUMMARY.structure(text)
    if said is not None and isinstance(said["params"].get("critique"), str):
        critique = said["params"]["critique"]
        said["params"]["critique"] = claim_structure(critique, top_fallacy) or critique
    return said


def _reason_structure(text: str) -> dict[str, Any] | None:
    """A failure's reason: the chain analyzer's refusal or a model client's message."""
    return ANALYZER.structure(text) or MODEL.structure(text)


# "criterion: reason; criterion: reason" after "No criterion could be scored."
_CRITERION_REASON = re.compile(r"(?:^|; )([\w.-]+): ")


def _criterion_reasons(reasons: str) -> dict[str, Any] | None:
    """Each criterion's failure in the reasons an audit lists, its reason's structure in turn
    (``{"criteria": [[criterion id, reason], ...]}``); None when they do not read so."""
    cuts = list(_CRITERION_REASON.finditer(reasons))
    if not cuts or cuts[0].start() != 0:
        return None
    pairs = []
    for cut, after in zip(cuts, [*cuts[1:], None], strict=True):
        reason = reasons[cut.end() : after.start() if after else len(reasons)]
        pairs.append([cut[1], _reason_structure(reason) or reason])
    return {"criteria": pairs}


def error_structure(text: str) -> dict[str, Any] | None:
    """The key and parameters of an error the council's services wrote, its reason the chain
    analyzer's refusal or a model client's message in turn (each criterion's reason after "No
    criterion could be scored."); a refusal or a model client's message alone gets its own;
    None for any other text."""
    said = ERRORS.structure(text)
    if said is None:
        return _reason_structure(text)  # the refusal alone (an audit's), a model's failure
    reason = said["params"].get("reason")
    if isinstance(reason, str):
        said["params"]["reason"] = _reason_structure(reason) or reason
    reasons = said["params"].get("reasons")
    if isinstance(reasons, str):
        said["params"]["reasons"] = _criterion_reasons(reasons) or reasons
    return said


def _reason_render(reason: Mapping[str, Any], translate: Translate) -> str:
    key = reason.get("key")
    if key in ERRORS.templates:
        return render(reason, translate)
    if key in MODEL.templates:
        return MODEL.render(reason, translate)
    return ANALYZER.render(reason, translate)


def _node_errors(nodes: Any) -> Iterator[str]:
    """The error of every node of a tree that has one ("Decomposition failed: ...")."""
    for node in nodes if isinstance(nodes, list) else []:
        if isinstance(node, Mapping):
            if node.get("error"):
                yield str(node["error"])
            yield from _node_errors(node.get("sub_critiques"))


def _nodes(nodes: Any, said: str = "claim") -> Iterator[tuple[str, str]]:
    """(claim, fallacy id) of every node of a tree (or of the points, under ``critique``)."""
    for node in nodes if isinstance(nodes, list) else []:
        if isinstance(node, Mapping):
            yield str(node.get(said) or ""), str(node.get("fallacy") or "")
            yield from _nodes(node.get("sub_critiques"))


def critique_written(
    *,
    trees: Mapping[str, Any] | None = None,
    adjustments: Mapping[str, Any] | None = None,
    result: Mapping[str, Any] | None = None,
    progress: Mapping[str, Any] | None = None,
    error: str = "",
) -> dict[str, Any]:
    """What a critique stores of the sentences the offline council wrote (see the module): each
    one's key and parameters by its English text, from its trees, self-critique notes,
    result (points and assessment), the findings its progress shows while it runs, and its
    error. A text no template wrote (a model's) has none."""
    claims = [pair for tree in (trees or {}).values() for pair in _nodes(tree)]
    points = (result or {}).get("points") or []
    claims += list(_nodes(points, said="critique"))
    for agent in ((progress or {}).get("agents") or {}).values():
        if isinstance(agent, Mapping):
            claims += list(_nodes(agent.get("findings")))
    stored: dict[str, Any] = {}
    for claim, fallacy in claims:
        if claim and claim not in stored and (said := claim_structure(claim, fallacy)):
            stored[claim] = said
    for outcome in (adjustments or {}).values():
        accepted = outcome.get("accepted") if isinstance(outcome, Mapping) else None
        for item in accepted if isinstance(accepted, list) else []:
            note = str(item.get("reasoning") or "") if isinstance(item, Mapping) else ""
            if note and (said := NOTES.structure(note)):
                stored[note] = said
    assessment = str((result or {}).get("final_assessment") or "")
    top = points[0].get("fallacy") or "" if points and isinstance(points[0], Mapping) else ""
    if assessment and (said := assessment_structure(assessment, str(top))):
        stored[assessment] = said
    failures = [f.get("error") for f in (result or {}).get("failures") or [] if f]
    failures += [e for tree in (trees or {}).values() for e in _node_errors(tree)]
    for text in [error, *failures]:
        if isinstance(text, str) and text and (said := error_structure(text)):
            stored[text] = said
    return stored


def errors_written(*errors: str) -> dict[str, Any]:
    """What an audit (or one of its results) stores of its errors: each one's key and
    parameters by its English text (``error_structure``)."""
    return {error: said for error in errors if error and (said := error_structure(error))}


def render(said: Mapping[str, Any], translate: Translate) -> str:
    """A stored structure (see the module) in the language of ``translate``."""
    key = str(said.get("key", ""))
    params = dict(said.get("params") or {})
    if key == FALLACY:
        label = TAXONOMY[params["fallacy"]].label
        explanation = params["explanation"]
        return fallacy_claim(
            translate(params["voice"]),
            translate(label),
            wording(explanation["key"], explanation["params"], translate),
        )
    if key in SUMMARY.sentences:
        return _assessment_render(key, params, translate)
    if key in NOTES.templates:
        return NOTES.render(said, translate)
    if key in ERRORS.templates:
        reason = params.get("reason")
        if isinstance(reason, Mapping):
            params["reason"] = _reason_render(reason, translate)
        reasons = params.get("reasons")
        if isinstance(reasons, Mapping):
            params["reasons"] = "; ".join(
                f"{_criterion_name(criterion, translate)}: "
                + (_reason_render(why, translate) if isinstance(why, Mapping) else str(why))
                for criterion, why in reasons.get("criteria") or []
            )
        return translate(ERRORS.templates[key]) % params
    if key in MODEL.templates:
        return MODEL.render(said, translate)
    if key in CLAIMS.templates:
        return CLAIMS.render(said, translate)
    return ANALYZER.render(said, translate)  # the analyzer's refusal, alone


# The seeded rubrics' criterion names by id: a failed audit's reasons store the id; a
# criterion an admin added has no seeded name and is shown by its id.
_SEEDED_NAMES = {c.id: c.name for rubric in SEED_RUBRICS for c in rubric.criteria}


def _criterion_name(criterion: object, translate: Translate) -> str:
    name = _SEEDED_NAMES.get(str(criterion))
    return translate(name) if name else str(criterion)


def said_shown(text: str, said: Mapping[str, Any], translate: Translate) -> str:
    """``text`` in the language of ``translate``, written from its stored structure in
    ``said`` (by English text); a text with none there as it is."""
    stored = said.get(text)
    return render(stored, translate) if isinstance(stored, Mapping) else text


def _fallacy_names(names: str, translate: Translate) -> str:
    """ "false cause, possibly straw man" (the ids' words) with the labels translated."""
    shown = []
    for name in names.split(", "):
        possibly = name.startswith("possibly ")
        bare = name.removeprefix("possibly ")
        fallacy = TAXONOMY.get(bare.replace(" ", "_"))
        label = translate(fallacy.label).lower() if fallacy is not None else bare
        shown.append(f"{translate('possibly')} {label}" if possibly else label)
    return ", ".join(shown)


def _counts(counts: str, translate: Translate) -> str:
    """ "1 High, 2 Medium" with the severities translated."""
    return ", ".join(
        f"{n} {translate(word)}"
        for n, _, word in (item.partition(" ") for item in counts.split(", "))
    )


def _assessment_render(key: str, params: dict[str, Any], translate: Translate) -> str:
    values: dict[str, Any] = dict(params)
    if isinstance(values.get("ran"), Mapping):
        values["ran"] = SUMMARY.render(values["ran"], translate)
    spread = values.get("spread")
    if isinstance(spread, Mapping):  # "... among the first n"
        values["spread"] = translate(SUMMARY.templates["spread.first"]) % {
            "counts": _counts(str(spread["params"]["counts"]), translate),
            "n": spread["params"]["n"],
        }
    elif isinstance(spread, str):
        values["spread"] = _counts(spread, translate)
    for name in ("area", "severity"):
        if name in values:
            values[name] = translate(str(values[name]))
    if isinstance(values.get("critique"), Mapping):
        values["critique"] = render(values["critique"], translate)
    if "names" in values:
        values["names"] = _fallacy_names(str(values["names"]), translate)
    return translate(SUMMARY.templates[key]) % values
