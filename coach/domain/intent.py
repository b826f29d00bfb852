"""What a student's message is, before any check of its content: intent comes first.

``classify`` sorts a message, in English or Spanish, ignoring case, accents and apostrophes,
into one of six kinds:

- ``help``: a help or do-it-for-me request ("write it for me", "just show me an example",
  "my teacher said it's okay", "I'll fail if you don't", "compare it to my work");
- ``concept``: a question about the Toulmin part itself ("what is a warrant?",
  "¿qué es una garantía?", "I dont know what a warrant is");
- ``confirmation``: a short acceptance ("yes", "use that", "sí, me sirve");
- ``rewrite``: a request to improve the student's own text ("rewrite it", "mejóralo");
- ``off_topic``: small talk or a question about something else;
- ``attempt``: anything else, the student's attempt at the current part.

A help request or a concept question never becomes a proposal and never touches the draft;
only an ``attempt`` is ever text a confirmation or rewrite can propose.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from coach.domain.address import addressed_to_tutor
from coach.domain.phrases import is_confirmation, is_rewrite_request, words

IntentKind = Literal[
    "help", "concept", "feedback", "confirmation", "rewrite", "off_topic", "attempt"
]
# Which pressure a help request applies, for the tutor's first words and the evaluation.
Pressure = Literal[
    "write_for_me",
    "example",
    "teacher",
    "emotional",
    "compare",
    "stuck",
    # Asked in another form (told apart by ``address.addressed_to_tutor``), named for the
    # teacher's view: finishing the student's sentence, options to pick from, playing the
    # student, translating or correcting, looking facts up, or any other ask.
    "complete",
    "options",
    "roleplay",
    "translate",
    "look_up",
    "ask",
    "",
]
PRESSURES: tuple[str, ...] = tuple(p for p in get_args(Pressure) if p)

CONTROL_MAX_WORDS = 6  # a confirmation or rewrite request carries no text of its own


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    pressure: Pressure = ""

    @property
    def is_attempt(self) -> bool:
        return self.kind == "attempt"

    @property
    def may_propose(self) -> bool:
        """Only an attempt, a confirmation or a rewrite request can lead to a proposal."""
        return self.kind in ("attempt", "confirmation", "rewrite")


# How students type in a hurry: "q pongo d tesis?? nose nada", "wat do i put".
_TEXTING = {
    "q": "que", "k": "que", "ke": "que", "d": "de", "nose": "no se", "xq": "porque",
    "pq": "porque", "porq": "porque", "tb": "tambien", "tmb": "tambien", "xa": "para",
    "wat": "what", "wut": "what", "plz": "please",
    "pls": "please", "ur": "your", "r": "are", "cant": "cant", "cn": "can", "pongo": "pongo",
}  # fmt: skip


def normalize(text: str) -> str:
    """Folded words separated by single spaces, padded: " i dont know what a warrant is "."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in decomposed if not unicodedata.combining(ch))
    plain = re.sub(r"['’`´]", "", plain)  # "don't" -> "dont", "I'm" -> "im"
    tokens = [_TEXTING.get(token, token) for token in re.findall(r"[a-z0-9]+", plain)]
    return " " + " ".join(tokens) + " "


_PART = (
    r"(claims?|grounds?|warr?[ae]nts?|backings?|qualif[a-z]*|rebut[a-z]*|toulmin|"
    r"tesis|datos?|garantias?|respaldos?|calificador(es)?|cualificador(es)?|refutacion(es)?|"
    r"reservas?|contraargumentos?)"
)
_ME = r"(for me|for us|por mi|por nosotros)"


def _any(*patterns: str) -> re.Pattern[str]:
    return re.compile("|".join(f"(?:{p})" for p in patterns))


