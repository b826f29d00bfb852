"""Spanish: more of how the offline tutor reads a student's message (carried by the pack in
``coach.domain.languages.es``): who will do the work, having nothing to write, a rebuttal
that denies, a question whether the student's own text is acceptable."""

from __future__ import annotations

import re

# "Vale, lo hago yo.", "Bueno, ya lo escribo yo:", "déjalo, lo hago yo misma".
DOERS: tuple[str, ...] = (
    "d[eé]jalo",
    "olv[ií]dalo",
    "da igual",
    r"(?:ya )?(?:me )?lo (?:hago|escribo|pongo|redacto|saco)(?: yo)?(?: mism[oa]| sol[oa])?"
    r"(?: entonces)?",
)

# "la verdad no tengo ni idea de cuánta gente ...", "no sé nada de ...", "es que no tengo
# datos de ningún tipo": only the student's own lack of knowledge, from the message's start.
NO_KNOWLEDGE: tuple[str, ...] = (
    r"^ ((la verdad|sinceramente|es que|pues|bueno|y|pero|ya|uf|honestamente) )*(yo )?no "
    r"(se|tengo|conozco|encuentro|me se) (ni )?(idea|nada|ningun|ninguna|ni un|ni una|datos|"
    r"cifras|fuentes|expertos?|estudios?)( [a-z]+){0,12} $",
)

# "nadie puede estar en contra", "no hay ningún caso en que esto no funcione".
DENIALS: tuple[str, ...] = (
    r"\b(nadie|nada|ningun|ninguna|ninguno|nunca|jamas)\b",
    r"\btodo el mundo (quiere|esta de acuerdo|lo quiere)\b",
)

# "funciona siempre", "sirve en todos los casos", "no falla nunca": que la tesis vale pase lo
# que pase. Solo sin condición ni caso contrario: "funciona siempre que avisen" nombra uno.
ALWAYS: tuple[str, ...] = (
    r"\b(siempre (funciona|funcionan|funcionaria|sirve|sirven|vale|valen|ayuda|ayudan)|"
    r"(funciona|funcionan|funcionaria|sirve|sirven|vale|valen|ayuda|ayudan) (siempre|"
    r"en todos los casos|en cualquier caso|para todos|para todo el mundo)|en todos los casos|"
    r"no (falla|fallaria|fallan) (nunca|jamas)|nunca (falla|fallaria|fallan))\b",
)

# El caso que una negación dice que nunca ocurre: "no se me ocurre ningún caso en que no
# funcione", "no hay ningún caso en el que falle". "No se me ocurre nada" no nombra ninguno.
FAILING_CASE: tuple[str, ...] = (
    r"\b(en que|en el que|en la que|en los que|en las que|donde|que|cuando)( [a-z]+){0,5} "
    r"(no (funcione|funcionen|funcionaria|funciona|sirva|sirvan|sirve|serviria|valga|vaya bien)|"
    r"falle|fallen|fallaria|falla|salga mal|saldria mal|salgan mal)\b",
)

# Pedir ayuda al tutor junto a la negación: "no se me ocurre nada, ayúdame".
HELP_ASKED: tuple[str, ...] = (
    r"\b(ayuda|ayudame|ayudeme|ayudenme|ayudas|ayudarme|pista|pistas|dame|dime|puedes|"
    r"podrias|echas una mano)\b",
)

# Lo que abre la condición de una regla, leído solo para distinguir una regla de una
# repetición: "cada vez que los alumnos evalúan ...", "los alumnos que evalúan ...".
LINKS: tuple[str, ...] = (
    r"\b(si|cuando|siempre que|una vez que|cada vez que|en cuanto|tan pronto como|donde|"
    r"en los que|en las que|en el que|en la que|quienes)\b",
    r"\b(los|las|el|la|unos|unas|todos|todas|cualquier) [a-z]+ que\b",
)

# Formas de chat escritas enteras antes de comparar la garantía con la tesis: "xq" dice
# "porque", "q" dice "que".
SPELLED_OUT: dict[str, str] = {
    "q": "que",
    "k": "que",
    "ke": "que",
    "xq": "porque",
    "pq": "porque",
    "porq": "porque",
    "xk": "porque",
    "tb": "tambien",
    "tmb": "tambien",
    "d": "de",
    "x": "por",
    "xa": "para",
    "pa": "para",
    "dbn": "deben",
    "dberian": "deberian",
}

# Lo que puede decir la razón de una garantía sin nombrar ningún criterio: un juicio sin más y
# lo que lo rodea ("porque es mejor tenerlos después de las vacaciones").
HOLLOW_REASON_WORDS: frozenset[str] = frozenset(
    "mejor mejores bueno buena buenos buenas bien genial idea cosa cosas mucho mucha muy mas "
    "tener tenerlo tenerla tenerlos tenerlas hacer hacerlo hacerla hacerlos hacerlas este "
    "esten esta estan sea sean seria serian eso esto esos esas ellos ellas tambien asi".split()
)

# "¿Una encuesta que hice yo en clase vale como fuente?", "¿Mi profe aceptaría esta garantía?"
ACCEPTANCE: frozenset[str] = frozenset(
    "vale valen sirve sirven cuenta cuentan acepta aceptan aceptaria aceptarian aceptar "
    "aceptable valida valido permitido permitida bien suficiente fiable puedo usar".split()
)

