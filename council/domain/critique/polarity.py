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

from council.domain.critique.quotes import content_words, words
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


# -- Spanish -----------------------------------------------------------------------------
# The same reading of a Spanish sentence, with two differences the language makes. Spanish
# negation is concordant: "no viene nunca", "no lo sabe nadie" say no once, so every "no" and
# n-word of a sentence count as one negation together; "sin" adds one of its own ("ningún
# alumno puede entrar sin uniforme" says yes). And a concession ("es cierto que algunos …,
# pero …", "si bien …, …", "reconozco que …") is the author's own assertion of its conceded
# clause: that clause, not the whole sentence, is what an absolute elsewhere may contradict.


_UNACCENTED = str.maketrans("áéíóúü", "aeiouu")


def _fold(text: str) -> str:
    """Lower case without accents ("límite" -> "limite"; "ñ" stays), for Spanish words."""
    return text.casefold().translate(_UNACCENTED)


def _es(*terms: str) -> re.Pattern[str]:
    """Whole words or phrases of folded Spanish text (``_fold``)."""
    return re.compile(r"\b(?:" + "|".join(terms) + r")\b")


_IDIOMS_ES = _es(
    r"no solo",
    r"no solamente",
    r"sin (?:ninguna )?duda(?: alguna)?",
    r"no (?:cabe|hay) (?:ninguna )?duda",
    r"sin embargo",
    r"no obstante",
    r"nada mas",
    r"no deja(?:n)? de",
    r"ni siquiera",
)
_NEGATIONS_ES = _es(r"no|nunca|jamas|ningun[oa]?|nadie|nada|ni|tampoco")
_WITHOUT_ES = _es(r"sin")
# Words that say no by themselves, as the English ones (a ban, a harm, a fault).
_SAYS_NO_ES = _es(
    r"prohib\w*",
    r"imped\w*|impid\w*",
    r"dej\w* de",
    r"evit\w*",
    r"rechaz\w*",
    r"niega\w*|negar\w*|nieg\w*",
    r"opon\w*|opuest\w*",
    r"(?:en )?contra",
    r"carec\w*",
    r"fracas\w*",
    r"saltar\w*|omit\w*",
    r"ignor\w*",
    r"descuid\w*",
    r"abol\w*",
    r"elimin\w*",
    r"proteg\w*|protej\w*",
    r"limit\w*",
    r"restring\w*|restricc\w*",
    r"dan\w*",
    r"perjudic\w*",
    r"peligr\w*",
    r"mal[oa]?s?",
    r"peor(?:es)?",
    r"equivocad\w*|incorrect\w*",
    r"inutil(?:es)?",
    r"insegur\w*",
    r"injust\w*",
    r"insan\w*",
)
_REPORTED_ES = re.compile(
    r"^\W*(?:(?:algun[oa]s|much[oa]s|otr[oa]s|pocos|la mayoria|los criticos|la gente|"
    r"hay quien(?:es)?|ell[oa]s|se)\b(?:\s+\w+){0,2}?\s+(?:dic\w*|dij\w*|afirm\w*|"
    r"sostien\w*|cre\w*|piens\w*|opin\w*|asegur\w*|insist\w*|argument\w*)\b|"
    r"segun\b|(?:si|a menos que|suponiendo que|en caso de que)\b(?! bien\b))"
)
# A concession's marker; what it concedes runs to "pero", "sin embargo" or the first comma
# after "si bien" and "aunque".
_CONCEDED_ES = re.compile(
    r"^\W*(?:(?:es|lo) (?:cierto|verdad) (?:es )?que|(?:hay que |debo |tengo que )?"
    r"(?:reconoc\w*|admit\w*|acept\w*|conced\w*) que|claro que|"
    r"(?P<until_comma>si bien|aunque))\s+",
    re.IGNORECASE,
)
_CONCESSION_END = re.compile(r",?\s+(?:pero|sin embargo|aunque)\b|;", re.IGNORECASE)
# Where the main clause ends: a condition or a reason after it says nothing of its stance
# ("no hay que respetarlas cuando son injustas" says no once).
_SUBORDINATE_ES = _es(r"cuando|si|siempre que|a menos que|salvo que|porque|ya que|puesto que")
_STOPWORDS_ES = frozenset(
    """el la lo los las un una uno unos unas de del al a en y e o u que por para con se su
    sus es son era fue ser esta este esto estos estas ese esa eso esos esas como mas muy
    ya ha han he hay mi mis tu tus le les me nos cuando donde les""".split()
)
_MARKERS_ES = frozenset(
    """siempre nunca jamas todo toda todos todas cada nadie ningun ninguno ninguna nada no
    ni tampoco debe deben debemos deberia deberian debe tiene tienen tenemos tengo puede
    pueden podemos algunos algunas alguno alguna veces ocasiones mayoria cierto verdad
    reconozco admito bien aunque pero sin""".split()
)


def proposition_es(sentence: str) -> str:
    """What a Spanish sentence asserts for the contradiction checks: the conceded clause of
    a concession ("Es cierto que algunos alumnos no la necesitan, pero son pocos" -> "algunos
    alumnos no la necesitan"), else the sentence."""
    marker = _CONCEDED_ES.match(sentence)
    if marker is None:
        return sentence
    rest = sentence[marker.end() :]
    end = rest.find(",") if marker["until_comma"] else -1
    if end == -1:
        found = _CONCESSION_END.search(rest)
        end = found.start() if found else len(rest)
    return rest[:end].strip()


def stance_es(sentence: str) -> int:
    """0 when a Spanish sentence (its proposition) says yes, 1 when it says no: its "no" and
    n-words one negation together, each "sin" and each word that says no one more."""
    text = _IDIOMS_ES.sub(" ", _fold(proposition_es(sentence)))
    subordinate = _SUBORDINATE_ES.search(text, 1)
    text = text[: subordinate.start()] if subordinate else text
    negated = 1 if _NEGATIONS_ES.search(text) else 0
    return (negated + len(_WITHOUT_ES.findall(text)) + len(_SAYS_NO_ES.findall(text))) % 2


def asserted_es(sentence: str) -> bool:
    """False for a Spanish question, a condition ("si …", not "si bien"), or what others say
    ("algunos dicen que …", "hay quien dice …", "según …")."""
    text = sentence.strip()
    if not text or text.endswith("?") or text.startswith("¿"):
        return False
    return not _REPORTED_ES.search(_fold(text))


def _subject_es(sentence: str) -> set[str]:
    """The Spanish proposition's words that name its subject, each without a plural or verb
    ending "s"/"n" and cut to its first five letters (a crude stem: "usa" and "usan",
    "corrigen" and "corrigieron" are one word)."""
    folded = [_fold(w) for w in words(proposition_es(sentence))]
    kept = [w for w in folded if len(w) > 2 and w not in _STOPWORDS_ES | _MARKERS_ES]
    return {(w[:-1] if w[-1] in "sn" else w)[:5] for w in kept}


def contradicts_es(a: str, b: str) -> bool:
    """``contradicts`` for two Spanish sentences (their propositions)."""
    if not (asserted_es(a) and asserted_es(b)) or stance_es(a) == stance_es(b):
        return False
    left, right = _subject_es(a), _subject_es(b)
    shared = left & right
    return len(shared) >= 2 and len(shared) >= SAME_SUBJECT * min(len(left), len(right))
