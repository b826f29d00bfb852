"""Fallacies of relevance: the reason offered is about something else than the claim.

Ad hominem, ad populum, appeal to emotion, false authority, straw man and red herring."""

from __future__ import annotations

import re
from collections.abc import Mapping
from types import MappingProxyType

from arguments.domain.fallacies.cues import (
    CONCLUDE,
    ESCALATE,
    clause_around,
    has,
    overlap,
    terms,
)
from arguments.domain.fallacies.explanations import Explanation, explain
from arguments.domain.fallacies.hominem import (
    circumstance,
    discounted,
    inexperience,
    sneer,
    tu_quoque,
)
from toulmini_site.text.keywords import keywords as _words

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


# Without a stock insult, an ad hominem has a shape: someone is named as holding a view ("the
# councillor who disagrees", "those who oppose X", "my opponent says") and the reply is about
# them, not the view: what they want or gain from it, a failing of their own life, or "but
# he ..." followed by setting the view aside. A reply about the view's evidence or reasoning
# ("his argument ignores the cost", "but the report she quotes is from 1998") has none of it.
_HOLDER = re.compile(
    r"\b(?:who|that) (?:\w+ )?(?:oppose|disagree|object|argue|campaign|question|criticis|"
    r"complain|vote|voted|support|want|are against|is against)\w*|"
    r"\b(?:my|our|the) (?:opponents?|critics?)\b|"
    r"\b(?:he|she|they|you)(?: \w+)? (?:says?|said|thinks?|argues?|claims?|talks?|"
    r"complains?|opposes?)\b|"
    r"\b\w+(?:'s|s') (?:idea|plan|proposal|critique|claim|argument|account|point|view)s?\b|"
    r"\b(?:says?|argues?|claims?|complains?|opposes?|talks about|questions?) \w+|"
    r"\b(?:pushing|promoting|behind|against) (?:this|the|these)\b"
)
# What they want or gain from their view (for themselves: control, money, their own comfort;
# "they simply want every child to look the same" is their aim distorted, a straw man), or
# their own life, instead of the view itself.
_PERSONAL = re.compile(
    r"\b(?:simply|just|only|merely) (?:wants?|cares?|likes?) (?:about )?(?:to \w+ )?(?:\w+ ){0,2}"
    r"(?:control|power|money|attention|votes|profits?|(?:his|her|their|your) own)\b|"
    r"\b(?:simply|just|only|merely) (?:wants?|cares?|likes?) (?:to \w+ )?(?:\w+ ){0,3}(?:his|"
    r"her|their|your)\b|"
    r"\bonly (?:\w+ ){0,4}because (?:he|she|they|you)\b|"
    r"\bof course (?:he|she|they) (?:would |will )?(?:says?|thinks?|wants?|supports?|opposes?)\b|"
    r"\b(?:can(?:no|')t|could(?:n't| not)|does(?:n't| not)) even\b|"
    r"\b(?:his|her|their|your) own (?:life|house|home|garden|family|children|kids|money|"
    r"debts?|mortgage|business|marriage)\b|"
    r"\b(?:has|have) never (?:done|worked|held|earned|run|raised)\b|"
    r"\b(?:he|she|they) (?:is|are) the (?:one|ones) who\b|"
    r"\b(?:he|she|they) (?:owns?|is paid|are paid|gets? paid|profits?)\b|"
    r"\blook at the state of\b"
)
# "X says P, but he ...": the answer turns from the view to its holder.
_TURN_TO_PERSON = re.compile(r"\b(?:but|yet) (?:he|she|they|you)\b")
# Setting the view aside (beside the stock dismissals of _DISMISS).
_SET_ASIDE = _words(
    "forget it",
    r"counts? for nothing",
    "pointless",
    "irrelevant",
    r"(?:can|should) be set aside",
    r"no need to (?:answer|listen|discuss)",
    r"not worth (?:discussing|answering|listening|hearing)",
)


