"""English: the coach's words and grammar (see ``coach.domain.languages.base``)."""

from __future__ import annotations

from coach.domain.languages import en_asking as asking
from coach.domain.languages import en_frames as frames
from coach.domain.languages import en_reading as more
from coach.domain.languages.base import LanguagePack
from coach.domain.languages.en_meaning import FEEDBACK_EXAMPLES, PART_EXAMPLES
from coach.domain.languages.en_says import (
    AS_YOU_WROTE,
    EXAMPLE_LEAD,
    EXAMPLES,
    EXPLANATIONS,
    GUIDING_QUESTIONS,
    HELP_QUESTIONS,
    OFF_TOPIC,
    OPENERS,
    PHRASES,
    PRAISE,
    PROBLEMS,
    STEP_NAMES,
    WHERE_TO_LOOK,
)

# -- addressed to the tutor ----------------------------------------------------------------

# Verbs of producing, handing over or working on text, and of taking a role.
VERBS = frozenset(
    "write do make give tell show send draft compose fill finish complete continue end type "
    "produce craft create generate invent suggest propose provide list brainstorm name pick "
    "choose decide handle put say spell answer help find look search google check fix correct "
    "proofread translate paraphrase rephrase rewrite reword improve polish explain describe "
    "define summarize summarise turn convert change pretend imagine act roleplay play be let "
    "stop skip keep come think get bring fetch copy add offer recommend share try compare edit "
    "review expand develop build formulate state word phrase sketch outline sum figure "
    "work solve read go carry".split()
)
# What may follow an imperative verb: its object, a particle, a clause.
_AFTER = frozenset(
    "me us it this that these those them the a an my our your yours mine some any three two "
    "four five six few couple one something anything everything out up down as like what how "
    "whether if more another other better all sth smth you youre ur u".split()
)
_AFTER_GERUND = frozenset("stop keep quit".split())
_PARTICLES = frozenset(
    {
        ("search", "for"),
        ("look", "for"),
        ("ask", "for"),
        ("fill", "in"),
        ("continue", "from"),
        ("go", "on"),
        ("carry", "on"),
    }
)
_MODALS_OF_ASKING = frozenset(
    "can could would will wont cant couldnt wouldnt shall may might".split()
)
# Verbs that, with the tutor as subject ("you write", "if you could fill"), make a request.
_YOU_VERBS = VERBS - frozenset("be let stop keep come think get try work read".split())
_WANT = frozenset("need want like love require".split())
_WH = frozenset("what which how why who whom whose where when".split())
_AUX = frozenset(
    "is are was were do does did can could should would will shall may might must has have "
    "s am isnt arent doesnt dont didnt cant couldnt shouldnt wouldnt wont".split()
)


_NUMBER_WORDS = frozenset("one two three four five six seven eight nine ten".split())
# Verbs that act on the world as much as on text: "Keep the library open until 6", "Give us a
# longer break" are claims addressed to the school; "keep it short", "give me the warrant"
# ask the tutor. What they act on decides.
_WORLD_VERBS = frozenset("keep give let make bring add offer change turn end get put tell".split())
_TEXT_OBJECTS = more.TEXT_OBJECTS
_BARE_NOT_ASKING = frozenset("be let play go read work come think get end stop turn keep".split())
_OBJECT_WINDOW = 4  # the object's words after a world verb ("give us a much longer break")


def imperative(tokens: list[str], raw_first: str) -> bool | None:
    """A verb of producing text with an object, a particle, or nothing after it; "let's"
    with such a verb ("let's write it together", not "let's see"). None when the clause
    does not open with an English verb of producing text (another language may read it)."""
    if not tokens:
        return None
    verb, rest = tokens[0], tokens[1:]
    after = rest[0] if rest else ""
    if more.names_a_thing(rest):
        return False  # "pick up is at 7:05": the name of a thing, not a command
    if verb == "let" and after in ("me", "us"):
        return False  # "let me count the entries": the student's own doing, not an ask
    if verb in VERBS:
        if not rest:
            # "write", "finish": a bare command; "... enough to eat and play" is not one.
            return verb not in _BARE_NOT_ASKING
        if verb == "tell" and more.WHAT_TO_WRITE.search(" ".join(rest)):
            return True  # "Tell the teacher what to write": the tutor is to write it
        if verb in _WORLD_VERBS and after not in _TEXT_OBJECTS:
            # "Keep the library open", "Give us a longer break": about the world, unless a
            # text is what it acts on ("give us an example").
            return more.text_object_first(rest[:_OBJECT_WINDOW])
        if after in _AFTER or after.isdigit():
            return True
        if verb in _AFTER_GERUND and after.endswith("ing"):
            # "stop asking and write it", not "Stop paying kids to eat junk: ..." (a claim)
            gerund = after[:-3]
            forms = {gerund, gerund + "e", gerund[:-1]}
            if forms & {"ask", "question"}:
                return True
            if forms & _WORLD_VERBS:
                # "Stop giving us homework on weekends" acts on the world, "stop giving me
                # examples" on text.
                return bool(set(rest[1 : 1 + _OBJECT_WINDOW]) & _TEXT_OBJECTS)
            # "stop writing it", but not "Stop making seven-year-olds do worksheets: ..."
            then = rest[1] if rest[1:] else ""
            counted = then in _NUMBER_WORDS  # "Stop giving six-year-olds homework"
            return bool(forms & VERBS) and (not then or (then in _AFTER and not counted))
        return (verb, after) in _PARTICLES
    if verb == "lets":
        return after in VERBS - {"see", "think", "try", "look"}
    return None