# Una comparación o un juicio sin criterio, y nada más: "las tablets serían mucho mejor para
# todos", "las tabletas son más útiles", "son mejores que los libros", "aprender primeros
# auxilios estaría muy bien", "sería mejor para todo el mundo que den desayuno". Una tesis que
# nombra su criterio o su grupo ("más baratas para las familias", "mejor para los que llegan
# sin comer, porque ...") sigue después de estas palabras.
VAGUE_COMPARISONS: tuple[str, ...] = (
    r"\b(seria|serian|sera|seran|es|son|estaria|estarian|esta|estan|era|eran) ((mucho|muy|re|"
    r"tan|super|bastante|sin duda|claramente|mas) )*(mejor|mejores|lo mejor|la mejor opcion|"
    r"bueno|buena|buenos|buenas|bien|util|utiles|beneficioso|beneficiosa|chevere|genial)"
    r"( que( [a-z]+){1,3})?( para (todos|todas|todo el mundo|la gente|nosotros|los alumnos|"
    r"los chicos|los ninos|los estudiantes|el colegio|la escuela|el instituto))?$",
    # El juicio delante y su sujeto detrás: "sería mejor para todos que den desayuno".
    r"^((yo )?(creo|pienso|opino) que )?(seria|es|sera|estaria) ((mucho|muy|re|tan) )*(mejor|"
    r"lo mejor|bueno|util|mas util|genial) para (todos|todas|todo el mundo|la gente) que ",
)

# Si el texto propio del alumno es lo que debe ser: "¿esto es una refutación de verdad o solo
# una queja?", "¿mi tesis es una tesis de verdad o es solo una opinión?", "¿mi matiz es muy
# vago?", "¿Funciona mi regla?", "¿qué te parece mi tesis?".
FEEDBACK: tuple[str, ...] = (
    r" (que te parece|que opinas de|revisa|revisas|me revisas) (mi|mis) ",
    r" (esto|eso|mi [a-z]+|mis [a-z]+|la mia|el mio) (es|son) (un |una )?[a-z]+( de verdad| real|"
    r" valid[oa]| buen[oa])? o (es |son )?((solo|solamente|nada mas|mas bien) )?(un |una )?[a-z]+ ",
    r" (mi|mis) [a-z]+ (es|son|esta|estan) (muy|demasiado|lo bastante|suficientemente|bastante|"
    r"poco) [a-z]+ ",
    r" (funciona|funcionan|sirve|sirven|vale|valen|cuenta|encaja|cuadra) (mi|mis) [a-z]+ ",
)

# Lo que "¿y si pongo que ...?" puede proponer que son las palabras del tutor, no una tesis
# del alumno: "lo que dijiste antes", "eso que me dijiste", "lo que tú digas", "tu idea".
# Se lee desde el principio del resto, sin tildes.
PROPOSITION_REQUESTS: tuple[str, ...] = (
    r"^ ((lo|eso|esto|aquello|la|el|las|los)( [a-z]+)? )?que (tu |usted )?(me |nos |te )?"
    r"(tu |usted )?(dijiste|dijo|has dicho|ha dicho|dices|digas|diga|propusiste|propones|"
    r"propongas|sugeriste|sugieres|pusiste|escribiste|comentaste|mencionaste|quieras|quiera|"
    r"veas|creas|prefieras|elijas|decidas)\b",
    r"^ lo que (a )?(ti|tu|usted)\b",
    r"^ lo que (te|le) parezca\b",
    r"^ (tu|su) (idea|ejemplo|propuesta|sugerencia|version|respuesta|frase|opcion|tesis)\b",
    # algo señalado, sin oración propia: "lo del artículo", "lo de antes"
    r"^ (lo|eso|esto|aquello) (de|del)( [a-z]+){1,2} $",
)

# Un corchete es un hueco para el tutor solo si lleva una de estas ("[lo que a ti te parezca
# mejor]", "<algo sobre estudiar tranquilo>"); un inciso ("[de 4º de ESO]") es texto. Unos
# puntos suspensivos son hueco solo tras una entrada ("a menos que ...", "porque…").
SLOT_WORDS: frozenset[str] = frozenset(
    "algo tu ti usted sea rellenar rellena completar completa completalo pon aqui inserta etc "
    "x xx xxx".split()
)
SLOT_LEADS: frozenset[str] = frozenset(
    "menos salvo excepto porque aunque si cuando pero ya puesto dado mientras hasta "
    "entonces".split()
)


# Verbos con imperativo irregular ("di", "haz", "pon", "ten"): la forma regular es solo
# tercera persona, con otro sujeto ("la OMS ... y dice que", "mi profe dice que").
THIRD_PERSON_ONLY = frozenset("dice hace pone propone tiene sale viene".split())

