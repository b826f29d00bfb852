"""Spanish: what the tutor says (carried by the pack in ``coach.domain.languages.es``)."""

from __future__ import annotations

# -- what the tutor says ------------------------------------------------------------------

STEP_NAMES: dict[str, str] = {
    "claim": "Tesis",
    "grounds": "Datos",
    "warrant": "Garantía",
    "groundsBacking": "Respaldo de los datos",
    "warrantBacking": "Respaldo de la garantía",
    "qualifier": "Calificador",
    "rebuttal": "Refutación",
}

GUIDING_QUESTIONS: dict[str, str] = {
    "claim": "¿Qué quieres que acepte tu lector? Escríbelo como una afirmación, no como "
    "una pregunta.",
    "grounds": "¿Qué hechos, cifras u observaciones apoyan tu tesis? ¿De dónde salen?",
    "warrant": "¿Qué regla general une esos hechos con tu tesis? Prueba con 'Si ..., "
    "normalmente ...'.",
    "groundsBacking": "¿Quién o qué hace fiables tus datos: qué estudio, informe o institución?",
    "warrantBacking": "¿Qué autoridad o conocimiento respalda esa regla general?",
    "qualifier": "¿Hasta qué punto lo tienes claro? ¿Dirías 'ciertamente', 'probablemente', 'en la "
    "mayoría de los casos'...?",
    "rebuttal": "¿En qué condiciones no se cumpliría tu tesis? Empieza con 'a menos que' "
    "o 'salvo si'.",
}

PROBLEMS: dict[str, str] = {
    "empty": "Todavía no hay texto para este paso.",
    "too_short": "Es demasiado breve para sostenerse por sí solo; desarróllalo un poco más.",
    "is_question": "Eso parece una pregunta. Una tesis toma una posición: afírmala.",
    "vague_claim": "Es un juicio, todavía no una posición que un lector pueda poner a "
    "prueba: ¿para quién y en qué sentido? Di qué debería cambiar y para quién.",
    "no_evidence": "Aún no veo evidencia: un hecho, una cifra, un estudio o una observación.",
    "opinion": "Eso es tu opinión, y un lector no puede comprobar una opinión. Los datos "
    "son hechos o informes que podría consultar. ¿Qué cifra, estudio u observación podría "
    "comprobar?",
    "no_principle": "Eso suena concreto. Una garantía enuncia una regla general que valdría "
    "también en otros casos (si ..., cuando ..., normalmente ...).",
    "no_authority": "No sé quién respalda esto: nombra un estudio, una institución, un "
    "experto, una estadística o una ley.",
    "vague_source": "¿Cuál? Nombras un tipo de fuente (o solo 'internet'), pero no quién "
    "la hizo, dónde se publicó ni una cifra suya.",
    "one_sided": "Una garantía necesita los dos lados de una regla: qué tipo de hecho "
    "(si ...) lleva a qué tipo de conclusión (entonces ...). Falta un lado o es muy pobre.",
    "restates_claim": "Eso repite tu tesis. Una garantía es la regla general que une el "
    "tipo de hechos de tus datos con el tipo de conclusión de tu tesis.",
    "insists": "Eso insiste en la tesis en lugar de ponerla a prueba. Una refutación nombra "
    "una condición o un caso en que la tesis no se cumpliría ('a menos que ...').",
    "no_modal": "Un calificador dice cuán fuerte es la tesis, con palabras como "
    "'probablemente', 'normalmente' o 'ciertamente'.",
    "no_condition": "Una refutación nombra una condición en la que la tesis falla "
    "('a menos que ...', 'salvo si ...').",
}

PRAISE: dict[str, str] = {
    "claim": "Es una posición clara con la que un lector puede estar de acuerdo o no.",
    "grounds": "Bien: es evidencia que un lector puede comprobar.",
    "warrant": "Bien: es una regla general, no solo este caso.",
    "groundsBacking": "Bien: dices de dónde sale tu evidencia.",
    "warrantBacking": "Bien: dices qué respalda tu regla.",
    "qualifier": "Bien: dice con cuánta fuerza sostienes la tesis.",
    "rebuttal": "Bien: nombra cuándo la tesis no se cumpliría.",
}

WHERE_TO_LOOK: dict[str, str] = {
    "grounds": "Dónde buscar: una web oficial de estadística, una encuesta publicada en un "
    "periódico, las cifras de tu propio centro, o algo que puedas contar u observar tú.",
    "groundsBacking": "Dónde buscar: la web o el informe de donde sale tu cifra, la "
    "organización que lo publicó o la persona que te lo dio.",
    "warrantBacking": "Dónde buscar: una universidad o un instituto de investigación que "
    "estudie esto, una guía oficial, una ley o un colegio profesional; la biblioteca de tu "
    "centro puede ayudarte a encontrarlo.",
}

AS_YOU_WROTE: dict[str, str] = {
    "claim": "Aquí está tu tesis tal como la escribiste. Confírmala para guardarla y seguir.",
    "grounds": "Aquí están tus datos tal como los escribiste. Confírmalos para guardarlos "
    "y seguir.",
    "warrant": "Aquí está tu garantía tal como la escribiste. Confírmala para guardarla y seguir.",
    "groundsBacking": "Aquí está el respaldo de tus datos tal como lo escribiste. "
    "Confírmalo para guardarlo y seguir.",
    "warrantBacking": "Aquí está el respaldo de tu garantía tal como lo escribiste. "
    "Confírmalo para guardarlo y seguir.",
    "qualifier": "Aquí está tu calificador tal como lo escribiste. Confírmalo para "
    "guardarlo y seguir.",
    "rebuttal": "Aquí está tu refutación tal como la escribiste. Confírmala para guardarla "
    "y terminar.",
}

