"""The offline tutor: a deterministic coach that asks, checks and explains, in EN or ES.

It follows the contract as a careful model would: it asks each step's guiding questions,
checks the student's own text with the step heuristics, says what is missing, and proposes
text only when the student confirms their text or asks for a rewrite of text that exists. It
never writes the argument for the student: a proposal is always the student's own words,
at most tidied (spacing, capital letter, final full stop).
"""

from __future__ import annotations

import json
import re
from typing import Any

from coach.domain.explanations import asked_part, help_text, off_topic_text
from coach.domain.heuristics import step_check
from coach.domain.intent import classify, own_text, rewrite_payload, turn_intent
from coach.domain.phrases import guess_language
from coach.domain.steps import STEPS, step_name, step_number

GUIDING_QUESTIONS: dict[str, dict[str, str]] = {
    "en": {
        "claim": "What do you want your reader to accept? Write it as one statement, not a "
        "question.",
        "grounds": "What facts, figures or observations support your claim? Where do they "
        "come from?",
        "warrant": "What general rule connects those facts to your claim? Try 'If ..., "
        "then usually ...'.",
        "groundsBacking": "Who or what makes your grounds trustworthy: which study, report or "
        "institution?",
        "warrantBacking": "What authority or body of knowledge supports that general rule?",
        "qualifier": "How sure are you? Would you say 'certainly', 'probably', 'in most cases'...?",
        "rebuttal": "Under what conditions would your claim not hold? Start with 'unless' "
        "or 'except when'.",
    },
    "es": {
        "claim": "¿Qué quieres que acepte tu lector? Escríbelo como una afirmación, no como "
        "una pregunta.",
        "grounds": "¿Qué hechos, cifras u observaciones apoyan tu tesis? ¿De dónde salen?",
        "warrant": "¿Qué regla general une esos hechos con tu tesis? Prueba con 'Si ..., "
        "normalmente ...'.",
        "groundsBacking": "¿Quién o qué hace fiables tus datos: qué estudio, informe o "
        "institución?",
        "warrantBacking": "¿Qué autoridad o conocimiento respalda esa regla general?",
        "qualifier": "¿Qué tan seguro estás? ¿Dirías 'ciertamente', 'probablemente', 'en la "
        "mayoría de los casos'...?",
        "rebuttal": "¿En qué condiciones no se cumpliría tu tesis? Empieza con 'a menos que' "
        "o 'salvo si'.",
    },
}

PROBLEMS: dict[str, dict[str, str]] = {
    "en": {
        "empty": "There is no text for this step yet.",
        "too_short": "That is too short to stand on its own; say a little more.",
        "is_question": "That reads as a question. A claim takes a position: state it.",
        "vague_claim": "That is a judgement, not yet a position a reader can test: for whom, "
        "and in what way? Say what should change, and for whom.",
        "no_evidence": "I don't see evidence yet: a fact, a number, a study or an observation.",
        "opinion": "That is your opinion, and a reader cannot check an opinion. Grounds are "
        "facts or reports they could look up. What figure, study or observation could they "
        "check?",
        "no_principle": "That sounds specific. A warrant states a general rule that would "
        "hold in other cases too (if ..., when ..., usually ...).",
        "no_authority": "I can't tell who stands behind this: name a study, an institution, "
        "an expert, a statistic or a law.",
        "vague_source": "Which one? You name a kind of source (or just 'online'), but not who "
        "made it, where it was published, or a figure from it.",
        "one_sided": "A warrant needs both sides of a rule: what kind of fact (if ...) leads "
        "to what kind of conclusion (then ...). One side is missing or too thin.",
        "restates_claim": "That says your claim again. A warrant is the general rule that "
        "links the kind of facts in your grounds to the kind of conclusion in your claim.",
        "insists": "That insists on the claim instead of testing it. A rebuttal names a "
        "condition or case in which the claim would not hold ('unless ...').",
        "no_modal": "A qualifier says how strong the claim is, with a word like 'probably', "
        "'usually' or 'certainly'.",
        "no_condition": "A rebuttal names a condition under which the claim fails "
        "('unless ...', 'except when ...').",
    },
    "es": {
        "empty": "Todavía no hay texto para este paso.",
        "too_short": "Es demasiado breve para sostenerse sola; desarróllalo un poco más.",
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
    },
}

