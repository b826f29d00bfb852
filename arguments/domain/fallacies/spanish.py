"""The fallacy rules for a Spanish text: the shapes of the commonest fallacies in Spanish words.

The detector runs these instead of the English rules when the text reads as Spanish
(``arguments.domain.language.reader_language``); the learned model, trained on English texts
only, is never shown Spanish. Each rule needs cues of two kinds to meet in one window of
sentences, as the English ones do: an attack on the speaker *and* a dismissal of what they say
(ad hominem); two options *and* something closing the choice or a verdict on whoever will not
pick one (false dilemma); what "everybody" does *and* a conclusion drawn from it (ad populum);
a chain of steps (slippery slope); a succession *and* a causal conclusion, withdrawn when a
reason or a source is given (false cause); one's own case *and* a claim about every case,
withdrawn when the text says one case proves nothing or cites a study (hasty generalisation).
A clean text shaped like one (an honest either-or whose options are combined, a conflict of
interest named so the reader checks the data) stays silent.

The explanations are those of the English rules (``explanations``), quoting the Spanish words.
Read on the Spanish examples' dev half only (``evaluations/spanish/``); the detector lowers
their confidence (``SPANISH_DOUBT``), as they were tuned on few texts.
"""

from __future__ import annotations

import re

from arguments.domain.fallacies.cues import Rule
from arguments.domain.fallacies.explanations import Explanation, explain
from arguments.domain.spanish import words

Found = tuple[float, Explanation] | None


def _has(pattern: re.Pattern[str], text: str) -> bool:
    return pattern.search(text) is not None


def _quote(pattern: re.Pattern[str], text: str) -> str:
    match = pattern.search(text)
    return match.group(0).strip(" ,") if match else ""


# -- ad hominem --------------------------------------------------------------------------

_INSULT = words(
    r"mentiros[oa]s?", r"idiotas?", r"imbécil(?:es)?", r"payas[oa]s?", r"hipócritas?",
    r"amargad[oa]s?", r"fanátic[oa]s?", r"ignorantes?", r"corrupt[oa]s?", r"sinvergüenzas?",
    r"inútil(?:es)?", r"vendid[oa]s?", r"chantas?", r"charlatan(?:es|a)?", r"charlatán",
)  # fmt: skip
# Who is speaking, instead of what they say: "mira quién habla", "viniendo de alguien que…",
# "¿qué va a saber…?", a life held against the view ("no ha trabajado en su vida").
_SPEAKER = words(
    r"mir[aá] quién habla", r"quién lo dice", r"habla quien",
    r"viniendo de (?:alguien|un|una|él|ella|quien|ese|esa)", r"qué (?:va|van) a saber",
    r"(?:nos|les) viene[n]? a hablar", r"no ha trabajado (?:nunca|en su vida)",
    r"no trabajó (?:nunca|en su vida)", r"vive de la política", r"compró su título",
    r"lo dice (?:alguien|uno|una|un) que", r"(?:él|ella) (?:mism[oa]) (?:hace|hizo|fuma|usa)",
    r"con qué cara", r"quién (?:es|se cree) (?:él|ella|usted|ese|esa) para",
)  # fmt: skip
# What the speaker says is set aside because of who they are.
_DISMISS = words(
    r"no (?:le |les )?(?:hagáis|hagan|hagas|haga|hagás) caso", r"ni caso",
    r"no merecen? (?:ni )?(?:discutirse|la pena|atención|respuesta)",
    r"no tienen? (?:ninguna )?autoridad", r"todo lo que dice", r"es (?:todo )?mentira",
    r"no (?:hay que|debemos|podemos|se puede) (?:escuchar|creer|confiar)",
    r"no tienen? derecho a opinar", r"(?:hay que|debemos) rechazarla", r"no escuchen",
)  # fmt: skip


def ad_hominem(text: str) -> Found:
    insult = _has(_INSULT, text)
    speaker = list(_SPEAKER.finditer(text))
    dismiss = _has(_DISMISS, text)
    score = 1.2 * insult + (1.2 if speaker else 0.0) + 0.5 * (len(speaker) > 1) + 1.0 * dismiss
    if score < 2.0 or not (insult or speaker):
        return None
    if speaker:
        return score, explain("ad_hominem.speaker", words=speaker[0].group(0))
    return score, explain("ad_hominem")