def _attack_on_holder(text: str) -> tuple[float, Explanation] | None:
    """A reply about the holder of a view rather than the view: its score and the words
    that make it one, or None."""
    if not _HOLDER.search(text):
        return None
    set_aside = has(_DISMISS, text) or has(_SET_ASIDE, text)
    personal = _PERSONAL.search(text)
    turn = _TURN_TO_PERSON.search(text) if set_aside else None
    score = 0.5 + 1.5 * bool(personal) + 0.75 * set_aside + 0.75 * bool(turn)
    words = personal or turn
    if words is None or score < 2.0:
        return None
    return score, explain("ad_hominem.holder", words=words.group(0))


def _insult(text: str) -> tuple[float, Explanation]:
    score = 1.0 + has(_DISMISS, text) * 1.0 + has(_ARGUMENT_OF, text) * 0.5
    if has(_ARGUMENT_OF, text) and has(CONCLUDE, text):
        score += 0.5
    return score, explain("ad_hominem")


# The shapes that need neither an insult nor a named holder (``hominem``), with their
# explanations.
_SHAPES = (
    ("ad_hominem.tu_quoque", tu_quoque),
    ("ad_hominem.speaker", sneer),
    ("ad_hominem.circumstance", circumstance),
    ("ad_hominem.holder", inexperience),  # their own life, not the view
)


def ad_hominem(text: str) -> tuple[float, Explanation] | None:
    found = [_insult(text) if has(_INSULT, text) else _attack_on_holder(text)]
    set_aside = has(_DISMISS, text) or has(_SET_ASIDE, text)
    for key, read in _SHAPES:
        shape = read(text, set_aside=set_aside)
        if shape is not None:
            found.append((shape[0], explain(key, words=shape[1])))
    # The strongest reading; on a tie the insult or the holder's, as before these shapes.
    return max((f for f in found if f is not None), key=lambda f: f[0], default=None)


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


# The bandwagon: many already do it, so we should too ("Most schools have already dropped the
# uniform, so ours should drop it too"). Not when the others' results are the reason ("…, and
# complaints fell by half, so…").
_ALREADY = re.compile(
    r"\b(?:everyone|everybody|all (?:my|our|the other) \w+|(?:nearly|almost) (?:every|all) "
    r"\w+|most (?:\w+ ){0,4}?(?:\w+s|people)|the majority of \w+|(?:so )?many (?:other )?"
    r"\w+s)\b[^.;!?]{0,80}?\b(?:already|now)\b",
    re.IGNORECASE,
)
_SO_WE_SHOULD = re.compile(
    r"\b(?:so|therefore|that's why|which is why|and so)\b[^.;!?]{0,60}?\b(?:should|must|"
    r"ought to|need to|have to|has to)\b|\b(?:should|must) (?:\w+ ){0,3}(?:too|as well|the "
    r"same|follow)\b",
    re.IGNORECASE,
)
_RESULT = _words(
    r"found", r"surveys?", r"stud(?:y|ies)", r"fell", r"rose", r"dropped by", r"results?",
    r"data", r"percent", r"evidence", r"showed?", r"halved", r"doubled", r"\d",
)  # fmt: skip


def _bandwagon(text: str) -> tuple[float, Explanation] | None:
    many = _ALREADY.search(text)
    if many is None:
        return None
    so = _SO_WE_SHOULD.search(text, many.end())
    if so is None or _RESULT.search(text[many.start() : so.start()]):
        return None
    popular = re.split(r"\s+(?:already|now)\b", many.group(0), maxsplit=1)[0]
    return 2.1, explain("ad_populum", popular=popular)


def ad_populum(text: str) -> tuple[float, Explanation] | None:
    bandwagon = _bandwagon(text)
    if bandwagon is not None:
        return bandwagon
    popular = _POPULAR.search(text)
    verdict = _TRUE_OR_GOOD.search(text)
    if not popular or not verdict or verdict.start() < popular.start():
        return None
    if not has(_BELIEF, text):  # "everyone has a right..." is no appeal to what many think
        return None
    return 2.2, explain("ad_populum", popular=popular.group())


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


def appeal_to_emotion(text: str) -> tuple[float, Explanation] | None:
    emotive = len({m.group() for m in _EMOTIVE.finditer(text)})
    if not emotive:
        return None
    score = min(emotive, 2) * 0.75 + 0.25
    score += has(_APPEAL, text) * 1.0 + has(_VULNERABLE, text) * 0.5
    score += has(_DIRECTIVE, text) * 0.5
    return score, explain("appeal_to_emotion")


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


