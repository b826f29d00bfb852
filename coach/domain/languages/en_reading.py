"""English: more of how the offline tutor reads a student's message (carried by the pack in
``coach.domain.languages.en``): who will do the work, having nothing to write, a rebuttal
that denies, a question whether the student's own text is acceptable."""

from __future__ import annotations

import re

# A sentence about who will write the part says nothing about the topic: "Fine, I'll do it
# myself then.", "OK forget it, I'll write it myself:", "never mind, I'll just do it on my own".
DOERS: tuple[str, ...] = (
    "forget it",
    "whatever",
    r"i'?ll (?:just )?(?:do|write|try|figure) (?:it|this|that)(?: out)?"
    r"(?: (?:myself|on my own|alone))?(?: then)?",
)

# A message whose only statement is the student's own lack of knowledge ("honestly I've got
# no data at all about canteen meat", "I genuinely know nothing about ..."): never an
# attempt. Only from its start: "half my class have no data on their phones" is content.
NO_KNOWLEDGE: tuple[str, ...] = (
    r"^ ((honestly|tbh|to be honest|really|sorry|literally|but|so|um|well|ok|okay|and|"
    r"genuinely|actually) )*(i|ive|im|i ve|i m)( have| am)? "
    r"((really|honestly|genuinely|just|literally|actually|still|truly) )*"
    r"(have|got|know|possess|found|can find) (no|zero|nothing|none|"
    r"not a single|not one|not any)( [a-z]+){0,12} $",
)

# A rebuttal that denies any circumstance or opponent exists ("no one could disagree",
# "there's no situation where this fails"), read only when it names no condition.
DENIALS: tuple[str, ...] = (
    r"\b(no one|noone|nobody|nothing|no situation|no case|no exceptions?|no way|no reason|"
    r"not a single|not one|never)\b",
    r"\b(cant|can t|can not|cannot|couldnt|couldn t|dont|don t|do not) (see|think of|imagine|find) "
    r"(anyone|anybody|any|a single|one)\b",
    r"\b(everyone|everybody|all of us) (wants?|agrees?|likes?|loves?|would agree)\b",
    # "there isnt really a case where it wouldnt work", "theres no time it fails"
    r"\bthere (isnt|arent|aint|is not|are not|is no|are no|s no|s not|wont be|will not be|"
    r"wouldnt be|would not be|is never|s never) ((really|honestly|actually|even|ever|"
    r"realistically) )?((a|an|any|one|single) )?((real|actual|single) )?(case|situation|"
    r"exception|time|scenario|circumstance|condition|example|way)s?\b",
    r"\btheres (no|not|never)\b",
)

# A rebuttal that says the claim holds whatever happens: "it always works", "works every
# time", "never fails". Read only when no condition or contrasting case is named: "it always
# works unless it rains" names one.
ALWAYS: tuple[str, ...] = (
    r"\b(always (works?|helps?|applies|holds|happens)|(works?|helps?|applies|holds) "
    r"(always|every time|everywhere|for (everyone|everybody|every one|all))|(works?|helps?|"
    r"applies|holds) in (every|all|any) (cases?|situations?|schools?)|never fails?|"
    r"(cant|can t|cannot|couldnt|wont|would never|will never) (ever )?fail)\b",
)

# The case a denial says never happens: "there's no case where it wouldn't work", "i cant see
# any case where it doesnt help". "I can't think of any exception" names none: stuck.
FAILING_CASE: tuple[str, ...] = (
    r"\b(where|wherever|in which|when|that|for which)( [a-z]+){0,5} (fails?|failed|wouldnt|"
    r"wouldn t|doesnt|doesn t|dont|don t|wont|won t|didnt|didn t|isnt|isn t|not|goes wrong|"
    r"go wrong|went wrong|backfires?)\b",
)

# Asking the tutor for help beside a denial: "i can't think of any exception, help".
HELP_ASKED: tuple[str, ...] = (
    r"\b(help|helps|hint|hints|give me|show me|can you|could you|tell me)\b",
)

# What opens a rule's condition, read only to tell a rule from a restatement: "when students
# rate teachers, teachers improve", "where pupils ...", "teachers who get rated ...".
LINKS: tuple[str, ...] = (
    r"\b(if|when|whenever|once|as long as|every time|each time|any time|anytime|as soon as|"
    r"where|wherever)\b",
    r"\b[a-z]+ (who|whose)\b",
)

# Texting forms written out before a warrant is compared with the claim: "exams shld be
# after the break cuz ..." says "should" and "because".
SPELLED_OUT: dict[str, str] = {
    "shld": "should",
    "shud": "should",
    "shd": "should",
    "cuz": "because",
    "coz": "because",
    "cos": "because",
    "bc": "because",
    "bcoz": "because",
    "bcuz": "because",
    "ppl": "people",
    "u": "you",
    "ur": "your",
    "r": "are",
    "w": "with",
    "tho": "though",
    "thru": "through",
    "b4": "before",
    "gonna": "going to",
    "wanna": "want to",
}

