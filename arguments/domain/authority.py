"""Backing read by what it names: a study, a report, an expert or an institution that vouches
for what a sentence says, whatever its wording ("a 2019 Stanford study", "the WHO's 2022
report", "according to Dr. Osei, a neurologist", "The Centers for Disease Control
recommends"). The one test the chain's reading, the audit's backing criterion (through the
reading) and the analyzer's backing all use."""

from __future__ import annotations

import re

# -- backing: a named source ---------------------------------------------------------------

# A named study, report, expert or institution vouches for what it says: "a 2019 Stanford
# study", "the WHO's 2022 report", "according to Dr. Osei, a neurologist", "The Centers for
# Disease Control recommends", "researchers at Johns Hopkins". A report card, "her study of the
# map" or "my uncle says" names no authority.
_WORK = (
    r"(?i:study|studies|report|survey|paper|review|analysis|research|trial|experiment|poll|"
    r"guidelines|census)"
)
_CAPITAL = r"(?:[A-Z][\w'’.&-]*|[A-Z]{2,})"
_PROPER_NAME = _CAPITAL + r"(?:\s+(?:of|for|and|on|the|in|[A-Z][\w'’.&-]*))*"
_INSTITUTION = re.compile(
    r"\b(?:University|Institute|Academy|Association|Society|Council|Centers?|Centres?|"
    r"Organi[sz]ation|Agency|Department|Ministry|Foundation|Alliance|Journal|College|Commission|"
    r"Bureau|Federation|Hospital|Clinic|Lancet|Board|Office|Service|Trust|Fund|Bank|Court)\b"
    r"|\b[A-Z]{3,}\b(?:'s|’s)?"
)
_EXPERT = (
    r"(?:Dr\.?|Doctor|Professor|Prof\.|[Ee]conomist|[Ss]cientist|[Rr]esearcher|[Hh]istorian|"
    r"[Pp]sychologist|[Ss]ociologist|[Ee]pidemiologist|[Pp]hysician|[Pp]ediatrician|"
    r"[Pp]aediatrician|[Nn]eurologist|[Cc]ardiologist|[Ee]xpert|[Ss]urgeon\s+[Gg]eneral)"
)
_REPORTING = (
    r"(?:found|finds|showed|shows|has shown|have shown|concluded|concludes|reported|reports|"
    r"recommends?|recommended|warns?|warned|argues?|argued|estimates?|estimated|names|lists|"
    r"linked|links|traced|documented|notes|noted|says|said|states|stated|advises|advised)"
)
AUTHORITY = [
    # a dated work: "a 2019 study", "UNICEF's 2023 report", "the 2021 census"
    re.compile(r"\b(?:1[89]|20)\d{2}\s+(?:[A-Z][\w-]*\s+|(?:of|for|the)\s+){0,5}" + _WORK + r"\b"),
    re.compile(r"\b[A-Z][\w'’-]*\s+(?:[A-Z][\w'’-]*\s+){0,2}" + _WORK + r"\b(?! room| hall)"),
    # a work by or in someone named: "a study from the University of Leeds", "research
    # published in The Lancet", "a paper for the British Medical Journal"
    re.compile(
        r"\b" + _WORK + r"\s+(?:\w+\s+)?(?:by|from|at|of|in|for|published (?:by|in)|conducted by"
        r"|carried out by)\s+(?:the\s+)?" + _PROPER_NAME
    ),
    # an expert by title and name, or a named body's experts: "Dr. Amara Osei", "Professor
    # Hannah Reyes", "Economist Maria Lindqvist", "doctors at Oxford"
    re.compile(r"\b" + _EXPERT + r"\s+[A-Z][a-z]+(?:\s+[A-Z][a-z]+)?"),
    re.compile(
        r"\b(?:researchers|scientists|experts|economists|doctors|psychologists|historians)\s+"
        r"(?:at|from|with)\s+(?:the\s+)?" + _CAPITAL
    ),
    # a named institution that reports or recommends: "The Centers for Disease Control
    # recommends", "As the Royal Society of Chemistry has shown", "according to the WHO"
    re.compile(r"(?:^|\b(?:the|as the|as)\s+)" + _PROPER_NAME + r"\s+" + _REPORTING + r"\b"),
    re.compile(
        r"\b(?i:according to)\s+(?:(?i:the|a|an)\s+)?(?:" + _CAPITAL + r"|" + _EXPERT + r")"
    ),
]
_OWN = re.compile(r"^(?:my|our|his|her|their)\s+(?:\w+\s+){0,2}" + _WORK + r"\b", re.IGNORECASE)


def named_authority(text: str) -> str:
    """The words by which ``text`` names a study, report, expert or institution vouching for
    what it says ("a 2019 Stanford study", "Dr. Osei", "the WHO's 2022 report"), or ""."""
    if _OWN.search(text):
        return ""
    for pattern in AUTHORITY:
        match = pattern.search(text)
        if match is None:
            continue
        words = match.group(0).strip()
        # a named body must be named: a capitalised institution word, an acronym, a title
        if pattern in AUTHORITY[5:6] and not _INSTITUTION.search(words):
            continue
        possessive = re.search(r"'s|’s", words)
        if pattern is AUTHORITY[1] and not (_INSTITUTION.search(words) or possessive):
            continue
        return words
    return ""
