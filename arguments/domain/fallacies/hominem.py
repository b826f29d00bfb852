"""Three shapes of an ad hominem that need no insult and no named holder of a view.

- *Tu quoque*: advice or a reproach is answered with the adviser's own conduct ("You're
  telling me to quit? You smoked a pack a day yourself."). Not when the speaker owns their
  fault ("you were late too, but that doesn't excuse me; I'm sorry") or gives the conduct as
  the reason for the advice ("that is why he now warns everyone").
- *The sneer at the speaker*: "Says the guy who failed maths", "rich coming from someone
  who ...", "economic policy from a college dropout": the reply is a description of who
  speaks, with a failing or a sneer. Not when the description is praise ("coming from someone
  who has run the food bank for ten years, her advice is worth hearing").
- *The speaker's lack of experience*: "Peters has never even been on a skateboard, so why
  should anyone listen to him?", "she has never once eaten there, so her opinion is
  worthless": a gap in the speaker's life, then the view set aside for it. Not a record that is
  the subject ("the coach has never lost at home") nor experience offered as a reason to hear
  someone out.
- *The circumstantial attack, or poisoning the well*: the view is put down to its holder's
  position ("of course a landlord would say rents must rise", "what else would he say?", "she
  is paid to say it"), and set aside for that. Not when the interest is a reason to check the
  evidence ("he has an interest in that, so let's look at the costs he cites").

Each reader gives a score (a finding from 2.0, as for every rule) and the words it points at.
The rule family (``relevance.ad_hominem``) says whether the text also sets the view aside.
"""

from __future__ import annotations

import re

from toulmini_site.text.keywords import keywords as _words

# -- tu quoque ----------------------------------------------------------------------------

# Someone tells the speaker (or us) what to do, or reproaches them; preaching in general
# ("they preach about this and that") is a charge, not advice being answered.
_REPROACH = re.compile(
    r"\b(?:telling|tell|tells|told) (?:me|us|them|people|everyone|others|him|her) (?:not )?"
    r"(?:to|how)\b|"
    r"\blectur\w* (?:\w+ )?(?:about|on)\b|"
    r"\b(?:says?|said|tells?|thinks?) (?:i|we|me|us) (?:\w+ )?(?:should|must|spend|need|have "
    r"to|ought|waste|am|are)\b|"
    r"\b(?:now|and) (?:you|he|she|they) wants? (?:\w+ ){0,3}to\b|"
    r"\bwants? (?:us|me|everyone|people) to\b|"
    r"\bwarns? (?:\w+ ){0,2}(?:about|against|not to)\b"
)
# Their own conduct: a reflexive that is not the object of the advice ("be kind to
# themselves"), or the stock words of the charge of hypocrisy.
_OWN_CONDUCT = re.compile(
    r"(?<!\bto )(?<!\bfor )(?<!\bof )(?<!\bby )(?<!\babout )"
    r"\b(?:yourself|himself|herself|themselves|yourselves)\b|"
    r"\b(?:you|he|she|they) (?:do|does|did) (?:it|that|the same)(?: \w+)? (?:too|as well)\b|"
    r"\bhypocri\w+|\bpracti[cs]e what (?:you|he|she|they) preach\b"
)
# "..., yet she took a private jet": the answer turns from the advice to the adviser.
_TURN = re.compile(r"\b(?:but|yet|while) (?:he|she|they|you)(?:'s|'re| is| are| was| were)?\b")
# The speaker owns the fault, or gives the conduct as the reason for the advice.
_OWNED = re.compile(
    r"\b(?:sorry|apologi[sz]e|apology|my fault|forgive me)\b|"
    r"\b(?:doesn't|does not|don't|do not) excuse\b|\bi should(?: not)? have\b|"
    r"\b(?:that|this)(?: is|'s) (?:exactly |precisely |just )?why\b"
)

# -- the sneer at the speaker -------------------------------------------------------------

# A reply that is a description of the speaker: "says the guy who ..." opening a sentence (or
# after "lol", "ok"), "coming from someone who ...", "advice on X from a ...".
_SAYS_THE = re.compile(
    r"(?:^|[.!?;:,] |\b(?:lol|lmao|ok|okay|oh|yeah|right|sure)\b,? )says (?:the|a|an|someone|"
    r"somebody|you|him|her)\b(?: [\w']+){0,3} (?:who|that|with)\b"
)
_ONE_TO_TALK = re.compile(
    r"\b(?:you're|you are|he's|she's|they're) (?:a fine )?one to talk\b|"
    r"\blook who's talking\b(?= about\b| ?[,:;-] ?(?:the|a|an|someone|you)\b)"
)
_FROM_SPEAKER = re.compile(
    r"\bcoming from (?:someone|somebody|a|an|the|him|her|you|them)\b|"
    r"\b(?:advice|lectures?|takes?|opinions?|views?|policy|policies|tips|sermons?|lessons?|"
    r"thoughts)\b(?: [\w']+){0,3} from (?:a|an|someone|somebody|the guy|the man|the woman|"
    r"him|her|you|this guy|that guy)\b"
)
# What turns the description into a sneer: mock praise, a failing, or a door shut on them.
_SNEER = re.compile(
    r"\b(?:rich|funny|hilarious|interesting|priceless|great|lol|lmao|next)\b|"
    r"\b(?:failed|never|can't even|cannot even|dropout|no (?:job|degree|experience|idea))\b|"
    r"\b(?:not|never) (?:taking|take|listening|listen)\b"
)
_PRAISE = _words(
    r"worth (?:hearing|listening to|reading|considering|a look)",
    r"knows? (?:what|how)",
    r"(?:has|have) (?:run|worked|led|taught|spent)",
    r"years of",
)

