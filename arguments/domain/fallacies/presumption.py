"""Fallacies of presumption and ambiguity: the argument assumes what it should show.

Circular reasoning, equivocation, false dilemma, and the loaded question or moving goalposts."""

from __future__ import annotations

import re

from arguments.domain.fallacies.cues import (
    CONCLUDE,
    ESCALATE,
    STOP,
    WORD,
    first_terms,
    has,
    overlap,
    stem,
    terms,
)
from arguments.domain.fallacies.explanations import Explanation, explain
from toulmini_site.text.keywords import keywords as _words

# -- circular reasoning -------------------------------------------------------------------

# Words that say the same thing, so that "unhealthy because bad for your health" is caught.
_SAME = (
    {"health", "healthy", "unhealthy"},
    {"good", "best", "better", "delicious", "tasty", "tastes", "great"},
    {"fair", "fairly", "just"},
    {"trust", "trustworthy", "honest", "reliable"},
    {"boring", "interesting", "dull"},
    {"right", "correct", "mistakes", "wrong", "error"},
    {"allowed", "right", "permitted", "entitled"},
    {"efficient", "efficiently", "effective"},
)


def _concepts(terms: set[str]) -> set[str]:
    out = set(terms)
    for index, group in enumerate(_SAME):
        if terms & {stem(word) for word in group}:
            out.add(f"#{index}")
    return out


_REASON = re.compile(r"\bbecause\b|, since\b|\bsince (?=an? |the |it |they |he |she )")


_COPULA = re.compile(r"\b(?:is|are|was|were|am)\b")
# The least share of a reason's own words that must come from the claim for it to restate it.
_REASON_SHARE = 0.3


def _size(reason: set[str]) -> int:
    """The number of words in a reason's concepts (the synonym-group marks are not words)."""
    return sum(1 for c in reason if not c.startswith("#"))


def circular(text: str) -> tuple[float, Explanation] | None:
    pairs = []
    for clause in re.split(r",? and (?=we |you |i )|;", text):
        match = _REASON.search(clause)
        if match and match.start() > 0:
            claim, reason = clause[: match.start()], clause[match.end() :]
            claim = re.split(r", (?:and|but) ", claim)[-1]  # the clause the reason is for
            pairs.append((claim, first_terms(claim), _concepts(terms(reason))))
    for claim_text, claim_terms, reason in pairs:
        copula = _COPULA.search(claim_text)
        # "X is P because ...": the reason must not restate P; with no predicate to single out,
        # the whole claim. Either way a restatement is most of it and a good part of the
        # reason: one word shared by a long claim and a long reason ("they took me out of
        # school because the school...") is a reason about the same thing, not the same claim.
        said = first_terms(claim_text[copula.end() :]) if copula else claim_terms
        shared = _concepts(set(said)) & reason
        back = [w for w in set(said) if _concepts({w}) & reason]
        restated = [w for w in set(first_terms(claim_text)) if _concepts({w}) & reason]
        if len(back) < 0.5 * len(set(said)) or len(restated) < _REASON_SHARE * _size(reason):
            shared = set()
        if shared:
            return 2.0 + 0.5 * (len(shared) > 1), explain("circular_reasoning")
    # Two reasons that lean on each other: A because B, and B because A (each claim is half or
    # more of the other's reason, not one word a long text happens to repeat).
    for i, (_, claim_a, reason_a) in enumerate(pairs):
        for _, claim_b, reason_b in pairs[i + 1 :]:
            if overlap(set(claim_a), reason_b) >= 0.5 and overlap(set(claim_b), reason_a) >= 0.5:
                return 2.5, explain("circular_reasoning.mutual")
    return None


# -- equivocation -------------------------------------------------------------------------

_AMBIGUOUS = (
    "light",
    "fine",
    "nothing",
    "law",
    "laws",
    "theory",
    "bank",
    "banks",
    "criminal",
    "man",
    "right",
    "end",
    "power",
    "free",
    "mean",
    "fair",
    "rich",
    "hard",
    "sound",
    "faith",
)


_BACK = frozenset({"that", "this", "same", "such"})
_DEGREE_SO = re.compile(r"(?<![,;.:!?] )(?<!\band )(?<!^)so\b(?!,)")