# What a warrant's reason may say that names no criterion: a bare judgement and the words
# around it ("because its better to have them after the break"). A reason of only these and
# its conclusion's own words says the conclusion again.
HOLLOW_REASON_WORDS: frozenset[str] = frozenset(
    "better best good great nice nicer fine right fair smart smarter sense idea thing things "
    "much more really very just have having them they their there that this these those "
    "what when then also it its itll itd would will could should make makes made happen "
    "happens".split()
)

# What a yes/no question asks when it asks whether the student's own text or source is
# acceptable: "would my teacher accept a class survey as a source?", "does an interview with
# our cook count?".
ACCEPTANCE: frozenset[str] = frozenset(
    "count counts accept accepted acceptable allowed ok okay fine valid enough work works "
    "qualify pass good reliable credible use".split()
)

# A comparison or judgement with no criterion, left at that: "tablets would be better for
# everyone", "first aid lessons are way more useful", "breakfast is the best option for all
# students", "tablets are just better than books". Better how, for whom in particular? A
# claim that names its criterion or its group ("cheaper for families", "better for pupils
# who arrive hungry, because ...") goes on past these words.
VAGUE_COMPARISONS: tuple[str, ...] = (
    r"\b(would|will|is|are|was|its|s|would be|will be) ((so|much|way|very|really|just|a lot|"
    r"far|even|definitely|honestly|kind of|overall) )*(better|best|good|great|a good thing|"
    r"a good idea|a great idea|more (useful|helpful|beneficial|effective)|useful|helpful|"
    r"beneficial|the (best|better) (option|choice|thing|idea|way))( than( [a-z]+){1,2})?"
    r"( for (everyone|everybody|all|us|all of us|people|students|kids|children|pupils|"
    r"all (the )?(students|kids|pupils|children)|the school|schools|society|the world)"
    r"( in (school|schools|the school))?)?$",
)

# Whether the student's own text is what it should be, asked as a choice between a real part
# and something less: "Is this a real rebuttal or just a complaint?", "is my claim actually a
# claim or just an opinion?", "is this real evidence or just a feeling?".
FEEDBACK: tuple[str, ...] = (
    r" (is|was|are) (this|that|it|mine|these|my [a-z]+)( [a-z]+ly)? (a |an )?((real|proper|"
    r"actual|true|genuine|good|valid|legit|strong|decent) )?[a-z]+ or (is it |its )?((just|"
    r"only|more|really|rather|too) )?(a |an )?[a-z]+ ",
)

# What "what about that ..." may put forward that is the tutor's words, not a proposition of
# the student's: "what about that thing you said before?", "the one you suggested", "whatever
# you think", "your idea". Read from the start of the folded rest.
PROPOSITION_REQUESTS: tuple[str, ...] = (
    r"^ ((the|that|this|those|these) )?((thing|things|one|idea|point|example|stuff|part|bit|"
    r"sentence|claim|answer|option|version|what) )?(that )?(you|u) (said|suggested|wrote|"
    r"mentioned|gave|told|proposed|put|came up|think|thought|want|like|prefer|recommend|say|"
    r"pick|choose|meant|mean)\b",
    r"^ (whatever|something|anything) (you|u)\b",
    r"^ (your|ur) (idea|suggestion|example|version|answer|claim|one|option|sentence|thing|"
    r"point|words)\b",
    # a thing pointed at, with no clause of its own: "that thing from the article?"
    r"^ ((the|this|that) )?(thing|things|one|idea|point|example|stuff|bit|part|option|version|"
    r"article|video|sentence|quote)( (from|about|with|in|on|of|before|earlier|above|again)"
    r"( [a-z]+){0,3})? $",
)

# A bracket is a slot for the tutor only when it holds one of these ("[whatever you think
# works best]", "<something about quiet places>", "{tbd}"); an aside ("[in my school]") is
# text. An ellipsis is a slot only after nothing but a lead ("unless ...", "because…").
SLOT_WORDS: frozenset[str] = frozenset(
    "whatever something anything you your u ur yours tbd tbc todo insert fill blank etc "
    "x xx xxx".split()
)
SLOT_LEADS: frozenset[str] = frozenset(
    "unless because if since although though but when so as while except until whereas "
    "therefore".split()
)

