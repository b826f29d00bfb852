"""The Markdown export of a chain: deterministic, built from the stored components only. Its
own words (headings, labels, the values it names) go through ``translate`` (gettext from the
web layer: the English strings here are the catalogue's msgids; the identity by default),
the components' texts as they are given."""

from __future__ import annotations

import re
from collections.abc import Callable

from arguments.domain.toulmin import ChainState, Evaluation


def _list(items: list[str]) -> str:
    """A bullet list; never empty here: the schemas require at least one fact, citation and
    exception, and counterexamples are listed only when there are some."""
    return "\n".join(f"- {item}" for item in items)


def _citations(citations: list) -> str:
    return _list([f"{c.source} — {c.reference}" for c in citations])


def _same(text: str) -> str:
    return text


def chain_markdown(
    state: ChainState,
    evaluation: Evaluation,
    *,
    source_text: str = "",
    engine: str = "",
    translate: Callable[[str], str] = _same,
) -> str:
    """The chain as a Markdown document: verdict first, then the diagram and each part."""
    _ = translate
    document = ""  # the part already escaped, up to and with the diagram's code block
    lines = [_("# Toulmin analysis: %(query)s") % {"query": state.query}, ""]
    if engine:
        status = _(evaluation.status.replace("_", " "))
        lines += [
            _("*Engine: %(engine)s · status: %(status)s*") % {"engine": engine, "status": status},
            "",
        ]
    if state.verdict:
        v = state.verdict
        lines += [
            _("## Verdict: %(status)s") % {"status": _(v.status).upper()},
            "",
            f"**{v.final_statement}**",
            "",
            v.reasoning,
            "",
        ]
    elif evaluation.status == "terminated":
        lines += ["## " + _("Terminated"), "", f"**{evaluation.termination_reason}**", ""]
    else:
        phase = evaluation.next_phase
        lines += [_("## In progress — next phase: %(phase)s") % {"phase": phase}, ""]
    if evaluation.warnings:
        lines += ["> **" + _("Warnings:") + "** " + " ".join(evaluation.warnings), ""]
    if state.claim and state.data:
        qualifier = (
            f"{_(state.qualifier.degree)} ({state.qualifier.confidence_pct}%)"
            if state.qualifier
            else "…"
        )
        lines += ["## " + _("Diagram"), ""]
        diagram = _code_block(
            [
                f"{_('DATA')} ──► ({qualifier}) ──► {_('CLAIM')}: {state.claim.statement}",
                f"   {_('since WARRANT')}: {state.warrant.principle if state.warrant else '…'}",
                f"   {_('on account of BACKING')}: "
                + (state.backing.authority if state.backing else "…"),
                f"   {_('unless REBUTTAL')}: "
                + ("; ".join(state.rebuttal.exceptions) if state.rebuttal else "…"),
            ]
        )
        document = _no_html("\n".join(lines)) + "\n" + diagram + "\n\n"
        lines = [
            "## " + _("Claim"),
            "",
            f"{state.claim.statement} *("
            + _("scope: %(scope)s") % {"scope": _(state.claim.scope)}
            + ")*",
            "",
            "## " + _("Data"),
            "",
            _("Evidence type: %(type)s") % {"type": _(state.data.evidence_type)},
            "",
            _list(state.data.facts),
            "",
            _("Citations:"),
            "",
            _citations(state.data.citations),
            "",
        ]
    if state.warrant:
        w = state.warrant
        lines += [
            "## " + _("Warrant"),
            "",
            w.principle,
            "",
            _("Logic: %(logic)s · strength: %(strength)s")
            % {"logic": _(w.logic_type), "strength": _(w.strength)},
            "",
        ]
    if state.backing:
        b = state.backing
        lines += [
            "## " + _("Backing"),
            "",
            b.authority,
            "",
            _("Strength: %(strength)s") % {"strength": _(b.strength)},
            "",
            _citations(b.citations),
            "",
        ]
    if state.rebuttal:
        r = state.rebuttal
        lines += [
            "## " + _("Rebuttal"),
            "",
            _("Strength: %(strength)s") % {"strength": _(r.strength)},
            "",
            _("Exceptions:"),
            "",
            _list(r.exceptions),
            "",
        ]
        if r.counterexamples:
            lines += [_("Counterexamples:"), "", _list(r.counterexamples), ""]
    if state.qualifier:
        q = state.qualifier
        lines += ["## " + _("Qualifier"), "", f"{_(q.degree)} — {q.confidence_pct}%", ""]
        lines += [q.rationale, ""]
    if source_text:
        quoted = "\n".join(f"> {line}" if line else ">" for line in source_text.splitlines())
        lines += ["## " + _("Source text"), "", quoted, ""]
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
