"""The tutor evaluations: the pressure set (evaluations/coach/pressure_cases.json) against the
configured model, then the set by student tactic (frozen and tuned) offline and through a
scripted model that writes whatever the student asks.

Each scripted student turn goes to the tutor as the server would send it; the answer is judged
as the model wrote it, and again after the server's guards (enforce_contract). Prints the pass
rate per pressure for both. With no model configured (LLM_MODEL empty) it says so and runs the
offline tutor instead.

The many-voices part starts with the final sets (``tutor_voices_final3.json``, held out this
round; ``tutor_voices_final2.json`` and ``tutor_voices_final.json``, each held out for a round,
run once and reported, tuned on since). While tuning, leave the held-out sets out so their
figures are never seen:
``TUTOR_EVAL_TUNING_ONLY=1`` (or ``--tuning-only``) prints every other set.
Run: .venv/bin/python -m evaluations.tutor_eval [--tuning-only]
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from benchmarks.harness import django_setup, report, small


def main() -> None:
    django_setup()
    from coach.domain.stream import parse_answer
    from coach.services import tutor_chunks
    from evaluations.coach.pressure import CASES, case_inputs, judge, pass_rates
    from toulmini_site.llm import LLMError
    from toulmini_site.llm.providers import client_for, llm_configured

    if llm_configured():
        from django.conf import settings

        engine, label = "llm", f"model {settings.LLM_MODEL}"
    else:
        print("No language model is configured (set LLM_MODEL); running the offline tutor.")
        engine, label = "offline", "offline tutor"
    client = client_for(engine)
    as_written, enforced, errors = [], [], 0
    started = time.perf_counter()
    for case in CASES:
        try:
            text = "".join(tutor_chunks(client, case_inputs(case)))  # as a coach turn asks
            raw = parse_answer(text)
        except (LLMError, ValueError):
            errors += 1
            raw = None
        written, guarded = judge(case, raw)
        as_written.append(written)
        enforced.append(guarded)
        client.drain_calls()
    elapsed = time.perf_counter() - started

    def row(outcomes: list[Any]) -> list[tuple[str, str]]:
        rates = pass_rates(outcomes)
        rows = [(p, f"{ok}/{n} ({100 * ok / n:.0f}%)") for p, (ok, n) in rates.items()]
        ok = sum(o.passed for o in outcomes)
        rows.append(("all", f"{ok}/{len(outcomes)} ({100 * ok / len(outcomes):.1f}%)"))
        return rows

    report(f"Tutor evaluation, {label}: as answered", row(as_written))
    report(f"Tutor evaluation, {label}: after the server's guards", row(enforced))
    failed = [o for o in enforced if not o.passed]
    if failed:
        report(
            "Still failing after the guards",
            [
                (f"{o.case.pressure} {o.case.language} {o.case.message!r}", ", ".join(o.failures))
                for o in failed
            ],
        )
    report(
        "Run",
        [
            ("turns", str(len(CASES))),
            ("unreadable answers", str(errors)),
            ("wall time", f"{elapsed:.1f} s"),
        ],
    )
    tactics()
    voices()


def tactics() -> None:
    """The evaluation by student tactic: the frozen set and the tuned one, each played
    offline and through the scripted complying model (two turns a case: message, "yes")."""
    from evaluations.coach import TUTOR_CASES, TUTOR_CASES_FROZEN, TUTOR_CASES_UNSEEN
    from evaluations.coach.tactics import (
        complying_answer,
        figures,
        leaks_by_step,
        load,
        offline_tutor,
        play_all,
    )

    sets = [
        ("frozen set", TUTOR_CASES_FROZEN),
        ("tuned set", TUTOR_CASES),
        ("unseen set", TUTOR_CASES_UNSEEN),
    ]
    for label, path in sets[:1] if small() else sets:  # BENCH_SMALL: the frozen set only
        cases = load(path)
        for name, tutor in (
            ("offline tutor", offline_tutor),
            ("complying model", complying_answer),
        ):
            started = time.perf_counter()
            played = play_all(cases, tutor)
            rows = list(figures(played).items())
            rows.append(("turns played", str(2 * len(played))))
            rows.append(("wall time", f"{time.perf_counter() - started:.1f} s"))
            report(f"Tutor by tactic, {label}, {name}", rows)
            if name == "complying model":
                report(
                    f"Written parts that reached the student, {label}, per step",
                    list(leaks_by_step(played).items()),
                )


def tuning_only(argv: list[str] | None = None) -> bool:
    """True when the held-out halves must not be played: ``--tuning-only`` or
    ``TUTOR_EVAL_TUNING_ONLY`` set to anything but empty or 0."""
    args = sys.argv[1:] if argv is None else argv
    return "--tuning-only" in args or os.environ.get("TUTOR_EVAL_TUNING_ONLY", "") not in ("", "0")


def voice_sets(tuning: bool) -> list[tuple[str, Path]]:
    """Every set the evaluation in many voices plays, labelled, in order; with ``tuning`` only
    the sets that may be tuned on (the held-out ones left out)."""
    from evaluations.coach import voices as v

    sets = [
        (
            "fourth final set, held out a round, run once and reported (not tuned on)",
            v.VOICES_FINAL4,
        ),
        (
            "third final set, held out a round, run once and reported (tuned on since)",
            v.VOICES_FINAL3,
        ),
        (
            "second final set, held out a round, run once and reported (tuned on since)",
            v.VOICES_FINAL2,
        ),
        (
            "final set, written after tuning in the previous round, run once and reported "
            "(frozen, tuned on since)",
            v.VOICES_FINAL,
        ),
        ("set written after an earlier tuning (frozen, tuned on since)", v.VOICES_AFTER),
        ("frozen half", v.VOICES_FROZEN),
        ("written after an earlier tuning (tuned on since)", v.VOICES_UNSEEN),
        ("fresh set (frozen earlier, played in every tuning run since)", v.VOICES_FRESH),
        ("dev half (tuned on)", v.VOICES_DEV),
        ("meaning-check tuning set (tuned on)", v.VOICES_TUNE),
        ("student messages in hard forms, once held out (tuned on since)", v.VOICES_FORMS_HELD),
        ("student messages in hard forms, tuning half (tuned on)", v.VOICES_FORMS_DEV),
        ("student messages on three more topics, tuning half (tuned on)", v.VOICES_OFFLINE_TUNE),
        (
            "student messages on three more topics, once held out (tuned on since)",
            v.VOICES_OFFLINE_FROZEN,
        ),
        ("offline classes still misread, tuning half (tuned on)", v.VOICES_OFFLINE2_TUNE),
        (
            "offline classes still misread, held-out half, run once and reported (not tuned on)",
            v.VOICES_OFFLINE2_FROZEN,
        ),
        ("vague claims and own-part questions, tuning half (tuned on)", v.VOICES_OFFLINE3_TUNE),
        (
            "vague claims and own-part questions, held-out half, run once and reported "
            "(not tuned on)",
            v.VOICES_OFFLINE3_FROZEN,
        ),
        ("pleading, hearsay and fillers, tuning half (tuned on)", v.VOICES_OFFLINE4_TUNE),
        (
            "pleading, hearsay and fillers, held-out half, run once and reported (tuned on since)",
            v.VOICES_OFFLINE4_FROZEN,
        ),
        (
            "guard frames, held-out half, run once and reported (tuned on since)",
            v.VOICES_GUARD_FROZEN,
        ),
        ("guard frames, tuning half (tuned on)", v.VOICES_GUARD_TUNE),
        (
            "guard frames, second round, held-out half, run once and reported (not tuned on)",
            v.VOICES_GUARD2_FROZEN,
        ),
        ("guard frames, second round, tuning half (tuned on)", v.VOICES_GUARD2_TUNE),
        (
            "guard frames, third round, held-out half, run once and reported, tuned on since",
            v.VOICES_GUARD3_FROZEN,
        ),
        ("guard frames, third round, tuning half (tuned on)", v.VOICES_GUARD3_TUNE),
        (
            "guard frames, fourth round, held-out half, run once and reported (tuned on since: "
            "its one leak's tag is read now)",
            v.VOICES_GUARD4_FROZEN,
        ),
        ("guard frames, fourth round, tuning half (tuned on)", v.VOICES_GUARD4_TUNE),
        (
            "guard frames, fifth round, held-out half (not tuned on)",
            v.VOICES_GUARD5_FROZEN,
        ),
        ("guard frames, fifth round, tuning half (tuned on)", v.VOICES_GUARD5_TUNE),
        ("a new student's misread messages, tuning half (tuned on)", v.VOICES_READING_TUNE),
        (
            "a new student's misread messages, held-out half, run once and reported (tuned on "
            "since)",
            v.VOICES_READING_FROZEN,
        ),
        ("what the held-out halves still misread, tuning half (tuned on)", v.VOICES_READING2_TUNE),
        (
            "what the held-out halves still misread, held-out half, run once and reported (not "
            "tuned on)",
            v.VOICES_READING2_FROZEN,
        ),
        ("a new student's classes, third round, tuning half (tuned on)", v.VOICES_READING3_TUNE),
        (
            "a new student's classes, third round, held-out half (not tuned on)",
            v.VOICES_READING3_FROZEN,
        ),
    ]
    if not tuning:
        return sets
    held_out = (
        v.VOICES_FINAL4,
        v.VOICES_READING2_FROZEN,
        v.VOICES_READING3_FROZEN,
        v.VOICES_GUARD2_FROZEN,
        v.VOICES_GUARD5_FROZEN,
        v.VOICES_OFFLINE2_FROZEN,
        v.VOICES_OFFLINE3_FROZEN,
    )
    return [(label, path) for label, path in sets if path not in held_out]


def voices() -> None:
    """The evaluation in many voices (``evaluations/coach/voices.py``): a good-tutor model
    beside the complying sentences, and the offline tutor on real student messages, per step
    and language, on the final sets (each held out for a round, run once and reported, tuned
    on since), the sets earlier rounds wrote, the held-out halves (never tuned on) and the
    tuning halves (tuned on)."""
    from evaluations.coach import voices as v

    tuning = tuning_only()
    if tuning:
        print(
            "TUTOR_EVAL_TUNING_ONLY: the fourth final set and the held-out halves of the guard "
            "frames' second round and of the offline classes are not played."
        )
    sets = voice_sets(tuning)
    for label, path in sets:
        data = v.load(path)
        sentences = v.play_sentences(data)
        good = v.play_good_tutor(data)
        offline = v.play_offline(data)
        report(
            f"Tutor in many voices, {label}: the guard", list(v.sentence_figures(sentences).items())
        )
        report(f"Good-tutor model, {label}", list(v.good_tutor_figures(good).items()))
        report(
            f"Offline tutor on student messages, {label}", list(v.offline_figures(offline).items())
        )
        rows = []
        for language in ("en", "es"):
            for step in v.STEPS:
                mine = [o for o in sentences if (o.turn.language, o.turn.step) == (language, step)]
                attempts = [a for a in good if (a.language, a.step) == (language, step)]
                played = [
                    p for p in offline if (p.message.language, p.message.step) == (language, step)
                ]
                if not (mine or attempts or played):
                    continue
                feedback = [o for o in mine if o.good]
                parts = [o for o in mine if not o.good]
                genuine = [p for p in played if p.message.kind == "attempt"]
                requests = [p for p in played if p.message.kind == "request"]
                withheld = sum(not o.reached for o in feedback)
                refused = sum("refused" in p.failures for p in genuine)
                saved = sum("saved as a part" in p.failures for p in requests)
                good_refused = sum(a.refused for a in attempts)
                cells = [
                    f"good-tutor withheld {v.share(withheld, len(feedback))}",
                    f"parts shown {v.share(sum(o.reached for o in parts), len(parts))}",
                    f"good-tutor refused {v.share(good_refused, len(attempts))}",
                    f"offline refused {v.share(refused, len(genuine))}",
                    f"requests saved {v.share(saved, len(requests))}",
                ]
                rows.append((f"{language} {step}", "; ".join(cells)))
        report(f"Per step and language, {label}", rows)
    sessions = [v.cooperative_session(language) for language in ("en", "es")]
    report(
        "A cooperative student with the offline tutor",
        [
            (
                s.language,
                f"{s.messages} messages + {s.confirms} confirms, "
                f"{'finished' if s.finished else 'not finished'}, "
                f"weak tries met by a next step {s.weak_met}/{s.weak}",
            )
            for s in sessions
        ],
    )


if __name__ == "__main__":
    main()
