"""Weak induction: a cause, a rule or a chain of events claimed on too little.

False cause, hasty generalisation and slippery slope."""

from __future__ import annotations

import re

from arguments.domain.fallacies.cues import CONCLUDE, clause_around, count, has
from arguments.domain.fallacies.explanations import Explanation, explain
from toulmini_site.text.keywords import keywords as _words

# -- false cause --------------------------------------------------------------------------

_SUCCESSION = re.compile(
    # "since" of time, not of reason ("since she has a waiting list"); "after", not "after all".
    # Nor "have since laid to rest": an adverb, no event to follow.
    r"\b(?:ever since|(?<!have )(?<!has )(?<!had )since(?!(?: \w+){0,4}? (?:has|have|is|are|am"
    r"|make|makes|do|does|can)\b)"
    r"|right after|after(?! all\b)|before|a (?:day|week|month|year) later"
    r"|following)\b|\bboth (?:rise|increase|fall|go up|grow)\b|\bmore \w+.*\bmore\b"
    r"|\bcorrelat\w*|\band (?:we|they|i) (?:won|got|passed)\b|\blucky\b"
)
_CAUSAL_CONCLUSION = re.compile(
    r"\bcaus(?:e|es|ed)\b|\bmust be (?:the cause|working|why|responsible)\b|\bto blame\b"
    r"|\bbrought\b|\bmakes?\b|\bcured\b|\bproves\b|\bchanged\b|\bresponsible for\b"
    # A verb of effect after the succession: "the traffic lights improved the results".
    r"|\b(?:improved|boosted|worsened|ruined|killed|restored|turned \w+ \w+ around"
    r"|is (?:obviously |clearly )?what made)\b"
)
_BREAK = re.compile(r"[,;:.]|\b(?:so|and|which|that)\b")
_MECHANISM = re.compile(
    r"\bbecause (?:drivers|more|fewer|the|it|of)\b|\bby (?:reducing|increasing)\b"
    r"|\bthrough\b|\bmechanism\b|\bcontrolled (?:trial|study)\b|\brandomi[sz]ed\b"
    r"|\bcohort stud|\baccording to\b|\breported\b"
)


def false_cause(text: str) -> tuple[float, Explanation] | None:
    succession = _SUCCESSION.search(text)
    conclusion = _CAUSAL_CONCLUSION.search(text)
    if not succession or not conclusion or conclusion.start() < succession.start():
        return None
    # The causal verb must conclude, not narrate inside the time clause: "before puberty
    # brought its complications" and "after the flood ruined the building, the school moved"
    # tell a history; "since the lights came, results rose. the lights improved them" infers.
    if not _BREAK.search(text[succession.end() : conclusion.start()]):
        return None
    if has(_MECHANISM, text):
        return None
    score = 2.2 + 0.3 * has(CONCLUDE, text) + 0.3 * ("must" in text)
    return score, explain("false_cause")


# -- hasty generalisation -----------------------------------------------------------------

