"""The words the rules read a Spanish argument by: the Spanish side of every marker of
``arguments.domain.markers`` and ``arguments.domain.reading`` (discourse markers, stance,
premises, stated rules, concessions and objections, hedges, attributions).

Written for the Spanish of Spain and of Latin America alike ("hay que", "tenés que", "che" and
"vale" are all read), and forgiving of missing accents ("asi que", "segun"): a student typing
fast leaves them out. Each list keeps the order and role of its English counterpart, which is
paired with it in a ``Lexicon``; nothing here is mixed into the English lists.
"""

from __future__ import annotations

import re

_ACCENTS = {"á": "[aá]", "é": "[eé]", "í": "[ií]", "ó": "[oó]", "ú": "[uú]"}


def _loose(term: str) -> str:
    """``term`` with each accented vowel optional ("según" also matches "segun")."""
    return "".join(_ACCENTS.get(c, c) for c in term)


def words(*terms: str) -> re.Pattern[str]:
    """A case-insensitive pattern matching any of ``terms`` as whole words, accents optional
    (each term a regular expression, as ``toulmini_site.text.keywords``)."""
    return re.compile(r"\b(?:" + "|".join(_loose(t) for t in terms) + r")\b", re.IGNORECASE)


def opener(pattern: str) -> re.Pattern[str]:
    """A case-insensitive pattern anchored at the start, accents optional."""
    return re.compile(_loose(pattern), re.IGNORECASE)


_SHOULD = (
    r"deb(?:e|en|es|emos|ería|erían|eríamos|erías)|hay que|habría que|"
    r"tien(?:e|en|es) que|tenés que|tenemos que|tendr(?:ía|ían|íamos) que|se debe|se deben"
)

# -- arguments.domain.markers -------------------------------------------------------------

CONCLUSION = words(
    "por lo tanto", "por tanto", "por consiguiente", "así que", "así pues", "en conclusión",
    "en resumen", "en definitiva", "en suma", "en consecuencia", "por eso", "por ello",
    "por esa razón", "por estas razones", "por todo ello", "por todo esto", "esto demuestra",
    "esto significa", "de ahí que", "para concluir",
)  # fmt: skip
STANCE = words(
    _SHOULD, "necesita", "necesitan", "conviene", "creo que", "pienso que", "opino que",
    "considero que", "en mi opinión", "a mi juicio", "a mi parecer", "desde mi punto de vista",
    "estoy convencido", "estoy convencida", "está claro", "es evidente", "claramente",
    "es mejor", "es preferible", "es necesario", "es necesaria", "es fundamental", "es esencial",
    "es importante", "propongo", "pido", "merece la pena", "vale la pena",
)  # fmt: skip
PREMISE = words(
    "porque", "ya que", "puesto que", "dado que", "como muestra", "por ejemplo", "según",
    "estudio", "estudios", "investigación", "encuesta", "datos", "por ciento", "estadísticas",
    "informe", "encontró", "demuestra que", "muestra que", "mostró que", "demostró",
    "de hecho", "en efecto", "experiencia", "cifras", "registró", "calcula",
)  # fmt: skip
NUMBER = re.compile(r"\d|%|\bpor ciento\b", re.IGNORECASE)
GENERAL_RULE = words(
    "en general", "generalmente", "por regla general", "por lo general", "siempre",
    "siempre que", "cada vez que", "cuando", "todos", "todas", "cualquier", "cualquiera",
    "todo el mundo", "nadie", "ninguno", "cada", "normalmente", "habitualmente", "suele",
    "suelen", "la mayoría", "si", "cuanto más", "cuanto menos", "principio",
)  # fmt: skip
EXCEPTION = words(
    "a menos que", "salvo", "excepto", "sin embargo", "no obstante", "pero", "aunque",
    "si bien", "por otro lado", "por otra parte", "los críticos", "los detractores",
    r"algunos (?:dicen|sostienen|piensan|creen|opinan)", "hay quienes?", "es cierto que",
    "es verdad que", "desde luego", "por supuesto", "claro que", "aun así", "aun cuando",
    "incluso si", "mientras que", "en cambio", "al contrario", r"otros (?:dicen|sostienen)",
    "el problema es",
)  # fmt: skip
REFUTATION = words(
    "refutado", "refutada", "desmentido", "desmentida", "se ha demostrado que es falso",
    "ha quedado desmentido", "no hay ninguna prueba", "no hay pruebas", "es falso", "es un mito",
)  # fmt: skip
OBJECTION_OPENER = opener(
    r"^(?:sin embargo|no obstante|por otro lado|por otra parte|los críticos|los detractores|"
    r"otros (?:dicen|sostienen|argumentan|creen)|algunos|algunas|hay quienes?|es cierto que|"
    r"es verdad que|desde luego|por supuesto|claro que|si bien)\b"
)
RULE_OPENER = opener(
    r"^(?:en general|generalmente|por regla general|por lo general|siempre que|cada vez que|"
    r"cuanto más|cuanto menos|en la mayoría de los casos)\b"
)
COUNTEREXAMPLE = words("por ejemplo", "como ejemplo", "en el caso de", "pensemos en", "tal como")
HEDGES = [
    ("certainly", words("sin duda", "sin ninguna duda", "indudablemente", "con certeza")),
    (
        "presumably",
        words(
            "en la mayoría de los casos",
            "normalmente",
            "generalmente",
            "por lo general",
            "habitualmente",
        ),
    ),  # fmt: skip
    ("probably", words("probablemente", "seguramente", "lo más probable", "es probable")),
    (
        "possibly",
        words(
            "posiblemente",
            "quizás?",
            "tal vez",
            "a lo mejor",
            "podría",
            "podrían",
            "puede que",
            "acaso",
        ),
    ),  # fmt: skip
    ("apparently", words("al parecer", "aparentemente", "parece que", "según parece")),
]
UNIVERSAL = words(
    "todo", "todos", "todas", "siempre", "nunca", "jamás", "ninguno", "ninguna", "nadie",
    "todo el mundo", "sin excepción",
)  # fmt: skip

