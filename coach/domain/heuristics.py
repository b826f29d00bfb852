"""Does a text fit the Toulmin element it is meant to be? Cheap checks, in every language pack.

Each step has one question: a claim is a statement, not a question; grounds carry evidence; a
warrant is a general rule with both sides (a kind of fact -> a kind of conclusion), not the
claim again; a backing names which authority, study, statistic, law or expert; a qualifier
carries a modal; a rebuttal names a condition or case in which the claim fails, rather than
insisting on it. ``step_check`` answers it and says what is missing, so the
offline tutor can explain and the guards can refuse to advance on weak text.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from coach.domain import languages
from coach.domain.phrases import fold, words

MIN_WORDS: dict[str, int] = {
    "claim": 4,
    "grounds": 5,
    "warrant": 5,
    "groundsBacking": 3,
    "warrantBacking": 3,
    "qualifier": 1,
    "rebuttal": 3,
}

# Folded (lower case, no accents) words or phrases, every language pack's; a trailing "*"
# matches any ending.
_EVIDENCE = languages.every("evidence")
# Words that name who or what stands behind a text by themselves (an institution, an
# expert, a law, a publication).
_AUTHORITY = languages.every("authority")
# Kinds of source that need saying which one ("research on bullying" does not).
_SOURCE_KINDS = languages.every("source_kinds")
_MODALS = languages.every("modals")
# A rebuttal names a condition ("unless ...") or a contrasting case ("but in rural schools
# ..."); insisting on the claim is neither.
_CONDITIONS = languages.every("conditions")
_CONTRASTS = languages.every("contrasts")


def _either(name: str) -> re.Pattern[str]:
    return re.compile(languages.alternatives(name))


# Insisting, or pointing at disagreement, instead of naming when the claim fails.
_INSISTING = _either("insisting_patterns")
# Denying that any circumstance or opponent exists ("no one could disagree with this"), read
# only when no condition is named: "unless no one comes" names one.
_DENYING = _either("denial_patterns")
# Naming who or when the claim would not hold without "unless" ("wouldn't work for students
# who ...", "no funcionaría para los que ..."), and saying it fails with nothing named ("it
# just wouldn't work", "no funcionaría y ya").
_EXEMPT = _either("exempt_patterns")
_BARE_FAILURE = _either("bare_failures")
# Saying the claim holds in every case ("it always works", "funciona siempre"), read only when
# no condition or contrasting case is named.
_ALWAYS = _either("always_patterns")
# A judgement with nothing a reader could test: "junk food is bad", "el uniforme es feo";
# and a reason that gives none: "because it would be better".
_VAGUE_CLAIM = _either("vague_claim_patterns")
_ONLINE = _either("online_patterns")
_PLATFORMS = languages.every_set("platforms")
_OWNED_ONLINE = _either("owned_online_patterns")
# Hearsay as the source ("I read it online", "saw it on tiktok", "my friend told me", "lo vi
# en internet", "me lo dijo un amigo"), and what a named source says ("The BBC website says").
_HEARSAY_ONLINE = _either("hearsay_online")
_HEARSAY_PEOPLE = _either("hearsay_people")
_SOURCE_SAYS = _either("source_says")
# A warrant that draws the claim's conclusion ("... so they should stop selling it") says
# the claim again, with a reason: it is not a general rule.
_OBLIGATION = _either("obligation_patterns")
_CONSEQUENCE = _either("consequence_patterns")
RESTATED_MIN_SHARED = 2  # the claim's words a "..., so ... should" warrant says again
# A rule's two sides: what comes after "if"/"when" (the kind of fact) and the rest.
_RULE_MARKERS = languages.every("rule_markers")
_GENERAL = languages.every("general")
# A principle's markers: "people who", "anyone", "usually"; not a bare quantifier ("all
# students", "la mayoría"), which makes no rule of a judgement.
_PRINCIPLE = tuple(m for m in _GENERAL if m not in languages.every_set("bare_quantifiers"))
RULE_SIDE_MIN_WORDS = 2
LIMIT_MIN_WORDS = 3  # "but not always" limits nothing in particular
RESTATED_SHARE = 0.75
# Texting forms written out ("shld" -> "should", "xq" -> "porque") and the words a reason may
# hold that name no criterion ("better", "them", "mejor"), for comparing a warrant's words.
_SPELLED_OUT = {short: full for p in languages.packs() for short, full in p.spelled_out.items()}
_HOLLOW = languages.every_set("hollow_reason_words")
_REASON_SPLIT = re.compile(
    r"\b(?:"
    + "|".join((*languages.every("rule_markers"), *languages.every("consequence_patterns")))
    + r")\b"
)
_WH_WORDS = languages.every_set("question_words")
_AUXILIARIES = languages.every_set("auxiliaries")
_PRONOUNS = languages.every_set("pronouns")
_OPENING_MARKS = languages.every("opening_marks")
# An opinion offered as grounds: a reader can check a fact or a report, not a conviction.
_OPINION = _either("opinion_patterns")
# Where it was seen places an observation, but sources no opinion (see ``grounds_problem``).
_PLACES_FOUND = languages.every("observed_places")
_SOURCED = tuple(marker for marker in _EVIDENCE if marker not in _PLACES_FOUND)
# A report of something observed: a past-tense verb ("scored", "mostraron", "bajó").
_REPORTED = re.compile("|".join(p.reported_word for p in languages.packs() if p.reported_word))
_REPORTED_RAW = [re.compile(p.reported_raw) for p in languages.packs() if p.reported_raw]
# Words that tie a text to one case, so it cannot be a general rule.
_SPECIFIC = languages.every_set("specific")
# A rebuttal may also limit the claim: a case it leaves out, a possibility, a "not".
_LIMITS = languages.every("limits")
_PERCENT = languages.every("percent")
_YEAR_OR_NUMBER = re.compile(r"\d")
_NUMBERS = re.compile(r"\d+")
_FIGURE_WORDS = _either("figure_words")
_WHEN = _either("when_words")


def _figure(text: str) -> bool:
    """A number in digits, or a time or amount in words ("half past seven", "veinte min")."""
    return bool(_YEAR_OR_NUMBER.search(text) or _FIGURE_WORDS.search(" ".join(words(text))))


_TAIL_TAGS = languages.every_set("tail_tags")


def _untagged(text: str) -> str:
    """The text's words without the tags at its end ("music is important tbh" -> "music is
    important"), so a judgement left at that is seen as one."""
    tokens = words(text)
    while tokens and tokens[-1] in _TAIL_TAGS:
        tokens.pop()
    return " ".join(tokens)


