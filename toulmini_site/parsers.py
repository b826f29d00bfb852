"""The API's request-body parsers (``REST_FRAMEWORK["DEFAULT_PARSER_CLASSES"]``).

A module of its own: DRF reads that setting while ``rest_framework.views`` loads, so the
parser cannot live in ``toulmini_site.api``, which imports the views.
"""

from __future__ import annotations

from rest_framework import exceptions, parsers


class InvalidJson(exceptions.ParseError):
    # The shared error handler turns default_code into the answer's "code".
    default_code = "invalid_json"


class JSONParser(parsers.JSONParser):
    """DRF's JSON parser, answering 400 ``INVALID_JSON`` for a body nested too deep to read.

    ``json.loads`` raises ``RecursionError`` (not a ``ValueError``) on ``[[[[…`` a few
    thousand deep, which DRF would let through as a 500.
    """

    def parse(self, stream, media_type=None, parser_context=None):
        try:
            return super().parse(stream, media_type, parser_context)
        except RecursionError:
            raise InvalidJson(
                "The request body is not valid JSON: it is nested too deeply."
            ) from None