# Each family is matched on normalize(text), so words sit between single spaces.
_HELP: tuple[tuple[Pressure, re.Pattern[str]], ...] = (
    (
        "teacher",
        # Permission, not any mention of a teacher ("my teacher says phones distract us").
        _any(
            r" (teacher|professor|prof|tutor|instructor|lecturer|mom|mum|dad|parents?) "
            r"(said|says|told me|told us|lets|allows|allowed|approved|agreed)[a-z ]{0,30}"
            r"\b(ok|okay|fine|alright|allowed|permitted|you (can|could|may)|for you to|"
            r"no problem|cheating) ",
            r"^ (but )?(its|it is) (allowed|permitted|fine|ok|okay)( for you| to do)?"
            r"( though| anyway| really)? $",
            r" (you are|youre) allowed to ",
            r"^ (but )?(its|it is) (allowed|permitted|fine|ok|okay) (my|the|our) (teacher|"
            r"professor|prof|tutor|mom|mum|dad|parents) ",
            r" (teacher|professor|prof|tutor|mom|mum|dad|parents) (said|says|told me|told us) "
            r"so ",
            r" mi (profesora?|profe|maestra?|tutora?|madre|padre) (me )?(dijo|dice|ha dicho|"
            r"permite|deja)[a-z ]{0,30}\b(esta bien|vale|puedes|se puede|permitido|no pasa "
            r"nada|lo hagas|lo escribas|me ayudes) ",
            r" (esta|estas) permitido ",
        ),
    ),
    (
        "emotional",
        _any(
            r" (i ll|ill|i will|im going to|i am going to|im gonna|i m gonna|gonna) "
            r"(fail|flunk|get a zero|cry|be in trouble|get in trouble) ",
            r" if you dont (help|write|do|give) ",
            r" (i beg|im begging|i am begging|please please|im desperate|i am desperate|"
            r"so desperate) ",
            r" (its|it is|this is) due (tomorrow|tonight|today|in) ",
            r" (i have|ive got|i got) no time | (im|i am) (out of|running out of) time ",
            r" (voy a|me van a|vamos a) (suspender|reprobar|catear|llorar|suspenderme|"
            r"reprobarme) ",
            r" (suspendere|reprobare|me suspenden|me reprueban) ",
            r" si no me (ayudas|lo haces|lo escribes) ",
            r" (te lo (ruego|suplico)|estoy desesperad[oa]) ",
            r" (es|lo entrego|hay que entregarlo) (para )?(manana|hoy|esta noche) ",
            r" (no tengo tiempo|me quedo sin tiempo|estoy sin tiempo) ",
        ),
    ),
    (
        "compare",
        _any(
            r" compare (it |this |that |yours |mine |them |your (version|one|text) )?(to|with|"
            r"against) (my|mine|what i|yours|your|the one i) ",
            r" (and|so i can|so we can|to|then|i ll|ill|i will|i can|let me|lets) compare ",
            r" (comparalo|comparala|comparalos|compara|comparemos|comparamos)"
            r"( tu version| la tuya| el tuyo)? con (mi|lo que|el mio|la mia|la tuya|el tuyo) ",
            r" (para|y|luego|asi) (lo |la )?(comparo|comparar|comparamos|comparemos) ",
        ),
    ),
    (
        "example",
        _any(
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
            r" (dame|muestrame|ensename|ponme|escribeme|pon|da) (un|algun|unos) ejemplos? ",
            r" (un|algun) ejemplo (por favor|porfa|de|para) ",
            r"^ (solo )?(un )?ejemplos? (por favor )?$",
        ),
    ),
    (
        "write_for_me",
        _any(
            # "write it for me", "can you just write the claim for me", "fill it in for me"
            r" (write|do|draft|compose|fill|generate|finish|complete|type|produce|craft|"
            r"come up with|think of|create) [a-z0-9 ]{0,40}" + _ME + " ",
            # ... but not "how do I write a good warrant?" (a question about the part)
            r"(?<! i)(?<! to)(?<! we) (write|draft|compose|generate|give me|make me|create|"
            r"provide|suggest|tell me|"
            r"send me|come up with|think of|think up|invent|make up) (me )?(my|the|a|an|one|"
            r"your|some|good|better|new|another)( good| better| strong| new)? " + _PART + " ",
            r" (you|u) (write|do|make|decide|choose|pick|fill) (it|this|that|one|mine|them) ",
            r" (write|do|draft|fill in|finish|complete) (it|this|that|one|mine|them|something|"
            r"the rest|it all|everything)( for me| please| now| already| instead)* $",
            r" (can you|could you|would you|please|just|you) (do|fill in|finish|complete|write) "
            r"(the|my) (rest|" + _PART[1:] + r" ",
            r" how (you|u) would (write|do|say|put) ",
            r" what (should|would|could) (my|the|a good|a) " + _PART + " be ",
            r" what would (be )?(a |an )?(good |strong |better )?" + _PART + " ",
            r" (give|send|tell|show) me (some |any |a few |an |)ideas? ",
            r"^ (any|some|got any) ideas ",
            r" (cual|que) seria (una|un|mi|la|el) (buena |buen |mejor )?" + _PART + " ",
            r" (me )?(lo|la) (escribes|haces|redactas|terminas) ",
            r" (me das|dame|tienes) (alguna |algunas |unas |)ideas? ",
            r" (give|tell|show) me the (answer|solution|text) ",
            r" what (would|should|could) (you|u) (write|put|say) ",
            r" what would (a|an|the) (good |strong |)" + _PART + " (be|look like) for ",
            r" (just )?tell me what to (write|put|say) ",
            r" (escribe|escribelo|escribela|escribemelo|escribemela|escribeme|redacta|"
            r"redactalo|redactala|hazlo|hazla|hazmelo|hazmela|haz|dame|inventa|inventate|"
            r"sugiereme|propon|proponme|crea|genera) (tu |me )?(mi|la|el|una|un|los|las|"
            r"otra|otro|alguna|algun)( buena| buen| mejor)? " + _PART + " ",
            r" (escribe|escribelo|escribela|escribemelo|escribemela|redacta|redactalo|hazlo|"
            r"hazla|hazmelo|hazmela|haz|completalo|rellenalo|terminalo)[a-z ]{0,30}"
            r"(por mi|tu|por nosotros) ",
            r"^ (escribelo|escribela|escribemelo|escribemela|hazlo|hazmelo|hazlo tu|"
            r"escribelo tu) (tu )?(por favor )?$",
            r" (puedes|podrias|puede|podria) (escribir|hacer|redactar|darme|inventar|crear|"
            r"escribirme|hacerme)(la|lo|me|mela|melo)? (tu )?(la|el|mi|una|un|los|las)? ?"
            + _PART
            + " ",
            r" (dame|dime) (la respuesta|la solucion|el texto|que (escribo|pongo|escribir|"
            r"poner)) ",
            r" que (escribirias|pondrias|dirias) (tu)? ",
        ),
    ),
    (
        "stuck",
        _any(
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
            r"^ ([a-z]+ )?no (se|conozco|tengo|encuentro|recuerdo|sabria) (ningun|ninguna|"
            r"nada|ni un|ni una|datos|ningunos|ideas?|expertos?|fuentes?) ",
            r" no se me ocurre (nada|ningun|ninguna|ni) ",
            r"^ (please )?(help|help me|help please|i need help|need help|can you help|"
            r"can you help me|could you help me|help me out|help me please|pls help|ayuda|"
            r"ayudame|ayudame por favor|necesito ayuda|me ayudas|puedes ayudarme|"
            r"ayuda por favor)( please)? $",
            r" (i need|need) (your )?help (with|writing|to write) ",
            r"^ (i have no idea|i have no clue|no idea|no clue|idk|i dunno|dunno|no tengo ni idea|"
            r"ni idea|no se|no lo se|ni idea de que poner)( what to do| what to write)? $",
            r" help me (write|with|do|finish|make|think of|come up) ",
            r" (estoy|me he|me quede|quede) (atascad[oa]|bloquead[oa]|trabad[oa]|"
            r"atorad[oa]) ",
            r" no se (que|como) (escribir|poner|decir|empezar|hacer) ",
            r"^ (y |entonces |pero )?que (escribo|pongo|digo|hago|escribiria|pondria) ",
            r" (ayudame|ayudeme) (a|con) ",
            r" necesito (tu )?ayuda (con|para) ",
        ),
    ),
)

