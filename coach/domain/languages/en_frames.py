"""English frames the guard reads (``coach.domain.pieces``, ``coach.domain.authorship``): the
words that offer text ("what if you argued that ...") and those that say what a part is."""

from __future__ import annotations

from coach.domain.languages.en_offers import OFFER_FRAMES

_SAY = (
    r"(?:say|said|saying|write|wrote|writing|argue|argued|arguing|claim|claimed|claiming|"
    r"state|stated|stating|"
    r"put|putting|add|added|adding|mention|mentioned|mentioning|cite|cited|citing|name|named|"
    r"naming|point(?:ed|ing)? out|back(?:ed|ing)? (?:it|this|that|them) (?:up )?with|"
    r"use|used|using|try|tried|go with|went with)"
)


# A suggestion: the tutor offering text for the student's argument, in any frame.
SUGGESTION_PATTERNS = (
    # "what if you argued that", "what if your claim were", "what if you wrote"
    # ("What if you read it aloud to a friend ...?" is about what the student does.)
    r"\bwhat if (?:you (?:\w+ )?" + _SAY + r"|your \w+(?: \w+)? (?:\w+ )?(?:" + _SAY + r"|were|"
    r"was|said|read|became|is))\b(?: that\b| something like\b| like\b)?:?",
    # "wouldn't it be stronger to say (something like)", "it would be better to add"
    r"\b(?:would|wouldnt|wouldn't|would not|could|couldnt|couldn't|might|may)n?'?t?"
    r" it be (?:\w+ ){0,3}?to " + _SAY + r"\b(?: that\b| something like\b| like\b)?:?",
    # "you could say (that)", "couldn't you mention", "why not add", "how about citing"
    r"\b(?:you could|you might|you can|you may|you should|could you|couldnt you|"
    r"would you go as far as|"
    r"couldn't you|can't you|cant you|why not|why don'?t you|how about|what about|"
    r"have you (?:thought about|thought of|considered)|did you think of|consider|try|maybe|"
    r"perhaps|i'?d|i would|i'?d suggest|i suggest|i recommend)"
    r"(?: \w+){0,3}? " + _SAY + r"\b(?: that\b| something like\b| like\b| it as\b)?:?",
    # A negative question leads: "Wouldn't the UN Convention back this up?"
    r"^\W*(?:wouldn'?t|isn'?t|doesn'?t|don'?t|couldn'?t|shouldn'?t|aren'?t|won'?t)\b",
    r"\b(?:along the lines of|something to the effect that|the idea that)\b:?",
    # A circumstance put as a question: "What if the breakfast were mostly sugary cereal?".
    r"^\W*(?:and |but |so |or )?what if\b(?! (?:you|your|we|i)\b)",
    r"\b(?:would|could|might)(?:n'?t| not)? it (?:\w+ ){0,4}?to " + _SAY + r"\b"
    r"(?: that\b| something like\b| like\b)?:?",
    r"\b(?:how|what) about(?: something like| this)?:?",
    # "It would be stronger to add that ...", "Good backing here would be ...".
    r"\bit (?:would|could|might|may)(?: also)? be (?:\w+ ){0,3}?to " + _SAY + r"\b"
    r"(?: that\b| something like\b| like\b)?:?",
    r"\b(?:an? )?(?:good|better|stronger|fuller|clearer|tighter|safer|cleaner) (?:claim|"
    r"grounds|warrant|backing|qualifier|rebuttal|exception)(?: here)? (?:would|could|might)"
    r" be\b:?",
    r"\b(?:another|one|an|other|a good|a better) (?:option|idea|possibility|way|"
    r"choice)(?: would be| is| could be| might be| here is)?\b:?",
    r"\b(?:wouldnt|wouldn't|would|isnt|isn't|doesnt|doesn't|dont|don't) "
    r"(?:a |an |the )?(?:(?:better|stronger|clearer|sharper|safer|more \w+) )"
    r"(?:\w+ ){0,2}?(?:be|say|work)\b:?",
    # "grounds like this" points at the student's text; "grounds like the ..." offers.
    r"\b(?:something|things?|grounds|backing|(?:a|an|one|another) (?:\w+ )?(?:claim|warrant|"
    r"rebuttal|qualifier|version|one|sentence|phrase|line|wording|reason|rule|fact|figure|"
    r"number|statistic|source|limit|exception|condition|principle|study|survey|report|"
    r"finding|expert|law)) (?:like|such as)\b"
    r"(?! (?:this|that|these|those|yours|it|your|the ones? (?:you|in your))\b):?",
    # The part named as what it could be: "your rebuttal could mention ...", "should
    # your claim maybe be that ...", "is your claim that ...".
    r"\b(?:your|the|a|this) (?:claim|grounds|warrant|backing|qualifier|rebuttal|"
    r"exception|rule|reason)s? (?:could|should|might|would|may|can) (?:\w+ )?"
    r"(?:be|say|mention|include|state|name|cite|read|add)\b(?: that\b| something like\b"
    r"| like\b)?:?",
    r"\b(?:could|should|might|would|may|can) (?:your|the|this) (?:claim|grounds|warrant|"
    r"backing|qualifier|rebuttal|exception|rule|reason)s? (?:\w+ )?(?:be|say|mention|"
    r"include|state)\b(?: that\b| something like\b| like\b)?:?",
    r"\b(?:is|was) (?:your|the) (?:claim|grounds|warrant|backing|qualifier|rebuttal|"
    r"exception|rule|reason) that\b:?",
    r"\b(?:are|were) you (?:saying|arguing|claiming|suggesting)\b(?: that\b)?:?",
    # "Could it be as simple as ...?", "Might it just be something like ...?".
    r"\b(?:could|would|might|can) it (?:just |simply |really )?be (?:as \w+ as|something like|"
    r"like)\b:?",
)

