"""What a judgement rests on, its doubt and its corrections, in chromium at 1280 and 390 px,
in English and Spanish: the words a chain part rests on are highlighted (the offline
reader's, and a language model's where the text says them), and so are an audit
criterion's and a critique finding's; a chain unsure of its claim shows its candidates and a
pick runs it; a finding dismissed and a criterion overruled stay so after a reload, and only
the owner and the teachers are offered those corrections. axe-core finds no violation on the
pages (when installed)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from arguments import services as chain_services
from council.services.audit import rubrics_seed
from tests.arguments import builders as b
from tests.browser import BROWSER, log_in
from tests.classrooms.builders import ESSAY, assignment, build_world
from toulmini_site.classrooms import services
from toulmini_site.classrooms.models import Submission

pytestmark = BROWSER

PASSWORD = "pw-for-tests-123"
LETTER = (
    "I have lived on Maple Street for thirty-one years and raised three children here. "
    "The council wants to turn the empty lot into a parking garage. "
    "A garage would bring more traffic past the primary school. "
    "The lot should become a small park instead."
)
WIDTHS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}
AXE = Path(__file__).resolve().parent.parent / "axe" / "node_modules" / "axe-core" / "axe.min.js"
WORDS = {
    "en": {
        "pick": "This is the claim",
        "dismissed": "Dismissed",
        "overruled": "Overruled",
        "model": "the model's reading",
        "reworded": "reworded by the model",
        "own": "In the model's own words",
    },
    "es": {
        "pick": "Esta es la afirmación",
        "dismissed": "Descartado",
        "overruled": "Corregido",
        "model": "la lectura del modelo",
        "reworded": "dicho con otras palabras por el modelo",
        "own": "Con palabras propias del modelo",
    },
}


def _essay(world: Any) -> Submission:
    rubrics_seed()  # an earlier transactional test may have flushed the migration's seed
    task = assignment(world.classroom, "essay", with_critique=True)
    sub = Submission.objects.get(assignment=task, student=world.student)
    services.submission_essay_save(submission=sub, text=ESSAY)
    return services.submission_turn_in(submission=sub)


def _no_axe_violations(page: Any) -> None:
    if not AXE.exists():
        return
    page.add_script_tag(path=str(AXE))
    found = page.evaluate(
        "() => axe.run(document).then(r => r.violations.map(v => v.id + ': ' + v.help + ' '"
        " + v.nodes.slice(0, 2).map(n => n.target.join(' ')).join(', ')))"
    )
    assert found == [], found


def _new_page(page: Any, base: str, width: str, lang: str) -> Any:
    context = page.context.browser.new_context(viewport=WIDTHS[width], bypass_csp=True)
    context.add_cookies([{"name": "django_language", "value": lang, "url": base}])
    fresh = context.new_page()
    fresh.set_default_timeout(15_000)
    return fresh


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_an_unsure_claim_asks_and_a_pick_runs_the_chain_with_its_words_marked(
    browser_page, live_server, width, lang
):
    world = build_world()
    chain = chain_services.chain_create(
        owner=world.student, query="Letter to the editor", source_text=LETTER
    )
    chain = chain_services.chain_run(chain=chain, until="end")
    base = live_server.url
    page = _new_page(browser_page, base, width, lang)
    url = f"/chains/{chain.pk}/"
    log_in(page, base, "ana", PASSWORD, then=url)
    assert page.locator("#claim-doubt").is_visible()
    assert page.locator(".claim-candidates li").count() >= 2
    _no_axe_violations(page)
    page.locator(".claim-candidates li", has_text="small park").get_by_role(
        "button", name=WORDS[lang]["pick"]
    ).click()
    page.wait_for_selector(".verdict-banner")
    claim = page.locator("mark.ev-claim")
    assert "small park" in claim.inner_text()
    box = claim.bounding_box()
    assert box is not None and box["x"] + box["width"] <= WIDTHS[width]["width"]
    page.reload()
    assert "small park" in page.locator("mark.ev-claim").inner_text()  # kept after a reload
    page.screenshot(path=f"/tmp/i34_shots/chain-{width}-{lang}.png", full_page=True)
    _no_axe_violations(page)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_model_chain_unsure_of_the_models_claim_asks_and_a_pick_reruns_it(
    browser_page, live_server, fake_llm, width, lang
):
    world = build_world()
    outputs = {n: b.PHASE_OUTPUTS[n]() for n in (1, 2, 3, 4)}
    outputs[1]["claim"]["statement"] = LETTER.split(". ")[0] + "."  # the personal detail
    fake_llm(lambda request: outputs[int(request.purpose[-1])])
    chain = chain_services.chain_create(
        owner=world.student, query="Letter to the editor", source_text=LETTER, engine="llm"
    )
    chain = chain_services.chain_run(chain=chain, until="end")
    base = live_server.url
    page = _new_page(browser_page, base, width, lang)
    log_in(page, base, "ana", PASSWORD, then=f"/chains/{chain.pk}/")
    first = page.locator(".claim-candidates li").first
    assert "Maple Street" in first.inner_text() and WORDS[lang]["model"] in first.inner_text()
    box = first.bounding_box()
    assert box is not None and box["x"] + box["width"] <= WIDTHS[width]["width"]
    page.screenshot(path=f"/tmp/i34_shots/model-ask-{width}-{lang}.png", full_page=True)
    _no_axe_violations(page)
    page.locator(".claim-candidates li", has_text="small park").get_by_role(
        "button", name=WORDS[lang]["pick"]
    ).click()
    page.wait_for_selector(".verdict-banner")
    page.reload()
    assert page.locator("#claim-doubt").count() == 0
    assert "small park" in page.locator(".part-claim").inner_text()  # the owner's, kept


SURE = (
    "Secondary schools should start later in the morning. "
    "Teenagers need eight to ten hours of sleep, and most get fewer on school nights. "
    "In general, students who sleep enough learn better and are safer on the road."
)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_model_chains_parts_are_highlighted_where_the_text_says_them(
    browser_page, live_server, fake_llm, width, lang
):
    """The model quotes the claim and a fact, rewords the rule, and names a backing in its
    own words: the first three are marked in the text, the last is listed, not marked."""
    world = build_world()
    outputs = {n: b.PHASE_OUTPUTS[n]() for n in (1, 2, 3, 4)}
    outputs[1]["claim"]["statement"] = "Secondary schools should start later in the morning."
    outputs[1]["data"]["facts"] = [SURE.split(". ")[1] + "."]
    outputs[2]["warrant"]["principle"] = (
        "Students who get enough sleep learn better and are safer on the road."
    )
    fake_llm(lambda request: outputs[int(request.purpose[-1])])
    chain = chain_services.chain_create(
        owner=world.student, query="Should schools start later?", source_text=SURE, engine="llm"
    )
    chain = chain_services.chain_run(chain=chain, until="end")
    base = live_server.url
    page = _new_page(browser_page, base, width, lang)
    log_in(page, base, "ana", PASSWORD, then=f"/chains/{chain.pk}/")
    claim = page.locator("#evidence mark.ev-claim")
    assert "start later in the morning" in claim.inner_text()
    assert f"{round(100 * chain.claim_confidence)}%" in claim.inner_text()
    assert "eight to ten hours" in page.locator("#evidence mark.ev-data").inner_text()
    rule = page.locator("#evidence mark.ev-warrant").inner_text()
    assert "In general, students" in rule and WORDS[lang]["reworded"] in rule
    own = page.locator("#evidence .own-words").inner_text()
    assert WORDS[lang]["own"] in own and b.backing()["authority"] in own
    assert page.locator("#evidence mark.ev-backing").count() == 0
    for mark in (claim, page.locator("#evidence mark.ev-warrant")):
        box = mark.bounding_box()
        assert box is not None and box["x"] + box["width"] <= WIDTHS[width]["width"]
    page.locator("#evidence").scroll_into_view_if_needed()
    page.screenshot(path=f"/tmp/i34_shots/model-evidence-{width}-{lang}.png", full_page=True)
    _no_axe_violations(page)


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("width", list(WIDTHS))
def test_a_teacher_dismisses_a_finding_and_overrules_a_criterion_and_both_stay(
    browser_page, live_server, django_capture_on_commit_callbacks, width, lang
):
    world = build_world()
    with django_capture_on_commit_callbacks(execute=True):
        sub = _essay(world)
    base = live_server.url
    page = _new_page(browser_page, base, width, lang)
    url = f"/submissions/{sub.pk}/"
    log_in(page, base, "ms-teacher", PASSWORD, then=url)
    # the evidence of a criterion and of a finding is marked in the page
    assert page.locator(".audit-suggestion mark").first.is_visible()
    assert page.locator("#critique blockquote mark").first.is_visible()
    _no_axe_violations(page)

    point = page.locator("#critique li").first
    point.locator("details.dismiss summary").click()
    point.locator("textarea").fill("This sentence states the thesis.")
    with page.expect_navigation():
        point.locator("button[type=submit]").click()
    row = page.locator("#criterion-backing")
    row.locator("details.overrule summary").click()
    row.locator("input[type=number]").fill("4")
    row.locator("textarea").fill("A named academy backs the rule.")
    with page.expect_navigation():
        row.locator("button[type=submit]").click()

    page.reload()
    first = page.locator("#critique li").first.inner_text()
    assert "This sentence states the thesis." in first and WORDS[lang]["dismissed"] in first
    backing = page.locator("#criterion-backing").inner_text()
    assert WORDS[lang]["overruled"] in backing and "4/5" in backing
    page.screenshot(path=f"/tmp/i34_shots/submission-{width}-{lang}.png", full_page=True)
    _no_axe_violations(page)

    # the student sees both and is offered no overrule; a classmate cannot open the page
    student = _new_page(browser_page, base, width, lang)
    log_in(student, base, "ana", PASSWORD, then=url)
    assert "This sentence states the thesis." in student.locator("#critique").inner_text()
    assert student.locator("details.overrule").count() == 0
    classmate = _new_page(browser_page, base, width, lang)
    log_in(classmate, base, "ben", PASSWORD, then="/")
    response = classmate.goto(base + url)
    assert response is not None and response.status == 404