_CONCEPT = _any(
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
    r"^ (i )?(dont|do not) (understand|get it|understand it|get this)( at all)? $",
    r"^ (no entiendo|no lo entiendo|no comprendo|no lo comprendo)( nada| bien)? $",
    r" how (to|do i|can i|should i|do you|do we|can you) (write|make|build|find|choose|state|know) "
    r"(a |an |the |my |if )?(good |strong )?" + _PART + " ",
    r" (is|are) (a |an |the )?" + _PART + " (the same as|like|just) ",
    r" (what|how) (should|does|do|must) (a |an |the |my )?" + _PART + " "
    r"(look like|contain|have|include|say|be) ",
    r" que (es|son|significa|significan|quiere decir|quieren decir) (un |una |el |la |los |las "
    r"|eso de |lo de )?" + _PART + " ",
    r" no (se|entiendo|comprendo|tengo claro|me queda claro|se bien) (que|lo que|como|para que|"
    r"la diferencia) ",
    r" (explicame|explica|explicas|explicar|define|defineme) (que es |que son |como es |el |la "
    r"|los |las |un |una |otra vez|eso|de nuevo|mejor)",
    r" (para que sirve|para que sirven|como se (escribe|hace)|como (escribo|hago)) (un |una |"
    r"el |la |mi )?" + _PART + " ",
    r" diferencia entre ",
    r" que (significa|quiere decir|quieres decir) (eso|esto) ",
    r"^ que es (eso|esto) $",
    r" (definicion|significado) de ",
    r" (estoy|me siento) (confundid[oa]|perdid[oa]) ",
)

