"""The guard reads the clause a frame holds: a relative clause inside a question asserts (one
about what the student said does not), a colon after a clause only punctuates, "a rule that
holds ..." names a kind of text while "a rule that anything ..." gives one, a question word
after "roughly" asks while "pupils wear what ..." states, the student's own words in
quotation marks are not a suggestion and "that is a general rule ..." points at their text.
Each both ways, in English and Spanish. The cases marked "written with their rules" were
written while those rules were changed; the others were written before any rule they test."""

import pytest

from tests.coach.builders import guard_seen


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "new"),
    [
        # A question naming a source, and what it says in a relative clause.
        (
            "en",
            "warrantBacking",
            "everyone knows uniforms are expensive",
            "q",
            "Have you thought of quoting the Children's Commissioner, which found that "
            "uniforms cost families 300 pounds a year?",
            "300 pounds",
        ),
        (
            "es",
            "warrantBacking",
            "todo el mundo sabe que el uniforme es caro",
            "q",
            "¿Has pensado en el Defensor del Menor, que dice que el uniforme cuesta 300 euros "
            "al año?",
            "300 euros",
        ),
        # Options, and a clearer part offered after a colon: "a rule that ..." gives one.
        (
            "en",
            "claim",
            "uniforms are bad",
            "r",
            "Option A: make uniforms optional after Year 9. Option B: let students wear their "
            "own clothes on Fridays.",
            "after Year 9",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "r",
            "A clearer warrant: a rule that makes families pay for clothes they cannot choose "
            "is unfair.",
            "cannot choose",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "A better claim would be a rule that lets older students choose their clothes.",
            "older students",
        ),
        # What a part is, on the student's subject, is the part.
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "A warrant is a rule like: uniforms make every family pay for clothes they never "
            "chose.",
            "never chose",
        ),
        # "a rule that" and anything but a short predicate about the rule gives the rule,
        # whatever word follows the relative and whatever frame leads to it.
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Try writing a rule that cost should never stop a child from joining in.",
            "joining in",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "You could write a rule that nobody should pay for clothes they never chose.",
            "never chose",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Why not write a rule that families shouldn't be charged for what the school requires?",
            "school requires",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Think of a rule that rich and poor pupils ought to look the same at school.",
            "look the same",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Podrías escribir una regla que obligue a las escuelas a pagar la ropa.",
            "pagar la ropa",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Prueba con una regla que nadie deba pagar por una ropa que no eligió.",
            "no eligió",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Intenta escribir una regla que diga que ningún niño debe quedarse fuera por el "
            "dinero.",
            "quedarse fuera",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Puedes escribir una regla que prohíba cobrar por lo que la escuela exige.",
            "escuela exige",
        ),
        # "a rule that" and a clause of its own gives the rule.
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Try writing a rule that if families must pay for something, the school should help.",
            "should help",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "q",
            "What about a rule that whoever sets a cost should help pay it?",
            "help pay",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo",
            "a",
            "Prueba a escribir una regla que si las familias pagan algo obligatorio, el colegio "
            "ayude.",
            "colegio ayude",
        ),
        # Pointing at the student's text does not make a new reason or fact feedback.
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "That is a reason to make uniforms optional for older students.",
            "older students",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "Good: that is a reason to make uniforms optional for older students.",
            "older students",
        ),
        (
            "en",
            "grounds",
            "uniforms cost a lot",
            "a",
            "It is a fact that uniforms cost families 300 pounds a year.",
            "300 pounds",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "a",
            "Eso es una forma de discriminar a las familias que no pueden pagar 300 euros.",
            "300 euros",
        ),
        # "un estudio de ..." is a source, not a kind of text.
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "q",
            "¿Y si añadieras que un estudio de 2018 encontró que el 40% de las familias se "
            "endeuda?",
            "endeuda",
        ),
        # Written with their rules: options, a statement after "what", and a hedged "a rule
        # that ..." state a part.
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "You could say that uniforms stop pupils showing who they are, or that they cost "
            "families too much.",
            "showing who they are",
        ),
        (
            "en",
            "grounds",
            "uniforms cost a lot",
            "a",
            "You might mention that pupils wear what their parents can afford, and that some "
            "get teased for it.",
            "teased for it",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "q",
            "Maybe a rule that anything families must buy should be paid for by the school?",
            "paid for by the school",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "q",
            "Have you considered the rule that whatever costs families money should be optional?",
            "whatever costs families money",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "q",
            "Piensa en una regla que diga que nadie debería pagar por ir a un colegio público.",
            "pagar por ir",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "Have you thought of claiming that uniforms should be free for families on benefits?",
            "families on benefits",
        ),
        # Written with their rules: a quotation mentioned does not hide new words around it,
        # nor does a free relative ("what pupils retain") make a statement a question.
        (
            "en",
            "warrant",
            "uniforms should go because they are annoying",
            "a",
            "Anything that makes uniforms compulsory lowers what pupils feel they own.",
            "pupils feel they own",
        ),
        (
            "en",
            "warrant",
            "uniforms should go because they are annoying",
            "a",
            "Try the word “unfair”: any rule that costs families money without helping "
            "pupils learn should be dropped.",
            "costs families money",
        ),
        # Written with their rules: a fact put as something to know, mean or remember.
        (
            "en",
            "grounds",
            "uniforms cost a lot",
            "q",
            "Did you know that a full uniform from the school shop costs over 200 pounds?",
            "over 200 pounds",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "So your point is that blazers should be dropped for pupils in Year 7?",
            "pupils in Year 7",
        ),
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "q",
            "¿Sabías que un uniforme completo cuesta más de 200 euros en la tienda del centro?",
            "200 euros en la",
        ),
        (
            "es",
            "warrantBacking",
            "todo el mundo sabe que el uniforme es caro",
            "a",
            "No olvides que la OCU calcula que el uniforme cuesta el doble que la ropa normal.",
            "el doble que la",
        ),
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "q",
            "¿Es que las familias con tres hijos gastan más de 500 euros cada septiembre?",
            "500 euros cada septiembre",
        ),
        # Written with their rules: a statement before a question tag; a wording offered
        # as "a sentence such as"; "tu tesis podría quedar así:"; "estas" (these) is no
        # word to the student.
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "Schools must let pupils choose their own shoes, right?",
            "choose their own shoes",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "q",
            "The council should pay for every pupil's blazer, don't you think?",
            "pay for every pupil",
        ),
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "q",
            "Los expertos dicen que el uniforme sube el gasto escolar un 30%, ¿podrías usarlo?",
            "gasto escolar un 30",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "Picture a sentence such as 'pupils in Year 11 should wear their own clothes'.",
            "wear their own clothes",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "a",
            "Tu tesis podría quedar así: los institutos deberían permitir ropa propia en verano.",
            "ropa propia en verano",
        ),
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "a",
            "Mucha gente defiende que estas prendas deberían pagarlas los ayuntamientos.",
            "pagarlas los ayuntamientos",
        ),
        # Written with their rules: an example that is the part itself, on no other topic;
        # citing as the subject; "respaldarlo con".
        (
            "es",
            "rebuttal",
            "pero hay gente que no opina igual",
            "a",
            "Por ejemplo, salvo que los alumnos de bachillerato lleven ya su propia ropa.",
            "lleven ya su propia",
        ),
        (
            "es",
            "groundsBacking",
            "lo leí en internet",
            "a",
            "Citar la asociación de padres, que publica esas cifras cada año, te ayudaría.",
            "publica esas cifras cada",
        ),
        (
            "es",
            "groundsBacking",
            "lo leí en internet",
            "q",
            "¿Podrías respaldarlo con el informe de 2022 de la OCU sobre el precio del uniforme?",
            "informe de 2022 de",
        ),
        # Written after the guard's frozen half showed them: "contar que", "la regla de que".
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "a",
            "Podrías contar que la tienda del centro sube los precios cada septiembre.",
            "sube los precios cada",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "q",
            "¿Conoces la regla de que lo obligatorio debe ser gratuito en la escuela pública?",
            "debe ser gratuito en",
        ),
    ],
)
def test_the_clause_a_frame_holds_is_judged_and_withheld(
    language, step, message, field, sentence, new
):
    seen = guard_seen(language, step, message, field, sentence)
    assert seen.withheld
    assert new not in seen.text


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence"),
    [
        # What a part is: "a rule that holds ..." names the kind of text.
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "That mostly repeats your claim; a warrant would be a rule that holds for any "
            "school, not only yours.",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Eso repite tu tesis; una garantía sería una regla que valga también en otros sitios.",
        ),
        (
            "en",
            "qualifier",
            "probably",
            "a",
            "A qualifier is a word like “usually” or “in most cases” that says how sure you are.",
        ),
        (
            "es",
            "warrantBacking",
            "todo el mundo sabe que el uniforme es caro",
            "a",
            "Un respaldo suele ser un informe, una ley o un estudio con autor.",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Try writing a rule that would also hold for sports kit.",
        ),
        (
            "en",
            "warrant",
            "uniforms are bad so they should go",
            "a",
            "Try a rule that works beyond this one case.",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "a",
            "Prueba con una regla que sirva para otros casos parecidos.",
        ),
        # A question word after a few words off the subject asks.
        (
            "en",
            "grounds",
            "uniforms cost a lot",
            "q",
            "Could you say roughly how many families find uniforms hard to pay for?",
        ),
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "q",
            "¿Podrías decir más o menos cuántas familias tienen problemas para pagarlo?",
        ),
        # The student's text pointed at, praised, with examples on other things.
        (
            "en",
            "warrant",
            "If a rule costs families money without helping learning, schools should drop it",
            "a",
            "Good: that is a general rule that would work for sports kits or school bags too.",
        ),
        (
            "es",
            "warrant",
            "Si una norma cuesta dinero a las familias sin ayudar a aprender, hay que quitarla",
            "a",
            "Bien: esa regla valdría también para el material escolar.",
        ),
        # The student's own "yo diría que" quoted back is no suggestion of the tutor's.
        (
            "es",
            "qualifier",
            "yo diría que casi seguro, por lo menos en secundaria",
            "a",
            "Escribiste «yo diría que casi seguro, por lo menos»; es un buen punto de partida.",
        ),
        # A saying as the sentence's subject, and a colon after a clause.
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "Saying that uniforms are bad doesn't tell a reader who they are bad for.",
        ),
        (
            "en",
            "claim",
            "uniforms are bad",
            "a",
            "A claim takes a side: at the moment nobody could disagree with it.",
        ),
        # Written with their rules: a relative clause about what the student said; "grounds
        # like these"; what a rule is; a colon after the student's text pointed at; words
        # quoted in a question.
        (
            "en",
            "grounds",
            "Half the families in my class say the uniform costs too much",
            "q",
            "Would the families, who you say find it too dear, get any help from the school?",
        ),
        (
            "en",
            "grounds",
            "Half the families in my class say the uniform costs too much",
            "a",
            "Grounds like these work best when a reader can check where they came from.",
        ),
        (
            "es",
            "warrant",
            "Si algo cuesta dinero a las familias sin ayudar a aprender, hay que quitarlo",
            "a",
            "Una regla general es una idea que vale en muchos casos; la tuya lo cumple.",
        ),
        (
            "en",
            "warrant",
            "If something costs families money without helping learning, schools should drop it",
            "a",
            "That's a general rule: it would work for any school, not just this one.",
        ),
        (
            "es",
            "claim",
            "Quiero que el uniforme sea voluntario en bachillerato",
            "a",
            "Empezar con «Quiero que» está bien: sigue siendo una tesis que alguien discutiría.",
        ),
        (
            "es",
            "groundsBacking",
            "lo leí en internet",
            "a",
            "Un respaldo suele nombrar quién lo dice: una persona, un organismo o un estudio.",
        ),
        (
            "es",
            "warrant",
            "el uniforme es malo y por eso hay que quitarlo",
            "q",
            "¿Qué regla general une «pagar algo» con «quitarlo»?",
        ),
        # Written with their rules: the student's word talked about ("the word “…”"); what a
        # part does; their own words quoted back without quotation marks; feedback ending on
        # a question about their text.
        (
            "en",
            "warrant",
            "uniforms should go because they are annoying",
            "a",
            "You might try writing the rule without the word “uniforms” in it.",
        ),
        (
            "es",
            "claim",
            "el uniforme es feo",
            "a",
            "Una tesis da una postura: ahora mismo nadie te llevaría la contraria.",
        ),
        (
            "es",
            "warrant",
            "El uniforme es caro y por eso hay que quitarlo",
            "a",
            "Decir que el uniforme es caro no explica por qué habría que quitarlo.",
        ),
        (
            "es",
            "rebuttal",
            "pero hay gente que no opina igual",
            "a",
            "Recordar que otros opinan distinto no dice cuándo dejaría de valer tu tesis.",
        ),
        # Written with their rules: the same frames about the student's text, or checking
        # back in their own words.
        (
            "en",
            "grounds",
            "Half the families in my class say the uniform costs too much",
            "q",
            "Did you know that your grounds already give a reader something to check?",
        ),
        (
            "en",
            "grounds",
            "Half the families in my class say the uniform costs too much",
            "q",
            "Do you mean that half the families pay too much, or only some of them?",
        ),
        (
            "es",
            "warrant",
            "Si algo cuesta dinero a las familias sin ayudar a aprender, hay que quitarlo",
            "q",
            "¿Sabías que una garantía no tiene por qué empezar con «si»?",
        ),
        (
            "es",
            "grounds",
            "La mitad de las familias de mi clase dicen que el uniforme es caro",
            "a",
            "Recuerda que el lector no puede preguntarte qué querías decir.",
        ),
        # Written with their rules: a tag after feedback on their text.
        (
            "en",
            "claim",
            "Our school should make uniforms optional for students over fourteen",
            "q",
            "Your claim already says who should act, doesn't it?",
        ),
        (
            "es",
            "claim",
            "El instituto debería hacer el uniforme voluntario a partir de los catorce",
            "q",
            "Tu tesis ya dice quién tendría que actuar, ¿verdad?",
        ),
        (
            "en",
            "claim",
            "uniforms are too expensive",
            "q",
            "Too expensive for whom, and what would you change?",
        ),
        # Written with their rules: examples of a kind of part, or named on another topic.
        (
            "en",
            "qualifier",
            "probably",
            "a",
            "For example, words like “usually” or “in most cases” also say how sure you are.",
        ),
        (
            "es",
            "rebuttal",
            "pero hay gente que no opina igual",
            "a",
            "Por ejemplo, en un debate sobre los deberes, una excepción sería «salvo en "
            "vacaciones».",
        ),
        # Written with the rules above: counting is asked, a rule about their text passes.
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "q",
            "¿Podrías contar cuántas familias de tu clase compran el uniforme nuevo?",
        ),
        (
            "es",
            "claim",
            "el uniforme es malo",
            "q",
            "¿Qué piensas de la regla de que tu tesis debe ser discutible?",
        ),
        # Written after the frozen half showed it: the student's word as the subject.
        (
            "es",
            "grounds",
            "el uniforme es caro",
            "q",
            "¿«Caro» quiere decir caro para las familias o para el instituto?",
        ),
    ],
)
def test_explanations_questions_and_feedback_in_those_frames_pass_whole(
    language, step, message, field, sentence
):
    seen = guard_seen(language, step, message, field, sentence)
    assert not seen.withheld
    assert sentence in seen.text