_UNIVERSAL = _words(
    # Not "after all", "all of", "all this", "all ages", "all in a huff", nor the compound
    # "all-girls school" / "all girls school" (words that name no whole group).
    r"(?<!at )(?<!after )all(?! \d)(?! my)(?! of\b)(?! th(?:is|at|ose)\b)(?! ages\b)(?! in\b)"
    r"(?!-)(?! (?:girls?|boys?|female|male|women|men)\b(?:'s)? (?:school|schools|environment"
    r"|classes|classrooms?|college)\b)",
    "every",
    r"nobody(?! i know)",
    r"no one(?! i know)",
    # "I have never met them", "I will always admire them": the writer about themselves.
    r"(?<!\bi )(?<!\bi'll )(?<!\bi will )always",
    r"(?<!\bi )(?<!\bi've )(?<!\bi have )(?<!\bi had )(?<!\bi could )never(?! really)",
    "the whole",
    r"are all",
)
_THIN = _words(
    r"my (?:two |three |few )?(?:roommates?|classmates?|colleagues?|co-?workers?|kids?"
    r"|parents?|students?|teammates?)",
    r"my (?:neighbou?r'?s?|cousin|friends?|grandfather|grandmother|uncle|aunt|brother|sister"
    r"|niece|nephew|son|daughter|dad|mum|mom)",
    r"i (?:met|saw|asked|had|know|haven'?t seen)",
    r"two of my",
    r"the first (?:two|three|few)",
    "yesterday",
    "this week",
    "last week",
    "just look at",
    r"a (?:friend|guy|woman|man) i",
)
_SWEEP = _words("today", "anymore", "nowadays", "these days")
_GENERIC = re.compile(
    r"(?:\bso\b|;|^)\s*(?:[a-z]+ ){0,2}(?:[a-z]+s|women|men|people|children|food|smoking)"
    r"(?: today| nowadays| these days)? (?:are|is|isn't|aren't|always|never|all|don't|do not"
    r"|can't|cannot)\b"
)
_GROUNDED = re.compile(
    r"by definition|\bdefin|\bsurvey\b|\bstudy\b|according to|\d+ ?%|per ?cent"
    r"|\brespondents\b|\bmust (?:register|be)\b"
)


def _generic_claim(match: re.Match[str] | None) -> str:
    """The words of a generic claim ("students today are"), without the "so" or ";" before."""
    assert match is not None  # without a universal word, only a generic claim scores
    return re.sub(r"^(?:so\b|;)\s*", "", match.group().strip())


def hasty_generalization(text: str) -> tuple[float, Explanation, tuple[int, int]] | None:
    if has(_GROUNDED, text):
        return None
    universal = _UNIVERSAL.search(text)
    thin = _THIN.search(text)
    sweep = _SWEEP.search(text)
    generic_match = _GENERIC.search(text)
    generic = generic_match is not None
    score = 1.0 * bool(universal) + 1.0 * bool(thin) + 1.0 * bool(sweep and universal)
    score += 1.0 * (generic and bool(thin)) + 2.0 * (generic and bool(sweep) and not universal)
    if score < 2:
        return None
    focus = clause_around(text, universal.start()) if universal else (0, len(text))
    if thin:
        return score, explain("hasty_generalization.few_cases", cases=thin.group()), focus
    claim = universal.group() if universal else _generic_claim(generic_match)
    return score, explain("hasty_generalization.no_evidence", claim=claim), focus


# -- slippery slope -----------------------------------------------------------------------

_STEPS = (
    _words("soon"),
    _words("next"),
    _words("then"),
    _words("eventually"),
    _words("before long"),
    _words(r"(?:will )?leads? to"),
    _words("ultimately"),
    _words("where does it end"),
    _words("floodgates"),
    _words("tomorrow"),
    _words(r"in a (?:year|month|week)"),
)
_FIRST_STEP = _words(r"(?:one|a single) (?:\w+ ){0,4}\w+(?= and\b|,| will\b)")
_START = _words(
    r"if (?:we|you)",
    r"once (?:we|you)",
    r"allow\w*",
    "let",
    r"legali[sz]e",
    "give",
    "start",
    "tolerate",
    "today",
)
_DISASTER = _words(
    "nothing",
    "everyone",
    "no rules",
    "destroy",
    "collapse",
    "chaos",
    r"ruin\w*",
    "heroin",
    "the whole",
    "all day",
    "control what",
    "disappear",
    "total",
)


_IF_THEN = re.compile(r"\bif\b[^.?!]*?\bthen\b")


def slippery_slope(text: str) -> tuple[float, Explanation] | None:
    steps = min(count(_STEPS, text), 2)
    if steps == 1 and has(_words("then"), text) and has(_IF_THEN, text):
        steps = 0  # "if you want X, then do Y": one conditional, not a chain of steps
    if not steps and not has(_FIRST_STEP, text):
        return None
    score = steps + 1.0 * has(_FIRST_STEP, text) + 1.0 * has(_DISASTER, text)
    score += 0.5 * has(_START, text)
    if score < 2.5:
        return None
    return score - 0.5, explain("slippery_slope")
