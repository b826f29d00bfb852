"""The words the offline philosophers read a Spanish document by: for each philosopher, the
Spanish side of each of its sentence rules (in the order of its English rules, whose finding,
area and severity they share), and the Spanish words of its checks of the whole document.
Accents are optional where leaving one out cannot change the word ("evidentemente",
"quizas"); the future tense is read by its accented ending only ("será", "mejorará": without
the accent, "para" and "ganara" would read as futures).

No Spanish text was there to tune these rules on but the examples written for them
(``evaluations/spanish/philosophers_*.jsonl``), so each Spanish finding is ``DOUBT`` less sure
than the English rule's."""

from __future__ import annotations

import re

DOUBT = 0.1

_ACCENTS = {"á": "[aá]", "é": "[eé]", "í": "[ií]", "ó": "[oó]", "ú": "[uú]"}


def _words(*terms: str) -> re.Pattern[str]:
    """Whole words or phrases (each a regular expression), case and accents optional."""
    loose = ("".join(_ACCENTS.get(c, c) for c in term) for term in terms)
    return re.compile(r"\b(?:" + "|".join(loose) + r")\b", re.IGNORECASE)


# The marks of a reason or of evidence in a sentence.
REASON = _words(
    "porque", "ya que", "puesto que", "dado que", "debido a", "pruebas?", "datos", "estudios?",
    "investigación", "encuestas?", "medid[oa]s?", "según", "por ejemplo", "informes?",
)  # fmt: skip
_DIGIT = re.compile(r"\d")
# Words that announce what others say, to be answered ("dirán que…"): no forecast of the
# author's own.
_SPEECH = (
    r"dir[aá]n?|argumentar[aá]n?|objetar[aá]n?|alegar[aá]n?|sostendr[aá]n?|responder[aá]n?|"
    r"replicar[aá]n?|afirmar[aá]n?|protestar[aá]n?|preguntar[aá]n?|se quejar[aá]n?|"
    r"criticar[aá]n?|insistir[aá]n?"
)
# A duty or a rule prescribed: "debería", "tienen que", "hay que" (not "debe de ser", a guess).
_DUTY = (
    r"deber[ií]a(?:n|mos)?|deben?(?! de\b)|debemos|tienen? que|tenemos que|hay que|"
    r"es (?:injusto|inaceptable|intolerable|necesario|imprescindible|obligatorio)"
)