# -- the circumstantial attack, poisoning the well ------------------------------------------

# The view put down to the holder's position: "of course a landlord would say ...",
# "naturally the spokesman claims ...", "what else would he say", "she is paid to say".
_POSITION = re.compile(
    r"\b(?:of course|naturally|obviously|unsurprisingly|well,) (?:a|an|the|any|every|that|this"
    r"|he|she|they)\b(?: [\w']+){0,4}? (?:would|will|'d) (?:\w+ )?(?:say|want|think|claim|"
    r"argue|oppose|support|defend|tell)\b|"
    r"\b(?:naturally|of course|unsurprisingly) (?:a|an|the|any)\b(?: [\w']+){0,4}? (?:says|"
    r"claims|wants|thinks|argues|opposes|supports|defends)\b|"
    r"\bwhat else would (?:he|she|they|you|it|a \w+|an \w+|the \w+) (?:say|think|claim|want|"
    r"argue)\b|"
    r"\b(?:is|are|gets?|get|being) paid (?:to|for) (?:say|defend|claim|argue|think|tell)\w*\b"
)
# The question that answers itself: "..., wouldn't she?", "what else would he say?".
_TAG = re.compile(
    r", (?:wouldn't|won't|doesn't|didn't|isn't|aren't) (?:he|she|they|it)\?|"
    r"\bwhat else would\b|\bnothing (?:he|she|they) (?:says?|tells?|claims?)\b"
)
# The interest pointed out as a reason to look at the evidence, not to set the view aside.
_CHECK = re.compile(
    r"\b(?:let's|let us|we should|we must|before we) (?:\w+ )?(?:look|check|see|verify|"
    r"examine|rely|agree|test)\b|\bindependent\w*\b|\boutside (?:firm|experts?|review)\b"
)


def tu_quoque(text: str, *, set_aside: bool) -> tuple[float, str] | None:
    """Advice answered with the adviser's own conduct: its score and the words, or None."""
    reproach = _REPROACH.search(text)
    own = _OWN_CONDUCT.search(text)
    turn = _TURN.search(text)
    if reproach is None or _OWNED.search(text) or (own is None and turn is None):
        return None
    # A turn to the adviser alone ("she tells us to recycle, but she also ...") is no
    # rebuttal unless the advice is then set aside.
    score = 1.0 + 1.2 * bool(own) + (0.6 * bool(turn) + 0.8) * set_aside
    words = own or turn
    return (score, words.group(0)) if words else None


def sneer(text: str, *, set_aside: bool) -> tuple[float, str] | None:
    """A reply that describes the speaker with a sneer: its score and the words, or None."""
    if _PRAISE.search(text):
        return None
    frame = _SAYS_THE.search(text) or _ONE_TO_TALK.search(text)
    if frame is not None:  # these phrases are a sneer by themselves
        return 2.0 + 0.5 * set_aside, frame.group(0).lstrip(".!?;:, ")
    frame = _FROM_SPEAKER.search(text)
    if frame is None:
        return None
    score = 1.2 + 1.0 * bool(_SNEER.search(text)) + 0.5 * set_aside
    return score, frame.group(0)


def circumstance(text: str, *, set_aside: bool) -> tuple[float, str] | None:
    """A view put down to its holder's position and set aside: its score and the words."""
    position = _POSITION.search(text)
    if position is None or _CHECK.search(text):
        return None
    score = 1.5 + 0.75 * (set_aside or _TAG.search(text) is not None)
    return score, position.group(0)


# -- the speaker's lack of experience ----------------------------------------------------------

_NEVER_DONE = re.compile(
    r"\b(?:has|have|had)(?:\s+\w+)?\s+never\s+(?:even\s+|once\s+|actually\s+|really\s+)?"
    r"(?:had to\s+)?[a-z]+(?:\s+(?:a|an|the|on|in|to|foot|one|any))?|"
    r"\b(?:has|have)(?:n't|\s+not)\s+(?:even|once)\s+[a-z]+|\bnever (?:even|once) [a-z]+"
    r"|\b(?:has|have)(?:n't|\s+not)\s+(?:\w+\s+)?(?:in|for) (?:years|decades|(?:his|her|"
    r"their) life)",
    re.IGNORECASE,
)
# ... and so the view is set aside: "why should anyone listen to him", "who is he to lecture
# us", "her opinion is worthless".
_NOT_HEARD = re.compile(
    r"\bwhy (?:should|would) (?:anyone|anybody|we|i|you|people|the \w+) (?:\w+ )?(?:listen|"
    r"care|trust|believe|take|heed|bother)\b|"
    r"\bwho is (?:he|she|they|this \w+|that \w+) to\b|\bwho are they to\b|"
    r"\b(?:his|her|their|your) (?:opinion|view|word|advice|say|verdict)s? (?:is|are|means?|"
    r"counts?) (?:worthless|nothing|for nothing|irrelevant|meaningless)\b|"
    r"\bso (?:ignore|forget|never mind) (?:him|her|them)\b",
    re.IGNORECASE,
)


def inexperience(text: str, *, set_aside: bool) -> tuple[float, str] | None:
    """A view set aside because its holder has never done something: score and words."""
    gap = _NEVER_DONE.search(text)
    if gap is None or _PRAISE.search(text):
        return None
    heard = _NOT_HEARD.search(text)
    if heard is None and not set_aside:
        return None
    return 2.0 + 0.4 * bool(heard) + 0.2 * set_aside, gap.group(0)


def discounted(text: str) -> bool:
    """Whether a claim in ``text`` is put down to its holder's position ("naturally the
    spokesman claims ..."): the author discounts that source rather than leaning on it."""
    return _POSITION.search(text) is not None
