"""A chain written in Argdown (https://argdown.org), the plain-text syntax for arguments.

The argument is a premise–conclusion structure: the data and the warrant are the premises,
the claim the conclusion. The backing supports the warrant (``<+`` below it), each exception
or counterexample of the rebuttal attacks the claim (``-`` below it), and the qualifier is a
tag on the claim. YAML front matter (between ``===`` lines) carries the title, the query,
the status and the verdict. Framework-free; checked in the tests with the Argdown tools' own
parser (npm ``@argdown/core``).
"""

from __future__ import annotations

import json
import re

from arguments.domain.toulmin import ChainState, Evaluation

# Characters the Argdown lexer treats as syntax inside a statement's text (tags, references,
# mentions, emphasis, data, comments, escapes, and ``=`` since ``===`` anywhere opens front
# matter); a backslash makes each one plain text.
_SPECIAL = re.compile(r"([\\\[\]<>#*_@{}/:=])")
ARGUMENT_TITLE = "Toulmin argument"


def escape(text: str) -> str:
    """``text`` on one line, its Argdown syntax characters escaped."""
    return _SPECIAL.sub(r"\\\1", " ".join(text.split()))


def _tag(text: str) -> str:
    # A tag is #word or #(several words); parentheses cannot be escaped inside it.
    words = re.sub(r"[()]", "", " ".join(text.split()))
    return f"#({words})"


def _yaml(value: object) -> str:
    # JSON strings are valid YAML scalars, quoted and escaped. The lexer ends the front matter
    # at the first ``===`` even inside a quoted string, so ``=`` is written as YAML's \\u003d.
    return json.dumps(value, ensure_ascii=False).replace("=", "\\u003d")


def chain_argdown(state: ChainState, evaluation: Evaluation) -> str:
    """The chain as an Argdown document (front matter, a heading, the argument)."""
    title = f"Toulmin analysis: {state.query}"
    front = [
        "===",
        f"title: {_yaml(' '.join(title.split()))}",
        f"query: {_yaml(state.query)}",
        f"status: {_yaml(evaluation.status)}",
    ]
    if evaluation.termination_reason:
        front.append(f"termination_reason: {_yaml(evaluation.termination_reason)}")
    if state.qualifier is not None:
        front.append(f"qualifier: {_yaml(state.qualifier.degree)}")
        front.append(f"confidence_pct: {state.qualifier.confidence_pct}")
    if state.verdict is not None:
        front.append(f"verdict: {_yaml(state.verdict.status)}")
        front.append(f"final_statement: {_yaml(state.verdict.final_statement)}")
    front.append("===")
    lines = [*front, "", f"# {escape(title)}", ""]
    if state.claim is None or state.data is None:
        lines.append("// No claim and data yet: the chain has not passed phase 1.")
        return "\n".join(lines) + "\n"

    summary = f"<{ARGUMENT_TITLE}>: {escape(state.claim.statement)}"
    if state.verdict is not None:
        summary += f" {_tag('verdict ' + state.verdict.status)}"
    lines += [summary, ""]
    # The citations are the data's as a whole: said once, above the data, not indented under
    # the last datum as if they were that datum's alone.
    count = len(state.data.facts)
    which = "datum 1" if count == 1 else f"data 1–{count}"
    sources = "; ".join(f"{c.source}, {c.reference}" for c in state.data.citations)
    lines.append(
        f"// Evidence for {which} ({state.data.evidence_type}): {' '.join(sources.split())}"
    )
    number = 0
    for index, fact in enumerate(state.data.facts, start=1):
        number += 1
        lines.append(f"({number}) [Datum {index}]: {escape(fact)}")
    if state.warrant is not None:
        number += 1
        w = state.warrant
        lines.append(
            f"({number}) [Warrant]: {escape(w.principle)} {_tag(w.logic_type)} "
            f"{_tag('strength ' + w.strength)}"
        )
        if state.backing is not None:
            b = state.backing
            lines.append(
                f"    <+ [Backing]: {escape(b.authority)} {_tag('strength ' + b.strength)}"
            )
    lines.append("----")
    claim = f"({number + 1}) [Claim]: {escape(state.claim.statement)} {_tag(state.claim.scope)}"
    if state.qualifier is not None:
        q = state.qualifier
        claim += f" {_tag(q.degree)} {_tag(f'confidence {q.confidence_pct} percent')}"
    lines.append(claim)
    if state.rebuttal is not None:
        r = state.rebuttal
        for kind, texts in (("Exception", r.exceptions), ("Counterexample", r.counterexamples)):
            for index, text in enumerate(texts, start=1):
                lines.append(
                    f"    - [{kind} {index}]: {escape(text)} {_tag('strength ' + r.strength)}"
                )
    if state.qualifier is not None:
        lines += ["", f"// Qualifier: {' '.join(state.qualifier.rationale.split())}"]
    if state.verdict is not None:
        lines += [
            "",
            f"// Verdict ({state.verdict.status}): {' '.join(state.verdict.reasoning.split())}",
        ]
    return "\n".join(lines) + "\n"