# What a verb that acts on the world as much as on text ("give", "add", "make", "bring")
# acts on when it asks for text: "give us an example", "Give some reasons please", "Add a
# reason", "Make a better rule", "Bring the evidence please".
TEXT_OBJECTS: frozenset[str] = frozenset(
    "me it this that these those them one something anything everything mine yours claim "
    "claims grounds warrant warrants backing qualifier rebuttal example examples option "
    "options idea ideas data statistic statistics stats number numbers figures source sources "
    "study studies fact facts answer answers sentence sentences text version paragraph words "
    "argument rest part parts reason reasons rule rules evidence proof proofs quote quotes "
    "citation citations".split()
)
# "Tell the teacher what to write", "tell me what to put": the tutor is to produce the text.
WHAT_TO_WRITE = re.compile(r"\bwhat (to|i should|we should) (write|say|put|answer)\b")
# Words that may come between the verb and its text object: "give us some more reasons",
# not "Give students a reason to come on time" (students get the reason: a claim).
_BEFORE_OBJECT = frozenset(
    "me us a an the some any more another better good few couple of one two three new real "
    "my our your strong stronger proper solid actual".split()
)


def text_object_first(window: list[str]) -> bool:
    """Whether ``window`` (the words after a world verb) names a text object before any
    other noun: "us some evidence", not "students a reason to ..."."""
    for word in window:
        if word in TEXT_OBJECTS:
            return True
        if word not in _BEFORE_OBJECT:
            return False
    return False


# A verb with a particle and then "is" is a noun, the name of a thing: "pick up is at 7:05",
# "drop off was late", "the write up is due": no command.
_PARTICLE_NOUN = frozenset("up off out in over back".split())
_COPULAS = frozenset("is was are were s isnt wasnt".split())


def names_a_thing(rest: list[str]) -> bool:
    """Whether the words after a verb (``rest``) make it a noun: a copula next, after a
    particle or not ("pick up is at 7:05")."""
    head = rest[1:2] if rest[:1] and rest[0] in _PARTICLE_NOUN else rest[:1]
    return bool(head) and head[0] in _COPULAS


# Words that name who or what stands behind a backing by themselves (an institution, an
# expert, a law, a publication), and what a student can point at without a capital letter: a
# product's label or maker, an official timetable, an authority named in lower case ("the
# european food safety authority"), their own eyes ("i timed it").
AUTHORITY: tuple[str, ...] = (
    # Someone the student can name by role, or a count they made themselves: a show of
    # hands, a class vote, a survey they ran ("I asked my class", "the librarian's book").
    "teacher*",
    "librarian",
    "headteacher",
    "head teacher",
    "principal",
    "the cook",
    "school nurse",
    "show of hands",
    "class vote",
    "we voted",
    "i asked",
    "we asked",
    "i ran",
    "we ran",
    "i counted",
    "we counted",
    "wrote down",
    "tally",
    "myself",
    "according to",
    "published",
    "journal",
    "universit*",
    "institut*",
    "census",
    "agency",
    "organization*",
    "organisation*",
    "government",
    "expert*",
    "professor*",
    "dr",
    "law",
    "laws",
    "act",
    "court",
    "ministry",
    "department",
    "association",
    "peer reviewed",
    "scientist*",
    "researchers",
    "psychologist*",
    "economist*",
    "doctors",
    "physicians",
    "guidelines",
    "textbook",
    "encyclopedia",
    "statistics office",
    "office for",
    "council",
    "commission",
    "foundation",
    "bureau",
    "academy",
    "nobel",
    "authority",
    "label",
    "labels",
    "manufacturer*",
    "maker",
    "makers",
    "packaging",
    "printed on",
    "on the can",
    "on the bottle",
    "on the packet",
    "official",
    # Organisations and universities students type in lower case ("the nhs says", "a harvard
    # study"); "the who" only with what it says, as a pronoun "who" names no one.
    "the who says",
    "the who said",
    "the who recommends",
    "the who advises",
    "the who warns",
    "the who report",
    "the who website",
    "the who guidelines",
    "nhs",
    "cdc",
    "nasa",
    "oecd",
    "unesco",
    "unicef",
    "bbc",
    "harvard",
    "oxford",
    "cambridge",
    "stanford",
    "yale",
    "princeton",
    "timetable",
    "bus company",
    "transport company",
    "i timed",
    "i measured",
    "with my own eyes",
    # A poll or survey the student made themselves ("i made the poll on google forms").
    "my poll",
    "my survey",
    "our poll",
    "our survey",
    "i made a poll",
    "i made the poll",
    "i made a survey",
    "i made the survey",
    "we made a poll",
    "we made the poll",
    "we made a survey",
    "we made the survey",
    "i did a poll",
    "i did a survey",
    "we did a poll",
    "we did a survey",
)


