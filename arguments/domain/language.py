"""Which language a text is written in, as far as the offline analyzer needs to know: whether it
can read it.

The analyzer reads by English words (``arguments.domain.markers``), so a text in another
language would be analysed silently as if it were English: no marker fires, and the chain
reports a missing claim or weak data instead of the truth. ``language_of`` tells the texts it
cannot read apart: a text mostly in another script (Arabic, Chinese, Cyrillic…), and a
Latin-script text whose most common words are those of another language.

A language is recognised by its function words (articles, pronouns, prepositions, conjunctions,
auxiliaries), which make up a third to a half of any running text whatever its subject. A text
is taken as not English only when the evidence is clear: enough words to judge, and another
language's function words outnumbering English's by a wide margin. So a short English text, an
English text quoting a Spanish sentence or naming "María de la Cruz", or one switching into a
few words of another language is still read.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator
from contextvars import ContextVar

from arguments.domain.wording import say

READS = "English"  # the language of the learned models and of most rules
# The languages the rules read, by code, and their names as ``language_of`` gives them.
LANGUAGES = {"en": "English", "es": "Spanish"}

_LETTER = re.compile(r"[^\W\d_]")
_LATIN = re.compile(r"[A-Za-zÀ-ɏ]")
_WORD = re.compile(r"[^\W\d_]+")

# The most frequent function words of each language (shared words are listed in each language
# they belong to: only the words one language has and the others lack tell them apart).
_FUNCTION_WORDS = {
    "English": (
        "the a an and or but of to in on at by for from with about as into than then that this "
        "these those it its is are was were be been being have has had do does did not no "
        "there their they them we our you your he she his her him i me my what which who "
        "whom would should could will can must may might shall so if because when while "
        "how why all more most some any also just only very such other"
    ),
    "French": (
        "le la les l un une des du de d au aux et ou mais donc car ni que qu qui quoi dont où "
        "ce cet cette ces c il ils elle elles on nous vous je j me te se s leur leurs son sa "
        "ses mon ma mes notre nos votre vos est sont était être avoir a ont fait peut doit "
        "doivent ne n pas plus dans pour par sur avec sans sous entre chez très aussi tout "
        "tous toute toutes comme si y en"
    ),
    "Spanish": (
        "el la los las lo un una unos unas de del al a y e o u pero sino que qué quien cual "
        "como cuando donde porque pues en con por para sin sobre entre hasta desde es son "
        "está están era fue ser estar ha han hay debe deben puede pueden se su sus le les me "
        "nos mi mis tu yo él ella ellos ellas nosotros usted este esta estos estas eso esto "
        "más muy también ya no sí ni todo todos"
    ),
    "Portuguese": (
        "o a os as um uma uns umas de do da dos das no na nos nas ao aos à às e ou mas que "
        "quem qual como quando onde porque em com por pelo pela pelos pelas para sem sobre "
        "entre até é são está estão era foi ser estar tem têm há deve devem pode podem se "
        "seu sua seus suas lhe me nós você vocês ele ela eles elas este esta isso isto esse "
        "essa mais muito também já não sim todo todos"
    ),
    "German": (
        "der die das den dem des ein eine einen einem einer und oder aber denn sondern dass "
        "daß wenn weil als wie ob zu mit auf für von an in im am vom zum zur bei nach aus "
        "über unter vor durch um ist sind war waren sein hat haben wird werden wurde kann "
        "können muss müssen soll sollen sollte sollten ich du er sie es wir ihr man sich "
        "mein dein sein ihre unser nicht kein keine auch nur noch schon sehr mehr so diese "
        "dieser dieses"
    ),
    "Italian": (
        "il lo la i gli le un uno una di del dello della dei degli delle da dal dalla in nel "
        "nella a al alla su sul con per tra fra e ed o ma che chi cui come quando dove perché "
        "è sono era essere ha hanno deve devono può possono si ci ne non più anche molto "
        "tutto tutti questo questa quello quella loro noi voi io lui lei suo sua dell all "
        "nell sull"
    ),
    "Dutch": (
        "de het een en of maar want dat die dit deze van in op te aan met voor bij naar door "
        "over uit tot om als dan is zijn was waren wordt worden werd heeft hebben had kan "
        "kunnen moet moeten zou zal ik je jij hij zij ze wij we hun ons onze niet geen ook "
        "nog al wel er wat hoe waar omdat meer veel zo"
    ),
}
_PROFILES = {name: frozenset(words.split()) for name, words in _FUNCTION_WORDS.items()}

MIN_WORDS = 6  # fewer words say too little to refuse a text
SAMPLE = 10_000  # the opening characters decide: a long text's language is clear by then
# A text is taken as written in another language when the function words only that language
# has outnumber those only English has by more than twice, plus this margin.
MARGIN = 2
# A text of this many words or more in which English function words are this rare does not
# read as English, whatever language it is in.
UNKNOWN_MIN_WORDS = 15
UNKNOWN_SHARE = 0.05

SCRIPT = "another script"
UNKNOWN = "another language"


def language_of(text: str) -> str:
    """ "" when the analyzer can read ``text`` (English, or too little to tell), else what it
    is: the name of a language it recognises, SCRIPT (mostly letters outside the Latin script)
    or UNKNOWN (a Latin-script text that does not read as English)."""
    sample = text[:SAMPLE]
    letters = len(_LETTER.findall(sample))
    if letters >= 20 and len(_LATIN.findall(sample)) / letters < 0.5:
        return SCRIPT
    words = [w.lower() for w in _WORD.findall(sample)]
    if len(words) < MIN_WORDS:
        return ""
    english = _PROFILES[READS]
    others = []
    for name, profile in _PROFILES.items():
        # only the words one language has and the other lacks tell the two apart ("a", "no"
        # and "me" are as Spanish as they are English)
        theirs = sum(w in profile and w not in english for w in words)
        ours = sum(w in english and w not in profile for w in words)
        if name != READS and theirs > 2 * ours + MARGIN:
            others.append((sum(w in profile for w in words), name))
    if others:  # named after the language most of its words belong to
        return max(others)[1]
    if len(words) >= UNKNOWN_MIN_WORDS and sum(w in english for w in words) < (
        UNKNOWN_SHARE * len(words)
    ):
        return UNKNOWN
    return ""


def reader_language(text: str) -> str:
    """The code of the language the rules read ``text`` in: "es" for a text that reads as
    Spanish, else "en" (English, too little to tell, or a language refused by ``unreadable``)."""
    return "es" if language_of(text) == LANGUAGES["es"] else "en"


def unreadable(text: str) -> str:
    """The refusal for a text the analyzer cannot read, naming the languages it reads; else ""
    (English and Spanish are read)."""
    language = language_of(text)
    if not language or language in LANGUAGES.values():
        return ""
    if language == SCRIPT:
        what = say("what.script")
    elif language == UNKNOWN:
        what = say("what.unknown")
    else:
        what = say("what.named", language=language)
    return say("language.not_read", what=what)


# -- reading by the words of the text's language -------------------------------------------

_READING: ContextVar[str] = ContextVar("reading_language", default="en")


def reading() -> str:
    """The code of the language the rules are reading in now ("en" unless ``reading_in``)."""
    return _READING.get()


@contextlib.contextmanager
def reading_in(language: str) -> Iterator[None]:
    """Within the block, every ``Lexicon`` reads by the words of ``language`` ("en", "es")."""
    token = _READING.set(language if language in LANGUAGES else "en")
    try:
        yield
    finally:
        _READING.reset(token)


class Lexicon:
    """One marker in each language the rules read: a pattern per language code, used like a
    compiled pattern (``search``, ``match``, ``finditer``, ``sub``), which reads by the words of
    the language of ``reading()``. Each language keeps its own word list (the Spanish ones are
    in ``arguments.domain.spanish``), so a Spanish word never fires on an English text."""

    def __init__(self, en: re.Pattern[str], es: re.Pattern[str]) -> None:
        self.patterns = {"en": en, "es": es}

    @property
    def now(self) -> re.Pattern[str]:
        return self.patterns[_READING.get()]

    @property
    def pattern(self) -> str:
        return self.now.pattern

    def search(self, text: str, pos: int = 0) -> re.Match[str] | None:
        return self.now.search(text, pos)

    def match(self, text: str) -> re.Match[str] | None:
        return self.now.match(text)

    def finditer(self, text: str) -> Iterator[re.Match[str]]:
        return self.now.finditer(text)

    def sub(self, replacement: str, text: str) -> str:
        return self.now.sub(replacement, text)
