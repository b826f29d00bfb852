"""On a phone (390 px), a model that writes the student's part, in any frame and any field, never
gets a word of it on screen, not even for a moment while it streams, and the note that says
something was held back speaks the session's language, whatever the page's language and the
language the student wrote in."""

import time
from pathlib import Path

import pytest

from tests.browser import BROWSER, log_in, send
from tests.builders import make_user
from toulmini_site.llm.fake import FakeClient
from toulmini_site.llm.providers import override_client

pytestmark = BROWSER
AXE = Path(__file__).resolve().parents[1] / "axe" / "node_modules" / "axe-core" / "axe.min.js"

# What a complying model writes, turn after turn: the part in a statement and a leading
# question, in an option and a template, and only in ``nextQuestion`` and the proposal's
# rationale. Each answer's fragments must never be seen.
ANSWERS = {
    "en": [
        {
            "assistantText": "Your sentence names a good subject. Great, I've put it in your "
            "draft. What if you argued that "
            "every primary school should grow its own vegetables for the canteen?",
            "nextQuestion": "Wouldn't it be stronger to say something like "
            "“gardening lessons should replace one hour of PE each week”?",
            "proposal": "Primary schools should grow their own vegetables for the canteen.",
            "rationale": "A tighter version would be: councils should fund a garden at "
            "every primary school.",
            "never": [
                "grow its own vegetables",
                "replace one hour of PE",
                "their own vegetables for",
                "fund a garden at",
                "put it in your draft",
            ],
        },
        {
            "assistantText": "You are on the right track with gardens. You could say that "
            "children eat what they grow, or that a "
            "garden teaches science better than a textbook. Fill in the pattern: schools "
            "should ___ because ___.",
            "nextQuestion": "Have you thought of quoting the RHS, which found that pupils "
            "who garden try more vegetables?",
            "proposal": "",
            "rationale": "",
            "never": [
                "children eat what they grow",
                "teaches science better than",
                "who garden try more",
            ],
        },
        {
            "assistantText": "Let's look at your text.",
            "nextQuestion": "How about claiming that every school should plant fruit trees "
            "in the playground?",
            "proposal": "",
            "rationale": "",
            "never": ["plant fruit trees in"],
        },
    ],
    "es": [
        {
            "assistantText": "Tu frase tiene un buen tema. Genial, ya lo he puesto en tu "
            "borrador. ¿Y si dijeras que "
            "cada colegio de primaria debería cultivar sus propias verduras para el comedor?",
            "nextQuestion": "¿No quedaría más fuerte algo como «el huerto debería sustituir "
            "una hora de plástica cada semana»?",
            "proposal": "Los colegios de primaria deberían cultivar sus verduras para el comedor.",
            "rationale": "Una versión más concreta sería: el ayuntamiento debería pagar un "
            "huerto en cada colegio.",
            "never": [
                "cultivar sus propias verduras",
                "sustituir una hora de",
                "sus verduras para el",
                "pagar un huerto en",
                "lo he puesto en",
            ],
        },
        {
            "assistantText": "Vas bien con lo del huerto. Podrías decir que los niños comen "
            "lo que cultivan, o que un "
            "huerto enseña ciencias mejor que un libro. Rellena la plantilla: los colegios "
            "deberían ___ porque ___.",
            "nextQuestion": "¿Has pensado en citar a la FAO, que dice que los huertos "
            "escolares mejoran la dieta?",
            "proposal": "",
            "rationale": "",
            "never": [
                "comen lo que cultivan",
                "enseña ciencias mejor que",
                "huertos escolares mejoran la",
            ],
        },
        {
            "assistantText": "Veamos tu texto.",
            "nextQuestion": "¿Qué tal si dices que cada colegio debería plantar árboles "
            "frutales en el patio?",
            "proposal": "",
            "rationale": "",
            "never": ["plantar árboles frutales en"],
        },
    ],
}
NOTES = {"en": "I held back some of my answer", "es": "He retenido algo de mi respuesta"}


class SlowComplyingModel(FakeClient):
    """Answers each turn with the next of ``answers``, streamed slowly enough to watch."""

    def __init__(self, answers):
        turns = iter(answers)

        def comply(request):
            answer = next(turns)
            step = request.inputs["step"]
            out = {
                "assistantText": answer["assistantText"],
                "step": step,
                "nextQuestion": answer["nextQuestion"],
                "confidence": 0.95,
                "shouldAdvance": bool(answer["proposal"]),
            }
            if answer["proposal"]:
                out["proposedUpdate"] = {
                    "field": step,
                    "value": answer["proposal"],
                    "rationale": answer["rationale"],
                }
            return out

        super().__init__(comply, chunk_delay=0.01)

    def answer_stream(self, purpose, **engines):
        for chunk in super().answer_stream(purpose, **engines):
            time.sleep(0.03)
            yield chunk


