"""Named fallacies: a fixed taxonomy, the finding schema, and an offline detector.

The detector reads sentence structure, not single trigger words: each rule fires only when
cues of different kinds meet in the same sentence (or two or three neighbouring sentences),
e.g. a false cause needs a succession or correlation *and* a causal conclusion, and is
withdrawn when the text names a mechanism; a hasty generalisation needs a claim about a whole
group *and* thin evidence (an anecdote, or none at all about "today"). Every finding quotes
the text exactly: ``text[start:end] == quote``.

A model's answer uses the same taxonomy and is checked by ``findings_from_model``: a type
outside the taxonomy fails validation, and a quote that is not in the text is dropped.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, model_validator

from toulmini_site.text.keywords import keywords as _words
from toulmini_site.text.sentences import sentences

FallacyType = Literal[
    "ad_hominem",
    "ad_populum",
    "appeal_to_emotion",
    "circular_reasoning",
    "equivocation",
    "false_authority",
    "straw_man",
    "red_herring",
    "false_cause",
    "false_dilemma",
    "hasty_generalization",
    "slippery_slope",
    "deductive_error",
    "intentional",
]


@dataclass(frozen=True)
class Fallacy:
    id: str
    label: str
    definition: str
    example: str


TAXONOMY: dict[str, Fallacy] = {
    f.id: f
    for f in (
        Fallacy(
            "ad_hominem",
            "Ad hominem",
            "Attacking the person who makes an argument instead of the argument itself.",
            "Don't listen to her plan for the budget; she can't even balance her own cheque book.",
        ),
        Fallacy(
            "ad_populum",
            "Appeal to popularity (ad populum)",
            "Taking a claim to be true or good because many people believe or do it.",
            "Millions of people use this remedy, so it must work.",
        ),
        Fallacy(
            "appeal_to_emotion",
            "Appeal to emotion",
            "Stirring up pity, fear, guilt or anger in place of giving reasons.",
            "Think of the poor children who will suffer; you must vote against the plan.",
        ),
        Fallacy(
            "circular_reasoning",
            "Circular reasoning",
            "Giving as a reason something that already assumes the conclusion.",
            "He is trustworthy because he is an honest man.",
        ),
        Fallacy(
            "equivocation",
            "Equivocation",
            "Using one word in two different senses so that the argument seems to follow.",
            "A feather is light; what is light cannot be dark; so a feather cannot be dark.",
        ),
        Fallacy(
            "false_authority",
            "Appeal to false authority",
            "Relying on someone who is not an expert on the question, or on unnamed experts.",
            "A famous actor says the vaccine is dangerous, so it must be.",
        ),
        Fallacy(
            "straw_man",
            "Straw man",
            "Replacing the other side's view with a weaker or extreme version and attacking that.",
            "She wants less homework, so she thinks students should never work.",
        ),
        Fallacy(
            "red_herring",
            "Red herring",
            "Bringing in a different subject to draw attention away from the question.",
            "The mayor is accused of bribery, but look at all the parks he built.",
        ),
        Fallacy(
            "false_cause",
            "False cause",
            "Concluding that one thing caused another only because it came first or "
            "happened together with it (post hoc).",
            "Since phones were invented, grades have fallen, so phones must be the cause.",
        ),
        Fallacy(
            "false_dilemma",
            "False dilemma",
            "Presenting two options as the only ones when others exist.",
            "Either you support the war or you hate your country.",
        ),
        Fallacy(
            "hasty_generalization",
            "Hasty generalization",
            "Drawing a conclusion about a whole group from too few cases, or from none.",
            "My neighbour's electric car broke down, so electric cars are unreliable.",
        ),
        Fallacy(
            "slippery_slope",
            "Slippery slope",
            "Claiming that one step will lead, through an unsupported chain, to disaster.",
            "If we allow one late essay, soon nobody will meet any deadline.",
        ),
        Fallacy(
            "deductive_error",
            "Deductive error (fallacy of logic)",
            "An argument whose form is invalid, such as affirming the consequent or an "
            "undistributed middle.",
            "If it rains, the streets get wet. The streets are wet, so it rained.",
        ),
        Fallacy(
            "intentional",
            "Intentional fallacy (loaded question, moving goalposts)",
            "A question that presupposes guilt, or a demand for evidence that changes once "
            "it is met.",
            "Have you stopped cheating on your exams?",
        ),
    )
}

TEXT_MAX = 5_000


class FallacyFinding(BaseModel):
    """One fallacy found in a text; ``quote`` is ``text[start:end]``."""

    model_config = ConfigDict(extra="forbid")

    type: FallacyType
    label: str
    quote: str = Field(min_length=1)
    start: int = Field(ge=0)
    end: int = Field(ge=0)
    explanation: str = Field(min_length=1)
    confidence: float = Field(ge=0, le=1)

    @model_validator(mode="after")
    def _span_matches_quote(self) -> FallacyFinding:
        if self.end - self.start != len(self.quote):
            raise ValueError("end - start must equal the length of the quote")
        return self

    def holds_in(self, text: str) -> bool:
        """True when the quote is exactly ``text[start:end]``."""
        return text[self.start : self.end] == self.quote


class ModelFallacy(BaseModel):
    """A fallacy as a language model names it: its offsets are found by us, not trusted."""

    model_config = ConfigDict(extra="forbid")

    type: FallacyType
    quote: str = Field(min_length=1, max_length=TEXT_MAX)
    explanation: str = Field(min_length=1, max_length=500)
    confidence: float = Field(ge=0, le=1)


class ModelFallacies(BaseModel):
    """The JSON object the model must return."""

    model_config = ConfigDict(extra="forbid")

    fallacies: list[ModelFallacy] = Field(max_length=30)


def finding(
    text: str, *, type: str, start: int, end: int, explanation: str, confidence: float
) -> FallacyFinding:
    return FallacyFinding(
        type=type,  # type: ignore[arg-type]
        label=TAXONOMY[type].label,
        quote=text[start:end],
        start=start,
        end=end,
        explanation=explanation,
        confidence=round(confidence, 2),
    )


def locate(text: str, quote: str) -> tuple[int, int] | None:
    """Where ``quote`` is in ``text``: exactly, else ignoring case and runs of white space."""
    quote = quote.strip().strip("\"'“”")
    if not quote:
        return None
    index = text.find(quote)
    if index >= 0:
        return index, index + len(quote)
    pattern = r"\s+".join(re.escape(part) for part in quote.split())
    match = re.search(pattern, text, flags=re.IGNORECASE)
    return (match.start(), match.end()) if match else None


def findings_from_model(text: str, answer: ModelFallacies) -> list[FallacyFinding]:
    """The model's fallacies whose quotes are in ``text``, with offsets, by confidence."""
    found: list[FallacyFinding] = []
    for item in answer.fallacies:
        span = locate(text, item.quote)
        if span is None:
            continue
        found.append(
            finding(
                text,
                type=item.type,
                start=span[0],
                end=span[1],
                explanation=item.explanation.strip(),
                confidence=item.confidence,
            )
        )
    return _ranked(found)


