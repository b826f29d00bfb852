"""Every CSV a user downloads is written here, and no cell of it is a formula.

A spreadsheet reads a cell starting with ``=``, ``+``, ``-`` or ``@`` (or with a tab or a
carriage return before one) as a formula: an assignment titled ``=HYPERLINK(...)`` would run
in the reader's spreadsheet. ``csv_text`` and ``csv_response`` write each such text cell with
a leading ``'`` (OWASP's advice on CSV injection); numbers are written as they are.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from typing import Any

from django.http import HttpResponse

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def safe_cell(value: Any) -> Any:
    """The cell as text no spreadsheet evaluates; a number (or anything not text) as it is."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def csv_text(header: Sequence[Any], rows: Iterable[Sequence[Any]]) -> str:
    """The header and rows as CSV text, every cell made safe."""
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([safe_cell(value) for value in header])
    writer.writerows([safe_cell(value) for value in row] for row in rows)
    return out.getvalue()


def csv_response(
    filename: str, header: Sequence[Any], rows: Iterable[Sequence[Any]]
) -> HttpResponse:
    """A download of ``csv_text(header, rows)`` named ``filename``."""
    response = HttpResponse(csv_text(header, rows), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response