# Lo que tras un verbo dice que es una tercera persona sin sujeto y no un imperativo: una hora
# ("pasa a las 7:05", "termina sobre las 2 y media", "acaba a la una") o personas como objeto
# ("deja a los de primero en la puerta", "deja a los alumnos ..."). "Pasa a limpio", "ayuda a
# escribir" siguen siendo peticiones.
_HOUR = re.compile(
    r"^(a|sobre|hacia|como a|a eso de|antes de|despues de|hasta) (las|la) (\d+|una|dos|tres|"
    r"cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|tantas)\b"
)
_PEOPLE = re.compile(
    r"^a (los|las|la|el|mis|sus|nuestros|nuestras|todos|todas) (de|alumnos|alumnas|ninos|ninas|"
    r"chicos|chicas|chavales|crios|estudiantes|pequenos|mayores|profes|profesores|padres|"
    r"conductores|vecinos)\b"
)


# Solo un verbo que se dice de una cosa (el bus pasa, las clases empiezan, el bus deja a los
# de primero) se queda sin sujeto ante una hora o personas: "escribe a las 7 q ...", "manda a
# los de 2º lo q tengas", "pon a los de primero q ..." siguen pidiendo que el tutor escriba.
_OF_A_THING = frozenset("pasa termina acaba empieza comienza sale llega deja recoge".split())
# Un texto como objeto en la misma oración: "pasa a las 7 la tesis", "deja a los de primero
# los datos hechos", "termina a las 8 el argumento": se le pide al tutor.
_TEXT_OBJECTS = frozenset(
    "tesis datos dato garantia garantias respaldo respaldos calificador refutacion argumento "
    "argumentos texto textos frase frases parrafo parrafos trabajo redaccion ensayo tarea "
    "deberes respuesta respuestas ejemplo ejemplos idea ideas fuente fuentes parte partes "
    "algo eso esto hecho hechos hecha hechas escrito escritos escrita escritas".split()
)
# Lo que abre un objeto directo tras las personas ("pasa a los de clase *los* datos").
_OBJECT_OPENERS = frozenset("la el los las lo un una unos unas mi mis tu tus todo".split())


def _names_text(rest: list[str]) -> bool:
    """Whether a text is the object in the words after a verb ("la tesis", "lo q tengas")."""
    pairs = zip(rest, rest[1:], strict=False)
    return bool(set(rest) & _TEXT_OBJECTS) or any(
        a == "lo" and b in ("q", "que", "de") for a, b in pairs
    )


def not_a_request(verb: str, raw_first: str, rest: list[str]) -> bool:
    """Whether a clause opening with ``verb`` (its first word as typed ``raw_first``) is no
    imperative: "de" the preposition, not "dé"; a verb only ever a third person ("dice");
    a verb said of a thing whose subject was left out, told by a time or people after it
    with no text as its object ("pasa a las 7:05", "deja a los de primero en la puerta")."""
    if verb == "de" and raw_first.casefold() != "dé" or verb in THIRD_PERSON_ONLY:
        return True
    if verb not in _OF_A_THING or _names_text(rest):
        return False
    after = " ".join(rest)
    if _HOUR.search(after):
        return True
    people = _PEOPLE.search(after)
    if not people:
        return False
    then = after[people.end() :].split()[1 if people.group(2) == "de" else 0 :]
    return not then or then[0] not in _OBJECT_OPENERS


# Un sí informal que confirma solo como mensaje entero ("ya lo he intentado" no es un sí).
INFORMAL_YES = ("ya", "sip", "sep", "dale", "claro", "claro que sí", "vale sí", "pues sí")


# Palabras que nombran por sí solas quién respalda algo (una institución, un experto, una ley,
# una publicación), y lo que un alumno puede señalar sin mayúsculas: la etiqueta o el
# fabricante de un producto, un horario oficial, una autoridad en minúsculas ("la autoridad
# europea de seguridad alimentaria"), lo que vio él mismo ("lo he visto yo").
AUTHORITY: tuple[str, ...] = (
    # Alguien con nombre de cargo, o un recuento hecho por el propio alumno: a mano alzada,
    # una votación de clase, una encuesta que hizo él ("lo pregunté en mi clase").
    "profe",
    "profes",
    "maestr*",
    "director*",
    "bibliotecari*",
    "cociner*",
    "tutora",
    "mano alzada",
    "votacion*",
    "votamos",
    "pregunte",
    "preguntamos",
    "conte",
    "contamos",
    "apunte",
    "anote",
    "hice una encuesta",
    "hicimos una encuesta",
    "yo mismo",
    "yo misma",
    "segun",
    "publicad*",
    "revista",
    "universidad*",
    "instituto*",
    "censo",
    "agencia",
    "organizacion*",
    "oms",
    "gobierno",
    "experto*",
    "profesor*",
    "ley",
    "leyes",
    "tribunal*",
    "ministerio",
    "departamento",
    "asociacion",
    "cientific*",
    "investigador*",
    "psicolog*",
    "economista*",
    "medicos",
    "manual",
    "ayuntamiento",
    "consejo",
    "comision",
    "fundacion",
    "academia",
    "oficina",
    "autoridad*",
    "consorcio",
    "etiqueta*",
    "fabricante*",
    "envase",
    "en la lata",
    "en el envase",
    "en la botella",
    "en el paquete",
    "oficial",
    # Organismos que los alumnos escriben en minúsculas ("la aemet avisa", "la unicef dice").
    "aemet",
    "ine",
    "ocde",
    "dgt",
    "cis",
    "horario",
    "empresa de autobuses",
    "empresa de transporte",
    "visto yo",
    "vi yo",
    "medi yo",
    "lo medi",
    "conte yo",
    "lo he contado",
    "con mis propios ojos",
    # Una encuesta que hizo el propio alumno ("hice la encuesta en google forms").
    "mi encuesta",
    "nuestra encuesta",
    "hice la encuesta",
    "hicimos la encuesta",
)