def offline_answer(inputs: dict[str, object]) -> ModelFallacies:
    """The detector's findings in the model's schema (the offline provider's answer)."""
    text = str(inputs.get("text", ""))
    return ModelFallacies(
        fallacies=[
            ModelFallacy(
                type=f.type, quote=f.quote, explanation=f.explanation, confidence=f.confidence
            )
            for f in detect_fallacies(text)[:30]
        ]
    )


# -- text ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Span:
    start: int
    end: int
    text: str  # lower-cased, straight apostrophes


def _normal(text: str) -> str:
    return text.lower().replace("’", "'").replace("‘", "'")


def spans(text: str) -> list[Span]:
    """The sentences of ``text`` with their offsets (the toolkit's splitter), lower-cased."""
    return [Span(s.start, s.end, _normal(s.text)) for s in sentences(text)]


_STOP = frozenset(
    """a an the and or but so if then than that this these those it its it's is are was were
    be been being am do does did doing have has had having i me my we our us you your he him
    his she her they them their there here of to in on at by for with from as into about
    not no n't can could will would shall should may might must just very too also only
    what which who whom whose when where why how all any some every each more most much
    such own same other again once still even ever because since while until after before
    therefore thus hence know say says said get gets got make makes""".split()
)
_WORD = re.compile(r"[a-z][a-z'-]*")


def _stem(word: str) -> str:
    word = word.removesuffix("'s").strip("'-")
    for suffix in ("ingly", "edly", "ness", "ing", "ly", "ed", "es", "s"):
        if word.endswith(suffix) and len(word) - len(suffix) >= 3:
            word = word[: -len(suffix)]
            break
    return word[:6]


