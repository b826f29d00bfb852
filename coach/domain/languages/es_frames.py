"""Spanish frames the guard reads (``coach.domain.pieces``, ``coach.domain.authorship``): the
words that offer text ("what if you argued that ...", "¿y si dijeras que ...?") and those that
say what a part is."""

from __future__ import annotations

from coach.domain.languages.es_offers import OFFER_FRAMES

_SAY = (
    r"(?:dec[ií]r|dices|digas|dijeras|dijeses|pon(?:er|es|gas|dr[ií]as)|pusieras|pusieses|escrib(?:ir|es|"
    r"ieras|ieses|ir[ií]as)|a[nñ]ad(?:ir|es|ieras|ieses|ir[ií]as)|cit(?:ar|as|aras|ases|"
    r"ar[ií]as)|argument(?:ar|aras)|afirm(?:ar|aras)|mencion(?:ar|aras)|us(?:ar|aras)|"
    r"nombr(?:ar|as|aras)|mencionas|usas|inclu(?:ir|yes|yeras|yeses|ir[ií]as)|"
    r"cont(?:ar|aras|ases|ar[ií]as)(?= que)|explic(?:ar|aras)(?= que)|"
    r"se[nñ]al(?:ar|aras)(?= que)|"
    r"sosten(?:er|ias)|defend(?:er|ieras)|respald(?:ar|arlo|arla|arlos|arlas))"
)


# A suggestion: the tutor offering text for the student's argument, in any frame.
SUGGESTION_PATTERNS = (
    # Una circunstancia como pregunta: "¿Qué pasaría si el desayuno fuera casi todo azúcar?".
    r"^\W*(?:y |pero )?qu[eé] (?:pasa|pasar[ií]a|ocurre|ocurrir[ií]a) si\b(?! (?:tu|t[uú])\b)",
    r"(?:¿\s*)?\by si (?:(?:tu|la|el|una|un) \w+ )?(?:"
    + _SAY
    + r"|fuera|fuese|dijera)\b(?: que\b| algo "
    r"como\b)?:?",
    r"(?:¿\s*)?\bno (?:ser[ií]a|quedar[ií]a|queda|es|te parece|suena) (?:\w+ ){0,3}?(?:"
    + _SAY
    + r"|algo como|que|cuando)\b(?: que\b| algo como\b)?:?",
    # The part named as what it could be: "tu refutación podría mencionar ...", "¿tu
    # tesis es que ...?".
    r"\b(?:tu|la|el|una|un) (?:tesis|garant[ií]a|datos|respaldo|calificador|"
    r"refutaci[oó]n|excepci[oó]n|regla|raz[oó]n) (?:podr[ií]a|deber[ií]a|puede|debe) "
    r"(?:ser|decir|mencionar|incluir|nombrar|citar|a[nñ]adir|quedar)\b(?: que\b| algo como\b"
    r"| as[ií]\b)?:?",
    r"\buna (?:\w+ )?(?:frase|versi[oó]n|regla|idea|raz[oó]n|tesis|garant[ií]a|"
    r"refutaci[oó]n|excepci[oó]n|cifra|fuente|condici[oó]n|ley|encuesta) (?:\w+ )?(?:como|"
    r"del tipo)(?! (?:esta|esa|la tuya|tu|tus)\b)\b:?",
    r"\bun (?:\w+ )?(?:dato|calificador|respaldo|hecho|motivo|l[ií]mite|principio|estudio|"
    r"informe|experto|n[uú]mero) (?:\w+ )?(?:como|del tipo)(?! (?:este|ese|el tuyo|tu|tus)\b)"
    r"\b:?",
    r"\b(?:tu|la|el) (?:tesis|garant[ií]a|respaldo|calificador|refutaci[oó]n|"
    r"excepci[oó]n|regla|raz[oó]n) (?:es|ser[ií]a) que\b:?",
    r"\b(?:quieres|quiere) decir\b(?: que\b)?:?",
    r"\b(?:podr[ií]as|puedes|deber[ií]as|prueba a|intenta|tambi[eé]n podr[ií]as|"
    r"mejor) (?:tambi[eé]n )?" + _SAY + r"\b(?: que\b| algo como\b| algo as[ií]\b)?:?",
    r"\balgo (?:como|as[ií])\b:?",
    r"\b(?:prueba|pruebe|intenta|intente) con\b:?",  # "Prueba con una regla que ..."
    r"\b(?:qu[eé] tal|y qu[eé] tal|qu[eé] te parece)\b:?",
    r"(?:¿\s*)?\bpor qu[eé] no (?:\w+ ){0,2}?" + _SAY + r"\b(?: que\b)?:?",
    # Not asked: "¿Qué diría en contra un alumno ...?" asks what someone would say.
    r"(?<!qu[eé] )(?<!qui[eé]n )(?<!c[oó]mo )\b(?:yo )?(?:pondr[ií]a|dir[ií]a|escribir[ií]a|"
    r"a[nñ]adir[ií]a|citar[ií]a|usar[ií]a)\b(?: que\b)?:?",
    r"\b(?:te )?(?:sugiero|propongo|recomiendo)\b(?: que\b)?:?",
    r"\bse (?:podr[ií]a|puede) (?:" + _SAY + r")\b(?: que\b)?:?",
    r"(?:¿\s*)?\bhas pensado en (?:" + _SAY + r")\b(?: que\b)?:?",
    # A part named with what it would be: "Un respaldo mejor sería ...".
    r"\b(?:un|una|el|la|unos|unas) (?:tesis|garant[ií]a|datos|respaldo|calificador|matiz|"
    r"refutaci[oó]n)(?: \w+){0,2}? ser[ií]a\b:?",
    # A negative question leads: "¿No bastaría con citar ...?"
    r"^\W*¿\s*no\b",
    # "¿Podría ser tan sencillo como ...?", "¿Sería algo como ...?".
    r"\b(?:podr[ií]a|ser[ií]a|puede) (?:ser )?(?:tan \w+ como|algo como|algo as[ií])\b:?",
    # Lo que hay que pensar, cuando es un hecho: "Piensa en los 40 alumnos que ...".
    r"(?:^|[:;])[\s¡]{0,3}(?:piensa en|pensad en|imagina|imaginad|f[ií]jate en)"
    r"(?= (?:el|la|los|las|un|una|unos|unas|todos|todas|cada|\d))",
    # Citing as the sentence's subject: "Citar la secretaría, que guarda esas cifras, ...".
    r"^\W*(?:citar|mencionar|nombrar)\b:?",
)

