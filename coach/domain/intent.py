"""What a student's message is, before any check of its content: intent comes first.

``classify`` sorts a message, in any language pack's words, ignoring case, accents and apostrophes,
into one of six kinds:

- ``help``: a help or do-it-for-me request ("write it for me", "just show me an example",
  "my teacher said it's okay", "I'll fail if you don't", "compare it to my work");
- ``concept``: a question about the Toulmin part itself ("what is a warrant?",
  "¿qué es una garantía?", "I dont know what a warrant is");
- ``confirmation``: a short acceptance ("yes", "use that", "sí, me sirve");
- ``rewrite``: a request to improve the student's own text ("rewrite it", "mejóralo");
- ``off_topic``: small talk or a question about something else;
- ``attempt``: anything else, the student's attempt at the current part.

A help request or a concept question never becomes a proposal and never touches the draft;
only an ``attempt`` is ever text a confirmation or rewrite can propose.
"""

from __future__ import annotations

import itertools
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from coach.domain import languages
from coach.domain.address import addressed_to_tutor
from coach.domain.phrases import fold, is_confirmation, is_rewrite_request, words

IntentKind = Literal[
    "help", "concept", "feedback", "confirmation", "rewrite", "off_topic", "attempt"
]
# Which pressure a help request applies, for the tutor's first words and the evaluation.
Pressure = Literal[
    "write_for_me",
    "example",
    "teacher",
    "emotional",
    "compare",
    "stuck",
    # Asked in another form (told apart by ``address.addressed_to_tutor``), named for the
    # teacher's view: finishing the student's sentence, options to pick from, playing the
    # student, translating or correcting, looking facts up, or any other ask.
    "complete",
    "options",
    "roleplay",
    "translate",
    "look_up",
    "ask",
    "",
]
PRESSURES: tuple[str, ...] = tuple(p for p in get_args(Pressure) if p)

CONTROL_MAX_WORDS = 6  # a confirmation or rewrite request carries no text of its own


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    pressure: Pressure = ""

    @property
    def is_attempt(self) -> bool:
        return self.kind == "attempt"

    @property
    def may_propose(self) -> bool:
        """Only an attempt, a confirmation or a rewrite request can lead to a proposal."""
        return self.kind in ("attempt", "confirmation", "rewrite")


# How students type in a hurry: "q pongo d tesis?? nose nada", "wat do i put".
_TEXTING: dict[str, str] = {
    short: full for pack in languages.packs() for short, full in pack.texting.items()
}