# Súplica, agobio o un plazo, y nada del tema: "porfaaa es para mañana y no tengo nada", "te
# lo suplico, mi profe me va a matar", "estoy super agobiada, lo tengo que entregar mañana".
# Un mensaje hecho solo de estas palabras (al menos una de ``PLEAS``), las del intercambio y
# ``PLEA_CONTEXT`` nunca es una parte. Palabras sin tildes; una letra repetida tres veces o
# más cuenta una ("porfaaa" -> "porfa").
PLEAS: frozenset[str] = frozenset(
    "porfa porfi porfis porfavor favor xfa plis suplico ruego ayuda ayudame ayudenme agobiado "
    "agobiada agobiadisimo agobiadisima desesperado desesperada estresado estresada urgente manana "
    "entregar entrega entregarlo entregarla entrego llorando lloro".split()
)
PLEA_CONTEXT: frozenset[str] = frozenset(
    "profe profesor profesora profesores va van a matar mata suspender suspenden suspendo "
    "suspenderme catear trabajo deberes redaccion ensayo tarea nota cero llego llegar quedan "
    "queda dos tres una hora horas minutos hoy noche lunes martes miercoles jueves viernes "
    "semana tiempo necesito necesita tengo tiene para super muy es esta estoy estamos aunque "
    "sea algo dame va venga nada poner escribir hacer x examen examenes".split()
)

# Lo que se oyó o se vio como fuente, dentro de los datos o un respaldo, sin nadie que lo
# respalde: "lo vi en internet", "lo leí por ahí", "me lo dijo un amigo", "dicen que".
HEARSAY_ONLINE: tuple[str, ...] = (
    r"\b(lo |la |eso |esto )?(vi|lei|encontre|escuche|oi|saque|he visto|he leido|mire|"
    r"sale) (en |por |de )?(el |la |un |una |algun |alguna |las )?(internet|web|google|"
    r"tiktok|tik tok|youtube|instagram|insta|redes|redes sociales|video|whatsapp|twitter|"
    r"facebook|reddit|ahi|algun sitio|algun lado|alguna pagina|pagina)\b",
    r"\b(lo |eso )?(dijeron|dicen|vi|oi|escuche|salio|sale) en (la tele|la tv|la radio|"
    r"las noticias|el telediario|un podcast|la television)\b",
)
HEARSAY_PEOPLE: tuple[str, ...] = (
    r"\b(me|nos) lo (dijo|dijeron|conto|contaron|comento|comentaron|ha dicho|han dicho)\b",
    r"\b(un|una|mi|mis|unos|unas) (amig[oa]s?|madre|padre|mama|papa|prim[oa]s?|"
    r"herman[oa]s?|tio|tia|vecin[oa]s?|compa|compi|colega|abuel[oa]|novi[oa])( [a-z]+){0,4} "
    r"(me |nos )?(lo )?(dijo|dice|conto|cuenta|comento|ha dicho)\b",
    # "de los 30 de mi clase, 21 dicen que ...": un recuento, no lo que se oye.
    r"(?<![0-9] )\b(dicen que|he oido|oi que|escuche que|segun dicen|la gente dice|"
    r"todo el mundo dice)\b",
    r"\b(lo |eso )?(dice|dicen|decia|comenta|cuenta) (la gente|todo el mundo)\b",
    # El verbo delante: "..., lo dice mi madre", "eso me lo contó un amigo".
    r"\b(lo |eso |esto )?(me |nos )?(lo )?(dijo|dice|dicen|conto|cuenta|comento|ha dicho) "
    r"(mi|mis|un|una|unos|unas) (amig[oa]s?|madre|padre|mama|papa|prim[oa]s?|herman[oa]s?|tio|"
    r"tia|vecin[oa]s?|compa|compi|colega|abuel[oa]|novi[oa])\b",
)
# Una fuente nombrada y lo que dice: "la web de la OMS dice ...", "según el INE".
SOURCE_SAYS: tuple[str, ...] = (
    r"\b(dice|dicen|dijo|segun|informa|informo|publica|publico|muestra|mostro|afirma|afirmo|"
    r"estima|calcula|senala|indica|recoge|explica)\b",
)

# Muletillas delante de una parte sin puntuación: "vale pues los exámenes ...", "pues eso,
# que los móviles ...", "o sea que a menos que ...". Una serie es marco solo si lleva una de
# ``STRONG_FILLERS``: "Vale la pena prohibir ..." y "Bueno para la salud ..." conservan la suya.
STRONG_FILLERS: tuple[str, ...] = (
    "pues", "pues eso", "pues nada", "a ver", "o sea", "osea", "eh", "em", "emm", "mmm",
    "ok", "okey",
)  # fmt: skip
LOOSE_FILLERS: tuple[str, ...] = ("bueno", "vale", "entonces", "venga", "mira", "y", "que")
FILLER_NOT_BEFORE: frozenset[str] = frozenset("mucho muchos muchas tanto tantos".split())

