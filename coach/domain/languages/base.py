"""The one shape every language pack has: the coach's words and grammar for one language.

A pack is data plus a few grammar functions. Word lists hold folded words (lower case, no
accents) unless a field says otherwise; ``*_patterns`` fields hold regular-expression
alternatives written for text as the module that uses them reads it (folded words between
single spaces for the intent and heuristics patterns, the text as written for the tutor's
sentences). A module never mixes two packs' words in one list: it asks the registry
(``coach.domain.languages``) for every pack's list, or for one pack.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field


def _no(*_: object) -> bool:
    return False


def _none(*_: object) -> None:
    return None


def fold(text: str) -> str:
    """Lower case without accents: "Definitivamente ESTÁ bien" -> "definitivamente esta bien"."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch))


@dataclass(frozen=True)
class LanguagePack:
    code: str
    # -- recognising the language (``phrases.guess_language``)
    markers: frozenset[str]  # common words that tell the language
    letters: str = ""  # characters only this language writes ("¿¡ñ")
    opening_marks: tuple[str, ...] = ()  # a question or exclamation opened ("¿")
    # -- what a message asks for (``phrases``)
    confirmations: tuple[str, ...] = ()
    # an informal yes that confirms only as the whole message ("ya", "dale"): inside a
    # sentence it means something else ("ya lo he intentado", "dale más tiempo")
    informal_yes: tuple[str, ...] = ()
    # idioms whose yes-word says no yes ("vale la pena", "make sure"), folded
    yes_idioms: tuple[str, ...] = ()
    # words that, typed in capitals inside a sentence, are an acronym ("la ESO", "the US")
    acronyms: frozenset[str] = frozenset()
    infinitives: tuple[str, ...] = ()  # pattern alternatives: "[a-z]{2,}(?:ar|er|ir)", "to [a-z]+"
    rewrite_requests: tuple[str, ...] = ()
    negations: frozenset[str] = frozenset()
    # -- the step checks (``heuristics``); markers may end in "*" (any ending)
    evidence: tuple[str, ...] = ()
    authority: tuple[str, ...] = ()
    source_kinds: tuple[str, ...] = ()
    modals: tuple[str, ...] = ()
    conditions: tuple[str, ...] = ()
    contrasts: tuple[str, ...] = ()
    rule_markers: tuple[str, ...] = ()
    general: tuple[str, ...] = ()
    limits: tuple[str, ...] = ()
    specific: frozenset[str] = frozenset()
    percent: tuple[str, ...] = ()
    question_words: frozenset[str] = frozenset()  # "what", "why": they open a question
    auxiliaries: frozenset[str] = frozenset()  # "do", "is": a question may open with one
    # Verbs a question tag asks with, saying nothing of their own: "does that help?"
    tag_verbs: frozenset[str] = frozenset()
    pronouns: frozenset[str] = frozenset()
    insisting_patterns: tuple[str, ...] = ()
    # A rebuttal that denies any circumstance exists ("no one could disagree"), read only
    # when the rebuttal names no condition ("unless no one comes" names one).
    denial_patterns: tuple[str, ...] = ()
    # A rebuttal that says the claim holds in every case ("it always works", "funciona
    # siempre"), read only when the rebuttal names no condition and no contrasting case.
    always_patterns: tuple[str, ...] = ()
    # The case a denial says never happens ("where it wouldn't work", "en que no funcione"):
    # "no se me ocurre ningún caso en que no funcione" denies, "no se me ocurre nada" is stuck.
    failing_case_patterns: tuple[str, ...] = ()
    # Asking the tutor for help ("help", "ayúdame"): "i can't think of any exception, help"
    # asks, whatever it denies.
    help_asked_patterns: tuple[str, ...] = ()
    # What opens a rule's condition, in more forms than ``rule_markers`` ("every time",
    # "where pupils ...", "cada vez que", "los alumnos que ..."), read only to tell a rule
    # from a restatement.
    link_patterns: tuple[str, ...] = ()
    # Texting forms written out before a warrant is compared with the claim ("shld" ->
    # "should", "xq" -> "porque"): folded word -> folded words.
    spelled_out: Mapping[str, str] = field(default_factory=dict)
    # Words in a warrant's reason that name no criterion ("better", "them", "mejor",
    # "tenerlos"): a reason of only these and its conclusion's words says it again.
    hollow_reason_words: frozenset[str] = frozenset()
    vague_claim_patterns: tuple[str, ...] = ()
    online_patterns: tuple[str, ...] = ()
    platforms: frozenset[str] = frozenset()  # where anything is found: "google", "tiktok"
    # Hearsay as a source, read on the folded words: where it was seen ("i read it online")
    # and who said it ("my friend told me"); and what a named source says ("the BBC says").
    # A claim's question answered by the student after it ("Should ...? I say yes"), read on
    # the folded words after the last question mark.
    question_answers: tuple[str, ...] = ()
    hearsay_online: tuple[str, ...] = ()
    hearsay_people: tuple[str, ...] = ()
    source_says: tuple[str, ...] = ()
    # Someone named only by a role at school ("my teacher"), and an unsure backing ("idk").
    roles: tuple[str, ...] = ()
    bare_judgements: tuple[str, ...] = ()  # "dogs make school better", no criterion
    complaints: tuple[str, ...] = ()  # "the bus comes way too early": no change asked for
    evaluations: tuple[str, ...] = ()  # "phones are a massive issue": nothing asked for
    evaluation_clauses: tuple[str, ...] = ()  # "than", "that": a clause after an evaluation
    evaluated_actions: tuple[str, ...] = ()  # "banning phones is ...": a decision evaluated
    evaluation_kinds: tuple[str, ...] = ()  # "a public health problem": a named criterion
    bare_quantifiers: tuple[str, ...] = ()  # "all", "most": a general marker, no principle
    unsure: tuple[str, ...] = ()
    figure_words: tuple[str, ...] = ()  # a time or amount in words: "twenty minutes"
    when_words: tuple[str, ...] = ()  # when a survey was made: "in March", "last term"
    # A record someone keeps ("she keeps a list of what gets sold", "el conserje lleva la
    # cuenta") or a role's years of experience ("my coach who has run the club for ten
    # years"): a backing that says which source, without a name or an institution.
    kept_records: tuple[str, ...] = ()
    # Who keeps the record when it is no one in particular ("someone keeps a list", "alguien
    # lleva una lista"): the record is not said to be anyone's.
    unnamed_keepers: tuple[str, ...] = ()
    # Where the student saw something ("in my class", "en mi salón"): it places an
    # observation, but it is no source for an opinion ("I think most people in my class ...").
    observed_places: tuple[str, ...] = ()
    # A rebuttal naming who or when the claim would not hold, with no "unless" ("wouldn't
    # work for students who ...", "no funcionaría para los que ...", "not if ..."), and one
    # saying it fails with nothing named ("it just wouldn't work", "no funcionaría y ya").
    exempt_patterns: tuple[str, ...] = ()
    bare_failures: tuple[str, ...] = ()
    # A question on how good a named or quoted text of the student's is ("is “probably” too
    # weak?", "¿la OMS cuenta como fuente o es muy general?"), read on the folded words; the
    # group ``subject`` is what it asks about.
    quality_questions: tuple[str, ...] = ()
    distress_patterns: tuple[str, ...] = ()  # a punishment awaiting the student: "ground me"
    consequence_patterns: tuple[str, ...] = ()  # "so", "así que": a conclusion follows
    reason_markers: tuple[str, ...] = ()  # "because", "porque": a reason said first
    obligation_patterns: tuple[str, ...] = ()
    opinion_patterns: tuple[str, ...] = ()
    reported_word: str = ""  # a pattern for one folded word in a past tense
    reported_raw: str = ""  # likewise on the lower-case text with its accents
    # Degrees of a modal for the chain ("probably" -> "probably"), in order of strength.
    modal_degrees: tuple[tuple[str, str], ...] = ()
    # -- the intent of a message (``intent``): pattern alternatives by family
    part_names: tuple[str, ...] = ()  # pattern alternatives naming the Toulmin parts
    asked_parts: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    texting: Mapping[str, str] = field(default_factory=dict)  # "q" -> "que"
    help_patterns: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    concept_patterns: tuple[str, ...] = ()
    off_topic_patterns: tuple[str, ...] = ()
    feedback_patterns: tuple[str, ...] = ()
    feedback_openers: tuple[str, ...] = ()  # " check ": asks for feedback without "?"
    # An indirect question about the student's text ("tell me if my claim is ...", "dime si
    # mi tesis es ..."): pattern alternatives for its frame, read anywhere in the message.
    feedback_frames: tuple[str, ...] = ()
    # What a yes/no question about the student's own text asks when it asks whether that text
    # is acceptable ("does it count", "¿vale como fuente?"): a feedback request.
    acceptance_words: frozenset[str] = frozenset()
    ask_kind_patterns: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    hedges: frozenset[str] = frozenset()
    # "yes but change X", "vale pero quita...": a yes followed by one of these is not a plain yes
    contrast_words: frozenset[str] = frozenset()
    said_so: tuple[str, ...] = ()  # "my teacher said so" as the whole message (folded)
    doubts: frozenset[str] = frozenset()  # doubt alone after "yes but" (folded): "not sure"
    # A plain "no" to a card: every word of the message is one of these ("no", "nope, not that")
    plain_no: frozenset[str] = frozenset()
    # After a yes, words that only point at the card (folded): "yes do it", "sí, guárdala".
    yes_tails: frozenset[str] = frozenset()
    # A request around the student's text: dictated ("just put ...") or appended ("... pls
    # make it sound good"), matched on the normalized message.
    wrapped_requests: tuple[str, ...] = ()
    # "is my claim ok?": the part after one of these is the one asked about; "is mine ok?"
    # (one of ``mine_words``) asks about the current step's
    possessives: frozenset[str] = frozenset()
    mine_words: frozenset[str] = frozenset()
    # A site with its owner named ("the council's website", "la web del ayuntamiento"): which
    # site is said, so it is not a vague source (``heuristics``).
    owned_online_patterns: tuple[str, ...] = ()
    # Words before a platform that say where something was seen: "on tiktok", "en youtube".
    seen_on: frozenset[str] = frozenset()
    # Tags at the end of a sentence that add nothing to it: "tbh", "lol", "la verdad".
    tail_tags: frozenset[str] = frozenset()
    # A frame that puts the student's own proposition forward (raw-text regexes, case
    # ignored): "the claim would be that ...", "¿y si pongo que ...?"; and the tag question
    # after it (", right?", ", ¿no?"). What follows the frame is their text.
    proposition_frames: tuple[str, ...] = ()
    tag_questions: tuple[str, ...] = ()
    # What such a frame may hold that is no proposition but the tutor's words, read on the
    # folded rest: "what about that thing you said before?", "¿y si pongo que lo que dijiste?".
    proposition_requests: tuple[str, ...] = ()
    # A slot left for the tutor: words that make a bracket one ("[whatever you think]",
    # "<algo sobre ...>") and leads an ellipsis may follow ("unless ...", "a menos que …").
    slot_words: frozenset[str] = frozenset()
    slot_leads: frozenset[str] = frozenset()
    # Words about the exchange itself, not the topic ("just this once", "ya lo he intentado"):
    # a message made only of these, grammar words and fillers states nothing a part could hold.
    exchange_words: frozenset[str] = frozenset()
    framing_fillers: tuple[str, ...] = ()  # pattern alternatives: "ok(?:ay)?", "vale"
    framing_followers: tuple[str, ...] = ()  # nods after a filler: "got it", "ya lo pillo"
    framing_leads: tuple[str, ...] = ()  # "actually", "en realidad"
    framing_changes: tuple[str, ...] = ()  # "let me change", "lo cambio"
    framing_objects: tuple[str, ...] = ()  # " it", " lo"
    # Fillers with no punctuation after them ("ok so ...", "vale pues ..."): a run is framing
    # only with a strong one in it; a loose one never stands before these words ("so many").
    strong_fillers: tuple[str, ...] = ()
    loose_fillers: tuple[str, ...] = ()
    filler_not_before: frozenset[str] = frozenset()
    # Pleading, distress or a deadline ("please", "due", "porfa"), and the words that go with
    # it ("essay", "tonight", "profe"): a message of only these and the exchange's words.
    plea_words: frozenset[str] = frozenset()
    plea_context: frozenset[str] = frozenset()
    begging: frozenset[str] = frozenset()  # "please", "porfa", "crying": begging itself
    threats: tuple[str, ...] = ()  # "if you dont ...": a condition that threatens, no part's
    # Right after a plea: the tutor named ("if u write it", "si me lo escribes tú"), and the
    # student's own observation in the first person ("i timed", "conté"): evidence, no plea.
    tutor_pronouns: frozenset[str] = frozenset()
    observations: tuple[str, ...] = ()  # patterns on the folded words
    # -- addressed to the tutor (``address``)
    fillers: frozenset[str] = frozenset()
    polite: frozenset[str] = frozenset()
    polite_phrases: tuple[str, ...] = ()  # "por favor": politeness in several words
    polite_pattern: str = ""
    artefacts: frozenset[str] = frozenset()
    determiners: frozenset[str] = frozenset()
    part_words: frozenset[str] = frozenset()
    personal: frozenset[str] = frozenset()
    # "Mi entrenador, que lleva diez años, apunta ...": a person named (opened by one of
    # ``subject_openers``), what is said of them (opened by one of ``said_openers``), then
    # their verb; only ``addressees`` or ``for_me`` after it make it an order.
    subject_openers: frozenset[str] = frozenset()
    said_openers: tuple[str, ...] = ()
    addressees: frozenset[str] = frozenset()
    for_me: tuple[str, ...] = ()
    clause_joiners: tuple[str, ...] = ()  # pattern alternatives between clauses
    # (folded clause, its first word as typed): None when the clause does not open with one
    # of this language's verbs of producing text, so another pack may read it.
    imperative: Callable[[list[str], str], bool | None] = _none
    asks_tutor: Callable[[list[str]], bool] = _no  # the tutor as the subject of a request
    wants_from_tutor: Callable[[str], bool] = _no  # on the padded folded message
    wanted: Callable[[list[str]], list[str] | None] = lambda _: None  # "i need" -> the rest
    question_opening: Callable[[list[str]], bool] = _no  # "what is", without a "?"
    # -- the tutor's sentences (``pieces``, ``authorship``, ``answer``), on the text as written
    grammar_words: frozenset[str] = frozenset()  # small words that say nothing of their own
    example_markers: tuple[str, ...] = ()
    other_topic_patterns: tuple[str, ...] = ()  # "in a debate about ...": the example's topic
    reported_speech: tuple[str, ...] = ()  # "say that", "decir que"
    suggestion_patterns: tuple[str, ...] = ()
    knowing_patterns: tuple[str, ...] = ()  # "did you know that ...", "¿sabías que ...?"
    # More frames the guard reads, by name: "idea" (the idea that ...), "link" (the link
    # between ...), "completing" (a colon completing "narrow it to:"), "or" (an alternative),
    # and the offer judge's words, "offer_..." (``coach.domain.offers``, ``*_offers.py``).
    guard_frames: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    offer_patterns: tuple[str, ...] = ()
    addressed: frozenset[str] = frozenset()  # words of a sentence addressed to the student
    embedded_questions: tuple[str, ...] = ()
    # What an offered text may open with that makes it a question for the student ("you
    # might say *who* it is unfair to"), and a question word right after a verb of saying
    # ("it would help to say *which* year").
    asking_words: tuple[str, ...] = ()
    asked_after_verb: tuple[str, ...] = ()
    meta: frozenset[str] = frozenset()  # words about the argument rather than its subject
    # ", which says ...", ", que recomendó ...": a relative clause inside a question asserts
    # what it says ("Have you thought of the UN, which says ...?").
    relative_openers: tuple[str, ...] = ()
    # A part named as the generic subject of a copula: a sentence that says what a part is
    # ("A qualifier is a word like ...", "Unos datos suelen ser ...").
    definition_patterns: tuple[str, ...] = ()
    indefinite: frozenset[str] = frozenset()  # "a", "some", "una": a kind of text, not one
    relative_words: frozenset[str] = frozenset()  # "a rule *that* ...", "una regla *que* ..."
    # Nouns for a kind of text, beside the parts' names: "a *rule* that ...", "una *idea* que".
    text_nouns: frozenset[str] = frozenset()
    word_nouns: frozenset[str] = frozenset()  # "the *word* “trips”": a quotation mentioned
    # The words of a probe on the student's own text or evidence ("Did anyone else check the
    # count?", "¿Lo podría ver alguien más?"): checking, counting, asking, someone, a second
    # time, unusual. In a question they ask; they say nothing on the student's subject.
    probe_words: frozenset[str] = frozenset()
    # A check put to the student whose object is a clause: "Could you check whether ...",
    # "¿Has comprobado que ...?": what follows is what they would check, judged as said.
    checking_patterns: tuple[str, ...] = ()
    # What may follow the relative when the text only describes a kind of rule: a short
    # predicate about the rule itself ("would also hold ...", "valga también ...").
    describing_predicates: tuple[str, ...] = ()
    # The student's text pointed at: "that is a general rule ...", "esa regla valdría ...".
    pointing_patterns: tuple[str, ...] = ()
    sentence_joiners: tuple[str, ...] = ()
    proposal_talk_patterns: tuple[str, ...] = ()
    # -- what the tutor says: step -> text unless noted; "{topic}"-style fields are filled in
    step_names: Mapping[str, str] = field(default_factory=dict)
    guiding_questions: Mapping[str, str] = field(default_factory=dict)
    problems: Mapping[str, str] = field(default_factory=dict)  # problem code -> next step
    praise: Mapping[str, str] = field(default_factory=dict)
    where_to_look: Mapping[str, str] = field(default_factory=dict)
    as_you_wrote: Mapping[str, str] = field(default_factory=dict)
    phrases: Mapping[str, str] = field(default_factory=dict)  # the tutor's set phrases
    explanations: Mapping[str, str] = field(default_factory=dict)
    examples: tuple[Mapping[str, str], ...] = ()  # whole example arguments, "topic" too
    openers: Mapping[str, str] = field(default_factory=dict)  # pressure -> first words
    example_lead: str = ""
    help_questions: Mapping[str, str] = field(default_factory=dict)
    off_topic: str = ""
    # -- the meaning check (``coach.domain.meaning``): only a language the sentence encoder
    # reads has examples; the others stay on the rules.
    feedback_examples: tuple[str, ...] = ()  # a good tutor's sentences
    part_examples: tuple[str, ...] = ()  # sentences that state a part for the student
    # "your claim", "tus datos": the student's part named in this language's grammar.
    your_part: Callable[[str, str], str] = lambda step, name: name