def normalize(text: str) -> str:
    """Folded words separated by single spaces, padded: " i dont know what a warrant is "."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = re.sub(r"['’`´]", "", plain)  # "don't" -> "dont", "I'm" -> "im"
    tokens = [_TEXTING.get(token, token) for token in re.findall(r"[a-z0-9]+", plain)]
    return " " + " ".join(tokens) + " "


# The parts' names in any language: "write my tesis for me" asks for a part too.
_PARTS = languages.alternatives("part_names")
_PART = f"({_PARTS})"


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns))


def _patterns(found: tuple[str, ...]) -> re.Pattern[str]:
    """Every pack's patterns of one family, with the parts' names filled in."""
    return _any(*(p.replace("<PARTS>", _PARTS).replace("<PART>", _PART) for p in found))


# Each family is matched on normalize(text), so words sit between single spaces; the order
# of the families decides which pressure a request applies.
_HELP: tuple[tuple[Pressure, re.Pattern[str]], ...] = tuple(
    (family, _patterns(languages.every_keyed("help_patterns", family)))
    for family in ("teacher", "emotional", "compare", "example", "write_for_me", "stuck")
)
_CONCEPT = _patterns(languages.every("concept_patterns"))
_WRAPPED = _patterns(languages.every("wrapped_requests"))
_OFF_TOPIC = _patterns(languages.every("off_topic_patterns"))


# A question about the quality of the student's own part: a request for feedback, answered
# by judging their text; never pressure, never a part. "Is mine specific enough?", "¿Mi
# garantía es demasiado general?", "Is my evidence strong enough or do I need more?"
_FEEDBACK = _patterns(languages.every("feedback_patterns"))
_FEEDBACK_OPENERS = languages.every("feedback_openers")
_FEEDBACK_FRAME = _patterns(languages.every("feedback_frames"))


def _asks_feedback(message: str, norm: str) -> bool:
    """A question about the student's own part (see ``_FEEDBACK``), or one asked in statement
    order after "tell me if", "dime si" (``feedback_frames``), or how good a text of theirs
    they quote or name is (``quality_subject``)."""
    if _FEEDBACK_FRAME.search(norm):
        return True
    if ("?" in message or norm.startswith(_FEEDBACK_OPENERS)) and _FEEDBACK.search(norm):
        return True
    return quality_subject(message, own=()) is not None


# How good something is, asked ("is “probably” too weak?", "is the WHO too general as a
# source?", "¿la UNESCO cuenta como fuente o es muy general?", "¿vale la OMS como fuente?"):
# a question on the student's own part when what it asks about is theirs: quoted, named (an
# acronym, or a name of two capitals or more), said with "my" or a part's name, asked about as
# a part ("... count as a source?"), or words the student wrote before (``own``).
_QUALITY = tuple(re.compile(p) for p in languages.every("quality_questions"))
QUOTED_MAX = 80  # a quoted part is short: no scan of a whole long message from each mark
_QUOTED = re.compile(
    rf"[\"“«‘]([^\"”»’]{{1,{QUOTED_MAX}}})[\"”»’]"
    rf"|(?:^|(?<=[\s¿(]))'([^']{{1,{QUOTED_MAX}}})'(?=[\s?¿,.!:;)]|$)"
)
_CAPITALISED = re.compile(r"(?<=\w)\W+([A-ZÁÉÍÓÚÑ][\wÁÉÍÓÚÑáéíóúñ]*)")
_ACRONYM = re.compile(r"\b[A-Z]{2,}\b")
_AUXILIARIES = languages.every_set("auxiliaries")


def _quoted_words(message: str) -> set[str]:
    return {w for q in _QUOTED.finditer(message) for w in normalize("".join(q.groups(""))).split()}


def _names(message: str, subject: set[str]) -> set[str]:
    """The folded words of an acronym ("the WHO", "la OMS") or, when the subject holds two of
    them, of capitalised words ("the World Health Organization", "Mr Patel"); one capital
    alone ("Is Netflix too distracting?") may be the topic's, not a source of the student's."""
    capitals = {normalize(name).strip() for name in _CAPITALISED.findall(message)}
    acronyms = {normalize(name).strip() for name in _ACRONYM.findall(message)}
    return acronyms | (capitals if len(subject & capitals) >= 2 else set())


def quality_subject(message: str, *, own: tuple[str, ...]) -> str | None:
    """What a question on how good the student's own text is asks about ("is “probably” too
    weak?" -> "probably"; "" for the text just given, "¿es muy general?"), when it is theirs
    (see above); None for any other message. ``own``: the student's earlier texts."""
    norm = normalize(message)
    asked = "?" in message or norm.split()[0] in _AUXILIARIES if norm.split() else False
    if not asked or addressed_to_tutor(message.replace("?", "").replace("¿", "")):
        return None  # "is probably ok or should i say definitely" asks, in its word order
    theirs = set(normalize(" ".join(own)).split())
    for pattern in _QUALITY:
        found = pattern.search(norm)
        if found is None:
            continue
        subject = set(found.group("subject").split())
        quoted = _quoted_words(message)
        if (
            not subject
            or ("part" in found.groupdict() and found.group("part"))
            or subject & (_OWN | _names(message, subject))
            or (quoted and subject <= quoted | _DETERMINERS)
            or (theirs and subject - _DETERMINERS <= theirs)
        ):
            return found.group("subject").strip()
    return None


