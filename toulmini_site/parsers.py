"""The API's request-body parsers (``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``).

A module of its own: DRF reads that setting while ``rest_framework.views`` loads, so the
parser cannot live in ``toulmini_site.api``, which imports the views.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, Any

from rest_framework import exceptions, parsers

from toulmini_site.text.storable import UNSTORABLE_MESSAGE, unstorable_paths


class InvalidJson(exceptions.ParseError):
    # The shared error handler turns default_code into the answer's "code".
    default_code = "invalid_json"


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, answering 400 for a body it must not pass on:

    - ``INVALID_JSON`` for a body nested too deep to read (``json.loads`` raises
      ``RecursionError``, not a ``ValueError``, on ``[[[[…`` a few thousand deep);
    - ``INVALID_INPUT`` with each field's path for text holding NUL or a lone surrogate,
      whatever field it is in (phase payloads and AIF nodes are free-form JSON).
    """

    def parse(
        self,
        stream: IO[Any],
        media_type: str | None = None,
        parser_context: Mapping[str, Any] | None = None,
    ) -> Any:
        try:
            data = super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise InvalidJson(
                "The request body is not valid JSON: it is nested too deeply."
            ) from None
        paths = unstorable_paths(data)
        if paths:
            raise exceptions.ValidationError({path: [UNSTORABLE_MESSAGE] for path in paths[:20]})
        return data