# -- false dilemma -----------------------------------------------------------------------

_EITHER = re.compile(
    r"(?:^|[.:;¿¡]\s*|,\s*)o (?:bien )?[^,.;:?]{3,80}?,? o (?:bien )?[^,.;:?]{1,80}", re.I
)
_CLOSED = words(
    r"no hay término medio", r"no hay (?:otra|otras|más) (?:opción|opciones|alternativas?|salida)",
    r"no existe (?:otra|ninguna otra) (?:opción|alternativa|salida)", r"no hay más",
    r"la única (?:opción|salida|alternativa)", r"s[oó]lo hay dos (?:opciones|caminos|salidas)",
    r"no queda otra",
)  # fmt: skip
_TWO_KINDS = re.compile(
    r"(?:s[oó]lo )?hay dos (?:tipos|clases) de (?:personas|gente|ciudadanos|padres|alumnos)|"
    r"o estás con [^,.;:]{2,60} o (?:estás )?con|o están con [^,.;:]{2,60} o (?:están )?con",
    re.IGNORECASE,
)
_IF_NOT = re.compile(
    r"\bsi (?:usted |tú |vos |alguien )?no (?:apoya|apoyas|apoyás|está|estás|quiere|quieres|"
    r"querés|defiende|defiendes)\b[^.]{0,100}\b(?:es que|entonces|es porque) (?:está|estás|es|"
    r"eres|sos)\b",
    re.IGNORECASE,
)
_POLAR = words(
    r"para siempre", r"aislados?", r"la ruina", r"el desastre", r"el fin de", r"el caos",
    r"fracas\w*", r"condenad[oa]s", r"traidor(?:es|as?)?", r"cobardes?", r"la miseria",
    r"la pobreza",
)  # fmt: skip
# "O A o [what happens to us]": the second option a disaster, not a course of action (the
# English rule's "A, or we will fail"); it frames the dilemma as "no hay término medio" does.
_OR_ELSE = re.compile(
    r"\bo (?:bien )?(?:nos |se |te |me )?(?:(?:vamos|van|va) a )?(?:fracas|hund|arruin|mor[ií]|"
    r"muer|desaparec|quedar(?:emos|án|ás|é)? (?:atrás|aislad|fuera|sin nada))\w*",
    re.IGNORECASE,
)
# Both options taken together, or more named: an honest either-or.
_GROUNDED = words(
    r"ambos", r"ambas", r"los dos (?:tienen|sirven)", r"otras opciones", r"entre otras"
)


def false_dilemma(text: str) -> Found:
    either = _EITHER.search(text)
    two_kinds = _TWO_KINDS.search(text)
    if_not = _IF_NOT.search(text)
    closed = _has(_CLOSED, text)
    if not (either or two_kinds or if_not or closed) or _has(_GROUNDED, text):
        return None
    score = 1.0 * bool(either) + 1.2 * closed + 0.8 * _has(_POLAR, text)
    score += 1.0 * bool(either and _OR_ELSE.search(text, either.start() + 1))
    score += 1.2 * bool(two_kinds) + 1.2 * bool(if_not)
    if not (either or two_kinds or if_not):  # "no other option" alone names no options
        return None
    if two_kinds:
        return score, explain("false_dilemma.two_kinds", words=two_kinds.group(0).strip())
    frame = either or if_not
    assert frame is not None
    return score, explain("false_dilemma.frame", words=frame.group(0).strip(" ,.:;¿¡"))


# -- ad populum --------------------------------------------------------------------------

_POPULAR = words(
    r"todo el mundo", r"millones de (?:personas|usuarios|clientes)", r"miles de personas",
    r"la mayoría de la gente", r"toda la clase", r"tanta gente", r"casi todos",
    r"todos (?:mis amigos|los niños|lo hacen|lo tienen)",
)  # fmt: skip
_FOLLOWS = words(
    r"no puede(?:n)? ser (?:tan )?mal[oa]s?", r"por algo será", r"no pueden estar equivocad[oa]s",
    r"si (?:todos|millones|tanta gente|todo el mundo)", r"si lo (?:tiene|tienen|hace|hacen)",
    r"será por algo",
)  # fmt: skip


