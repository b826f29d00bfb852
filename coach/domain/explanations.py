"""What the tutor says when a student asks for help or about a part: an explanation, an example
on a different topic than theirs, and one guiding question. Never a part of their argument.
"""

from __future__ import annotations

from coach.domain.phrases import words
from coach.domain.steps import step_name

EXPLANATIONS: dict[str, dict[str, str]] = {
    "en": {
        "claim": "A claim is the position you want your reader to accept, written as one "
        "statement someone could agree or disagree with.",
        "grounds": "Grounds are the facts behind your claim: figures, observations or results "
        "a reader could check.",
        "warrant": "A warrant is a general rule that links the kind of facts in your grounds "
        "to the kind of conclusion in your claim; it would hold in other cases too, so it is "
        "not your claim said again.",
        "groundsBacking": "Backing for the grounds says who or what stands behind your facts: "
        "a named study, report, institution, expert, statistic or law.",
        "warrantBacking": "Backing for the warrant says what supports your general rule: "
        "research, a law, an expert body or an established field of knowledge.",
        "qualifier": "A qualifier says how strongly you hold the claim, with a word such as "
        "'certainly', 'presumably', 'probably' or 'possibly'.",
        "rebuttal": "A rebuttal names a condition or a case in which your claim would not "
        "hold ('unless ...', 'except when ...'); insisting that you are right is not one.",
    },
    "es": {
        "claim": "La tesis es la posición que quieres que acepte tu lector, escrita como una "
        "afirmación con la que alguien podría estar de acuerdo o no.",
        "grounds": "Los datos son los hechos que sostienen tu tesis: cifras, observaciones o "
        "resultados que un lector podría comprobar.",
        "warrant": "La garantía es una regla general que une el tipo de hechos de tus datos "
        "con el tipo de conclusión de tu tesis; valdría también en otros casos, así que no es "
        "tu tesis dicha otra vez.",
        "groundsBacking": "El respaldo de los datos dice quién o qué está detrás de tus hechos: "
        "un estudio, informe, institución, experto, estadística o ley con nombre.",
        "warrantBacking": "El respaldo de la garantía dice qué sostiene tu regla general: "
        "investigación, una ley, un organismo experto o un campo de conocimiento establecido.",
        "qualifier": "El calificador dice con cuánta fuerza sostienes la tesis, con palabras "
        "como 'ciertamente', 'presumiblemente', 'probablemente' o 'posiblemente'.",
        "rebuttal": "La refutación nombra una condición o un caso en que tu tesis no se "
        "cumpliría ('a menos que ...', 'salvo si ...'); insistir en que tienes razón no lo es.",
    },
}

