"""Numbers shown to people in the page's language: ``100,000`` in English, ``100.000`` in
Spanish. Limits are written with ``grouped`` (or ``grouped_lazy`` in a form's help text made at
import time), never with Python's ``f"{n:,}"``, which is English on every page."""

from __future__ import annotations

from django.utils.formats import number_format
from django.utils.functional import lazy


def grouped(value: int) -> str:
    """``value`` with the active language's thousands separator."""
    return number_format(value, force_grouping=True)


grouped_lazy = lazy(grouped, str)
