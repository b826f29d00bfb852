"""The words the offline auditors read a Spanish document by: the Spanish side of each pattern
table of ``analyzers`` (markers of reasoning, citations and the record, counterpoints and
loaded language, the Toulmin parts), accents optional. The figures and identifiers the
security checks read are the same in either language."""

from __future__ import annotations

import re

_ACCENTS = {"á": "[aá]", "é": "[eé]", "í": "[ií]", "ó": "[oó]", "ú": "[uú]"}


def _words(*terms: str) -> re.Pattern[str]:
    loose = ("".join(_ACCENTS.get(c, c) for c in term) for term in terms)
    return re.compile(r"\b(?:" + "|".join(loose) + r")\b", re.IGNORECASE)


REASONING = {
    "cause": _words("porque", "ya que", "puesto que", "dado que", "debido a", "a causa de"),
    "inference": _words(
        "por lo tanto", "por tanto", "por consiguiente", "así que", "en consecuencia",
        "por eso", "por ello", "de ahí que", "se sigue que", "por estas razones",
        "por esta razón", "concluimos", "esto significa", "lo que demuestra", "en conclusión",
    ),
}  # fmt: skip
CITATIONS = {
    "statute": re.compile(
        r"§+\s*\d+|\b(?:art[ií]culo|art\.|secci[oó]n|ley|decreto)\s+\d+", re.IGNORECASE
    ),
    "precedent": _words("precedente", "precedentes", "jurisprudencia", "sentencia", "se resolvió"),
    "record": _words(
        "prueba documental", "testimonio", "testificó", "testigo", "testigos", "declaración jurada",
        "el expediente", "informe pericial", "las pruebas muestran", "según", "un estudio",
        "un informe", "una encuesta",
    ),
}  # fmt: skip
COUNTERPOINTS = {
    "counterpoint": _words(
        "sin embargo",
        "no obstante",
        "por otro lado",
        "por otra parte",
        "aunque",
        "es cierto que",
        "es verdad que",
        "reconocemos",
        "admito",
        "reconozco",
        "si bien",
    ),
    "the other side's case": re.compile(
        r"\b(?:los críticos|los detractores|la defensa|la acusación|el demandante|el demandado|"
        r"algunos|otros)\b[^.]{0,40}\b(?:sostienen|sostiene|dicen|dice|argumentan|argumenta|"
        r"afirman|afirma|alegan|alega)\b",
        re.IGNORECASE,
    ),
}
LOADED = {
    "loaded language": _words(
        "obviamente", "evidentemente", "absurdo", "absurda", "indignante", "ridículo",
        "ridícula", "vergonzoso", "vergonzosa", "disparate", "patético", "patética",
        "todo el mundo sabe", "ninguna persona razonable", "mentiroso", "mentirosos", "idiota",
        "hipócrita",
    ),
}  # fmt: skip
TOULMIN = {
    "claim": _words(
        "creo que", "sostengo que", "afirmo que", "mi postura", "en mi opinión", "debería",
        "deberían", "debe", "deben", "hay que", "en conclusión", "por lo tanto", "tenemos que",
    ),
    "grounds": re.compile(
        r"\b(?:por ejemplo|según|los estudios muestran|la investigación muestra|datos|encuesta|"
        r"estadísticas|en \d{4})\b|\d+(?:[.,]\d+)?\s?%",
        re.IGNORECASE,
    ),
    "warrant": _words(
        "porque", "ya que", "puesto que", "dado que", "esto significa", "lo que demuestra",
        "en general", "siempre que", "por eso",
    ),
    "backing": _words(
        "investigación", "expertos", "experto", "experta", "la ley", "estudios", "científicos",
        "revisado por pares", "publicado", "según", "principio",
    ),
    "qualifier": _words(
        "probablemente", "seguramente", "en la mayoría de los casos", "normalmente",
        "generalmente", "quizás?", "tal vez", "puede que", "podría", "a menudo", "casi",
    ),
    "rebuttal": _words(
        "a menos que", "sin embargo", "aunque", "los críticos", "algunos dicen",
        "algunos sostienen", "por otro lado", "excepto", "salvo", "es cierto que", "si bien",
    ),
}  # fmt: skip
