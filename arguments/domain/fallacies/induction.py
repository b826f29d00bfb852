"""Weak induction: a cause, a rule or a chain of events claimed on too little.

False cause, hasty generalisation and slippery slope."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

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
    # A succession in other words: "the next morning", "by Christmas", "within months", "the
    # day I unfollowed them".
    r"|\b(?:the next|the following) (?:morning|day|week|month|year)\b"
    r"|\bby (?:the end of )?(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|january"
    r"|february|march|april|may|june|july|august|september|october|november|december"
    r"|christmas|easter|spring|summer|autumn|winter|the (?:next|following) \w+)\b"
    r"|\bwithin (?:a few |two |three |\d+ )?(?:days|weeks|months|years)\b"
    r"|\bthe (?:day|night|week|month|year|morning) (?:i|we|he|she|they|my|our|his|her|their"
    r"|the)\b|\b(?:a few|a couple of|two|three|\d+) (?:days|weeks|months|years) later\b"
    r"|\b(?:soon|shortly) after\b|\bas soon as\b|\bsince then\b|\bfrom then on\b"
)
# Two things that go together: a group picked out by one thing that has more or less of another
# ("children who have more books get better marks", "towns with more vans have more
# drownings"), or "wherever there is X you find Y".
_CORRELATION = re.compile(
    r"\b(?:\w+ (?:who|with|where)|\w+s that) (?:\w+ ){0,7}?(?:more|less|fewer|higher|lower|better"
    r"|worse|sicker|richer|often)\b"
    r"|\bwherever\b|\bthe more \w+.*\bthe (?:more|less|fewer|better|worse)\b"
)
_EFFECT = (
    r"(?:is what|are what|is behind|are behind|leads? to|raises?|lowers?|protects?|prevents?"
    r"|cures?|creates?|produces?|gives?|gave|giving|making|made|driven|drove|scares?"
    r"|(?:has|have) (?:\w+ )?worked|helped|helps|fixed|fixes|did the trick|got rid of"
    r"|turned \w+ \w+ around|must have (?:done|helped|caused|made|been)|killed|kills|broke"
    r"|wrecked|saved|sparked|triggered|jinxed|cursed|healed|heals|hurt|harmed|damaged|calmed"
    r"|keeps? \w+ away|(?:is|was|are|were) (?:the reason|why))\b"
)
_CAUSAL_CONCLUSION = re.compile(
    r"\bcaus(?:e|es|ed)\b|\bmust be (?:the cause|working|why|responsible)\b|\bto blame\b"
    r"|\bbrought\b|\bmakes?\b|\bcured\b|\bproves\b|\bchanged\b|\bresponsible for\b"
    # A verb of effect after the succession: "the traffic lights improved the results".
    r"|\b(?:improved|boosted|worsened|ruined|killed|restored|turned \w+ \w+ around"
    r"|is (?:obviously |clearly )?what made)\b"
    # A conclusion that names the link itself: "that's why", "coincidence? I don't think so".
    r"|\b(?:that'?s|that is|which is) why\b|\bcoincidence\? (?:i|we) (?:don'?t|do not) think so"
    # A verb of effect after a word that draws the conclusion ("so sitting at the front raises
    # your grade", "clearly a glass a night protects the heart", "turns out social media was
    # giving me migraines") or as the main verb of the next sentence ("Onions cure colds", "He
    # has driven the congregation away"; not a verb deep in a new topic).
    rf"|(?:\b(?:so|therefore|thus|hence|clearly|obviously|plainly|evidently|which means"
    rf"|turns out|must|don'?t tell me)\b|\bthen,)[^.;!?]{{0,60}}?\b{_EFFECT}"
    rf"|[.!?] (?:[a-z'-]+ ){{1,3}}(?:(?:has|have|had|is|are|was|were|obviously|clearly|plainly)"
    rf" ){{0,2}}{_EFFECT}"
)
# Words that draw the conclusion as surely as "so" or "clearly" do.
_DRAWN = re.compile(
    r"\b(?:that'?s|that is|which is) why\b|\bwhich means\b|\bthen,|\bturns out\b"
    r"|\bno doubt\b|\bobviously\b|\bplainly\b|\bcoincidence\?"
)
# A single cause for an outcome that has many: "fell for one reason only", "the whole reason is".
_SINGLE_CAUSE = re.compile(
    r"\bfor one reason only\b|\bthe (?:whole|one|single|only) (?:real )?(?:reason|cause)"
    r" (?:is|was)\b(?! that)"
)
_OUTCOME = re.compile(
    r"\b(?:fell|rose|went (?:up|down)|dropped|grew|collapsed|declined|lost|failed|won"
    r"|increased|decreased)\b"
)
_BREAK = re.compile(r"[,;:.]|\b(?:so|and|which|that)\b")
_MECHANISM = re.compile(
    # "Because of the jerseys" names a cause, not how it works.
    r"\bbecause\b(?! of\b)|\bby (?:reducing|increasing)\b"
    r"|\bthrough\b|\bmechanism\b|\bcontrolled (?:trial|study)\b|\brandom\w*|\bplacebo\b"
    r"|\bcohort stud|\baccording to\b|\breported\b|\bsurvey\b"
    # How it worked: "since less warm air escapes", "as commuters can now buy a loaf".
    r"|\bsince (?:less|more|fewer)\b|\bas (?:\w+ ){1,3}(?:can|now|no longer)\b"
)
# The writer weighs the link rather than asserting it: "that does not show", "may", "hard to
# say what made the difference".
_HEDGE = re.compile(
    r"\b(?:does|do|did)(?: not|n'?t) (?:show|prove|mean)\b|\bcan(?:'?t|not) tell\b"
    # "May not be the only cause" concedes other causes and keeps this one.
    r"|\bnot prove\b|\bhard to say\b|(?<!by )\bmay\b(?! not be the only)|\bmight\b|\bperhaps\b"
    r"|\bpossibly\b|\bprobably\b|\bsuggests?\b"
)


def false_cause(text: str) -> tuple[float, Explanation] | None:
    if has(_MECHANISM, text) or has(_HEDGE, text):
        return None
    single = _SINGLE_CAUSE.search(text)
    if single and has(_OUTCOME, text):
        return 2.5, explain("false_cause.single_cause", words=single.group())
    antecedents = [m for m in (_SUCCESSION.search(text), _CORRELATION.search(text)) if m]
    for antecedent in sorted(antecedents, key=lambda m: m.start()):
        # The causal verb must conclude, not narrate inside the time clause: "before puberty
        # brought its complications" and "after the flood ruined the building, the school
        # moved" tell a history; "since the lights came, results rose. the lights improved
        # them" infers.
        for conclusion in _CAUSAL_CONCLUSION.finditer(text, antecedent.end()):
            if _BREAK.search(text[antecedent.end() : conclusion.end()]):
                drawn = has(CONCLUDE, text) or has(_DRAWN, text)
                score = 2.2 + 0.3 * drawn + 0.3 * ("must" in text)
                return score, explain("false_cause")
    return None


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


# The cue patterns other readers of a text may use (the learned model's features), by name:
# the rules' own words (``relevance.CUES`` likewise).
CUES: Mapping[str, re.Pattern[str]] = MappingProxyType(
    {"universal": _UNIVERSAL, "thin": _THIN, "sweep": _SWEEP}
)
