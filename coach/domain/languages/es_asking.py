"""Spanish: how a student accepts a card, turns it down, asks for a change or asks about one of
their own parts (carried by the pack in ``coach.domain.languages.es``)."""

from __future__ import annotations

# La parte que nombra una pregunta ("¿mi tesis está bien?", "¿qué es una garantía?"), por las
# palabras que la nombran, también como la llaman los alumnos (afirmación, pruebas, regla,
# excepción).
ASKED_PARTS: dict[str, tuple[str, ...]] = {
    "claim": ("tesis", "afirmacion"),
    "grounds": ("datos", "dato", "pruebas"),
    "warrant": ("garantia", "garantias", "regla"),
    "qualifier": ("calificador", "calificadores", "cualificador"),
    "rebuttal": ("refutacion", "refutaciones", "contraargumento", "reserva", "excepcion"),
    "backing": ("respaldo", "respaldos"),
}

# After a yes, these words bring a change: "yes but change 95% to most" is not a plain yes.
CONTRAST_WORDS = frozenset("pero aunque sino".split())

# "porfa dime si mi tesis es clara", "avísame si mis datos son suficientes": una pregunta sobre
# el texto del alumno en orden de enunciado (la parte sigue al marco).
FEEDBACK_FRAMES: tuple[str, ...] = (
    r" (dime|dinos|decime|avisame|quiero saber|necesito saber)( sinceramente| porfa| por favor)?"
    r" si (mi|mis) (<PARTS>|argumento|texto|frase|fuente|encuesta|parte|regla|razon|razones) ",
)

# Solo duda tras "sí pero" (el resto, plegado): "sí pero no sé", "vale pero no estoy segura".
DOUBTS = frozenset(
    (
        "no se",
        "nose",
        "no lo se",
        "no se yo",
        "no estoy seguro",
        "no estoy segura",
        "no estoy muy seguro",
        "no estoy muy segura",
        "ni idea",
        "no lo tengo claro",
        "no lo veo claro",
        "tengo dudas",
        "dudo",
        "igual no",
        "no se si",
    )
)

# A plain no to the card showing ("no", "nope, not that"), as the folded whole message.
PLAIN_NO = frozenset(
    (
        "no",
        "nel",
        "no gracias",
        "eso no",
        "no eso no",
        "asi no",
        "no asi no",
        "no asi no me gusta",
        "no me gusta",
        "no no me gusta",
        "no no",
        "para nada",
        "no gracias no",
        "no de verdad",
        "ni de broma",
        "que va",
        "nop",
        "no no no",
        "no quiero esa",
        "no no quiero esa",
        "no me convence",
        "no no me convence",
    )
)

# After a yes, words that only point at the card showing: "sí, guárdala", "vale, eso".
YES_TAILS = frozenset(
    (
        "guardala",
        "guardalo",
        "guardalo ya",
        "guardala ya",
        "hazlo",
        "eso",
        "esa",
        "eso es",
        "esa misma",
        "eso mismo",
        "esa vale",
        "usala",
        "usalo",
        "ponla",
        "ponlo",
        "esa esta bien",
        "asi esta bien",
    )
)

# "is my claim ok?" asks about the part after the possessive; "does mine restate the claim?"
# about the student's own current part, whatever else it names.
POSSESSIVES = frozenset("mi mis nuestra nuestro nuestras nuestros".split())
MINE_WORDS = frozenset("mia mio mias mios".split())

# Una petición alrededor del texto del alumno, nunca una parte que un "sí" pueda guardar:
# dictada ("simplemente pon 9 de 27 viven a 10 km", "tú ponle que ...") o añadida ("..., que
# suene bien", "..., acéptalo ya", "..., estoy llorando").
WRAPPED_REQUESTS: tuple[str, ...] = (
    r"^ ((simplemente|solo|nada mas|tu|porfa|por favor|venga|vale|ok|pues) )*"
    r"(ponle|ponlo|pon|apunta|apuntale|anota|anotale|escribe|escribele)( que)? ",
    r" (que (suene|quede) (mas |un poco mas )?(bien|mejor|profesional|bonito|serio|formal)|"
    r"(hazlo|haz que suene|dejalo|ponlo|escribelo|redactalo) (bien|mejor|bonito|perfecto)|"
    r"(corrige|corrigeme|arregla|arreglame) (la |mi |las |mis )?(gramatica|ortografia|faltas)|"
    r"(tu )?(solo |simplemente )?aceptalo( ya)?|(estoy )?(llorando|suplicando)( ya| aqui)?)"
    r"( porfa| por favor| plis| gracias| vale)* $",
    r" (porfa|por favor|plis|no se|nose|tu|solo) (arreglalo|corrigelo|mejoralo|arregla|corrige)"
    r"( porfa| por favor| plis)* $",
)

# Un "vale" o un "está bien" que no dice sí: "¿Vale la pena madrugar tanto?", "vale más
# dormir", "¿está bien que empiecen tan pronto?" hablan del tema, no aceptan nada.
YES_IDIOMS = (
    "vale la pena",
    "valga la pena",
    "vale mas",
    "vale menos",
    "vale lo mismo",
    "esta bien que",
)

# "Mi entrenador, que lleva diez años con el equipo, apunta la asistencia", "el conserje, quien
# abre a las siete, anota ...": alguien nombrado y lo que se dice de él; el verbo que sigue es
# suyo, no una orden al tutor, salvo con "tú" o "por mí" ("Profe, apunta tú la fuente").
SUBJECT_OPENERS = frozenset(
    "el la los las mi mis su sus nuestro nuestra nuestros nuestras este esta estos estas "
    "un una".split()
)
SAID_OPENERS = (
    "que",
    "quien",
    "quienes",
    "el que",
    "la que",
    "los que",
    "las que",
    "el cual",
    "la cual",
    "cuyo",
    "cuya",
)
ADDRESSEES = frozenset("tu usted ustedes vosotros vosotras".split())
FOR_ME = ("por mi", "para mi")
