"""The Toulmin values pages show (strengths, verdicts, qualifier degrees, evidence types...).

Chains store them in English, as the schemas name them; a page shows each through
``{% translate value %}``. Listing them here with ``gettext_noop`` puts them in the
translation catalogue. A fallacy finding's explanation is shown through
``fallacy_explanation``: its template (``arguments.domain.fallacies.explanations``, whose
English templates are the catalogue's msgids) in the reader's language.
"""

import copy
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext, gettext_noop

from arguments.domain.fallacies import FallacyFinding
from arguments.domain.fallacies.explanations import EXPLANATIONS, Explanation, wording
from arguments.domain.wording import SAID_FIELDS, render, shown


def said_shown(text: str, said: Mapping[str, Any] | None = None) -> str:
    """A sentence the offline engines wrote in the active language, the words it quotes as
    written. With ``said`` (a chain's stored keys and parameters, ``Chain.said``) it is written
    from what was stored, and a text with none there (a model's, a student's) is shown as it
    is; without (a council's error quoting the analyzer's refusal) its key is read back from
    the English (``arguments.domain.wording.shown``)."""
    if said is None:
        return shown(text, gettext)
    stored = said.get(text)
    return render(stored, gettext) if isinstance(stored, Mapping) else text


def chain_shown(data: dict[str, Any], said: Mapping[str, Any]) -> dict[str, Any]:
    """A chain's JSON (``ChainSerializer``) with the sentences the engines wrote in the active
    language, written from the chain's stored keys and parameters (``said``): the termination
    reason, the warrant, backing, rationale, verdict, the rebuttal's exceptions and the
    citations' sources and references. The stored chain keeps its English text beside them."""
    data = copy.deepcopy(data)

    def one(text: str) -> str:
        return said_shown(text, said)

    if data.get("termination_reason"):
        data["termination_reason"] = one(data["termination_reason"])
    for part, names in SAID_FIELDS.items():
        for name in names:
            if isinstance(data.get(part), dict) and isinstance(data[part].get(name), str):
                data[part][name] = one(data[part][name])
    if isinstance(data.get("warnings"), list):
        data["warnings"] = [one(str(w)) for w in data["warnings"]]
    rebuttal = data.get("rebuttal")
    if isinstance(rebuttal, dict) and isinstance(rebuttal.get("exceptions"), list):
        rebuttal["exceptions"] = [one(str(e)) for e in rebuttal["exceptions"]]
    for part in ("data", "backing"):
        component = data.get(part)
        if isinstance(component, dict) and isinstance(component.get("citations"), list):
            for citation in component["citations"]:
                if isinstance(citation, dict):
                    for name in ("source", "reference"):
                        if isinstance(citation.get(name), str):
                            citation[name] = one(citation[name])
    return data


def explanation_shown(said: Explanation) -> str:
    """One of the fallacy checker's explanations in the active language, the words it quotes
    from the text as they were found."""
    return wording(said.key, said.params, gettext)


def fallacy_explanation(finding: FallacyFinding) -> str:
    """A finding's explanation in the active language; a language model's own words, which
    name no explanation of the checker's, as written."""
    if finding.explanation_key not in EXPLANATIONS:
        return finding.explanation
    return explanation_shown(Explanation(finding.explanation_key, finding.explanation_params))


def finding_shown(finding: FallacyFinding) -> dict[str, object]:
    """A finding as the API and the MCP tool give it, in the active language: its label and the
    checker's explanation (the words it quotes as written); a language model's own
    explanation as it wrote it. ``type`` never changes."""
    return finding.model_dump() | {
        "label": gettext(finding.label),
        "explanation": fallacy_explanation(finding),
    }


SHOWN_VALUES = (
    # the four phases' names (arguments.domain.toulmin.PHASES)
    gettext_noop("Data and claim"),
    gettext_noop("Warrant and backing"),
    gettext_noop("Rebuttal and qualifier"),
    gettext_noop("Verdict"),
    # strengths (warrant, backing, rebuttal)
    gettext_noop("absolute"),
    gettext_noop("strong"),
    gettext_noop("weak"),
    gettext_noop("irrelevant"),
    # verdicts
    gettext_noop("sustained"),
    gettext_noop("overruled"),
    gettext_noop("remanded"),
    # qualifier degrees
    gettext_noop("certainly"),
    gettext_noop("presumably"),
    gettext_noop("probably"),
    gettext_noop("possibly"),
    gettext_noop("apparently"),
    # a strength not given (the qualifier's rationale names it)
    gettext_noop("missing"),
    # the languages the language check names (arguments.domain.language)
    gettext_noop("French"),
    gettext_noop("Spanish"),
    gettext_noop("Portuguese"),
    gettext_noop("German"),
    gettext_noop("Italian"),
    gettext_noop("Dutch"),
    # logic types
    gettext_noop("deductive"),
    gettext_noop("inductive"),
    gettext_noop("abductive"),
    # evidence types
    gettext_noop("empirical"),
    gettext_noop("statistical"),
    gettext_noop("testimonial"),
    gettext_noop("documentary"),
    gettext_noop("expert"),
    # claim scopes
    gettext_noop("universal"),
    gettext_noop("general"),
    gettext_noop("specific"),
    gettext_noop("singular"),
    # the named fallacies' labels (arguments.domain.fallacies.taxonomy)
    gettext_noop("Ad hominem"),
    gettext_noop("Appeal to emotion"),
    gettext_noop("Appeal to false authority"),
    gettext_noop("Appeal to popularity (ad populum)"),
    gettext_noop("Circular reasoning"),
    gettext_noop("Deductive error (fallacy of logic)"),
    gettext_noop("Equivocation"),
    gettext_noop("False cause"),
    gettext_noop("False dilemma"),
    gettext_noop("Hasty generalization"),
    gettext_noop("Intentional fallacy (loaded question, moving goalposts)"),
    gettext_noop("Red herring"),
    gettext_noop("Slippery slope"),
    gettext_noop("Straw man"),
    # their definitions, as the fallacy check page shows them
    gettext_noop("Attacking the person who makes an argument instead of the argument itself."),
    gettext_noop("Taking a claim to be true or good because many people believe or do it."),
    gettext_noop("Stirring up pity, fear, guilt or anger in place of giving reasons."),
    gettext_noop("Giving as a reason something that already assumes the conclusion."),
    gettext_noop("Using one word in two different senses so that the argument seems to follow."),
    gettext_noop("Relying on someone who is not an expert on the question, or on unnamed experts."),
    gettext_noop(
        "Replacing the other side's view with a weaker or extreme version and attacking that."
    ),
    gettext_noop("Bringing in a different subject to draw attention away from the question."),
    gettext_noop(
        "Concluding that one thing caused another only because it came first or "
        "happened together with it (post hoc)."
    ),
    gettext_noop("Presenting two options as the only ones when others exist."),
    gettext_noop("Drawing a conclusion about a whole group from too few cases, or from none."),
    gettext_noop("Claiming that one step will lead, through an unsupported chain, to disaster."),
    gettext_noop(
        "An argument whose form is invalid, such as affirming the consequent or an "
        "undistributed middle."
    ),
    gettext_noop(
        "A question that presupposes guilt, or a demand for evidence that changes once it is met."
    ),
    # engines, as audits store them
    gettext_noop("offline"),
    gettext_noop("llm"),
    gettext_noop("manual"),
)
