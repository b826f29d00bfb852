"""The audit graph: one auditor node per criterion in parallel, merged by reducers, then a report.

``START --Send per criterion--> assess (xN, in parallel) --> report --> END``

Auditor nodes receive the model client from ``audit_graph_build`` and never touch the
database; the service that runs the graph saves what it streams out. The security
criterion's answer is floored by the deterministic pattern checks (``security_floor``): an
instruction injected into the document targets the very model asked to find it. Updates from
the parallel nodes are merged by the reducers declared on ``AgentState`` (``merge_evidences``,
``merge_criterion_results``); a structurally wrong update raises ``StateMergeError``, which
stops the graph and comes out of ``invoke()``/``stream()`` unchanged.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from typing import TYPE_CHECKING, Any, TypedDict, cast

from arguments.domain.document import DocumentReading
from arguments.offline import document_reading
from council.domain.audit.analyzers import assess, security_floor
from council.domain.audit.offline import AUDIT_PURPOSE
from council.domain.audit.prompts import criterion_messages
from council.domain.audit.report import audit_report
from council.domain.audit.state import (
    AgentState,
    Criterion,
    CriterionAssessment,
    CriterionResult,
    Evidence,
    JudicialOpinion,
)
from council.services import offline
from council.services.prompts import prompt_text
from toulmini_site.llm import LLMClient, LLMError

if TYPE_CHECKING:
    from langchain_core.runnables import RunnableConfig
    from langgraph.graph.state import CompiledStateGraph


class AssessTask(TypedDict):
    """What one auditor node receives through ``Send``."""

    document: JudicialOpinion
    criterion: Criterion


def audit_graph_build(
    *, client: LLMClient, reading: DocumentReading | None = None
) -> CompiledStateGraph:
    """The compiled audit graph, its auditor nodes calling ``client``; the offline auditors
    share ``reading``, the run's one reading of the document (each criterion makes its own
    without it).

    langgraph is imported here, not with the module: the services (and so the admin, loaded
    by every ``django.setup()``, the MCP server's included) import this module, and langgraph
    takes about a second to import.
    """
    from langgraph.graph import END, START, StateGraph
    from langgraph.types import Send

    # Annotated loosely: langgraph reads these hints at run time, and Send is imported here.
    def fan_out(state: AgentState) -> list[Any] | str:
        criteria = state["criteria"]
        if not criteria:
            return "report"
        return [Send("assess", {"document": state["document"], "criterion": c}) for c in criteria]

    # The parameter is named ``state`` as langgraph's node protocol names it (for the type
    # checker); what a Send passes is one criterion's task.
    def assess_criterion(state: AssessTask) -> dict[str, Any]:
        document, criterion = state["document"], state["criterion"]
        try:
            answer = client.answer(
                purpose=AUDIT_PURPOSE,
                schema=CriterionAssessment,
                offline=partial(
                    offline.audit_assessment,
                    text=document.text,
                    criterion=criterion,
                    reading=reading,
                ),
                messages=lambda: criterion_messages(
                    document, criterion, template=prompt_text("audit_criterion")
                ),
                inputs={
                    "text": document.text,
                    "criterion_id": criterion.id,
                    "criterion_name": criterion.name,
                    "analyzer": criterion.analyzer,
                },
            )
        except LLMError as exc:
            return {"failures": {criterion.id: str(exc)}}
        if criterion.is_security:
            checks = assess(text=document.text, analyzer="security", criterion_name=criterion.name)
            answer = security_floor(answer, checks)
        result = CriterionResult(
            criterion_id=criterion.id,
            numeric_score=answer.numeric_score,
            reasoning=answer.reasoning,
            security_violation_found=answer.security_violation_found,
            relevance_confidence=answer.relevance_confidence,
        )
        return {
            "criterion_results": {criterion.id: result},
            "evidences": {criterion.id: list(answer.evidence)},
        }

    def report(state: AgentState) -> dict[str, Any]:
        return {"report": audit_report(state)}

    graph = StateGraph(AgentState)
    graph.add_node("assess", assess_criterion)
    graph.add_node("report", report)
    graph.add_conditional_edges(START, fan_out, ["assess", "report"])
    graph.add_edge("assess", "report")
    graph.add_edge("report", END)
    return graph.compile()


OnResult = Callable[[str, CriterionResult | None, list[Evidence], str], None]


def audit_graph_run(
    *,
    client: LLMClient,
    document: JudicialOpinion,
    criteria: Sequence[Criterion],
    on_result: OnResult | None = None,
) -> AgentState:
    """Run the audit and return the final state (``report`` is None when nothing was scored).

    ``on_result(criterion_id, result, evidence, error)`` is called in the caller's thread as
    each criterion finishes (``result`` None and ``error`` set when it failed), so a service
    can show progress. All criteria run at once (``max_concurrency`` = their number).
    Raises ``DocumentError`` (``DOCUMENT_LANGUAGE_NOT_READ``), before any criterion, when the
    client is the offline engine and the document is in a language it cannot read.
    """
    client.reads(document.text, offline=offline.require_readable)
    # One reading of the document for every criterion: the chain's reading of its sentences
    # is computed once, when the first criterion that needs it asks.
    graph = audit_graph_build(client=client, reading=document_reading(document.text))
    state: AgentState = {
        "document": document,
        "criteria": list(criteria),
        "evidences": {},
        "criterion_results": {},
        "failures": {},
        "report": None,
    }
    config: RunnableConfig = {"max_concurrency": max(1, len(criteria))}
    final: AgentState = state
    for mode, chunk in graph.stream(state, config, stream_mode=["updates", "values"]):
        if mode == "values":
            final = cast(AgentState, chunk)  # "values" streams the whole state
            continue
        update = chunk.get("assess") if isinstance(chunk, dict) else None
        if update and on_result is not None:
            for criterion_id, message in update.get("failures", {}).items():
                on_result(criterion_id, None, [], message)
            for criterion_id, result in update.get("criterion_results", {}).items():
                on_result(criterion_id, result, update["evidences"][criterion_id], "")
    return final