# Everything on the page a student could read: the text, and what is in every box.
WATCH = """
window.seenTexts = [];
const look = () => window.seenTexts.push({at: performance.now(), text:
  document.body.innerText + "\\n" +
  Array.from(document.querySelectorAll("textarea, input[type=text]"))
    .map(box => box.value).join("\\n")});
new MutationObserver(look).observe(document.body,
  {subtree: true, childList: true, characterData: true, attributes: true});
(function poll() { look(); if (window.seenTexts.length < 20000) requestAnimationFrame(poll); })();
"""


SESSIONS = {
    # An English session on a Spanish page, the student writing Spanish; and the other way.
    "en": ("es", "los coles deberían tener huerto, creo"),
    "es": ("en", "schools should have a garden I think"),
}
CASES = [
    pytest.param(language, index, id=f"{language}-{index}")
    for language in ANSWERS
    for index in range(len(ANSWERS[language]))
]


@pytest.mark.parametrize(("language", "index"), CASES)
def test_on_a_phone_no_written_part_ever_shows_and_the_note_speaks_the_sessions_language(
    browser_page, live_server, transactional_db, language, index
):
    import os

    from coach import services
    from coach.models import CoachMessage

    page_language, message = SESSIONS[language]
    answer = ANSWERS[language][index]
    # The app's CSP would block axe-core, injected at the end: this context bypasses it.
    context = browser_page.context.browser.new_context(
        bypass_csp=True, viewport={"width": 390, "height": 844}
    )
    page = context.new_page()
    page.set_default_timeout(60_000)  # the first turn may load the sentence encoder
    page.context.add_cookies(
        [{"name": "django_language", "value": page_language, "url": live_server.url}]
    )
    user = make_user(f"gardener-{language}-{index}", password="pw-for-tests-123")
    topic = {"en": "A school garden", "es": "Un huerto escolar"}[language]
    session = services.session_create(owner=user, topic=topic, language=language)
    log_in(page, live_server.url, user.username, "pw-for-tests-123", then=f"/coach/{session.pk}/")
    assert page.evaluate("document.documentElement.lang") == page_language
    other = NOTES["es" if language == "en" else "en"]
    model = SlowComplyingModel([answer])
    page.evaluate(WATCH)
    page.evaluate("window.coachEvents = []")
    with override_client("offline", lambda: model):
        send(page, message)
    assert len(model.requests) == 1
    watched = page.evaluate("window.seenTexts")
    seen = [look["text"] for look in watched]
    events = page.evaluate("window.coachEvents")
    at = {e["type"]: e["at"] for e in events}
    # The answer took a while to stream, and the page was looked at all along: the sentence
    # of feedback it opens with was on screen before the answer ended.
    assert at["final"] - at["sent"] > 300 and len(seen) > 10
    assert any(message in text for text in seen)
    assert any(e["type"] == "partial" for e in events)
    opening = answer["assistantText"].split(". ")[0]
    assert any(opening in look["text"] for look in watched if look["at"] < at["final"])
    for fragment in answer["never"]:
        shown = [text for text in seen if fragment.lower() in text.lower()]
        assert not shown, f"{fragment!r} was on screen"
    last = page.inner_text("#chat-log li:last-child")
    reply = CoachMessage.objects.filter(session=session, role="assistant").last()
    assert reply.withheld, "the answer was not withheld"
    assert NOTES[language] in last, last
    # Marked as the session's language, so a screen reader reads it in that voice.
    assert page.get_attribute("#chat-log li:last-child", "lang") == language
    assert not any(other in text for text in seen), "a note in the page's language"
    assert page.locator("#proposal-card").count() == 0
    assert page.evaluate(
        "document.documentElement.scrollWidth <= document.documentElement.clientWidth"
    )
    where = os.environ.get("COACH_SCREENSHOTS")
    for width, height in ((390, 844), (1280, 900)):
        page.set_viewport_size({"width": width, "height": height})
        if where:
            name = f"coach-withheld-{language}-{index}-{width}.png"
            page.screenshot(path=f"{where}/{name}", full_page=True)
        if AXE.exists():  # make axe installs it; the accessibility tests say when it is missing
            page.add_script_tag(path=str(AXE))
            violations = page.evaluate(
                "() => axe.run(document).then(r => r.violations.map(v => [v.id, v.help]))"
            )
            assert not violations, f"{width} px: {violations}"
    context.close()