PRAISE: dict[str, dict[str, str]] = {
    "en": {
        "claim": "That is a clear position a reader can agree or disagree with.",
        "grounds": "Good: that is evidence a reader can check.",
        "warrant": "Good: that is a general rule, not just this case.",
        "groundsBacking": "Good: you name where your evidence comes from.",
        "warrantBacking": "Good: you name what stands behind your rule.",
        "qualifier": "Good: that says how strongly you hold the claim.",
        "rebuttal": "Good: that names when the claim would not hold.",
    },
    "es": {
        "claim": "Es una posición clara con la que un lector puede estar de acuerdo o no.",
        "grounds": "Bien: es evidencia que un lector puede comprobar.",
        "warrant": "Bien: es una regla general, no solo este caso.",
        "groundsBacking": "Bien: dices de dónde sale tu evidencia.",
        "warrantBacking": "Bien: dices qué respalda tu regla.",
        "qualifier": "Bien: dice con cuánta fuerza sostienes la tesis.",
        "rebuttal": "Bien: nombra cuándo la tesis no se cumpliría.",
    },
}

# Where to look, for a student who knows no facts, source or expert yet.
WHERE_TO_LOOK: dict[str, dict[str, str]] = {
    "en": {
        "grounds": "Where to look: an official statistics website, a survey reported in a "
        "newspaper, your school's own figures, or something you can count or observe yourself.",
        "groundsBacking": "Where to look: the website or report your figure came from, the "
        "organisation that published it, or the person who gave it to you.",
        "warrantBacking": "Where to look: a university or research institute that studies "
        "this, an official guideline, a law or a professional body; a school library can help "
        "you find one.",
    },
    "es": {
        "grounds": "Dónde buscar: una web oficial de estadística, una encuesta publicada en un "
        "periódico, las cifras de tu propio centro, o algo que puedas contar u observar tú.",
        "groundsBacking": "Dónde buscar: la web o el informe de donde sale tu cifra, la "
        "organización que lo publicó o la persona que te lo dio.",
        "warrantBacking": "Dónde buscar: una universidad o un instituto de investigación que "
        "estudie esto, una guía oficial, una ley o un colegio profesional; la biblioteca de tu "
        "centro puede ayudarte a encontrarlo.",
    },
}

# "Here are your grounds": each part with its own grammar (number and gender).
AS_YOU_WROTE: dict[str, dict[str, str]] = {
    "en": {
        "claim": "Here is your claim as you wrote it. Confirm it to save it and move on.",
        "grounds": "Here are your grounds as you wrote them. Confirm them to save them and "
        "move on.",
        "warrant": "Here is your warrant as you wrote it. Confirm it to save it and move on.",
        "groundsBacking": "Here is the backing for your grounds as you wrote it. Confirm it "
        "to save it and move on.",
        "warrantBacking": "Here is the backing for your warrant as you wrote it. Confirm it "
        "to save it and move on.",
        "qualifier": "Here is your qualifier as you wrote it. Confirm it to save it and move on.",
        "rebuttal": "Here is your rebuttal as you wrote it. Confirm it to save it and finish.",
    },
    "es": {
        "claim": "Aquí está tu tesis tal como la escribiste. Confírmala para guardarla y seguir.",
        "grounds": "Aquí están tus datos tal como los escribiste. Confírmalos para guardarlos "
        "y seguir.",
        "warrant": "Aquí está tu garantía tal como la escribiste. Confírmala para guardarla y "
        "seguir.",
        "groundsBacking": "Aquí está el respaldo de tus datos tal como lo escribiste. "
        "Confírmalo para guardarlo y seguir.",
        "warrantBacking": "Aquí está el respaldo de tu garantía tal como lo escribiste. "
        "Confírmalo para guardarlo y seguir.",
        "qualifier": "Aquí está tu calificador tal como lo escribiste. Confírmalo para "
        "guardarlo y seguir.",
        "rebuttal": "Aquí está tu refutación tal como la escribiste. Confírmala para guardarla "
        "y terminar.",
    },
}

