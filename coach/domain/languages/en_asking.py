"""English: how a student accepts a card, turns it down, asks for a change or asks about one of
their own parts (carried by the pack in ``coach.domain.languages.en``)."""

from __future__ import annotations

# The part a question names ("is my claim ok?", "what is a warrant?"), by the words that name
# it; "evidence" names the grounds as students call them.
ASKED_PARTS: dict[str, tuple[str, ...]] = {
    "claim": ("claim", "claims"),
    "grounds": ("grounds", "ground", "evidence"),
    "warrant": ("warrant", "warrants", "warent", "warrent"),
    "qualifier": ("qualifier", "qualifiers"),
    "rebuttal": ("rebuttal", "rebuttals", "rebutal"),
    "backing": ("backing", "backings"),
}

# "pls tell me if my claim is specific enough", "let me know whether my grounds are ok": a
# question about the student's own text asked in statement order (the part follows the frame).
FEEDBACK_FRAMES: tuple[str, ...] = (
    r" (tell me|let me know|i (want|wanna|need) to know)( honestly| straight| pls| please)? "
    r"(if|whether) (mine|my (<PARTS>|argument|text|sentence|source|survey|rule|reason|point)) "
    r"(is|are|was|does|do|makes?|works?|"
    r"counts?|needs?|has|have|sounds?|fits?|holds?|actually|really) ",
)

# "but my teacher said so": someone's word alone, as the whole message, put up against the
# tutor (pressure); at a backing step it names a source without saying which (``said_so``).
# After a fact of the student's ("a lot of kids are addicted, my mum says so") it is hearsay.
SAID_SO: tuple[str, ...] = (
    r"^ (but |and |well |idk |cos |because )?(my |the |our )?(teacher|professor|prof|tutor|"
    r"mom|mum|dad|parents|miss|sir) (said|says|told me|told us)( so)?( though| anyway)? $",
)

# After a yes, these words bring a change: "yes but change 95% to most" is not a plain yes.
CONTRAST_WORDS = frozenset("but though although however".split())

# Doubt alone after "yes but" (the folded rest): "ok but not sure", "yes but idk".
DOUBTS = frozenset(
    (
        "not sure",
        "im not sure",
        "i am not sure",
        "not so sure",
        "im not so sure",
        "idk",
        "i dont know",
        "i dont know really",
        "dunno",
        "i guess",
        "maybe",
        "maybe not",
        "hmm",
        "i have doubts",
        "im unsure",
        "unsure",
    )
)

# A plain no to the card showing ("no", "nope, not that"), as the folded whole message.
PLAIN_NO = frozenset(
    (
        "no",
        "nope",
        "nah",
        "no thanks",
        "not that",
        "no not that",
        "nope not that",
        "not that one",
        "no not that one",
        "not like that",
        "no not like that",
        "not really",
        "no way",
        "nah not that",
        "no thank you",
        "nope no",
        "nop",
        "no no",
        "no no no",
        "nah not really",
        "no not really",
        "nope not really",
    )
)

# After a yes, words that only point at the card showing: "yes do it", "ok, save it".
YES_TAILS = frozenset(
    (
        "do it",
        "save it",
        "keep it",
        "use it",
        "go for it",
        "lets do it",
        "that",
        "that one",
        "this one",
        "thats it",
        "thats the one",
        "put it in",
        "add it",
        "save it please",
        "please do it",
        "please save it",
    )
)

# "is my claim ok?" asks about the part after the possessive; "does mine restate the claim?"
# about the student's own current part, whatever else it names.
POSSESSIVES = frozenset("my our".split())
MINE_WORDS = frozenset("mine ours".split())

# A request wrapped around the student's text, never a part a "yes" could save: dictated
# ("just put 9 of 27 live 10 km away", "jot down ...", "go with ...") or appended ("... pls make
# it sound good", "... write it properly for me", "... just accept it", "... lol idk fix it").
WRAPPED_REQUESTS: tuple[str, ...] = (
    r"^ ((just|simply|please|ok|okay|can you|could you|u|you|then) )+(put|write|type|add)"
    r"( down| in| that)? ",
    r"^ (put|jot|write|note) (it )?down ",
    r"^ (lets |just |ok |okay )?go with ",
    r" (make it sound (more |less |a bit |really )?"
    r"(good|better|nice|smart|smarter|right|professional|fancy|academic|formal|proper|legit)|"
    r"make it (better|good|nicer|perfect)|"
    r"write it (properly|well|nicely|better|right|up|out)( for me)?|"
    r"just (accept|take) (it|this|that)|accept (it|this|that) (please|already)|"
    r"(im|i am) (literally )?(crying|dying|begging)"
    r"( rn| right now| here| now)?)( please| thanks| thx| for me| ok| okay)* $",
    r" (please|i dont know|lol|just|can you|could you|u|you) (fix|correct|tidy|polish) (it|this|"
    r"the grammar|my grammar|grammar|the spelling|my spelling|spelling)( for me| please| up)* $",
    r" (fix|correct|tidy|polish|improve) (the|my) (wording|grammar|spelling|english)"
    r"( for me| please| up)* $",
)

# A "sure" that says no yes: "make sure pupils sleep more", "sure enough, PE helps" speak
# about the topic and accept nothing.
YES_IDIOMS = (
    "make sure",
    "makes sure",
    "making sure",
    "made sure",
    "be sure",
    "sure enough",
)

# "The school nurses, who are there every morning, write down every visit": people named and
# what is said of them; the verb after is theirs, not an order to the tutor, unless "you" or
# "for me" follows it ("Miss, write down a source for me").
SUBJECT_OPENERS = frozenset("the my our his her their a an this these those".split())
SAID_OPENERS = ("who", "whose", "which", "that", "the one who", "the ones who")
ADDRESSEES = frozenset({"you"})
FOR_ME = ("for me", "for us")