# Pleading, distress or a deadline, and nothing about the topic: "pleaseee i really need it,
# my essay is due tomorrow", "plz plz i need this done by tonight", "im so stressed, my
# teacher is gonna kill me". A message made only of these words (one of ``PLEAS`` at least),
# the exchange's words and ``PLEA_CONTEXT`` is never a part. Folded words; letters typed
# three times or more count once ("pleaseee" -> "please").
PLEAS: frozenset[str] = frozenset(
    "please pls plz plis pleas pleez beg begging begged desperate desperately stressed "
    "stressing panicking panic panicked freaking due deadline deadlines urgent urgently asap "
    "help helpme tonight tomorrow midnight crying cry dying".split()
)
PLEA_CONTEXT: frozenset[str] = frozenset(
    "essay homework assignment project paper coursework teacher teachers prof sir miss mum "
    "mom dad parents kill killing gonna going fail failing flunk zero trouble hour hours "
    "minute minutes mins left by until an rn now right morning first thing today week monday "
    "tuesday wednesday thursday friday weekend like lol omg ugh so super really literally "
    "totally am is are have has got only some few two three whole class grade mark marks "
    "done finish finished time late already still need needs something anything idea clue "
    "me my your you u ur with this it on come give just man bro will if dont hand handed submit "
    "turn in dead screwed doomed at nothing exam exams test".split()
)

# Hearsay as a source, inside grounds or a backing: where the student saw or heard it, with
# no one named who stands behind it ("Kids sleep less with phones, I read it online", "saw
# it on tiktok", "my friend told me", "people say"). Read on the folded words.
HEARSAY_ONLINE: tuple[str, ...] = (
    r"\b(read|saw|seen|found|heard|got|learned|learnt|watched|came across) (it |this |that |"
    r"about (it|this|that) |something )?(on |in |off |from |at )?(the |a |an |some |one )?"
    r"(online|internet|web|website|google|tiktok|youtube|instagram|insta|reddit|facebook|"
    r"twitter|snapchat|social media|video|post|meme|whatsapp|random site|news|tv|telly|radio|"
    r"podcast)\b",
    # "somewhere" after the thing seen: "a survey found somewhere between 20 and 30" reports.
    r"\b(read|saw|seen|found|heard|got) (it|this|that) (somewhere|someplace)\b",
)
HEARSAY_PEOPLE: tuple[str, ...] = (
    r"\b(my|a|some|one of my|our) (best )?(friend|friends|mate|mates|mum|mom|dad|mother|"
    r"father|cousin|cousins|brother|sister|aunt|uncle|neighbour|neighbor|classmate|"
    r"classmates|bf|gf|boyfriend|girlfriend|grandma|grandad|grandpa|nan)( [a-z]+){0,4} "
    r"(told|tells|said|says|showed)\b",
    # "28 people said ...", "19 of them said ...": a count, not hearsay.
    r"(?<![0-9] )\b(someone|somebody|people|everyone|everybody) (told me|told us|said|say|says)\b",
    r"\bi (have |ve )?heard (it|that|this|somewhere|from)\b",
)
# A source named and what it says: "The BBC website says ...", "according to the NHS".
SOURCE_SAYS: tuple[str, ...] = (
    r"\b(says|said|reports|reported|found|finds|shows|showed|shown|states|stated|estimates|"
    r"estimated|according to|published|publishes|writes|wrote)\b",
)

# Fillers before a part with no punctuation after them: "ok so phones should ...", "so
# basically schools ...", "um ok so unless ...". A run of them is framing only when it holds
# one of ``STRONG_FILLERS`` (never a part's first words): "So many pupils ..." and "Well-fed
# pupils ..." keep theirs. Folded words, a unit of several words spaced.
STRONG_FILLERS: tuple[str, ...] = (
    "ok", "okay", "okey", "k", "kk", "um", "umm", "uh", "uhh", "erm", "hmm", "hm", "basically",
    "anyway", "anyways", "alright", "so yeah", "so like", "come on", "cmon",
    "i mean", "tbh", "ngl", "nb",
)  # fmt: skip
LOOSE_FILLERS: tuple[str, ...] = ("so", "well", "right", "yeah", "yes", "like", "then", "and")
# Words a loose filler cannot stand before: "so many", "so much", "so that".
FILLER_NOT_BEFORE: frozenset[str] = frozenset("many much far few long often that".split())

# Where something was seen, said of a (vague) source: "online", "on tiktok", "somewhere".
ONLINE: tuple[str, ...] = (
    r"\b(online|internet|on the web|a website|some website|google|googled|tiktok|"
    r"youtube|instagram|insta|ig|reddit|facebook|twitter|snapchat|social media|a video|"
    r"whatsapp|a meme|somewhere|someplace)\b",
)

