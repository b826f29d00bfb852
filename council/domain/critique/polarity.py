"""Whether two sentences of one document contradict each other, or only look as if they do.

The offline Russell and Kant look for two sentences about the same thing, one of them
negated. Many such pairs agree: "Every student must wear a uniform" and "No student may come
to school without one" say the same thing twice, as do "Schools must ban phones" and "Schools
should never allow phones". Before a pair is reported, each sentence's stance is worked out:

- every negation counts ("not", "no", "never", "without", "don't"), so two cancel out;
- a verb or adjective that already says no ("ban", "prevent", "avoid", "harmful") counts as
  one, so "must ban" and "must never allow" have the same stance;
- idioms that only look negative ("not only", "no doubt") do not count.

A pair contradicts only when both sentences are the author's own assertions (not a question,
a condition, or what "critics say"), their stances differ, and they are about the same
thing: they share at least two words, which make up three quarters of the shorter one's.
"""

from __future__ import annotations

import re

from council.domain.critique.quotes import content_words
from toulmini_site.text.keywords import keywords

_IDIOMS = keywords(
    r"not only",
    r"not just",
    r"no doubt",
    r"without (?:a )?doubt",
    r"no wonder",
    r"no matter",
    r"nothing but",
    r"can(?:no|')t help but",
)
_NEGATIONS = re.compile(
    r"\b(?:not|no|never|none|nobody|nothing|nowhere|neither|nor|cannot|without)\b|\b\w+n't\b",
    re.IGNORECASE,
)
# Words that say no by themselves: "must ban X" is "must not allow X".
_SAYS_NO = keywords(
    r"ban(?:s|ned|ning)?",
    r"forb[ia]d\w*",
    r"prohibit\w*",
    r"prevent\w*",
    r"stop(?:s|ped|ping)?(?=\s+\w+ing\b)",  # "stop selling", not "stop at a red light"
    r"avoid\w*",
    r"refus\w*",
    r"reject\w*",
    r"oppos\w*",
    r"against",
    r"lack\w*",
    r"fail\w*",
    r"skip\w*",
    r"ignor\w*",
    r"neglect\w*",
    r"abolish\w*",
    r"eliminat\w*",
    r"protect\w*",
    r"limit\w*",
    r"restrict\w*",
    r"harm\w*",
    r"damag\w*",
    r"danger\w*",
    r"bad",
    r"worse",
    r"wrong",
    r"useless",
    r"unsafe",
    r"unfair",
    r"unhealthy",
)
# Sentences the author does not assert: what others say, conditions.
_REPORTED = re.compile(
    r"^\W*(?:(?:some|many|most|other|few)\b(?:\s+\w+){0,2}?|critics|opponents|others|people|"
    r"they|it is (?:often )?)\s+(?:say|says|said|claim\w*|argue\w*|believe\w*|think\w*|"
    r"insist\w*|suggest\w*|feel\w*)\b|^\W*according to\b|^\W*(?:if|unless|suppose)\b",
    re.IGNORECASE,
)
# Words that carry the stance, not the subject: left out when comparing subjects.
_MARKERS = frozenset(
    """always never every all everyone everything nobody none nothing must should ought
    cannot can't don't doesn't won't isn't aren't shouldn't mustn't may might""".split()
)
SAME_SUBJECT = 0.75


def stance(sentence: str) -> int:
    """0 when the sentence says yes, 1 when it says no (negations counted, two cancelling)."""
    text = _IDIOMS.sub(" ", sentence.replace("\u2019", "'"))
    return (len(_NEGATIONS.findall(text)) + len(_SAYS_NO.findall(text))) % 2


def asserted(sentence: str) -> bool:
    """False for a question, a condition, or what others say. ``sentence`` is one sentence of
    the document's reading, cut by the project's splitter (``toulmini_site.text.sentences``):
    it is not cut again here."""
    text = sentence.strip()
    return bool(text) and not text.endswith("?") and not _REPORTED.search(text)


def _subject(sentence: str) -> set[str]:
    words = content_words(sentence.replace("\u2019", "'")) - _MARKERS
    return {w[:-1] if len(w) > 3 and w.endswith("s") else w for w in words}


def same_subject(a: str, b: str) -> bool:
    """The two sentences share at least two words, three quarters of the shorter one's."""
    left, right = _subject(a), _subject(b)
    shared = left & right
    return len(shared) >= 2 and len(shared) >= SAME_SUBJECT * min(len(left), len(right))


def contradicts(a: str, b: str) -> bool:
    """Both sentences are the author's, about the same thing, and one says no where the
    other says yes."""
    return asserted(a) and asserted(b) and stance(a) != stance(b) and same_subject(a, b)