# Whether the student's own text or source is acceptable, asked yes or no: "would my teacher
# accept a class survey as a source?", "¿Una encuesta que hice yo en clase vale como fuente?".
# A question that asks the tutor to act ("can you find me a source?") is not one.
_ACCEPTANCE = languages.every_set("acceptance_words")
_QUESTION_WORDS = languages.every_set("question_words")
_OWN = languages.every_set("personal") | languages.every_set("part_words")
_DETERMINERS = languages.every_set("determiners")


def _asks_if_acceptable(message: str, norm: str) -> bool:
    tokens = norm.split()
    if "?" not in message or not tokens or tokens[0] in _QUESTION_WORDS:
        return False
    if not (set(tokens) & _ACCEPTANCE and set(tokens) & _OWN):
        return False
    return not addressed_to_tutor(message.replace("?", "").replace("¿", ""))


# A slot left for someone else to fill is not content: "[whatever you think works best]",
# "<something about rest>", "___", "unless ... (fill it in)". A bracket around an aside ("[in
# my school]", "the [school] survey") is the student's text; an ellipsis after a clause
# ("Unless it rains...", "uniforms are bad...") trails off, it leaves no slot.
_BLANK = re.compile(r"_{2,}")
_BRACKETED = re.compile(r"\[([^\]]*)\]|<([^>]*)>|\{([^}]*)\}")
_SLOT_WORDS = languages.every_set("slot_words")
_SLOT_LEADS = languages.every_set("slot_leads")
_ELLIPSIS = re.compile(r"\.{3}|…")
_INSERT = re.compile(r"\[(\w+)\]")
# "¿Los alumnos de la ESO están cansados?", "Are pupils in the US too tired?": a word in
# capitals after a sentence's first, in a message not all in capitals, is an acronym, not the
# pronoun it folds to ("eso", "us"); a digit after it keeps it out of every word list. "ESO
# ESTÁ BIEN?" (shouted) and "¿ESO está bien?" (the first word) are still the pronoun.
_ACRONYMS = languages.every_set("acronyms")
# After a word and before the next sentence: "de la ESO", not "¿ESO ...?" or "... ESO ...".
_CAPITALS = re.compile(r"(?<=\w)([^\w.?!]+)([A-Z]{2,4})(?![^\W\d_])")


def _acronyms_apart(message: str) -> str:
    if not any(ch.islower() for ch in message):
        return message
    return _CAPITALS.sub(lambda m: m[0] + "0" if m[2].casefold() in _ACRONYMS else m[0], message)


def has_slot(message: str) -> bool:
    """Whether ``message`` leaves a slot for the tutor to fill: a blank, a bracket with a
    placeholder's words in it, or an ellipsis after nothing but a lead ("unless ...") with
    nothing but a note after it."""
    if _BLANK.search(message):
        return True
    for found in _BRACKETED.finditer(message):
        inside = normalize("".join(group or "" for group in found.groups())).split()
        if not inside or set(inside) & _SLOT_WORDS:
            return True
    for found in _ELLIPSIS.finditer(message):
        after = message[found.end() :].strip()
        before = normalize(message[: found.start()]).split()
        lead = all(word in _SLOT_LEADS or word in _NOT_TOPICAL for word in before)
        if lead and (not after or after.startswith("(")):
            return True
    return False


# A hedge is never a "yes": "casi seguro que sí", "probably yes", "pretty sure".
_HEDGES = languages.every_set("hedges")


def _hedged(norm: str) -> bool:
    return bool(set(norm.split()) & _HEDGES)


# "yes but change 95% to most", "vale pero quita lo del huevo", "ok but shorter": a yes that
# brings a change is not a plain yes; the student is asked for their changed version.
_CONTRAST = languages.every_set("contrast_words")
_PLAIN_NO = languages.every_set("plain_no")
ACCEPT_HEAD_MAX_WORDS = 3


# "sí pero no sé", "ok but im not sure": after the yes, only doubt; the student is asked what
# they are unsure about, not for a changed version.
_DOUBTS = languages.every_set("doubts")


