"""Finding English interface text in a page rendered in Spanish.

What a reader sees of a page is its text nodes plus the attributes read aloud or shown
(``title``, ``placeholder``, ``aria-label``, ``alt``, ``data-label``, a submit input's
``value``), outside ``script``, ``style`` and ``textarea`` (what the user typed) and
outside any element whose ``lang`` names another language or that says ``translate="no"``.
A piece of it is untranslated when it is, whole, an English message of our catalogue, or
when it holds a word that is English and never Spanish.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

PO_FILE = Path(__file__).resolve().parents[2] / "locale" / "es" / "LC_MESSAGES" / "django.po"

# Common English words that are not Spanish words (so "no", "a", "me", "general", "total",
# "error", "final" are left out). A Spanish page holding one of them shows English.
ENGLISH_WORDS = frozenset(
    """
    the and of to your you with for is are this that from by on it its not all new save
    run back log sign page yet here there be have was were will can or an at as if
    more than what which who when where how why we our my their they them been do does
    did open show add edit delete remove return turn join class classes student students
    teacher teachers assignment assignments submission submissions chain chains
    critiques audit audits argument arguments password account language settings feedback
    draft score text data claim warrant backing rebuttal qualifier verdict phase step steps
    none nothing only also each every before after again still just then up out about
    into over under until while because so but would should could may might must please
    found into any some none create created send sent check checks checking write written
    read reading choose chosen change changed name names work works due late publish
    published started start continue done complete completed failed running queued pending
    saved home help yes cancel next previous older newer points comment comments
    overall engine rubric criterion criteria weight evidence source query title document
    upload file files reset email e-mail link expired allowed request wrong something went
    """.split()
)

SKIPPED_ELEMENTS = {"script", "style", "textarea", "template"}
VOID = {
    "area",
    "base",
    "br",
    "col",
    "embed",
    "hr",
    "img",
    "input",
    "link",
    "meta",
    "source",
    "track",
    "wbr",
}
# data-label: a reflowing table shows it beside each cell on a phone.
READ_ATTRIBUTES = ("title", "placeholder", "aria-label", "alt", "data-label")


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool]] = []  # (tag, hidden from the check)
        self.found: list[str] = []

    def _hidden(self) -> bool:
        return bool(self.stack) and self.stack[-1][1]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = dict(attrs)
        lang = (values.get("lang") or "").lower()
        hidden = (
            self._hidden()
            or tag in SKIPPED_ELEMENTS
            or values.get("translate") == "no"
            # Parts in another language say so with ``lang`` (the page's own, on <html>, is
            # checked by the tests themselves).
            or bool(tag != "html" and lang and not lang.startswith("es"))
        )
        if not hidden and tag != "html":
            for name in READ_ATTRIBUTES:
                if values.get(name):
                    self.found.append(values[name] or "")
            if tag == "input" and (values.get("type") or "") in ("submit", "button"):
                self.found.append(values.get("value") or "")
        if tag not in VOID:
            self.stack.append((tag, hidden))

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag: str) -> None:
        # Tolerate unclosed elements (<li>, <p>): pop back to the matching tag.
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                del self.stack[i:]
                return

    def handle_data(self, data: str) -> None:
        if not self._hidden():
            self.found.append(data)


def visible_texts(html: str) -> list[str]:
    """The page's visible pieces of text, white space collapsed, empty ones left out."""
    reader = _Reader()
    reader.feed(html)
    reader.close()
    texts = (" ".join(t.split()) for t in reader.found)
    return [t for t in texts if t]


def english_messages() -> set[str]:
    """The catalogue's English messages whose Spanish differs (plain text, tags stripped)."""
    text = PO_FILE.read_text(encoding="utf-8")
    found = set()
    entry = re.compile(
        r'^msgid ((?:".*"\n)+)(?:msgid_plural (?:".*"\n)+)?msgstr(?:\[0\])? ((?:".*"\n)+)', re.M
    )
    for m in entry.finditer(text):
        msgid, msgstr = (_unquote(m.group(1)), _unquote(m.group(2)))
        plain = " ".join(re.sub(r"<[^>]+>|%\(\w+\)s|%s|%d", " ", msgid).split())
        if msgid and msgstr and msgstr != msgid and len(plain) > 1:
            found.add(plain)
    return found


def _unquote(block: str) -> str:
    joined = "".join(re.findall(r'"((?:[^"\\]|\\.)*)"', block))
    return re.sub(r"\\(.)", lambda m: {"n": "\n", "t": "\t"}.get(m.group(1), m.group(1)), joined)


def untranslated(html: str, messages: set[str] | None = None) -> list[str]:
    """Each piece of the page's visible text that is English."""
    messages = english_messages() if messages is None else messages
    flagged = []
    for text in visible_texts(html):
        words = {w.lower() for w in re.findall(r"[^\W\d_]+(?:['’-][^\W\d_]+)*", text)}
        if text in messages or words & ENGLISH_WORDS:
            flagged.append(text)
    return flagged