PHRASES: dict[str, dict[str, str]] = {
    "en": {
        "confirm_hint": "If you are happy with it, say “yes” and I will put it in your "
        "draft, or refine it first.",
        "proposal_rewrite": "I tidied your own words ({changes}). Confirm it if it says what "
        "you mean.",
        "rationale_confirmed": "Your own text; it has what this part ({step}) needs.",
        "rationale_rewrite": "Your text with {changes}.",
        "no_changes": "nothing needed changing",
        "nothing_yet": "Write your own first attempt and I will help you polish it.",
        "feedback": "You asked about your own {step}, “{text}”.",
        "fixed": "That answers what was missing.",
        "withheld": "I held back the rest of my answer: it was writing part of your argument "
        "for you, and your argument has to be in your own words.",
        "still_missing": "Before I can propose it: {problem}",
        "opening": "Let's build your argument about “{topic}” in seven steps. Step 1 of 7: the "
        "claim.",
        "intro": "Saved. Step {number} of 7: {step}.",
        "complete": "Your argument is complete: all seven parts are in your draft. You can "
        "turn it into a Toulmin chain now.",
        "spacing": "spacing",
        "capital": "a capital letter",
        "full_stop": "a final full stop",
        "statement": "a statement instead of a question mark",
    },
    "es": {
        "confirm_hint": "Si te convence, di “sí” y lo pondré en tu borrador, o mejóralo antes.",
        "proposal_rewrite": "Ordené tus propias palabras ({changes}). Confírmalo si dice lo que "
        "quieres decir.",
        "rationale_confirmed": "Tu propio texto; cumple lo que necesita este paso ({step}).",
        "rationale_rewrite": "Tu texto con {changes}.",
        "no_changes": "no hacía falta cambiar nada",
        "nothing_yet": "Escribe tu primer intento y te ayudaré a pulirlo.",
        "feedback": "Preguntas por tu {step}, «{text}».",
        "fixed": "Eso resuelve lo que faltaba.",
        "withheld": "He retenido el resto de mi respuesta: estaba escribiendo parte de tu "
        "argumento por ti, y tu argumento tiene que estar en tus propias palabras.",
        "still_missing": "Antes de proponerlo: {problem}",
        "opening": "Construyamos tu argumento sobre «{topic}» en siete pasos. Paso 1 de 7: la "
        "tesis.",
        "intro": "Guardado. Paso {number} de 7: {step}.",
        "complete": "Tu argumento está completo: las siete partes están en tu borrador. Ya "
        "puedes convertirlo en una cadena de Toulmin.",
        "spacing": "espacios",
        "capital": "mayúscula inicial",
        "full_stop": "punto final",
        "statement": "una afirmación en lugar de signos de pregunta",
    },
}


def _lang(language: str) -> str:
    return language if language in GUIDING_QUESTIONS else "en"


def opening_text(topic: str, language: str) -> str:
    """The tutor's first words in a new session: the plan and the claim's question."""
    lang = _lang(language)
    opening = PHRASES[lang]["opening"].format(topic=topic)
    return f"{opening}\n\n{GUIDING_QUESTIONS[lang]['claim']}"


def step_intro_text(step: str, language: str) -> str:
    """What the tutor says when a step begins, after the previous one was saved."""
    lang = _lang(language)
    intro = PHRASES[lang]["intro"].format(number=step_number(step), step=step_name(step, lang))
    return f"{intro}\n\n{GUIDING_QUESTIONS[lang][step]}"


def completion_text(language: str) -> str:
    return PHRASES[_lang(language)]["complete"]