# Fillers and nods before a part, followed by a stop or a comma: "ok.", "well,".
FRAMING_FILLERS: tuple[str, ...] = (
    "ok(?:ay)?",
    "okey",
    "well",
    "right",
    "so",
    "fine",
    "alright",
    "hmm+",
    "mm+",
    "sure(?: thing)?",
    "cool",
    "um+",
    "uh+",
    "wait",
    "oh",
    "ah",
    "yeah",
    "yes",
    # A note to the reader before the text ("Please note: schools should ...", "NB: ..."):
    # only with the punctuation after it, so "note that I'm not sure" is no framing.
    "(?:please )?note",
    "n\\.?b\\.?",
    "ps",
)  # fmt: skip

# A question the student answers at once is their position: "Should schools ...? I say yes",
# "...? Definitely not". Read on the folded words after the last question mark.
QUESTION_ANSWERS: tuple[str, ...] = (
    r"^(and |so )?(i (say|think|would say|d say|believe|vote|reckon)|my answer is) "
    r"(yes|no|so|not)\b",
    r"^(yes|yeah|yep|definitely|absolutely|of course|obviously)\b",
    r"^(no|nope)$",  # "no idea" answers nothing
)

# Someone named only by their role at school, and a backing left unsure: "idk, my teacher
# said it", "not sure, maybe a teacher". Which teacher, and what did they base it on? Read on
# the folded words.
ROLES: tuple[str, ...] = (
    r"\b(teachers?|sir|miss|tutor|form tutor|coach|head|headteacher|principal|librarian|"
    r"nurse|professor|prof)\b",
)
UNSURE: tuple[str, ...] = (
    r"\b(idk|i dont know|i don t know|dunno|not sure|maybe|i think|probably|perhaps|i guess|"
    r"or something|some|i forgot|cant remember)\b",
)

# A judgement that something makes things better or worse, with no criterion, left at that:
# "dogs make school better", "monster makes kids worse". Better how? Read on the folded words
# of the piece before "so".
BARE_JUDGEMENTS: tuple[str, ...] = (
    r"\b(make|makes|made|making|would make|will make) ([a-z]+ ){0,3}((so|much|way|a lot|even|"
    r"really) )?(better|worse|nicer|best|worst|good|bad|great|awful|more fun|happier|sadder)$",
)

# A complaint as a claim: too much or too little of something, and no change asked for: "the
# bus comes way too early", "monster has way too much caffeine". Read on the folded words of a
# claim with no "should" in it (its last words).
COMPLAINTS: tuple[str, ...] = (
    r"\b(too|super|so|really|very) [a-z]+( [a-z]+)?$",
    r"\b(not enough|hardly any|barely any) [a-z]+( [a-z]+)?$",
)

# An evaluation and nothing more: something is a problem, a disaster, the worst, out of hand,
# and no one is asked to do anything ("phones are a massive issue", "homework is such a pain",
# "vaping in the toilets is getting out of hand"). Read on the folded words of a claim with no
# "should", "so" or "because" in it; any words may follow ("... for teens", "at our school",
# "for year 11"), but not a comparison ("than ..."), a clause ("that ...", "which ...") or
# what would be better ("...; it would be better to ..."): EVALUATION_CLAUSES open them.
_EVALUATED = (
    r"(problem|problems|issue|issues|disaster|nightmare|joke|mess|pain|concern|worry|headache|"
    r"nuisance|scandal|disgrace|crisis|catastrophe|shambles|farce|hassle|menace|"
    r"waste of (time|money|space)|worst|worst thing( ever)?|ridiculous|unacceptable|"
    r"outrageous|disgusting|gross|annoying|insane|pathetic|shocking|terrible|awful|horrible|"
    r"dreadful|a dump|a death trap)"
)
EVALUATIONS: tuple[str, ...] = (
    r"\b(is|are|was|were|s|re|seems?|remains?|has become|have become|is becoming|"
    r"are becoming|becomes?|feels?|(would|will|could|might|d|ll|gonna) be)( [a-z]+){0,3}? "
    + _EVALUATED
    + r"\b",
    r"\b(getting|gotten|got|going|gone|is|are|s|re) (way |totally |completely |a bit )?"
    r"(out of hand|out of control|too far)\b",
    r"\b(sucks?|suck so much)\b",
)
EVALUATION_CLAUSES: tuple[str, ...] = (
    r"\b(than|that|which|who|unless|instead|rather|(would|d|will|could) be (better|good|best)|"
    r"better to|why not|we need|they could|could just|ideally|lets|let s|i suggest|i propose)\b",
)
# An evaluation of a decision someone could take or undo takes a position: not to take it
# ("banning phones in class is a terrible idea", "the ban on phones is ridiculous", "the lack
# of teachers is the biggest problem"). A behaviour evaluated ("cheating on tests is a growing
# concern", "vaping is getting out of hand") does not; read in the words before the evaluation.
EVALUATED_ACTIONS: tuple[str, ...] = (
    r"\b(not )?(banning|getting rid of|charging|ending|scrapping|cutting|removing|closing|"
    r"cancell?ing|abolishing|raising|introducing|forcing|making|letting|allowing|stopping|"
    r"dropping|replacing|shortening|lengthening|extending|moving|changing|reducing|"
    r"increasing|taking away|bringing in|installing|requiring|limiting|restricting|lowering|"
    r"doubling|merging|outsourcing|selling off|fining|punishing|excluding|expelling|"
    r"searching|tracking|monitoring|filming|giving|setting|axing|slashing|imposing|"
    r"enforcing|privatising|privatizing|knocking down|locking|confiscating)\b",
    r"\b(the|this|a|any|their|our) (new )?(ban|bans|plan|plans|decision|proposal|idea|rule|"
    r"rules|policy|cuts?|closure|price rise|rise) (on|to|of|that|about|for)\b",
    r"\b(the )?(lack|shortage) of\b",
)
# What kind of problem it is names a criterion ("a public health problem", "a safety issue for
# younger kids"): "a real problem", "a massive issue" do not.
EVALUATION_KINDS: tuple[str, ...] = (
    r"\b(health|safety|security|privacy|fire|environmental|legal|equality|financial|money|"
    r"welfare|safeguarding|hygiene|pollution|traffic|discipline|attendance|wellbeing|"
    r"accessibility|learning) (problem|problems|issue|issues|disaster|crisis|concern|"
    r"nightmare|scandal|risk|hazard)\b",
)
# A bare quantifier is no principle: "coursework is better for all students", "most students
# prefer it"; "people who ...", "anyone ...", "usually" are.
BARE_QUANTIFIERS: tuple[str, ...] = ("all", "most", "any", "every")