# Dónde se vio algo, dicho de una fuente (vaga): "en internet", "en tiktok", "por ahí".
ONLINE: tuple[str, ...] = (
    r"\b(internet|la web|una web|alguna web|una pagina|google|tiktok|youtube|instagram|"
    r"las redes|redes sociales|un video|insta|ig|tik tok|whatsapp|un meme|por ahi|"
    r"en algun (sitio|lado|lugar)|en alguna parte)\b",
)

# Muletillas y asentimientos delante de una parte, con un punto o una coma: "vale.".
FRAMING_FILLERS: tuple[str, ...] = (
    "vale",
    "bueno",
    "pues",
    "entonces",
    "a ver",
    "mira",
    "espera",
    "sí",
    "dale",
    "venga",
    "mm+",
    "ok(?:ey)?",
    # Una nota al lector antes del texto ("Ojo: el consorcio debería ...", "Nota: ..."): solo
    # con la puntuación detrás.
    "ojo",
    "nota",
)  # fmt: skip

# Una pregunta que el alumno responde en seguida es su posición: "¿Deberían ...? Yo digo que
# sí", "...? Claro que no". Se lee en las palabras tras el último signo de interrogación.
QUESTION_ANSWERS: tuple[str, ...] = (
    r"^(y |pues )?(yo )?(digo|creo|pienso|opino|diria|voto|respondo) (que )?(si|no)\b",
    r"^(si|claro|por supuesto|obviamente|desde luego)\b",
    r"^no$",  # "no sé" no responde nada
)

# Alguien nombrado solo por su cargo en el colegio, y un respaldo dicho con duda: "nose, lo
# dijo mi profe", "ni idea, algún profesor". ¿Qué profe, y en qué se basaba?
ROLES: tuple[str, ...] = (
    r"\b(profes?|profesora?|profesores|profesoras|maestr[oa]s?|tutora?|director[a]?|"
    r"bibliotecari[oa]|enfermer[oa]|cociner[oa])\b",
)
UNSURE: tuple[str, ...] = (
    r"\b(nose|no se|ni idea|creo|supongo|igual|algun|alguna|a lo mejor|quizas?|o algo|"
    r"no me acuerdo|ni me acuerdo)\b",
)

# Un juicio de que algo hace las cosas mejores o peores, sin criterio, y nada más: "los perros
# hacen el cole mejor", "el bus temprano hace las mañanas peores". ¿Mejor en qué?
BARE_JUDGEMENTS: tuple[str, ...] = (
    r"\b(hace|hacen|haria|harian|hizo|hara|haran) ([a-z]+ ){0,4}((mucho|muy|mas|super|tan) )*"
    r"(mejor|mejores|peor|peores|bonit[oa]s?|buen[oa]s?|mal[oa]s?|genial|geniales|feliz|"
    r"felices)$",
)

# Una queja como tesis: demasiado o muy poco de algo, sin pedir ningún cambio: "el bus pasa
# demasiado pronto", "el monster tiene demasiada cafeína". Se lee en las últimas palabras de una
# tesis sin "debería".
COMPLAINTS: tuple[str, ...] = (
    r"\b(demasiad[oa]s?|super|muy|tan|re) [a-z]+( [a-z]+)?$",
    r"\b(muy poc[oa]s?|casi nada de|casi ningun[oa]?) [a-z]+( [a-z]+)?$",
)