_ACRONYM = re.compile(r"\b[A-Z]{2,}\b")
_QUESTION_ANSWERS = _either("question_answers")


def _answered(text: str) -> bool:
    """Whether the student answers their own question after it: "Should schools ...? I say
    yes" takes a position; "Should schools ...?" alone does not."""
    head, mark, tail = text.rpartition("?")
    return bool(mark and words(head) and _QUESTION_ANSWERS.search(" ".join(words(tail))))


@dataclass(frozen=True)
class StepCheck:
    """The verdict on a text for a step: ``problem`` is None when it passes."""

    step: str
    problem: str | None

    @property
    def passed(self) -> bool:
        return self.problem is None


def _has_marker(text: str, markers: tuple[str, ...]) -> bool:
    """Whether a marker occurs in ``text`` as whole words (a phrase as consecutive words, a
    trailing "*" for any ending); one pass over the words for each kind, however many
    markers there are."""
    tokens = words(text)
    found = set(tokens)
    joined = f" {' '.join(tokens)} "
    stems = tuple(fold(marker[:-1]) for marker in markers if marker.endswith("*"))
    if stems and any(token.startswith(stems) for token in found):
        return True
    for marker in markers:
        if marker.endswith("*"):
            continue
        needle = words(marker)
        if len(needle) == 1 and needle[0] in found:
            return True
        if len(needle) > 1 and f" {' '.join(needle)} " in joined:
            return True
    return False


def is_question(text: str) -> bool:
    """A question mark, an auxiliary first ("Should schools..."), or a question word with an
    auxiliary or a pronoun after it ("What is...", "Why do we..."). "What teenagers need most
    is sleep" starts with "What" and is a statement."""
    stripped = text.strip()
    if stripped.endswith("?") or (_OPENING_MARKS and stripped.startswith(_OPENING_MARKS)):
        return True
    tokens = words(stripped.replace("'", "").replace("’", ""))
    if not tokens:
        return False
    if tokens[0] in _AUXILIARIES - {"s"}:
        return True
    second = tokens[1] if len(tokens) > 1 else ""
    return tokens[0] in _WH_WORDS and second in _AUXILIARIES | _PRONOUNS


def _names_someone(text: str) -> bool:
    """A proper name or an acronym after the first word: "Smith", "the OECD", "WHO". A
    platform ("Google", "TikTok") is where anything can be found, not who said it."""
    first_dropped = text.strip().split(maxsplit=1)[1] if len(text.split()) > 1 else ""
    # A capital and at least one more letter: "I" is never a name.
    names = re.findall(r"\b[A-ZÁÉÍÓÚÑ][\w&-]+", first_dropped) + _ACRONYM.findall(text)
    return any(fold(name) not in _PLATFORMS for name in names)