def _after_yes(message: str) -> str | None:
    """What follows the contrast word when ``message`` opens with a yes ("yes", "ok", "sí",
    "vale") and goes on after "but", "pero" (normalized, padded); None otherwise."""
    tokens = normalize(message).split()
    cut = next((i for i, token in enumerate(tokens) if token in _CONTRAST), None)
    if not cut or cut > ACCEPT_HEAD_MAX_WORDS or cut == len(tokens) - 1:
        return None
    if not all(is_confirmation(token) for token in tokens[:cut]):
        return None
    return " " + " ".join(tokens[cut + 1 :]) + " "


def accepts_with_doubt(message: str) -> bool:
    """Whether ``message`` is a yes followed by doubt only ("sí pero no sé")."""
    rest = _after_yes(message)
    return rest is not None and rest.strip() in _DOUBTS


def accepts_with_change(message: str) -> bool:
    """Whether ``message`` opens with a yes and goes on with a change after a contrast word
    ("yes but change 95% to most"); not when what follows is doubt ("sí pero no sé") or a
    new limit, the student's next attempt at a rebuttal ("ok, but unless it rains")."""
    rest = _after_yes(message)
    if rest is None or rest.strip() in _DOUBTS:
        return False
    return not rest.startswith(_LIMIT_OPENING)


def is_plain_no(message: str) -> bool:
    """Whether ``message`` only says no ("no", "nope, not that", "no, eso no")."""
    return normalize(message).strip() in _PLAIN_NO


_YES_TAILS = languages.every_set("yes_tails")
_POLITE = languages.every_set("polite")


def _yes_then(message: str, rests: frozenset[str]) -> bool:
    """Whether ``message`` is a yes ("yes", "ok", "sí", "vale") followed by nothing but one of
    ``rests`` (folded)."""
    tokens = normalize(message).split()
    for cut in range(1, min(ACCEPT_HEAD_MAX_WORDS, len(tokens) - 1) + 1):
        head = [t for t in tokens[:cut] if t not in _POLITE]
        if " ".join(tokens[cut:]) in rests and head and all(is_confirmation(t) for t in head):
            return True
    return False


def says_yes_and_no(message: str) -> bool:
    """Whether ``message`` says yes, then no ("yeah no", "ok nah", "sí no"): neither a yes
    nor a no; the student is asked which they mean."""
    return _yes_then(message, _PLAIN_NO)


def confirms_card(message: str) -> bool:
    """Whether ``message`` is a yes that points at the card showing ("yes do it", "sí,
    guárdala", "sí, eso"): a confirmation when a card shows, and only then."""
    return _yes_then(message, _YES_TAILS)


# Words that say nothing about the topic: the exchange, grammar, fillers, pronouns, the parts'
# names. "come on, I've tried, I really can't" and "venga, solo esta vez y no te pido más"
# are made only of them: the student has nothing to write yet (stuck, or pleading in a
# wearing-down sequence), never an attempt.
_NOT_TOPICAL = frozenset().union(
    *(
        languages.every_set(name)
        for name in (
            "exchange_words",
            "fillers",
            "polite",
            "personal",
            "part_words",
            "determiners",
            "grammar_words",
        )
    )
)

# A question whose yes-word is followed by what it says of the topic, an infinitive ("¿Está
# bien madrugar tanto?", "¿Vale madrugar?"), asks about the topic; "¿vale?", "¿de acuerdo
# entonces?", "¿vale, lo guardo?" are still a yes.
_YES_ASKS = re.compile(
    r"\b(?:"
    + "|".join(re.escape(fold(p)) for p in languages.every("confirmations"))
    + r") (?:"
    + languages.alternatives("infinitives")
    + r")\b"
)


def _asks_about_topic(message: str) -> bool:
    return "?" in message and _YES_ASKS.search(fold(message)) is not None