# A sentence saying what a part is or does.
DEFINITION_PATTERNS = (
    r"^\W*(?:an? |the )?(?:claim|grounds|warrant|backing|qualifier|rebuttal)s? (?:is|are)"
    r"(?: \w+ly)? (?:an?|the|some|what|where|when|how)\b",
    # "A general rule is an idea that ...", "Backing for grounds says where ...".
    r"^\W*(?:an? |the )?(?:general )?rules? (?:is|are)(?: \w+ly)? (?:an?|the|some)\b",
    r"^\W*(?:an? |the )?(?:claim|grounds|warrant|backing|qualifier|rebuttal)s?"
    r"(?: (?:for|of) (?:the |your )?\w+)? (?:says?|tells?|explains?|names?|shows?|takes?|"
    r"gives?|links?|connects?|answers?|usually (?:says?|has|takes|starts)|talks? about|"
    r"speaks? (?:of|about)|indicates?|expresses?|measures?)\b",
)

# A fact put as something to know, mean or remember: what follows is judged as offered
# unless it speaks of the student's text or the parts.
# A tag that only checks in ("..., does that help?", "... — would that work?"): the statement
# before it is said, as before "right?".
TAG_VERBS = frozenset("help helps work works sound sounds fit fits make makes sense".split())

KNOWING_PATTERNS = (
    r"\b(?:(?:did|do|does|dont|don't|wouldnt|wouldn't|would) (?:you|u)(?: ever)? (?:know|think|"
    r"mean|realise|realize|remember|agree|accept|believe|feel|see|hear|notice)|have (?:you|u)"
    r"(?: ever)? (?:heard|read|seen|noticed)|is it(?: true| not true)?|isn'?t it(?: true)?|"
    r"could it be|can it be|"
    r"might it be|would it be|so (?:your|the) (?:point|idea|claim|reason) is|you mean|"
    r"(?:are|were) you aware|remember|don'?t forget)\s+that\b:?",
    # "Have you thought about the fact that ...", "Have you considered that ...": a fact.
    # "Did you know the EFSA sets a limit ...?", "Did you know uniforms cost £300?": a
    # statement, without "that" (judged as one); not "Do you know who ran it?".
    # "Did you hear 40 pupils ...?", "Did u ever know ...?", "Have you heard uniforms ...?".
    r"\b(?:(?:did|do) (?:you|u)(?: ever)? (?:know|realise|realize|hear|notice)|"
    r"have (?:you|u)(?: ever)? heard)\s+(?!(?:that|what|which|who|whom|whose|why|"
    r"how|whether|if|where|when|any|anyone|anybody|someone|somebody|anything|something|of|"
    r"about(?!\s+\d))\b)(?=[\w£$€])",
    r"\bhave you (?:ever )?(?:thought|considered|reali[sz]ed|noticed|taken into account)"
    r"(?: about| of)?(?: how)? that\b:?",
    r"\b(?:the|a) (?:fact|figure|finding|statistic) that\b:?",
    # A fact put as already known, whatever the words before the verb ("You might know that
    # ...", "We all know that ...", "You'll remember that ...", "As you probably know, ..."):
    # knowing asserts what is known.
    # Opening its clause: "This shows that you know that ..." is about the student.
    r"(?:^|[,;:—–(]|\b(?:and|but|so|maybe|perhaps|probably|surely|sure|bet|guess|well|now|"
    r"then|also|of course|obviously|course))[\s\"“«]{0,3}"
    r"(?:you|we|everyone|everybody|most people)(?:['’]ll)?(?:\s+\w+){0,3}?\s+(?:know|knows|"
    r"knew|reali[sz]e|remember|recall|find|see|notice|discover|(?:have|will have|'ve|’ve) "
    r"(?:heard|read|seen|noticed))\s+that\b:?",
    # "You're aware 40 pupils were sent home, aren't you?": a fact put as known.
    r"\byou(?:['’]re| are)(?: \w+ly)? (?:aware|conscious)\b(?! of\b)(?: that\b)?:?",
    # "You'd agree older pupils ...?", "You would surely agree that ...".
    r"\byou(?:['’]d| would)?(?: \w+ly)? agree\b(?: that\b)?:?",
    r"\bas (?:you|we|everyone|everybody)(?:['’]ll)?(?:\s+\w+){0,3}?\s+(?:know|knows|"
    r"reali[sz]e|remember|recall|(?:have |'ve |’ve )?(?:heard|read|seen|noticed))\b\s*[,:]?",
    r"\b(?:it is|it's|it’s|its)(?: \w+)? (?:well known|known|true|a fact|clear|obvious|"
    r"no secret|proven)\s+that\b:?",
    r"\b(?:remember|note|notice|keep in mind|bear in mind|don'?t forget)\s*:",
    # The student's point put in other words: "What you probably mean is that ...", "You're
    # basically saying ...", "In other words, ...", "Basically — ...".
    r"\bwhat you(?: \w+ly)? (?:mean|want to say|are saying|['’]re saying|are getting at) is"
    r"(?: that\b)?:?",
    r"\byou(?:['’]re| are)(?: \w+ly)? (?:saying|arguing|claiming|suggesting|getting at)\b"
    r"(?: that\b)?:?",
    r"^\W*(?:basically|in other words|put simply|simply put|to put it simply|in short|"
    r"that is to say|in a nutshell)\b\s*[,:—–-]?",
    # Agreeing with what the student did not say: "You're right that 40 pupils ...".
    r"\byou(?:['’]re| are)(?: \w+ly)? (?:right|correct) (?:to say )?that\b:?",
    # A question that leads with what it takes for granted: "Surely pupils ...?".
    r"^\W*(?:surely|clearly|obviously|of course)\b,?",
    # Praise for a link the student never made: "Love how this connects to the 40 pupils
    # ...", "I like that it ties in with ..."; "does it ring a bell that ...?".
    r"\b(?:love|like|liking|nice|great|good|cool)(?: \w+)? (?:how|that) (?:this|it|that|you)"
    r"(?: \w+){0,2}? (?:connects?|links?|ties?(?: in)?|relates?|fits?|leads?)"
    r"(?: back)? (?:to|with|into|in with)\b",
    r"\b(?:does|doesn'?t|would|wouldn'?t) it ring a bell(?: for you)?(?: that)?\b:?",
)