_ROLES = _either("roles")
_UNSURE = _either("unsure")
# A record someone keeps, or a role's years at it (see the packs' ``kept_records``).
_KEPT = _either("kept_records")
_UNNAMED_KEEPERS = _either("unnamed_keepers")


def _vouched(plain: str) -> bool:
    """Whether an authority stands behind the folded ``plain`` besides someone named by their
    role alone: "a teacher explained it on tiktok" has none, "a study from the University of
    Oviedo" one."""
    return _has_marker(_ROLES.sub(" ", plain), _AUTHORITY)


def _hearsay(text: str) -> bool:
    """Whether the only source ``text`` gives is hearsay: where the student saw it with no
    one named who published it ("Kids sleep less with phones, I read it online"), or a friend
    or relative who said it, whatever their name ("my cousin Laura told me"). An institution,
    an acronym or a site with its owner ("the NHS website", "la web de la OMS") stands behind
    it."""
    plain = " ".join(words(text))
    people = bool(_HEARSAY_PEOPLE.search(plain))
    if not (people or _HEARSAY_ONLINE.search(plain)):
        return False
    # Who said it may be a role ("me lo dijo la profe de biología"); where it was seen may
    # not: "lo vi en tiktok, un profe explicaba ..." is no one in particular.
    vouched = _has_marker(text, _AUTHORITY) if people else _vouched(plain)
    if vouched or _ACRONYM.search(text) or _OWNED_ONLINE.search(plain):
        return False
    return people or not _names_someone(text)


ROLE_ONLY_MAX_WORDS = 6  # "my teacher said so": a role and a verb, nothing they based it on


def _unnamed_role(text: str) -> bool:
    """Whether the only one standing behind ``text`` is someone named by their role alone,
    said unsure or with nothing more ("idk, my teacher said it", "nose, lo dijo mi profe",
    "my teacher said so"). A name ("Ms Patel"), an acronym or what they showed ("... showed
    us the NHS guidance") stands behind it."""
    plain = " ".join(words(text))
    if not _ROLES.search(plain) or _names_someone(text) or _ACRONYM.search(text):
        return False
    if _has_marker(_ROLES.sub(" ", plain), _AUTHORITY):
        return False
    return bool(_UNSURE.search(plain)) or len(words(text)) <= ROLE_ONLY_MAX_WORDS


_BARE_AUTHORITY_WORDS = 4


def backing_problem(text: str) -> str | None:
    """``no_authority`` when nothing names a source, ``vague_source`` when only a kind of
    source is named ("research on bullying": which research, by whom?), only where it was
    found ("got it off google", "lo vi en TikTok": which site, whose figure?), who told the
    student ("my cousin Laura told me") or only a role, said unsure ("idk, my teacher said
    it": which teacher, based on what?)."""
    if _hearsay(text) or _unnamed_role(text):
        return "vague_source"
    plain = " ".join(words(text))
    # On a platform ("un profe lo explicaba en youtube") a role is no one in particular.
    platform = _ONLINE.search(plain) and not _OWNED_ONLINE.search(plain)
    if _names_someone(text):
        return None
    if _KEPT.search(plain) and not (platform or _UNNAMED_KEEPERS.search(plain)):
        # "she keeps a list of what gets sold", "el conserje lleva la cuenta": which record,
        # kept by whom, is said without a name.
        return None
    figure = bool(_YEAR_OR_NUMBER.search(text))
    if _vouched(plain) if platform else _has_marker(text, _AUTHORITY):
        # A kind of authority and nothing more ("i did a survey", "the official timetable"):
        # which one? A few words more say it ("... on google forms in our tutor group").
        bare = len(words(text)) <= _BARE_AUTHORITY_WORDS and not (figure or _WHEN.search(plain))
        return "vague_source" if bare else None
    if _OWNED_ONLINE.search(plain):
        return None  # whose site it is says which one
    if _ONLINE.search(plain):
        return "vague_source"
    if _has_marker(text, _SOURCE_KINDS):
        # "La encuesta la hice yo en mi curso en febrero": when it was made says which one.
        return None if figure or _WHEN.search(plain) else "vague_source"
    if figure and ("%" in text or _has_marker(text, _PERCENT)):
        return None  # a statistic
    return "no_authority"


def _marker_at(tokens: list[str], markers: tuple[str, ...]) -> tuple[int, int] | None:
    """(index, length) of the first marker phrase among ``tokens``."""
    for i in range(len(tokens)):
        for marker in markers:
            needle = marker.split()
            if tokens[i : i + len(needle)] == needle:
                return i, len(needle)
    return None


