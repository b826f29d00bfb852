"""How the rules and the encoder's sentence-role model combine on the claim, chosen by grouped
cross-validation on tuning data only.

Where the text marks no sentence as its claim (``reading.strongest_claims``: a marked claim
always wins and is not part of the search), ``reading.find_claim`` combines the rules' ranking
(``claim_score``) with the model's P(claim). A setting of the combination is five numbers, each
a genre-agnostic reason for the model to leave the rules' choice alone:

- ``lead``: the rules' claim stands when it leads the next sentence by this many points (None:
  never by its lead alone);
- ``margin``: the model overrules the rules' claim only when its own P(claim) of the sentence it
  prefers exceeds its P(claim) of the rules' claim by this much (0: whenever it prefers another);
- ``backed``: whether the rules' claim stands when it carries a stance or a conclusion marker
  ("should", "I believe", "so"...) though not strongly enough to be a marked claim;
- ``short``: in a text of at most this many sentences the model chooses only among the
  sentences sharing a stem with the query, when any does (0: never restricted);
- ``rules_upto``: in a text of at most this many sentences the rules' claim stands, if it scores
  above 0 (0: never).

The grid (``GRID``) was written and committed before any setting was scored on it.

Groups (each its own fold): the five web-discourse topics (each read by a model fitted on the
other four, as ``evaluations.analyzer_quality`` does), the tuning short arguments, the voices
dev half, and the two voices sets tuned on since they were frozen. Never a frozen set: the
frozen short arguments are scored once with the chosen setting, beside, and the newest voices
set is not read here at all.

Selection rule, fixed with the grid: on the training groups, a setting is eligible only if its
claim hits in every training group are at least the rules alone's; among the eligible, the
highest mean over the training genres (web, short arguments, voices: each its groups pooled) of
the claim hit wins; a tie goes to the earlier setting in ``GRID`` (the grid lists the settings
that leave more to the rules first). The rules alone are always eligible, so a fold without an
eligible setting falls back to them. Leave-one-group-out: for each group, the setting chosen
without it scores it; the shipped setting is the one chosen on all the groups.
Run: .venv/bin/python -m evaluations.claim_combination
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass


@dataclass(frozen=True)
class Setting:
    """One way the rules and the model combine on an unmarked claim (see the module's doc)."""

    lead: int | None
    margin: float
    backed: bool
    short: int
    rules_upto: int


# Written before the search. Conservative first (a tie goes to the earlier setting): a smaller
# lead keeps more rules' claims, a larger margin too, backed before not, a larger rules_upto.
LEADS = (2, 3, 4, 5, None)
MARGINS = (0.3, 0.2, 0.1, 0.0)
BACKED = (True, False)
SHORTS = (0, 6, 8)
RULES_UPTO = (6, 4, 0)
GRID = tuple(
    Setting(lead, margin, backed, short, rules_upto)
    for lead, margin, backed, short, rules_upto in itertools.product(
        LEADS, MARGINS, BACKED, SHORTS, RULES_UPTO
    )
)
# The setting shipped before this search (lead 4, the model free to overrule, subject restriction
# in texts of at most 6 sentences), scored beside the chosen one.
BEFORE = Setting(lead=4, margin=0.0, backed=False, short=6, rules_upto=0)