# Per philosopher, per English rule in its order: (the Spanish pattern, its "unless").
RULES: dict[str, tuple[tuple[re.Pattern[str], re.Pattern[str] | None], ...]] = {
    "aristotle": (
        (
            _words(
                "en mi experiencia",
                "por mi experiencia",
                "según mi experiencia",
                "por experiencia propia",
                "he (?:visto|conocido) a",
                "conozco a",
                "un amigo mío",
                "una amiga mía",
                "mis? (?:amig|vecin|prim)[oa]s?",
            ),
            None,
        ),
        (
            _words(
                r"tod[oa]s l[oa]s \w+ (?:son|están|serán|pueden|deben|tienen)",
                r"ningun[oa]? \w+ (?:es|está|será|puede|debe|tiene)",
            ),
            REASON,
        ),
    ),
    "descartes": (
        (
            _words(
                "obviamente",
                "evidentemente",
                "claramente",
                "por supuesto",
                "desde luego",
                "todo el mundo sabe",
                "todos sabemos",
                "como todos sabemos",
                "es evidente",
                "es obvio",
                "es indudable",
                "es bien sabido",
                "indudablemente",
                r"innegable\w*",
                "sin (?:ninguna )?duda(?: alguna)?",
                "ni que decir tiene",
                "ciertamente",
                r"incuestionable\w*",
            ),
            None,
        ),
        (
            _words(
                "sinergias?",
                r"apalanca\w*",
                r"holístic[oa]s?",
                r"paradigm\w*",
                "óptim[oa]s?",
                "de clase mundial",
                "de primer nivel",
                r"innovador(?:a|es|as)?",
                "robust[oa]s?",
                "disruptiv[oa]s?",
                "de vanguardia",
                r"empodera\w*",
                "excelencia",
                "de (?:alta |gran |máxima )?calidad",
            ),
            None,
        ),
    ),
    "kant": (
        (
            _words(
                "excepto",
                "salvo",
                "a menos que",
                "menos para",
                "sólo para",
                "con la excepción de",
            ),
            re.compile(r"^(?!.*\b(?:" + _DUTY + r")\b)", re.IGNORECASE),
        ),
        (
            re.compile(r"\b(?:" + _DUTY + r")\b", re.IGNORECASE),
            _words(
                "porque",
                "ya que",
                "puesto que",
                "dado que",
                "para que",
                "a fin de",
                "principio",
                "todos",
                "todas",
                "cualquiera",
                "nadie",
            ),
        ),
    ),
    "leibniz": (
        (
            _words(
                "por lo tanto",
                "por tanto",
                "por consiguiente",
                "en consecuencia",
                "así que",
                "de ahí que",
                "por ende",
                "así pues",
            ),
            REASON,
        ),
        (
            _words(
                "causan?",
                "provocan?",
                "conducen? a",
                "llevan? a",
                r"garantiza\w*",
                r"asegura(?:n|rá|rán)?",
                "produce(?:n)?",
                r"(?:aumentar|reducir|mejorar|eliminar|resolver|acabar con)(?:á|án)",
            ),
            REASON,
        ),
        (
            _words(
                "(?:el|la|lo) mejor",
                "los mejores",
                "las mejores",
                "perfect[oa]s?",
                "óptim[oa]s?",
                "ideal(?:es)?",
                "(?:la|el) únic[oa] (?:solución|manera|forma|opción|salida|camino|remedio)",
            ),
            REASON,
        ),
    ),
    "popper": (
        (
            _words(
                "en última instancia",
                "inevitablemente",
                "verdaderamente",
                "fundamentalmente",
                "esencialmente",
                "a la larga",
                "naturalmente",
                "en el fondo",
                "en esencia",
            ),
            None,
        ),
        (
            _words(
                "quizás?",
                "tal vez",
                "posiblemente",
                "a lo mejor",
                "en cierto (?:sentido|modo)",
                "en algún sentido",
                "de alguna (?:manera|forma)",
                "podría(?:n|mos)?",
                "puede que",
            ),
            None,
        ),
        (
            _words(
                r"mejora\w*",
                r"transforma\w*",
                r"revoluciona\w*",
                r"potencia\w*",
                r"aumenta\w*",
                r"reduc\w*",
                r"reduj\w*",
                r"incrementa\w*",
                r"impulsa\w*",
            ),
            _DIGIT,
        ),
        (
            re.compile(
                r"\b(?:\w+(?:ar|er|ir)(?:á|án|emos)|"
                r"(?:habr|podr|tendr|har|sabr|saldr|vendr|pondr|querr|valdr)(?:á|án|emos)|"
                r"(?:va|van|vamos) a \w+(?:ar|er|ir))\b",
                re.IGNORECASE,
            ),
            re.compile(r"\d|\b(?:" + _SPEECH + r")\b", re.IGNORECASE),
        ),
    ),
    "russell": (
        (
            _words(
                "algun[oa]s",
                "much[oa]s",
                "la mayoría",
                "la mayor parte",
                "vari[oa]s",
                "diversos",
                "diversas",
                "numeros[oa]s",
                "bastantes",
                "a menudo",
                "a veces",
                "con frecuencia",
                "frecuentemente",
                "en ocasiones",
                "significativ[oa]s?",
                "significativamente",
                r"considerable\w*",
                r"sustancial\w*",
            ),
            None,
        ),
        (
            re.compile(
                r"\betc\b\.?|\by/o\b|\b(?:y así|cosas|y demás|más o menos|una especie de)\b",
                re.IGNORECASE,
            ),
            None,
        ),
    ),
}