# Insisting ("but I am right", "no es verdad") is a (weak) rebuttal's content, not pleading.
_INSISTING = re.compile(languages.alternatives("insisting_patterns"))


def _about_the_exchange(norm: str) -> bool:
    """True when every word is about the exchange, none about the topic (see above); a
    hedge ("probably", "casi seguro") is a qualifier's content."""
    tokens = norm.split()
    if not tokens or _INSISTING.search(" ".join(tokens)) or tokens[0] in ("yes", "si"):
        return False  # "yes, that one is fine with me" accepts; it does not plead
    return all(t in _NOT_TOPICAL and t not in _HEDGES for t in tokens)


# Where the student saw something ("saw it on tiktok", "lo vi en youtube") names a (vague)
# source, not small talk about the platform.
_ONLINE = re.compile(languages.alternatives("online_patterns"))
_WHERE_SEEN = languages.every_set("seen_on")


def _names_where_seen(norm: str) -> bool:
    return any(
        norm[: m.start()].split()[-1:] and norm[: m.start()].split()[-1] in _WHERE_SEEN
        for m in _ONLINE.finditer(norm)
    )


# Pleading, distress or a deadline with nothing about the topic: "pleaseee i really need it,
# my essay is due tomorrow", "porfaaa es para mañana y no tengo nada", "im so stressed rn, my
# teacher is gonna kill me". Whatever step it comes on, first or not, it is never a part. A
# claim about deadlines ("Homework due the next morning should not be set on Fridays") has
# words of its own.
_PLEAS = languages.every_set("plea_words")
_PLEA_CONTEXT = languages.every_set("plea_context")
_ELONGATED = re.compile(r"([a-z])\1{2,}")


# A condition is a part's content, never a plea: "unless it is due tomorrow", "a menos que
# sea para mañana", "only if teachers help" (a rebuttal, a qualifier). "si no me ayudas ..."
# threatens; the pressure patterns read it.
_CONDITIONS = tuple(
    f" {marker} " for marker in languages.every("conditions") if not marker.endswith("*")
)
_THREATS = re.compile(languages.alternatives("threats"))
# A part that opens with a limit ("unless it is due tomorrow", "salvo que sea para mañana")
# names when the claim fails, whatever its words: no pressure.
_LIMIT_OPENING = tuple(
    marker for marker in _CONDITIONS if marker.strip() not in languages.every("rule_markers")
)


PLEA_UNKNOWN_MAX = 2
_PERSONAL = languages.every_set("personal")
_BEGGING = languages.every_set("begging")
_CLOCK = re.compile(r"\d{1,2}(?:am|pm|h)?")  # "due at 9am", "a las 8"
# "should", "deberían": a part's conclusion, never a plea.
_OBLIGATION = re.compile(languages.alternatives("obligation_patterns"))


# A punishment awaiting the student ("bro my mom will ground me if i fail", "me va a caer una
# bronca"): distress, with or without a plea word or a condition.
_DISTRESS = _patterns(languages.every("distress_patterns"))


def _pleads(norm: str, topic: str) -> bool:
    tokens = [_ELONGATED.sub(r"\1", token) for token in norm.split()]
    if not set(tokens) & _PLEAS:
        return False
    if any(marker in _THREATS.sub(" ", norm) for marker in _CONDITIONS):
        return False
    about = _content_words(topic)
    if any(len(t) >= 4 and t[:5] in about for t in tokens) or _OBLIGATION.search(norm):
        return False
    unknown = [
        t
        for t in tokens
        if not (t in _PLEAS or t in _PLEA_CONTEXT or t in _NOT_TOPICAL or _CLOCK.fullmatch(t))
    ]
    # Begging, with a word no list holds ("estoy llorando literal"), or two about the student
    # themself ("im literally crying rn pls", "pls i'm on my knees here"), is still distress.
    if not set(tokens) & _BEGGING:
        return not unknown
    personal = bool(set(tokens) & _PERSONAL)
    return len(unknown) <= (PLEA_UNKNOWN_MAX if personal else PLEA_UNKNOWN_MAX - 1)