def false_authority(text: str) -> tuple[float, Explanation] | None:
    # "Naturally the spokesman claims ..." discounts the source (an ad hominem, perhaps), it
    # does not lean on it.
    if not has(_ATTRIBUTION, text) or discounted(text):
        return None
    non_expert = _NON_EXPERT.search(text)
    vague = _VAGUE.search(text)
    outsider = _outside_field(text)
    if not (non_expert or vague or outsider):
        return None
    score = 2.0 + 0.5 * has(CONCLUDE, text) + 0.3 * bool(outsider)
    if vague and not non_expert and not outsider:
        return score, explain("false_authority.unnamed", source=vague.group())
    who = outsider or (non_expert.group() if non_expert else "")
    return score, explain("false_authority.non_expert", who=who)


# -- straw man ----------------------------------------------------------------------------

# A position the other side holds: "those who want...", not a description of who they are
# ("those who have never homeschooled", "people who would prefer"); and a report of what they
# say followed by what it is ("she wants to...", not "exactly how they want.").
_STANCE = (
    r"(?:want|support|favou?r|oppose|critici[sz]e|believe|think|say|argue|propose|defend"
    r"|back|like|prefer|call)"
)
_OTHER_SIDE = _words(
    "my opponent",
    r"opponents? of",
    r"so you'?re saying",
    r"what you'?re (?:really )?saying",
    rf"(?:those|people) who {_STANCE}\w*",
    r"supporters of",
    r"critics of",
    r"(?<!how )(?<!what )(?:he|she|they) (?:argues?|says?|said|suggests?|suggested|wants?"
    r"|claims?|believes?)(?= \w)",
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


def straw_man(text: str) -> tuple[float, Explanation] | None:
    other = _OTHER_SIDE.search(text)
    if not other:
        return None
    # The distortion is in what the other side is made to say: in the clause that names them
    # and after it ("so basically they want..."), not before ("not just a handful. they want
    # ..." distorts nothing of theirs).
    sentence = max(text.rfind(end, 0, other.start()) for end in (". ", "? ", "! ")) + 1
    theirs = text[max(clause_around(text, other.start())[0], sentence) :]
    extreme = len({m.group() for m in _EXTREME.finditer(theirs)})
    score = 1.0 + has(_DISTORT, theirs) * 1.0 + min(extreme, 2) * 0.5
    return score, explain("straw_man")


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


_CONCESSION = frozenset({"sure", "yes", "maybe"})


def red_herring(text: str) -> tuple[float, Explanation] | None:
    if has(ESCALATE, text):  # "but that doesn't count until...": moving goalposts
        return None
    divert = _DIVERT.search(text)
    accused = _ACCUSED.search(text)
    if divert and divert.start() < 10:  # "why worry about X when Y": X is the question
        before, after = terms(divert.group()), terms(text[divert.end() :])
    elif divert:
        before, after = terms(text[: divert.start()]), terms(text[divert.start() :])
    elif accused and accused.group() in _CONCESSION:
        # "Sure, X, but Y" with nothing that turns away from X is a concession answered by a
        # counter-point, not a change of subject.
        return None
    elif accused and " but " in text[accused.end() :]:
        cut = text.index(" but ", accused.end())
        before, after = terms(text[:cut]), terms(text[cut:])
    else:
        return None
    if not before or not after or overlap(before, after) > 0.2:
        return None
    score = 1.0 + (1.0 if divert else 0.0) + (1.0 if accused else 0.0)
    return score, explain("red_herring")


# The cue patterns other readers of a text may use (the learned model's features), by name: the
# rules' own words, so a pattern changed here changes both, and no module reads a private name.
CUES: Mapping[str, re.Pattern[str]] = MappingProxyType(
    {
        "insult": _INSULT,
        "dismiss": _DISMISS,
        "emotive": _EMOTIVE,
        "appeal": _APPEAL,
        "vulnerable": _VULNERABLE,
        "attribution": _ATTRIBUTION,
        "non_expert": _NON_EXPERT,
        "vague_expert": _VAGUE,
        "divert": _DIVERT,
    }
)
