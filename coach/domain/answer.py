"""The server's one path for a tutor answer, from the model's first chunk to the result saved.

``serve`` reads the answer as it streams and releases the tutor's words one complete sentence
at a time, each only after the structural check (``coach.domain.authorship``) has passed it:
nothing the check would withhold ever reaches the screen, so nothing flashes and disappears.
When the stream ends, the whole answer is parsed, put through the contract's rules
(``coach.domain.guards``), checked again whole (the follow-up question too), and its proposal
must be the student's own text. A sentence that writes a part for the student is withheld,
and only that sentence: the sentences around it that pass are still released, the follow-up
question too when it passes (else a guiding question takes its place), a short note says
something was held back, the proposal goes and the turn is marked ``withheld``. Offline or
model, streamed or not, every answer takes this path.

Events (``coach.domain.events``): ``partial`` for each released piece, then ``judged`` (the
result, its proposal status, whether it was withheld) or ``invalid`` (no readable answer).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any, Literal, get_args

from pydantic import ValidationError

from coach.domain import events, languages
from coach.domain.authorship import Authorship, authorship_for, examples_in, sentences
from coach.domain.explanations import next_move
from coach.domain.guards import CoachAIResult, asks, enforce_turn, failure_code
from coach.domain.stream import StreamedText, parse_answer
from coach.domain.turn import TurnInput, read_turn
from coach.domain.tutor import PHRASES
from toulmini_site.text.sentences import Completion
from toulmini_site.text.sentences import sentences as split_sentences

HelpLevel = Literal["questions", "examples", "full"]
HELP_LEVELS: tuple[str, ...] = get_args(HelpLevel)
DEFAULT_HELP_LEVEL: HelpLevel = "full"


# A sentence about a proposal as done: "Great, I've put it in your draft", "Here is your
# claim", "Saved:", "Lo he puesto en tu borrador", "Aquí está tu tesis". It is held back
# while the answer streams and shown only if the proposal survives the checks.
_PROPOSAL_TALK = re.compile(languages.alternatives("proposal_talk_patterns"), re.I)
# The student's words quoted back say nothing of a proposal: "You wrote “i wrote it down”".
_QUOTATION = re.compile(r"“[^“”]*”|«[^«»]*»|\"[^\"]*\"")


# A sentence that points back at the one before it ("Wouldn't that be your exception?"): after
# a withheld sentence, it would point at what the student was not shown, so it goes too.
_REFERS_BACK = re.compile("|".join(languages.every_keyed("guard_frames", "refers_back")), re.I)


def _refers_back(sentence: str) -> bool:
    return bool(_REFERS_BACK.search(_QUOTATION.sub(" ", sentence)))


def talks_of_proposal(sentence: str) -> bool:
    """Whether ``sentence`` speaks of a proposal as made ("I've put it in your draft"), in the
    tutor's words (not inside a quotation)."""
    return bool(_PROPOSAL_TALK.search(_QUOTATION.sub(" ", sentence)))


def _without_proposal_talk(
    result: CoachAIResult, step: str, language: str, topic: str, card: str = ""
) -> CoachAIResult:
    """``result`` without its sentences about a proposal that is no longer there."""
    kept = [s for s in sentences(result.assistantText) if not talks_of_proposal(s)]
    if len(kept) == len(sentences(result.assistantText)):
        return result
    text = " ".join(kept).strip() or next_move(step, language, topic, card=card)
    return result.model_copy(update={"assistantText": text})


def withheld_text(
    *,
    released: str,
    step: str,
    language: str,
    topic: str,
    card: str = "",
    question: str | None = None,
) -> str:
    """What the student reads of an answer with a sentence withheld: the sentences that passed,
    the note, and the answer's follow-up ``question`` when it passed, else the next move
    (``next_move``: the ``card``'s while one shows, else a guiding question on their own
    argument)."""
    lang = languages.pack_for(language).code
    note = PHRASES[lang]["withheld"]
    question = (question or "").strip() or next_move(step, lang, topic, card=card)
    return "\n\n".join(part for part in (released.strip(), note, question) if part)