def _bare_reason(text: str) -> bool:
    """Whether a piece of the warrant beside its conclusion (split at commas, "because",
    "so", "if" ...) is a judgement with no criterion ("tablets are better than textbooks")."""
    pieces = [
        piece
        for chunk in re.split(r"[,;:]", text)
        for piece in _REASON_SPLIT.split(" ".join(words(chunk)))
        if piece  # the markers' groups may be None
    ]
    return any(_VAGUE_CLAIM.search(p.strip()) for p in pieces if not _OBLIGATION.search(p))


_BARE_JUDGEMENT = _either("bare_judgements")
_COMPLAINT = _either("complaints")


def _complains(text: str) -> bool:
    """Whether a claim only complains: too much or too little of something, with no change
    asked for ("el bus pasa demasiado pronto", "monster has way too much caffeine"). "The bus
    should come 40 minutes later" asks for one."""
    plain = _untagged(text)
    return not _OBLIGATION.search(plain) and bool(_COMPLAINT.search(plain))


def _last(pattern: re.Pattern[str], text: str) -> re.Match[str] | None:
    """The last of ``pattern``'s matches in ``text``, if any."""
    found = None
    for match in pattern.finditer(text):
        found = match
    return found


_EVALUATION = _either("evaluations")
_EVALUATION_CLAUSE = _either("evaluation_clauses")
_EVALUATED_ACTION = _either("evaluated_actions")
_EVALUATION_KIND = _either("evaluation_kinds")
_STATEMENT_BREAK = re.compile(r"[,;:.!?]")


def _only_evaluates(text: str) -> bool:
    """Whether a claim only evaluates: something is a problem, a disaster, the worst, out of
    hand, and no one is asked to do anything ("phones are a massive issue", "el plastico es un
    problemon"). With what should happen ("..., so the canteen should stop selling them"), a
    reason or a condition ("because ...", "when ..."), a decision it rejects ("banning phones
    in class is a terrible idea", "quitar el recreo es inaceptable") or the kind of problem
    ("a public health problem") it takes a position to defend. Whatever words follow the
    evaluation ("for year 11", "at lunch every single day") it is one, unless a comparison or
    a clause does ("... than ...", "... that ...")."""
    plain = _untagged(text)
    if _OBLIGATION.search(plain) or _CONSEQUENCE.search(plain):
        return False
    if _marker_at(plain.split(), _RULE_MARKERS) is not None or _EVALUATION_KIND.search(plain):
        return False
    found = _last(_EVALUATION, plain)
    if found is None or _EVALUATED_ACTION.search(plain[: found.start()]):
        return False
    if any(clause.start() >= found.end() for clause in _EVALUATION_CLAUSE.finditer(plain)):
        return False
    # "the canteen is a mess, the queue takes half of lunch": a statement of its own after the
    # evaluation says more than it ("..., honestly" does not).
    pieces = [_untagged(piece) for piece in _STATEMENT_BREAK.split(text)]
    last = max((i for i, piece in enumerate(pieces) if _EVALUATION.search(piece)), default=0)
    return all(len(piece.split()) < RULE_SIDE_MIN_WORDS for piece in pieces[last + 1 :])


def _judged_then_ought(text: str) -> bool:
    """Whether the warrant is a bare judgement joined by "so" to what should be done: "dogs
    make school better so we should have one", "el monster hace a los chavales peores así que
    deberían prohibirlo". That is the claim's conclusion with a reason that names no
    criterion, not a rule; "if an animal makes pupils calmer, a school should have one" is."""
    plain = " ".join(words(text))
    so = _CONSEQUENCE.search(plain)
    ought = _OBLIGATION.search(plain)
    if not (so and ought and so.start() < ought.start()):
        return False
    before = plain[: so.start()].strip()
    if _marker_at(before.split(), _RULE_MARKERS) is not None or _has_marker(before, _GENERAL):
        return False
    return bool(_BARE_JUDGEMENT.search(before) or _VAGUE_CLAIM.search(before))


def _spelled(text: str) -> list[str]:
    """``text``'s folded words with texting forms written out ("shld" -> "should")."""
    return [full for token in words(text) for full in _SPELLED_OUT.get(token, token).split()]


def _content(tokens: list[str]) -> set[str]:
    """The stems of ``tokens`` that may say something: long enough, and not hollow."""
    return {token[:5] for token in tokens if len(token) >= 4 and token not in _HOLLOW}


def _circular(tokens: list[str], claimed: set[str]) -> bool:
    """Whether the reason after "because" ("porque", "since" ...) only says the conclusion
    before it, or the claim, again: "exams should be after the break because its better to
    have them after the break". "... because students can revise during the break" brings
    a criterion of its own."""
    found = _marker_at(tokens, _RULE_MARKERS)
    if found is None or found[0] == 0:
        return False
    index, size = found
    said = _content(tokens[index + size :])
    return bool(said) and said <= _content(tokens[:index]) | claimed