# A condition that threatens is pressure, not a part's condition: "please if i dont hand it in
# tomorrow im dead". On the folded words, padded.
THREATS: tuple[str, ...] = (r" if (i|you|u) (dont|cant|do not|cannot) ",)

# The tutor named in a message right after a plea: "if u write it ill be so happy".
TUTOR_PRONOUNS: frozenset[str] = frozenset("u you ur your yours youre yourself".split())
# The student's own observation: "i timed the queue", "we counted 40", "i asked 30 people".
OBSERVATIONS: tuple[str, ...] = (
    r"\b(?:i|we) (?:\w+ )?(?:timed|counted|asked|surveyed|measured|saw|watched|recorded|"
    r"noted|checked|interviewed|tracked|weighed|polled|tallied|logged)\b",
)

# Begging itself, among the plea words: with it, a word or two no list holds is still the
# student's distress ("im literally crying rn pls"); "stressed" or "due" alone give no such
# leeway ("I was stressed and needed help" is an anecdote).
BEGGING: frozenset[str] = frozenset(
    "please pls plz plis pleas pleez beg begging begged desperate desperately crying cry "
    "dying".split()
)

# What will happen to the student: a punishment, from home or school ("bro my mom will ground
# me if i fail", "my dad takes my xbox", "im gonna get detention"). Distress, never a part,
# whatever step it comes on. Read on the folded words; about pupils in general ("Pupils who
# drink them get detention more often") it is no distress.
DISTRESS: tuple[str, ...] = (
    r" (ground|grounds|kill|kills|murder|murders|disown|disowns) me ",
    r" (take|takes|taking|confiscate|confiscates) (away )?my (phone|xbox|ps5|playstation|"
    r"switch|console|laptop|tablet|wifi) ",
    r" (i|ill|im)( will| ll| am)?( gonna| going to)? (get|be|getting) (grounded|detention|"
    r"punished|in (so much |big |real )?trouble) ",
    r" (i|ill|im)( will| ll| am)?( gonna| going to)? (be )?(so )?(dead|screwed|doomed) ",
)

# A time or an amount written in words ("about half past seven", "twenty minutes", "at eight"):
# a figure, as "7:30" or "20 min" is. A number word alone ("two friends think") is none.
_N = (
    "two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|"
    "sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|"
    "ninety|hundred|thousand"
)
FIGURE_WORDS: tuple[str, ...] = (
    rf"\b({_N})( [a-z]+)? (minutes?|min|mins|hours?|hrs?|days?|weeks?|months?|years?|pupils|"
    r"students|kids|children|people|percent|per cent|out of|o ?clock|am|pm)\b",
    rf"\b(half|quarter) (past|to) (one|{_N}|noon|midnight)\b",
    rf"\b(at|till|until|by|from) (about |around )?({_N})\b",
)

# When a survey or count of the student's own was made ("in March", "last term"): with it, a
# source of their own is one a reader can ask about, as a figure makes it.
WHEN_WORDS: tuple[str, ...] = (
    r"\b(january|february|march|april|in may|june|july|september|october|november|december|"
    r"last (week|month|term|year|spring|summer|autumn|fall|winter)|this (term|year))\b",
)