# A sentence saying what a part is or does.
DEFINITION_PATTERNS = (
    r"^\W*(?:una?|el|la|los|las|unos|unas) (?:tesis|datos|garant[ií]as?|respaldos?|"
    r"calificador(?:es)?|refutaci[oó]n(?:es)?|razon(?:es)?|raz[oó]n|motivos?) "
    r"(?:es|son|suelen? ser|ser[ií]an?)\b",
    # "Una regla general es una idea que ...", "Una garantía suele tener la forma ...",
    # "El respaldo de los datos dice de dónde salen ...".
    r"^\W*(?:una?|la|las|unas) (?:regla|idea)s?(?: generales?)? (?:es|son|suelen? ser)\b",
    r"^\W*(?:una?|el|la|los|las|unos|unas) (?:tesis|datos|garant[ií]as?|respaldos?|"
    r"calificador(?:es)?|refutaci[oó]n(?:es)?)(?: de (?:los|las|la|el|tus?) \w+)? "
    r"(?:suelen? (?:tener|llevar|empezar|decir|nombrar)|dicen?|explican?|nombran?|"
    r"muestran?|responden?|toman?|dan?|unen?|conectan?|hablan? de|indican?|expresan?|"
    r"matizan?|miden?)\b",
)

# A fact put as something to know, mean or remember: what follows is judged as offered
# unless it speaks of the student's text or the parts.
# Una coletilla que solo pregunta si sirve ("..., ¿eso te ayuda?", "... — ¿te encaja?").
TAG_VERBS = frozenset("sirve ayuda vale funciona encaja cuadra convence".split())