_OFF_TOPIC = _any(
    r"^ (hi|hello|hey|hiya|yo|good (morning|afternoon|evening)|hola|buenas|buenos dias|"
    r"buenas tardes|buenas noches|que tal|thanks|thank you|gracias|bye|adios|lol|haha|jaja|"
    r"jajaja|ok bye)( there| tutor| profe)?( how are you)? $",
    r" how are you ",
    r" (tell|give) me a joke ",
    r" (who|what) are you ",
    r" what s your name | whats your name ",
    r" (are you|r u) (a robot|an ai|human|real) ",
    r" (weather|football|soccer|basketball|minecraft|fortnite|tiktok|netflix|video games?|"
    r"your favou?rite|pizza) ",
    r" (como estas|cuentame un chiste|dime un chiste|quien eres|que eres|como te llamas|"
    r"eres (un robot|humano|una ia)|el tiempo|tu favorit[oa]|videojuegos?|futbol) ",
    r" (capital of|capital de) ",
)


# A question about the quality of the student's own part: a request for feedback, answered
# by judging their text; never pressure, never a part. "Is mine specific enough?", "¿Mi
# garantía es demasiado general?", "Is my evidence strong enough or do I need more?"
_FEEDBACK = _any(
    r" (is|does|was|are) (mine|my [a-z]+|it|this|that|these|they|my [a-z]+ [a-z]+) "
    r"([a-z]+ ){0,3}?(enough|ok|okay|fine|good|right|correct|clear|strong|weak|specific|"
    r"general|vague|too [a-z]+|work|have (one|a source)|make sense|count) ",
    r" (do|does) (mine|my [a-z]+) (work|need|have|count|make sense) ",
    r" do i need (more|a source|to change|to add) ",
    r" (what do you think of|how is|how about|any feedback on|feedback on|can you check|"
    r"could you check|check) my ",
    r" (mi|mis) (tesis|garantias?|datos|respaldos?|calificador|refutacion|argumento|texto|"
    r"frase|parte) (es|son|esta|estan|vale|valen|sirve|sirven|funciona|tiene|queda) ",
    r" (es|esta|son|estan) (bien|suficiente|claro|clara|concreto|concreta|demasiado [a-z]+|"
    r"lo bastante [a-z]+) (mi|mis|lo que) ",
    r" (que te parece|que opinas de|revisa|revisas|me revisas) (mi|mis) ",
    r" (la mia|el mio|lo mio|los mios) (es|son|esta|vale|sirve) ",
)


