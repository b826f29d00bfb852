"""Spanish: the coach's words and grammar (see ``coach.domain.languages.base``)."""

from __future__ import annotations

import re

from coach.domain.languages import es_asking as asking
from coach.domain.languages import es_frames as frames
from coach.domain.languages import es_reading as more
from coach.domain.languages.base import LanguagePack, fold
from coach.domain.languages.es_says import (
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

# Verbs of producing, handing over or working on text (infinitives).
VERBS = frozenset(
    "escribir hacer dar decir poner redactar terminar completar acabar rellenar seguir "
    "continuar sugerir proponer crear generar inventar buscar encontrar traducir corregir "
    "revisar pasar mejorar arreglar explicar ensenar mostrar ayudar contestar responder elegir "
    "escoger listar dejar fingir imaginar convertir copiar cambiar resumir parafrasear "
    "reescribir preparar mandar enviar comprobar decidir anadir sacar aportar citar nombrar "
    "indicar jugar probar formular plantear construir desarrollar elaborar idear pensar "
    "conocer contar llenar apuntar elaborar recomendar ofrecer compartir enumerar".split()
)
# Irregular imperatives (tú, usted) and second-person forms -> infinitive.
_IRREGULAR = {
    "di": "decir", "diga": "decir", "haz": "hacer", "haga": "hacer", "pon": "poner",
    "ponga": "poner", "propon": "proponer", "proponga": "proponer", "da": "dar", "de": "dar",
    "des": "dar", "das": "dar", "ten": "tener", "ve": "ir", "sal": "salir", "sigue": "seguir",
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
_CLITICS = ("melos", "melas", "melo", "mela", "noslo", "nosla", "selo", "sela", "telo",
               "tela", "me", "nos", "te", "lo", "la", "los", "las", "le", "les", "se")  # fmt: skip
# What may follow an imperative: its object, a clause, a particle.
_AFTER = frozenset(
    "la el los las un una unos unas mi mis tu tus esto eso esta este estos estas algo lo le "
    "me nos que como de del a al tres dos varios varias algunas algunos alguna algun otra "
    "otro cualquier todo toda mejor ya tambien por para con sobre".split()
)
_WANT = re.compile(
    r"\b(quiero|quisiera|necesito|me gustaria|te pido|le pido|prefiero|me encantaria|"
    r"le agradeceria|te agradeceria|os agradeceria) que\b"
)


def _infinitives(form: str) -> set[str]:
    """The infinitives a Spanish verb form could come from (imperative, subjunctive, present
    second person), without its enclitic pronouns."""
    if form in _IRREGULAR:
        return {_IRREGULAR[form]}
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


def _verb(token: str) -> bool:
    return bool(_infinitives(token) & (VERBS | {"poder"}))


def _enclitic_imperative(raw_word: str) -> bool:
    """ "escríbeme", "dime", "hazlo", "tradúcemelo", "búsqueme", "ponte": a verb with its
    object pronouns attached, which Spanish does only in the imperative (and infinitive and
    gerund, which end in -r and -ndo and are not taken)."""
    word = fold(raw_word)
    accented = any(ch in raw_word.casefold() for ch in "áéíóú")
    for clitic in _CLITICS:
        if not word.endswith(clitic) or len(word) <= len(clitic) + 1:
            continue
        base = word[: -len(clitic)]
        if base.endswith(("r", "ndo")):
            continue
        if base in _IRREGULAR or _verb(base):
            return True
        if accented and base[-1] in "ae" and len(base) >= 3:
            return True
    return False


def imperative(tokens: list[str], raw_first: str) -> bool | None:
    """Enclitic forms, or a plain tú/usted imperative followed by its object."""
    if not tokens:
        return None
    verb, rest = tokens[0], tokens[1:]
    after = rest[0] if rest else ""
    if len(raw_first) > 2 and raw_first.casefold().endswith(("é", "ó")):
        return False  # "Conté", "preguntó": a past tense, never an imperative ("dé" is)
    if _enclitic_imperative(raw_first):
        return True
    if more.not_a_request(verb, raw_first, rest):
        return None  # "de una página web", "dice", "pasa a las 7:05": no imperative
    if (verb in _IRREGULAR or _verb(verb)) and not verb.endswith(("as", "es", "ias")):
        return not rest or after in _AFTER or after.isdigit()
    return None


def wanted(tokens: list[str]) -> list[str] | None:
    """What follows "necesito", "quiero", "me hace falta": None when the clause wants nothing."""
    if tokens[:2] in (["me", "hace"], ["me", "hacen"]) and tokens[2:3] == ["falta"]:
        return tokens[3:]
    if tokens[:1] in (["necesito"], ["quiero"], ["quisiera"]):
        return tokens[1:]
    return None


_PART_NOUNS = frozenset(
    "tesis datos dato garantia garantias respaldo calificador refutacion regla fuente "
    "experto".split()
)


def question_opening(tokens: list[str]) -> bool:
    """ "cual seria una buena garantia", "que garantia pongo": a question without its marks,
    opened by "cuál" or by "qué" before a part's name ("que" alone opens wishes and
    clauses: "Que dejen votar...")."""
    first = tokens[0] if tokens else ""
    second = tokens[1] if len(tokens) > 1 else ""
    return first in ("cual", "cuales") or (first == "que" and second in _PART_NOUNS)


# Words that open a clause inside a statement: a "tú" verb after one is anyone's.
_SUBORDINATORS = frozenset("que donde cuando porque aunque mientras salvo excepto".split())


def asks_tutor(tokens: list[str]) -> bool:
    """ "¿me escribes...?", "¿puedes...?", "tú eres el alumno", "si fueras yo...": the tutor as
    the subject of a Spanish verb."""
    for i, token in enumerate(tokens):
        before = tokens[i - 1] if i else ""
        if i >= 2 and before in _SUBORDINATORS:
            continue  # "donde hay que demostrar que sabes hacerlo": anyone, not the tutor
        if token in ("puedes", "podrias", "quieres", "querrias", "sabes", "conoces"):
            return True
        if token in ("podria", "puede") and "usted" in tokens:
            return True
        if before in ("me", "nos") and token.endswith(("as", "es", "ias")) and _verb(token):
            return True
        if (
            before in ("me", "nos")
            and tokens[i + 1 : i + 2]
            and token in ("la", "lo", "las", "los")
        ):
            nxt = tokens[i + 1]
            if nxt.endswith(("as", "es")) and _verb(nxt):
                return True
        if (
            before in ("lo", "la", "los", "las")
            and tokens[i + 1 : i + 2] == ["tu"]
            and token.endswith(("as", "es"))
            and (_verb(token) or token in _IRREGULAR)
        ):
            return True  # "el número lo pones tú", "la escribes tú"
        if token in ("tu", "usted") and tokens[i + 1 : i + 2] in (["eres"], ["es"], ["seras"]):
            return True
        if token in ("fueras", "fuera") and "yo" in tokens[i + 1 : i + 3]:
            return True
        if token.endswith("rias") and token[:-4] + "r" in VERBS | {"poner", "hacer", "decir"}:
            return True
        if token in ("pondrias", "harias", "dirias", "escribirias", "terminarias"):
            return True
    return more.dictates(tokens)


def wants_from_tutor(folded: str) -> bool:
    """ "quiero que (me) escribas...", "le agradecería que me escribiera": wanting the tutor to
    do something. "Quiero que el instituto deje de..." wants something of the world: a claim."""
    for match in _WANT.finditer(folded):
        rest = folded[match.end() :].split()
        while rest and rest[0] in ("me", "nos", "lo", "la", "los", "las", "le", "les", "se",
                                   "tu", "usted", "ya", "tambien"):  # fmt: skip
            rest = rest[1:]
        if not rest:
            return True
        verb = rest[0]
        # The second person of the subjunctive ("escribas", "hagas"), or usted's, which is
        # the third ("escribiera", "haga"): a verb of producing text after the pronouns.
        if verb.endswith(("as", "es", "ieras", "aras")) and (_verb(verb) or verb in _IRREGULAR):
            return True
        if match.group(1) in ("le agradeceria", "te agradeceria", "os agradeceria", "te pido",
                              "le pido"):  # fmt: skip
            return True
        if _verb(verb) and folded[: match.start()].strip() == "" and rest[:1] != ["el"]:
            # "quiero que escriba la tesis" (usted), not "quiero que el comedor deje ..."
            return verb in _IRREGULAR or _infinitives(verb) & VERBS != set()
    return False


# -- the tutor's sentences -----------------------------------------------------------------

# Verbs that report or offer text: "podrías decir", "¿y si dijeras ...?".

_PART = "<PART>"  # the parts' names in any language (``intent`` fills it in)


def your_part(step: str, name: str) -> str:
    """ "tu tesis", "tus datos": the possessive agrees in number."""
    return f"{'tus' if step == 'grounds' else 'tu'} {name}"


PACK = LanguagePack(
    code="es",
    markers=frozenset(
        "el la los las un una que de del es son por para con como pero porque segun si no "
        "mas muy esto esta este estos estas lo al se su sus tesis datos hay ser y sirve vale "
        "acuerdo mejoralo mejora reescribe arregla arreglalo claro tengo ni nada".split()
    ),
    letters="¿¡ñÑ",
    opening_marks=("¿",),
    confirmations=(
        "sí",
        "vale",
        "de acuerdo",
        "me sirve",
        "está bien",
        "definitivamente está bien",
        "úsalo",
        "perfecto",
        "adelante",
    ),
    informal_yes=more.INFORMAL_YES,
    yes_idioms=asking.YES_IDIOMS,
    acronyms=frozenset({"eso"}),
    infinitives=(r"[a-z]{2,}(?:ar|er|ir)",),
    rewrite_requests=(
        "reescribe",
        "reescribelo",
        "reescribir",
        "mejora",
        "mejoralo",
        "mejorar",
        "arregla",
        "arreglalo",
        "arreglar",
        "redacta",
        "arreglas",
        "mejoras",
        "corrige",
        "corriges",
        "corrigelo",
        "pule",
        "pules",
        "pulir",
    ),
    negations=frozenset({"no", "nunca", "tampoco"}),
    evidence=(
        *more.OBSERVED_PLACES,
        "datos",
        "estudio*",
        "encuesta*",
        "investigacion*",
        "informe*",
        "evidencia*",
        "muestra*",
        "mostro",
        "segun",
        "por ciento",
        "estadistica*",
        "medid*",
        "observ*",
        "ejemplo",
        "registr*",
        "experimento*",
        "resultado*",
        "tasa",
        "aument*",
        "disminu*",
        "cifras",
    ),
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
        "estudio*",
        "investigacion*",
        "encuesta*",
        "informe*",
        "estadistica*",
        "datos",
        "sondeo*",
        "experimento*",
        "fuente*",
        "articulo*",
        "libro*",
    ),
    modals=(
        "probablemente",
        "posiblemente",
        "quizas",
        "quiza",
        "tal vez",
        "generalmente",
        "normalmente",
        "a menudo",
        "la mayoria",
        "casi",
        "seguramente",
        "ciertamente",
        "puede",
        "podria",
        "presumiblemente",
        "en general",
        "frecuentemente",
        "siempre",
        "a veces",
        "raramente",
        "en la mayoria",
        "probabilidad",
        "segur*",
        "sin duda",
        "casi seguro",
        "bastante",
        # Latinoamérica: "capaz que sí", "a lo mejor", "de seguro"
        "capaz que",
        "capaz",
        "a lo mejor",
        "lo mas probable",
        "yo diria",
        "creo que si",
    ),
    conditions=(
        "aparte de",
        "menos para",
        "menos cuando",
        "a menos que",
        "salvo",
        "excepto",
        "si",
        "cuando",
        "siempre que",
        "en caso",
        "a no ser que",
        "excepcion*",
        "donde",
        "mientras",
        "en los casos",
        "para quienes",
    ),
    contrasts=("pero", "sin embargo", "aunque", "no obstante"),
    rule_markers=("si", "cuando", "siempre que", "porque", "ya que", "una vez que"),
    general=(
        "generalmente",
        "normalmente",
        "por lo general",
        "todo",
        "todos",
        "toda",
        "todas",
        "cualquier*",
        "suele*",
        "tiende*",
        "en general",
        "quien",
        "quienes",
        "siempre",
        "la mayoria",
        # Un tipo de cosa, no esta: "lo que daña la salud de los alumnos ..."
        "lo que",
        "todo lo que",
        "cualquier cosa",
    ),
    limits=(
        "no",
        "nunca",
        "puede",
        "pueden",
        "podria",
        "podrian",
        "algunos",
        "algunas",
        "ciertos",
        "ciertas",
        "solo",
        "pocos",
        "pocas",
    ),
    specific=frozenset(
        "mi mis nuestro nuestra nuestros nuestras ayer yo dos tres cuatro cinco seis siete ocho "
        "nueve diez".split()
    ),
    percent=("por ciento",),
    denial_patterns=more.DENIALS,
    always_patterns=more.ALWAYS,
    failing_case_patterns=more.FAILING_CASE,
    help_asked_patterns=more.HELP_ASKED,
    link_patterns=more.LINKS,
    spelled_out=more.SPELLED_OUT,
    hollow_reason_words=more.HOLLOW_REASON_WORDS,
    insisting_patterns=(
        r"\b(tengo|tenemos) (la )?razon\b",
        r"\b(estoy|estamos) (en lo cierto|seguro|segura)\b",
        r"\b(algunos|otros|hay quien|la gente) (pueden |podrian )?(no estan de acuerdo|"
        r"discrepan|opinan distinto|no opinan igual)\b",
        r"\bmi (tesis|opinion) (es|sigue siendo) (verdad|cierta|correcta)\b",
        # Denying the other side instead of saying when it would be right.
        r"\b(eso es|es|esto es) (mentira|falso|incorrecto|una mentira)\b",
        r"\b(se|estan|son) (simplemente )?(equivocan|equivocados|equivocadas|mienten)\b",
        r"\b(algunos|otros|hay quien|la gente) [a-z ]{0,40}pero (se equivocan|no tienen razon|"
        r"mienten)\b",
        r"\b(no es|no son) (verdad|cierto|asi)\b",
    ),
    vague_claim_patterns=(
        r"\b(es|son|esta|estan|era) (muy |super |re |tan |demasiado )?(malo|mala|malos|malas|"
        r"bueno|buena|buenos|buenas|feo|fea|feos|feas|horrible|horribles|terrible|aburrido|"
        r"aburrida|aburridos|injusto|injusta|inutil|lo peor|lo mejor|una tonteria|"
        r"una mierda|guay|genial|una pasada|un rollo)( para (todos|todo el mundo|nosotros|"
        r"el instituto|el colegio|los alumnos|la sociedad|los jovenes|los ninos|la gente))?$",
        # Un juicio de jerga o un deseo sin objeto: "el bus gratis mola", "merecen más".
        r"\b(mola|molan|renta|rentan)( (mucho|mazo|un monton))?$",
        r"\b(merecen?|necesitan?|quieren?) (mas|mejor|menos|respeto)$",
        r"\b(porque|ya que) (eso|esto)? ?(es|seria|sera) (mas |muy )?(mejor|bueno|lo mejor|justo|"
        r"lo justo|importante|util)$",
        # Mejor o importante, y nada más: "un recreo largo sería mejor".
        r"\b(seria|sera|es|son|esta) (mucho |muy |tan )?(mejor|importante|importantes|"
        r"necesario|necesaria|necesarios)$",
        *more.VAGUE_COMPARISONS,
        # Un juicio reforzado o superlativo y sin más: "es demasiado temprano", "son malísimos".
        r"\b(es|son|esta|estan|era) (muy|super|re|tan|demasiado) [a-z]+$",
        r"\b(es|son|esta|estan|era) [a-z]+isim[oa]s?$",
    ),
    online_patterns=more.ONLINE,
    question_answers=more.QUESTION_ANSWERS,
    hearsay_online=more.HEARSAY_ONLINE,
    hearsay_people=more.HEARSAY_PEOPLE,
    source_says=more.SOURCE_SAYS,
    proposition_frames=(
        r"(?:(?:entonces|pues|creo que|vale|bueno|a lo mejor)[\s,]+)*(?:la|el|los|mi|mis)\s+"
        r"(?:tesis|datos|garant[ií]a|respaldo|calificador|refutaci[oó]n)\s+(?:ser[ií]a|"
        r"podr[ií]a ser|es|ser[ií]an|son|va a ser)\s+que\s+",
        r"¿?\s*y si (?:pongo|digo|escribo)\s+que\s+",
    ),
    tag_questions=(r"¿?no", r"¿?verdad", r"¿?vale", r"¿?sí"),
    proposition_requests=more.PROPOSITION_REQUESTS,
    slot_words=more.SLOT_WORDS,
    slot_leads=more.SLOT_LEADS,
    tail_tags=frozenset(
        "jaja jajaja xd eh verdad sinceramente vamos pues la y ya nada neta".split()
    ),
    seen_on=frozenset("en de del".split()),
    owned_online_patterns=(
        r"\b(web|pagina|pagina web|sitio|sitio web|pagina oficial) (oficial )?(de|del) "
        r"(la |el |los |las |mi |nuestro |nuestra )?[a-z]+",
    ),
    platforms=frozenset("google tiktok youtube instagram reddit facebook twitter internet".split()),
    consequence_patterns=(
        r"\b(asi que|por eso|por esto|por ello|por lo tanto|por tanto|por lo que|entonces|"
        r"de modo que|de manera que|de ahi que)\b",
    ),
    reason_markers=("porque", "ya que", "como", "puesto que", "dado que"),
    obligation_patterns=(
        r"\b(deberia|deberian|deberiamos|debe|deben|debemos|hay que|habria que|tienen que|"
        r"tiene que|tenemos que|tendrian que|tendriamos que)\b",
    ),
    opinion_patterns=(
        r"\b((creo|pienso|opino)( de verdad| sinceramente| realmente)? (que|q)|en mi opinion|"
        r"todo el mundo sabe|es obvio|"
        r"es verdad|es cierto|esta claro|obviamente|verdad al 100|100 verdad|es evidente|se nota|"
        r"todos sabemos|lo sabe todo el mundo)\b",
        # Un sentimiento atribuido a todos: "a todos nos da asco la carne del comedor".
        r"\b(a todos|todo el mundo|todos|nadie) (nos |les |los )?(da asco|dan asco|odia|"
        r"odiamos|odian|encanta|gusta|quiere|queremos|sabe)\b",
    ),
    reported_word=r"^[a-z]{3,}(aron|ieron)$",
    reported_raw=r"\b(\w{2,}(ó|ió)|dijo|hizo|puso|vio|tuvo|hubo|supo|trajo|dio)\b",
    modal_degrees=(
        ("ciertamente", "certainly"),
        ("sin duda", "certainly"),
        ("definitivamente", "certainly"),
        ("necesariamente", "certainly"),
        ("siempre", "certainly"),
        ("presumiblemente", "presumably"),
        ("normalmente", "presumably"),
        ("generalmente", "presumably"),
        ("por lo general", "presumably"),
        ("en la mayoria", "presumably"),
        ("la mayoria", "presumably"),
        ("casi", "presumably"),
        ("seguramente", "presumably"),
        ("probablemente", "probably"),
        ("a menudo", "probably"),
        ("frecuentemente", "probably"),
        ("posiblemente", "possibly"),
        ("quizas", "possibly"),
        ("quiza", "possibly"),
        ("tal vez", "possibly"),
        ("puede", "possibly"),
        ("podria", "possibly"),
        ("a veces", "possibly"),
        ("aparentemente", "apparently"),
        ("al parecer", "apparently"),
        ("parece", "apparently"),
        ("raramente", "apparently"),
    ),
    part_names=(
        r"tesis|datos?|garantias?|respaldos?|calificador(es)?|cualificador(es)?|"
        r"refutacion(es)?|reservas?|contraargumentos?|toulmin",
    ),
    asked_parts=asking.ASKED_PARTS,
    contrast_words=asking.CONTRAST_WORDS,
    doubts=asking.DOUBTS,
    feedback_frames=asking.FEEDBACK_FRAMES,
    plain_no=asking.PLAIN_NO,
    yes_tails=asking.YES_TAILS,
    wrapped_requests=asking.WRAPPED_REQUESTS,
    possessives=asking.POSSESSIVES,
    mine_words=asking.MINE_WORDS,
    texting={
        "q": "que",
        "k": "que",
        "ke": "que",
        "d": "de",
        "nose": "no se",
        "xq": "porque",
        "pq": "porque",
        "porq": "porque",
        "tb": "tambien",
        "tmb": "tambien",
        "xa": "para",
        "pa": "para",
        "m": "me",
        "xfa": "por favor",
        "porfi": "porfa",
        "pongo": "pongo",
    },
    help_patterns={
        "teacher": (
            r" mi (profesora?|profe|maestra?|tutora?|madre|padre) (me )?(dijo|dice|ha dicho|"
            r"permite|deja)[a-z ]{0,30}\b(esta bien|vale|puedes|se puede|permitido|no pasa "
            r"nada|lo hagas|lo escribas|me ayudes) ",
            r" (esta|estas) permitido ",
        ),
        "emotional": (
            r" (voy a|me van a|vamos a) (suspender|reprobar|catear|llorar|suspenderme|"
            r"reprobarme) ",
            r" (suspendere|reprobare|me suspenden|me reprueban) ",
            r" si no me (ayudas|lo haces|lo escribes) ",
            r" (te lo (ruego|suplico|pido)|se lo (ruego|suplico|pido)|estoy desesperad[oa]) ",
            r" (porfa|por favor|porfavor) (porfa|por favor|porfavor) ",
            r" (es|lo entrego|hay que entregarlo) (para )?(manana|hoy|esta noche) ",
            r" (no tengo tiempo|me quedo sin tiempo|estoy sin tiempo) ",
        ),
        "compare": (
            r" (comparalo|comparala|comparalos|compara|comparemos|comparamos)"
            r"( tu version| la tuya| el tuyo)? con (mi|lo que|el mio|la mia|la tuya|el tuyo) ",
            r" (para|y|luego|asi) (lo |la )?(comparo|comparar|comparamos|comparemos) ",
        ),
        "example": (
            r" (dame|muestrame|ensename|ponme|escribeme|pon|da) (un|algun|unos) ejemplos? ",
            r" (un|algun) ejemplo (por favor|porfa|de|para) ",
            r"^ (solo )?(un )?ejemplos? (por favor )?$",
        ),
        "write_for_me": (
            r" (cual|que) seria (una|un|mi|la|el) (buena |buen |mejor )?" + _PART + " ",
            r" (me )?(lo|la) (escribes|haces|redactas|terminas) ",
            r" (me das|dame|tienes) (alguna |algunas |unas |)ideas? ",
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
        "stuck": (
            *more.NO_KNOWLEDGE,
            r"^ ([a-z]+ )?no (se|conozco|tengo|encuentro|recuerdo|sabria) (a )?(ningun|ninguna|"
            r"nada|ni un|ni una|datos|ningunos|ideas?|expertos?|fuentes?) ",
            # "¿cuál pongo?", "¿a quién cito?": what the student should put, asked of the tutor
            r" (que|cual|cuales|quien|a quien) (escribo|pongo|digo|cito|uso|elijo|pondria|"
            r"escribiria|meto)( yo)? $",
            r" no se me ocurre (nada|ningun|ninguna|ni) ",
            r"^ (ayuda|ayudame|ayudame por favor|necesito ayuda|me ayudas|puedes ayudarme|"
            r"ayuda por favor) $",
            r"^ (no tengo ni idea|ni idea|no se|no lo se|ni idea de que poner) $",
            r"^ ((la verdad|sinceramente|es que|pues|y|pero|uf) )*(no tengo )?(ni )?(idea|"
            r"la menor idea) (de|sobre) (a |con |en |de )?(que|cual|cuales|donde|quien|como) ",
            r" (estoy|me he|me quede|quede) (atascad[oa]|bloquead[oa]|trabad[oa]|"
            r"atorad[oa]) ",
            r" no se (que|como) (escribir|poner|decir|empezar|hacer) ",
            r"^ (y |entonces |pero )?que (escribo|pongo|digo|hago|escribiria|pondria) ",
            r" (ayudame|ayudeme) (a|con) ",
            r" necesito (tu )?ayuda (con|para) ",
        ),
    },
    concept_patterns=(
        r" que (es|son|significa|significan|quiere decir|quieren decir) (un |una |el |la |los "
        r"|las |eso de |lo de )?" + _PART + " ",
        r" no (se|entiendo|comprendo|tengo claro|me queda claro|se bien) (que|lo que|como|"
        r"para que|la diferencia) ",
        r" (explicame|explica|explicas|explicar|define|defineme) (que es |que son |como es |"
        r"el |la |los |las |un |una |otra vez|eso|de nuevo|mejor)",
        r" (para que sirve|para que sirven|como se (escribe|hace)|como (escribo|hago)) (un |"
        r"una |el |la |mi )?" + _PART + " ",
        r" diferencia entre ",
        r" que (significa|quiere decir|quieres decir) (eso|esto) ",
        r"^ que es (eso|esto) $",
        r" (definicion|significado) de ",
        r" (estoy|me siento) (confundid[oa]|perdid[oa]) ",
        r"^ ((es que|pero|y|la verdad es que|uf|buf|lo siento) )*(sigo sin entender(lo)?|"
        r"no entiendo|no lo entiendo|no comprendo|no lo comprendo)( nada| bien)? $",
    ),
    off_topic_patterns=(
        r"^ (hola|buenas|buenos dias|buenas tardes|buenas noches|que tal|gracias|adios|jaja|"
        r"jajaja)( tutor| profe)? $",
        r" (como estas|cuentame un chiste|dime un chiste|quien eres|que eres|como te llamas|"
        r"eres (un robot|humano|una ia)|el tiempo|tu favorit[oa]|videojuegos?|futbol) ",
        r" (capital de) ",
    ),
    feedback_patterns=(
        r" (mi|mis) (tesis|garantias?|datos|respaldos?|calificador|refutacion|argumento|texto|"
        r"frase|parte|regla|fuente|razon|condicion) (es|son|esta|estan|vale|valen|sirve|sirven|"
        r"funciona|tiene|queda|encaja|cuadra|pega|repite|conecta|explica|apoya) ",
        # "¿vale como dato o es solo mi opinión?": the student's text is the unsaid subject
        r"^ (vale|sirve|cuenta|funciona|valdria|serviria|contaria) (como|de|para) ",
        r" (es|seria) (solo|solamente|nada mas) (mi )?opinion ",
        r" (es|esta|son|estan) (bien|suficiente|claro|clara|concreto|concreta|"
        r"demasiado [a-z]+|lo bastante [a-z]+) (mi|mis|lo que) ",
        *more.FEEDBACK,
        r" (la mia|el mio|lo mio|los mios|las mias)( lo| la| los| las)? (es|son|esta|vale|"
        r"sirve|dice|tiene|cumple|hace|nombra|incluye|funciona|repite|conecta|explica|apoya)",
        r" (esto|eso|este|esta|estos|estas) (es|son|esta|estan) (suficiente|bastante|bien|"
        r"claro|clara|concreto|concreta|valido|valida|correcto|correcta|demasiado [a-z]+|"
        r"lo bastante [a-z]+) ",
        r" (esto|eso|este|esta|estos|estas) (vale|valen|sirve|sirven|cuenta|cuentan|basta|"
        r"funciona) (como|de|para|o) ",
    ),
    acceptance_words=more.ACCEPTANCE,
    feedback_openers=(" revisa ",),
    ask_kind_patterns={
        "complete": (r" (termina|completa|acaba|sigue|rellena|terminarias) ", r" (hueco) "),
        "options": (
            r" (opciones|lista|varios|varias|unas cuantas|algunas|algunos|podria usar|"
            r"me sirven|elijo) ",
        ),
        "roleplay": (
            r" (finge|imagina|como si fueras|si fueras|ponte en mi lugar|juguemos|tu eres) ",
        ),
        "translate": (
            r" (traduc[a-z]*|gramatica|academico|suene|sonar|redaccion|corrig[a-z]*|"
            r"mejor que yo|pasalo) ",
        ),
        "look_up": (
            r" (busca[a-z]*|encuentra[a-z]*|estadisticas?|fuente|encuesta|expertos|cifras|"
            r"datos sobre) ",
        ),
    },
    hedges=frozenset(
        "casi bastante probablemente seguramente posiblemente quiza quizas quizes tal creo "
        "supongo igual capaz diria".split()
    ),
    exchange_words=frozenset(
        "a de del la el lo los las le un una y o que se te me mi tu ya no si es en con por va "
        "ni he ha yo mas venga vamos anda andale nomas solo sola vez veces ultima ultimo pido "
        "pedir pedido pidiendo intentado intentar intento intente probado sale salido verdad "
        "porfa favor xfa dime di dame pon pondrias pongo cual cuales sabes se entiendo prometo "
        "juro nada otra otro vale bueno hazlo hazmela hazmelo escribela escribelo ponla ponlo "
        "dale ahora ya bien pues creo supongo cuesta dificil".split()
    ),
    framing_fillers=more.FRAMING_FILLERS,
    framing_followers=(
        *more.DOERS,
        "guay",
        "mejor así",
        "ya",
        # Lo anterior retirado y el nuevo intento: "no espera, mejor esto -", "uy no, cambio:".
        "no,? espera",
        "espera,? no",
        "(?:uy|ay|ah|oh|eh|mm+) no",
        "mejor (?:esto|esta|este|otra)",
        "(?:lo |la )?cambio",
        "(?:olvida|borra|quita) (?:eso|esto|lo anterior|lo de antes)",
        "(?:prueba|pruebo) (?:con )?(?:esta|este|esto|otra)",
        "ahí va",
        "ahi va",
        "ahí va mi intento",
        "ahi va mi intento",
        "allá va",
        "pues",
        "vale",
        "bueno",
        "entonces",
        "(?:ya )?lo (?:pillo|entiendo|veo)",
        "ya veo",
        # "ya te lo dije, la cola ...": una queja delante de su propio texto
        "(?:ya )?te lo (?:he dicho|dije|acabo de decir)",
        "como (?:te )?dije",
        "entendido",
        "de acuerdo",
        "perfecto",
    ),
    framing_leads=("en realidad", "mejor", "bueno", "vale", "espera"),
    framing_changes=(
        r"(?:lo |la )?(?:cambio|corrijo|rectifico|reescribo)",
        r"(?:voy a|quiero) (?:cambiar|corregir)(?:lo|la)?",
        r"intento otra vez",
        r"pruebo otra vez",
        # "pongo esto: si una carga diaria ...": sus propias palabras siguen a los dos puntos.
        r"(?:lo |la )?(?:pongo|escribo|dejo|pondria|pondría|pon)(?=(?: esto| eso| así| asi)?\s*:)",
    ),
    framing_objects=(" otra vez", " lo", " la", " esto", " eso"),
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
        "porfa porfavor por favor oye venga vale bueno y pero entonces profe solo ya anda "
        "mira hombre tio tia eh ahora rapido".split()
    ),
    polite=frozenset("porfa porfavor".split()),
    polite_phrases=("por favor",),
    polite_pattern=(
        r"\b(seria tan amable|serias tan amable|haga el favor|hazme el favor|me haces el favor|"
        r"me hace el favor|te importaria|le importaria|tendrias la amabilidad|"
        r"tendria la amabilidad)\b"
    ),
    artefacts=frozenset(
        "tesis dato datos garantia garantias respaldo respaldos calificador calificadores "
        "refutacion refutaciones ejemplo ejemplos opcion opciones idea ideas estadistica "
        "estadisticas cifras cifra fuente fuentes estudio estudios respuesta respuestas frase "
        "frases texto version parrafo argumento ayuda".split()
    ),
    determiners=frozenset(
        "un una unos unas algun alguna algunos algunas mas tres dos el la los las mi otra otro "
        "buena buen mejor".split()
    ),
    part_words=frozenset(
        "tesis datos garantia garantias respaldo calificador calificadores refutacion "
        "refutaciones".split()
    ),
    personal=frozenset("tu tus te ti usted me mi mis yo nos nosotros".split()),
    subject_openers=asking.SUBJECT_OPENERS,
    said_openers=asking.SAID_OPENERS,
    addressees=asking.ADDRESSEES,
    for_me=asking.FOR_ME,
    clause_joiners=("y luego", "y", "luego", "asi que"),
    imperative=imperative,
    asks_tutor=asks_tutor,
    wants_from_tutor=wants_from_tutor,
    wanted=wanted,
    question_opening=question_opening,
    grammar_words=frozenset(
        "para pero como porque sobre este esta estos estas esto eso esos esas tiene tienen sido "
        "ser estar muy mas menos todo todos toda todas cada otro otra otros otras cuando donde "
        "debe deben deberia deberian puede pueden podria podrian hace hacen entre hasta desde "
        "sino tambien tanto algo aproximadamente exactamente".split()
    ),
    example_markers=(
        r"por ejemplo|como ejemplo|un ejemplo|pongamos|en un argumento sobre|sobre otro tema",
    ),
    reported_speech=(
        r"(decir|escribir|afirmar|poner|argumentar|diria|escribiria|pondria)\s+(que)",
    ),
    suggestion_patterns=frames.SUGGESTION_PATTERNS,
    knowing_patterns=frames.KNOWING_PATTERNS,
    tag_verbs=frames.TAG_VERBS,
    guard_frames=frames.GUARD_FRAMES,
    other_topic_patterns=frames.OTHER_TOPIC_PATTERNS,
    offer_patterns=(
        r"mejor|m[aá]s (?:s[oó]lid[oa]|fuerte|clar[oa]|precis[oa]|prudente|ambicios[oa])|otra|"
        r"otro|aqu[ií] (?:tienes|est[aá])|sugerencia|sugiero|opci[oó]n|propuesta|propongo|"
        r"recomiendo|por ejemplo podr[ií]as|"
        # "la regla general es que ...": una regla dada, no comentada.
        r"(?:la|una) (?:regla|tesis|raz[oó]n|idea|norma|garant[ií]a)(?: general| b[aá]sica)? "
        r"(?:aqu[ií] )?(?:es|ser[ií]a|podr[ií]a ser) que",
    ),
    addressed=frozenset(
        "tu tus te ti usted contigo tuyo tuya tuyos tuyas tienes puedes quieres sabes haces "
        "dices escribes pones crees "
        "piensas has eres necesitas nombras usas hablas cuentas anades explicas citas das "
        "vas podrias deberias querrias tendrias fijate piensa mira hiciste escribiste pusiste "
        "dijiste preguntaste contaste usaste citaste nombraste elegiste".split()
    ),
    # Spanish asks with a written accent: "qué", not the "que" of a relative clause.
    embedded_questions=(
        r"(?<!\w)(?:quién(?:es)?|qué|cuál(?:es)?|cómo|dónde|cuándo|cuánt[oa]s?)(?!\w)",
    ),
    asking_words=(r"qué|quién|quiénes|cuál|cuáles|cómo|dónde|cuándo|cuánt[oa]s?|por qué",),
    meta=frozenset(
        "tesis garantia garantias respaldo calificador refutacion lector lectores argumento "
        "frase palabra palabras opinion ejemplo regla objecion".split()
    ),
    relative_openers=(
        r",\s*(?:que|quien(?:es)?|(?:el|la|los|las) cual(?:es)?|cuy[oa]s?|una que|uno que)(?!\w)",
    ),
    definition_patterns=frames.DEFINITION_PATTERNS,
    indefinite=frozenset("un una unos unas algo alguna algun".split()),
    relative_words=frozenset("que quien como cuyo cuya donde".split()),
    text_nouns=frozenset(
        "regla reglas idea ideas razon razones principio principios postura posicion".split()
    ),
    word_nouns=frozenset("palabra palabras frase expresion termino".split()),
    probe_words=frames.PROBE_WORDS,
    checking_patterns=frames.CHECKING_PATTERNS,
    describing_predicates=(
        r"^(?:tambi[eé]n |igual )?(?:se )?(?:valga|valdr[ií]a|vale|valiera|sirva|servir[ií]a|"
        r"sirve|sirviera|funcione|funcionar[ií]a|funciona|funcionara|aplique|aplicar[ií]a|"
        r"aplica|aplicara|cubra|cubrir[ií]a|cubriera)(?!\w)",
        # Lo que hace su redacción: "una regla que empiece por «si» y que no hable de ...".
        r"^(?:(?:empiece|empieza|comience|comienza|termine|acabe) (?:por|con)|no (?:hable|"
        r"mencione|nombre|diga|use|incluya)|evite)(?!\w)",
        # Lo que un lector puede hacer con ella: "una postura que se puede discutir".
        r"^(?:se (?:puede|podr[ií]a|pueda|podr[aá]) \w+(?:ar|er|ir)|alguien (?:\w+ )?"
        r"(?:discut|rebat|comprob|critic|negar|neg[aó])\w*)(?!\w)",
    ),
    pointing_patterns=(
        r"^\W*(?:eso|esto|esa|esta) (?:es|era|ser[ií]a|suena a|parece)(?: \w+mente)? "
        r"(?:una?|ya una?)(?!\w)",
        # Spanish leaves the subject out: "sigue siendo una postura clara que ...".
        r"^\W*(?:sigue siendo|es|era|ser[ií]a|parece)(?: \w+mente)? (?:una?|ya una?)(?!\w)",
        r"^\W*(?:esa|esta|ese|este) (?:regla|tesis|garant[ií]a|frase|fuente|cifra|dato|"
        r"respaldo|calificador|refutaci[oó]n|excepci[oó]n|l[ií]mite|raz[oó]n)(?!\w)",
    ),
    sentence_joiners=("y", "pero", "porque", "aunque", "mientras", "as[ií] que"),
    proposal_talk_patterns=(
        r"\b(?:he|lo he|la he|los he|las he|ya he|te he|te lo he|te la he)\s+"
        r"(?:puesto|a[nñ]adido|guardado|metido|incluido|actualizado|dejado|escrito|"
        r"redactado)\b",
        r"^\W*(?:guardado|hecho|listo|a[nñ]adido|actualizado)\b",
        r"\baqu[ií] (?:est[aá]n?|tienes)\b",
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
)