# "just put 9 of 27 live 10 km away", "ok just write the bus should come later": the student
# dictates and the tutor is to write; "we just put bins outside" is their own doing.
_DICTATING = re.compile(
    r"(?:^ |\b(?:ok|okay|so|then|fine|pls|please|plz|um|well|yeah|no) )(?:just|only|simply) "
    r"(?:put|write|type|say|add|use) "
)


def wants_from_tutor(folded: str) -> bool:
    """The tutor asked to write what the student dictates (on the padded folded message)."""
    return bool(_DICTATING.search(folded))


# Where the student saw it: it places an observation ("in my class 19 of 28 ..."), but an
# opinion placed there is still an opinion ("I think most people in my class would agree").
OBSERVED_PLACES: tuple[str, ...] = (
    "in my country",
    "in my school",
    "at my school",
    "in our school",
    "at our school",
    "in my class",
    "in our class",
    "in my town",
    "in our town",
)

# A record someone keeps, or a role's years at it: "she keeps a list of what gets sold every
# day", "the caretaker keeps a count ...", "the bus driver logs how many pupils get on", "my
# coach who has run the club for ten years". Read on the folded words of a backing.
_YEARS = f"(?:\\d+|{_N}|a few|many|several|so many)"
KEPT_RECORDS: tuple[str, ...] = (
    r"\b(?:keeps?|kept|keeping|has|had|holds?) (?:a |an |the |their |her |his |its |our |"
    r"that |this |these |those |all the |every )?(?:own |daily |weekly |written |paper |"
    r"proper |careful )?(?:list|lists|"
    r"count|counts|tally|tallies|log|logs|logbook|logbooks|record|records|register|registers|"
    r"sheet|sheets|spreadsheet|spreadsheets|notebook|diary|file|files|notes|chart|charts|"
    r"database|tabs|log book|log books|record book)\b",
    # A record handed to the student: "she gave me the attendance register".
    r"\b(?:gave|showed|sent|lent|passed|handed) (?:me |us )?(?:the|a|an|her|his|their|its|our) "
    r"(?:own )?(?:list|count|tally|log|logbook|record|records|register|sheet|spreadsheet|"
    r"notebook|chart)\b",
    r"\b(?:logs|logged|logging|records|recorded|recording|tracks|tracked|tracking|counts|"
    r"counted|counting|tallies|tallied|registers|registered|writes down|wrote down|writing down|"
    r"notes down|noted down|jots down|ticks off|"
    # with more than one keeper: "the nurses, who are there every morning, write down ..."
    r"write down|note down|jot down|tick off) "
    r"(?:how many|how much|how often|every|each|all|the|the number|who|what|when|everyone|"
    r"everything|attendance|visits?)\b",
    rf"\bwho (?:has|s|have|ve|had|d)(?: been)? (?:[a-z0-9]+ ){{1,6}}(?:for|over) "
    rf"(?:(?:about|nearly|almost|over|more than|like|around) )?{_YEARS} (?:years|decades)\b",
    rf"\b{_YEARS} (?:years|decades) (?:of )?experience\b",
)
# A record kept by no one in particular ("someone keeps a list", "some people have a
# spreadsheet"): which record, kept by whom?
UNNAMED_KEEPERS: tuple[str, ...] = (
    r"^(?:(?:i think|i guess|maybe|like|well|um) )*(?:someone|somebody|some people|some guy|"
    r"some lady|people|they|anyone|a person)\b",
)