def _asks_feedback(message: str, norm: str) -> bool:
    """A question about the student's own part (see ``_FEEDBACK``)."""
    return ("?" in message or norm.startswith((" check ", " revisa "))) and bool(
        _FEEDBACK.search(norm)
    )


# A hedge is never a "yes": "casi seguro que sí", "probably yes", "pretty sure".
_HEDGES = frozenset(
    "casi bastante probablemente seguramente posiblemente quiza quizas quizes tal creo "
    "supongo igual pretty almost probably likely maybe perhaps mostly fairly quite guess "
    "think most certainly definitely".split()
)


def _hedged(norm: str) -> bool:
    return bool(set(norm.split()) & _HEDGES)


def _help_pressure(norm: str) -> Pressure | None:
    for pressure, pattern in _HELP:
        if pattern.search(norm):
            return pressure
    return None


# Only to name the kind of ask for the teacher; whether it is an ask is decided by its form.
_ASK_KINDS: tuple[tuple[Pressure, re.Pattern[str]], ...] = (
    (
        "complete",
        _any(
            r" (finish|complete|continue|end|fill in|termina|completa|acaba|sigue|"
            r"rellena|terminarias|comes after) ",
            r" (blank|hueco) ",
        ),
    ),
    (
        "options",
        _any(
            r" (options?|opciones|list|lista|brainstorm|a few|a couple|varios|varias|"
            r"unas cuantas|algunas|algunos|could use|podria usar|me sirven|pick one|"
            r"elijo) "
        ),
    ),
    (
        "roleplay",
        _any(
            r" (pretend|imagine|act as|roleplay|were me|be me|you are the student|"
            r"finge|imagina|como si fueras|si fueras|ponte en mi lugar|juguemos|"
            r"tu eres) "
        ),
    ),
    (
        "translate",
        _any(
            r" (translate|traduc[a-z]*|grammar|gramatica|proofread|paraphrase|"
            r"academic|academico|sound|suene|sonar|redaccion|correct[a-z]*|"
            r"corrig[a-z]*|better than me|mejor que yo|pasalo) "
        ),
    ),
    (
        "look_up",
        _any(
            r" (look up|find me|search|google|statistics?|data|source|research|"
            r"published|busca[a-z]*|encuentra[a-z]*|estadisticas?|fuente|encuesta|"
            r"expertos|cifras|datos sobre) "
        ),
    ),
)
# Pressure families that are requests only when the message is addressed to the tutor:
# "AI tools should not write graded essays for us" is a claim, not "write ... for us".
_ADDRESSED_ONLY: frozenset[str] = frozenset({"write_for_me", "example", "compare"})
STATEMENT_MIN_WORDS = 7


def ask_kind(message: str) -> Pressure:
    """The kind of an ask addressed to the tutor that no pressure family names."""
    norm = normalize(message)
    for kind, pattern in _ASK_KINDS:
        if pattern.search(norm):
            return kind
    return "ask"


def _content_words(text: str) -> set[str]:
    return {word[:5] for word in words(text) if len(word) >= 4}


