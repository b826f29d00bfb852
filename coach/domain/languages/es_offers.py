"""Spanish words of an offer (``coach.domain.offers``): what gives the student content to add,
use or put, read by function rather than phrase by phrase. A suggestion or a modal
("podrías", "también", "te falta", "quedaría mejor si") before a verb of adding or wording
("añadir", "agregar", "poner", "pedir", "sumar", "dejarlo en", "cambiarla por"), the same verb
opening its clause ("Súmale que ...", "Poniendo que ..., ..."), a verb of adding said by the
tutor ("yo le sumaría que ..."), a deictic offer ("en tu caso valdría «...»", "como fuente te
serviría ...") and what a question names as a part ("¿Y ..., eso no sería una refutación?")."""

from __future__ import annotations

_PARTS = (
    r"(?:tesis|datos?|raz[oó]n|garant[ií]a|regla|respaldo|fuente|calificador|matiz|l[ií]mite|"
    r"refutaci[oó]n|excepci[oó]n|objeci[oó]n)"
)
_CLITIC = r"(?:le|la|lo|les|las|los|selo|sela|selos|selas)?"
# A verb of adding or wording in the forms a tutor uses (infinitive, imperative, present,
# conditional, past subjunctive, gerund), with a clitic, and the words that take its object.
_VERB = (
    r"(?:a[nñ]ad(?:ir|e|es|as|iera|ieras|iese|ir[ií]a|ir[ií]as|iendo|imos)|"
    r"a[nñ][aá]de|agreg(?:ar|a|as|ues|ara|aras|ar[ií]a|ar[ií]as|ando|amos)|agr[eé]ga|"
    r"sum(?:ar|as|es|ara|aras|ar[ií]a|ar[ií]as|ando|amos)|s[uú]ma|"
    r"met(?:er|es|as|iera|ieras|er[ií]a|er[ií]as|iendo|emos)|m[eé]te|"
    r"inclu(?:ir|yes|yas|yera|yeras|ir[ií]a|ir[ií]as|yendo|imos)|incl[uú]ye|"
    r"pon(?:er|es|gas|dr[ií]a|dr[ií]as|iendo|emos)|p[oó]n|pus(?:iera|ieras|iese|ieses)|"
    r"mencion(?:ar|as|es|ara|aras|ar[ií]a|ar[ií]as|ando|amos)|menci[oó]na|"
    r"dec[ií]r|dices|digas|dijeras?|dijeses?|dir[ií]as?|diciendo|"
    r"escrib(?:ir|es|as|iera|ieras|ir[ií]a|ir[ií]as|iendo)|escr[ií]be|"
    r"cit(?:ar|as|es|ara|aras|ar[ií]a|ar[ií]as|ando)|c[ií]ta|"
    r"ped(?:ir|ir[ií]a|ir[ií]as)|pid(?:es|as|iera|ieras|iendo)|p[ií]de|"
    r"us(?:ar|ara|aras|ar[ií]a|ar[ií]as|ando)|"
    # Colloquial: "le echas que ...", "suéltale que ...", "mándale que ..."; "echar un
    # vistazo", "echar una mano", "echar en falta" add nothing.
    r"(?:ech(?:ar|as|es|ara|aras|ar[ií]a|ar[ií]as|ando|amos)|[eé]cha)(?:le|les|lo|la)?"
    r"(?!\w)(?!\s+(?:una?\s+)?(?:vistazo|ojo|ojeada|mano|culpa|de menos|en falta))|"
    r"mand(?:ar|as|es|ara|aras|ar[ií]a|ar[ií]as|ando|amos)|m[aá]nda|"
    r"solt(?:ar|ara|aras|ar[ií]a|ar[ií]as|ando|amos)|suelt(?:as|es)|su[eé]lta|"
    # Wording their text: "dejarlo en", "cambiarla por", "acotarlo a", "terminarla con".
    r"(?:dej|concret)\w{0,6}? en(?= )|(?:cambi|sustitu|sustituy|reemplaz)\w{0,6}? por(?= )|"
    r"(?:acot|limit|reduc)\w{0,6}? a(?= )|(?:termin|cerr|remat)\w{0,6}? con(?= )|"
    r"c[aá]mbia\w{0,3} por|sustit[uú]ye\w{0,3} por|d[eé]ja\w{0,3} en|term[ií]na\w{0,3} con)"
    + _CLITIC
)
# A suggestion or a modal a few words before the verb: "Podrías pedir también", "Te falta
# meter", "Estaría bien mencionar", "¿Te animas a poner?", "Quedaría mejor si dijera".
_CUE = (
    r"(?<!\w)(?=\w)(?:podr[ií]as|podr[ií]a|podemos|puedes|puede|deber[ií]as|tambi[eé]n|adem[aá]s|"
    r"conviene|convendr[ií]a|estar[ií]a bien|ser[ií]a bueno|ir[ií]a bien|vendr[ií]a bien|"
    r"falta|faltar[ií]a|animas? a|an[ií]mate a|prueba a|intenta|olvides|acu[eé]rdate de|"
    r"qu[eé] tal si|y si|por qu[eé] no|yo|mejor|vale la pena|merece la pena|tal vez|"
    r"quiz[aá]s?|a lo mejor|igual|otra cosa|otr[oa] que|algo que|se podr[ií]a|se puede|"
    r"quedar[ií]a|quieres|querr[ií]as|te sugiero|te recomiendo|sugiero|recomiendo|"
    r"pensado en|planteado|"
    # A preference: "me inclinaría por añadir ...", "yo optaría por poner ...".
    r"me inclinar[ií]a por|optar[ií]a por|me ir[ií]a por|"
    # An evaluative before "si": "mola más si dices que ...", "gana mucho si pones ...".
    r"(?:m[aá]s|mejor|bien|fuerte|mucho)\s+(?:\w+\s+){0,2}?si)(?!\w)"
)
# The tutor's own conditional of adding ("yo le sumaría que", "añadiría"), and "let us"
# ("¿lo dejamos en ...?"), offer without a cue.
_SAID = (
    r"(?<!\w)(?=\w)(?:a[nñ]adir[ií]a|agregar[ií]a|sumar[ií]a|meter[ií]a|incluir[ií]a|pondr[ií]a|"
    r"mencionar[ií]a|citar[ií]a|usar[ií]a|pedir[ií]a|cambiar[ií]a|dejar[ií]a|"
    r"a[nñ]adimos|agregamos|sumamos|metemos|incluimos|ponemos|dejamos|cambiamos)(?!\w)"
)
_SERVES = (
    r"(?:valdr[ií]a|vale|servir[ií]a|sirve|funcionar[ií]a|funciona|encajar[ií]a|encaja|"
    r"ir[ií]a bien|quedar[ií]a bien|podr[ií]a valer|podr[ií]a servir)"
)
OFFER_FRAMES = {
    "offer_verb": (r"(?<!\w)(?=\w)" + _VERB + r"(?!\w)", _SAID),
    "offer_cue": (_CUE, _SAID),
    # The verb opening its clause, with no cue: an imperative ("Súmale que ...",
    # "Cámbiala por: ..."), a gerund or an infinitive as the subject ("Poniendo que ...").
    "offer_opening": (
        r"^\W{0,4}(?:(?:y|tambi[eé]n|adem[aá]s|solo|pues|entonces|o|yo)\s+)*(?:le\s+|lo\s+|la\s+)?"
        + _VERB
        + r"(?!\w)",
    ),
    # A deictic offer: the content given for the student's case ("en tu caso valdría «...»",
    # "para ti funcionaría ...", "como fuente te serviría ...", "¿Te vale «...»?"), a label
    # of adding ("Un buen añadido: ...", "así: ...").
    "offer_deictic": (
        r"(?<!\w)(?=\w)(?:en tu caso|para ti|para tu \w+|en el tuyo|como " + _PARTS + r")\b,?\s+"
        r"(?:\w+\s+){0,2}?(?:te\s+|le\s+)?" + _SERVES + r"(?!\w)",
        # A part named before its content: "Una objeción posible es que ...", "Tu refutación
        # podría ser que ..." (a definition, "Una refutación es un caso en que ...", has no
        # "que" after the verb).
        r"(?<!\w)(?:una?|otra|tu)\s+" + _PARTS + r"\s+(?:posible\s+)?"
        r"(?:es|ser[ií]a|podr[ií]a ser)\s+que(?!\w)",
        r"(?<!\w)(?=\w)(?:te\s+|le\s+)?"
        + _SERVES
        + r"(?:\s+(?:como\s+\w+|para\s+ti|en\s+tu\s+caso))?"
        r"\s*(?=[«“\"])",
        r"(?<!\w)(?=\w)(?:as[ií]|de este modo|de esta forma)\s*[:—–]",
        r"(?<!\w)(?=\w)(?:a[nñ]adido|a[nñ]adidura|complemento|extra|para a[nñ]adir|para meter|"
        r"para sumar)\s*[:—–]",
    ),
    # The content comes before: "... es lo que yo añadiría", "¿Y ..., eso no sería también
    # una refutación?" (a part named as what the words before it would be).
    "offer_after": (
        r"(?<!\w)es lo que (?:yo\s+|t[uú]\s+)?(?:\w+\s+)?(?:a[nñ]adir[ií]as?|pondr[ií]as?|"
        r"dir[ií]as?|usar[ií]as?|citar[ií]as?|incluir[ií]as?|mencionar[ií]as?|sumar[ií]as?|"
        r"meter[ií]as?)(?!\w)",
    ),
    # In a question: "¿Y los alumnos que viven lejos, eso no sería también una refutación?".
    "offer_after_asked": (
        r"[,;—–]\s*(?:¿\s*)?(?:y\s+)?(?:eso|esto|ese|esa|ello)?\s*(?:no\s+)?(?:ser[ií]a|es|"
        r"podr[ií]a ser|valdr[ií]a como|contar[ií]a como|servir[ií]a como)\s+(?:tambi[eé]n\s+)?"
        r"(?:una?|otr[oa]|tu)\s+(?:otr[oa]\s+|segund[oa]\s+)?" + _PARTS + r"(?!\w)",
    ),
    # A question that asks for the student's view ("¿Dirías que es seguro o probable?").
    "offer_asking": (r"(?<!\w)(?=\w)(?:dir[ií]as|dices|dir[ií]ais)(?!\w)",),
    # Saying as the subject ("Decir que los viajes son buenos no explica ...").
    "offer_talked_about": (r"^\W{0,4}(?:decir|diciendo|escribir|escribiendo|afirmar)(?!\w)",),
    # Words that open a kind of content ("una cifra", "otra razón", "algún dato").
    "offer_kind": (
        r"^\W{0,4}(?:un|una|unos|unas|alg[uú]n|alguna|algunos|algunas|otr[oa]s?|m[aá]s|algo|"
        r"alguien)(?!\w)",
    ),
    # A conditional after a gerund or infinitive subject ("Poniendo que ..., se *podría*
    # comprobar", "Añadir que ... *ayudaría*"); "Nombrar la fuente le dice al lector ..." says
    # what they did.
    "offer_conditional": (r"(?<!\w)\w+r[ií]a(?:n|s)?(?!\w)",),
    # A verb opening its clause that is no imperative: a gerund, an infinitive, or the present
    # to the student ("Pones «...»: se entiende ..." says what they wrote).
    "offer_subject": (
        r"^\W{0,4}(?:(?:y|tambi[eé]n|adem[aá]s|solo|pues|entonces|o)\s+)*(?:le\s+|lo\s+|la\s+)?"
        r"\w+(?:ando|iendo|yendo|ar|er|ir|es|as)(?:le|la|lo|les|las|los)?(?!\w)",
    ),
    # A verb that words the student's text anew ("dejarlo en", "cambiarla por", "termínala
    # con"): what follows is their part reworded.
    "offer_wording": (r"\s(?:en|por|a|con)$",),
    # Small words between the verb and what it offers ("poner *también que* ...").
    "offer_lead": (r"que|tambi[eé]n|algo como|algo as[ií]|el hecho de que|esto",),
    "offer_that": (r"que",),
    # "el mes en que miraste la lista", "la fecha en que te lo dieron": theirs to tell (a
    # past in "-aste", "-iste" is the student's). Group 1: the thing.
    "offer_their_doing": (
        r"^\W{0,4}((?:el|la|los|las|ese|esa)\s+[^\W\d_]+(?:\s+[^\W\d_]+)?)\s+"
        r"(?:(?:en (?:el |la )?que|donde|cuando|que)\s+)?"
        r"(?:te|tu|tus|[^\W\d_]+(?:aste|iste|asteis|isteis))(?!\w)",
        # "algo que viste tú", "algo de tu clase": a thing of theirs, unnamed.
        r"^\W{0,4}(algo|alguien)\s+(?:(?:que|de|en|del)\s+)?"
        r"(?:te|tu|tus|[^\W\d_]+(?:aste|iste|asteis|isteis))(?!\w)",
    ),
    # A relative or reported clause that states what a source says ("la FAO, que dice que ...",
    # "un estudio que demuestra que ...", "la OMS, según la cual ..."): what follows is a
    # statement, the part itself. Its end: where the statement starts.
    # El tutor que se niega ("No voy a escribir tu tesis por ti: ..."): un verbo de redacción
    # tras una negativa en primera persona no ofrece nada.
    "offer_refused": (
        r"(?<!\w)no\s+(?:(?:te|se|lo|la|los|las)\s+)*(?:voy|vamos|puedo|podemos|pienso)\s+"
        r"(?:a\s+)?(?:\w+\s+)?$",
    ),
    "offer_reported": (
        r"(?<!\w)(?:que|quien(?:es)?|(?:el|la|los|las)\s+cual(?:es)?)\s+(?:\w+\s+){0,2}?"
        r"(?:dice|dicen|dijo|dijeron|afirma|afirman|afirm[oó]|asegura|aseguran|asegur[oó]|"
        r"demuestra|demuestran|demostr[oó]|muestra|muestran|mostr[oó]|concluye|concluyen|"
        r"concluy[oó]|sostiene|sostienen|indica|indican|indic[oó]|encontr[oó]|hall[oó]|"
        r"descubri[oó]|comprob[oó]|comprueba|se[nñ]ala|se[nñ]alan|se[nñ]al[oó]|explica|"
        r"recomienda|advierte|advirti[oó]|estima|calcula|calcul[oó]|confirma|confirm[oó]|"
        r"defiende|cree|opina)\s+que\s+",
        r"(?<!\w)seg[uú]n\s+(?:(?:el|la|los|las)\s+cual(?:es)?|(?:el|la)\s+que|quien(?:es)?)\s+",
    ),
    # Words before a question word that still ask: "más o menos cuánto".
    "offer_approximately": (r"menos|aproximadamente|exactamente",),
}