def equivocation(text: str) -> tuple[float, Explanation] | None:
    # A conclusion drawn from the word: a use must come before the last "so" or "therefore"
    # (after it, "so no, it wasn't fair on them... not fair on him" only repeats a verdict). A
    # "so" inside a clause ("i tried so hard") says how much, and concludes nothing.
    concludes = [
        m.start() for m in CONCLUDE.finditer(text) if not _DEGREE_SO.match(text, m.start())
    ]
    if not concludes:
        return None
    words = WORD.findall(text)
    last = concludes[-1]
    before = len(WORD.findall(text[:last]))
    for word in _AMBIGUOUS:
        # "that right", "this power", "the same law": a demonstrative points back at the first
        # use, in its sense.
        places = [
            i
            for i, w in enumerate(words)
            if w in (word, word + "s") and not (i and words[i - 1] in _BACK)
        ]
        if not places or places[0] >= before:
            continue
        contexts = {
            (words[i - 1] if i else "", words[i + 1] if i + 1 < len(words) else "") for i in places
        }
        # The same neighbours each time ("the light is", "the light is") is the same sense, and
        # so is one compound noun named twice ("the traffic lights ... the traffic lights").
        compound = {words[i - 1] if i else "" for i in places}
        if len(compound) == 1 and compound.pop() not in STOP | {""}:
            continue
        # One word before and a content word after each time ("their free speech ... their
        # free exercise") is one adjective naming two things, in one sense.
        after = [words[i + 1] if i + 1 < len(words) else "" for i in places]
        if len({words[i - 1] if i else "" for i in places}) == 1 and all(
            a and a not in STOP for a in after
        ):
            continue
        if len(places) >= 2 and len(contexts) > 1:
            return 2.0, explain("equivocation", word=word)
    return None


# -- false dilemma ------------------------------------------------------------------------

