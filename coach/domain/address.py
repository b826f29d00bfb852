"""Whether a student's message is addressed to the tutor, read from its form.

A part of an argument is a statement about the topic, addressed to a reader. A message that
asks the tutor to do something is not, whatever words it uses: an imperative whose object is
text or the student ("write my claim", "finish this: ...", "escríbeme la tesis", "dime"), a
verb in the second person with the tutor as subject ("can you...", "you do it", "¿me
escribes...?", "¿podría usted...?", "quiero que escribas"), a polite frame that wraps such a
request ("would you mind...", "I'd appreciate it if you...", "le agradecería que..."), a
question about the student's own argument ("what would my claim be?", "¿qué datos podría
usar?"), a wish for something the tutor would have to produce ("I need some data", "necesito
una idea"), or a fragment held up by "please" ("warrant please").

The decision rests on mood and person, not on a list of request phrases: the lists below are
closed word classes (fillers, determiners, pronouns) and the verbs of producing or handing
over text, recognised in any of their imperative, enclitic or second-person forms.
"""

from __future__ import annotations

import re

from coach.domain.phrases import fold

# -- words -----------------------------------------------------------------------------------

_FILLERS = frozenset(
    "please pls plz plis pleaseee kindly just ok okay so now ugh uh um hey oh well then and but "
    "also maybe quickly tutor bro dude man right alright yo "
    "porfa porfavor por favor oye venga vale bueno y pero entonces profe solo ya anda "
    "mira hombre tio tia eh ahora rapido".split()
)
_POLITE = frozenset("please pls plz plis kindly porfa porfavor".split())