# Una valoración y nada más: algo es un problema, un desastre, lo peor, se va de las manos, y
# no se pide a nadie que haga nada ("el plastico es un problemon", "la comida del comedor es un
# desastre"). Se lee en las palabras sin tildes de una tesis sin "debería", "así que" ni
# "porque"; puede seguir cualquier palabra ("... grave", "en el patio", "en 4º"), no una
# comparación ("... que ..."), una oración ni lo que sería mejor ("...; sería mejor ..."):
# EVALUATION_CLAUSES son las palabras que los abren.
_EVALUADO = (
    r"(problema|problemas|problemon|problemones|problemazo|problemazos|desastre|desastres|caos|"
    r"pesadilla|pesadillas|horror|asco|verguenza|lata|rollo|rollazo|peligro|locura|cachondeo|"
    r"broma|chiste|ruina|tema serio|tema grave|lo peor|una pena|una mierda|un timo|"
    r"una estafa|un robo|inaceptable|intolerable|vergonzoso|vergonzosa|ridiculo|ridicula|"
    r"ridiculos|ridiculas|fatal|penoso|penosa|lamentable|un desmadre|un relajo|un cochinero)"
)
EVALUATIONS: tuple[str, ...] = (
    r"\b(es|son|era|eran|fue|esta|estan|sigue siendo|siguen siendo|se ha vuelto|se han vuelto|"
    r"se esta volviendo|se estan volviendo|se ha convertido en|se han convertido en|parece|"
    r"parecen|seria|serian|sera|seran|va a ser|van a ser)( [a-z]+){0,3}? " + _EVALUADO + r"\b",
    r"\b(da|dan|daba|me da|nos da) (pena|asco|verguenza|grima)\b",
    r"\b(se (nos |les )?(esta|estan|ha|han|va|van) (yendo|ido) de las manos|"
    r"(esta|estan) (totalmente |completamente |un poco )?(fuera de control|descontrolad[oa]s?))"
    r"\b",
)
EVALUATION_CLAUSES: tuple[str, ...] = (
    r"\b(que|porque|pero|seria mejor|mejor seria|lo mejor|lo ideal|lo suyo|estaria bien|"
    r"convendria|se podria|podrian|hace falta|necesitamos|propongo|ojala|en vez de|"
    r"en lugar de)\b",
)
# Valorar una decisión que alguien puede tomar o deshacer es tomar postura: no tomarla ("quitar
# el recreo es inaceptable", "la prohibición de los móviles es una locura", "que el instituto
# cobre por las taquillas es una vergüenza", "la falta de profesores es el mayor problema").
# Valorar una conducta ("copiar en los exámenes es un problema") no; se lee en las palabras
# antes de la valoración.
EVALUATED_ACTIONS: tuple[str, ...] = (
    r"^que\b",
    r"\b(no )?(quitar|prohibir|cobrar|subir|bajar|eliminar|cerrar|obligar|imponer|recortar|"
    r"suprimir|cambiar|poner|reducir|aumentar|cancelar|permitir|dejar|mover|retrasar|"
    r"adelantar|acortar|alargar|ampliar|sustituir|privatizar|vender|multar|castigar|expulsar|"
    r"registrar|vigilar|grabar|instalar|despedir|exigir|limitar|restringir|"
    r"forzar|abolir|anular|encarecer|dar|mandar|requisar)(le|les|lo|la|los|las|nos|me|se)?\b",
    r"\b(la|esta|una|el|este|un) (nueva |nuevo )?(prohibicion|subida|bajada|eliminacion|"
    r"supresion|cierre|recorte|recortes|cancelacion|imposicion|obligacion|decision|idea|plan|"
    r"norma|medida|falta|escasez|privatizacion) (de|del|a|al|que|sobre)\b",
)
# Decir qué clase de problema es nombra un criterio ("un problema de salud pública", "el mayor
# problema de la educación pública"); "un problema de verdad", "un problema grave" no.
EVALUATION_KINDS: tuple[str, ...] = (
    r"\b(problema|problemas|desastre|peligro|riesgo|crisis) (de|para la) (la )?(salud|seguridad|"
    r"higiene|convivencia|igualdad|privacidad|dinero|medio ambiente|contaminacion|trafico|"
    r"disciplina|asistencia|educacion|ensenanza|aprendizaje|sanidad)\b",
    r"\b(problema|problemas|desastre|peligro|riesgo|crisis) (sanitari[oa]s?|medioambientales?|"
    r"ambientales?|legal|legales|economic[oa]s?|educativ[oa]s?|de seguridad)\b",
)
# Un cuantificador solo no es un principio: "mejores para todos los alumnos", "la mayoría lo
# prefiere"; "quien ...", "cualquiera ...", "suele ..." sí.
BARE_QUANTIFIERS: tuple[str, ...] = ("todo", "todos", "toda", "todas", "la mayoria")

# Una condición que amenaza es presión, no la condición de una parte: "porfa si no lo entrego
# mañana me suspenden". Sobre las palabras sin tildes, con espacios alrededor.
THREATS: tuple[str, ...] = (r" si no ",)

# El tutor nombrado justo después de una súplica: "si me lo escribes tú te lo agradezco".
TUTOR_PRONOUNS: frozenset[str] = frozenset("tu tus te ti usted contigo tuyo tuya".split())
# Lo que el alumno observó él mismo: "cronometré la cola", "conté 40", "pregunté a 30".
OBSERVATIONS: tuple[str, ...] = (
    r"\b(?:cronometre|conte|medi|pregunte|encueste|vi|apunte|anote|registre|comprobe|"
    r"entreviste|contamos|medimos|preguntamos|cronometramos|apuntamos)\b",
)

# La súplica misma, entre las palabras de súplica: con ella, una o dos palabras que ninguna
# lista recoge siguen siendo agobio ("estoy llorando literal"); "agobiado" o "mañana" solas no.
BEGGING: frozenset[str] = frozenset(
    "porfa porfi porfis porfavor favor xfa plis suplico ruego desesperado desesperada "
    "llorando lloro".split()
)

# Lo que le va a pasar al alumno: un castigo, en casa o en el instituto ("me va a caer una
# bronca", "mi madre me mata si suspendo", "me quitan el móvil"). Agobio, nunca una parte.
DISTRESS: tuple[str, ...] = (
    r" me (va a |van a )?(cae|caen|caera|caer|echa|echan|echara|echar|monta|montan|montar) "
    r"(una |la |un |el )?(bronca|broncon|pollo|lio) ",
    r" me (va a |van a )?(mata|matan|matara|mataran|matar|castiga|castigan|castigara|"
    r"castigaran|castigar|rine|rinen|renir) ",
    r" me (va a |van a )?(quita|quitan|quitara|quitaran|quitar) (el |la )?(movil|play|"
    r"consola|ordenador|paga|wifi|tablet|portatil) ",
    r" (me la cargo|me la voy a cargar|estoy muert[oa]|estoy frit[oa]|me dejan castigad[oa]|"
    r"me van a dejar castigad[oa]) ",
)