# A false dilemma has a frame that sets out the options (either-or; "the only way"; "choose
# between A and B"; "A or B: that is the choice"; "A, or [a threat]"; "if you don't A, B")
# and something that closes it: a claim that nothing else exists ("no other way", "nothing in
# between", "cannot have both"), or an option that is a disaster. A frame that gives its reason
# ("because the ballot lists no other choice", "since the valley is closed"), that weighs both
# options as acceptable ("both work for me"), or that names a third, is an honest choice.
_EITHER = re.compile(r"\beither\b.*\bor\b|,? or do you want to\b")
_ONLY = _words(
    "only two",
    r"no other (?:option|choice|way|alternative)",
    "no middle ground",
    "with us or against us",
    "no third",
)
# "X is the only way to Y", stated without a reason: one option presented as all there are.
_ONLY_WAY = _words(
    r"the only (?:(?:real|other|possible|sensible) )?(?:way|solution|answer|hope|remedy|cure|"
    r"alternative|option|choice)",
)
_POINTS_BACK = re.compile(r"\bas if\b|\b(?:it|this|that)(?: is|'s) the only\b")
_CHOICE = re.compile(r"\b(?:choose|choice|pick|decide) between\b")
# A choice announced as settled: the frame closes itself.
_SETTLED_CHOICE = re.compile(
    r"\bthe choice (?:before us |here )?is (?:clear|simple|stark|obvious)\b|"
    r"\bor \w+: (?:that|this) is the choice\b"
)
# "A, or [what happens to us]": the second option is a threat, not a course of action.
_OR_ELSE = re.compile(
    r"(?:,|\bcan|\bmust) (?:\w+ ){0,8}?\bor (?:else |we |you |they )?(?:will |would )?"
    r"(?:accept|watch|face|see|risk|lose|die|starve|perish|fail|suffer|go)\b"
)
_IF_NOT = re.compile(
    r"\bif (?:you|we|they|he|she|i)(?: (?:don't|do not|doesn't|does not|won't|will not|refuse "
    r"to|can't|cannot|aren't|are not|isn't|is not)|'re not|'s not)\b"
)
# "Anyone who won't A ...": the same condition put on a kind of person; it frames a dilemma only
# with a verdict on them ("is voting for chaos"), never with a mere bad outcome ("people who do
# not know what they judge" may fail at it).
_WHO_NOT = re.compile(
    r"\b(?:anyone|anybody|everyone|those|people|someone) who (?:won't|will not|doesn't|does "
    r"not|don't|do not|isn't|is not|aren't|are not|refuses? to)\b|"
    r"\bwhoever (?:won't|will not|doesn't|does not|isn't|is not|refuses to)\b"
)
# What "if you don't A" leaves them: not a consequence but a verdict on who they are, or the
# door ("you should leave it", "you're part of the problem", "you might as well burn it", "is
# voting for chaos"). A consequence with its reason ("you can't travel, because processing
# takes six weeks") is none of these.
_VERDICT = re.compile(
    r"\b(?:you|we|they|he|she) (?:should|must|might as well|may as well|can|could|had better) "
    r"(?:just )?(?:leave|go (?:away|home|back|elsewhere)|get out|move (?:away|abroad|out)|quit|"
    r"give up|set fire|burn|throw)\b|"
    r"\b(?:might|may) as well\b|"
    r"\b(?:you|we|they|he|she)(?:'re| are|'s| is) (?:part of|one of|with|against|no (?:real|"
    r"true)|not (?:a )?(?:real|true))\b|"
    r"\b(?:is|are|'re) (?:voting|working|siding|standing|rooting) (?:for|with)\b"
)
# "Two kinds of people": the people of the world sorted into two, and "those who ... and those
# who ...". Kinds of things ("two kinds of ticket, single and return") may really be two.
_TWO_KINDS = re.compile(
    r"\b(?:two|2) (?:kinds|types|sorts|groups|classes) of (?:people|persons|humans|men|women|"
    r"students|parents|voters|workers|drivers|fans|teachers|kids|children|folks?|citizens|"
    r"employees|managers|players)\b|"
    r"\b(?:world|people|humanity|everyone|society|the country) (?:is |are )?(?:divided|split) "
    r"into\b"
)
_SORTED = re.compile(r"\b(those|people|the ones|ones) who\b.*\b(?:and|or|,) (?:the )?\1 who\b")
# "You can have a career or a family": two options, closed when nobody may have both.
_ALTERNATIVES = re.compile(
    r"\b(?:can|could|must|have to|get to) (?:have|be|choose|keep|get|pick) (?:\w+ ){1,3}or\b"
)
_CLOSED = _words(
    "no other way",
    r"nothing in (?:between|the middle)",
    r"(?:cannot|can't) have both",
    r"(?:nobody|no one|no-one) (?:\w+ )?(?:manages|has|gets|does|can have|can do) both",
    r"(?:those|these) are (?:our|your|the) (?:only )?(?:options|choices)",
    r"pick one",
    r"there is no (?:other|third|middle)",
    r"forever",
)
_POLAR = _words(
    "doomed",
    r"traitors?",
    r"cowards?",
    r"enem(?:y|ies)",
    "disaster",
    "evil",
    "hate",
    "monster",
    "saint",
    "nothing",
    "everything",
    "no taste",
    "broke",
    "choke",
    "lazy",
    "weak",
    "sickly",
    "poverty",
    "against us",
    "failure",
    "die",
    "starve",
    "chaos",
    "end up",
)
# What makes a choice honest: its reason, both options acceptable, a third one named.
_GROUNDED = re.compile(
    r"\b(?:because|since) (?:the|it|its|there|our|a|an|this)\b|\bboth (?:work|are|leave|"
    r"have|options|would)\b|\ba third\b|\b(?:allows?|lists?|offers?) no other\b|"
    r"\bcompare them\b"
)
_THREE = re.compile(r"\w+, (?:\w+ ){1,4}, or\b|\w+, \w+ \w+, or\b")


