"""English words of an offer (``coach.domain.offers``): what gives the student content to add,
use or put, read by function rather than phrase by phrase. A suggestion or a modal ("could",
"why not", "also", "worth") before a verb of adding or wording ("add", "mention", "make it",
"narrow it to", "throw in"), the same verb opening its clause ("Include that ...", "Adding that
... would ..."), a deictic offer ("for you: ...", "... would work as your claim"), a label of
adding ("A good addition: ...") and what a question names as a part ("..., isn't that a
rebuttal too?")."""

from __future__ import annotations

_PARTS = r"(?:claim|grounds|reason|warrant|rule|backing|source|qualifier|limit|rebuttal|exception)"

# A verb of adding or wording, with the words that take its object ("it to", "in").
_VERB = (
    r"(?:add(?:ing|ed)?|mention(?:ing|ed)?|includ(?:e|ing|ed)|say(?:ing)?|put(?:ting)?|"
    r"writ(?:e|ing)|stat(?:e|ing)|not(?:e|ing)|cit(?:e|ing)|us(?:e|ing)|quot(?:e|ing)|"
    r"nam(?:e|ing)|argu(?:e|ing)|claim(?:ing)?|suggest(?:ing)?|propos(?:e|ing)|"
    r"(?:point(?:ing)?|refer(?:ring)?) to|point(?:ing)? out|ask(?:ing)? for|go(?:ing)? with|"
    r"(?:throw|bring|slip|slot|drop|work|fold|squeeze|weave)(?:ing)? (?:(?:it|that|this) )?in|"
    r"tack(?:ing)? on|"
    # Wording their text: "make it", "narrow it (down) to", "swap it for", "end it with".
    r"mak(?:e|ing) (?:it|that|this|them)(?: into| say| read)?|"
    r"(?:narrow|cut|cutting|trim|limit|tighten|shorten|change|changing|turn|reword|rewrite|"
    r"rephrase|word|phrase|frame|swap|replace)(?:ed|d|ing)? "
    r"(?:it|that|this|them|yours|your \w+) (?:(?:down|back|up) )?(?:to|into|as|for|with|by)|"
    r"(?:end|start|open|close|finish|round)(?:ed|ing)? (?:(?:it|that|this|them|yours|"
    r"your \w+) )?(?:off )?with)"
)
# A suggestion or a modal a few words before the verb: "You might narrow it to", "Also
# mention", "Worth mentioning", "Don't forget to add", "Shall we put it as", "I'd slot in".
_CUE = (
    r"\b(?:could|might|may|can|should|would|shall|will|need|needs|want|wanna|'d|’d|id|"
    r"why not|how about|what about|try|trying|also|maybe|perhaps|worth|feel free|"
    r"don'?t forget|do not forget|remember|be sure|make sure|consider|go ahead|let'?s|"
    r"(?:thing|things|bit|line) to|i suggest|i recommend|i'?d suggest|"
    r"(?:thought|thinking) (?:of|about)|considered|"
    r"(?:better|stronger|clearer|sharper|safer) (?:if|to|with)|"
    # A preference: "I'd lean towards adding ...", "I'd go for quoting ...".
    r"lean(?:ing)? towards?|opt(?:ing)? for|go(?:ing)? for)\b"
)
OFFER_FRAMES = {
    "offer_verb": (r"\b" + _VERB + r"\b",),
    "offer_cue": (_CUE,),
    # The verb opening its clause, with no cue: an imperative ("Include that ...", "Swap it
    # for: ..."), a gerund or an infinitive as the subject ("Adding that ... would ...").
    "offer_opening": (
        r"^\W{0,4}(?:(?:and|also|so|then|just|please|now|maybe|perhaps|or)\s+)*(?:to\s+)?"
        + _VERB
        + r"\b",
    ),
    # A deictic offer: the content given for the student's case ("for you: ...", "in your
    # case, ... would work", "... would work as your claim"), a label of adding ("A good
    # addition: ...", "like this: ...").
    "offer_deictic": (
        r"\b(?:for you|in your case|for your " + _PARTS + r"|like this|like so|this way)\s*[:—–]",
        r"\b(?:addition|add-on|extra|to add|to include|to mention|to slip in|to throw in)\s*[:—–]",
        r"\b(?:in your case|for you)\b,?\s+(?:\w+\s+){0,2}?(?:would|could|might|will)\s+"
        r"(?:work|do|fit)\b",
        # A part named before its content: "A possible rebuttal is that ...", "Your claim could
        # be that ..." (the student's own words after it offer nothing; a definition, "A
        # rebuttal is a case where ...", has no "that").
        r"\b(?:a|an|one|another|your)\s+(?:possible\s+|good\s+)?" + _PARTS + r"\s+"
        r"(?:is|would be|could be|might be)\s+that\b",
    ),
    # The content comes before: "... would work as your claim?", "... is what I'd add here",
    # "..., isn't that a rebuttal too?" (a part named as what the words before it would be).
    "offer_after": (
        r"\b(?:work|do|fit|serve|count|go)s?\s+as\s+(?:your|a|an|the)\s+(?:\w+\s+)?"
        + _PARTS
        + r"s?\b",
        r"\b(?:is|would be|are)\s+what\s+(?:i|you|i'?d|id|you'?d)\b(?:\s+\w+){0,2}?\s+"
        r"(?:add|put|say|use|mention|include|go with|cite)\b",
    ),
    # In a question, a part named as what the words before it would be: "And students who live
    # far away, wouldn't that be a rebuttal too?".
    "offer_after_asked": (
        r"[,;—–]\s*(?:and\s+)?(?:wouldn'?t|would|isn'?t|is|couldn'?t|could|doesn'?t|does)"
        r"(?:\s+(?:that|this|it|they))?(?:\s+not)?\s+(?:be\s+|count as\s+|make\s+)?"
        r"(?:also\s+)?(?:a|an|another|one|your)\s+(?:other\s+|further\s+|second\s+)?"
        + _PARTS
        + r"s?\b",
    ),
    # A question that asks for the student's view ("Would you say it is certain or likely?"):
    # the verb asks, it does not offer.
    "offer_asking": (r"\b(?:would|do|did|does)\s+you\s+(?:\w+\s+)?say\b",),
    # Saying as the subject ("Saying that trips are good doesn't tell ..."): the student's
    # words talked about, not content offered.
    "offer_talked_about": (
        r"^\W{0,4}(?:saying|writing|stating|claiming|arguing|to say|to write)\b",
    ),
    # Words that open a kind of content rather than content ("a figure", "another reason").
    "offer_kind": (
        r"^\W{0,4}(?:a|an|some|any|another|more|one|other|something|anything|someone)\b",
    ),
    # What an offer's gerund or infinitive subject is followed by: a conditional ("Adding that
    # ... *would* make ..."); "Naming the source tells the reader ..." says what they did.
    "offer_conditional": (r"\b(?:would|could|might|will|'d|’d)\b",),
    # A verb opening its clause that is no imperative: a gerund or infinitive subject.
    "offer_subject": (r"^\W{0,4}(?:to\s+)?\w+ing\b|^\W{0,4}to\s+\w+",),
    # A verb that words the student's text anew ("make it", "narrow it to", "swap it for"):
    # what follows is their part reworded, not an addition.
    "offer_wording": (
        r"\b(?:mak(?:e|ing)\s+(?:it|that|this|them)(?:\s+\w+)?|(?:it|that|this|them|yours|"
        r"your\s+\w+)\s+(?:(?:down|back|up|off)\s+)?(?:to|into|as|for|with|by))$",
    ),
    # Small words between the verb and what it offers ("add *that* ...", "mention *also* ...").
    "offer_lead": (r"that|also|too|just|in|something like|like|the fact that|this",),
    # What sets a text off as given after the verb: "that".
    "offer_that": (r"that",),
    # A thing named by the student's own doing: a noun or two, then a clause in the second
    # person ("the month you looked at the list"): theirs to tell. Group 1: the thing.
    "offer_their_doing": (
        r"^\W{0,4}((?:the|that|this)\s+[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+"
        r"(?:(?:that|when|where)\s+)?(?:you|your)(?!\w)",
        # "when you counted", "where you found that": the time or place of their own doing.
        r"^\W{0,4}()(?:when|where)\s+you(?!\w)",
        # "something from your own class": a thing of theirs, unnamed.
        r"^\W{0,4}(something|anything|someone)\s+(?:(?:from|in|at|of|that)\s+)?(?:you|your)"
        r"(?!\w)",
    ),
    # A relative or reported clause that states what a source says ("the WHO, which says that
    # ...", "Dr Patel, who found that ...", "a study which shows ...", "according to which"):
    # what follows is a statement, the part itself. Its end: where the statement starts.
    "offer_reported": (
        r"\b(?:who|which|that|whose\s+\w+)\s+(?:\w+\s+){0,2}?(?:found|finds?|says?|said|"
        r"shows?|showed|shown|claims?|claimed|argues?|argued|concludes?|concluded|reports?|"
        r"reported|proves?|proved|suggests?|suggested|states?|stated|estimates?|estimated|"
        r"warns?|warned|notes?|noted|explains?|explained|recommends?|recommended|believes?|"
        r"confirms?|confirmed|showing|finding)\s+(?:that\s+)?",
        r"\baccording\s+to\s+(?:which|whom)\s+",
    ),
    # The tutor refusing ("I won't write your claim for you: ..."): a verb of wording after a
    # first-person refusal offers nothing, whatever follows its colon.
    "offer_refused": (
        r"\bI\s*(?:won['’]t|will\s+not|can['’]?t|cannot|am\s+not|['’]m\s+not|do\s+not|"
        r"don['’]t)(?:\s+going\s+to|\s+able\s+to)?\s+(?:\w+\s+)?$",
    ),
    # Words before a question word that still ask: "roughly how many".
    "offer_approximately": (r"roughly|approximately|exactly|about|around",),
}