# A thesis that takes a position: the document's end is stated (Aristotle's purpose).
POSITION = re.compile(
    r"\b(?:" + _DUTY + r"|propongo|proponemos|pido|pedimos|exijo|exigimos|defiendo|"
    r"sostengo|creo que|considero que|es hora de)\b",
    re.IGNORECASE,
)
# Aristotle's final cause named in the document.
PURPOSE = _words(
    "objetivo", "propósito", "finalidad", "meta", "con el fin de", "a fin de", "para que",
    r"pretend\w*", "buscamos", "nuestra misión", "queremos",
)  # fmt: skip
# Where a sentence breaks into clauses.
CLAUSE_BREAK = re.compile(
    r"[,;:()]|\s[-\u2013\u2014]\s|\b(?:y|pero|porque|mientras|aunque|sino)\b", re.I
)

# Russell's and Kant's contradiction checks on a Spanish document (``offline``): the words that
# look like yes and no, as the English checks' words, read on each sentence's proposition
# (``polarity.proposition_es``). A particular ("algunos", "a veces") says yes against an
# absolute no, but a pair needs an absolute on one side (``ABSOLUTE``): "a veces" against "no"
# alone is two observations, not a contradiction.
POSITIVE = _words(
    "siempre", "tod[oa]s", "todo el mundo", "cada", "deben?", "deber[ií]an?", "debemos",
    "la mayoría", "la mayor parte", "algun[oa]s", "a veces", "en ocasiones", "vari[oa]s",
)  # fmt: skip
NEGATIVE = _words("nunca", "jamás", "ningun[oa]?", "ningún", "nadie", "nada", "no", "tampoco")
ABSOLUTE = _words(
    "siempre", "nunca", "jamás", "tod[oa]s", "todo el mundo", "cada", "ningun[oa]?", "ningún",
    "nadie", r"deb\w*", "tienen? que", "tenemos que", "hay que",
)  # fmt: skip
# Kant's duties and duties refused ("no debemos", "nunca se debe", "no hay que").
DUTY = re.compile(r"\b(?:" + _DUTY + r")\b", re.IGNORECASE)
NOT_DUTY = re.compile(
    r"\b(?:(?:no|nunca|jam[aá]s)\s+(?:se\s+)?(?:" + _DUTY + r"))\b|\bnunca\b|\bjam[aá]s\b",
    re.IGNORECASE,
)

# Aristotle's grounding in a short Spanish text: a figure written in words ("sesenta minutos",
# "el triple de visitas", "la mitad") or a source shown at work ("como muestra un análisis")
# is evidence, as a digit or "según" is.
EVIDENCE = _words(
    "dos", "tres", "cuatro", "cinco", "seis", "siete", "ocho", "nueve", "diez", "once", "doce",
    "quince", "veinte", "treinta", "cuarenta", "cincuenta", "sesenta", "setenta", "ochenta",
    "noventa", "cien", "cientos", "mil", "miles", "millón", "millones", "la mitad", "el doble",
    "el triple", "por ciento", r"como (?:muestra|demuestra|indica|señala)", "análisis",
)  # fmt: skip
# The author's own stance said outright ("creo que", "propongo"): the document's end is
# stated, whichever sentence the reading took for the claim.
STANCE = _words(
    "creo que", "opino que", "pienso que", "considero que", "propongo", "proponemos", "pido",
    "pedimos", "exijo", "exigimos", "defiendo", "sostengo", "estoy a favor", "estoy en contra",
    r"tendr[ií]a(?:n|mos)? que", "conviene", "hace falta",
)  # fmt: skip
# A text this short (in sentences) with a claim states its end in the claim: Aristotle asks for
# no purpose of its own.
SHORT = 5