# Words that open a clause inside a statement: a "you" after one is anyone ("except in maths,
# where you need to show you can work fast"), not the tutor.
_SUBORDINATORS = frozenset(
    "where when whenever that because unless except since while until than once whether "
    "which who".split()
)


_CANNOT = frozenset("cant cannot couldnt wont wouldnt".split())
_TUTOR_ACTS = frozenset("write do help give tell make finish fill answer type draft".split())
_HANDED = frozenset("it this that my mine me us for".split())


def asks_tutor(tokens: list[str]) -> bool:
    """The tutor as the subject of producing text: "can you", "you write it", "if you could
    fill", "I want you to", "you are the student". A "you" in a clause a statement opens with
    "where", "unless", "that"... is anyone, and "if you" asks only with a modal after it."""
    for i, token in enumerate(tokens):
        if token not in ("you", "u", "youre"):
            continue
        before = tokens[i - 1] if i else ""
        after = tokens[i + 1 : i + 4]
        if before in ("if", "unless") and after[:1] and after[0] in _CANNOT:
            # "if u cant find drivers it wont work": anyone; "if you cant write it, ..." asks
            if after[1:2] and after[1] in _TUTOR_ACTS or set(after[2:3]) & _HANDED:
                return True
            continue
        if before == "if" and after[:1] and after[0] in _YOU_VERBS and set(after[1:2]) & _HANDED:
            return True  # "if you write it students should be happy": the tutor writing it
        modal_after = bool(after) and after[0] in _MODALS_OF_ASKING
        if (i >= 2 and before in _SUBORDINATORS) or (before == "if" and not modal_after):
            continue
        if before in _MODALS_OF_ASKING or before in ("do", "did", "are", "will"):
            return True
        if before in _WANT or before in ("ask", "asking", "beg", "begging"):
            return True
        if any(word in _YOU_VERBS for word in after[:3]):
            return True
        if token == "youre" or after[:1] == ["are"]:
            role = after[1:3] if after[:1] == ["are"] else after[:2]
            if {"the", "me", "my", "allowed"} & set(role[:1]):
                return True
    return False


def wanted(tokens: list[str]) -> list[str] | None:
    """What follows "I need", "I'd like", "I want": None when the clause wants nothing."""
    if tokens[:1] not in (["i"], ["id"]):
        return None
    rest = tokens[1:]
    if rest[:1] in (["need"], ["want"], ["require"]) or tokens[:2] == ["id", "like"]:
        return rest[1:]
    if rest[:2] in (["would", "like"], ["d", "like"]):
        return rest[2:]
    return None


def question_opening(tokens: list[str]) -> bool:
    """ "what would my claim be": a question word with an auxiliary or a pronoun after it."""
    first = tokens[0] if tokens else ""
    second = tokens[1] if len(tokens) > 1 else ""
    if first in ("when", "where") and second not in _AUX:
        return False  # "When I counted on three days, ...": a clause of a statement
    return first in _WH and second in _AUX | {"i", "you", "u"}


# -- the tutor's sentences -----------------------------------------------------------------

# Verbs that report or offer text: "you could say", "what if you argued".

_PART = "<PART>"  # the parts' names in any language (``intent`` fills it in)


def your_part(step: str, name: str) -> str:
    """ "your claim"."""
    return f"your {name}"