# A reason said first, then its conclusion after a comma: "because ..., ...", "porque ..., ...".
_REASON_FIRST = languages.every("reason_markers")
_CONDITION_MARKERS = tuple(marker for marker in _RULE_MARKERS if marker not in _REASON_FIRST)
# Words a reason may hold besides the claim's and still say nothing of its own: quantifiers
# ("every", "todos") and the rule's adverbs ("usually").
_QUANTIFIERS = frozenset(marker for marker in _GENERAL if " " not in marker and "*" not in marker)
# Two words are one word in another form when they share most of their beginning: "evaluar"
# and "evaluarlos", "quitar" and "quiten", "rate" and "rating": five letters, or all but two
# of the shorter word's (three at least).
STEM_MIN = 3
STEM_SLACK = 2
STEM_ENOUGH = 5


def _forms(known: list[str]) -> dict[str, int]:
    """Each beginning (three to five letters) of the ``known`` words, with the length of the
    shortest word that has it; one look-up per word then tells whether a word is among them."""
    out: dict[str, int] = {}
    for word in known:
        for size in range(STEM_MIN, min(STEM_ENOUGH, len(word)) + 1):
            out[word[:size]] = min(out.get(word[:size], len(word)), len(word))
    return out


def _among(word: str, forms: dict[str, int]) -> bool:
    """Whether ``word`` is one of the words ``forms`` was made from, in another form."""
    return any(
        size >= min(STEM_ENOUGH, min(len(word), forms[word[:size]]) - STEM_SLACK)
        for size in range(STEM_MIN, min(STEM_ENOUGH, len(word)) + 1)
        if word[:size] in forms
    )


def _said(text: str) -> list[str]:
    """The words of ``text`` (folded, texting forms written out) that may say something: no
    "should"/"hay que", no hollow word, no quantifier, none under four letters."""
    plain = _OBLIGATION.sub(" ", " ".join(_spelled(text)))
    return [
        token
        for token in plain.split()
        if len(token) >= 4 and token not in _HOLLOW and token not in _QUANTIFIERS
    ]


def _reason_and_conclusion(text: str) -> tuple[str, str] | None:
    """A warrant's reason and conclusion when it says them as two halves: "..., so ..."
    ("por eso", "that's why", "así que"), with or without "because" in front, or "because
    ..., ...". "If ..., ..." is a rule's two sides, not a reason."""
    plain = " ".join(_spelled(text))
    # The last "so": the reason may hold one of its own ("so addictive for anyone that ...").
    so = _last(_CONSEQUENCE, plain)
    if so is not None:
        reason = plain[: so.start()].split()
        found = _marker_at(reason[:3], _REASON_FIRST)
        if found is not None and found[0] == 0:
            reason = reason[found[1] :]
        return " ".join(reason), plain[so.end() :]
    head, comma, rest = text.partition(",")
    tokens = _spelled(head)
    found = _marker_at(tokens[:3], _REASON_FIRST)
    if not comma or found is None or found[0] != 0:
        return None
    return " ".join(tokens[found[1] :]), " ".join(_spelled(rest))


def _halves_say_the_same(text: str, claim: str) -> bool:
    """Whether the warrant's reason says nothing its conclusion or the claim does not: "porque
    los alumnos deben evaluar a los profesores, por eso deberían poder evaluarlos", "plastic
    bottles should be banned so schools should ban them". A reason that names a kind of fact
    or a principle of its own ("people who use a service every day can judge it, so ...",
    "quien vive algo a diario sabe juzgarlo, por eso ...") links the two."""
    halves = _reason_and_conclusion(text)
    # "when students rate teachers, teachers improve, so ...": a rule, whatever words it shares.
    if halves is None or _marker_at(halves[0].split(), _CONDITION_MARKERS) is not None:
        return False
    # Only an obligation said twice is the claim again: "because the contract costs the school
    # too much, the school should renegotiate it" gives a fact, however few words of its own.
    if not _OBLIGATION.search(halves[0]):
        return False
    reason = _said(halves[0])
    known = _said(halves[1]) + _said(claim)
    if not reason or not known:
        return False
    forms = _forms(known)
    repeated = sum(_among(word, forms) for word in reason)
    return repeated / len(reason) >= RESTATED_SHARE


_LINKS = _either("link_patterns")
_SIDE_MARKS = frozenset(
    word for mark in (*_RULE_MARKERS, *_REASON_FIRST, "then") for word in mark.split()
)


def _sides(text: str) -> tuple[str, str] | None:
    """A warrant's two sides: its reason and conclusion ("porque ..., por eso ..."), or a
    rule's condition and outcome when it opens with one ("si ..., entonces ...", "when ...,
    ...")."""
    halves = _reason_and_conclusion(text)
    if halves is not None:
        return halves
    head, comma, rest = text.partition(",")
    opening = _marker_at(_spelled(head)[:1], _CONDITION_MARKERS)
    return (head, rest) if comma and opening is not None else None


