"""The meaning check: the sentence encoder's second opinion on a tutor sentence.

The authorship rules (``coach.domain.authorship``) withhold a plain statement that carries
words the student did not write on their subject. A good tutor's feedback often does ("You
might mention whether everyone in the year could vote"), so the rules alone silence it. For a
language whose pack has examples (English: the encoder was trained on English text), the
sentence is compared by meaning with the pack's examples of a good tutor's sentences (its own
questions, explanations and feedback) and of sentences that state a part (its example
arguments' parts and tutor sentences that write the part): when all five of its nearest
examples are feedback, it reads as feedback (the strictest vote the guard's tuning sets
allowed in its fourth round; docs/coach.md). Other languages stay on the rules alone, and so
does every language when the encoder's files are missing.

It only releases, and only a plain statement the rules would withhold (or what follows a
colon after a clause, "A claim takes a side: ..."): a suggestion frame ("what if you argued
..."), a quotation or a colon that offers text is judged by the rules alone. (Withholding
yes/no questions whose nearest examples state a part was tried: on the fresh frozen set it
caught no leading question and withheld one more good one.)
"""

from __future__ import annotations

import functools
import threading
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from coach.domain import languages
from coach.domain.languages.base import LanguagePack

if TYPE_CHECKING:
    import numpy as np
    from numpy.typing import NDArray

NEIGHBOURS = 5  # nearest examples ...
FEEDBACK_VOTES = 5  # ... of which at least this many must be a good tutor's
MIN_SIMILARITY = 0.35  # the nearest example must be at least this close (cosine)

Encode = Callable[[Sequence[str]], "NDArray[np.float32]"]


class MeaningJudge:
    """Nearest examples, by the encoder's cosine similarity, of one language's pack."""

    def __init__(self, encode: Encode, feedback: Sequence[str], parts: Sequence[str]) -> None:
        import numpy as np

        self._encode = encode
        self._bank = encode([*feedback, *parts])
        self._is_feedback = np.array([True] * len(feedback) + [False] * len(parts))

    def reads_as_feedback(self, sentence: str) -> bool:
        """Whether nearly all the examples nearest ``sentence`` in meaning are a good tutor's."""
        import numpy as np

        vector = self._encode([sentence])[0]
        similarity = self._bank @ vector
        nearest = np.argsort(-similarity)[:NEIGHBOURS]
        votes = int(self._is_feedback[nearest].sum())
        return bool(similarity[nearest[0]] >= MIN_SIMILARITY and votes >= FEEDBACK_VOTES)


def _examples(pack: LanguagePack) -> tuple[list[str], list[str]]:
    """(feedback, parts): the pack's examples, its own questions and explanations as feedback,
    and the parts of its example arguments as parts."""
    feedback = [
        *pack.feedback_examples,
        *pack.guiding_questions.values(),
        *pack.explanations.values(),
        *pack.praise.values(),
    ]
    parts = [
        *pack.part_examples,
        *(text for example in pack.examples for key, text in example.items() if key != "topic"),
    ]
    return feedback, parts


_lock = threading.Lock()


@functools.cache
def _judge(code: str) -> MeaningJudge | None:
    pack = languages.pack_for(code)
    if pack.code != code or not pack.feedback_examples:
        return None
    try:
        from toulmini_site.text.encoder import EncoderRefused, default_encoder
    except ImportError:  # numpy or the tokenizer is not installed
        return None
    try:
        encoder = default_encoder()
        feedback, parts = _examples(pack)
        return MeaningJudge(encoder.encode, feedback, parts)
    except EncoderRefused:
        return None


def judge_for(code: str) -> MeaningJudge | None:
    """The meaning check for language ``code``, or None when its pack has no examples or the
    encoder's files are missing (the rules then decide alone)."""
    with _lock:
        return _judge(code)


__all__ = ["FEEDBACK_VOTES", "MIN_SIMILARITY", "NEIGHBOURS", "MeaningJudge", "judge_for"]