PACK = LanguagePack(
    code="en",
    markers=frozenset(
        "the a an of to is are be for with as but because according if not more very this "
        "that these those it its their and there by should will i ve got have my what dont know "
        "any all about could would can really one we you they was were on in at from just do "
        "does".split()
    ),
    confirmations=(
        "yes",
        "yeah",
        "yep",
        "ok",
        "okay",
        "sure",
        "that works",
        "use that",
        "looks good",
        "sounds good",
        "go ahead",
        "confirm",
        "yup",
    ),
    informal_yes=("ya", "yah", "yea", "sure thing"),
    yes_idioms=asking.YES_IDIOMS,
    acronyms=frozenset({"it", "us"}),
    infinitives=(r"to [a-z]+",),
    rewrite_requests=(
        "rewrite",
        "improve",
        "rephrase",
        "fix",
        "help me word",
        "reword",
        "polish",
        "tidy",
        "clean up",
        "clean it up",
        "neaten",
        "smooth",
    ),
    negations=frozenset({"no", "not", "never"}),
    evidence=(
        *more.OBSERVED_PLACES,
        "data",
        "study",
        "studies",
        "survey*",
        "research*",
        "report*",
        "evidence",
        "found",
        "show*",
        "according to",
        "percent",
        "statistic*",
        "measur*",
        "observ*",
        "example",
        "for instance",
        "record*",
        "experiment*",
        "result*",
        "rate",
        "increase*",
        "decrease*",
    ),
    # Words that name who or what stands behind a text by themselves (an institution, an
    # expert, a law, a publication). "who" is not one: "People who agree with me" names
    # nobody (the World Health Organization is recognised by its capitals, WHO).
    authority=more.AUTHORITY,
    roles=more.ROLES,
    kept_records=more.KEPT_RECORDS,
    unnamed_keepers=more.UNNAMED_KEEPERS,
    observed_places=more.OBSERVED_PLACES,
    exempt_patterns=more.EXEMPT,
    bare_failures=more.BARE_FAILURES,
    quality_questions=more.QUALITY_QUESTIONS,
    bare_judgements=more.BARE_JUDGEMENTS,
    complaints=more.COMPLAINTS,
    evaluations=more.EVALUATIONS,
    evaluation_clauses=more.EVALUATION_CLAUSES,
    evaluated_actions=more.EVALUATED_ACTIONS,
    evaluation_kinds=more.EVALUATION_KINDS,
    bare_quantifiers=more.BARE_QUANTIFIERS,
    unsure=more.UNSURE,
    figure_words=more.FIGURE_WORDS,
    when_words=more.WHEN_WORDS,
    source_kinds=(
        "study",
        "studies",
        "research*",
        "survey*",
        "report*",
        "statistic*",
        "data",
        "poll*",
        "experiment*",
        "source*",
        "article*",
        "book*",
        "paper*",
        "evidence",
    ),
    modals=(
        "probably",
        "likely",
        "possibly",
        "perhaps",
        "maybe",
        "usually",
        "generally",
        "often",
        "in most cases",
        "most",
        "some",
        "almost",
        "presumably",
        "certainly",
        "definitely",
        "necessarily",
        "may",
        "might",
        "could",
        "unlikely",
        "typically",
        "plausibly",
        "arguably",
        "always",
        "rarely",
        "sometimes",
        "in all likelihood",
        "probab*",
        "surely",
        "doubt*",
        "pretty sure",
        "fairly sure",
        "quite sure",
        "sure",
        "confident",
    ),
    conditions=(
        "apart from",
        "other than",
        "unless",
        "except",
        "if",
        "when",
        "whenever",
        "provided",
        "in case",
        "only if",
        "exception*",
        "where",
        "as long as",
        "in cases",
        "for those",
    ),
    contrasts=("but", "however", "although", "though", "whereas", "yet"),
    rule_markers=("if", "when", "whenever", "because", "since", "once", "as long as"),
    general=(
        "generally",
        "usually",
        "always",
        "any",
        "all",
        "every",
        "tend*",
        "typically",
        "as a rule",
        "in general",
        "whoever",
        "most",
        "people who",
        "those who",
        "anyone",
        # A kind of thing, not this one: "things that harm students' health ..."
        "things that",
        "anything that",
        "whatever",
    ),
    limits=(
        "not",
        "no",
        "never",
        "may",
        "might",
        "could",
        "can",
        "cannot",
        "some",
        "certain",
        "only",
        "few",
        "doesnt",
        "dont",
        "wont",
        "isnt",
        "arent",
    ),
    specific=frozenset(
        "my our i me yesterday today two three four five six seven eight nine ten".split()
    ),
    percent=("percent",),
    question_words=frozenset("what why how who whom whose when where which".split()),
    auxiliaries=frozenset(
        "do does did is are was were can could should would will shall may might must has "
        "have s isnt arent doesnt dont didnt cant couldnt shouldnt wouldnt wont".split()
    ),
    pronouns=frozenset("i you we they he she it u".split()),
    denial_patterns=more.DENIALS,
    always_patterns=more.ALWAYS,
    failing_case_patterns=more.FAILING_CASE,
    help_asked_patterns=more.HELP_ASKED,
    link_patterns=more.LINKS,
    spelled_out=more.SPELLED_OUT,
    hollow_reason_words=more.HOLLOW_REASON_WORDS,
    insisting_patterns=more.INSISTING,
    vague_claim_patterns=(
        *more.VAGUE_COMPARISONS,
        r"\b(is|are|was|its) (so |very |really |just |too |super )?(bad|good|terrible|awful|"
        r"great|wrong|stupid|boring|unfair|ugly|dumb|nice|cool|pointless|useless|the worst|"
        r"the best|horrible)( for (everyone|everybody|us|people|school|schools|students|kids|"
        r"children|society|the world))?$",
        # Wanting more of nothing named: "young people deserve more".
        r"\b(deserves?|needs?|wants?|should get|should have) (more|better|less|respect)$",
        r"\b(because|since) (it|that|this)? ?(would be|will be|is|its) (more |much |only )?"
        r"(better|good|best|fair|fairer|right|nice|important|useful)$",
        # Better or important, and no more: "longer breaks would be better".
        r"\b(would be|will be|is|are|was) (so |much |way |very |really )?(better|important|"
        r"needed|necessary)$",
        # Any judgement made stronger and left at that: "school is too early".
        r"\b(is|are|was|its) (so|very|really|too|super|way too|far too) [a-z]+$",
    ),
    online_patterns=more.ONLINE,
    question_answers=more.QUESTION_ANSWERS,
    hearsay_online=more.HEARSAY_ONLINE,
    hearsay_people=more.HEARSAY_PEOPLE,
    source_says=more.SOURCE_SAYS,
    proposition_frames=(
        r"(?:(?:so|ok|okay|well|i think|i guess|maybe|hmm+)[\s,]+)*(?:the|my)\s+(?:claim|"
        r"grounds|warrant|backing|qualifier|rebuttal)\s+(?:would|could|might|will)?\s*"
        r"(?:be|is)\s+that\s+",
        r"what about\s+(?:the fact\s+)?that\s+",
    ),
    tag_questions=(r"right", r"yeah", r"no", r"isnt it", r"ok"),
    proposition_requests=more.PROPOSITION_REQUESTS,
    slot_words=more.SLOT_WORDS,
    slot_leads=more.SLOT_LEADS,
    tail_tags=frozenset(
        "tbh lol imo imho honestly though tho really haha ngl fr obviously".split()
    ),
    seen_on=frozenset("on from off in at".split()),
    owned_online_patterns=(
        r"\b[a-z]+s (own )?(website|site|web page|page)\b",
        r"\b(website|site|page) of (the|a|our|my) [a-z]+",
    ),
    platforms=frozenset(
        "google tiktok youtube instagram reddit facebook twitter snapchat internet".split()
    ),
    # "so" after "is"/"get" or before "<word> that" intensifies: "phones are so addictive
    # for anyone that ...", "it got so bad that ...".
    consequence_patterns=(
        r"\b(" + more.AFTER_NO_LINKING_VERB + r"so(?! (that|many|much|far|long)\b)"
        r"(?! [a-z]+ that\b)|therefore|thus|hence|(thats|that s|that is|which is|this is) why)\b",
    ),
    reason_markers=("because", "since"),
    obligation_patterns=(
        r"\b(should|must|ought to|needs? to|ha(ve|s) to|shouldnt|shouldn t|mustnt|mustn t)\b",
    ),
    opinion_patterns=(
        r"\b(i (just |really |honestly |do |personally )?(think|believe|feel)|i guess|"
        r"in my opinion|in my view|everyone knows|"
        r"everybody knows|it is obvious|its obvious|obviously|it is true|its true|100 true|"
        r"clearly true|trust me|you can tell|we all know)\b",
        # A feeling said of everyone: "everybody hates the meat in our canteen".
        r"\b(everybody|everyone|nobody|no one|we all|all of us) (just |really |totally )?"
        r"(hates?|loves?|likes?|agrees?|knows?)\b",
    ),
    reported_word=r"^[a-z]{3,}ed$",
    modal_degrees=(
        ("certainly", "certainly"),
        ("definitely", "certainly"),
        ("undoubtedly", "certainly"),
        ("without doubt", "certainly"),
        ("surely", "certainly"),
        ("necessarily", "certainly"),
        ("always", "certainly"),
        ("presumably", "presumably"),
        ("in most cases", "presumably"),
        ("usually", "presumably"),
        ("generally", "presumably"),
        ("typically", "presumably"),
        ("most", "presumably"),
        ("almost", "presumably"),
        ("probably", "probably"),
        ("likely", "probably"),
        ("in all likelihood", "probably"),
        ("often", "probably"),
        ("possibly", "possibly"),
        ("perhaps", "possibly"),
        ("maybe", "possibly"),
        ("may", "possibly"),
        ("might", "possibly"),
        ("could", "possibly"),
        ("sometimes", "possibly"),
        ("some", "possibly"),
        ("apparently", "apparently"),
        ("seemingly", "apparently"),
        ("it seems", "apparently"),
        ("rarely", "apparently"),
        ("unlikely", "apparently"),
    ),
    part_names=(r"claims?|grounds?|warr?[ae]nts?|backings?|qualif[a-z]*|rebut[a-z]*|toulmin",),
    asked_parts=asking.ASKED_PARTS,
    contrast_words=asking.CONTRAST_WORDS,
    doubts=asking.DOUBTS,
    said_so=asking.SAID_SO,
    feedback_frames=asking.FEEDBACK_FRAMES,
    plain_no=asking.PLAIN_NO,
    yes_tails=asking.YES_TAILS,
    wrapped_requests=asking.WRAPPED_REQUESTS,
    possessives=asking.POSSESSIVES,
    mine_words=asking.MINE_WORDS,
    texting={
        "wat": "what",
        "wut": "what",
        "plz": "please",
        "pls": "please",
        "ur": "your",
        "r": "are",
        "cant": "cant",
        "cn": "can",
        "gimme": "give me",
        "idk": "i dont know",
        "dunno": "dont know",
        "tbh": "to be honest",
        "wanna": "want to",
        "abt": "about",
    },
    help_patterns={
        "teacher": (
            # Permission, not any mention of a teacher ("my teacher says phones distract us").
            r" (teacher|professor|prof|tutor|instructor|lecturer|mom|mum|dad|parents?) "
            r"(said|says|told me|told us|lets|allows|allowed|approved|agreed)[a-z ]{0,30}"
            r"\b(ok|okay|fine|alright|allowed|permitted|you (can|could|may)|for you to|"
            r"no problem|cheating) ",
            r"^ (but )?(its|it is) (allowed|permitted|fine|ok|okay)( for you| to do)?"
            r"( though| anyway| really)? $",
            r" (you are|youre) allowed to ",
            r"^ (but )?(its|it is) (allowed|permitted|fine|ok|okay) (my|the|our) (teacher|"
            r"professor|prof|tutor|mom|mum|dad|parents) ",
            *asking.SAID_SO,
        ),
        "emotional": (
            r" (i ll|ill|i will|im going to|i am going to|im gonna|i m gonna|gonna) "
            r"(fail|flunk|get a zero|cry|be in trouble|get in trouble) ",
            r" if you dont (help|write|do|give) ",
            r" (i beg|im begging|i am begging|please please|im desperate|i am desperate|"
            r"so desperate|last time i ask|im asking you|i am asking you) ",
            r" (its|it is|this is) due (tomorrow|tonight|today|in) ",
            r" (i have|ive got|i got) no time | (im|i am) (out of|running out of) time ",
        ),
        "compare": (
            r" compare (it |this |that |yours |mine |them |your (version|one|text) )?(to|with|"
            r"against) (my|mine|what i|yours|your|the one i) ",
            r" (and|so i can|so we can|to|then|i ll|ill|i will|i can|let me|lets) compare ",
        ),
        "example": (
            r" (show|give|send|tell|write) (me|us) (an |some |one )?(good |quick |)examples? ",
            r" (write|give|show|make|create) (me |us )?(an|one|some) examples? ",
            r"^ (just |maybe |)(an|one|some|any) examples? (please|pls|of (a |an |the )?"
            + _PART
            + r"|for (the |my |a )?"
            + _PART
            + ")",
            r"^ (just )?(an |one )?examples? (please )?$",
            r" (can|could|may) i (see|have|get) (an |a |one )?(good )?examples? ",
            r" what (would|does|could) (an|a good) examples? ",
        ),
        "write_for_me": (
            # "write it for me", "can you just write the claim for me", "fill it in for me"
            r" (write|do|draft|compose|fill|generate|finish|complete|type|produce|craft|"
            r"come up with|think of|create) [a-z0-9 ]{0,40}(for me|for us) ",
            # ... but not "how do I write a good warrant?" (a question about the part)
            r"(?<! i)(?<! to)(?<! we) (write|draft|compose|generate|give me|make me|create|"
            r"provide|suggest|tell me|"
            r"send me|come up with|think of|think up|invent|make up) (me )?(my|the|a|an|one|"
            r"your|some|good|better|new|another)( good| better| strong| new)? " + _PART + " ",
            r" (you|u) (write|do|make|decide|choose|pick|fill) (it|this|that|one|mine|them) ",
            r" (write|do|draft|fill in|finish|complete) (it|this|that|one|mine|them|something|"
            r"the rest|it all|everything)( for me| please| now| already| instead)* $",
            r" (can you|could you|would you|please|just|you) (do|fill in|finish|complete|write) "
            r"(the|my) (rest|<PARTS>) ",
            r" how (you|u) would (write|do|say|put) ",
            r" what (should|would|could) (my|the|a good|a) " + _PART + " be ",
            r" what would (be )?(a |an )?(good |strong |better )?" + _PART + " ",
            r" (give|send|tell|show) me (some |any |a few |an |)ideas? ",
            r"^ (any|some|got any) ideas ",
            r" (give|tell|show) me the (answer|solution|text) ",
            r" what (would|should|could) (you|u) (write|put|say) ",
            r" what would (a|an|the) (good |strong |)" + _PART + " (be|look like) for ",
            r" (just )?tell me what to (write|put|say) ",
        ),
        "stuck": (
            *more.NO_KNOWLEDGE,
            r" (im|i am|i m|i feel|feeling|got|totally|so) stuck ",
            r"^ stuck ",
            r" (dont|do not|no) (know|idea) (what|how) (to|i should) (write|put|say|start) ",
            r" no idea what to (write|put|say) ",
            r" what (should|do|can|shall) i (write|put|say) ",
            r" how (should|do|can|shall) i (start|begin) ",
            r" i cant think of (anything|a |an |one|any) ",
            # "I honestly don't know any facts", "I don't have any data": nothing to write
            r" i ([a-z]+ )?(dont|do not|cant|cannot|can not) (really )?(know|think of|find|"
            r"remember|come up with|have) (any|anything|a single|enough|much|one) ",
            r" i ([a-z]+ )?(know|have) (no|zero) (facts|data|evidence|sources?|experts?|idea) ",
            r"^ (please )?(help|help me|help please|i need help|need help|can you help|"
            r"can you help me|could you help me|help me out|help me please|pls help)"
            r"( please)? $",
            r" (i need|need) (your )?help (with|writing|to write) ",
            r"^ (i have no idea|i have no clue|no idea|no clue|i dont know|dont know)"
            r"( what to do| what to write)? $",
            # "honestly no clue what evidence there is": the student, not "parents have no idea"
            r"^ ((honestly|really|to be honest|sorry|literally|totally|still|just|but|and|so|"
            r"ugh|um|lol) )*(i (really |honestly |just )?(have|got|ve got) )?(no|zero) "
            r"(idea|clue) (what|which|who|where|how|whether|if|about) ",
            r" help me (write|with|do|finish|make|think of|come up) ",
        ),
    },
    concept_patterns=(
        r" what (is|are|s|was|makes) (a |an |the |your |this )?(good |strong |)" + _PART + " ",
        r" whats (a |an |the )?" + _PART + " ",
        r" what (does|do) (a |an |the )?" + _PART + " (mean|do|need|look like) ",
        r" what (does|do) (that|this|it|you) mean ",
        r" what do you mean ",
        r" (i|i still|i really|i just|still|really) (dont|do not|didnt|did not|cant|cannot) "
        r"(really )?(know|understand|get|see) (what|how|the difference|why) ",
        r" (i m|im|i am) (confused|lost|not sure) (about|by|what|how|on) ",
        r" (meaning|definition|purpose|point) of (a |an |the )?" + _PART + " ",
        r" (define|explain|describe) (what |how )?(a |an |the )?" + _PART + " ",
        r" explain (it|that|this|again|please) ",
        r" difference between ",
        r"^ ((but|and|sorry|still|honestly|ugh) )*(i )?((really|just|still|honestly) )?"
        r"(dont|do not) (understand|get it|understand it|get this)( at all)? $",
        r" how (to|do i|can i|should i|do you|do we|can you) (write|make|build|find|choose|"
        r"state|know) (a |an |the |my |if )?(good |strong )?" + _PART + " ",
        r" (is|are) (a |an |the )?" + _PART + " (the same as|like|just) ",
        r" (what|how) (should|does|do|must) (a |an |the |my )?" + _PART + " "
        r"(look like|contain|have|include|say|be) ",
    ),
    off_topic_patterns=(
        r"^ (hi|hello|hey|hiya|yo|good (morning|afternoon|evening)|thanks|thank you|bye|lol|"
        r"haha|ok bye)( there| tutor)?( how are you)? $",
        r" how are you ",
        r" (tell|give) me a joke ",
        r" (who|what) are you ",
        r" what s your name | whats your name ",
        r" (are you|r u) (a robot|an ai|human|real) ",
        r" (weather|football|soccer|basketball|minecraft|fortnite|tiktok|netflix|video games?|"
        r"your favou?rite|pizza) ",
        r" (capital of) ",
    ),
    feedback_patterns=(
        *more.FEEDBACK,
        r" (is|does|was|are) (mine|my [a-z]+|it|this|that|these|they|my [a-z]+ [a-z]+) "
        r"([a-z]+ ){0,3}?(enough|ok|okay|fine|good|right|correct|clear|strong|weak|specific|"
        r"general|vague|too [a-z]+|work|have (one|a source)|make sense|count) ",
        r" (do|does) (mine|my [a-z]+) (just |really |actually )?(work|need|have|count|"
        r"make sense|say|name|show|include|give|state|mention|repeat|restate|explain|do) ",
        # Said short, after what the part should be: "... should be specific. Is mine?"
        r" (is|does|do|was|has) (mine|my [a-z]+|my [a-z]+ [a-z]+) $",
        r" do i need (more|a source|to change|to add) ",
        # "does my rule actually connect to my grounds?", "would that work as a rebuttal?"
        r" (do|does|did|would|will|could|can) (mine|my [a-z]+|it|this|that)( [a-z]+ly)? "
        r"(connect|relate|link|fit|match|support|follow|count|work|hold up|go with|back up) ",
        r" (is|was) (it|this|that|mine) (just|only|too|more) (my |an )?(opinion|personal) ",
        r" (what do you think of|how is|how about|any feedback on|feedback on|can you check|"
        r"could you check|check) my ",
    ),
    # A question in its word order, without "?": "does this count as evidence or ...".
    acceptance_words=more.ACCEPTANCE,
    feedback_openers=(" check ", " does this ", " does that ", " does my ", " is this ", " is my "),
    ask_kind_patterns={
        "complete": (r" (finish|complete|continue|end|fill in|comes after) ", r" (blank) "),
        "options": (r" (options?|list|brainstorm|a few|a couple|could use|pick one) ",),
        "roleplay": (r" (pretend|imagine|act as|roleplay|were me|be me|you are the student) ",),
        "translate": (
            r" (translate|grammar|proofread|paraphrase|academic|sound|correct[a-z]*|"
            r"better than me) ",
        ),
        "look_up": (
            r" (look up|find me|search|google|statistics?|data|source|research|published) ",
        ),
    },
    hedges=frozenset(
        "pretty almost probably likely maybe perhaps mostly fairly quite guess think most "
        "certainly definitely".split()
    ),
    exchange_words=frozenset(
        "a an the i is it to of in on at for and or but so no not do be am are was its im ive "
        "dont cant can cannot couldnt wont one this that come once time times last tried try "
        "trying really ask asking asked promise promised begging beg again anything nothing "
        "seriously honestly please tell say know mean sorry hard whatever go going lets let "
        "hurry quick need want wanna still give write put done just already "
        "swear think guess what whats which what s get got ever even more way pretty then "
        "whats up stop".split()
    ),
    framing_fillers=more.FRAMING_FILLERS,
    framing_followers=(
        *more.DOERS,
        "ok(?:ay)?",
        "here goes",
        "here it goes",
        "here'?s my try",
        "here is my try",
        "scratch that",
        "never mind",
        # Taking back what came before, then the new try: "wait no, try this instead -".
        "(?:wait|oh|hmm+|um+|uh+|actually|nah) no",
        "no wait",
        "nah wait",
        "actually",
        "(?:scrap|forget|ignore) (?:that|it|this|what i said)",
        "(?:try|how about) this(?: one)?(?: instead)?",
        "(?:a |one )?new one",
        "try again",
        "sure thing",
        "let me think",
        # "i just told u, the queue was 19 min ...": a complaint before their own text
        r"i (?:just |already )?(?:told|said)(?: (?:u|you)(?: that)?)?",
        "(?:like|as) i said",
        "so",
        "then",
        "got it",
        "i see",
        "understood",
        "makes sense",
        "fair enough",
        "sure",
        "cool",
    ),
    framing_leads=("actually", "ok", "wait"),
    framing_changes=(
        r"(?:let me|i'?ll|i will|i want to|i'?d like to|can i)\s+(?:change|rewrite|redo|fix|"
        r"try|edit|rephrase)",
        # "put: probably, for the younger years": the student's own words follow the colon.
        r"(?:(?:i'?ll|let me|i will|gonna|i'?m gonna) )?(?:put|write|go with)"
        r"(?=(?: this| it)?\s*:)",
    ),
    framing_objects=(" it", " that", " this", " mine", r" my \w+", " again"),
    strong_fillers=more.STRONG_FILLERS,
    loose_fillers=more.LOOSE_FILLERS,
    filler_not_before=more.FILLER_NOT_BEFORE,
    plea_words=more.PLEAS,
    distress_patterns=more.DISTRESS,
    plea_context=more.PLEA_CONTEXT,
    begging=more.BEGGING,
    threats=more.THREATS,
    tutor_pronouns=more.TUTOR_PRONOUNS,
    observations=more.OBSERVATIONS,
    fillers=frozenset(
        "please pls plz plis pleaseee kindly just ok okay so now ugh uh um hey oh well then and "
        "but also maybe quickly tutor bro dude man right alright yo".split()
    ),
    polite=frozenset("please pls plz plis kindly".split()),
    polite_pattern=(
        r"\b(would you mind|do you mind|would it be possible|is it possible for you|"
        r"i would appreciate it if|id appreciate it if|i would love it if|id love it if|"
        r"it would be great if|would be nice if|if its not too much trouble|"
        r"may i ask you|can i ask you|could i ask you)\b"
    ),
    # What the tutor would have to produce: wanting one of these is asking for it.
    artefacts=frozenset(
        "claim claims grounds warrant warrants backing backings qualifier qualifiers rebuttal "
        "rebuttals example examples option options idea ideas data statistic statistics stats "
        "number numbers figures source sources study studies fact facts answer answers sentence "
        "sentences text version paragraph words argument help thesis".split()
    ),
    determiners=frozenset(
        "a an some the more three two few couple any good better new another my".split()
    ),
    part_words=frozenset(
        "claim claims grounds warrant warrants backing qualifier qualifiers rebuttal "
        "rebuttals".split()
    ),
    personal=frozenset("you your yours u ur youre me my i im ive id we our us".split()),
    subject_openers=asking.SUBJECT_OPENERS,
    said_openers=asking.SAID_OPENERS,
    addressees=asking.ADDRESSEES,
    for_me=asking.FOR_ME,
    clause_joiners=("and then", "and", "so", "then"),
    imperative=imperative,
    asks_tutor=asks_tutor,
    wants_from_tutor=more.wants_from_tutor,
    wanted=wanted,
    question_opening=question_opening,
    grammar_words=frozenset(
        "that this these those with from into have been were will would could should must their "
        "there they them then than what when where which while your yours about also very more "
        "most some such only just over because since does doing being other each every many "
        "much after before during under again still even here through against among without "
        "within around upon ever never always often comes come goes make makes made like "
        "less roughly approximately exactly "
        # A negative contraction cut at its apostrophe ("doesn't" -> "doesn", "t").
        "doesn didn isn wasn aren weren hasn haven hadn wouldn couldn shouldn mustn needn".split()
    ),
    example_markers=(
        r"for example|for instance|e\.g\.|an example|in an argument about|on another topic",
    ),
    reported_speech=(r"(say|write|argue|claim|state|put|saying|writing|arguing)\s+(that)",),
    suggestion_patterns=frames.SUGGESTION_PATTERNS,
    knowing_patterns=frames.KNOWING_PATTERNS,
    tag_verbs=frames.TAG_VERBS,
    guard_frames=frames.GUARD_FRAMES,
    other_topic_patterns=frames.OTHER_TOPIC_PATTERNS,
    offer_patterns=(
        r"better|stronger|sharper|clearer|more (?:careful|precise|convincing|specific)|"
        r"another|alternative|try this|try|here is|here's|heres|"
        r"suggest(?:ion)?|options?|ideas?|consider|recommend(?:ation)?|"
        # "the general rule is that ...": a rule given, not talked about.
        r"(?:the|a|one) (?:general |simple |basic )?(?:rule|principle|reason|claim|point) "
        r"(?:here )?(?:is|would be|could be|might be) that",
    ),
    addressed=frozenset("you your yours youve youre youd yourself yourselves".split()),
    embedded_questions=(r"\b(?:what|whether|how|why)\b",),
    asking_words=(r"what|which|who|whom|whose|why|how|whether",),
    asked_after_verb=(
        r"\b(?:say|said|mention|add|explain|ask|check|decide|know|tell|show|name|write|"
        r"think about|thinking about)\s+(?:which|who|whom|whose)\b",
    ),
    meta=frozenset(
        "claim claims grounds warrant warrants backing qualifier rebuttal reader readers "
        "argument sentence wording word words phrase version example opinion judgement".split()
    ),
    relative_openers=(r",\s*(?:which|who|whose|one that|one which)\b",),
    definition_patterns=frames.DEFINITION_PATTERNS,
    indefinite=frozenset("a an some something".split()),
    relative_words=frozenset("that which who like".split()),
    text_nouns=frozenset(
        "rule rules idea ideas reason reasons principle principles point position stance".split()
    ),
    word_nouns=frozenset("word words phrase term".split()),
    probe_words=frames.PROBE_WORDS,
    checking_patterns=frames.CHECKING_PATTERNS,
    describing_predicates=(
        r"^(?:would |could |might |can |will |should )?(?:also |still |equally |then )?"
        r"(?:holds?|works?|appl(?:y|ies)|fits?|covers?|goes)\b",
        # What the rule's wording does: "a rule that starts with “if” and doesn't name ...".
        r"^(?:(?:starts?|begins?|opens?|ends?) with|(?:does ?n ?t|does not|doesnt|never) "
        r"(?:mention|name|use|say|include)|avoids?|leaves? out|names? no|mentions? no)\b",
        # What a reader can do with it: "a position that can be argued".
        r"^(?:(?:can|could|might|may|will|would) (?:still )?be \w+(?:ed|en)|someone (?:\w+ )?"
        r"(?:disagree|argue|check|dispute|challenge|question)\w*)\b",
    ),
    pointing_patterns=(
        r"^\W*(?:that|this|it)(?:'s|’s| is| was| would be| sounds like| looks like)"
        r"(?: \w+ly)? (?:an?|already an?|really an?)\b",
        r"^\W*(?:that|this) (?:rule|claim|reason|source|figure|qualifier|rebuttal|warrant|"
        r"sentence|wording|limit|exception)\b",
    ),
    sentence_joiners=("and", "but", "so", "because", "while", "although"),
    proposal_talk_patterns=(
        r"\b(?:i'?ve|i have|i|ive)\s+(?:just\s+|now\s+|already\s+|gone ahead and\s+)?"
        r"(?:put|added|saved|placed|updated|inserted|filled in|dropped|popped|moved|"
        r"written|wrote|drafted)\b",
        r"^\W*(?:saved|done|added|updated)\b",
        r"\bhere (?:is|are|'s)\b|\bheres\b",
    ),
    step_names=STEP_NAMES,
    guiding_questions=GUIDING_QUESTIONS,
    problems=PROBLEMS,
    praise=PRAISE,
    where_to_look=WHERE_TO_LOOK,
    as_you_wrote=AS_YOU_WROTE,
    phrases=PHRASES,
    explanations=EXPLANATIONS,
    examples=EXAMPLES,
    openers=OPENERS,
    example_lead=EXAMPLE_LEAD,
    help_questions=HELP_QUESTIONS,
    off_topic=OFF_TOPIC,
    your_part=your_part,
    feedback_examples=FEEDBACK_EXAMPLES,
    part_examples=PART_EXAMPLES,
)