KNOWING_PATTERNS = (
    # "¿Sabías tú que ...?", "¿Te enteraste de que ...?", "Eres consciente de que ...".
    r"(?:¿\s*)?\b(?:sab[ií]as(?: t[uú]| usted)?|has o[ií]do|o[ií]ste|has le[ií]do|has visto|"
    r"(?:te )?(?:enteraste|has enterado) de|(?:eres|eras|est[aá]s) consciente de|"
    r"quieres decir|o sea|"
    r"(?:no )?est[aá]s de acuerdo (?:en|con)|aceptas|(?:te )?dar[aá]s cuenta de|ver[aá]s|"
    r"(?:puedes|podr[aá]s|podr[ií]as) ver|"
    r"comprobar[aá]s|descubrir[aá]s|"
    r"recuerda|no olvides)\s+que\b:?",
    # "¿Has pensado en que ...?", "¿Te has planteado que ...?": a fact offered.
    r"(?:¿\s*)?\b(?:has|hab[eé]is|te has|os hab[eé]is) (?:pensado(?: en)?|considerado|"
    r"planteado|tenido en cuenta|dado cuenta de) que\b:?",
    r"^\W*¿\s*(?:y )?(?:es|ser[aá]|no ser[aá]|no es) que\b:?",
    r"\b(?:el|un|la|una) (?:dato|hecho|estudio|informe|regla|idea|raz[oó]n|principio)"
    r"(?: \w+)? de que\b:?",
    # A fact put as already known ("Quizá sepas que ...", "Como sabrás, ...", "Ya sabes que
    # ...", "Es bien sabido que ...", "Recuerda: ..."): knowing asserts what is known.
    # Opening its clause: "«Al menos» muestra que sabes que ..." habla del alumno.
    r"(?:^|[,;:—–(¿¡]|\b(?:quiz[aá]s?|tal vez|ya|seguro que|igual|probablemente|seguramente|"
    r"a lo mejor|y|pero|no s[eé] si|bien|claro|t[uú]|todo el mundo|todos|ya lo))"
    r"[\s\"“«¿¡]{0,3}"
    r"(?:sab(?:es|e|emos|[eé]is|r[aá]s|r[aá]n|r[eé]is|[ií]as|[ií]a)|sepas|sepa|sep[aá]is|"
    r"recuerd(?:as|es|e)|recordar[aá]s|te acordar[aá]s de|te acuerdas de)\s+que\b:?",
    r"\bcomo (?:ya |bien |seguramente |seguro |probablemente |tal vez )?(?:sabes|sabr[aá]s|"
    r"sab[eé]is|sabemos|sabe todo el mundo|todos sabemos|recordar[aá]s|recuerdas|has visto|"
    r"has le[ií]do|habr[aá]s (?:le[ií]do|visto|o[ií]do))\b\s*[,:]?",
    r"\b(?:es|est[aá]) (?:bien |muy |m[aá]s que )?(?:sabido|claro|demostrado|cierto|evidente|"
    r"obvio|comprobado) que\b:?",
    r"\b(?:recuerda|ten en cuenta|no olvides|f[ií]jate)\s*:",
    # Lo del alumno dicho de otro modo: "Lo que quieres decir es que ...", "Básicamente: ...".
    r"\blo que (?:\w+mente )?(?:quieres decir|dices|est[aá]s diciendo|planteas) es(?: que\b)?:?",
    r"\best[aá]s (?:\w+mente )?(?:diciendo|defendiendo|planteando|sugiriendo)\b(?: que\b)?:?",
    r"^\W*(?:b[aá]sicamente|en otras palabras|dicho de otro modo|es decir|en resumen|"
    r"en pocas palabras|resumiendo)\b\s*[,:—–-]?",
    # Dar la razón en lo que el alumno no dijo: "Tienes razón en que mandaron a 40 ...".
    r"\btienes (?:toda la )?raz[oó]n (?:en|con) (?:lo de )?que\b:?",
    # A question that leads with what it takes for granted: "¿Acaso no ...?".
    r"^\W*¿?\s*(?:acaso|a que|verdad que|seguro que|es obvio que|est[aá] claro que)\b",
    # "¿Te suena que ...?", "Me encanta cómo esto conecta con los 40 alumnos ...": a fact
    # offered as familiar, a link the student never made praised.
    r"\b(?:te|os|le) (?:suena|sonar[aá]|sonar[ií]a)(?: de algo)? (?:lo de )?que\b:?",
    r"\b(?:me )?(?:encanta|gusta|mola)(?: \w+)? (?:c[oó]mo|que) (?:esto |eso |lo )?"
    r"(?:se )?(?:conecta|enlaza|relaciona|une|lleva)(?: \w+)? (?:con|a)\b",
)