PHRASES: dict[str, str] = {
    "confirm_hint": "Si te convence, di “sí” y lo pondré en tu borrador, o mejóralo antes.",
    "proposal_rewrite": "Ordené tus propias palabras ({changes}). Confírmalo si dice lo que "
    "quieres decir.",
    "rationale_confirmed": "Tu propio texto; cumple lo que necesita este paso ({step}).",
    "rationale_rewrite": "Tu texto con {changes}.",
    "no_changes": "no hacía falta cambiar nada",
    "nothing_yet": "Escribe tu primer intento y te ayudaré a pulirlo.",
    "feedback": "Preguntas por {your_part}, «{text}».",
    "fixed": "Eso resuelve lo que faltaba.",
    "amend": "Entonces todavía no es un sí: vuelve a escribir {your_part} con tu cambio, con "
    "tus palabras, y te mostraré una tarjeta para confirmarla.",
    "yes_or_no": "No sé si es un sí o un no. Escribe sí para guardar la tarjeta, o no para "
    "apartarla y escribirla a tu manera.",
    "unsure": "Entonces todavía no es un sí. ¿Qué es lo que no tienes claro? Dime qué te hace "
    "dudar y lo miramos juntos.",
    "set_aside": "He apartado la tarjeta; no se ha guardado nada. Escribe {your_part} como "
    "quieras y te mostraré una tarjeta para confirmarla.",
    # Una pregunta: sin ninguna, la respuesta acabaría en la pregunta del paso.
    "card_waiting": "¿La tarjeta dice lo que quieres decir? Confirma la tarjeta de abajo, o "
    "cámbiala.",
    "back_to": "Volvamos a {your_part}:",
    "not_saved": "Todavía no hay {step} en tu borrador.",
    "doubt_question": "Lo terminaste con un signo de interrogación, así que no sé si es tu "
    "parte o una pregunta para mí.",
    "withheld": "He retenido algo de mi respuesta: estaba escribiendo parte de tu "
    "argumento por ti, y tu argumento tiene que estar en tus propias palabras.",
    "still_missing": "Antes de proponerlo: {problem}",
    "opening": "Construyamos tu argumento sobre «{topic}» en siete pasos. Paso 1 de 7: la tesis.",
    "intro": "Guardado. Paso {number} de 7: {step}.",
    "complete": "Tu argumento está completo: las siete partes están en tu borrador. Ya "
    "puedes convertirlo en una cadena de Toulmin.",
    "spacing": "espacios",
    "capital": "mayúscula inicial",
    "full_stop": "punto final",
    "statement": "una afirmación en lugar de signos de pregunta",
}

EXPLANATIONS: dict[str, str] = {
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
}

EXAMPLES: tuple[dict[str, str], ...] = (
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
        "grounds": "Una encuesta a 1.200 vecinos halló que el 40% solo puede ir el fin de semana.",
        "warrant": "Si un servicio público es para todos, debería abrir cuando la mayoría "
        "puede usarlo.",
        "groundsBacking": "La encuesta la hizo la oficina regional de estadística.",
        "warrantBacking": "Las directrices de servicio público sobre acceso para quienes "
        "trabajan respaldan este principio.",
        "qualifier": "Probablemente.",
        "rebuttal": "A menos que abrir en domingo obligue a recortar otros servicios.",
    },
)

OPENERS: dict[str, str] = {
    "write_for_me": "No voy a escribir {your_part} por ti: el argumento tiene que estar en "
    "tus propias palabras. Sí puedo mostrarte cómo funciona.",
    "example": "Aquí tienes un ejemplo sobre otro tema, para que tu argumento siga siendo tuyo.",
    "teacher": "Aunque tu profesor esté de acuerdo, mi trabajo es ayudarte a escribirlo "
    "tú, no escribirlo por ti.",
    "emotional": "Entiendo que esto te importa mucho, y puedes hacerlo paso a paso. No lo "
    "escribiré por ti, pero te ayudaré a llegar.",
    "compare": "No escribiré una versión mía para compararla con la tuya, pero puedo "
    "mostrarte qué hace falta en {your_part}.",
    "stuck": "Atascarse aquí es normal; demos un paso pequeño.",
    "concept": "",
}

EXAMPLE_LEAD: str = "Por ejemplo, en un argumento sobre {topic}: «{text}»"

HELP_QUESTIONS: dict[str, str] = {
    "claim": "¿Qué piensas tú sobre «{topic}», en una frase?",
    "grounds": "¿Qué hecho o cifra conoces que apoye tu tesis?",
    "warrant": "¿Qué regla general hace que tus datos sean una razón para tu tesis?",
    "groundsBacking": "¿De dónde salen tus datos: qué estudio, informe o institución?",
    "warrantBacking": "¿Qué investigación, ley u organismo experto respalda tu regla general?",
    "qualifier": "¿Hasta qué punto confías en tu tesis: ciertamente, probablemente o posiblemente?",
    "rebuttal": "¿En qué situación no se cumpliría tu tesis?",
}

OFF_TOPIC: str = "Sigamos con tu argumento sobre «{topic}»."