# Written before their rules: facts in "did you know" cut by a comma clause, "narrow it to:",
# "have you thought that", "the idea that" (their rule), other topics, parts defined.
@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence", "new"),
    [
        (
            "en",
            "grounds",
            "uniforms are annoying",
            "q",
            "Did you know that in France, where uniforms were dropped in 1968, few schools want "
            "them back?",
            "few schools want them back",
        ),
        (
            "en",
            "grounds",
            "uniforms are annoying",
            "a",
            "Were you aware that, in a 2022 poll, most parents said blazers cost too much?",
            "blazers cost too much",
        ),
        (
            "es",
            "grounds",
            "el uniforme es un rollo",
            "q",
            "¿Sabías que en Francia, donde el uniforme se quitó en 1968, pocos colegios lo "
            "quieren recuperar?",
            "pocos colegios lo quieren",
        ),
        (
            "en",
            "qualifier",
            "probably",
            "a",
            "You could narrow it to: probably, for students in their last two years.",
            "in their last two years",
        ),
        (
            "es",
            "qualifier",
            "probablemente",
            "q",
            "¿Y si lo dejas en: probablemente, para los alumnos de bachillerato?",
            "los alumnos de bachillerato",
        ),
        (
            "en",
            "rebuttal",
            "some people disagree",
            "q",
            "Have you considered that some parents like uniforms because mornings are quicker?",
            "because mornings are quicker",
        ),
        (
            "es",
            "rebuttal",
            "hay gente que no está de acuerdo",
            "q",
            "¿Has pensado en que algunos padres prefieren el uniforme porque las mañanas son más "
            "rápidas?",
            "las mañanas son más",
        ),
        (
            "en",
            "warrantBacking",
            "experts agree",
            "q",
            "Is there a study behind the idea that uniforms stop gangs recruiting in schools?",
            "stop gangs recruiting in",
        ),
        (
            "en",
            "rebuttal",
            "some people disagree",
            "a",
            "For example, in an argument about uniforms, a rebuttal might be “unless pupils are "
            "bullied over brands”.",
            "bullied over brands",
        ),
    ],
)
def test_facts_offers_and_ideas_in_those_frames_are_withheld(
    language, step, message, field, sentence, new
):
    seen = guard_seen(language, step, message, field, sentence)
    assert seen.withheld
    assert new not in seen.text