def _stems_said(text: str) -> set[str]:
    plain = _OBLIGATION.sub(" ", " ".join(_spelled(text)))
    return {word[:5] for word in plain.split() if len(word) >= 3 and word not in _SIDE_MARKS}


def _sides_repeat(text: str) -> bool:
    """Whether both sides say the same words: "porque hay que hacerlo, por eso hay que
    hacerlo", "if students should rate teachers, then students should rate teachers"."""
    sides = _sides(text)
    if sides is None or not words(sides[0]) or not words(sides[1]):
        return False
    return _stems_said(sides[0]) == _stems_said(sides[1])


def _links_condition(text: str, claim: str) -> bool:
    """Whether the warrant links a condition to an outcome before its conclusion: a
    condition ("when", "every time", "where pupils ...", "cada vez que", "los alumnos que
    ...") and a word neither its conclusion nor the claim says ("when students rate
    teachers, teachers improve, so students should rate teachers"). Such a rule may use the
    claim's words; "whenever students should rate teachers, students should rate teachers"
    links nothing."""
    plain = " ".join(_spelled(text))
    so = _CONSEQUENCE.search(plain)
    reason, conclusion = plain, ""
    if so is not None and _OBLIGATION.search(plain[so.end() :]):
        reason, conclusion = plain[: so.start()], plain[so.end() :]
    if not _LINKS.search(reason):
        return False
    forms = _forms(_said(conclusion) + _said(claim))
    return any(not _among(word, forms) for word in _said(reason))


def warrant_problem(text: str, claim: str = "") -> str | None:
    """``no_principle``, ``one_sided`` (the rule's condition or outcome is missing: "Kids
    like cake if hungry") or ``restates_claim``; None for a general rule with both sides."""
    tokens = _spelled(text)
    if _judged_then_ought(text) or _sides_repeat(text):
        return "restates_claim"
    # A rule that links a condition to an outcome is no restatement, however many of the
    # claim's words it uses: the word counts below judge only what links nothing.
    linked = _links_condition(text, claim)
    if _halves_say_the_same(text, claim) and not linked:
        return "restates_claim"
    if _circular(tokens, {token[:5] for token in _spelled(claim) if len(token) >= 4}):
        return "restates_claim"
    if claim.strip() and not linked:
        claimed = {token[:5] for token in _spelled(claim) if len(token) >= 4}
        own = [token[:5] for token in tokens if len(token) >= 4]
        if own and sum(stem in claimed for stem in own) / len(own) >= RESTATED_SHARE:
            return "restates_claim"
        # "... so they should stop selling it": the claim's conclusion, not a rule.
        plain = " ".join(tokens)
        ought = _OBLIGATION.search(plain)
        # "because tablets are better than textbooks": a reason that is only a judgement with
        # no criterion joins no kind of fact to the claim, whatever marker opens it ("since
        # gardens are more useful, every school should have one").
        bare = _bare_reason(text)
        ruled = _marker_at(tokens, _RULE_MARKERS) is not None and not bare
        if ought and (bare or not _has_marker(text, _GENERAL)) and not ruled:
            concluded = {token[:5] for token in words(plain[ought.end() :]) if len(token) >= 4}
            if concluded & claimed:
                return "restates_claim"
        # "coursework is better than exams so schools should use it": a judgement on the
        # claim's own subject and its conclusion again, joined by "so"; no rule links them.
        so = _CONSEQUENCE.search(plain)
        # "People who use a service every day can judge it, so ...": a principle before "so".
        principle = so is not None and _has_marker(plain[: so.start()], _PRINCIPLE)
        if ought and so and so.start() < ought.start() and not (ruled or principle):
            said = {token[:5] for token in words(plain[: ought.start()]) if len(token) >= 4}
            if len(said & claimed) >= RESTATED_MIN_SHARED:
                return "restates_claim"
    # A rule is general unless something ties it to one case ("my friend", "in 2019", a
    # name); "if" or "when" is one way to say a rule, not the only one.
    specific = set(tokens) & _SPECIFIC or _YEAR_OR_NUMBER.search(text) or _names_someone(text)
    if specific and not _has_marker(text, _GENERAL):
        return "no_principle"
    found = _marker_at(tokens, _RULE_MARKERS)
    if found is None:
        # Both sides of the rule need words: "Rules help" names no kind of fact.
        return None if len(tokens) >= 2 * RULE_SIDE_MIN_WORDS else "one_sided"
    index, size = found
    before, after = tokens[:index], tokens[index + size :]
    if index == 0:
        # "If X, then Y": the comma (or "then") splits the two sides.
        head = text.split(",", 1)
        if len(head) == 2:
            before, after = words(head[1]), words(head[0])[size:]
        elif "then" in after:
            split = after.index("then")
            before, after = after[split + 1 :], after[:split]
        elif len(after) < 2 * RULE_SIDE_MIN_WORDS:
            return "one_sided"
        else:
            return None
    if len(before) < RULE_SIDE_MIN_WORDS or len(after) < RULE_SIDE_MIN_WORDS:
        return "one_sided"
    return None


