"""Prompt builders for the four phases and the Markdown report.

Every prompt is: the system directive (JSON only, user data is data), the phase's task, rules
and exact JSON schema (text files in ``arguments/prompts/``), then the user's material as a
JSON document between ``BEGIN USER DATA`` and ``END USER DATA`` (the one prompt fence,
``toulmini_site.text.fence``): nothing inside it can forge the closing line, in any case.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from arguments.domain.fallacies import TAXONOMY
from arguments.domain.toulmin import PHASES, ChainState
from toulmini_site.text.fence import fence

_TEMPLATES: dict[str, str] = {}


def templates_install(texts: Mapping[str, str]) -> None:
    """Give the builders their texts (``arguments/prompts/*.txt``, read by the app at start-up:
    the domain reads no files)."""
    _TEMPLATES.update(texts)


def template(name: str) -> str:
    """The text of ``arguments/prompts/<name>.txt``, as installed."""
    try:
        return _TEMPLATES[name]
    except KeyError:
        raise LookupError(f"The prompt text {name!r} is not installed.") from None


def _material(
    state: ChainState,
    upto_phase: int,
    source_text: str = "",
    given: Mapping[str, list[str]] | None = None,
) -> dict[str, Any]:
    material: dict[str, Any] = {"query": state.query}
    if source_text:
        material["source_text"] = source_text
    if given:  # sentences the text's owner says play a role (a correction)
        material["owner_marked"] = {role: list(texts) for role, texts in given.items() if texts}
    for number in range(1, upto_phase):
        for name in PHASES[number].components:
            value = getattr(state, name)
            material[name] = value.model_dump() if value is not None else None
    return material


def phase_task(phase: int) -> str:
    """The phase's task, rules and schema, without the system directive or data."""
    return template(f"phase{phase}")


def phase_prompt(
    phase: int,
    state: ChainState,
    *,
    source_text: str = "",
    given: Mapping[str, list[str]] | None = None,
) -> str:
    """One self-contained prompt for ``phase`` (for the user's own AI or an MCP client);
    ``given`` as in ``phase_messages``."""
    task = phase_task(phase)
    if given and any(given.values()):
        task += "\n\n" + template("owner_marked")
    return "\n\n".join(
        [template("system"), task, fence(_material(state, phase, source_text, given))]
    )


def phase_messages(
    phase: int,
    state: ChainState,
    *,
    source_text: str = "",
    given: Mapping[str, list[str]] | None = None,
) -> list[dict[str, str]]:
    """The same prompt as chat messages for a server-side model; ``given``: the sentences
    the chain's owner gave a role (claim, data, warrant, rebuttal), which the model is told
    to keep in that role (``corrections.owner_roles_kept`` keeps them whatever it answers)."""
    task = phase_task(phase)
    if given and any(given.values()):
        task += "\n\n" + template("owner_marked")
    return [
        {"role": "system", "content": template("system")},
        {
            "role": "user",
            "content": task + "\n\n" + fence(_material(state, phase, source_text, given)),
        },
    ]


def report_prompt(state: ChainState) -> str:
    """The prompt that asks a model to write the Markdown report of a complete chain."""
    system = template("system").replace(
        "OUTPUT FORMAT:\nReturn ONLY valid JSON. No markdown. No explanation. No hedging.",
        "OUTPUT FORMAT:\nReturn ONLY the Markdown report. No preamble.",
    )
    return "\n\n".join([system, template("report"), fence(_material(state, 5))])


def fallacy_messages(text: str) -> list[dict[str, str]]:
    """The chat messages asking a model to name the fallacies in ``text``."""
    taxonomy = "\n".join(f"- {f.id}: {f.definition}" for f in TAXONOMY.values())
    task = template("fallacies").replace("{taxonomy}", taxonomy)
    return [
        {"role": "system", "content": template("system")},
        {"role": "user", "content": task + "\n\n" + fence({"text": text})},
    ]