_NAME = (
    r"((?:Dr\.|Dra\.|Prof\.|Profesora?)?\s?[A-ZÁÉÍÓÚÑ][\w.&'-]*"
    r"(?:\s+(?:de|del|la|las|los|y|e|[A-ZÁÉÍÓÚÑ][\w.&'-]*)){0,6})"
)
ATTRIBUTIONS = [
    re.compile(
        _loose(r"\bsegún (?:el |la |los |las |un |una |unos |unas )?([^,.;:]{3,80})"),
        re.IGNORECASE,
    ),
    re.compile(
        _loose(
            r"\b(?:un |una |el |la )?(?:estudio|informe|encuesta|investigación|análisis|sondeo|"
            r"artículo|revisión) (?:de|del|realizado por|publicado por|elaborado por|hecho por)"
            r" (?:la |el |los |las )?"
        )
        + _NAME
    ),
    re.compile(
        _NAME
        + r"\s+(?:\([^)]*\)\s+)?(?:"
        + _loose(
            r"dijo|dice|afirma|afirmó|encontró|señala|señaló|explica|explicó|sostiene|"
            r"concluyó|concluye|mostró|muestra|calcula|estima|recomienda|recomendó|advierte|"
            r"informó|registró|reconoce|escribió|escribe|declaró"
        )
        + r")\b"
    ),
    re.compile(
        _loose(
            r"\b(?:investigadores|científicos|expertos|economistas|médicos|psicólogos|"
            r"profesores|docentes) (?:de|del) (?:la |el )?([^,.;:]{3,80})"
        ),
        re.IGNORECASE,
    ),
]
NOT_A_SOURCE = frozenset(
    "él ella ellos ellas esto eso nosotros yo usted ustedes alguien algunos muchos todos "
    "la gente uno se lo".split()
) | {"la gente", "todo el mundo"}
STRIP_MARKER = opener(
    r"^(?:por lo tanto|por tanto|por consiguiente|así que|así pues|en conclusión|en resumen|"
    r"en definitiva|en suma|en consecuencia|por eso|por ello|por todo ello|por todo esto|"
    r"por estas razones|por esa razón|para concluir|claramente|creo que|pienso que|opino que|"
    r"considero que|en mi opinión|a mi juicio)\s*,?\s*"
)
STOP = frozenset(
    (
        "que los las del por para con una uno unos unas como más mas pero sus este esta estos "
        "estas ese esa esos esas eso esto hay son está están era eran fue ser muy también sin "
        "sobre entre hasta desde cuando donde porque pues nos les ella ellos ellas usted "
        "ustedes todo todos toda todas qué cómo cuál quién sí aquí allí así cada otro otra "
        "otros otras mucho muchos mucha muchas ese le lo la el de en y o a se su al ya no ni "
        "mi tu yo tan han has hemos sea sido"
    ).split()
)

# -- arguments.domain.reading ---------------------------------------------------------------