# An example that names another topic: "en un debate sobre el transporte ...".
OTHER_TOPIC_PATTERNS = (
    r"\b(?:en|de) (?:un|otro) (?:debate|argumento|texto|tema) (?:sobre|de)\b|\botro tema\b|"
    r"\b(?:un |una )?(?:tema|asunto|debate) (?:distint[oa]|diferente|ajen[oa])\b",
)

# More frames, by name (``LanguagePack.guard_frames``):
GUARD_FRAMES = {
    # "¿Hay algún estudio detrás de la idea de que ...?": the student's own idea when its
    # words are theirs.
    "idea": (r"\b(?:la|esta|esa|tu) (?:idea|creencia|opini[oó]n) de que\b",),
    # "la conexión general entre las normas y ...": the student's rule pointed at.
    "link": (
        r"\b(?:la |una |esa |esta |el |un |ese )?(?:conexi[oó]n|relaci[oó]n|v[ií]nculo|"
        r"uni[oó]n)(?: general| misma| principal)? entre\b",
    ),
    # "Podrías dejarlo en:", "¿Y si lo concretas así:", "Prueba a reducirlo a:".
    "completing": (
        r"\b(?:dej|concret|reduc|cambi|acot|limit|ajust|redact|reescrib|precis|"
        r"matiz|recort|lee|le)\w*(?: \w+){0,2} (?:en|a|as[ií]|como|por)\s*$",
    ),
    # Lo que enmarca una pregunta sin decir nada: "Con 30 alumnos, ¿...?", "Si lo quitas, ¿...?".
    "framing": (
        r"^\W*(?:con|para|en|por|antes|despu[eé]s|si|cuando|mientras|como|sobre|desde|"
        r"entonces|pensando|aparte|y|pero|ahora|as[ií]|suponiendo|supongamos|sup[oó]n|"
        r"imagina|imaginemos|imaginando|pongamos|dando por hecho|partiendo de)\b",
    ),
    "or": (r"(?:[,;]\s*|\s)(?:o|u)\b",),
    # The student's text named in the second person ("tu tesis", "lo que escribiste"): a
    # sentence about it is feedback; "tu instituto", "tu familia" are not.
    "their_text": (
        # "tuya" is theirs; "una regla como la tuya" is anyone's.
        r"(?<!como la )(?<!como el )(?<!como los )(?<!como las )\btuy[oa]s?\b|"
        r"\btus?\s+(?:(?:propi[oa]s?|primer[oa]?|nuev[oa]s?|dos|tres)\s+)?"
        r"(?:tesis|datos?|garantias?|respaldo|calificador(?:es)?|refutacion(?:es)?|reglas?|"
        r"argumentos?|palabras?|frases?|ideas?|razon(?:es)?|ejemplos?|opinion(?:es)?|"
        r"fuentes?|cifras?|numeros?|encuestas?|estudio|borrador|texto|respuestas?|mensaje|"
        r"version|limites?|excepcion(?:es)?|condicion(?:es)?|postura|posicion|principio|"
        r"preguntas?|lector(?:es)?|objecion|definicion|citas?|hecho|hechos|lista|titulo|"
        r"tema|intento|caso|redaccion|matiz|forma|estructura)\b|"
        r"\b(?:escribiste|escribes|dices|dijiste|pusiste|pones|citaste|citas|nombraste|"
        r"nombras|usaste|usas|elegiste|anadiste|anades|mencionas|mencionaste|hiciste|"
        r"hicieras|hagas|haces|digas|dijeras|escribas|escribieras|pongas|cites|nombres|uses|"
        r"anadas)\b|"
        # What their source told them, in a clause of its own ("que te dijeron que ...").
        r"^te\s+(?:dijeron|dijo|contaron|conto|dieron|dio|ensenaron|mostraron)\b",
    ),
    # A move to the student opening a clause ("Podrías ...", "¿Has pensado ...?", "Y si
    # añades ..."): feedback.
    "move_opening": (
        r"^(?:(?:y|pero|pues|entonces|ahora|quiza|quizas|tal vez|tambien|bien|vale|bueno|si|"
        r"seguro que|acaso|igual|a lo mejor|"
        r"cuando|primero|luego|aqui|ya|no)\s+)*(?:tu\s+|usted\s+|te\s+|ya\s+)?"
        r"(?:tienes|puedes|quieres|sabes|haces|dices|escribes|pones|crees|piensas|has|eres|"
        r"necesitas|nombras|usas|hablas|cuentas|anades|explicas|citas|das|vas|podrias|"
        r"deberias|querrias|tendrias|fijate|piensa|mira|hiciste|escribiste|pusiste|dijiste|"
        r"preguntaste|contaste|usaste|citaste|nombraste|elegiste|anadieras|anadir|pudieras|"
        r"conozcas|conoces|puedas|tengas|quieras|busques|preguntes|encuentres|revises|"
        r"compruebes|mires|"
        r"dijeras|escribieras|probaras|pusieras|usaras|cambiaras|te)\b",
        r"\b(?:tu|usted|ti) mism[oa]s?\b",
        # Said of the student after "que": "muestra que sabes que ...", "ves que tienes ...".
        r"\bque\s+(?:ya\s+)?(?:sabes|tienes|conoces|entiendes|ves|has visto|has pensado)\b",
    ),
    # Offers judged by function (``coach.domain.offers``).
    **OFFER_FRAMES,
    # Lo que remite a la frase anterior ("Eso te serviría como dato.", "Los podrías usar como
    # respaldo."): tras una frase retenida, se retiene también.
    "refers_back": (
        r"^\W*(?:\w+\W+){0,3}?(?:eso|esto|aquello|es[ae]s?|est[ae]s?)\b",
        r"^[\W]*(?:lo|la|los|las|le|les)\s",
    ),
}