def _observed_for_opinion(text: str, tokens: list[str]) -> bool:
    """Whether an opinion is placed beside something observed there ("I think so: in my class
    19 of 27 fell asleep"). How sure the student is ("I think it's 100% true", "estoy 100%
    segura") is no figure, and a state after "is"/"are" ("everyone is always tired") no
    report."""
    if not _has_marker(text, _PLACES_FOUND):
        return False
    numbers = _NUMBERS.findall(text)
    sure = numbers == ["100"] and ("%" in text or _has_marker(text, _PERCENT))
    reported = any(
        _REPORTED.match(token) and _AUXILIARIES.isdisjoint(tokens[max(0, i - 2) : i])
        for i, token in enumerate(tokens)
    ) or any(raw.search(text.lower()) for raw in _REPORTED_RAW)
    return reported or (_figure(text) and not sure)


def grounds_problem(text: str) -> str | None:
    """``opinion`` for a conviction with nothing a reader could check ("I think it is 100%
    true"), ``no_evidence`` when there is no fact, figure, source or observed event,
    ``vague_source`` when its only source is hearsay ("..., I read it online")."""
    plain = " ".join(words(text))
    if _hearsay(text):
        # "Kids sleep less with phones, I read it online": where exactly, and who says it?
        return "vague_source"
    # "The BBC website says teenagers ... sleep an hour less": a named source's report. "I
    # think most people in my class would agree" places an opinion; it reports nothing.
    sourced = _has_marker(text, _SOURCED) or (
        _names_someone(text) and bool(_SOURCE_SAYS.search(plain))
    )
    tokens = words(text)
    reported = any(_REPORTED.match(t) for t in tokens) or any(
        raw.search(text.lower()) for raw in _REPORTED_RAW
    )
    if _OPINION.search(plain) and not (sourced or _observed_for_opinion(text, tokens)):
        return "opinion"
    if sourced or _has_marker(text, _PLACES_FOUND) or _figure(text) or reported:
        return None
    return "no_evidence"


_FAILING_CASE = _either("failing_case_patterns")
_HELP_ASKED = _either("help_asked_patterns")
_ONESELF = frozenset("i im ive me my yo mi".split())


def _denies(plain: str) -> bool:
    """Whether a rebuttal only denies that any circumstance exists: "no one could disagree",
    "there's no situation where this fails" (the condition word opens the denied case's own
    clause). "Unless no one comes" names a condition before the denial, "nobody comes if it
    rains" one after it: both name a circumstance."""
    found = _DENYING.search(plain)
    if found is None or _has_marker(plain[: found.start()], _CONDITIONS):
        return False
    after = plain[found.end() :].split()
    # "i cant think of any case where it wouldnt work": the case's own clause, one word on.
    opens_case = _FAILING_CASE.match(" ".join(after[1:])) is not None
    return (
        _has_marker(" ".join(after[:1]), _CONDITIONS)
        or opens_case
        or not _has_marker(" ".join(after[1:]), _CONDITIONS)
    )


def rebuttal_problem(text: str) -> str | None:
    """``no_condition`` without a condition or contrasting case; ``insists`` when the text
    only insists on the claim or points at disagreement ("but I am right")."""
    plain = " ".join(words(text))
    if _INSISTING.search(plain):
        return "insists"
    if _denies(plain):
        return "insists"
    if _BARE_FAILURE.search(plain):
        return "no_condition"  # "it just wouldn't work": for whom, or when?
    if _has_marker(text, _CONDITIONS) or _EXEMPT.search(plain):
        return None
    if _ALWAYS.search(plain) and _marker_at(words(text), _CONTRASTS) is None:
        return "insists"  # "it always works, every time": in which case would it not?
    if len(words(text)) > LIMIT_MIN_WORDS and _has_marker(text, _LIMITS):
        return None
    found = _marker_at(words(text), _CONTRASTS)
    if found is not None and len(words(text)) - sum(found) >= 3:
        return None
    return "no_condition"


