"""``{{ text|said }}``: a sentence the offline engines wrote, in the reader's language
(``arguments.vocabulary.said_shown``); any other text as it is."""

from __future__ import annotations

from django import template

from arguments.vocabulary import said_shown

register = template.Library()


@register.filter
def said(text: object) -> str:
    return said_shown(str(text)) if text else ""