# Las palabras de un sondeo sobre el texto o las pruebas del alumno ("¿Podría alguien más ver
# esas facturas si lo pidiera?", "¿Hay días en los que no haría falta ...?"): comprobar,
# contar, preguntar, alguien, otra vez, raro. En una pregunta no dicen nada de su tema.
PROBE_WORDS = frozenset(
    """comprobar compruebas comprobaste comprobado contar cuentas contaste contado recontar
    otra otro otras otros vez veces segundo segunda alguien nadie alguno alguna algun algo
    fuera raro rara normal tipico tipica especial distinto distinta mismo misma suficiente
    encontrar buscar preguntar preguntaste preguntas pedir pidiera pidieras pidiese ver
    viera vieras mirar leer leyeras guardar guardaste guardado mostrar ensenar probar seguro
    segura habria haria podria seria tendria maestra maestro profesor profesora amigo
    amiga companero companera grupo grupos tipo tipos estaria estarias estarian muestra
    muestran""".split()
)

# Una comprobación propuesta al alumno sobre una oración ("¿Podrías comprobar si ...?",
# "¿Comprobaste que ...?"): lo que sigue es lo que comprobaría.
CHECKING_PATTERNS = (
    r"\b(?:comprob\w*|comprueb\w*|verific\w*|confirm\w*|averigu\w*|pregunt\w*|"
    r"asegur\w*|mir\w*|ver)(?: (?:lo|la|los|las|tambien|antes|otra vez))?\s+(?:si|que|con)\b",
)