# An example that names another topic: "in a debate about school buses ...".
OTHER_TOPIC_PATTERNS = (
    r"\b(?:in|on|for) (?:an?|another) (?:debate|argument|essay|text|topic) (?:about|on)\b|"
    r"\banother topic\b|\b(?:a|an|another) topic like\b|"
    r"\b(?:a |an |some )?(?:different|unrelated|other) (?:topic|subject|debate|argument)\b",
)

# More frames, by name (``LanguagePack.guard_frames``):
GUARD_FRAMES = {
    # A named idea in a question ("Is there a study behind the idea that ...?"): the
    # student's own when its words are theirs.
    "idea": (r"\b(?:the|this|that|your) (?:idea|view|belief|thought|point) that\b",),
    # "the (general) link between eating and concentrating": the student's rule pointed at
    # when the words after it are theirs.
    "link": (
        r"\b(?:the |a |this |that )?(?:general |same |main )?(?:link|connection|"
        r"relationship|relation) (?:between|from)\b",
    ),
    # A colon completing a change to the student's text ("You might narrow it to:",
    # "Try cutting it down to:", "Reword it like this:"): what follows is offered.
    "completing": (
        r"\b(?:narrow|tighten|cut|cutting|shorten|change|turn|reduce|trim|limit|sharpen|"
        r"rewrite|reword|rephrase|edit|make|narrowing|tightening|changing|making|read)"
        r"(?: (?:it|this|that|them|yours|your \w+))?(?: (?:down|back|up))?"
        r" (?:to|into|as|like this|so)\s*$",
    ),
    # What frames a question rather than says something: "With 30 pupils, ...?", "If you
    # drop it, ...?", "Assuming 40 pupils ..., what ...?" (a phrase, a condition, an
    # assumption or a time before the question).
    "framing": (
        r"^\W*(?:with|for|in|on|at|before|after|if|when|since|while|as|by|about|regarding|"
        r"given|thinking|apart|so|then|and|but|now|assuming|supposing|suppose|presuming|"
        r"imagine|imagining|say|let'?s say)\b",
    ),
    # An alternative after a comma ("Do you mean that ..., or ...?"): what the question
    # offers ends before it.
    "or": (r"(?:[,;]\s*|\s)(?:or|or do you|or did you)\b",),
    # The student's text, named through a second-person word ("your claim", "what you
    # wrote"): a sentence about it is feedback; "your school", "like you" are not.
    "their_text": (
        # "yours is clear"; "a family like yours" is anyone's.
        r"(?<!like )(?<!as )(?<!than )\byours\b|"
        r"\byour\s+(?:(?:own|first|second|last|new|current|main|whole|two|three)\s+)?"
        r"(?:claims?|grounds|warrants?|backing|qualifiers?|rebuttals?|rules?|arguments?|"
        r"words?|sentences?|phrases?|wording|versions?|examples?|opinions?|reasons?|points?|"
        r"ideas?|data|evidence|sources?|numbers?|figures?|statistics?|surveys?|study|draft|"
        r"text|answers?|message|readers?|limits?|exceptions?|conditions?|hedge|position|"
        r"shape|structure|pattern|"
        r"stance|principle|judgement|link|questions?|attempts?|case|definition|quotes?|"
        r"quotation|premise|fact|facts|list|title|topic|side|view)\b|"
        r"\byou\s+(?:just\s+|already\s+|first\s+)?(?:wrote|write|said|say|mention(?:ed)?|"
        r"cited?|cites|claim(?:ed)?|argued?|argues|gave|give|put|used|use|named|name|chose|"
        r"picked|added|typed|quoted?|listed)\b|"
        # What their source told them, in a clause of its own ("who told you they ...").
        r"^(?:told|tell|tells|showed|gave|asked|answered)\s+you\b",
    ),
    # A move to the student, opening a clause ("You could ...", "Maybe you ...", "If you
    # ..."), or asked of them ("have you ...", "could you ..."): feedback.
    "move_opening": (
        r"^(?:(?:and|but|so|now|maybe|perhaps|then|also|still|ok|okay|good|great|nice|well|"
        r"right|yes|no|first|next|here|if|when|once|since|because|sure|true|again|surely|"
        r"clearly|obviously|probably|certainly|really|just)\s+)*"
        r"(?:you|youve|youre|youd|youll)\b",
        r"\b(?:have|has|do|did|does|could|would|can|will|might|should|are|were|may|shall|"
        r"had|was)(?:nt|\s+not)?\s+you\b",
        r"\byoursel(?:f|ves)\b",
    ),
    # Offers judged by function (``coach.domain.offers``).
    **OFFER_FRAMES,
    # A sentence that points back at the one before it, among its first words ("Wouldn't that
    # be your exception?", "You could use those as your source."): after a withheld sentence
    # it goes too.
    "refers_back": (r"^\W*(?:\w+\W+){0,3}?(?:that|this|these|those|it|they|them)\b",),
}


# A probe on the student's own text or evidence: the words a good tutor checks, counts, asks
# and doubts with ("Did anyone outside the council check the count?", "Would it help to count
# on a second day so nobody can say Monday was unusual?"). In a question they carry nothing
# of the student's subject.
PROBE_WORDS = frozenset(
    """check checks checked checking count counts counted counting recount again second
    another other others else anyone anybody someone somebody nobody everyone everybody
    outside whether unusual usual typical normal special different same fair enough find
    finds found ask asks asked asking look looked read reading aloud keep kept save saved
    show shows showed shown agree agrees disagree disagrees test tests tested try tried sure
    still teacher teachers friend friends classmate classmates group groups kind kinds once
    twice sense""".split()
)

# A check put to the student on a clause ("Could you check whether heavy bags hurt?", "Did
# you ask if 12 of them ...?", "Have you checked that ..."): the clause is what is checked.
CHECKING_PATTERNS = (
    r"\b(?:check|checked|checking|verify|verified|confirm|confirmed|find out|found out|"
    r"make sure|made sure|ask|asked|test|tested|see|look up|looked up)"
    r"(?: (?:it|this|that|them|again|first|yourself|around))?\s+(?:whether|if|that|against|"
    r"with)\b",
)