def _terms(text: str) -> set[str]:
    """Content-word stems of ``text``."""
    return {_stem(w) for w in _WORD.findall(text) if w not in _STOP and len(w) > 1}


def _first_terms(text: str) -> list[str]:
    return [_stem(w) for w in _WORD.findall(text) if w not in _STOP and len(w) > 1]


def _overlap(a: set[str], b: set[str]) -> float:
    return len(a & b) / min(len(a), len(b)) if a and b else 0.0


def _has(pattern: re.Pattern[str], text: str) -> bool:
    return pattern.search(text) is not None


def _count(patterns: tuple[re.Pattern[str], ...], text: str) -> int:
    return sum(1 for p in patterns if p.search(text))


# A rule looks at the lower-cased text of a window of sentences and returns a score (fires at
# 2.0 or more, the confidence grows with it) and a one-line explanation, or None. A rule may
# add a third item, the (start, end) of the clause it is about within that text.
Rule = Callable[[str], tuple[float, str] | tuple[float, str, tuple[int, int]] | None]

_CLAUSE_BREAK = re.compile(r"[;:]|, (?:and|but|so|which|while)\b|\b(?:so|but)\b(?= \w)")


def _clause_around(text: str, position: int) -> tuple[int, int]:
    """The clause of ``text`` holding ``position``, without its trailing punctuation."""
    start, end = 0, len(text)
    for match in _CLAUSE_BREAK.finditer(text):
        if match.end() <= position:
            start = match.end()
        elif match.start() > position:
            end = match.start()
            break
    while start < end and not text[start].isalnum():
        start += 1
    while end > start and not text[end - 1].isalnum():
        end -= 1
    return start, end


_CONCLUDE = _words("so", "therefore", "thus", "hence", "which proves", "that proves", "clearly")

# -- ad hominem ---------------------------------------------------------------------------

_INSULT = _words(
    r"liars?",
    r"idiots?",
    r"fools?",
    r"morons?",
    r"clowns?",
    r"hypocrites?",
    r"dropouts?",
    r"crooks?",
    "corrupt",
    "lazy",
    "naive",
    "stupid",
    "ignorant",
    "bitter",
    "spoiled",
    r"failed \w+",
    "criminal record",
    r"divorced( \w+)?",
    r"losers?",
    "incompetent",
    "jealous",
    "crazy",
    r"bigots?",
    r"drunks?",
    r"cheats?",
    r"fraudsters?",
    "convicted",
    "immature",
    r"hacks?",
    r"frauds?",
    "dishonest",
    r"too (?:young|old|immature|stupid|naive) to",
)
_DISMISS = _words(
    "means nothing",
    "silly",
    r"before you (?:accept|believe|listen)",
    r"remember (?:he|she|they)",
    r"(?:don't|do not|never|nobody should) (?:listen|believe|trust|take)",
    r"ignore",
    r"dismiss(?:ed)?",
    r"can(?:not|'t) be trusted",
    "worthless",
    "nonsense",
    r"why should (?:we|anyone|i|you) (?:believe|listen|trust)",
    r"what would (?:a|an|he|she|someone|they) .* know",
    r"(?:argument|plan|claim) fails",
    r"should be rejected",
    r"take .* seriously",
)
_ARGUMENT_OF = _words(
    r"argues?",
    r"says?",
    r"proposal",
    r"plan",
    r"argument",
    r"report",
    r"essay",
    r"review",
    r"conclusions?",
    r"supports?",
    r"favou?r",
    r"curriculum",
)


def _ad_hominem(text: str) -> tuple[float, str] | None:
    if not _has(_INSULT, text):
        return None
    score = 1.0 + _has(_DISMISS, text) * 1.0 + _has(_ARGUMENT_OF, text) * 0.5
    if _has(_ARGUMENT_OF, text) and _has(_CONCLUDE, text):
        score += 0.5
    return score, (
        "It attacks the person's character or life instead of answering what they argue."
    )


# -- ad populum ---------------------------------------------------------------------------

