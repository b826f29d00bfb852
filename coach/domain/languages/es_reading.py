"""Spanish: more of how the offline tutor reads a student's message (carried by the pack in
``coach.domain.languages.es``): who will do the work, having nothing to write, a rebuttal
that denies, a question whether the student's own text is acceptable."""

from __future__ import annotations

# "Vale, lo hago yo.", "Bueno, ya lo escribo yo:", "déjalo, lo hago yo misma".
DOERS: tuple[str, ...] = (
    "d[eé]jalo",
    "olv[ií]dalo",
    "da igual",
    r"(?:ya )?(?:me )?lo (?:hago|escribo|pongo|redacto|saco)(?: yo)?(?: mism[oa]| sol[oa])?"
    r"(?: entonces)?",
)

# "la verdad no tengo ni idea de cuánta gente ...", "no sé nada de ...", "es que no tengo
# datos de ningún tipo": only the student's own lack of knowledge, from the message's start.
NO_KNOWLEDGE: tuple[str, ...] = (
    r"^ ((la verdad|sinceramente|es que|pues|bueno|y|pero|ya|uf|honestamente) )*(yo )?no "
    r"(se|tengo|conozco|encuentro|me se) (ni )?(idea|nada|ningun|ninguna|ni un|ni una|datos|"
    r"cifras|fuentes|expertos?|estudios?)( [a-z]+){0,12} $",
)

# "nadie puede estar en contra", "no hay ningún caso en que esto no funcione".
DENIALS: tuple[str, ...] = (
    r"\b(nadie|nada|ningun|ninguna|nunca|jamas)\b",
    r"\btodo el mundo (quiere|esta de acuerdo|lo quiere)\b",
)

# "¿Una encuesta que hice yo en clase vale como fuente?", "¿Mi profe aceptaría esta garantía?"
ACCEPTANCE: frozenset[str] = frozenset(
    "vale valen sirve sirven cuenta cuentan acepta aceptan aceptaria aceptarian aceptar "
    "aceptable valida valido permitido permitida bien suficiente fiable puedo usar".split()
)