def serve(chunks: Iterable[str], inputs: Mapping[str, Any] | TurnInput) -> Iterator[dict[str, Any]]:
    """The events of one tutor answer (see the module's docstring). The turn is read once
    (``read_turn``, or the ``TurnInput`` given) and every check of the answer reads it."""
    reader = AnswerReader(inputs)
    for chunk in chunks:
        yield from reader.feed(chunk)
    yield from reader.end()


class AnswerReader:
    """``serve`` fed one chunk at a time, for a caller that receives the chunks itself (the
    async stream awaits each one): ``feed`` returns the events a chunk releases, ``end``
    the last ones once the stream is over."""

    def __init__(self, inputs: Mapping[str, Any] | TurnInput) -> None:
        self.turn = inputs if isinstance(inputs, TurnInput) else read_turn(inputs)
        self.authorship = authorship_for(self.turn)
        self.buffer: list[str] = []
        self.released = 0  # the text up to here has been read: released or withheld
        self.shown: list[str] = []  # what was released of it
        self.streamed = StreamedText()  # the assistantText so far, decoded once
        self.completion = Completion()  # where the complete sentences end, read once
        self.text = ""
        self.withheld = self.holding = False
        self.dropping = False  # the last sentence read was withheld

    def _withholds(self, sentence: str) -> bool:
        """Whether ``sentence``, the next one read, is withheld: it writes a part, or it points
        back at a sentence just withheld."""
        self.dropping = self.authorship.composes(sentence) or (
            self.dropping and _refers_back(sentence)
        )
        self.withheld = self.withheld or self.dropping
        return self.dropping

    def feed(self, chunk: str) -> list[dict[str, Any]]:
        self.buffer.append(chunk)
        if self.holding:
            return []
        text, closed = self.streamed.read("".join(self.buffer))
        self.text = text
        # Once the text has closed, its last sentence is complete too.
        ready = len(text) if closed else self.completion.advance(text)
        if ready == self.released:
            return []
        start, released = self.released, []
        for sentence, end in _sentence_ends(text[start:ready]):
            if not self.authorship.composes(sentence.text) and talks_of_proposal(sentence.text):
                # Words about a proposal wait for the proposal's verdict, at the end.
                self.holding = True
                released.append(text[self.released : start + sentence.start])
                self.released = start + sentence.start
                break
            if self._withholds(sentence.text):
                # Only this sentence is withheld: what passes before and after it is shown.
                released.append(text[self.released : start + sentence.start])
            else:
                released.append(text[self.released : start + end])
            self.released = start + end
        piece = "".join(released)
        if self.shown and self.shown[-1][-1:].isspace():
            piece = piece.lstrip()  # the white space after a withheld sentence is shown once
        if not piece:
            return []
        self.shown.append(piece)
        return [events.partial(piece)]

    def kept(self, question: str | None) -> tuple[str, str | None]:
        """What the student may read of an answer with a sentence withheld: what was released
        of the reply, then of what was still held at the end (words about a proposal and what
        followed them) the sentences that pass and do not speak of a proposal; and the
        sentences of the follow-up ``question`` that pass."""
        rest = [
            s
            for s in sentences(self.text[self.released :])
            if not self._withholds(s) and not talks_of_proposal(s)
        ]
        asked = [s for s in sentences(question or "") if not self._withholds(s)]
        reply = " ".join(["".join(self.shown).strip(), *rest]).strip()
        return reply, " ".join(asked) or None

    def end(self) -> list[dict[str, Any]]:
        raw = "".join(self.buffer)
        try:
            answer = parse_answer(raw)
        except ValueError:
            return [events.invalid(empty=not raw.strip())]
        try:
            result, status = enforce_turn(answer, self.turn)
        except ValidationError:
            return [events.invalid(error=failure_code(answer))]
        result, judged, withheld = _judge_whole(
            answer,
            result,
            status,
            self.turn,
            self.authorship,
            keep=self.kept,
            withheld=self.withheld,
        )
        return [events.judged(result=result, status=judged, withheld=withheld)]