def _help_pressure(norm: str) -> Pressure | None:
    for pressure, pattern in _HELP:
        if pattern.search(norm):
            return pressure
    return None


# Only to name the kind of ask for the teacher; whether it is an ask is decided by its form.
_ASK_KINDS: tuple[tuple[Pressure, re.Pattern[str]], ...] = tuple(
    (kind, _patterns(languages.every_keyed("ask_kind_patterns", kind)))
    for kind in ("complete", "options", "roleplay", "translate", "look_up")
)
# Pressure families that are requests only when the message is addressed to the tutor:
# "AI tools should not write graded essays for us" is a claim, not "write ... for us".
_ADDRESSED_ONLY: frozenset[str] = frozenset({"write_for_me", "example", "compare"})
STATEMENT_MIN_WORDS = 7
_FRAMING_LAYERS = 4


def ask_kind(message: str) -> Pressure:
    """The kind of an ask addressed to the tutor that no pressure family names."""
    norm = normalize(message)
    for kind, pattern in _ASK_KINDS:
        if pattern.search(norm):
            return kind
    return "ask"


def _content_words(text: str) -> set[str]:
    return {word[:5] for word in words(text) if len(word) >= 4}


def classify(message: str, *, topic: str = "") -> Intent:
    """The intent of one student message (see the module's docstring for the kinds).

    Help requests are tested first: "yes, just write it for me" is a request, not a
    confirmation. A message with text of its own (more than a few words) is a confirmation
    or a rewrite request only in the form "rewrite: <text>".
    """
    message = _acronyms_apart(_INSERT.sub(r"\1", message))
    changing = accepts_with_change(message)  # read before a "yes," is taken as a filler
    pointing = confirms_card(message)  # "sí, esa": the yes is no filler before a text
    if accepts_with_doubt(message) or says_yes_and_no(message):
        return Intent("help", "stuck")
    if is_plain_no(message):  # "nah", "no gracias": never the student's text
        return Intent("help", "stuck")
    # "ok. Uniforms should be optional": the filler says nothing; what follows decides. A few
    # layers at most: "what about that what about that ..." must not recurse without end.
    for _ in range(_FRAMING_LAYERS):
        if not normalize(message).strip():
            return Intent("attempt")
        if has_slot(message) or _proposes_tutors_words(own_text(message)):
            return Intent("help", "complete")
        own = own_text(message)
        if own == message.strip():
            break
        message = own
    norm = normalize(message)
    if not norm.strip():
        return Intent("attempt")
    addressed = addressed_to_tutor(message)
    count = len(words(message))
    statement = not addressed and count >= STATEMENT_MIN_WORDS and "?" not in message
    pressure = _help_pressure(norm)
    # "is my source ok or too vague? its due tomorrow": a deadline beside a question on
    # their own part is still that question.
    if pressure in (None, "emotional") and _asks_feedback(message, norm):
        return Intent("feedback")
    if pressure == "emotional" and norm.startswith(_LIMIT_OPENING):
        pressure = None
    if pressure is not None and not (statement and pressure in _ADDRESSED_ONLY):
        return Intent("help", pressure)
    if _WRAPPED.search(norm):  # "just put <text>", "<text>, que suene bien": a request
        return Intent("help", "ask")
    if _CONCEPT.search(norm):
        return Intent("concept")
    if pressure is None and _asks_if_acceptable(message, norm):
        return Intent("feedback")
    short = count <= CONTROL_MAX_WORDS
    if is_rewrite_request(message) and (short or ":" in message):
        return Intent("rewrite")
    if changing:
        return Intent("help", "ask")  # asks the tutor to change the text: the student does
    if _DISTRESS.search(norm) and not _OBLIGATION.search(norm):
        return Intent("help", "emotional")  # before a yes: "mi madre me castiga si suspendo"
    # "Unless it rains, but yes": a yes that brings a limit of its own brings a new attempt.
    limited = any(marker in norm for marker in _LIMIT_OPENING)
    if (
        short
        and is_confirmation(message)
        and not _hedged(norm)
        and not limited
        and not _asks_about_topic(message)
    ):
        return Intent("confirmation")
    if _pleads(norm, topic):  # after "fix it please", a rewrite request
        return Intent("help", "emotional")
    # "pizza" is small talk, unless the argument is about pizza; a statement with topic
    # words of its own ("video games lower grades") is an attempt, whatever its words.
    chat = short or "?" in message or addressed
    if (
        chat
        and _OFF_TOPIC.search(norm)
        and not (_content_words(message) & _content_words(topic))
        and not _names_where_seen(norm)
    ):
        return Intent("off_topic")
    if addressed:
        return Intent("help", ask_kind(message))
    if _about_the_exchange(norm) or only_framing(message) or pointing:
        return Intent("help", "stuck")  # "sí, esa" with no card: nothing of the student's
    return Intent("attempt")


