"""``{{ text|said:chain }}``: a sentence the offline engines wrote in one of the chain's fields,
in the reader's language, written from the key and parameters the chain stores
(``arguments.vocabulary.said_shown``); any other text as it is."""

from __future__ import annotations

from typing import Any

from django import template

from arguments.vocabulary import said_shown

register = template.Library()


@register.filter
def said(text: object, chain: Any = None) -> str:
    if not text:
        return ""
    stored = getattr(chain, "said", None)
    return said_shown(str(text), stored if isinstance(stored, dict) else None)