_POPULAR = _words(
    r"(?:\w+ )?millions? (?:of )?(?:people|users|downloads|fans|viewers|followers)",
    "millions",
    "thousands",
    "everyone",
    "everybody",
    "all my friends",
    r"most (?:\w+ )?\w+s",
    "the majority",
    r"nine out of ten",
    "most popular",
    "popular",
    "widespread",
    "trending",
    r"(?:nobody|no one) i know",
    "so many people",
    "satisfied customers",
)
_BELIEF = _words(
    r"drinks?",
    r"eats?",
    r"watch(?:es)?",
    r"downloads?",
    r"likes?",
    r"loves?",
    r"prefers?",
    r"trusts?",
    r"chooses?",
    r"believes?",
    r"belief",
    r"thinks?",
    "agree",
    r"buy(?:s|ing)?",
    r"us(?:e|es|ing)",
    "voting",
    "getting",
    "customers",
    "popular",
    "trending",
    "widespread",
    "majority",
)
_TRUE_OR_GOOD = _words(
    r"so (?:it|they|this|that) (?:is|are) \w+",
    r"(?:is|be) safe",
    r"must (?:be|work)",
    r"ha(?:s|ve) to be",
    r"(?:is|are) (?:true|real)",
    r"proves?",
    r"can(?:'t|not) be wrong",
    "clearly",
    "obviously",
    r"probably (?:was|is)",
    r"(?:is|be) (?:correct|right|the best|good|healthy)",
    r"therefore \w+ (?:is|are)",
)


def _ad_populum(text: str) -> tuple[float, str] | None:
    popular = _POPULAR.search(text)
    verdict = _TRUE_OR_GOOD.search(text)
    if not popular or not verdict or verdict.start() < popular.start():
        return None
    if not _has(_BELIEF, text):  # "everyone has a right..." is no appeal to what many think
        return None
    return 2.2, (
        f'It treats "{popular.group()}" believing or doing something as proof that it is '
        "true or good."
    )


# -- appeal to emotion --------------------------------------------------------------------

_EMOTIVE = _words(
    "crying",
    "alone",
    "compassion",
    "counting on you",
    r"in the eye",
    "desperate",
    "heartbreaking",
    "innocent",
    "helpless",
    r"terrified",
    "terror",
    r"suffer\w*",
    "tearful",
    "weeping",
    "dying",
    "bled",
    "brave",
    "heartless",
    r"monsters?",
    "ashamed",
    "shame",
    "heart",
    "shivering",
    r"chok(?:es|ing)",
    r"orphans?",
    "grieving",
    "starving",
    "fear",
    "horror",
    "heartbroken",
    r"puppies",
)
_VULNERABLE = _words(r"children", "mother", "family", "babies", r"veterans?", r"soldiers?")
_APPEAL = _words(
    r"if you ha(?:d|ve) any",
    r"how could (?:anyone|you|we)",
    "imagine",
    "picture",
    r"think (?:of|about)",
    "feel",
    "how could you",
    "if you have any",
    r"don't you care",
    "anyone who cares",
    r"only a \w+ \w+ would",
    "you should be ashamed",
)
_DIRECTIVE = _words(
    "must",
    "should",
    "need",
    "vote",
    "buy",
    "donate",
    "support",
    "oppose",
    "that is why",
    "not guilty",
)


def _appeal_to_emotion(text: str) -> tuple[float, str] | None:
    emotive = len({m.group() for m in _EMOTIVE.finditer(text)})
    if not emotive:
        return None
    score = min(emotive, 2) * 0.75 + 0.25
    score += _has(_APPEAL, text) * 1.0 + _has(_VULNERABLE, text) * 0.5
    score += _has(_DIRECTIVE, text) * 0.5
    return score, "It moves the reader with pity, fear or guilt instead of giving a reason."


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
        if terms & {_stem(word) for word in group}:
            out.add(f"#{index}")
    return out


_REASON = re.compile(r"\bbecause\b|, since\b|\bsince (?=an? |the |it |they |he |she )")


_COPULA = re.compile(r"\b(?:is|are|was|were|am)\b")


def _circular(text: str) -> tuple[float, str] | None:
    pairs = []
    for clause in re.split(r",? and (?=we |you |i )|;", text):
        match = _REASON.search(clause)
        if match and match.start() > 0:
            claim, reason = clause[: match.start()], clause[match.end() :]
            claim = re.split(r", (?:and|but) ", claim)[-1]  # the clause the reason is for
            pairs.append((claim, _first_terms(claim), _concepts(_terms(reason))))
    for claim_text, claim_terms, reason in pairs:
        copula = _COPULA.search(claim_text)
        if copula:  # "X is P because ...": the reason must not restate P
            shared = _concepts(_terms(claim_text[copula.end() :])) & reason
        else:  # no predicate to single out: most of the claim comes back as its reason
            shared = _concepts(set(claim_terms)) & reason
            if len(shared) < 0.5 * len(set(claim_terms)):
                shared = set()
        if shared:
            return 2.0 + 0.5 * (len(shared) > 1), (
                "The reason it gives already assumes what it sets out to prove."
            )
    # Two reasons that lean on each other: A because B, and B because A.
    for i, (_, claim_a, reason_a) in enumerate(pairs):
        for _, claim_b, reason_b in pairs[i + 1 :]:
            if set(claim_a) & reason_b and set(claim_b) & reason_a:
                return 2.5, "Each reason is supported only by the claim it is meant to prove."
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