def turn_intent(inputs: Mapping[str, Any]) -> Intent | None:
    """The intent a turn already classified (``intent`` and ``pressure`` in its inputs, as
    ``services.turn_inputs`` builds them), so a turn classifies its message once."""
    if inputs.get("intent") not in get_args(IntentKind):
        return None
    return Intent(inputs["intent"], inputs.get("pressure", "") or "")


# What a student puts before their text that is not part of it: fillers and nods ("ok.",
# "right, got it.", "ah vale, ya lo pillo."), or a frame ("Actually let me change it:",
# "Bueno, mejor cambio:").
# Each filler or nod is one atomic whole word, its longest spelling tried first: "ok" is a
# filler and a nod in both packs, and a repeat free to read it several ways backtracks
# exponentially on "ok ok ok ... i get it" (no closing stop to end it).
_FILLER_OR_NOD = (
    "(?>(?:"
    + "|".join(
        sorted(
            set(languages.every("framing_fillers") + languages.every("framing_followers")),
            key=lambda alternative: (-len(alternative), alternative),
        )
    )
    + r")\b)"
)
_FRAMING = re.compile(
    r"^\s*" + _FILLER_OR_NOD + r"(?:[\s,]+" + _FILLER_OR_NOD + r")*\s*[.,;:!…\-–—]+\s+|"
    r"^\s*(?:" + languages.alternatives("framing_leads") + r")?[\s,]*"
    r"(?:" + languages.alternatives("framing_changes") + ")"
    r"(?:" + languages.alternatives("framing_objects") + r")*\s*[:.,;!-]+\s*",
    re.I,
)


# "the claim would be that schools should start later, right?": the student puts their own
# proposition forward; what follows the frame, without the tag question, is their text.
_PROPOSITION = re.compile(r"^\s*(?:" + languages.alternatives("proposition_frames") + ")", re.I)
_TAG_QUESTION = re.compile(
    r"[\s,]*(?:(?:" + languages.alternatives("tag_questions") + r")\s*)?\?+\s*$", re.I
)


_PROPOSED_REQUEST = re.compile(languages.alternatives("proposition_requests"))


def _proposes_tutors_words(text: str) -> bool:
    """Whether ``text`` is a proposition frame around the tutor's words, not the student's
    own proposition ("what about that thing you said before?")."""
    put_forward = _PROPOSITION.sub("", text.strip(), count=1)
    return put_forward != text.strip() and bool(_PROPOSED_REQUEST.search(normalize(put_forward)))


# Fillers with no punctuation after them ("ok so phones should ...", "so basically ...",
# "vale pues los exámenes ...", "pues eso, que ..."): a run of them is framing only when it
# holds a strong one, so "So many pupils ..." and "Vale la pena ..." keep their first words.
def _filler_units(name: str) -> tuple[tuple[str, ...], ...]:
    units = {tuple(fold(unit).split()) for unit in languages.every(name)}
    return tuple(sorted(units, key=lambda unit: -len(unit)))