def tidy(step: str, text: str, language: str) -> tuple[str, list[str]]:
    """The student's text with mechanical fixes only, and the names of the fixes made."""
    lang = _lang(language)
    changes: list[str] = []
    cleaned = re.sub(r"\s+", " ", text).strip()
    if cleaned != text.strip():
        changes.append(PHRASES[lang]["spacing"])
    if step == "claim" and (cleaned.endswith("?") or cleaned.startswith("¿")):
        cleaned = cleaned.lstrip("¿").rstrip("?").rstrip() + "."
        changes.append(PHRASES[lang]["statement"])
    if cleaned and cleaned[0].islower():
        cleaned = cleaned[0].upper() + cleaned[1:]
        changes.append(PHRASES[lang]["capital"])
    if cleaned and cleaned[-1] not in ".!?…\"'»”)":
        cleaned += "."
        changes.append(PHRASES[lang]["full_stop"])
    return cleaned, changes


def candidate_text(
    message: str,
    earlier_messages: list[str],
    draft_value: str,
    *,
    topic: str,
    draft_is_latest: bool = False,
    kind: str | None = None,
) -> str:
    """The student's own text for the step that a confirmation or rewrite refers to.

    "rewrite: <text>" carries its text; otherwise it is the student's latest own text for
    the step: the draft's text when they edited it by hand after their last chat attempt
    (``draft_is_latest``), so a confirmation never brings back an older attempt over a newer
    hand edit; else their latest earlier attempt (never a help request, a question or small
    talk, each read against the argument's ``topic``), else the draft's text.
    """
    kind = kind or classify(message).kind  # the turn's intent, when it is known
    if kind == "rewrite" and rewrite_payload(message):
        return rewrite_payload(message)
    if draft_is_latest and (draft_value or "").strip():
        return draft_value.strip()
    for earlier in reversed(earlier_messages):
        intent = classify(earlier, topic=topic)
        if intent.is_attempt:
            return own_text(earlier)
        if intent.kind == "rewrite" and rewrite_payload(earlier):
            return rewrite_payload(earlier)
    return (draft_value or "").strip()


def _answer(result: dict[str, Any]) -> str:
    return json.dumps(result, ensure_ascii=False)