# A rebuttal that names who or when the claim would not hold, in any frame: "it wouldn't work
# for students who ...", "doesn't apply to kids who ...", "won't help the pupils whose ...",
# "not if ...", "falls apart for ...". Read on the folded words ("wouldn't" -> "wouldn t");
# two words at least must follow, and not "anyone" or "everyone" (a denial).
_NOT = (
    r"(?:wouldn t|wouldnt|would not|won t|wont|will not|doesn t|doesnt|does not|don t|dont|"
    r"do not|isn t|isnt|is not|aren t|arent|are not|can t|cant|cannot|can not|couldn t|"
    r"couldnt|could not|might not|may not|ain t|aint)"
)
_HOLD = (
    r"(?:work|apply|hold|help|suit|fit|matter|count|be (?:fair|true|possible|the case|"
    r"practical|realistic|enough|easy|safe|useful|helpful|right|an option|a good idea|good)|"
    r"make sense)"
)
_NAMED = (
    r"(?!(?:anyone|anybody|everyone|everybody|no one|nobody|everything|anything|nothing|all|"
    r"us|me|you|it|them|this|that)\b)[a-z0-9]+ [a-z0-9]+"
)
EXEMPT: tuple[str, ...] = (
    rf"\b{_NOT} (?:really |always |necessarily |quite |even )?{_HOLD}(?: out| well| as well)? "
    rf"(?:for|to|in|at|on|with|during|if|when|where|once|after|before|around) {_NAMED}",
    rf"\b{_NOT} (?:really |always |even )?(?:help|suit|reach|include) (?:[a-z0-9]+ ){{1,3}}"
    r"(?:who|whose|that|with|without|from|living)\b",
    rf"^(?:but |and |well |except |only )?(?:not|never) (?:for|if|when|in|at|during|on|with|"
    rf"where|once|after|before) {_NAMED}",
    rf"\b(?:falls apart|fall apart|breaks down|fails|would fail|could fail|might fail|"
    rf"backfires|would backfire|goes wrong|would go wrong|stops working|is unfair|would be "
    rf"unfair) (?:for|in|at|on|with|to|when|if|where|during|once) {_NAMED}",
)
# Saying it would fail and naming nothing: "it just wouldn't work", "that won't help tbh".
BARE_FAILURES: tuple[str, ...] = (
    rf"^(?:(?:but|and|so|well|honestly|tbh|i think|i guess|maybe|um|hmm) )*(?:(?:it|this|that|"
    rf"its|thatd|itd|it ll|itll|that ll|the idea|the plan) )?(?:(?:just|simply|really|"
    rf"probably|still|totally|definitely) )*{_NOT} (?:(?:really|even|ever) )?(?:work|apply|"
    rf"hold|help|happen|make sense|be possible|be true|be realistic|be practical)(?: (?:at all|"
    rf"anyway|in practice|in real life|tbh|lol|though|i think|out))?$",
)

# How good a named or quoted text of the student's is, asked: "is “probably” too weak?", "is
# the WHO too general as a source?", "is 'in most cases' strong enough?", "would the nurse's
# logbook count as a proper source?". Read on the padded folded words; ``subject`` is what
# the question is about (the intent checks it is the student's own).
_OPENERS = (
    r"^ (?:(?:so|but|and|ok|okay|hmm+|um+|wait|also|honestly|be honest|oh|yeah|actually|"
    r"quick question) )*(?:is|are|was|would|will|does|do|could|isnt) "
)
_SUBJECT = r"(?P<subject>(?:[a-z0-9]+ ){1,8}?)"
QUALITY_QUESTIONS: tuple[str, ...] = (
    _OPENERS + _SUBJECT + r"(?:(?:too|kinda|kind of|a bit|a little|overly|way too) [a-z]+ |"
    r"[a-z]+ enough |(?:sound|sounds|seem|seems) (?:too|a bit|kind of|kinda) |(?:ok|okay|fine|"
    r"alright|good|right|better|worse)(?: or| $))",
    # Asked whether it counts as a part: the part named says it is the student's.
    _OPENERS + _SUBJECT + r"(?:count|counts|work|works|pass|qualify|do|hold up) (?:as|for) "
    r"(?:a |an |my )?(?:(?:good|real|proper|reliable|valid|decent|credible|trustworthy|legit|"
    r"serious|strong) )?(?P<part>sources?|backing|evidence|reference|qualifier|rebuttal|claim|"
    r"warrant|grounds)\b",
)

# Verbs after which "so" intensifies ("phones are so addictive that ...", "it got so bad"):
# it is no "therefore" there. On the folded words.
LINKING_VERBS: tuple[str, ...] = tuple(
    "is are was were be been s re m get gets got getting feel feels felt seem seems look "
    "looks become becomes became stay stays not".split()
)
AFTER_NO_LINKING_VERB = "".join(rf"(?<!\b{verb} )" for verb in LINKING_VERBS)

# Insisting instead of reasoning: "I'm right", "that's just not true".
INSISTING = (
    r"\b(i am|im|i m|i was|we are|i will be|i ll be) (still |really |totally |so )?"
    r"(right|correct|sure|wrong)\b",
    r"\b(i|we) (still )?(disagree|dont care|know i)\b",
    r"\b(my|the) (claim|argument|opinion|point) (is|stays|remains) (still )?(true|right|"
    r"valid|correct)\b",
    r"\b(its|it is|thats|that is) (still )?(true|right|obvious)\b",
    r"\b(some |many |other )?(people|others|critics|some) (might |may |could |would |"
    r"will )?(disagree|not agree|say no|think otherwise)\b",
    r"\bnot everyone (agrees|will agree)\b",
    # Denying the other side instead of saying when it would be right.
    r"\b(thats|that s|that is|its|it s|it is|this is|which is) (just |simply |all )?"
    r"(not true|untrue|false|wrong|a lie|nonsense)\b",
    r"\b(they|theyre|they re|they are|those people) (just )?(are )?(wrong|mistaken|lying)\b",
)