@pytest.mark.parametrize(
    ("language", "step", "message", "field", "sentence"),
    [
        (
            "en",
            "grounds",
            "uniforms are annoying",
            "q",
            "Did you know where a number like that could be found, for example in a report?",
        ),
        (
            "en",
            "qualifier",
            "probably",
            "a",
            "You could narrow it to one age group, if “probably” feels too wide.",
        ),
        (
            "es",
            "qualifier",
            "probablemente",
            "q",
            "¿Quieres dejarlo en algo más concreto o lo dejas así?",
        ),
        (
            "en",
            "rebuttal",
            "some people disagree",
            "q",
            "Have you thought about what a parent who likes uniforms would say?",
        ),
        (
            "es",
            "rebuttal",
            "hay gente que no está de acuerdo",
            "q",
            "¿Has pensado en qué diría alguien de la otra parte?",
        ),
        (
            "en",
            "warrantBacking",
            "experts agree",
            "q",
            "Is there a named report behind the idea that a rule that punishes students should "
            "be relaxed?",
        ),
        (
            "es",
            "warrantBacking",
            "lo dicen los expertos",
            "q",
            "¿Hay algún informe detrás de la idea de que una norma que castiga a los alumnos hay "
            "que suavizarla?",
        ),
        (
            "en",
            "warrantBacking",
            "experts agree",
            "a",
            "That is backing for your warrant because it supports the link between punishing "
            "students and relaxing a rule.",
        ),
        (
            "en",
            "rebuttal",
            "some people disagree",
            "a",
            "For example, in an argument about a later start to the day, a rebuttal might be "
            "“unless buses stop running before school ends”.",
        ),
        (
            "es",
            "qualifier",
            "probablemente",
            "a",
            "Un calificador indica cuánta fuerza tiene tu tesis, como «casi siempre» o «en "
            "algunos casos»; no es otra razón.",
        ),
    ],
)
def test_named_ideas_other_topics_and_definitions_pass_whole(
    language, step, message, field, sentence
):
    seen = guard_seen(language, step, message, field, sentence)
    assert not seen.withheld
    assert sentence in seen.text