_STRONG_FILLERS = _filler_units("strong_fillers")
_LOOSE_FILLERS = _filler_units("loose_fillers")
_FILLER_NOT_BEFORE = languages.every_set("filler_not_before")
_LOOSE_TOKEN = re.compile(r"[^\s,.;:!…]+")
_AFTER_FILLER = re.compile(r"[\s,.;:!…]*")
_LOOSE_RUN_MAX = 8


def _without_loose_fillers(text: str) -> str:
    """``text`` without a run of fillers at its start that holds a strong one (see above);
    one pass over its first words. A run longer than that is no framing but all there is
    ("ok ok ok ..."): the text is left as it is."""
    found = [
        (m.group(), m.end())
        for m in itertools.islice(_LOOSE_TOKEN.finditer(text), _LOOSE_RUN_MAX + 2)
    ]
    folded = [fold(token) for token, _ in found]
    i, cut, strong = 0, 0, False
    while i < len(found):
        unit = next(
            ((u, True) for u in _STRONG_FILLERS if tuple(folded[i : i + len(u)]) == u),
            next(((u, False) for u in _LOOSE_FILLERS if tuple(folded[i : i + len(u)]) == u), None),
        )
        if unit is None:
            break
        size = len(unit[0])
        after = folded[i + size] if i + size < len(folded) else ""
        if not unit[1] and after in _FILLER_NOT_BEFORE:
            break
        i += size
        strong = strong or unit[1]
        if strong:
            cut = found[i - 1][1]
    if not cut or i > _LOOSE_RUN_MAX:
        return text
    rest = text[cut:]
    rest = rest[_AFTER_FILLER.match(rest).end() :]  # type: ignore[union-attr]
    return rest if len(words(rest)) >= 2 else text


def own_text(message: str) -> str:
    """The student's own text in a message: without the fillers and framing before it
    ("ok. High schools..." -> "High schools...", "the claim would be that X, right?" -> "X").
    The one definition every judge uses."""
    text = message.strip()
    for _ in range(3):  # "ok. Actually let me change it: ..." has two layers
        stripped = _without_loose_fillers(_FRAMING.sub("", text, count=1).strip())
        if not stripped or stripped == text or len(words(stripped)) < 1:
            break
        text = stripped
    put_forward = _PROPOSITION.sub("", text, count=1).strip()
    if _proposes_tutors_words(text):
        return text
    if put_forward != text and len(words(put_forward)) >= 2:
        text = _TAG_QUESTION.sub("", put_forward).strip()
    return text


def only_framing(message: str) -> bool:
    """Whether ``message`` is nothing but fillers and framing, a sentence about who will do
    the work included ("Fine, I'll do it myself then.", "Vale, lo hago yo."): no text of the
    student's yet."""
    text = message.strip().rstrip(".,;:!…") + ". "
    for _ in range(3):
        stripped = _FRAMING.sub("", text, count=1)
        if not stripped.strip():
            return bool(words(message))
        if stripped == text:
            return False
        text = stripped
    return False


def own_attempts(messages: list[str], *, topic: str) -> list[str]:
    """The student's own texts, in order, in the messages that are attempts at the part (not
    requests), each read against the argument's ``topic`` as ``classify`` reads it."""
    return [own_text(m) for m in messages if m.strip() and classify(m, topic=topic).is_attempt]


def rewrite_payload(message: str) -> str:
    """The text in "rewrite: <text>", or "" when the request carries none."""
    if ":" not in message:
        return ""
    return message.split(":", 1)[1].strip()


__all__ = [
    "CONTROL_MAX_WORDS",
    "accepts_with_change",
    "accepts_with_doubt",
    "confirms_card",
    "says_yes_and_no",
    "is_plain_no",
    "Intent",
    "IntentKind",
    "Pressure",
    "classify",
    "has_slot",
    "PRESSURES",
    "ask_kind",
    "normalize",
    "only_framing",
    "own_attempts",
    "own_text",
    "turn_intent",
    "rewrite_payload",
]