def offline_turn(inputs: dict[str, Any]) -> str:
    """The offline tutor's answer to a turn (``coach.services`` calls it directly, with the
    turn's inputs; no prompt is built for it): a CoachAIResult as JSON text.

    ``inputs``: ``step``, ``language``, ``topic``, ``user_message``, ``draft_value``,
    ``is_first_turn``, ``step_messages`` (the student's earlier messages on this step,
    oldest first), ``draft_is_latest`` (the draft's part was edited by hand after the
    student's last attempt in the chat), ``draft`` (all seven parts, to keep examples off
    the student's words).

    The message's intent decides first: a help request or a concept question gets an
    explanation with an example on another topic and one guiding question, small talk is
    steered back; only a confirmation or a rewrite request proposes, and only the student's
    own earlier attempt.
    """
    step = inputs["step"]
    message = inputs["user_message"]
    draft_value = inputs.get("draft_value", "") or ""
    topic = inputs.get("topic", "") or ""
    earlier = list(inputs.get("step_messages", []))
    # A message in another language gets that reply in its language; a language-neutral one
    # ("yes", "ok") is answered in the session's language, never in an earlier message's.
    session_language = inputs.get("language", "en")
    lang = _lang(guess_language(message, session_language))
    text = PHRASES[lang]
    question = GUIDING_QUESTIONS[lang][step]
    name = step_name(step, lang).lower()
    result: dict[str, Any] = {"step": step, "nextQuestion": question}
    intent = turn_intent(inputs) or classify(message, topic=topic)

    if intent.kind in ("help", "concept"):
        drafted = " ".join((inputs.get("draft") or {}).values())
        about = asked_part(message, step)
        result["assistantText"] = help_text(
            step=step,
            language=lang,
            topic=topic or name,
            pressure=intent.pressure,  # "" (a concept question) has no opener, as "concept"
            avoid=drafted,
            about=about,
            explain=inputs.get("help_level", "full") != "questions",
        )
        if intent.kind == "help" and about == step and step in WHERE_TO_LOOK[lang]:
            # A student with no facts, source or expert yet is told where to find one.
            result["assistantText"] = f"{WHERE_TO_LOOK[lang][step]}\n\n{result['assistantText']}"
        result["confidence"] = 0.0
        result.pop("nextQuestion")
        return _answer(result)
    if intent.kind == "feedback":
        # A question about their own part: judged and answered, never a proposal.
        own = candidate_text("", earlier, draft_value, topic=topic, kind="attempt")
        if not own:
            result["assistantText"] = text["nothing_yet"]
            return _answer(result)
        claim = (inputs.get("draft") or {}).get("claim", "") if step == "warrant" else ""
        check = step_check(step, own, claim=claim)
        quoted = text["feedback"].format(step=name, text=own)
        verdict = PRAISE[lang][step] if check.passed else PROBLEMS[lang][check.problem or "empty"]
        result["assistantText"] = f"{quoted} {verdict}"
        result["confidence"] = 0.3
        return _answer(result)
    if intent.kind == "off_topic":
        result["assistantText"] = off_topic_text(step=step, language=lang, topic=topic or name)
        result.pop("nextQuestion")
        return _answer(result)

    if intent.kind in ("confirmation", "rewrite"):
        # Tidying the student's words is full coaching; below it their text goes as written.
        rewriting = intent.kind == "rewrite" and inputs.get("help_level", "full") == "full"
        candidate = candidate_text(
            message,
            earlier,
            draft_value,
            topic=topic,
            draft_is_latest=bool(inputs.get("draft_is_latest")),
            kind=intent.kind,
        )
        if not candidate:
            result["assistantText"] = text["nothing_yet"]
            return _answer(result)
        value, changes = tidy(step, candidate, lang) if rewriting else (candidate, [])
        check = step_check(step, value)
        if not check.passed:
            problem = PROBLEMS[lang][check.problem or "empty"]
            result["assistantText"] = text["still_missing"].format(problem=problem)
            result["confidence"] = 0.3
            return _answer(result)
        if rewriting:
            listed = ", ".join(changes) or text["no_changes"]
            result["assistantText"] = text["proposal_rewrite"].format(changes=listed)
            rationale = text["rationale_rewrite"].format(changes=listed)
        else:
            result["assistantText"] = AS_YOU_WROTE[lang][step]
            rationale = text["rationale_confirmed"].format(step=name)
        result.update(
            confidence=0.9,
            proposedUpdate={"field": step, "value": value, "rationale": rationale},
            shouldAdvance=True,
        )
        result.pop("nextQuestion")
        return _answer(result)

    claim = (inputs.get("draft") or {}).get("claim", "") if step == "warrant" else ""
    attempt = own_text(message)
    check = step_check(step, attempt, claim=claim)
    if check.passed and not inputs.get("is_first_turn", not earlier):
        # A better version after the tutor's questions: proposed as written, to confirm.
        result["assistantText"] = f"{text['fixed']} {AS_YOU_WROTE[lang][step]}"
        rationale = text["rationale_confirmed"].format(step=name)
        result.update(
            confidence=0.85,
            proposedUpdate={"field": step, "value": attempt, "rationale": rationale},
            shouldAdvance=True,
        )
        result.pop("nextQuestion")
    elif check.passed:
        result["assistantText"] = f"{PRAISE[lang][step]} {text['confirm_hint']}"
        result["confidence"] = 0.7
        result.pop("nextQuestion")
    else:
        result["assistantText"] = PROBLEMS[lang][check.problem or "empty"]
        result["confidence"] = 0.2
    return _answer(result)


__all__ = [
    "GUIDING_QUESTIONS",
    "STEPS",
    "candidate_text",
    "completion_text",
    "offline_turn",
    "opening_text",
    "step_intro_text",
    "tidy",
]