def denies_any_failure(text: str) -> bool:
    """Whether a rebuttal only denies that the claim could fail, and asks nothing: "no se me
    ocurre ningún caso en que no funcione", "there's no case where it wouldn't work", "no
    one would ever say that we do not need it". About the student's own mind it denies only
    when it names the failing case: "i can't think of any exception" and "no se me ocurre
    nada" say the student is stuck; "..., help" or a question asks for help."""
    plain = " ".join(words(text))
    if "?" in text or _HELP_ASKED.search(plain) or rebuttal_problem(text) != "insists":
        return False
    return bool(_FAILING_CASE.search(plain)) or not set(plain.split()) & _ONESELF


def step_check(step: str, text: str, *, claim: str = "") -> StepCheck:
    """Whether ``text`` fits ``step``; the problem codes are ``empty``, ``too_short``,
    ``is_question``, ``vague_claim``, ``no_evidence``, ``opinion``, ``no_principle``, ``one_sided``,
    ``restates_claim``, ``no_authority``, ``vague_source``, ``no_modal``, ``no_condition``,
    ``insists``.

    ``claim`` (the draft's claim), when given, lets the warrant check refuse a warrant that
    only says the claim again."""
    if step not in MIN_WORDS:  # every step has its minimum length
        raise ValueError(f"unknown step {step!r}")
    stripped = (text or "").strip()
    if not stripped:
        return StepCheck(step, "empty")
    if step == "warrant" and warrant_problem(stripped, claim) == "restates_claim":
        # Said before "too short": a short restatement is above all the claim again.
        return StepCheck(step, "restates_claim")
    if step == "rebuttal" and len(words(stripped)) >= 2 and rebuttal_problem(stripped) == "insists":
        # Said before "too short": "nunca falla" needs a case where it would, not length.
        return StepCheck(step, "insists")
    vague = _VAGUE_CLAIM.search(_untagged(stripped)) or (
        step == "claim" and (_complains(stripped) or _only_evaluates(stripped))
    )
    asks = is_question(stripped) and not _answered(stripped)
    if step == "claim" and vague and not asks:
        # Said before "too short": "buses are good" needs what should change, not length.
        return StepCheck(step, "vague_claim")
    if step in ("grounds", "groundsBacking", "warrantBacking") and _hearsay(stripped):
        # Said before "too short": "i read it online" needs which source, not length.
        return StepCheck(step, "vague_source")
    if len(words(stripped)) < MIN_WORDS[step]:
        return StepCheck(step, "too_short")
    problem: str | None = None
    if step == "claim":
        if asks:
            problem = "is_question"
    elif step == "grounds":
        problem = grounds_problem(stripped)
    elif step == "warrant":
        problem = warrant_problem(stripped, claim)
    elif step in ("groundsBacking", "warrantBacking"):
        problem = backing_problem(stripped)
    elif step == "qualifier":
        problem = None if _has_marker(stripped, _MODALS) else "no_modal"
    else:  # the rebuttal
        problem = rebuttal_problem(stripped)
    return StepCheck(step, problem)


def passes(step: str, text: str, *, claim: str = "") -> bool:
    return step_check(step, text, claim=claim).passed


_PART_MARKERS: dict[str, tuple[str, ...]] = {
    "warrant": _RULE_MARKERS,
    "qualifier": _MODALS,
    "rebuttal": _CONDITIONS,
}


# The words of the parts' marks: a mark repeated with nothing else ("if if if if", "unless
# unless") carries no part.
_MARK_WORDS = frozenset(
    word for mark in (*_RULE_MARKERS, *_CONDITIONS, *_MODALS) for word in words(mark)
)
CONTENT_MIN = 2


def _has_content(text: str) -> bool:
    """Whether ``text`` holds at least ``CONTENT_MIN`` words of its own besides the parts'
    marks and figures ("porfa 1 2 3 4 5", "if if if if if if" do not)."""
    said = {w for w in words(text) if len(w) >= 3 and not w.isdigit() and w not in _MARK_WORDS}
    return len(said) >= CONTENT_MIN


def carries_its_part(step: str, text: str, *, claim: str = "") -> bool:
    """Whether ``text`` passes ``step``'s check and has the mark of its part besides: a
    warrant's "if"/"when", a rebuttal's condition, a qualifier's modal, a figure in grounds, a
    named source in a backing, a claim's "should". Pleading has none of them ("come on, just
    one sentence", "porfa q mañana lo entrego"), a student's genuine part right after it
    does ("si los alumnos tienen que esperar mucho ... pierden tiempo de dormir")."""
    if not step_check(step, text, claim=claim).passed or not _has_content(text):
        return False
    if step in _PART_MARKERS:
        return _marker_at(words(text), _PART_MARKERS[step]) is not None or (
            step != "warrant" and _has_marker(text, _PART_MARKERS[step])
        )
    if step == "grounds":
        return _figure(text)
    if step == "claim":
        return bool(_OBLIGATION.search(" ".join(words(text))))
    return True  # a backing that passes names its source