def _equivocation(text: str) -> tuple[float, str] | None:
    if not _has(_CONCLUDE, text):
        return None
    words = _WORD.findall(text)
    for word in _AMBIGUOUS:
        places = [i for i, w in enumerate(words) if w in (word, word + "s")]
        contexts = {
            (words[i - 1] if i else "", words[i + 1] if i + 1 < len(words) else "") for i in places
        }
        # The same neighbours each time ("the light is", "the light is") is the same sense.
        if len(places) >= 2 and len(contexts) > 1:
            return 2.0, (
                f'The word "{word}" is used in two different senses, so the conclusion '
                "does not follow."
            )
    return None


# -- false authority ----------------------------------------------------------------------

_ATTRIBUTION = _words(
    r"says?",
    "said",
    r"told (?:me|us)",
    r"claims?",
    r"endorses?",
    "according to",
    "agree",
    r"insists?",
    r"recommends?",
    r"shows?",
)
_NON_EXPERT = _words(
    r"actor",
    r"actress",
    r"celebrit(?:y|ies)",
    r"influencer",
    r"singer",
    r"rapper",
    r"quarterback",
    r"athlete",
    r"footballer",
    r"famous",
    r"tv host",
    r"my (?:uncle|aunt|mother|father|mom|mum|dad|friend|neighbou?r|barber|hairdresser|coach"
    r"|(?:\w+ )?teacher)",
    r"spokes(?:man|woman|person)",
)
_VAGUE = _words(
    r"(?:experts?|scientists?|studies|doctors|research(?:ers)?) (?:agree|say|says|show|shows"
    r"|have shown|prove)",
)
_FIELDS = {
    "dentist": {"teeth", "dental", "tooth"},
    "chemist": {"chemical", "chemistry", "molecule"},
    "engineer": {"bridge", "engine", "machine", "building"},
    "physicist": {"physics", "energy"},
    "economist": {"economy", "market", "inflation", "wage"},
    "cardiologist": {"heart", "blood", "pressure", "exercise"},
}
_TOPICS = {
    "stock market",
    "shares",
    "vaccine",
    "vaccines",
    "autism",
    "medicine",
    "cholesterol",
    "depression",
    "climate",
    "astrology",
    "election",
    "earth",
    "weight",
}


def _outside_field(text: str) -> str:
    for expert, field in _FIELDS.items():
        if re.search(rf"\b{expert}s?\b", text):
            for topic in _TOPICS:
                if re.search(rf"\b{topic}\b", text) and topic not in field:
                    return expert
    return ""


def _false_authority(text: str) -> tuple[float, str] | None:
    if not _has(_ATTRIBUTION, text):
        return None
    non_expert = _NON_EXPERT.search(text)
    vague = _VAGUE.search(text)
    outsider = _outside_field(text)
    if not (non_expert or vague or outsider):
        return None
    score = 2.0 + 0.5 * _has(_CONCLUDE, text) + 0.3 * bool(outsider)
    if vague and not non_expert and not outsider:
        return score, (
            f'"{vague.group()}" names no expert, so the claim cannot be checked against '
            "anyone's work."
        )
    who = outsider or (non_expert.group() if non_expert else "")
    return score, f'It leans on "{who}", who is no authority on this question.'


# -- straw man ----------------------------------------------------------------------------

