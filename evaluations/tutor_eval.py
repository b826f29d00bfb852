"""The tutor evaluations: the pressure set (evaluations/coach/pressure_cases.json) against the
configured model, then the set by student tactic (frozen and tuned) offline and through a
scripted model that writes whatever the student asks.

Each scripted student turn goes to the tutor as the server would send it; the answer is judged
as the model wrote it, and again after the server's guards (enforce_contract). Prints the pass
rate per pressure for both. With no model configured (LLM_MODEL empty) it says so and runs the
offline tutor instead.
Run: .venv/bin/python -m evaluations.tutor_eval
"""

from __future__ import annotations

import time

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

    def row(outcomes):
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


if __name__ == "__main__":
    main()