def classify(message: str, *, topic: str = "") -> Intent:
    """The intent of one student message (see the module's docstring for the kinds).

    Help requests are tested first: "yes, just write it for me" is a request, not a
    confirmation. A message with text of its own (more than a few words) is a confirmation
    or a rewrite request only in the form "rewrite: <text>".
    """
    norm = normalize(message)
    if not norm.strip():
        return Intent("attempt")
    own = own_text(message)
    if own != message.strip():
        # "ok. Uniforms should be optional": the filler says nothing; what follows decides.
        return classify(own, topic=topic)
    addressed = addressed_to_tutor(message)
    count = len(words(message))
    statement = not addressed and count >= STATEMENT_MIN_WORDS and "?" not in message
    pressure = _help_pressure(norm)
    if pressure is None and _asks_feedback(message, norm):
        return Intent("feedback")
    if pressure is not None and not (statement and pressure in _ADDRESSED_ONLY):
        return Intent("help", pressure)
    if _CONCEPT.search(norm):
        return Intent("concept")
    short = count <= CONTROL_MAX_WORDS
    if is_rewrite_request(message) and (short or ":" in message):
        return Intent("rewrite")
    if short and is_confirmation(message) and not _hedged(norm):
        return Intent("confirmation")
    # "pizza" is small talk, unless the argument is about pizza; a statement with topic
    # words of its own ("video games lower grades") is an attempt, whatever its words.
    chat = short or "?" in message or addressed
    if chat and _OFF_TOPIC.search(norm) and not (_content_words(message) & _content_words(topic)):
        return Intent("off_topic")
    if addressed:
        return Intent("help", ask_kind(message))
    return Intent("attempt")


def turn_intent(inputs: Mapping[str, Any]) -> Intent | None:
    """The intent a turn already classified (``intent`` and ``pressure`` in its inputs, as
    ``services.turn_inputs`` builds them), so a turn classifies its message once."""
    if inputs.get("intent") not in get_args(IntentKind):
        return None
    return Intent(inputs["intent"], inputs.get("pressure", "") or "")


# What a student puts before their text that is not part of it: a filler ("ok.", "vale."),
# or a frame ("Actually let me change it:", "Bueno, mejor cambio:").
_FRAMING = re.compile(
    r"^\s*(?:ok(?:ay)?|okey|vale|bueno|well|right|so|fine|alright|hmm+|um+|uh+|pues|"
    r"entonces|a ver|mira|espera|wait|oh|ah|yeah|yes|sí)"
    r"(?:\s+(?:ok(?:ay)?|so|then|pues|vale|bueno|entonces))*\s*[.,;:!…]+\s+|"
    r"^\s*(?:actually|en realidad|mejor|bueno|ok|vale|wait|espera)?[\s,]*"
    r"(?:(?:let me|i'?ll|i will|i want to|i'?d like to|can i)\s+(?:change|rewrite|redo|fix|"
    r"try|edit|rephrase)|(?:lo |la )?(?:cambio|corrijo|rectifico|reescribo)|"
    r"(?:voy a|quiero) (?:cambiar|corregir)(?:lo|la)?|intento otra vez|pruebo otra vez)"
    r"(?: it| that| this| mine| my \w+| again| otra vez| lo| la| esto| eso)*\s*[:.,;!-]+\s*",
    re.I,
)


def own_text(message: str) -> str:
    """The student's own text in a message: without the fillers and framing before it
    ("ok. High schools..." -> "High schools..."). The one definition every judge uses."""
    text = message.strip()
    for _ in range(3):  # "ok. Actually let me change it: ..." has two layers
        stripped = _FRAMING.sub("", text, count=1).strip()
        if not stripped or stripped == text or len(words(stripped)) < 1:
            break
        text = stripped
    return text


def own_attempts(messages: list[str], *, topic: str) -> list[str]:
    """The student's own texts, in order, in the messages that are attempts at the part (not
    requests), each read against the argument's ``topic`` as ``classify`` reads it."""
    return [own_text(m) for m in messages if m.strip() and classify(m, topic=topic).is_attempt]


def rewrite_payload(message: str) -> str:
    """The text in "rewrite: <text>", or "" when the request carries none."""
    if ":" not in message:
        return ""
    return message.split(":", 1)[1].strip()


__all__ = [
    "CONTROL_MAX_WORDS",
    "Intent",
    "IntentKind",
    "Pressure",
    "classify",
    "PRESSURES",
    "ask_kind",
    "normalize",
    "own_attempts",
    "own_text",
    "turn_intent",
    "rewrite_payload",
]