_OTHER_SIDE = _words(
    "my opponent",
    r"opponents? of",
    r"so you'?re saying",
    r"what you'?re (?:really )?saying",
    r"those who \w+",
    r"people who \w+",
    r"supporters of",
    r"critics of",
    r"(?:he|she|they) (?:argues?|says?|said|suggests?|suggested|wants?|claims?|believes?)",
    r"\w+(?:ists|ians|ers) (?:say|want|believe|think|argue)",
    r"the \w+ (?:suggested|said|argued|proposed)",
)
_DISTORT = _words(
    "basically",
    "simply",
    "just",
    "obviously",
    "apparently",
    "in other words",
    "which means",
    r"that'?s what \w+ \w+ means",
    "really saying",
)
_EXTREME = _words(
    "entirely",
    "never",
    "nobody",
    "no one",
    "everyone",
    "every",
    "all",
    "ban",
    "starve",
    "chaos",
    r"defen[cs]eless",
    "destroy",
    "bankrupt",
    "caves",
    "give up",
    "walk free",
    "hate",
    "stop working",
    "encourage",
)


def _straw_man(text: str) -> tuple[float, str] | None:
    other = _OTHER_SIDE.search(text)
    if not other:
        return None
    extreme = len({m.group() for m in _EXTREME.finditer(text)})
    score = 1.0 + _has(_DISTORT, text) * 1.0 + min(extreme, 2) * 0.5
    return score, (
        "It answers an exaggerated version of what the other side said, not what they said."
    )


# -- red herring --------------------------------------------------------------------------

_DIVERT = re.compile(
    r"\bwhat about\b|\bbut look at\b|\blet'?s not forget\b"
    r"|\bthe real (?:issue|question|problem)\b|\binstead of (?:asking|talking|discussing"
    r"|worrying)\b.*?,|\blet me remind you\b|\bhave you seen\b|\bwhy worry about\b.*?\bwhen\b"
    r"|\bbefore we discuss\b.*?,|\?\s*well,|\bbut (?:he|she|they) (?:is|are) a (?:devoted"
    r"|loving|good|great|kind)\b|, we should be talking about\b"
)
_ACCUSED = _words(
    "you say",
    "you complain",
    r"accused of",
    r"critics (?:question|say|point)",
    "may have",
    "sure",
    "yes",
    "maybe",
)


def _red_herring(text: str) -> tuple[float, str] | None:
    if _has(_ESCALATE, text):  # "but that doesn't count until...": moving goalposts
        return None
    divert = _DIVERT.search(text)
    accused = _ACCUSED.search(text)
    if divert and divert.start() < 10:  # "why worry about X when Y": X is the question
        before, after = _terms(divert.group()), _terms(text[divert.end() :])
    elif divert:
        before, after = _terms(text[: divert.start()]), _terms(text[divert.start() :])
    elif accused and " but " in text[accused.end() :]:
        cut = text.index(" but ", accused.end())
        before, after = _terms(text[:cut]), _terms(text[cut:])
    else:
        return None
    if not before or not after or _overlap(before, after) > 0.2:
        return None
    score = 1.0 + (1.0 if divert else 0.0) + (1.0 if accused else 0.0)
    return score, "It changes the subject instead of answering the point that was raised."


# -- false cause --------------------------------------------------------------------------

_SUCCESSION = re.compile(
    r"\b(?:ever since|since|right after|after|before|a (?:day|week|month|year) later"
    r"|following)\b|\bboth (?:rise|increase|fall|go up|grow)\b|\bmore \w+.*\bmore\b"
    r"|\bcorrelat\w*|\band (?:we|they|i) (?:won|got|passed)\b|\blucky\b"
)
_CAUSAL_CONCLUSION = re.compile(
    r"\bcaus(?:e|es|ed)\b|\bmust be (?:the cause|working|why|responsible)\b|\bto blame\b"
    r"|\bbrought\b|\bmakes?\b|\bcured\b|\bproves\b|\bchanged\b|\bresponsible for\b"
)
_MECHANISM = re.compile(
    r"\bbecause (?:drivers|more|fewer|the|it|of)\b|\bby (?:reducing|increasing)\b"
    r"|\bthrough\b|\bmechanism\b|\bcontrolled (?:trial|study)\b|\brandomi[sz]ed\b"
    r"|\bcohort stud|\baccording to\b|\breported\b"
)


def _false_cause(text: str) -> tuple[float, str] | None:
    succession = _SUCCESSION.search(text)
    conclusion = _CAUSAL_CONCLUSION.search(text)
    if not succession or not conclusion or conclusion.start() < succession.start():
        return None
    if _has(_MECHANISM, text):
        return None
    score = 2.2 + 0.3 * _has(_CONCLUDE, text) + 0.3 * ("must" in text)
    return score, (
        "It concludes that one thing caused another only because it came first or went "
        "along with it; no mechanism or test rules out other causes."
    )