# English verbs of producing, handing over or working on text, and of taking a role.
_EN_VERBS = frozenset(
    "write do make give tell show send draft compose fill finish complete continue end type "
    "produce craft create generate invent suggest propose provide list brainstorm name pick "
    "choose decide handle put say spell answer help find look search google check fix correct "
    "proofread translate paraphrase rephrase rewrite reword improve polish explain describe "
    "define summarize summarise turn convert change pretend imagine act roleplay play be let "
    "stop skip keep come think get bring fetch copy add offer recommend share try compare edit "
    "review expand develop build formulate state word phrase sketch outline sum figure "
    "work solve read go carry".split()
)
# What may follow an English imperative verb: its object, a particle, a clause.
_EN_AFTER = frozenset(
    "me us it this that these those them the a an my our your yours mine some any three two "
    "four five six few couple one something anything everything out up down as like what how "
    "whether if more another other better all sth smth you youre ur u".split()
)
_EN_AFTER_GERUND = frozenset("stop keep quit".split())
_EN_PARTICLES = frozenset(
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

_EN_MODALS = frozenset("can could would will wont cant couldnt wouldnt shall may might".split())
# Verbs that, with the tutor as subject ("you write", "if you could fill"), make a request.
_EN_YOU_VERBS = _EN_VERBS - frozenset("be let stop keep come think get try work read".split())
_EN_WANT = frozenset("need want like love require".split())
# What the tutor would have to produce: wanting one of these is asking for it.
_ARTEFACTS = frozenset(
    "claim claims grounds warrant warrants backing backings qualifier qualifiers rebuttal "
    "rebuttals example examples option options idea ideas data statistic statistics stats "
    "number numbers figures source sources study studies fact facts answer answers sentence "
    "sentences text version paragraph words argument help thesis "
    "tesis dato datos garantia garantias respaldo respaldos calificador calificadores "
    "refutacion refutaciones ejemplo ejemplos opcion opciones idea ideas estadistica "
    "estadisticas cifras cifra fuente fuentes estudio estudios respuesta respuestas frase "
    "frases texto version parrafo argumento ayuda".split()
)
_DETERMINERS = frozenset(
    "a an some the more three two few couple any good better new another my "
    "un una unos unas algun alguna algunos algunas mas tres dos el la los las mi otra otro "
    "buena buen mejor".split()
)
_PARTS = frozenset(
    "claim claims grounds warrant warrants backing qualifier qualifiers rebuttal rebuttals "
    "tesis datos garantia garantias respaldo calificador calificadores refutacion "
    "refutaciones".split()
)
_EN_PERSONAL = frozenset("you your yours u ur youre me my i im ive id we our us".split())
_ES_PERSONAL = frozenset("tu tus te ti usted me mi mis yo nos nosotros".split())

# Spanish verbs of producing, handing over or working on text (infinitives).
_ES_VERBS = frozenset(
    "escribir hacer dar decir poner redactar terminar completar acabar rellenar seguir "
    "continuar sugerir proponer crear generar inventar buscar encontrar traducir corregir "
    "revisar pasar mejorar arreglar explicar ensenar mostrar ayudar contestar responder elegir "
    "escoger listar dejar fingir imaginar convertir copiar cambiar resumir parafrasear "
    "reescribir preparar mandar enviar comprobar decidir anadir sacar aportar citar nombrar "
    "indicar jugar probar formular plantear construir desarrollar elaborar idear pensar "
    "conocer contar llenar apuntar elaborar recomendar ofrecer compartir enumerar".split()
)
# Irregular imperatives (tú, usted) and second-person forms -> infinitive.
_ES_IRREGULAR = {
    "di": "decir", "diga": "decir", "haz": "hacer", "haga": "hacer", "pon": "poner",
    "ponga": "poner", "propon": "proponer", "proponga": "proponer", "da": "dar", "de": "dar",
    "des": "dar", "ten": "tener", "ve": "ir", "sal": "salir", "sigue": "seguir",
    "siga": "seguir", "hagas": "hacer", "digas": "decir", "pongas": "poner",
    "propongas": "proponer", "sepas": "saber", "elige": "elegir", "elija": "elegir",
    "corrige": "corregir", "corrija": "corregir", "finge": "fingir", "finja": "fingir",
    "escoge": "escoger", "escoja": "escoger", "muestra": "mostrar", "muestre": "mostrar",
    "cuenta": "contar", "cuente": "contar", "piensa": "pensar", "piense": "pensar",
    "sugiere": "sugerir", "sugiera": "sugerir", "convierte": "convertir",
    "convierta": "convertir", "encuentra": "encontrar", "encuentre": "encontrar",
    "prueba": "probar", "pruebe": "probar", "juega": "jugar", "traduce": "traducir",
    "traduzca": "traducir", "conoces": "conocer", "sabes": "saber",
    "puedes": "poder", "podrias": "poder", "podria": "poder", "puede": "poder",
}  # fmt: skip
_ES_CLITICS = ("melos", "melas", "melo", "mela", "noslo", "nosla", "selo", "sela", "telo",
               "tela", "me", "nos", "te", "lo", "la", "los", "las", "le", "les", "se")  # fmt: skip
# What may follow a Spanish imperative: its object, a clause, a particle.
_ES_AFTER = frozenset(
    "la el los las un una unos unas mi mis tu tus esto eso esta este estos estas algo lo le "
    "me nos que como de del a al tres dos varios varias algunas algunos alguna algun otra "
    "otro cualquier todo toda mejor ya tambien por para con sobre".split()
)
_ES_WANT = re.compile(
    r"\b(quiero|quisiera|necesito|me gustaria|te pido|le pido|prefiero|me encantaria|"
    r"le agradeceria|te agradeceria|os agradeceria) que\b"
)
_ES_POLITE = re.compile(
    r"\b(seria tan amable|serias tan amable|haga el favor|hazme el favor|me haces el favor|"
    r"me hace el favor|te importaria|le importaria|tendrias la amabilidad|"
    r"tendria la amabilidad)\b"
)
_EN_POLITE = re.compile(
    r"\b(would you mind|do you mind|would it be possible|is it possible for you|"
    r"i would appreciate it if|id appreciate it if|i would love it if|id love it if|"
    r"it would be great if|would be nice if|if its not too much trouble|"
    r"may i ask you|can i ask you|could i ask you)\b"
)
_WH = frozenset("what which how why who whom whose where when".split())
_ES_WH = frozenset("que cual cuales como cuanto cuantos cuantas donde cuando quien".split())
_EN_AUX = frozenset(
    "is are was were do does did can could should would will shall may might must has have "
    "s am isnt arent doesnt dont didnt cant couldnt shouldnt wouldnt wont".split()
)
_CLAUSE_SPLIT = re.compile(
    r"[.;:!?¿¡,\n()\[\]\"“”«»]+|\s(?:and then|and|so|then|y luego|y|luego|asi que)\s"
)
_TOKEN = re.compile(r"[a-z0-9]+")


def _tokens(text: str) -> list[str]:
    return _TOKEN.findall(fold(text).replace("'", "").replace("’", ""))


def _clauses(text: str) -> list[list[str]]:
    folded = fold(text).replace("'", "").replace("’", "")
    return [tokens for part in _CLAUSE_SPLIT.split(folded) if (tokens := _TOKEN.findall(part))]


def _strip_fillers(tokens: list[str]) -> list[str]:
    i = 0
    while i < len(tokens) and tokens[i] in _FILLERS:
        i += 1
    return tokens[i:]


def _es_infinitives(form: str) -> set[str]:
    """The infinitives a Spanish verb form could come from (imperative, subjunctive, present
    second person), without its enclitic pronouns."""
    if form in _ES_IRREGULAR:
        return {_ES_IRREGULAR[form]}
    out: set[str] = set()
    for ending in ("as", "es", "ias", "a", "e"):
        if not form.endswith(ending) or len(form) - len(ending) < 2:
            continue
        stem = form[: -len(ending)]
        stems = {stem}
        for a, b in (("qu", "c"), ("gu", "g"), ("j", "g"), ("zc", "c"), ("c", "z"), ("z", "c")):
            if stem.endswith(a):
                stems.add(stem[: -len(a)] + b)
        for a, b in (("ue", "o"), ("ie", "e"), ("i", "e")):
            for s in list(stems):
                k = s.rfind(a)
                if k > 0:
                    stems.add(s[:k] + b + s[k + len(a) :])
        for s in stems:
            out.update({s + "ar", s + "er", s + "ir"})
    return out


def _es_verb(token: str) -> bool:
    return bool(_es_infinitives(token) & (_ES_VERBS | {"poder"}))


def _es_enclitic_imperative(raw_word: str) -> bool:
    """ "escríbeme", "dime", "hazlo", "tradúcemelo", "búsqueme", "ponte": a verb with its
    object pronouns attached, which Spanish does only in the imperative (and infinitive and
    gerund, which end in -r and -ndo and are not taken)."""
    word = fold(raw_word)
    accented = any(ch in raw_word.casefold() for ch in "áéíóú")
    for clitic in _ES_CLITICS:
        if not word.endswith(clitic) or len(word) <= len(clitic) + 1:
            continue
        base = word[: -len(clitic)]
        if base.endswith(("r", "ndo")):
            continue
        if base in _ES_IRREGULAR or _es_verb(base):
            return True
        if accented and base[-1] in "ae" and len(base) >= 3:
            return True
    return False


def _imperative(tokens: list[str], raw_first: str) -> bool:
    if not tokens:
        return False
    verb, rest = tokens[0], tokens[1:]
    after = rest[0] if rest else ""
    # English: a verb of producing text with an object, a particle, or nothing after it.
    if verb in _EN_VERBS:
        if not rest:
            return verb not in ("be", "let")
        if after in _EN_AFTER or after.isdigit():
            return True
        if verb in _EN_AFTER_GERUND and after.endswith("ing"):
            # "stop asking and write it", not "Stop paying kids to eat junk: ..." (a claim)
            gerund = after[:-3]
            return bool({gerund, gerund + "e", gerund[:-1]} & (_EN_VERBS | {"ask", "question"}))
        return (verb, after) in _EN_PARTICLES
    if verb == "lets":  # "let's write it together", not "let's see"
        return after in _EN_VERBS - {"see", "think", "try", "look"}
    # Spanish: enclitic forms, or a plain tú/usted imperative followed by its object.
    if _es_enclitic_imperative(raw_first):
        return True
    if (verb in _ES_IRREGULAR or _es_verb(verb)) and not verb.endswith(("as", "es", "ias")):
        return not rest or after in _ES_AFTER or after.isdigit()
    return False


def _you_request(tokens: list[str]) -> bool:
    """The tutor as the subject of producing text: "can you", "you write it", "if you could
    fill", "I want you to", "you are the student"."""
    for i, token in enumerate(tokens):
        if token not in ("you", "u", "youre"):
            continue
        before = tokens[i - 1] if i else ""
        after = tokens[i + 1 : i + 4]
        if before in _EN_MODALS or before in ("do", "did", "are", "will"):
            return True
        if before in _EN_WANT or before in ("ask", "asking", "beg", "begging"):
            return True
        if any(word in _EN_YOU_VERBS for word in after[:3]):
            return True
        if token == "youre" or after[:1] == ["are"]:
            role = after[1:3] if after[:1] == ["are"] else after[:2]
            if {"the", "me", "my", "allowed"} & set(role[:1]):
                return True
    return False


def _wants_artefact(tokens: list[str]) -> bool:
    """ "I need some data", "necesito una idea": wanting what the tutor would produce."""
    rest = tokens
    if rest[:1] in (["i"], ["id"]):
        rest = rest[1:]
    elif rest[:2] in (["me", "hace"], ["me", "hacen"]) and rest[2:3] == ["falta"]:
        rest = rest[3:]
    elif rest[:1] not in (["necesito"], ["quiero"], ["quisiera"]):
        return False
    if rest[:1] in (["need"], ["want"], ["require"]) or tokens[:2] == ["id", "like"]:
        rest = rest[1:]
    elif rest[:2] in (["would", "like"], ["d", "like"]):
        rest = rest[2:]
    elif rest[:1] in (["necesito"], ["quiero"], ["quisiera"]):
        rest = rest[1:]
    elif tokens[:2] == ["me", "hace"] or tokens[:2] == ["me", "hacen"]:
        pass
    else:
        return False
    while rest and (rest[0] in _DETERMINERS or rest[0].isdigit()):
        rest = rest[1:]
    return bool(rest) and rest[0] in _ARTEFACTS


def _es_second_person(tokens: list[str]) -> bool:
    """ "¿me escribes...?", "¿puedes...?", "tú eres el alumno", "si fueras yo...": the tutor as
    the subject of a Spanish verb."""
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else ""
        if token in ("puedes", "podrias", "quieres", "querrias", "sabes", "conoces"):
            return True
        if token in ("podria", "puede") and "usted" in tokens:
            return True
        if before in ("me", "nos") and token.endswith(("as", "es", "ias")) and _es_verb(token):
            return True
        if (
            before in ("me", "nos")
            and tokens[i + 1 : i + 2]
            and token in ("la", "lo", "las", "los")
        ):
            nxt = tokens[i + 1]
            if nxt.endswith(("as", "es")) and _es_verb(nxt):
                return True
        if token in ("tu", "usted") and tokens[i + 1 : i + 2] in (["eres"], ["es"], ["seras"]):
            return True
        if token in ("fueras", "fuera") and "yo" in tokens[i + 1 : i + 3]:
            return True
        if token.endswith("rias") and token[:-4] + "r" in _ES_VERBS | {"poner", "hacer", "decir"}:
            return True
        if token in ("pondrias", "harias", "dirias", "escribirias", "terminarias"):
            return True
    return False


def _question_to_tutor(text: str, tokens: list[str]) -> bool:
    """A question about the student's own argument or to the tutor ("what would my claim
    be?", "options for the backing?", "¿cuáles me sirven?"). A question about the topic
    ("should schools start later?") is a (weak) attempt, not a request."""
    stripped = text.strip()
    question = stripped.endswith("?") or "¿" in stripped
    if not question:
        first = tokens[0] if tokens else ""
        second = tokens[1] if len(tokens) > 1 else ""
        question = first in _WH and second in _EN_AUX | {"i", "you", "u"}
    if not question:
        return False
    said = set(tokens)
    quotes = re.search(r"['‘’\"“”«»].+['‘’\"“”«»]", stripped) is not None
    return quotes or bool(said & (_EN_PERSONAL | _ES_PERSONAL | _PARTS))


def _es_wants_you(folded: str) -> bool:
    """ "quiero que (me) escribas...", "le agradecería que me escribiera": wanting the tutor to
    do something. "Quiero que el instituto deje de..." wants something of the world: a claim."""
    for match in _ES_WANT.finditer(folded):
        rest = folded[match.end() :].split()
        while rest and rest[0] in ("me", "nos", "lo", "la", "los", "las", "le", "les", "se",
                                   "tu", "usted", "ya", "tambien"):  # fmt: skip
            rest = rest[1:]
        if not rest:
            return True
        verb = rest[0]
        # The second person of the subjunctive ("escribas", "hagas"), or usted's, which is
        # the third ("escribiera", "haga"): a verb of producing text after the pronouns.
        if verb.endswith(("as", "es", "ieras", "aras")) and (
            _es_verb(verb) or verb in _ES_IRREGULAR
        ):
            return True
        if match.group(1) in ("le agradeceria", "te agradeceria", "os agradeceria", "te pido",
                              "le pido"):  # fmt: skip
            return True
        if _es_verb(verb) and folded[: match.start()].strip() == "" and rest[:1] != ["el"]:
            # "quiero que escriba la tesis" (usted), not "quiero que el comedor deje ..."
            return verb in _ES_IRREGULAR or _es_infinitives(verb) & _ES_VERBS != set()
    return False


def addressed_to_tutor(message: str) -> bool:
    """Whether ``message`` asks the tutor to do something (see the module's docstring)."""
    folded = " " + " ".join(_tokens(message)) + " "
    if not folded.strip():
        return False
    if _EN_POLITE.search(folded) or _ES_POLITE.search(folded) or _es_wants_you(folded):
        return True
    # Each word as typed, to see its written accent ("escríbeme" vs "escribeme").
    as_typed = {fold(word): word for word in re.findall(r"[^\W\d_]+", message)}
    for tokens in _clauses(message):
        core = _strip_fillers(tokens)
        if not core:
            continue
        raw_first = as_typed.get(core[0], core[0])
        if _imperative(core, raw_first):
            return True
        if _you_request(core) or _es_second_person(core) or _wants_artefact(core):
            return True
        # "warrant please": a fragment held up by politeness.
        if set(tokens) & _POLITE and len(core) <= 2:
            return True
        if {"por", "favor"} <= set(tokens) and len(core) <= 4:
            return True
    return _question_to_tutor(message, _tokens(message))


__all__ = ["addressed_to_tutor"]