# Una hora o una cantidad escrita con palabras ("a las siete y cinco", "veinte minutos"): un
# dato, como "7:05" o "20 min". Un número solo ("dos amigos creen") no lo es.
_N = (
    "dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|"
    "dieciseis|veinte|veinticinco|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|"
    "cien|mil"
)
FIGURE_WORDS: tuple[str, ...] = (
    rf"\b({_N})( [a-z]+)? (minutos?|min|horas?|dias?|semanas?|meses|anos|alumnos|alumnas|"
    r"estudiantes|chavales|ninos|personas|por ciento|de cada)\b",
    rf"\b(a|de|hasta|sobre|desde|antes de|despues de) (la una|las ({_N}))\b",
    rf"\b(la una|las ({_N})) (y|menos) (media|cuarto|{_N})\b",
)

# Cuándo se hizo una encuesta o un recuento propio ("en febrero", "el trimestre pasado"): con
# ello, la fuente propia es una por la que se puede preguntar, como con una cifra.
WHEN_WORDS: tuple[str, ...] = (
    r"\b(enero|febrero|marzo|abril|mayo|junio|julio|septiembre|setiembre|octubre|noviembre|"
    r"diciembre|(la semana|el mes|el trimestre|el curso|el ano) pasad[oa]|este (curso|"
    r"trimestre|ano))\b",
)


# Dictar la parte al tutor: "tú pon que 9 de 27 viven a 10 km", "tu escribe ...", "pon
# simplemente 9 de 27 ...": el tutor la escribiría ("tú pones la alarma a las 6 ..." es
# cualquiera, no el tutor).
_WRITE_IMPERATIVES = frozenset(
    "pon escribe redacta haz di anade mete apunta ponlo ponla escribelo escribela".split()
)
_JUST = frozenset("simplemente solo solamente nomas directamente".split())


def dictates(tokens: list[str]) -> bool:
    """Whether a clause dictates the part to the tutor: "tú"/"usted" before an imperative of
    writing, or such an imperative with "simplemente"/"solo" after it."""
    first, second = (tokens + ["", ""])[:2]
    if first in ("tu", "usted", "oye") and second in _WRITE_IMPERATIVES:
        return True
    return first in _WRITE_IMPERATIVES and second in _JUST


# Dónde lo vio el alumno: sitúa una observación ("en mi clase 19 de 27 ..."), pero una opinión
# situada ahí sigue siendo una opinión ("creo que a casi todos en mi clase les gustaría").
OBSERVED_PLACES: tuple[str, ...] = (
    "en mi pais",
    "en mi colegio",
    "en mi cole",
    "en mi instituto",
    "en mi insti",
    "en mi escuela",
    "en mi clase",
    "en mi salon",
    "en mi ciudad",
    "en mi pueblo",
)

# Un registro que alguien lleva, o los años de alguien en su puesto: "el conserje lleva la
# cuenta de ...", "la señora de la cafetería tiene una lista de lo que se vende", "la
# enfermera apunta cada visita", "mi entrenador, que lleva diez años con el equipo". Se lee en
# las palabras sin tildes de un respaldo.
_ANOS = (
    r"(?:\d+|dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|quince|veinte|treinta|"
    r"muchos|varios|tantos)"
)
KEPT_RECORDS: tuple[str, ...] = (
    r"\b(?:lleva|llevan|llevaba|llevaban|tiene|tienen|tenia|tenian|guarda|guardan|guardaba|"
    r"guardaban|hace|hacen|hacia|hacian) (?:la |las |el |los |una |un |su |sus |toda la |"
    r"todas las |todos los )?(?:cuenta|cuentas|lista|listas|registro|registros|libreta|"
    r"libretas|cuaderno|cuadernos|hoja|hojas|recuento|recuentos|tabla|tablas|excel|"
    r"apuntes|anotaciones|fichas|estadillo)\b",
    # Un registro que se le pasó al alumno: "me pasó el registro de accidentes de la calle".
    r"\b(?:paso|pasaron|dio|dieron|enseno|ensenaron|mostro|mostraron|dejo|dejaron) (?:el|la|"
    r"los|las|su|sus|una|un) (?:registro|registros|lista|listas|libreta|cuaderno|hoja|hojas|"
    r"recuento|recuentos|tabla|tablas|excel)\b",
    r"\b(?:apunta|apuntan|apuntaba|apuntaban|anota|anotan|anotaba|anotaban|registra|"
    r"registran|registraba|registraban|contabiliza|contabilizan|cuenta cuantos|cuenta cuantas|"
    r"cuentan cuantos|cuentan cuantas|apuntando|anotando|registrando|contabilizando)\b",
    rf"\bque (?:lleva|llevan|llevaba|llevaban) (?:(?:mas de|casi|unos|unas) )?{_ANOS} anos\b",
    rf"\bque (?:[a-z0-9]+ ){{1,6}}(?:desde hace|hace|durante) (?:(?:mas de|casi|unos) )?"
    rf"(?:{_ANOS} )?anos\b",
    rf"\b{_ANOS} anos de experiencia\b",
)
# Un registro que no lleva nadie en concreto ("alguien lleva una lista", "hay gente que tiene
# una lista"): ¿qué registro, y quién lo lleva?
UNNAMED_KEEPERS: tuple[str, ...] = (
    r"^(?:(?:creo que|creo q|pues|bueno|nose|no se) )*(?:alguien|hay alguien|hay gente|gente|"
    r"una persona|un tipo|un senor|una senora|ellos|algunos)\b",
)