CONCLUSION_OPENER = opener(
    r"^(?:por lo tanto|por tanto|por consiguiente|así que|así pues|en conclusión|en resumen|"
    r"en definitiva|en suma|en consecuencia|por eso|por ello|por esa razón|por estas razones|"
    r"por todas estas razones|por todo ello|por todo esto|por todo lo anterior|de ahí que|"
    r"para concluir|para terminar|esa es la razón|es por eso|es por ello|esto demuestra que|"
    r"se sigue que)\b"
)
CONCLUSION_INSIDE = opener(
    r"\b(?:" + _SHOULD + r"|es|son)\s+,?\s*(?:por lo tanto|por tanto|por consiguiente|"
    r"entonces|en consecuencia)\b|,\s*(?:por lo tanto|por tanto|entonces|en consecuencia|"
    r"pues)\s*,|\b(?:así que|por eso|por lo tanto)\b(?=[^,;:]{0,80}\b(?:" + _SHOULD + r")\b)"
)
CONCESSION_OPENER = opener(
    r"^(?:los críticos|los detractores|los escépticos|los partidarios|los defensores|"
    r"es cierto(?: que)?|es verdad(?: que)?|desde luego|por supuesto|claro que|reconozco|"
    r"admito|concedo|entiendo que|sé que|se podría (?:decir|pensar|objetar)|alguien podría|"
    r"uno podría|podría pensarse|"
    r"(?:algunos|algunas|muchos|muchas|otros|otras|ciertos)(?: \w+){0,2} (?:dicen|dirán|"
    r"sostienen|argumentan|afirman|creen|piensan|temen|se quejan|opinan|advierten|objetan|"
    r"consideran|señalan|insisten)|hay quienes? (?:dicen?|piensan?|creen?|sostienen?|opinan?)|"
    r"aunque algunos|aunque hay quien)\b|^(?:sí|vale|cierto|bueno),"
)
CONCESSION_ANYWHERE = words(
    "es cierto que", "es verdad que", "reconozco que", "admito que", "concedo que",
    "hay que reconocer", "de acuerdo en que",
)  # fmt: skip
OBJECTING_VERB = opener(
    r"^(?!yo\b|nosotros\b)[^,;:]{0,60}\b(?:temen|teme|se quejan|se queja|objetan|objeta|"
    r"protestan|protesta|critican)\b"
)
CONTRAST_OPENER = opener(r"^(?:pero|sin embargo|no obstante|por otro lado|por otra parte)\b")
REPLY_OPENER = opener(
    r"^(?:pero|sin embargo|no obstante|aun así|con todo|de todos modos|de todas formas|"
    r"ahora bien|aun con eso)\b"
)
EXCEPTION_CLAUSE = words("a menos que", "salvo que", "excepto", "salvo cuando", "el problema es")
READ_RULE_OPENER = opener(
    r"^(?:en general|generalmente(?: hablando)?|por regla general|como regla general|"
    r"por lo general|siempre que|cada vez que|cuanto más|cuanto menos|en la mayoría de los "
    r"casos|en principio)\b"
)
RULE_INSIDE = words("siempre que", "cada vez que", "en general", "por regla general")
BECAUSE_OPENER = opener(
    r"^(?:porque|ya que|puesto que|dado que|como|cuando)\s+([^,;]{8,160}),\s*\S"
)
UNIVERSAL_START = opener(r"^(?:todo|toda|todos|todas|cualquier|ningún|ninguna|cada)\s+\w")
UNIVERSAL_WORD = words("todo el mundo", "nadie", "nunca", "siempre", "jamás", "sin excepción")
PARTICULAR = opener(
    r"\d|\b(?:yo|me|mi|mis|nosotros|nosotras|nos|nuestro|nuestra|nuestros|nuestras|tú|te|ti|"
    r"tu|tus|usted|ustedes|vos)\b|\b(?:fue|fueron|hubo|ayer|pasado|este año|esta semana|"
    r"hoy)\b"
)
OWN_STANCE = words(
    "creo que", "pienso que", "opino que", "considero que", "en mi opinión", "a mi juicio",
    "a mi parecer", "desde mi punto de vista", "estoy convencido", "estoy convencida",
    "estoy a favor", "estoy en contra", "me opongo", "propongo", "pido", "es hora de",
)  # fmt: skip
OUGHT = words(_SHOULD)
EMBEDDED_OUGHT = opener(
    r"\b(?:qué|cómo|si|cuál|quién|dónde|cuándo)\s+(?:\w+\s+){0,2}(?:debe|deben|debería|"
    r"deberían)\b"
)
DEONTIC = words(_SHOULD, "necesita", "necesitan", "es necesario", "es necesaria")

# -- arguments.domain.analyzer ---------------------------------------------------------------

FIRST_PERSON = words("yo", "mi", "me", "mis")
THIS_CASE = words(r"(?:este|esta) (?:colegio|instituto|escuela|caso|ciudad|pueblo|barrio)")
STATISTICAL = words("encuesta", "estadísticas", "tasa", "media", "promedio")
EXPERT = words(
    "según", "experto", "expertos", "experta", "profesor", "profesora", "dr", "dra",
    "investigadores", "científicos", "psicólogos", "médicos",
)  # fmt: skip
DOCUMENTARY = words(
    "informe", "ley", "constitución", "tribunal", "artículo", "documento", "política",
)  # fmt: skip
EMPIRICAL = words(
    "estudio", "estudios", "experimento", "investigación", "observó", "encontró", "pruebas",
    "resultados",
)  # fmt: skip
ANAPHOR = opener(
    r"^(?:esto|eso|estos|esos|ello|tal|dicho|dicha|dichos|ellos|ellas)\b|\b(?:uno|una|ellos|"
    r"ellas|eso)[.!]?$"
)
ABDUCTIVE = words("mejor explicación", "explicación más probable", "explica")
DEDUCTIVE = words(
    "todo", "todos", "todas", "siempre", "siempre que", "cada vez que", "si", "cualquier",
    "nadie", "cada",
)  # fmt: skip