def ad_populum(text: str) -> Found:
    popular = _POPULAR.search(text)
    if popular is None or not _has(_FOLLOWS, text):
        return None
    return 2.2, explain("ad_populum", popular=popular.group(0))


# -- slippery slope ----------------------------------------------------------------------

_FIRST_STEP = re.compile(
    r"\bsi (?:permitimos|se permite|se legaliza|legalizamos|dejamos|aprobamos|se aprueba|"
    r"aceptamos|cedemos)\b",
    re.IGNORECASE,
)
_NEXT_STEP = words(
    r"pronto", r"luego", r"después", r"al final", r"terminar\w*", r"acabar\w*", r"más tarde",
    r"y así hasta",
)  # fmt: skip


def slippery_slope(text: str) -> Found:
    if not _has(_FIRST_STEP, text):
        return None
    steps = len({m.group(0) for m in _NEXT_STEP.finditer(text)})
    if steps < 2:
        return None
    return 1.2 + 0.5 * steps, explain("slippery_slope")


# -- false cause -------------------------------------------------------------------------

_SUCCESSION = re.compile(
    r"\bdesde que\b|\bdespués de que\b|\btras (?:empezar|instalar|abrir|poner)|"
    r"\ben (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|octubre|noviembre|"
    r"diciembre)\b[^.]{0,80}\ben (?:enero|febrero|marzo|abril|mayo|junio|julio|agosto|"
    r"septiembre|octubre|noviembre|diciembre) ya\b|\bal (?:día|mes|año) siguiente\b",
    re.IGNORECASE,
)
_CAUSAL = words(
    r"causa(?:n|ron|ó)?", r"provoca(?:n|ron|ó)?", r"reduce(?:n)?", r"redujo", r"redujeron",
    r"evita(?:n|ron|ó)?", r"previene(?:n)?", r"mejora(?:n|ron|ó)?", r"gracias a",
    r"hace(?:n)? que", r"hizo que", r"está claro que", r"es evidente que", r"está comprobado",
)  # fmt: skip
# A reason, a source or a test given for the link: not a mere succession.
_MECHANISM = words(
    r"porque", r"ya que", r"puesto que", r"según", r"como explica", r"estudio", r"ensayo",
    r"datos de",
)  # fmt: skip


def false_cause(text: str) -> Found:
    if not _has(_SUCCESSION, text) or not _has(_CAUSAL, text) or _has(_MECHANISM, text):
        return None
    return 2.2, explain("false_cause")


# -- hasty generalisation ----------------------------------------------------------------

_ANECDOTE = re.compile(
    r"\b(?:mi|mis) (?:primo|prima|vecino|vecina|hermano|hermana|amigo|amiga|tío|tía|cuñado|"
    r"cuñada|hijo|hija|padre|madre)s?\b[^.]{0,80}|\bconozco a (?:un|una|dos)\b[^.]{0,60}",
    re.IGNORECASE,
)
_EVERY = words(
    r"todos", r"todas", r"sin excepción", r"no valen? para nada", r"ninguno", r"ninguna",
    r"nunca",
)  # fmt: skip
_CAREFUL = words(
    r"un solo caso", r"un caso no", r"estudios?", r"según", r"datos", r"encuesta", r"por ciento",
)  # fmt: skip


def hasty_generalization(text: str) -> Found:
    anecdote = _ANECDOTE.search(text)
    if anecdote is None or not _has(_EVERY, text) or _has(_CAREFUL, text):
        return None
    return 2.2, explain("hasty_generalization.few_cases", cases=anecdote.group(0).strip(" ,"))


# (type, rule, the widest window in sentences), as ``detector.RULES``
RULES: tuple[tuple[str, Rule, int], ...] = (
    ("ad_hominem", ad_hominem, 2),
    ("ad_populum", ad_populum, 2),
    ("false_cause", false_cause, 2),
    ("false_dilemma", false_dilemma, 2),
    ("hasty_generalization", hasty_generalization, 2),
    ("slippery_slope", slippery_slope, 1),
)
