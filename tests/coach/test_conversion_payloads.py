"""A finished draft's three phase payloads, whole: every field the chain receives from a
complete draft and from a thin one (short parts noted, defaults where the student gave none)."""

from __future__ import annotations

from coach.domain.conversion import phase_one_payload, phase_three_payload, phase_two_payload

FULL = {
    "claim": "  Schools should start later  ",
    "grounds": "In 2019, 70% of pupils slept under 8 hours. Tired pupils score lower.",
    "groundsBacking": "CDC 2019 survey",
    "warrant": "When pupils sleep more, they generally learn better, and when they sleep less "
    "they learn worse.",
    "warrantBacking": "According to the American Academy of Pediatrics, teenagers need nine "
    "hours of sleep.",
    "qualifier": "Probably, in most schools",
    "rebuttal": "Unless buses cannot run later.",
}
THIN = {
    "claim": "Uniforms help!",
    "grounds": "Pupils fight less",
    "groundsBacking": " ",
    "warrant": "Rules help.",
    "warrantBacking": "Books",
    "qualifier": "",
    "rebuttal": "  ",
}


def payloads(draft: dict, reference: str) -> tuple[dict, dict, dict]:
    one = phase_one_payload(draft, reference=reference)
    two = phase_two_payload(draft, reference=reference)
    return one, two, phase_three_payload(draft, {**one, **two}, reference=reference)


def test_a_full_draft_gives_every_field_in_the_students_words():
    one, two, three = payloads(FULL, "coach draft 7")
    assert one == {
        "data": {
            "facts": ["In 2019, 70% of pupils slept under 8 hours.", "Tired pupils score lower."],
            "citations": [{"source": "CDC 2019 survey", "reference": "coach draft 7"}],
            "evidence_type": "statistical",
        },
        "claim": {"statement": "Schools should start later.", "scope": "general"},
    }
    assert two == {
        "warrant": {"principle": FULL["warrant"], "logic_type": "inductive", "strength": "strong"},
        "backing": {
            "authority": FULL["warrantBacking"],
            "citations": [
                {
                    "source": "American Academy of Pediatrics",
                    "reference": f'sentence 6: "{FULL["warrantBacking"]}"',
                }
            ],
            "strength": "strong",
        },
    }
    assert three == {
        "rebuttal": {
            "exceptions": ["Unless buses cannot run later."],
            "counterexamples": [],
            "strength": "weak",
        },
        "qualifier": {
            "degree": "probably",
            "confidence_pct": 69,
            "rationale": "Probably, in most schools",
        },
    }


def test_a_thin_draft_is_noted_where_too_short_and_defaulted_where_empty():
    one, two, three = payloads(THIN, "r")
    assert one == {
        "data": {
            "facts": ["Pupils fight less"],
            "citations": [{"source": "student", "reference": "r"}],
            "evidence_type": "empirical",
        },
        "claim": {"statement": "Uniforms help!", "scope": "general"},
    }
    assert two == {
        "warrant": {
            "principle": "Rules help. (the student's warrant)",
            "logic_type": "inductive",
            "strength": "weak",
        },
        "backing": {
            "authority": "Books (the student's backing)",
            "citations": [{"source": "Books", "reference": "r"}],
            "strength": "weak",
        },
    }
    assert three["rebuttal"] == {"exceptions": ["r"], "counterexamples": [], "strength": "weak"}
    assert three["qualifier"] == {
        "degree": "probably",
        "confidence_pct": 52,
        "rationale": "(the student's qualifier)",
    }
