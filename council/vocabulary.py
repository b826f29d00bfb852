"""The council's values pages show (severities, areas, philosophers, the seeded rubrics and
their criteria). They are stored in English; a page shows each through
``{% translate value %}``, so a rubric a teacher adds in the admin shows as written.
Listing them here with ``gettext_noop`` puts them in the translation catalogue.
"""

from collections.abc import Callable

from django.utils.translation import gettext, gettext_noop

from arguments.domain.fallacies import TAXONOMY
from arguments.vocabulary import said_shown
from council.domain.wording import AUDIT, SUMMARY


def reasoning_shown(reasoning: str) -> str:
    """An offline auditor's reasoning ("<criterion>: <what it found>") in the active language;
    a model's, or one no template wrote, as it is. A refusal the chain's analyzer wrote (a
    language not read) reads in the active language as well."""
    at = reasoning.find(": ")
    while at != -1:
        name, rest = reasoning[:at], reasoning[at + 2 :]
        if AUDIT.read(rest) is not None:
            return f"{gettext(name)}: {AUDIT.shown(rest, gettext)}"
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
