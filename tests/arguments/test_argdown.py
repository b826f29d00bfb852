"""The Argdown export, read back by the Argdown tools' own parser (npm @argdown/core).

The parser runs under node from tests/argdown_parser (``make argdown-parser``, which ``make
test`` runs, installs it with ``npm ci`` from the pinned lock file). Without node or the
package these tests skip, saying so; the structure tests at the end need neither.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

from arguments.domain.argdown import chain_argdown, escape
from arguments.domain.toulmin import evaluate, state_from_json
from tests.arguments import builders as b

PARSER_DIR = Path(__file__).resolve().parent.parent / "argdown_parser"
NODE = shutil.which("node")
PARSER_READY = NODE is not None and (PARSER_DIR / "node_modules" / "@argdown" / "core").is_dir()
needs_parser = pytest.mark.skipif(
    not PARSER_READY,
    reason="the Argdown parser is not installed: needs node and `make argdown-parser` "
    "(npm ci in tests/argdown_parser)",
)
QUERY = "Should schools start later?"


def argdown(query: str = QUERY, **over) -> str:
    state = state_from_json(query, b.full_chain(**over))
    return chain_argdown(state, evaluate(state))


def parse(text: str) -> dict:
    done = subprocess.run(
        [NODE, str(PARSER_DIR / "check.mjs")],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    return json.loads(done.stdout)


def without_tags(text: str) -> str:
    return text.split(" #(")[0]


@needs_parser
def test_the_argdown_parser_reads_the_premise_conclusion_structure():
    parsed = parse(argdown())

    assert parsed["lexerErrors"] == [] and parsed["parserErrors"] == []
    [(title, argument)] = parsed["arguments"].items()
    assert title == "Toulmin argument"
    roles = [(s["role"], s["title"]) for s in argument["pcs"]]
    assert roles == [("premise", "Datum 1"), ("premise", "Warrant"), ("main-conclusion", "Claim")]
    assert without_tags(argument["pcs"][2]["text"]) == b.claim()["statement"]
    assert without_tags(argument["pcs"][1]["text"]) == b.warrant()["principle"]


@needs_parser
def test_the_backing_supports_the_warrant_and_each_rebuttal_attacks_the_claim():
    parsed = parse(argdown(rebuttal=b.rebuttal(exceptions=["One."], counterexamples=["Two."])))

    assert sorted((r["from"], r["to"], r["type"]) for r in parsed["relations"]) == [
        ("Backing", "Warrant", "support"),
        ("Counterexample 1", "Claim", "attack"),
        ("Exception 1", "Claim", "attack"),
    ]


@needs_parser
def test_the_qualifier_is_a_tag_and_the_front_matter_carries_title_and_verdict():
    parsed = parse(argdown())

    assert "presumably" in parsed["statements"]["Claim"]["tags"]
    front = parsed["frontMatter"]
    assert front["title"] == f"Toulmin analysis: {QUERY}"
    assert (front["verdict"], front["qualifier"], front["confidence_pct"]) == (
        "sustained",
        "presumably",
        75,
    )


@needs_parser
def test_argdown_syntax_in_the_texts_stays_text():
    tricky = "Use [refs], <args>, #tags, @mentions, *stars*, _under_ and {data} // not a comment"
    parsed = parse(argdown(query=f"{tricky}?", claim=b.claim(statement=tricky)))

    assert parsed["lexerErrors"] == [] and parsed["parserErrors"] == []
    assert without_tags(parsed["statements"]["Claim"]["text"]) == tricky
    assert parsed["frontMatter"]["query"] == f"{tricky}?"
    assert list(parsed["arguments"]) == ["Toulmin argument"]


@needs_parser
def test_equals_and_dash_runs_in_the_texts_do_not_end_the_front_matter_or_lose_a_statement():
    # The lexer's front matter ends at the first ``===`` anywhere, even in a quoted string.
    claim = "Strict equality a === b is safer than a == b --- usually."
    facts = ["===", "---", "a === b and c --- d"]
    parsed = parse(
        argdown(
            query="Is a === b in JavaScript safer than a == b?",
            data=b.data(facts=facts),
            claim=b.claim(statement=claim),
            verdict=b.verdict(final_statement="=== yes ===", reasoning="--- and === " * 6),
        )
    )

    assert parsed["lexerErrors"] == [] and parsed["parserErrors"] == []
    front = parsed["frontMatter"]
    assert front["query"] == "Is a === b in JavaScript safer than a == b?"
    assert front["final_statement"] == "=== yes ==="
    assert front["verdict"] == "sustained"
    statements = parsed["statements"]
    assert [statements[f"Datum {i}"]["text"] for i in (1, 2, 3)] == facts
    assert without_tags(statements["Claim"]["text"]) == claim
    assert list(parsed["arguments"]) == ["Toulmin argument"]


@needs_parser
def test_equals_in_a_terminated_chain_keep_the_front_matter_and_its_reason():
    parts = b.full_chain(warrant=b.warrant(strength="weak", principle="If a === b then a == b."))
    kept = {k: parts[k] for k in ("data", "claim", "warrant", "backing")}
    state = state_from_json("Is a === b safer?", kept)

    parsed = parse(chain_argdown(state, evaluate(state)))

    assert parsed["lexerErrors"] == [] and parsed["parserErrors"] == []
    assert parsed["frontMatter"]["status"] == "terminated"
    assert "REJECTED" in parsed["frontMatter"]["termination_reason"]
    assert without_tags(parsed["statements"]["Warrant"]["text"]) == "If a === b then a == b."


@needs_parser
def test_a_chain_stopped_at_the_warrant_still_parses_without_a_rebuttal():
    parts = b.full_chain(warrant=b.warrant(strength="weak"))
    state = state_from_json(QUERY, {k: parts[k] for k in ("data", "claim", "warrant", "backing")})

    parsed = parse(chain_argdown(state, evaluate(state)))

    assert parsed["parserErrors"] == []
    assert parsed["frontMatter"]["status"] == "terminated"
    assert "strength weak" in parsed["statements"]["Warrant"]["tags"]
    assert [r["type"] for r in parsed["relations"]] == ["support"]


# -- the text we write, without the parser ------------------------------------------------


def test_escape_marks_every_syntax_character_and_joins_lines():
    assert escape("a #b [c]\n<d> @e") == r"a \#b \[c\] \<d\> \@e"


def test_an_empty_chain_says_it_has_no_argument_yet():
    state = state_from_json(QUERY, {})

    text = chain_argdown(state, evaluate(state))

    assert text.startswith("===\n")
    assert "(1)" not in text
    assert "has not passed phase 1" in text


def test_the_data_citations_are_said_once_above_the_data_not_under_the_last_datum():
    facts = ["Teens need 9 hours of sleep.", "Grades rose after the change."]
    text = argdown(data=b.data(facts=facts))
    lines = text.splitlines()
    evidence = [i for i, line in enumerate(lines) if "Evidence" in line]
    first_datum = next(i for i, line in enumerate(lines) if line.startswith("(1) [Datum 1]"))

    assert len(evidence) == 1 and text.count("American Academy of Pediatrics") == 1
    assert evidence[0] == first_datum - 1
    assert lines[evidence[0]].startswith("// Evidence for data 1–2 (expert): ")
