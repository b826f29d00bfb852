"""The Markdown export of a chain: deterministic, built from the stored components only."""

from __future__ import annotations

import re

from arguments.domain.toulmin import ChainState, Evaluation


def _list(items: list[str]) -> str:
    """A bullet list; never empty here: the schemas require at least one fact, citation and
    exception, and counterexamples are listed only when there are some."""
    return "\n".join(f"- {item}" for item in items)


def _citations(citations: list) -> str:
    return _list([f"{c.source} — {c.reference}" for c in citations])


def chain_markdown(
    state: ChainState, evaluation: Evaluation, *, source_text: str = "", engine: str = ""
) -> str:
    """The chain as a Markdown document: verdict first, then the diagram and each part."""
    document = ""  # the part already escaped, up to and with the diagram's code block
    lines = [f"# Toulmin analysis: {state.query}", ""]
    if engine:
        lines += [f"*Engine: {engine} · status: {evaluation.status.replace('_', ' ')}*", ""]
    if state.verdict:
        v = state.verdict
        lines += [
            f"## Verdict: {v.status.upper()}",
            "",
            f"**{v.final_statement}**",
            "",
            v.reasoning,
            "",
        ]
    elif evaluation.status == "terminated":
        lines += ["## Terminated", "", f"**{evaluation.termination_reason}**", ""]
    else:
        lines += [f"## In progress — next phase: {evaluation.next_phase}", ""]
    if evaluation.warnings:
        lines += ["> **Warnings:** " + " ".join(evaluation.warnings), ""]
    if state.claim and state.data:
        qualifier = (
            f"{state.qualifier.degree} ({state.qualifier.confidence_pct}%)"
            if state.qualifier
            else "…"
        )
        lines += ["## Diagram", ""]
        diagram = _code_block(
            [
                f"DATA ──► ({qualifier}) ──► CLAIM: {state.claim.statement}",
                f"   since WARRANT: {state.warrant.principle if state.warrant else '…'}",
                f"   on account of BACKING: {state.backing.authority if state.backing else '…'}",
                "   unless REBUTTAL: "
                + ("; ".join(state.rebuttal.exceptions) if state.rebuttal else "…"),
            ]
        )
        document = _no_html("\n".join(lines)) + "\n" + diagram + "\n\n"
        lines = [
            "## Claim",
            "",
            f"{state.claim.statement} *(scope: {state.claim.scope})*",
            "",
            "## Data",
            "",
            f"Evidence type: {state.data.evidence_type}",
            "",
            _list(state.data.facts),
            "",
            "Citations:",
            "",
            _citations(state.data.citations),
            "",
        ]
    if state.warrant:
        w = state.warrant
        lines += [
            "## Warrant",
            "",
            w.principle,
            "",
            f"Logic: {w.logic_type} · strength: {w.strength}",
            "",
        ]
    if state.backing:
        b = state.backing
        lines += [
            "## Backing",
            "",
            b.authority,
            "",
            f"Strength: {b.strength}",
            "",
            _citations(b.citations),
            "",
        ]
    if state.rebuttal:
        r = state.rebuttal
        lines += [
            "## Rebuttal",
            "",
            f"Strength: {r.strength}",
            "",
            "Exceptions:",
            "",
            _list(r.exceptions),
            "",
        ]
        if r.counterexamples:
            lines += ["Counterexamples:", "", _list(r.counterexamples), ""]
    if state.qualifier:
        q = state.qualifier
        lines += ["## Qualifier", "", f"{q.degree} — {q.confidence_pct}%", "", q.rationale, ""]
    if source_text:
        quoted = "\n".join(f"> {line}" if line else ">" for line in source_text.splitlines())
        lines += ["## Source text", "", quoted, ""]
    return document + _no_html("\n".join(lines).rstrip() + "\n")


def _code_block(lines: list[str]) -> str:
    """``lines`` shown literally: a renderer escapes a code block's content itself, so ``<`` and
    ``&`` stay as written. The fence is longer than any run of backticks inside, so no user
    text can close the block early and turn what follows into Markdown or HTML."""
    body = "\n".join(lines)
    longest = max((len(run) for run in re.findall(r"`+", body)), default=0)
    fence = "`" * max(3, longest + 1)
    return f"{fence}\n{body}\n{fence}"


def _no_html(markdown: str) -> str:
    """Markdown renderers pass raw HTML through: a query's ``<script>`` would run in a viewer.
    Escaping ``&`` and ``<`` in the prose (our own markup uses neither) leaves no tag or entity
    from user or model text; ``>`` stays, as it starts our block quotes. Backslashes and
    square brackets are escaped too (our markup uses none), so no ``![t](http://…)`` in user
    text becomes an image fetched from elsewhere and no ``[t](…)`` a link. The diagram's code
    block is not escaped (``_code_block``)."""
    return (
        markdown.replace("\\", "\\\\")
        .replace("[", "\\[")
        .replace("]", "\\]")
        .replace("&", "&amp;")
        .replace("<", "&lt;")
    )
