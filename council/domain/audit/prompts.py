"""The prompt for one criterion: the rubric's instructions, then every user-supplied field
(the document, its case id and court) inside the one prompt fence."""

from __future__ import annotations

from string import Template

from council.domain.audit.state import Criterion, JudicialOpinion
from toulmini_site.text.fence import fence


def criterion_messages(
    document: JudicialOpinion, criterion: Criterion, *, template: str
) -> list[dict[str, str]]:
    """System instructions from ``template`` (``council/prompts/audit_criterion.txt``, passed
    in by the service) and the document as data."""
    system = Template(template).safe_substitute(
        criterion_name=criterion.name,
        criterion_description=criterion.description or "(no description)",
        is_security="yes" if criterion.is_security else "no",
    )
    user = "The document to audit, with its case id and court:\n\n" + fence(
        {
            "case_id": document.case_id,
            "court_name": document.court_name,
            "document": document.text,
        }
    )
    return [{"role": "system", "content": system}, {"role": "user", "content": user}]
