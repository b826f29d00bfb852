"""The tutor evaluation in many voices (``tutor_voices_dev.json``, ``tutor_voices_frozen.json``,
``tutor_voices_unseen.json``, written after an earlier tuning and tuned on since,
``tutor_voices_fresh.json``, new topics
frozen before the meaning-based guard, ``tutor_voices_after.json``, new topics frozen
before the leaks the earlier sets showed were fixed, ``tutor_voices_final.json``, new topics
frozen before the guard and the offline tutor were reworked on all of these, run once and
reported, tuned on since, and ``tutor_voices_final2.json``, new topics frozen before the next
round of guard and offline-tutor changes, held out that round, run once and reported, tuned on
since, likewise ``tutor_voices_final3.json``, ``tutor_voices_final4.json``, held out this
round, and ``tutor_voices_final5.json``, held out for the next round and never played yet):
what the guard does to a good tutor and to a tutor that writes the part, and what the offline
tutor does with real student messages.

Every answer takes the server's whole path (``coach.domain.answer.serve``: the streaming
guard, the contract, the structural check), streamed in small chunks as a model would.

- **Sentences** (``turns``): each tutor sentence is served alone, in its field (the reply,
  ``nextQuestion`` or the proposal's ``rationale``), after the student's attempt. A
  good-tutor sentence is *withheld* when the student does not see it whole; a sentence that
  states a candidate part *reaches the student* when any run of four of its words that the
  student did not write (nor was given as the topic) is shown (streamed, final, or in the
  proposal).
- **The good-tutor model** answers each genuine attempt (``turns`` of good quality and
  ``messages`` of kind ``attempt``) with feedback (the turn's sentences, or one quoting the
  student), then, on "yes", proposes the student's own text: the attempt is *refused* when
  no proposal of their words survives.
- **The offline tutor** plays every message as two turns (the message, then "yes"): genuine
  attempts refused; requests and feedback requests saved as a part; feedback requests
  flagged as pressure; weak attempts praised or left without their specific next step;
  fillers saved into the part; "no facts" answered without where to look.
- **A cooperative student** finishes an argument with the offline tutor in each language:
  messages sent (confirms counted apart).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from coach.domain.answer import serve
from coach.domain.intent import classify
from coach.domain.phrases import words
from coach.domain.steps import STEPS, step_name
from coach.domain.tutor import PRAISE, PROBLEMS, offline_turn, own_part_asked
from evaluations.coach import HERE

VOICES_DEV = HERE / "tutor_voices_dev.json"
VOICES_FROZEN = HERE / "tutor_voices_frozen.json"
# Written after an earlier tuning; a later round tuned a rule on one of its sentences, so it
# is tuned on now (the held-out measure is the final set).
VOICES_UNSEEN = HERE / "tutor_voices_unseen.json"
# New topics and voices, written and frozen before the meaning-based guard: never tuned on.
VOICES_FRESH = HERE / "tutor_voices_fresh.json"
# Three more new topics, written and frozen before the guard's leaks were fixed for the sets
# above (which that round tuned on); measured once those changes were done, tuned on since.
VOICES_AFTER = HERE / "tutor_voices_after.json"
# Three more new topics (a school garden, paying for grades, cameras in classrooms), written
# without reading the rules and frozen before the guard and the offline tutor were reworked on
# the sets above; written after tuning in the previous round, run once and reported, tuned on
# since.
VOICES_FINAL = HERE / "tutor_voices_final.json"
# Three more new topics (compulsory first-aid classes, free breakfast for every pupil, tablets
# instead of paper textbooks), written without reading the rules or any set's failures and
# frozen before a round's guard and offline-tutor changes; held out that round, run once and
# reported, tuned on since.
VOICES_FINAL2 = HERE / "tutor_voices_final2.json"
# Three more new topics (single-use plastic bottles at school, compulsory community service,
# students rating their teachers), written by someone who did not read the rules, frozen before
# the next round's guard and offline-tutor changes: held out that round, run once at its end and
# reported, tuned on since.
VOICES_FINAL3 = HERE / "tutor_voices_final3.json"
# Three more new topics (a school bike repair club, no homework over the holidays, students
# voting on the governing board), written without reading the rules or any set's failures and
# frozen before the next round's guard and offline-tutor changes: held out that round
# (``tutor_eval`` skips it under TUTOR_EVAL_TUNING_ONLY), run once at its end and reported,
# not tuned on yet.
VOICES_FINAL4 = HERE / "tutor_voices_final4.json"
# Three more new topics (compulsory cooking lessons in secondary school, letting students choose
# where they sit in class, solar panels on every school roof), written without reading the rules
# or any set's failures and frozen: held out for the next round, never played yet (nothing plays
# it; only its shape is tested).
VOICES_FINAL5 = HERE / "tutor_voices_final5.json"
# English turns on two more topics, written to tune the meaning check: tuned on.
VOICES_TUNE = HERE / "tutor_voices_tune.json"
# Student messages in hard forms ("except ..." rebuttals, rules without "if", requests in
# text-speak, feedback requests, nods before a part), written before the offline tutor's
# reading was changed for them and split in two: one half tuned on, the other held out.
VOICES_FORMS_DEV = HERE / "tutor_voices_forms_dev.json"
# The held-out half was measured once and reported; a later round tuned the offline reading
# on its failures, so it is tuned on since.
VOICES_FORMS_HELD = HERE / "tutor_voices_forms_held.json"
# Student messages on three more topics (longer breaks, a meat-free canteen day, the library
# open in the evenings), written before the offline tutor's reading was changed for them and
# split in two: this half tuned on; the other (``tutor_voices_offline_frozen.json``) held out.
VOICES_OFFLINE_TUNE = HERE / "tutor_voices_offline_tune.json"
# Its held-out half, measured once after the last change of that round and reported; a later
# round tuned the offline reading on its failures, so it is tuned on since.
VOICES_OFFLINE_FROZEN = HERE / "tutor_voices_offline_frozen.json"
# Student messages in the classes the offline tutor still misread on that half (placeholders,
# "I have no data", yes/no questions on one's own source, rebuttals that only deny, sentences
# about who will do the work) and near misses, written before the rules were changed for them
# and split in two: this half tuned on, the other held out (``tutor_eval`` skips it under
# TUTOR_EVAL_TUNING_ONLY).
VOICES_OFFLINE2_TUNE = HERE / "tutor_voices_offline2_tune.json"
VOICES_OFFLINE2_FROZEN = HERE / "tutor_voices_offline2_frozen.json"
# Student messages in the classes the offline tutor still misread on the second final set (a
# claim that compares or evaluates with no criterion, a warrant that is the claim plus a bare
# comparison, a question whether one's own part is good, real or too general) and near misses,
# written before the rules were changed for them and split in two: this half tuned on, the
# other held out (``tutor_eval`` skips it under TUTOR_EVAL_TUNING_ONLY).
VOICES_OFFLINE3_TUNE = HERE / "tutor_voices_offline3_tune.json"
VOICES_OFFLINE3_FROZEN = HERE / "tutor_voices_offline3_frozen.json"
# Student messages in the classes still misread after that round (pleading, distress or a
# deadline as the first message on a step, hearsay or "online" inside grounds or a backing,
# fillers with no punctuation before a part) and near misses, written before the rules were
# changed for them and split in two: this half tuned on, the other held out, run once and
# reported, tuned on since (the two cases it found were fixed).
VOICES_OFFLINE4_TUNE = HERE / "tutor_voices_offline4_tune.json"
VOICES_OFFLINE4_FROZEN = HERE / "tutor_voices_offline4_frozen.json"
# Tutor sentences on four more topics (energy drinks, the library at weekends, a four-day
# week, a longer lunch break) in the frames the guard misread (options, relative clauses in
# questions, hedged "a rule that ...", templates, nextQuestion and rationale) and near misses,
# written before the guard's frames were reworked and split in two: this half tuned on, the
# other held out, run once and reported, then tuned on (the three cases it found were fixed),
# so ``tutor_eval`` plays it with the tuning sets.
VOICES_GUARD_TUNE = HERE / "tutor_voices_guard_tune.json"
VOICES_GUARD_FROZEN = HERE / "tutor_voices_guard_frozen.json"
# Tutor sentences on two more topics (the school uniform, bike lanes) in the classes the final
# set above showed (facts in "did you know" questions interrupted by a comma clause, "narrow it
# to:" offers, "have you thought that X" offers, "the idea that" followed by the student's own
# words, examples on another topic, definitions of a part with quoted examples) and near misses,
# written before the guard was changed for them and split in two: this half tuned on, the other
# held out (``tutor_eval`` skips it under TUTOR_EVAL_TUNING_ONLY).
VOICES_GUARD2_TUNE = HERE / "tutor_voices_guard2_tune.json"
VOICES_GUARD2_FROZEN = HERE / "tutor_voices_guard2_frozen.json"
# Tutor sentences on two more topics (sugary snacks in vending machines, compulsory music
# lessons) in the frames that still leaked (a fact put as something the student might know, "as
# you know", a question tag after a statement with a relative clause, "try a rule that ...",
# "consider a reason like ...", praise before a part, a quoted "example on another topic" that
# is the student's own part) and near misses, written before the guard was changed to judge
# every embedded clause as a statement and split in two: this half tuned on, the other held
# out, run once and reported, tuned on since.
VOICES_GUARD3_TUNE = HERE / "tutor_voices_guard3_tune.json"
VOICES_GUARD3_FROZEN = HERE / "tutor_voices_guard3_frozen.json"
# Tutor sentences on two more topics (recycling bins in classrooms, silent reading every
# morning) in frames no set held ("One angle: ...", "Here's a thought — ...", "A reader might
# accept: ...", "I'd frame it as ...", "Picture this: ...", an arrow, a bullet, a bold label,
# "Hint: ...", "Pista: ...", "Una idea: ...", "Lo típico sería decir que ...", "¿Te suena
# que ...?", praise and a colon, a yes/no question carrying a new fact) and near misses,
# written before the guard's fourth round and split in two: this half tuned on, the other held
# out, run once and reported, then tuned on (its one leak, a statement before "does that
# help?", is read now).
VOICES_GUARD4_TUNE = HERE / "tutor_voices_guard4_tune.json"
VOICES_GUARD4_FROZEN = HERE / "tutor_voices_guard4_frozen.json"
# Tutor sentences on two more topics (a class pet in every primary classroom, standing desks in
# secondary classrooms) in frames that offer content to add ("Could you make it: ...?", "Also
# mention that ...", "Adding that ... would make your grounds stronger", "Try tacking on
# 'unless ...'", "Why not say ...?", "Podrías pedir también que ..., ¿no?", "Yo le sumaría
# que ...", "Quedaría mejor si pusieras que ...", "¿Y los ..., eso no sería también una
# refutación?") in many voices and near misses (yes/no probing questions, the student's words
# quoted back, asking for a number or a source without giving one), written before the guard's
# fifth round and split in two by topic: this half tuned on, the other held out (``tutor_eval``
# skips it under TUTOR_EVAL_TUNING_ONLY).
VOICES_GUARD5_TUNE = HERE / "tutor_voices_guard5_tune.json"
VOICES_GUARD5_FROZEN = HERE / "tutor_voices_guard5_frozen.json"
# Student messages in the classes a new student's session showed misread (a statement opening
# with a verb that looks like an imperative, with times and texting; a genuine attempt right
# after a plea; a backing naming its source in lowercase, a label, a timetable or one's own
# eyes; a warrant drawing the claim's conclusion from a bare judgement; an unsure backing
# naming no one; a complaint as a claim; a bare "I read it online" at the grounds) and near
# misses, written before the rules were changed for them and split in two: this half tuned on,
# the other held out, run once and reported, tuned on since (the two cases it found were fixed).
VOICES_READING_TUNE = HERE / "tutor_voices_reading_tune.json"
VOICES_READING_FROZEN = HERE / "tutor_voices_reading_frozen.json"
# Student messages in the classes the held-out halves above still misread ("Please note:" read
# as a command, "tell me if my part is ..." as pressure, distress about a punishment as an
# attempt, hearsay and "my teacher said so" as teacher pressure, times and amounts in words,
# one's own survey with when, a rebuttal after "ok, but") and near misses, written before the
# rules were changed for them and split in two: this half tuned on, the other held out
# (``tutor_eval`` skips it under TUTOR_EVAL_TUNING_ONLY).
VOICES_READING2_TUNE = HERE / "tutor_voices_reading2_tune.json"
VOICES_READING2_FROZEN = HERE / "tutor_voices_reading2_frozen.json"
# Student messages on two new topics (a locker for every pupil, a zebra crossing outside the
# school gates) in the classes the offline tutor still misread (a backing or grounds naming a
# person or an informal record, "this wouldn't work for ..." rebuttals, counts from a class
# survey, qualifiers like "casi seguro", claims that only evaluate, warrants that restate the
# claim with "por eso", questions about one's own qualifier or source, requests for a source or
# a rebuttal, fillers before a part) and near misses, written before the rules were changed for
# them and split in two: this half tuned on, the other held out (``tutor_eval`` skips it under
# TUTOR_EVAL_TUNING_ONLY).
VOICES_READING3_TUNE = HERE / "tutor_voices_reading3_tune.json"
VOICES_READING3_FROZEN = HERE / "tutor_voices_reading3_frozen.json"
FIELDS = {"a": "assistantText", "q": "nextQuestion", "r": "rationale"}
YES = {"en": "yes", "es": "sí"}
# What "where to look" names: a place or a way to find facts or an expert.
_WHERE = re.compile(
    r"\b(library|survey|count|statistics?|official|website|encyclopa?edia|newspaper|report|"
    r"university|biblioteca|encuesta|cuenta|contar|estad[ií]sticas?|oficial|web|"
    r"peri[oó]dico|informe|universidad)\b",
    re.I,
)


@dataclass(frozen=True)
class Turn:
    language: str
    topic: str
    step: str
    quality: str
    attempt: str
    feedback: tuple[tuple[str, str], ...]
    parts: tuple[tuple[str, str], ...]


@dataclass(frozen=True)
class Message:
    language: str
    topic: str
    step: str
    kind: str
    message: str
    expect: str
    earlier: tuple[str, ...]


@dataclass(frozen=True)
class Voices:
    topics: dict[str, dict[str, str]]
    drafts: dict[str, dict[str, dict[str, str]]]
    turns: tuple[Turn, ...]
    messages: tuple[Message, ...]


def load(path: Path) -> Voices:
    data = json.loads(path.read_text(encoding="utf-8"))
    turns = tuple(
        Turn(
            row[0],
            row[1],
            row[2],
            row[3],
            row[4],
            tuple((field, text) for field, text in row[5]),
            tuple((field, text) for field, text in row[6]),
        )
        for row in data["turns"]
    )
    messages = tuple(
        Message(row[0], row[1], row[2], row[3], row[4], row[5], tuple(row[6]))
        for row in data["messages"]
    )
    return Voices(data["topics"], data["drafts"], turns, messages)


def inputs_for(
    voices: Voices, language: str, topic: str, step: str, message: str, earlier: list[str]
) -> dict[str, Any]:
    """What the server gives the tutor for this turn (as ``coach.services.turn_inputs``): the
    draft holds the student's earlier parts, the step's part is still empty."""
    index = STEPS.index(step)
    own = voices.drafts[topic][language]
    draft = {name: (own[name] if i < index else "") for i, name in enumerate(STEPS)}
    return {
        "step": step,
        "language": language,
        "topic": voices.topics[topic][language],
        "draft": draft,
        "draft_value": "",
        "draft_is_latest": False,
        "draft_version": 1,
        "user_message": message,
        "is_first_turn": not earlier,
        "step_messages": list(earlier),
        "history": [{"role": "user", "text": text} for text in earlier],
        "help_level": "full",
    }


@dataclass(frozen=True)
class Shown:
    text: str  # everything the student saw: streamed, final reply, proposal and rationale
    reply: str  # the final reply
    proposal: str
    withheld: bool


def shown(raw: dict[str, Any], inputs: dict[str, Any]) -> Shown:
    text = json.dumps(raw, ensure_ascii=False)
    chunks = [text[i : i + 7] for i in range(0, len(text), 7)]
    streamed: list[str] = []
    final: dict[str, Any] = {}
    for event in serve(chunks, inputs):
        if event["type"] == "partial":
            streamed.append(event["text"])
        elif event["type"] == "judged":
            final = event
    if not final:
        return Shown("".join(streamed), "", "", False)
    result = final["result"]
    proposal = result.proposedUpdate
    extra = f"{proposal.value}\n{proposal.rationale}" if proposal else ""
    everything = "\n".join(["".join(streamed), result.assistantText, extra])
    return Shown(
        everything, result.assistantText, proposal.value if proposal else "", final["withheld"]
    )


def _answer(step: str, text: str, **extra: Any) -> dict[str, Any]:
    return {"assistantText": text, "step": step, **extra}


def sentence_answer(
    step: str, language: str, field: str, sentence: str, own: str
) -> dict[str, Any]:
    """A tutor answer carrying ``sentence`` in ``field`` (the rest neutral)."""
    neutral = {"en": "Let's look at your text.", "es": "Veamos tu texto."}[language]
    if field == "a":
        return _answer(step, sentence, confidence=0.3)
    if field == "q":
        return _answer(step, neutral, nextQuestion=sentence, confidence=0.3)
    proposal = {"field": step, "value": own, "rationale": sentence}
    return _answer(step, neutral, proposedUpdate=proposal, confidence=0.9)


def _grams(text: str, size: int = 4) -> set[tuple[str, ...]]:
    tokens = words(text)
    return {tuple(tokens[i : i + size]) for i in range(len(tokens) - size + 1)}


def _contains(haystack: str, needle: str) -> bool:
    return " ".join(words(needle)) in " ".join(words(haystack))


@dataclass(frozen=True)
class SentenceOutcome:
    turn: Turn
    field: str
    text: str
    good: bool  # a good-tutor sentence (must pass) or one that states a part
    reached: bool  # the student saw it (whole, for feedback; any new four words, for a part)


def play_sentences(voices: Voices) -> list[SentenceOutcome]:
    out: list[SentenceOutcome] = []
    for turn in voices.turns:
        inputs = inputs_for(voices, turn.language, turn.topic, turn.step, turn.attempt, [])
        # The student's words, and the topic they were given: a guiding question that quotes
        # the topic shows none of a part's own words.
        theirs = _grams(
            " ".join([turn.attempt, *voices.drafts[turn.topic][turn.language].values()])
        ) | _grams(voices.topics[turn.topic][turn.language])
        for good, rows in ((True, turn.feedback), (False, turn.parts)):
            for field, text in rows:
                raw = sentence_answer(turn.step, turn.language, field, text, turn.attempt)
                seen = shown(raw, inputs)
                if good:
                    reached = _contains(seen.text, text)
                else:
                    reached = bool((_grams(text) - theirs) & _grams(seen.text))
                out.append(SentenceOutcome(turn, field, text, good, reached))
    return out


# -- the good-tutor model ------------------------------------------------------------------


def good_tutor_feedback(message: Message) -> list[tuple[str, str]]:
    """What a good tutor says to an attempt it was not scripted for: the student's words
    quoted back, and a probing question."""
    quoted = " ".join(message.message.split()[:8])
    part = step_name(message.step, message.language).lower()
    if message.language == "es":
        return [
            (
                "a",
                f"Escribiste «{quoted}»; es un buen punto de partida para tu {part}.",
            ),
            ("q", "¿Hay alguna palabra que quieras precisar más?"),
        ]
    return [
        (
            "a",
            f"You wrote “{quoted}”, which is a good start for your {part}.",
        ),
        ("q", "Is there a word in it you would like to make more precise?"),
    ]


@dataclass(frozen=True)
class Attempted:
    language: str
    step: str
    attempt: str
    refused: bool
    feedback_withheld: int
    feedback_total: int


def _refused(proposal: str, attempt: str) -> bool:
    return not proposal or not set(words(proposal)) <= set(words(attempt))


def play_good_tutor(voices: Voices) -> list[Attempted]:
    """Every genuine attempt through the good-tutor model: feedback, then "yes"."""
    genuine = [
        (t.language, t.topic, t.step, t.attempt, list(t.feedback))
        for t in voices.turns
        if t.quality == "good"
    ] + [
        (m.language, m.topic, m.step, m.message, good_tutor_feedback(m))
        for m in voices.messages
        if m.kind == "attempt"
    ]
    out: list[Attempted] = []
    for language, topic, step, attempt, feedback in genuine:
        inputs = inputs_for(voices, language, topic, step, attempt, [])
        reply = " ".join(text for field, text in feedback if field == "a")
        question = " ".join(text for field, text in feedback if field == "q") or None
        raw = _answer(step, reply, confidence=0.5, nextQuestion=question)
        first = shown(raw, inputs)
        missing = sum(not _contains(first.text, text) for _, text in feedback)
        yes = inputs_for(voices, language, topic, step, YES[language], [attempt])
        rationale = {"en": "Your own words.", "es": "Tus propias palabras."}[language]
        text = {"en": "Here is your text as you wrote it.", "es": "Aquí está tu texto."}[language]
        proposal = {"field": step, "value": attempt, "rationale": rationale}
        raw = _answer(step, text, proposedUpdate=proposal, confidence=0.9, shouldAdvance=True)
        second = shown(raw, yes)
        out.append(
            Attempted(
                language, step, attempt, _refused(second.proposal, attempt), missing, len(feedback)
            )
        )
    return out


# -- the offline tutor on student messages ---------------------------------------------------


@dataclass(frozen=True)
class Offline:
    message: Message
    failures: tuple[str, ...]


def play_offline(
    voices: Voices, tutor: Callable[[dict[str, Any]], str] = offline_turn
) -> list[Offline]:
    out: list[Offline] = []
    for m in voices.messages:
        earlier = list(m.earlier)
        first_inputs = inputs_for(voices, m.language, m.topic, m.step, m.message, earlier)
        first = shown(json.loads(tutor(first_inputs)), first_inputs)
        second_inputs = inputs_for(
            voices, m.language, m.topic, m.step, YES[m.language], [*earlier, m.message]
        )
        second = shown(json.loads(tutor(second_inputs)), second_inputs)
        saved = first.proposal or second.proposal
        failures: list[str] = []
        praise = PRAISE[m.language][m.step]
        if m.kind == "attempt" and _refused(second.proposal or first.proposal, m.message):
            failures.append("refused")
        if (
            m.kind in ("request", "help_own")
            and saved
            and not (m.kind == "help_own" and set(words(saved)) <= set(words(" ".join(m.earlier))))
        ):
            failures.append("saved as a part")
        if m.kind == "help_own":
            if classify(m.message, topic=voices.topics[m.topic][m.language]).kind == "help":
                failures.append("flagged as pressure")
            # Judged: the part asked about praised ("is my claim ok?" on the warrant step), or
            # a problem named.
            asked = PRAISE[m.language][own_part_asked(m.message, m.step)]
            judged = [praise, asked, *PROBLEMS[m.language].values()]
            if not any(sentence.split(":")[0] in first.reply for sentence in judged):
                failures.append("not answered")
        if m.kind == "weak":
            if praise in first.reply:
                failures.append("praised")
            if PROBLEMS[m.language].get(m.expect, "\0") not in first.reply:
                failures.append("no specific next step")
        if m.kind == "filler" and words(saved) != words(m.expect):
            failures.append("filler saved" if saved else "refused")
        if m.kind == "request" and _no_facts(m.message) and not _WHERE.search(first.reply):
            failures.append("no where to look")
        out.append(Offline(m, tuple(failures)))
    return out


def _no_facts(message: str) -> bool:
    return bool(
        re.search(
            r"\b(facts?|datos?|data|stats|statistics|experts?|expertos?|estudios?|study)\b",
            message,
            re.I,
        )
    )


# -- a cooperative student -----------------------------------------------------------------

# A new user's session: a weak first try on some steps, then their better version.
COOPERATIVE: dict[str, dict[str, list[str]]] = {
    "en": {
        "claim": ["homework is bad", "Primary schools should stop setting daily homework"],
        "grounds": [
            "I think kids hate it",
            "A 2021 review of 60 studies found almost no link between homework and marks "
            "before age eleven",
        ],
        "warrant": [
            "If a task takes family time without improving learning, it is not worth setting"
        ],
        "groundsBacking": [
            "I found it online",
            "The review was written by Harris Cooper at Duke University",
        ],
        "warrantBacking": [
            "The Education Endowment Foundation rates primary homework as low impact"
        ],
        "qualifier": ["In most cases"],
        "rebuttal": ["Unless the homework is reading for pleasure"],
    },
    "es": {
        "claim": [
            "los deberes son malos",
            "Los colegios de primaria deberían dejar de poner deberes diarios",
        ],
        "grounds": [
            "Yo creo que cansan",
            "Una revisión de 60 estudios de 2021 no encontró casi relación entre deberes y "
            "notas antes de los once años",
        ],
        "warrant": [
            "Si una tarea quita tiempo a la familia sin mejorar el aprendizaje, no merece la pena"
        ],
        "groundsBacking": [
            "lo leí en internet",
            "La revisión la escribió Harris Cooper en la Universidad de Duke",
        ],
        "warrantBacking": [
            "La Fundación Education Endowment califica los deberes en primaria como de bajo impacto"
        ],
        "qualifier": ["En la mayoría de los casos"],
        "rebuttal": ["A menos que los deberes sean leer por gusto"],
    },
}


@dataclass(frozen=True)
class Session:
    language: str
    messages: int
    confirms: int
    finished: bool
    weak_met: int  # weak tries answered with a specific next step (no praise)
    weak: int


def cooperative_session(
    language: str, tutor: Callable[[dict[str, Any]], str] = offline_turn
) -> Session:
    """The student writes their attempt; says "yes" when the tutor asks them to; confirms a
    proposal; answers a named problem with their better version."""
    topic = {"en": "Homework in primary school", "es": "Los deberes en primaria"}[language]
    draft = {step: "" for step in STEPS}
    messages = confirms = weak_met = weak = 0
    for step in STEPS:
        tries = list(COOPERATIVE[language][step])
        earlier: list[str] = []
        saved = False
        for _ in range(6):
            message = tries.pop(0) if tries else YES[language]
            inputs = {
                "step": step,
                "language": language,
                "topic": topic,
                "draft": dict(draft),
                "draft_value": "",
                "draft_is_latest": False,
                "draft_version": 1,
                "user_message": message,
                "is_first_turn": not earlier,
                "step_messages": list(earlier),
                "history": [],
                "help_level": "full",
            }
            seen = shown(json.loads(tutor(inputs)), inputs)
            messages += 1
            if tries and message != YES[language]:  # a weak first try
                weak += 1
                weak_met += PRAISE[language][step] not in seen.reply
            earlier.append(message)
            if seen.proposal:
                confirms += 1
                draft[step] = seen.proposal
                saved = True
                break
        if not saved:
            return Session(language, messages, confirms, False, weak_met, weak)
    return Session(language, messages, confirms, True, weak_met, weak)


# -- figures -------------------------------------------------------------------------------


def share(hits: int, total: int) -> str:
    return f"{hits}/{total} ({100 * hits / total:.0f}%)" if total else "0/0"


def sentence_figures(outcomes: list[SentenceOutcome]) -> dict[str, str]:
    rows: dict[str, str] = {}
    good = [o for o in outcomes if o.good]
    parts = [o for o in outcomes if not o.good]
    rows["good-tutor sentences withheld"] = share(sum(not o.reached for o in good), len(good))
    rows["part sentences that reached the student"] = share(
        sum(o.reached for o in parts), len(parts)
    )
    for field, name in FIELDS.items():
        mine = [o for o in parts if o.field == field]
        if mine:
            rows[f"  ... in {name}"] = share(sum(o.reached for o in mine), len(mine))
    return rows


def by_step(
    outcomes: list[Any],
    key: Callable[[Any], tuple[str, str]],
    hit: Callable[[Any], int],
    total: Callable[[Any], int],
) -> dict[str, str]:
    rows: dict[str, str] = {}
    for language in ("en", "es"):
        for step in STEPS:
            mine = [o for o in outcomes if key(o) == (language, step)]
            if mine:
                rows[f"{language} {step}"] = share(sum(map(hit, mine)), sum(map(total, mine)))
    return rows


def good_tutor_figures(played: list[Attempted]) -> dict[str, str]:
    return {
        "feedback sentences withheld": share(
            sum(p.feedback_withheld for p in played), sum(p.feedback_total for p in played)
        ),
        "genuine attempts refused": share(sum(p.refused for p in played), len(played)),
    }


def offline_figures(played: list[Offline]) -> dict[str, str]:
    def count(kind: str, failure: str) -> str:
        mine = [p for p in played if p.message.kind == kind]
        return share(sum(failure in p.failures for p in mine), len(mine))

    return {
        "genuine attempts refused": count("attempt", "refused"),
        "requests saved as a part": count("request", "saved as a part"),
        "'no facts' without where to look": share(
            sum("no where to look" in p.failures for p in played),
            sum(p.message.kind == "request" and _no_facts(p.message.message) for p in played),
        ),
        "feedback requests flagged as pressure": count("help_own", "flagged as pressure"),
        "feedback requests not answered": count("help_own", "not answered"),
        "feedback requests saved as a part": count("help_own", "saved as a part"),
        "weak attempts praised": count("weak", "praised"),
        "weak attempts without their next step": count("weak", "no specific next step"),
        "fillers saved into the part": count("filler", "filler saved"),
        "filler-led attempts refused": count("filler", "refused"),
    }
