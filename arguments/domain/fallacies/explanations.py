"""What the offline checker says about a finding: one template per kind of explanation.

A rule (or the learned model) names its explanation by a stable key and fills the template's
``%(name)s`` parameters with the words it quotes from the text; ``Explanation.text`` is the
English sentence every answer carries. The templates are English msgids: the web layer
renders the same key and parameters through gettext (``arguments.vocabulary``), so a page in
Spanish reads the explanation in Spanish with the quoted words as they were found. The
parameter ``fallacy`` holds a taxonomy id and is shown as that type's label, in lower case.

``read_explanation`` finds the key and parameters again in an English explanation that was
stored as text only (a council critique saves its points' sentences, not the findings).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from arguments.domain.fallacies.taxonomy import TAXONOMY

EXPLANATIONS: dict[str, str] = {
    # relevance
    "ad_hominem": (
        "It attacks the person's character or life instead of answering what they argue."
    ),
    "ad_populum": (
        'It treats "%(popular)s" believing or doing something as proof that it is true or good.'
    ),
    "ad_hominem.holder": (
        '"%(words)s" answers the person who holds the view (what they want, or their own life) '
        "instead of what they argue."
    ),
    "ad_hominem.tu_quoque": (
        '"%(words)s" answers the advice with the conduct of the one who gives it; what they do '
        "does not make the advice wrong."
    ),
    "ad_hominem.speaker": (
        '"%(words)s" sneers at who is speaking instead of answering what they say.'
    ),
    "ad_hominem.circumstance": (
        '"%(words)s" puts the view down to the position or interest of the one who holds it '
        "instead of showing it wrong."
    ),
    "appeal_to_emotion": (
        "It moves the reader with pity, fear or guilt instead of giving a reason."
    ),
    "false_authority.unnamed": (
        '"%(source)s" names no expert, so the claim cannot be checked against anyone\'s work.'
    ),
    "false_authority.non_expert": 'It leans on "%(who)s", who is no authority on this question.',
    "straw_man": (
        "It answers an exaggerated version of what the other side said, not what they said."
    ),
    "red_herring": "It changes the subject instead of answering the point that was raised.",
    # presumption and ambiguity
    "circular_reasoning": "The reason it gives already assumes what it sets out to prove.",
    "circular_reasoning.mutual": (
        "Each reason is supported only by the claim it is meant to prove."
    ),
    "equivocation": (
        'The word "%(word)s" is used in two different senses, so the conclusion does not follow.'
    ),
    "false_dilemma": "It offers two options as if they were the only ones; others exist.",
    "false_dilemma.only_way": '"%(words)s" presents one course as if nothing else could do.',
    "false_dilemma.condition": (
        '"%(words)s" makes one condition decide everything, as if its only alternative were '
        "the extreme one."
    ),
    "false_dilemma.two_kinds": (
        '"%(words)s" sorts people into two kinds as if there were no others.'
    ),
    "false_dilemma.frame": (
        '"%(words)s" offers two options as if they were the only ones; others exist.'
    ),
    "intentional.loaded_question": (
        "It is a loaded question: any direct answer admits something that was never shown."
    ),
    "intentional.moving_goalposts": (
        "It moves the goalposts: once the evidence asked for is given, it asks for more."
    ),
    # weak induction
    "false_cause": (
        "It concludes that one thing caused another only because it came first or went "
        "along with it; no mechanism or test rules out other causes."
    ),
    "false_cause.single_cause": (
        '"%(words)s" gives one cause for an outcome that has many; nothing rules out the others.'
    ),
    "hasty_generalization.few_cases": (
        'It draws a conclusion about a whole group from "%(cases)s": too few cases to show it.'
    ),
    "hasty_generalization.no_evidence": (
        '"%(claim)s" claims something about every case, with no evidence given for it.'
    ),
    "slippery_slope": (
        "It claims one step will lead, step after step, to disaster without showing why "
        "each step must follow."
    ),
    # deduction
    "deductive_error.affirming_consequent": (
        "It affirms the consequent: the result happening does not show that this condition "
        "caused it; something else could have."
    ),
    "deductive_error.denying_antecedent": (
        "It denies the antecedent: the condition failing does not show the result fails too; "
        "it could come about another way."
    ),
    "deductive_error.two_particular": (
        "Both premises are particular ('some'), so no conclusion about the two groups follows."
    ),
    "deductive_error.two_negative": (
        "Both premises are negative ('no'), so no conclusion about the two groups follows."
    ),
    "deductive_error.undistributed_middle": (
        "Two things sharing a property does not make one the other (undistributed middle)."
    ),
    # the learned model: the words that weigh most toward the type it reads
    "learned.word": (
        "Read as %(fallacy)s by the model learned from arguments labelled by people. "
        "The word %(words)s weighs most toward it."
    ),
    "learned.words": (
        "Read as %(fallacy)s by the model learned from arguments labelled by people. "
        "The words %(words)s weigh most toward it."
    ),
}

_PARAMETER = re.compile(r"%\((\w+)\)s")


def parameters(key: str) -> set[str]:
    """The names of the parameters the template of ``key`` fills."""
    return set(_PARAMETER.findall(EXPLANATIONS[key]))


def wording(key: str, params: Mapping[str, str], translate: Callable[[str], str]) -> str:
    """The explanation ``key`` with ``params`` filled in, its template and the label of a
    ``fallacy`` parameter passed through ``translate`` (the identity gives the English)."""
    values = dict(params)
    if "fallacy" in values:
        values["fallacy"] = translate(TAXONOMY[values["fallacy"]].label).lower()
    return translate(EXPLANATIONS[key]) % values


@dataclass(frozen=True)
class Explanation:
    """A kind of explanation (a key of ``EXPLANATIONS``) and the words that fill it."""

    key: str
    params: Mapping[str, str] = field(default_factory=dict)

    @property
    def text(self) -> str:
        """The explanation in English."""
        return wording(self.key, self.params, lambda message: message)


def explain(key: str, **params: str) -> Explanation:
    """The explanation ``key`` filled with ``params``; ``ValueError`` for an unknown key or
    parameters other than the template's (a rule's mistake, caught by the tests that run it)."""
    if key not in EXPLANATIONS:
        raise ValueError(f"no explanation {key!r}")
    if set(params) != parameters(key):
        raise ValueError(f"explanation {key!r} takes {sorted(parameters(key))}")
    if "fallacy" in params and params["fallacy"] not in TAXONOMY:
        raise ValueError(f"no fallacy {params['fallacy']!r}")
    return Explanation(key, params)


def _reader(key: str) -> re.Pattern[str]:
    template = EXPLANATIONS[key]
    pattern, last = "", 0
    for match in _PARAMETER.finditer(template):
        pattern += re.escape(template[last : match.start()]) + f"(?P<{match[1]}>.+?)"
        last = match.end()
    return re.compile(pattern + re.escape(template[last:]), re.DOTALL)


_READERS = {key: _reader(key) for key in EXPLANATIONS}
_LABELS = {f.label.lower(): f.id for f in TAXONOMY.values()}


def read_explanation(text: str) -> Explanation | None:
    """The key and parameters of an English explanation written by ``Explanation.text``, or
    None for any other text (a language model's own words)."""
    for key, reader in _READERS.items():
        match = reader.fullmatch(text)
        if match is None:
            continue
        params = match.groupdict()
        if "fallacy" in params:
            if params["fallacy"] not in _LABELS:
                continue
            params["fallacy"] = _LABELS[params["fallacy"]]
        return Explanation(key, params)
    return None
