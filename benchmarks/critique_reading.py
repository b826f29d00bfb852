"""One offline critique of a 4,000-character essay: its time, and how often it reads the text.

Run: ``.venv/bin/python -m benchmarks.critique_reading``

The offline council (six philosophers, depth 3, no model) critiques ``ESSAY`` (about 4,000
characters, written for this benchmark). Two figures:

1. the wall time of one critique, the median of the runs (after one run to warm the models
   and caches that load once per process);
2. how many times one critique calls each reader of the text: the sentence splitter
   (``toulmini_site.text.sentences.sentences``), the fallacy detector
   (``arguments.domain.fallacies.detector.detect_fallacies``), the sentence reading
   (``arguments.domain.reading.read``), counted by a profile hook on every thread, with the
   number of those calls given the whole document;
3. what embedding the essay's sentences costs, once per document (no judge of the offline
   critique asks for embeddings yet, so 1 does not include it).

The same file runs on an older commit (it imports only what the council had before), so the
two are measured back to back: ``git stash; git checkout <commit>; python -m
benchmarks.critique_reading`` (docs/benchmarks.md records both figures).
"""

from __future__ import annotations

import statistics
import sys
import threading
import time
from collections import Counter
from typing import Any

from benchmarks.harness import django_setup, ms, report, small

RUNS = 1 if small() else 5

ESSAY = """\
Should our town replace its Friday classes with a four-day school week? I believe it should \
not, and the reasons are in the numbers the district itself published.

According to the district's own report, pupils in the three pilot schools lost an average of \
nine minutes of reading instruction a day once the longer days began. The report found that \
the afternoon hours added to Monday through Thursday were spent mostly on supervision, not on \
teaching. In 2022 the pilot schools' reading scores fell by four points while the rest of the \
county held steady. Because tired children learn less in the last hour of a long day, \
stretching the day does not give back what the lost Friday takes away.

Of course, the families who support the change have real reasons. Some parents worry that \
the buses cost too much, and the district does spend about 1.2 million dollars a year on \
Friday transport. Admittedly, a shorter week would save part of that money. But the savings \
are small next to the cost of child care that working parents would have to pay on Fridays, \
which a survey by the parents' association put at 80 dollars a week for each family.

Supporters also say that teachers want the change. Yet the teachers' union never voted on it, \
and only a third of the staff answered the district's questionnaire. Everyone knows that a \
long weekend is pleasant, but a pleasant weekend is not an argument about learning. If we \
give up Fridays now, next year the board will cut Thursdays too, and soon our children will \
be at school three days a week and at home the rest.

In general, when a school reduces the time pupils spend with a teacher, the pupils who \
struggle most lose the most. The district's own figures show it: pupils who already needed \
reading support fell twice as far behind as their classmates in the pilot schools. A \
representative of the bus company, who is no expert on education, told the board that the \
change would be good for children; that is not evidence either way.

Some will answer that other countries run four-day weeks without harm. The studies they \
cite, however, describe rural districts where pupils travel for an hour each way, and our \
town is small enough to cross in fifteen minutes. A policy that helps pupils who spend two \
hours a day on a bus does not tell us what it would do for pupils who walk to school.

My neighbour's son was bored on his long days and stopped doing his homework, so the \
longer days clearly ruin children's motivation. That single case proves nothing on its own, \
and I do not rest my case on it. The district's numbers are enough.

A shorter week would also squeeze the subjects that already have the least time. When the \
pilot schools lengthened their days, music and physical education were moved to the last \
hour, and in two of the three schools they were dropped on Thursdays altogether. The board \
promised that no subject would lose time, yet its own timetable shows art down from two \
lessons a week to one. Either we keep every Friday or we give up on a broad education; \
there is no third way. Anyone who has watched a class of eight-year-olds at half past three \
knows how little of a long afternoon reaches them.

There is also the question of the lunch programme. About one pupil in five in our town \
depends on the free school lunch, and a fifth day without school is a fifth day without that \
meal. The district has not said how it would feed those children on Fridays, and no plan \
for it appears in the proposal.

Nor is the change easy to undo. Once the buses are sold and the Friday staff contracts end, \
bringing back a fifth day would cost more than keeping it would have.

Therefore the board should keep the five-day week, spend the transport savings it can find \
on shorter bus routes, and publish the pilot schools' full results before it asks the town \
to decide again. A decision this large should rest on what the evidence shows, not on what \
is convenient for the adults.
"""

# (module file ending, function name) -> the name the figures print.
READERS = {
    ("toulmini_site/text/sentences.py", "sentences"): "sentence splitting",
    ("arguments/domain/fallacies/detector.py", "detect_fallacies"): "fallacy detection",
    ("arguments/domain/reading.py", "read"): "sentence reading",
}


class ReadCounter:
    """Counts calls of the ``READERS`` on every thread, and those given the whole document."""

    def __init__(self, document: str) -> None:
        self.document = document
        self.calls: Counter[str] = Counter()
        self.whole: Counter[str] = Counter()
        self._lock = threading.Lock()

    def _hook(self, frame: Any, event: str, arg: Any) -> None:
        if event != "call":
            return
        code = frame.f_code
        for (ending, name), label in READERS.items():
            if code.co_name == name and code.co_filename.replace("\\", "/").endswith(ending):
                given = [v for v in frame.f_locals.values() if isinstance(v, str)]
                with self._lock:
                    self.calls[label] += 1
                    if any(v.strip() == self.document.strip() for v in given):
                        self.whole[label] += 1

    def __enter__(self) -> ReadCounter:
        sys.setprofile(self._hook)
        threading.setprofile(self._hook)
        return self

    def __exit__(self, *exc: object) -> None:
        sys.setprofile(None)
        threading.setprofile(None)


def main() -> None:
    django_setup()
    from council.services.critique_council import run_critique_council
    from toulmini_site.llm.offline import OfflineClient

    run_critique_council(ESSAY, client=OfflineClient(), max_depth=3)  # load once per process
    times = []
    for _ in range(RUNS):
        started = time.perf_counter()
        result = run_critique_council(ESSAY, client=OfflineClient(), max_depth=3)
        times.append(time.perf_counter() - started)
    with ReadCounter(ESSAY) as counter:
        run_critique_council(ESSAY, client=OfflineClient(), max_depth=3)
    rows = [
        ("essay", f"{len(ESSAY):,} characters"),
        (
            f"one critique ({RUNS} runs)",
            f"median {ms(statistics.median(times))} (min {ms(min(times))})",
        ),
        ("points", str(len(result["points"]))),
    ]
    for label in READERS.values():
        rows.append(
            (
                f"{label} per critique",
                f"{counter.calls[label]} ({counter.whole[label]} of the whole document)",
            )
        )
    rows.append(("embeddings of its sentences, once", _embedding_cost()))
    report("Offline critique of a 4,000-character essay", rows)


def _embedding_cost() -> str:
    """What a judge reading meaning would add once per document: the sentence encoder over
    the essay's sentences (loaded first, its cache emptied), on this process's BLAS threads."""
    try:
        from arguments.offline import document_reading
        from toulmini_site.text.encoder import default_encoder
    except ImportError:  # a commit before the encoder
        return "no encoder"
    encoder = default_encoder()
    encoder.cache.clear()
    reading = document_reading(ESSAY)
    before = encoder.tokens_encoded
    started = time.perf_counter()
    vectors = reading.embeddings
    elapsed = time.perf_counter() - started
    assert vectors is not None
    tokens = encoder.tokens_encoded - before
    return f"{ms(elapsed)} ({len(vectors)} sentences, {tokens} tokens)"


if __name__ == "__main__":
    main()
