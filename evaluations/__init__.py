"""Evaluation data: hand-written cases the tests and benchmarks measure the offline judges on."""
