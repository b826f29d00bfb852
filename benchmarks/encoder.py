"""The sentence encoder: load and verification time, and milliseconds per token on one core.

Run: ``.venv/bin/python -m benchmarks.encoder``

1. Verifying the two files' digests (about 91 MB hashed) and loading the weights: once per
   process.
2. Encoding 64 sentences of essay length (about 25 tokens each) in batches, the cache cleared
   before each repeat: milliseconds per token through the network on one core (the BLAS
   libraries are held to one thread before numpy is imported), the median of the repeats.
3. The same sentences again: from the cache.
"""

from __future__ import annotations

import os

# One core: set before numpy (and its BLAS) is first imported.
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import statistics  # noqa: E402
import time  # noqa: E402

from benchmarks.harness import ms, report, small  # noqa: E402
from toulmini_site.text import encoder as encoder_module  # noqa: E402

REPEATS = 1 if small() else 5

_WORDS = (
    "the council should fund the new library because pupils who read at home score higher "
    "in every test the county has run since the survey began in two thousand and nine"
).split()


def essay_sentences(count: int = 64) -> list[str]:
    """``count`` distinct sentences of 16 to 26 words (deterministic)."""
    out = []
    for n in range(count):
        length = 16 + n % 11
        words = [_WORDS[(n * 7 + i * 3) % len(_WORDS)] for i in range(length)]
        out.append(" ".join(words).capitalize() + f" (case {n}).")
    return out


def main() -> None:
    started = time.perf_counter()
    directory = encoder_module.encoder_directory()
    encoder_module.verify_directory(directory)
    verified = time.perf_counter()
    encoder = encoder_module.SentenceEncoder(directory)
    loaded = time.perf_counter()

    sentences = essay_sentences()
    per_token, tokens = [], 0
    for _ in range(REPEATS):
        encoder.cache.clear()
        before = encoder.tokens_encoded
        start = time.perf_counter()
        encoder.encode(sentences)
        elapsed = time.perf_counter() - start
        tokens = encoder.tokens_encoded - before
        per_token.append(elapsed / tokens)
    start = time.perf_counter()
    encoder.encode(sentences)
    cached = time.perf_counter() - start

    report(
        "Sentence encoder (all-MiniLM-L6-v2, numpy, one core)",
        [
            ("verify both digests", ms(verified - started)),
            ("load the weights", ms(loaded - verified)),
            (
                f"{len(sentences)} sentences, {tokens} tokens",
                f"{statistics.median(per_token) * 1000:.2f} ms per token (median of {REPEATS})",
            ),
            ("the same sentences from the cache", ms(cached)),
        ],
    )


if __name__ == "__main__":
    main()