# Una refutación que nombra para quién o cuándo la tesis no valdría, sin "a menos que": "no
# funcionaría para los alumnos que ...", "no sirve para los que ...", "esto no se aplica a
# ...", "salvo para los que ...", "no si ...". Dos palabras al menos después, y no "nada" ni
# "nadie" ("no sirve para nada" no nombra a nadie).
_VALE = (
    r"(?:funciona|funcionan|funcionaria|funcionarian|funcionara|funcionaran|sirve|sirven|"
    r"serviria|servirian|vale|valen|valdria|valdrian|ayuda|ayudan|ayudaria|ayudarian|aplica|"
    r"aplican|aplicaria|aplicarian|se aplica|se aplican|se aplicaria|se aplicarian|"
    r"se podria aplicar|puede aplicarse|es justo|es justa|seria justo|seria justa|es posible|"
    r"seria posible|tiene sentido|tendria sentido|es realista|seria realista|sale bien|"
    r"saldria bien|cuadra|encaja)"
)
_NOMBRA = r"(?!(?:nada|nadie|todos|todo|nosotros|mi|ti|ellos|eso|esto)\b)[a-z0-9]+ [a-z0-9]+"
EXEMPT: tuple[str, ...] = (
    rf"\bno (?:(?:siempre|igual|tanto|del todo|necesariamente|tan bien|bien) )?{_VALE}"
    rf"(?: igual| tanto| bien| del todo| siempre)? (?:para|a|en|con|si|cuando|donde|durante|"
    rf"entre) {_NOMBRA}",
    rf"^(?:pero |y )?(?:salvo|excepto|menos|quitando|aparte de|fuera de|no) (?:para|en|si|"
    rf"cuando|con|durante|a|entre|donde) {_NOMBRA}",
    rf"\b(?:falla|fallaria|fracasa|fracasaria|sale mal|saldria mal|es injusto|es injusta|"
    rf"seria injusto|seria injusta) (?:para|en|con|si|cuando|donde|a) {_NOMBRA}",
)
# Decir que fallaría sin nombrar nada: "no funcionaría y ya", "eso no sirve la verdad".
BARE_FAILURES: tuple[str, ...] = (
    r"^(?:(?:pero|y|bueno|creo que|la verdad|igual|pues) )*(?:(?:eso|esto|la idea|el plan) )?"
    r"(?:(?:simplemente|igual|seguramente|probablemente|nunca) )?no (?:funcionaria|funciona|"
    r"sirve|serviria|vale|valdria|ayudaria|ayuda|se aplica|tiene sentido|tendria sentido|"
    r"es realista|seria realista|es posible|seria posible|saldria bien|sale bien)(?: (?:y ya|"
    r"y punto|para nada|nunca|en la practica|en la vida real|la verdad|creo|de verdad))?$",
)

# Cuán buena es una parte nombrada o citada del alumno: "¿'probablemente' es muy débil?",
# "¿la UNESCO cuenta como fuente buena o es muy general?", "¿vale la OMS como fuente?",
# "¿sirve lo del entrenador como respaldo?". Se lee en las palabras sin tildes; ``subject`` es
# de qué pregunta (la intención comprueba que sea del alumno).
_COMO_PARTE = (
    r"(?:como|de|para) (?:una |un |la |el |mi )?(?:(?:buena|buen|fiable|seria|valida|valido) )?"
    r"(?P<part>fuente|fuentes|respaldo|dato|datos|prueba|pruebas|referencia|garantia|"
    r"calificador|refutacion|tesis|evidencia|cifra)\b"
)
_ENTRADA = r"^ (?:(?:oye|y|pero|entonces|bueno|a ver|profe|una pregunta|una duda|pregunta|mm+) )*"
_SUJETO = r"(?P<subject>(?!vale la pena |la pena )(?:[a-z0-9]+ ){1,8}?)"
_CUENTA = r"(?:cuenta|cuentan|vale|valen|sirve|sirven|valdria|serviria|contaria)"
_CUAN = (
    r"(?:es|son|suena|queda|esta|seria|parece) (?:muy|demasiado|poco|algo|un poco|bastante|tan|"
    r"re|lo bastante|suficientemente) [a-z]+ "
)
QUALITY_QUESTIONS: tuple[str, ...] = (
    _ENTRADA + _SUJETO + _CUAN,
    # Sin sujeto, el texto del alumno que se acaba de hablar: "¿es muy general?"
    _ENTRADA + "(?P<subject>)" + _CUAN,
    _ENTRADA + _SUJETO + _CUENTA + " " + _COMO_PARTE,
    _ENTRADA + _CUENTA + " " + _SUJETO + _COMO_PARTE,
)
