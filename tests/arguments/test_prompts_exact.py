"""The prompts, whole: the order of directive, task and fenced material, the material each
phase sees, and the report's and fallacy finder's changes to the texts (pure: the prompt texts
are installed by the test, as the app installs its files at start-up)."""

from __future__ import annotations

import pytest

from arguments.domain import prompts
from arguments.domain.fallacies import TAXONOMY
from arguments.domain.prompts import (
    fallacy_messages,
    phase_messages,
    phase_prompt,
    report_prompt,
    template,
    templates_install,
)
from arguments.domain.toulmin import state_from_json
from tests.arguments import builders as b
from toulmini_site.text.fence import fence

JSON_ONLY = "OUTPUT FORMAT:\nReturn ONLY valid JSON. No markdown. No explanation. No hedging."
TEXTS = {
    "system": f"You are strict.\n{JSON_ONLY}",
    "phase1": "Task one.",
    "phase2": "Task two.",
    "phase3": "Task three.",
    "phase4": "Task four.",
    "report": "Write the report.",
    "fallacies": "Name them:\n{taxonomy}\nDone.",
}
QUERY = "Should schools start later?"


@pytest.fixture(autouse=True)
def installed():
    saved = dict(prompts._TEMPLATES)
    prompts._TEMPLATES.clear()
    templates_install(TEXTS)
    yield
    prompts._TEMPLATES.clear()
    prompts._TEMPLATES.update(saved)


def state(**parts):
    return state_from_json(QUERY, parts)


def test_a_phase_prompt_is_directive_task_and_the_material_before_that_phase():
    chain = state(data=b.data(), claim=b.claim(), warrant=b.warrant(), backing=b.backing())
    material = {
        "query": QUERY,
        "source_text": "The text.",
        "data": b.data(),
        "claim": b.claim(),
        "warrant": b.warrant(),
        "backing": b.backing(),
    }
    assert phase_prompt(3, chain, source_text="The text.") == (
        f"{TEXTS['system']}\n\nTask three.\n\n{fence(material)}"
    )
    assert phase_messages(3, chain, source_text="The text.") == [
        {"role": "system", "content": TEXTS["system"]},
        {"role": "user", "content": f"Task three.\n\n{fence(material)}"},
    ]


def test_the_first_phase_sees_the_query_and_no_source_text_when_there_is_none():
    assert phase_messages(1, state())[1]["content"] == "Task one.\n\n" + fence({"query": QUERY})


def test_a_part_not_given_yet_is_null_in_the_material():
    chain = state(data=b.data(), claim=b.claim())
    material = {"query": QUERY, "data": b.data(), "claim": b.claim(), "warrant": None}
    material["backing"] = None
    assert phase_prompt(3, chain).endswith(fence(material))


def test_the_report_asks_for_markdown_instead_of_json_and_sees_every_part():
    full = state(**b.full_chain())
    material = {"query": QUERY, **b.full_chain()}
    assert report_prompt(full) == (
        "You are strict.\nOUTPUT FORMAT:\nReturn ONLY the Markdown report. No preamble."
        f"\n\nWrite the report.\n\n{fence(material)}"
    )


def test_the_fallacy_finder_lists_the_taxonomy_and_fences_the_text():
    listed = "\n".join(f"- {f.id}: {f.definition}" for f in TAXONOMY.values())
    assert fallacy_messages("Everyone agrees.") == [
        {"role": "system", "content": TEXTS["system"]},
        {
            "role": "user",
            "content": f"Name them:\n{listed}\nDone.\n\n" + fence({"text": "Everyone agrees."}),
        },
    ]
    assert listed.startswith("- ad_hominem: ")


def test_a_text_not_installed_is_named():
    with pytest.raises(LookupError, match="The prompt text 'phase9' is not installed."):
        template("phase9")


def test_the_shipped_directive_holds_the_sentence_the_report_replaces():
    from pathlib import Path

    shipped = (Path(prompts.__file__).parents[1] / "prompts" / "system.txt").read_text("utf-8")
    assert JSON_ONLY in shipped
