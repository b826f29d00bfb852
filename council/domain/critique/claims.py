"""What the offline philosophers' own rules write (``offline``), as templates read back from
the stored English (``toulmini_site.text.wording``), so a critique's page and API show each
rule's finding in the reader's language; the words quoted from the document (the matched
term, a clause, an earlier sentence) stay as written. The English is what the critique
stores; every template here is the same sentence an offline rule writes, and the tests check
that each reads back whole."""

from __future__ import annotations

from council.domain.critique.offline import _REPAIR, _WHERE, NO_GROUNDING, PHILOSOPHERS
from toulmini_site.text.wording import Catalogue

_RULES = {
    f"rule.{p.name}.{i}": rule.claim.replace("{term}", "%(term)s")
    for p in PHILOSOPHERS.values()
    for i, rule in enumerate(p.rules)
}
# Two rules may say the same sentence; one template each is enough.
_SENTENCES = {text: key for key, text in _RULES.items()}

CLAIMS = Catalogue(
    {
        **{key: text for text, key in _SENTENCES.items()},
        "narrowed": (
            "Within the quote, the clause \"%(clause)s\" carries the problem ('%(term)s'): "
            "%(where)s."
        ),
        "repair": (
            "The words at fault are '%(term)s' and those around it; to repair them, %(repair)s."
        ),
        "no_grounding": (
            f"{NO_GROUNDING}: the document offers no observation, example or data in support "
            "of its claims."
        ),
        "purpose": (
            "The document states no purpose (final cause); its end must be inferred from the "
            "opening."
        ),
        "structure": (
            "The argument is one undivided block; premises and conclusion are not distinguished."
        ),
        "contradiction": (
            "Possible contradiction: this asserts '%(second)s' where an earlier sentence "
            "(\"%(earlier)s\") asserts '%(first)s' about the same subject."
        ),
        "inconsistency": (
            "Inconsistent duties: this prescribes the opposite of an earlier maxim "
            '("%(earlier)s"); both cannot be universal laws.'
        ),
    },
    {
        **{f"where.{area}": text for area, text in _WHERE.items()},
        **{f"repair.{area}": text for area, text in _REPAIR.items()},
    },
    nested=frozenset({"where", "repair"}),
)