def _judge_whole(
    answer: Any,
    result: CoachAIResult,
    status: str,
    turn: TurnInput,
    authorship: Authorship,
    *,
    keep: Callable[[str | None], tuple[str, str | None]],
    withheld: bool,
) -> tuple[CoachAIResult, str, bool]:
    """The whole answer's check: its text as the model wrote it and as the contract left it,
    its proposal, and what the teacher's help level allows."""
    # Every field the student could see is judged like the reply: nextQuestion, the
    # proposal's rationale, any other text (the proposal's value is judged as theirs below).
    written = "\n".join(_shown_strings(answer))
    withheld = withheld or bool(authorship.composed(f"{written}\n{result.assistantText}"))
    proposal = result.proposedUpdate
    if proposal is not None and not authorship.is_theirs(proposal.value):
        result = _without_proposal(result)
        status = "stripped-not-students-text"
    level = turn.help_level
    proposal = result.proposedUpdate
    if proposal is not None and level != "full" and not authorship.is_verbatim(proposal.value):
        # Below full coaching the tutor does not reword: the student's text as they wrote it.
        result = _without_proposal(result)
        status = "stripped-not-students-text"
    if level == "questions" and examples_in(result.assistantText):
        kept = [s for s in sentences(result.assistantText) if s not in examples_in(s)]
        text = " ".join(kept).strip()
        update: dict[str, Any] = {"assistantText": text}
        # The contract asked "does it ask anything?" of the examples too: an answer to a
        # question whose only question was in one ends on the next move, as one left empty.
        if not text or (not turn.intent.may_propose and not asks(text)):
            move = next_move(turn.step, turn.language, turn.topic, card=turn.card)
            update = {"assistantText": f"{text}\n\n{move}".strip(), "nextQuestion": move}
        result = result.model_copy(update=update)
    if result.proposedUpdate is None:
        # A proposal removed takes the reply's words about it along.
        result = _without_proposal_talk(result, turn.step, turn.language, turn.topic, turn.card)
    if withheld:
        # The follow-up question's sentences that pass stay, when the contract kept it.
        asked = result.nextQuestion
        shown, question = keep(asked if asked and asked.strip() in result.assistantText else None)
        if level == "questions":
            shown = " ".join(s for s in sentences(shown) if not examples_in(s))
        result = _without_proposal(result).model_copy(
            update={
                "assistantText": withheld_text(
                    released=shown,
                    step=turn.step,
                    # The note speaks the session's language, whatever the message's.
                    language=turn.language,
                    topic=turn.topic,
                    card=turn.card,
                    question=question,
                ),
                "nextQuestion": question,
                "confidence": 0.0,
            }
        )
        # A proposal the contract kept goes with the withheld text; any other status stays.
        status = "withheld" if status == "kept" else status
    return result, status, withheld


def _sentence_ends(text: str) -> list[tuple[Any, int]]:
    """The sentences of ``text``, each with where the next one starts (the white space after
    it included)."""
    found = split_sentences(text)
    return [
        (sentence, found[i + 1].start if i + 1 < len(found) else len(text))
        for i, sentence in enumerate(found)
    ]


_NOT_SHOWN = frozenset({"step", "field", "nextStep", "value"})


def _shown_strings(value: object, key: str = "") -> list[str]:
    """Every string of a raw answer that could reach the student, whatever its key."""
    if isinstance(value, str):
        return [] if key in _NOT_SHOWN else [value]
    if isinstance(value, dict):
        return [s for k, item in value.items() for s in _shown_strings(item, str(k))]
    if isinstance(value, list | tuple):
        return [s for item in value for s in _shown_strings(item, key)]
    return []


def _without_proposal(result: CoachAIResult) -> CoachAIResult:
    return result.model_copy(
        update={
            "proposedUpdate": None,
            "shouldAdvance": False,
            "isComplete": False,
            "nextStep": None,
        }
    )


__all__ = [
    "DEFAULT_HELP_LEVEL",
    "HELP_LEVELS",
    "HelpLevel",
    "authorship_for",
    "serve",
    "withheld_text",
]