# Whole example arguments on topics a student's session is unlikely to share; the tutor
# shows a part from the first one whose words do not overlap the student's topic.
EXAMPLES: dict[str, tuple[dict[str, str], ...]] = {
    "en": (
        {
            "topic": "cycle lanes in cities",
            "claim": "Cities should build protected cycle lanes.",
            "grounds": "In Seville, cycling grew from 0.5% to 6% of trips after the city "
            "built 80 km of protected lanes.",
            "warrant": "If a safe option is made easy, more people usually choose it.",
            "groundsBacking": "The figures come from Seville city council's mobility reports.",
            "warrantBacking": "Transport research on travel behaviour supports this rule.",
            "qualifier": "Probably, in most large flat cities.",
            "rebuttal": "Unless the lanes do not connect to where people need to go.",
        },
        {
            "topic": "tap water or bottled water",
            "claim": "Families should drink tap water instead of bottled water.",
            "grounds": "A 2018 test of 50 tap-water samples found them as safe as bottled "
            "brands, at a hundredth of the price.",
            "warrant": "When two products are equally safe, the cheaper one is usually the "
            "better choice.",
            "groundsBacking": "The tests were run by a national consumer association's laboratory.",
            "warrantBacking": "Consumer economists have long recommended the cheaper of two "
            "equivalent products.",
            "qualifier": "Presumably, in most towns.",
            "rebuttal": "Unless the local water supply has been contaminated.",
        },
        {
            "topic": "libraries open on Sundays",
            "claim": "Towns should open their public libraries on Sundays.",
            "grounds": "A survey of 1,200 residents found that 40% can only visit at weekends.",
            "warrant": "If a public service is meant for everyone, it should open when most "
            "people can use it.",
            "groundsBacking": "The survey was carried out by the regional statistics office.",
            "warrantBacking": "Public-service guidelines on access for working people support "
            "this principle.",
            "qualifier": "Probably.",
            "rebuttal": "Unless Sunday opening forces cuts to other library services.",
        },
    ),
    "es": (
        {
            "topic": "los carriles bici en las ciudades",
            "claim": "Las ciudades deberían construir carriles bici protegidos.",
            "grounds": "En Sevilla, la bici pasó del 0,5% al 6% de los desplazamientos tras "
            "construir 80 km de carriles protegidos.",
            "warrant": "Si una opción segura se vuelve fácil, normalmente más gente la elige.",
            "groundsBacking": "Las cifras salen de los informes de movilidad del Ayuntamiento "
            "de Sevilla.",
            "warrantBacking": "La investigación sobre comportamiento en el transporte respalda "
            "esta regla.",
            "qualifier": "Probablemente, en la mayoría de las ciudades llanas.",
            "rebuttal": "A menos que los carriles no lleven a donde la gente necesita ir.",
        },
        {
            "topic": "el agua del grifo o embotellada",
            "claim": "Las familias deberían beber agua del grifo en lugar de embotellada.",
            "grounds": "Un análisis de 2018 de 50 muestras de agua del grifo las encontró tan "
            "seguras como las marcas embotelladas.",
            "warrant": "Cuando dos productos son igual de seguros, el más barato suele ser la "
            "mejor opción.",
            "groundsBacking": "Los análisis los hizo el laboratorio de una asociación nacional "
            "de consumidores.",
            "warrantBacking": "Los economistas del consumo recomiendan desde hace tiempo el más "
            "barato de dos productos equivalentes.",
            "qualifier": "Presumiblemente, en la mayoría de los municipios.",
            "rebuttal": "A menos que el suministro local de agua esté contaminado.",
        },
        {
            "topic": "las bibliotecas abiertas en domingo",
            "claim": "Los municipios deberían abrir sus bibliotecas públicas los domingos.",
            "grounds": "Una encuesta a 1.200 vecinos halló que el 40% solo puede ir el fin de "
            "semana.",
            "warrant": "Si un servicio público es para todos, debería abrir cuando la mayoría "
            "puede usarlo.",
            "groundsBacking": "La encuesta la hizo la oficina regional de estadística.",
            "warrantBacking": "Las directrices de servicio público sobre acceso para quienes "
            "trabajan respaldan este principio.",
            "qualifier": "Probablemente.",
            "rebuttal": "A menos que abrir en domingo obligue a recortar otros servicios.",
        },
    ),
}

OPENERS: dict[str, dict[str, str]] = {
    "en": {
        "write_for_me": "I won't write {your_part} for you: the argument has to be in your "
        "own words. I can show you how one works.",
        "example": "Here is an example on a different topic, so that your argument stays yours.",
        "teacher": "Even if your teacher agrees, my job is to help you write it yourself, "
        "not to write it for you.",
        "emotional": "I can hear this matters a lot, and you can do it, one small step at a "
        "time. I won't write it for you, but I will help you get there.",
        "compare": "I won't write a version of my own to compare with yours, but I can show "
        "you what a strong {part} contains.",
        "stuck": "Being stuck here is normal; let's take one small step.",
        "concept": "",
    },
    "es": {
        "write_for_me": "No voy a escribir {your_part} por ti: el argumento tiene que estar en "
        "tus propias palabras. Sí puedo mostrarte cómo funciona.",
        "example": "Aquí tienes un ejemplo sobre otro tema, para que tu argumento siga siendo "
        "tuyo.",
        "teacher": "Aunque tu profesor esté de acuerdo, mi trabajo es ayudarte a escribirlo "
        "tú, no escribirlo por ti.",
        "emotional": "Entiendo que esto te importa mucho, y puedes hacerlo paso a paso. No lo "
        "escribiré por ti, pero te ayudaré a llegar.",
        "compare": "No escribiré una versión mía para compararla con la tuya, pero puedo "
        "mostrarte qué hace falta en {your_part}.",
        "stuck": "Atascarse aquí es normal; demos un paso pequeño.",
        "concept": "",
    },
}

# The kinds of ask told apart by their form (``intent.ask_kind``), all met with the same opener.
ASKS = frozenset({"complete", "options", "roleplay", "translate", "look_up", "ask"})

EXAMPLE_LEAD: dict[str, str] = {
    "en": "For example, in an argument about {topic}: “{text}”",
    "es": "Por ejemplo, en un argumento sobre {topic}: «{text}»",
}