def false_dilemma(text: str) -> tuple[float, Explanation] | None:
    either = has(_EITHER, text)
    only = has(_ONLY, text)
    only_way = has(_ONLY_WAY, text)
    choice = has(_CHOICE, text)
    settled = has(_SETTLED_CHOICE, text)
    or_else = has(_OR_ELSE, text)
    condition = _IF_NOT.search(text) or _WHO_NOT.search(text)
    # The verdict answers the condition: it comes after it.
    verdict = _VERDICT.search(text, condition.end()) if condition else None
    if_not = has(_IF_NOT, text) or verdict is not None
    two_kinds = has(_TWO_KINDS, text)
    alternatives = has(_ALTERNATIVES, text)
    frames = (either, only, only_way, choice, settled, or_else, if_not, two_kinds, alternatives)
    if not any(frames):
        return None
    if has(_GROUNDED, text) or has(_THREE, text):
        return None
    score = 1.0 * either + 1.2 * only + 1.0 * has(_POLAR, text)
    score += 0.8 * (only and " or " in text)
    # The frames that need no "either": each counts once, and something must close it.
    frame = max(
        1.2 * only_way,
        1.2 * choice,
        1.0 * or_else,
        1.0 * if_not,
        2.0 * settled,
        1.2 * two_kinds,
        1.0 * alternatives,
    )
    # "No other option" (_ONLY) already closes the frame and is counted above: once only.
    # People sorted into "those who ... and those who ..." closes "two kinds"; a verdict on
    # the person closes "if you don't".
    closed = only or has(_CLOSED, text) or (two_kinds and has(_SORTED, text)) or verdict is not None
    score += frame + 1.0 * (closed and not only)
    # "X is the only way to Y" with no reason given: the frame closes itself. Not when the
    # author denies it ("as if theirs were the only way"), nor for "it is the only way",
    # which points back to an option argued before.
    score += 0.8 * (only_way and not (closed or has(_POINTS_BACK, text)))
    if two_kinds:
        return score, explain("false_dilemma.two_kinds", words=_quoted(_TWO_KINDS, text))
    if either or only:
        return score, explain("false_dilemma")
    # A frame without "either" or "only two": the explanation points at its words.
    if only_way and not settled:
        return score, explain("false_dilemma.only_way", words=_quoted(_ONLY_WAY, text))
    if if_not and not (settled or choice or or_else):
        words = condition.group(0) if condition else ""
        if verdict is not None:
            words += f" ... {verdict.group(0)}"
        return score, explain("false_dilemma.condition", words=words)
    frame_words = next(
        _quoted(p, text)
        for p in (_SETTLED_CHOICE, _CHOICE, _OR_ELSE, _ALTERNATIVES, _IF_NOT)
        if has(p, text)
    )
    return score, explain("false_dilemma.frame", words=frame_words)


def _quoted(pattern: re.Pattern[str], text: str) -> str:
    match = pattern.search(text)
    return match.group(0).lstrip(", ") if match else ""


# -- intentional: loaded questions and moving goalposts -----------------------------------

_PRESUPPOSE = re.compile(
    r"\bwhy (?:do|does|did|is|are) (?:\w+ ){1,3}(?:keep|still|continue|always)\b|"
    r"\b(?:have|has) (?:you|he|she|they) (?:stopped|quit)\b|\bwhen did (?:you|he|she|they) "
    r"stop\b|\bhow long have (?:you|they|he|she) been\b|\bwhy (?:do|does|did) (?:you|he|she"
    r"|they)\b|\bwhy is .* still\b|\b(?:do|does|did) (?:you|he|she|they) still\b"
)
_MISDEED = _words(
    r"wast\w*",
    r"abus\w*",
    r"hiding",
    r"ignoring",
    r"cheat\w*",
    r"l(?:ie|ying)",
    r"steal\w*",
    "hate",
    "covering up",
    "dangerous",
    "ruined",
    r"beat\w*",
    "destroy",
    "corrupt",
)
_CONCEDED = re.compile(
    r"\b(?:fine|ok|okay|yes|sure|granted),|\beven if\b|\byou (?:showed|proved|found|have "
    r"shown)\b|\banswers my question\b"
)


def intentional(text: str) -> tuple[float, Explanation] | None:
    if text.rstrip().endswith("?") and has(_PRESUPPOSE, text) and has(_MISDEED, text):
        return 2.5, explain("intentional.loaded_question")
    if has(_CONCEDED, text) and has(ESCALATE, text):
        return 2.3, explain("intentional.moving_goalposts")
    return None