# -- false dilemma ------------------------------------------------------------------------

_EITHER = re.compile(r"\beither\b.*\bor\b|,? or do you want to\b")
_ONLY = _words(
    "only two",
    r"no other (?:option|choice|way|alternative)",
    "no middle ground",
    r"the only (?:alternative|option|choice)",
    "with us or against us",
    "no third",
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
)


def _false_dilemma(text: str) -> tuple[float, str] | None:
    either = _has(_EITHER, text)
    only = _has(_ONLY, text)
    if not (either or only):
        return None
    score = 1.0 * either + 1.2 * only + 1.0 * _has(_POLAR, text)
    score += 0.8 * (only and " or " in text)
    return score, "It offers two options as if they were the only ones; others exist."


# -- hasty generalisation -----------------------------------------------------------------

_UNIVERSAL = _words(
    r"(?<!at )all(?! \d)(?! my)",
    "every",
    r"nobody(?! i know)",
    r"no one(?! i know)",
    "always",
    "never",
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


def _hasty_generalization(text: str) -> tuple[float, str] | None:
    if _has(_GROUNDED, text):
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
    focus = _clause_around(text, universal.start()) if universal else (0, len(text))
    if thin:
        return (
            score,
            (
                f'It draws a conclusion about a whole group from "{thin.group()}": too few cases '
                "to show it."
            ),
            focus,
        )
    return (
        score,
        (
            f'"{universal.group() if universal else _generic_claim(generic_match)}" claims '
            "something about every case, with no evidence given for it."
        ),
        focus,
    )


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


def _slippery_slope(text: str) -> tuple[float, str] | None:
    steps = min(_count(_STEPS, text), 2)
    if not steps and not _has(_FIRST_STEP, text):
        return None
    score = steps + 1.0 * _has(_FIRST_STEP, text) + 1.0 * _has(_DISASTER, text)
    score += 0.5 * _has(_START, text)
    if score < 2.5:
        return None
    return score - 0.5, (
        "It claims one step will lead, step after step, to disaster without showing why "
        "each step must follow."
    )


# -- deductive error ----------------------------------------------------------------------

_NEGATION = re.compile(r"\b(?:not|never|no)\b|n't\b")
_CONCLUSION_SPLIT = re.compile(r"[,;]?\s*\b(?:so|therefore|thus|hence)\b,?\s*")
_CONDITIONAL = re.compile(r"^(?:if|when|whenever) (?P<a>[^,]+), (?:then )?(?P<b>.+)$")


def _clauses(premises: str) -> list[str]:
    parts = re.split(
        r"[.;]\s*|,? and (?=(?:some|all|no|every|[a-z]+ (?:is|are|opposes))\b)", premises
    )
    return [p.strip(" ,") for p in parts if p.strip(" ,")]


def _deductive_error(text: str) -> tuple[float, str] | None:
    splits = list(_CONCLUSION_SPLIT.finditer(text))
    if not splits:
        return None
    match = splits[-1]
    premises = _clauses(text[: match.start()])
    conclusion = text[match.end() :].strip(" .")
    if len(premises) < 2 or not conclusion:
        return None
    found = _conditional_error(premises, conclusion) or _syllogism_error(premises, conclusion)
    return (2.5, found) if found else None


def _conditional_error(premises: list[str], conclusion: str) -> str | None:
    for i, premise in enumerate(premises[:-1]):
        rule = _CONDITIONAL.match(premise)
        if not rule:
            continue
        a, b = _terms(rule["a"]), _terms(rule["b"])
        minor = premises[i + 1]
        m, c = _terms(minor), _terms(conclusion)
        minor_neg, concl_neg = _has(_NEGATION, minor), _has(_NEGATION, conclusion)
        affirms = _overlap(m, b) > _overlap(m, a) and _overlap(c, a) > _overlap(c, b)
        denies = _overlap(m, a) > _overlap(m, b) and _overlap(c, b) > _overlap(c, a)
        if affirms and not minor_neg and not concl_neg:
            return (
                "It affirms the consequent: the result happening does not show that this "
                "condition caused it; something else could have."
            )
        if denies and minor_neg and concl_neg:
            return (
                "It denies the antecedent: the condition failing does not show the result "
                "fails too; it could come about another way."
            )
    return None


def _syllogism_error(premises: list[str], conclusion: str) -> str | None:
    first, second = premises[-2], premises[-1]
    quantifier = re.compile(r"^(some|no)\b")
    q1, q2 = quantifier.match(first), quantifier.match(second)
    if q1 and q2 and q1.group() == q2.group():
        kind = "particular ('some')" if q1.group() == "some" else "negative ('no')"
        return f"Both premises are {kind}, so no conclusion about the two groups follows."
    if any(_has(_NEGATION, part) for part in (first, second, conclusion)):
        # A negative premise distributes its predicate ("no dogs are black"): the middle is
        # no longer undistributed, and "some cats are not dogs" follows.
        return None
    t1, t2, tc = _first_terms(first), _first_terms(second), _first_terms(conclusion)
    if len(t1) < 2 or len(t2) < 2 or len(tc) < 2:
        return None
    middle = (set(t1[1:]) & set(t2[1:])) - set(tc)
    if not middle:
        return None
    linked = (tc[0] == t2[0] and t1[0] in tc[1:]) or (tc[0] == t1[0] and t2[0] in tc[1:])
    if linked:
        return "Two things sharing a property does not make one the other (undistributed middle)."
    return None


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
_ESCALATE = re.compile(
    r"\bnow (?:prove|show|i need|i want)\b|\bnot enough\b|\bdoesn'?t count\b|\bdoes not "
    r"count\b|\bshow me\b|\buntil it\b|\bevery single\b|\bbefore i accept\b|\bstill won'?t\b"
)


def _intentional(text: str) -> tuple[float, str] | None:
    if text.rstrip().endswith("?") and _has(_PRESUPPOSE, text) and _has(_MISDEED, text):
        return 2.5, (
            "It is a loaded question: any direct answer admits something that was never shown."
        )
    if _has(_CONCEDED, text) and _has(_ESCALATE, text):
        return 2.3, (
            "It moves the goalposts: once the evidence asked for is given, it asks for more."
        )
    return None


# -- the detector -------------------------------------------------------------------------

# (type, rule, the widest window in sentences)
RULES: tuple[tuple[str, Rule, int], ...] = (
    ("ad_hominem", _ad_hominem, 2),
    ("ad_populum", _ad_populum, 1),
    ("appeal_to_emotion", _appeal_to_emotion, 2),
    ("circular_reasoning", _circular, 1),
    ("equivocation", _equivocation, 3),
    ("false_authority", _false_authority, 1),
    ("straw_man", _straw_man, 2),
    ("red_herring", _red_herring, 2),
    ("false_cause", _false_cause, 2),
    ("false_dilemma", _false_dilemma, 1),
    ("hasty_generalization", _hasty_generalization, 2),
    ("slippery_slope", _slippery_slope, 2),
    ("deductive_error", _deductive_error, 3),
    ("intentional", _intentional, 1),
)
THRESHOLD = 2.0


def _confidence(score: float, width: int) -> float:
    # A cue spread over several sentences is weaker evidence than one sentence holding all.
    return max(0.3, min(0.9, 0.3 + 0.2 * score - 0.05 * (width - 1)))


def detect_fallacies(text: str) -> list[FallacyFinding]:
    """The fallacies the offline rules find in ``text``, most confident first.

    Each finding quotes the narrowest run of whole sentences (one to three) in which the
    rule's cues meet; a sentence already covered for a type is not reported again for it.
    """
    sentences = spans(text)
    found: list[FallacyFinding] = []
    for kind, rule, widest in RULES:
        covered: set[int] = set()
        for width in range(1, widest + 1):
            for first in range(len(sentences) - width + 1):
                window = range(first, first + width)
                if covered & set(window):
                    continue
                joined = " ".join(sentences[i].text for i in window)
                result = rule(joined)
                if result is None or result[0] < THRESHOLD:
                    continue
                score, explanation = result[0], result[1]
                start, end = sentences[first].start, sentences[first + width - 1].end
                if len(result) == 3 and width == 1 and len(joined) == end - start:
                    start, end = start + result[2][0], start + result[2][1]
                covered.update(window)
                found.append(
                    finding(
                        text,
                        type=kind,
                        start=start,
                        end=end,
                        explanation=explanation,
                        confidence=_confidence(score, width),
                    )
                )
    return _ranked(found)


def _ranked(found: list[FallacyFinding]) -> list[FallacyFinding]:
    unique = {(f.type, f.start, f.end): f for f in found}
    return sorted(unique.values(), key=lambda f: (-f.confidence, f.start, f.type))
