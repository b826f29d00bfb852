"""What the offline auditors and the council's summary write, as templates with a key and the
words they quote (``toulmini_site.text.wording``), so an audit page and a critique page show
them in the reader's language; the words quoted from the document stay as written. The English
is what the engines store (and what every test of theirs reads). An audit's result also stores
each of its sentences' key and parameters (``audit_written``) and its page and API write them
from there; a critique and an audit's error store theirs the same way (``council.said``, which
reads them back from the English: every template reads back whole, which the tests check)."""

from __future__ import annotations

from typing import Any

from toulmini_site.text.wording import Catalogue

AUDIT = Catalogue(
    {
        "reasoning.some": (
            "%(n)s of %(total)s sentences state a reason or draw an inference (%(labels)s)."
        ),
        "reasoning.none": "No sentence states a reason or draws an inference.",
        "citations.one": "1 sentence rests on cited authority or the record (%(labels)s).",
        "citations.many": "%(n)s sentences rest on cited authority or the record (%(labels)s).",
        "citations.none": "No citation, precedent or reference to the record was found.",
        "clarity": "sentences average %(average)s words; %(long)s run past %(limit)s words.",
        "security.none": (
            "no unredacted identifier, account number or minor's name, and no instruction aimed "
            "at an AI, was found by the pattern checks."
        ),
        "security.one": "1 sentence exposes or attempts: %(kinds)s.",
        "security.many": "%(n)s sentences expose or attempt: %(kinds)s.",
        "read.one": "1 sentence serves as %(named)s in the argument's reading.",
        "read.many": "%(n)s sentences serve as %(named)s in the argument's reading.",
        "read.none": "No sentence serves as %(named)s in the argument's reading.",
        "read.implicit_warrant": (
            "No sentence states the warrant: the rule linking the grounds to the claim is left "
            "implicit (the author assumes it). Stating it ('In general, ...') would make it open "
            "to examination."
        ),
        "markers.one": "1 sentence shows the markers of %(named)s.",
        "markers.many": "%(n)s sentences show the markers of %(named)s.",
        "markers.none": "No sentence shows the markers of %(named)s.",
        "balance": "%(counter)s; %(loaded)s.",
        # where a quote stands (``document.Sentence.ref``)
        "ref": "paragraph %(paragraph)s, sentence %(number)s",
    },
    {
        "counter.one": "1 sentence weighs the other side",
        "counter.many": "%(n)s sentences weigh the other side",
        "loaded.one": "1 sentence uses loaded terms",
        "loaded.many": "%(n)s sentences use loaded terms",
    },
    nested=frozenset({"counter", "loaded"}),
    words=frozenset({"named"}),
    word_lists=frozenset({"labels", "kinds"}),
)
# The labels and kinds the auditors list, and the parts they name (msgids).
AUDIT_WORDS = (
    "cause", "inference", "case citation", "statute", "reporter", "precedent", "record",
    "counterpoint", "the other side's case", "loaded language", "long sentence",
    "a national ID number", "an identity document number", "an ID number", "an account number",
    "a minor's name", "an instruction aimed at an AI", "a claim", "grounds", "a warrant",
    "backing", "a qualifier", "a rebuttal",
)  # fmt: skip

SUMMARY = Catalogue(
    {
        "summary.incomplete": (
            "No point reached the threshold, but the council was incomplete (%(ran)s); the "
            "absence of findings is not established."
        ),
        "summary.none": "No significant findings. All %(n)s agents completed their analysis.",
        "summary.one.named": (
            "Analysis identified %(total)s point (%(spread)s); %(ran)s. Primary concern "
            "(%(area)s, %(severity)s): %(critique)s Named fallacies: %(names)s."
        ),
        "summary.many.named": (
            "Analysis identified %(total)s points (%(spread)s); %(ran)s. Primary concern "
            "(%(area)s, %(severity)s): %(critique)s Named fallacies: %(names)s."
        ),
        "summary.one": (
            "Analysis identified %(total)s point (%(spread)s); %(ran)s. Primary concern "
            "(%(area)s, %(severity)s): %(critique)s"
        ),
        "summary.many": (
            "Analysis identified %(total)s points (%(spread)s); %(ran)s. Primary concern "
            "(%(area)s, %(severity)s): %(critique)s"
        ),
    },
    {
        "ran": "%(done)s of %(total)s agents completed without error",
        "spread.first": "%(counts)s among the first %(n)s",
    },
    nested=frozenset({"ran", "spread"}),
    words=frozenset({"area", "severity"}),
)

# What an offline philosopher notes of its own points in its self-critique (the critique's
# ``adjustments``); the agents' names are words of the catalogue.
NOTES = Catalogue(
    {
        "note.corroborated": "Corroborated by %(agents)s on the same passage.",
        "note.alone": "No other agent found a problem in this passage.",
    },
    word_lists=frozenset({"agents"}),
)


def audit_written(reasoning: str, refs: list[str]) -> dict[str, Any]:
    """What an audit's result stores of the sentences the offline auditors wrote: the key and
    parameters (``Catalogue.structure``) of its reasoning after the criterion's name ("<name>:
    <what it found>") and of its quotes' places, by their English text. A text no template
    wrote (a model's) has none: it is shown as written."""
    stored: dict[str, Any] = {}
    at = reasoning.find(": ")
    while at != -1:
        rest = reasoning[at + 2 :]
        if (said := AUDIT.structure(rest)) is not None:
            stored[rest] = said
            break
        at = reasoning.find(": ", at + 1)
    for ref in refs:
        if (said := AUDIT.structure(ref)) is not None:
            stored[ref] = said
    return stored


# What the council's services write when a critique or an audit cannot run (``Critique.error``,
# ``Audit.error``, a criterion's error). ``reason`` holds one of these parts, the chain
# analyzer's refusal of the text's language (a sentence of its own catalogue), or a model
# client's message, shown as written.
ERRORS = Catalogue(
    {
        "error.council": "The council could not run: %(reason)s",
        "error.every_agent": "Every agent failed; see the failures.",
        "error.audit": "The audit stopped: %(reason)s",
        "error.audit_unexpected": "The audit stopped on an unexpected error.",
        "error.no_criterion": "No criterion could be scored.",
        "error.no_criterion_because": "No criterion could be scored. %(reasons)s",
        "error.analyzer": "No offline analyzer is called %(analyzer)s.",
        "error.decomposition": "Decomposition failed: %(reason)s",
    },
    {"error.internal": "internal error"},
    nested=frozenset({"reason"}),
)