# One guiding question per step, about the student's own argument.
HELP_QUESTIONS: dict[str, dict[str, str]] = {
    "en": {
        "claim": "What do you yourself think about “{topic}”, in one sentence?",
        "grounds": "What is one fact or figure you know that supports your claim?",
        "warrant": "What general rule makes your grounds a reason for your claim?",
        "groundsBacking": "Where do your facts come from: which study, report or institution?",
        "warrantBacking": "What research, law or expert body supports your general rule?",
        "qualifier": "How sure are you of your claim: certainly, probably or possibly?",
        "rebuttal": "In what situation would your claim not hold?",
    },
    "es": {
        "claim": "¿Qué piensas tú sobre «{topic}», en una frase?",
        "grounds": "¿Qué hecho o cifra conoces que apoye tu tesis?",
        "warrant": "¿Qué regla general hace que tus datos sean una razón para tu tesis?",
        "groundsBacking": "¿De dónde salen tus datos: qué estudio, informe o institución?",
        "warrantBacking": "¿Qué investigación, ley u organismo experto respalda tu regla general?",
        "qualifier": "¿Qué tan seguro estás de tu tesis: ciertamente, probablemente o "
        "posiblemente?",
        "rebuttal": "¿En qué situación no se cumpliría tu tesis?",
    },
}

OFF_TOPIC: dict[str, str] = {
    "en": "Let's keep to your argument about “{topic}”.",
    "es": "Sigamos con tu argumento sobre «{topic}».",
}


def _stems(text: str) -> set[str]:
    return {word[:5] for word in words(text) if len(word) >= 4}


def example_for(step: str, language: str, avoid: str) -> tuple[str, str]:
    """(example topic, example text for ``step``) from the first example argument sharing no
    word with ``avoid`` (the student's topic and draft)."""
    lang = language if language in EXAMPLES else "en"
    taken = _stems(avoid)
    for example in EXAMPLES[lang]:
        if not (_stems(example["topic"] + " " + example[step]) & taken):
            return example["topic"], example[step]
    example = EXAMPLES[lang][-1]
    return example["topic"], example[step]


def guiding_question(step: str, language: str, topic: str) -> str:
    lang = language if language in HELP_QUESTIONS else "en"
    return HELP_QUESTIONS[lang][step].format(topic=topic)


# Part names a student may ask about -> the step explained ("backing" is decided by the step).
_ASKED_PARTS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("claim", "claims", "tesis"), "claim"),
    (("grounds", "ground", "datos", "dato"), "grounds"),
    (("warrant", "warrants", "warent", "warrent", "garantia", "garantias"), "warrant"),
    (("qualifier", "qualifiers", "calificador", "calificadores", "cualificador"), "qualifier"),
    (("rebuttal", "rebuttals", "rebutal", "refutacion", "refutaciones", "contraargumento",
      "reserva"), "rebuttal"),
    (("backing", "backings", "respaldo", "respaldos"), "backing"),
)  # fmt: skip


def asked_part(message: str, current_step: str) -> str:
    """The part a question is about ("what is a warrant?" on the claim step -> warrant);
    the current step when it names none or several."""
    said = set(words(message))
    named = [step for names, step in _ASKED_PARTS if said & set(names)]
    if len(named) != 1:
        return current_step
    if named[0] == "backing":
        return current_step if current_step.endswith("Backing") else "warrantBacking"
    return named[0]


def help_text(
    *,
    step: str,
    language: str,
    topic: str,
    pressure: str,
    avoid: str = "",
    about: str = "",
    explain: bool = True,
) -> str:
    """The tutor's answer to a help request (``pressure``) or a concept question
    (``pressure="concept"``): opener, explanation of the part (``about``, else the step's),
    an example on another topic, and one question about the current step; without
    ``explain`` (the teacher allows questions only), the opener and the question."""
    lang = language if language in EXPLANATIONS else "en"
    about = about if about in EXPLANATIONS[lang] else step
    name = step_name(about, lang).lower()
    # Spanish agrees in number: "tus datos", "tu tesis".
    your_part = {"en": f"your {name}", "es": f"{'tus' if about == 'grounds' else 'tu'} {name}"}
    # An ask with no opener of its own ("finish this: ...") is answered as "write it for me".
    fallback = OPENERS[lang]["write_for_me"] if pressure in ASKS else ""
    opener = OPENERS[lang].get(pressure, fallback).format(part=name, your_part=your_part[lang])
    if not explain:  # the teacher allows questions only
        return "\n\n".join(part for part in (opener, guiding_question(step, lang, topic)) if part)
    example_topic, example = example_for(about, lang, f"{topic} {avoid}")
    lead = EXAMPLE_LEAD[lang].format(topic=example_topic, text=example)
    body = " ".join(part for part in (opener, EXPLANATIONS[lang][about], lead) if part)
    return f"{body}\n\n{guiding_question(step, lang, topic)}"


def off_topic_text(*, step: str, language: str, topic: str) -> str:
    lang = language if language in OFF_TOPIC else "en"
    return f"{OFF_TOPIC[lang].format(topic=topic)}\n\n{guiding_question(step, lang, topic)}"


__all__ = [
    "EXAMPLES",
    "EXPLANATIONS",
    "HELP_QUESTIONS",
    "example_for",
    "guiding_question",
    "help_text",
    "off_topic_text",
]
