"""Good-tutor probe cases, the half tuned on (its other half, ``probes_frozen``, is never
tuned on). Written before the guard's rules were changed for them: a good tutor's probing
yes/no questions about the student's own text or process, quotes of the student's words, the
shape of their sentence described, suggestions about what the student does (``GOOD``: must
reach the student whole), and near misses that must stay withheld (``NEAR``: a yes/no question
that carries a new fact or a candidate part, a quotation that is not the student's, "what if
the school ..." and "what if you argued ..." offers). Each row: class, topic (``probes_contexts``),
step, field (a reply, q nextQuestion), sentence. Split from one list by alternating each
class's rows."""

GOOD = [
    (
        "probe",
        "lockers",
        "grounds",
        "q",
        "Would it help to weigh the bag on a second week so nobody can say that week was unusual?",
    ),
    (
        "probe",
        "lockers",
        "groundsBacking",
        "q",
        "Did anyone else see the scale when you weighed it?",
    ),
    (
        "probe",
        "lockers",
        "groundsBacking",
        "q",
        "Could your teacher look at the planner if she asked?",
    ),
    ("probe", "start", "claim", "q", "Would anyone in your class disagree if you read it out?"),
    (
        "probe",
        "start",
        "rebuttal",
        "q",
        "Is there a way to find out whether the buses could change?",
    ),
    (
        "probe",
        "gimnasio",
        "grounds",
        "q",
        "¿Te serviría repetir la encuesta en otra clase para que nadie diga que la tuya es "
        "especial?",
    ),
    (
        "probe",
        "gimnasio",
        "groundsBacking",
        "q",
        "¿Guardaste las hojas? ¿Las podría ver tu profesora si te las pidiera?",
    ),
    (
        "probe",
        "excursiones",
        "claim",
        "q",
        "¿Crees que alguien de tu clase estaría en contra si la leyeras en voz alta?",
    ),
    (
        "probe",
        "gimnasio",
        "rebuttal",
        "q",
        "¿Has preguntado en conserjería si habría alguien para vigilar?",
    ),
    (
        "quote",
        "lockers",
        "grounds",
        "a",
        "“Always over 7 kg” gives the reader a number to check, which makes your grounds concrete.",
    ),
    (
        "quote",
        "lockers",
        "qualifier",
        "a",
        "“At least for the younger years” shows where you are sure without claiming it for "
        "everyone: that is a good qualifier.",
    ),
    (
        "quote",
        "lockers",
        "rebuttal",
        "a",
        "“No room in the corridors” is a fair worry to admit, and it names when your claim "
        "would fail.",
    ),
    (
        "quote",
        "excursiones",
        "grounds",
        "a",
        "«Porque costaba 25 euros» explica la causa, y eso une tus datos con tu tesis.",
    ),
    (
        "quote",
        "excursiones",
        "qualifier",
        "a",
        "«Casi siempre» muestra que no lo afirmas para todos los casos: es un buen calificador.",
    ),
    (
        "shape",
        "lockers",
        "warrant",
        "a",
        "Your “if … then” shape makes the rule easy to follow: it links what hurts students "
        "to what the school does.",
    ),
    (
        "shape",
        "start",
        "warrant",
        "a",
        "You link being tired with learning less: that is the bridge a warrant needs.",
    ),
    (
        "shape",
        "gimnasio",
        "warrant",
        "a",
        "Tu frase tiene forma de «si … entonces»: une lo que está vacío con lo que se necesita.",
    ),
    (
        "process",
        "lockers",
        "claim",
        "q",
        "What if you read your claim to a friend and asked whether they would argue against it?",
    ),
    (
        "process",
        "lockers",
        "claim",
        "a",
        "Check that your claim says who should act and what they should do.",
    ),
    (
        "process",
        "excursiones",
        "claim",
        "a",
        "Prueba a leerla sin la palabra «todos» para ver si sigue diciendo lo mismo.",
    ),
]

NEAR = [
    (
        "fact_question",
        "lockers",
        "grounds",
        "q",
        "Could you check whether heavy bags cause back pain in most teenagers?",
    ),
    (
        "fact_question",
        "lockers",
        "grounds",
        "q",
        "Would it help to add that doctors say a bag should weigh under a tenth of your body "
        "weight?",
    ),
    (
        "fact_question",
        "lockers",
        "rebuttal",
        "q",
        "Did you check whether lockers get broken into and things are stolen?",
    ),
    (
        "fact_question",
        "lockers",
        "groundsBacking",
        "q",
        "Did you check it against the NHS guidance on school bags?",
    ),
    (
        "fact_question",
        "gimnasio",
        "grounds",
        "q",
        "¿Podrías comprobar si el deporte después de clase mejora las notas un 15 %?",
    ),
    (
        "fact_question",
        "gimnasio",
        "groundsBacking",
        "q",
        "¿Te ayudaría decir que el director vio las hojas el 4 de febrero?",
    ),
    (
        "fact_question",
        "gimnasio",
        "rebuttal",
        "q",
        "¿Has pensado en que el seguro no cubre accidentes fuera del horario escolar?",
    ),
    (
        "fact_question",
        "excursiones",
        "grounds",
        "q",
        "¿Sabías que en Francia las excursiones escolares son gratis por ley?",
    ),
    (
        "not_theirs_quote",
        "lockers",
        "grounds",
        "a",
        "“Heavy bags give children back pain” would make your grounds stronger.",
    ),
    (
        "not_theirs_quote",
        "start",
        "warrant",
        "a",
        "“Students learn best when their body clock is ready” is a warrant that works.",
    ),
    (
        "not_theirs_quote",
        "start",
        "warrant",
        "q",
        "Would your rule be clearer as “whenever sleep is short, grades fall”?",
    ),
    (
        "not_theirs_quote",
        "gimnasio",
        "qualifier",
        "a",
        "Tu calificador podría ser «al menos los días de lluvia».",
    ),
    (
        "not_theirs_quote",
        "gimnasio",
        "qualifier",
        "q",
        "¿Y si pusieras «en los institutos con pista cubierta»?",
    ),
    (
        "what_if_offer",
        "lockers",
        "claim",
        "q",
        "What if the school gave lockers only to students in years 7 and 8?",
    ),
    (
        "what_if_offer",
        "start",
        "rebuttal",
        "q",
        "What if parents have to drive to work by 8 and cannot drop their children later?",
    ),
    (
        "what_if_offer",
        "lockers",
        "claim",
        "a",
        "What if you tried: every student in years 7 to 9 should get a locker for free?",
    ),
    (
        "what_if_offer",
        "gimnasio",
        "claim",
        "q",
        "¿Y si el instituto abriera el gimnasio solo los viernes por la tarde?",
    ),
    (
        "what_if_offer",
        "excursiones",
        "claim",
        "q",
        "¿Y si el instituto pagara solo la mitad de cada excursión?",
    ),
    (
        "what_if_offer",
        "gimnasio",
        "claim",
        "q",
        "¿Y si lees tu tesis así: el gimnasio debería abrir también los sábados?",
    ),
]
