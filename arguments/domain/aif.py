"""Chains in the Argument Interchange Format (AIF JSON), out and in. Framework-free.

Out: ``chain_aif`` maps a chain's components onto an AIF graph — each datum, the claim, the
warrant, the backing and each exception or counterexample of the rebuttal is an I-node; one
RA-node ("Default Inference") takes the data and the warrant as premises and concludes the
claim; a second RA-node takes the backing to the warrant; each rebuttal I-node attacks the
claim through its own CA-node ("Default Conflict"). What AIF has no place for (scope,
strengths, the qualifier, the verdict) rides along in a ``toulmin`` field on each I-node,
which AIF readers ignore; the data's citations and evidence type, which belong to the data as
a whole, ride once on the RA-node from the data to the claim. Nothing is dropped.

In: ``aif_import`` checks a document's structure (refusing it with a ``ToulminError`` that
names the node or edge at fault), finds the claim and its supporters and attackers, and
validates phase after phase with the chain's own rules, stopping at the first phase the
graph cannot fill. Every node it cannot use, and every value it had to assume, is reported
as a note with the node's id.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from arguments.domain.toulmin import (
    QUERY_MAX,
    QUERY_MIN,
    ChainState,
    Evaluation,
    ToulminError,
    apply_phase,
    evaluate,
)
from toulmini_site.text.storable import UNSTORABLE_MESSAGE, unstorable_paths

AIF_MAX_BYTES = 2 * 1024 * 1024
TIMESTAMP_FORMAT = "%Y-%m-%d %H:%M:%S"
INFERENCE = "Default Inference"
CONFLICT = "Default Conflict"
# The node types of AIF and its dialogue extension (AIF+); only I, RA and CA carry meaning
# for a Toulmin chain, the others are reported as unused.
NODE_TYPES = frozenset({"I", "RA", "CA", "MA", "PA", "L", "TA", "YA"})
# What an imported graph says about its data when it does not say it in ``toulmin`` fields.
ASSUMED_EVIDENCE = "documentary"
ASSUMED_SCOPE = "general"
ASSUMED_CITATION_SOURCE = "AIF document"


# -- out ----------------------------------------------------------------------------------


class AifGraph:
    """An AIF graph under construction: ids are "1", "2", ... in creation order."""

    def __init__(self, timestamp: str) -> None:
        self.timestamp = timestamp
        self.nodes: list[dict[str, Any]] = []
        self.edges: list[dict[str, Any]] = []

    def node(self, node_type: str, text: str, **toulmin: Any) -> str:
        node_id = str(len(self.nodes) + len(self.edges) + 1)
        node: dict[str, Any] = {
            "nodeID": node_id,
            "text": text,
            "type": node_type,
            "timestamp": self.timestamp,
        }
        if toulmin:
            node["toulmin"] = toulmin
        self.nodes.append(node)
        return node_id

    def edge(self, from_id: str, to_id: str) -> None:
        edge_id = str(len(self.nodes) + len(self.edges) + 1)
        self.edges.append({"edgeID": edge_id, "fromID": from_id, "toID": to_id, "formEdgeID": None})

    def support(self, premises: list[str], conclusion: str, **toulmin: Any) -> str:
        ra = self.node("RA", INFERENCE, **toulmin)
        for premise in premises:
            self.edge(premise, ra)
        self.edge(ra, conclusion)
        return ra

    def conflict(self, attacker: str, target: str) -> str:
        ca = self.node("CA", CONFLICT)
        self.edge(attacker, ca)
        self.edge(ca, target)
        return ca

    def document(self, **toulmin: Any) -> dict[str, Any]:
        return {"nodes": self.nodes, "edges": self.edges, "locutions": [], "toulmin": toulmin}


def _dump(component: Any, *exclude: str) -> dict[str, Any]:
    return component.model_dump(exclude=set(exclude))  # strings and numbers: JSON as it is


def chain_aif(state: ChainState, evaluation: Evaluation, *, created_at: datetime) -> dict[str, Any]:
    """The chain as an AIF JSON document ``{"nodes", "edges", "locutions": []}``.

    Node and edge ids are unique; every edge joins two of the nodes. The document also
    carries a ``toulmin`` field (query, status, termination reason) that AIF readers ignore.
    """
    graph = AifGraph(created_at.strftime(TIMESTAMP_FORMAT))
    document = {
        "query": state.query,
        "status": evaluation.status,
        "termination_reason": evaluation.termination_reason,
    }
    if state.claim is None or state.data is None:  # phase 1 gives both: nothing before it
        return graph.document(**document)
    extra = _dump(state.claim, "statement")
    if state.qualifier is not None:
        extra["qualifier"] = _dump(state.qualifier)
    if state.verdict is not None:
        extra["verdict"] = _dump(state.verdict)
    claim_id = graph.node("I", state.claim.statement, role="claim", **extra)
    # The citations and the evidence type are the data's as a whole: they ride once on the
    # inference from the data to the claim, not on each datum (a datum may cite nothing).
    grounds = {"role": "inference", **_dump(state.data, "facts")}
    premises = [graph.node("I", fact, role="datum") for fact in state.data.facts]
    if state.warrant is not None:
        extra = _dump(state.warrant, "principle")
        warrant_id = graph.node("I", state.warrant.principle, role="warrant", **extra)
        premises.append(warrant_id)
    graph.support(premises, claim_id, **grounds)
    if state.warrant is not None and state.backing is not None:
        extra = _dump(state.backing, "authority")
        backing_id = graph.node("I", state.backing.authority, role="backing", **extra)
        graph.support([backing_id], premises[-1])  # the warrant, the last premise
    if state.rebuttal is not None:
        strength = state.rebuttal.strength
        for kind, texts in (
            ("exception", state.rebuttal.exceptions),
            ("counterexample", state.rebuttal.counterexamples),
        ):
            for text in texts:
                attacker = graph.node("I", text, role="rebuttal", kind=kind, strength=strength)
                graph.conflict(attacker, claim_id)
    return graph.document(**document)


def texts_aif(
    *,
    query: str,
    claim: str,
    grounds: list[str],
    warrant: str,
    grounds_backing: str,
    warrant_backing: str,
    qualifier: str,
    rebuttal: str,
    created_at: datetime,
) -> dict[str, Any]:
    """An argument drafted as plain texts (the coach's seven steps) as an AIF document.

    The same mapping as ``chain_aif``; the backing of the grounds supports the grounds
    through its own RA-node, and the qualifier's text rides on the claim node. Empty parts
    are left out. No strengths are invented: importing it fills phase 1 and stops at phase 2.
    """
    graph = AifGraph(created_at.strftime(TIMESTAMP_FORMAT))
    if not claim.strip():
        return graph.document(query=query)
    extra = {"qualifier_text": qualifier.strip()} if qualifier.strip() else {}
    claim_id = graph.node("I", claim.strip(), role="claim", **extra)
    premises = [graph.node("I", g, role="datum") for g in grounds if g.strip()]
    if grounds_backing.strip() and premises:
        support = graph.node("I", grounds_backing.strip(), role="grounds_backing")
        for premise in premises:  # an RA-node concludes one node: one for each datum
            graph.support([support], premise)
    warrant_id = graph.node("I", warrant.strip(), role="warrant") if warrant.strip() else ""
    if premises or warrant_id:
        graph.support([*premises, *([warrant_id] if warrant_id else [])], claim_id)
    if warrant_backing.strip() and warrant_id:
        backing_id = graph.node("I", warrant_backing.strip(), role="backing")
        graph.support([backing_id], warrant_id)
    if rebuttal.strip():
        attacker = graph.node("I", rebuttal.strip(), role="rebuttal", kind="exception")
        graph.conflict(attacker, claim_id)
    return graph.document(query=query)


# -- in: structure ------------------------------------------------------------------------


def _refuse(message: str, *, loc: str, code: str = "INVALID_AIF") -> ToulminError:
    return ToulminError(message, code=code, details=[{"loc": loc, "msg": message}])


def _load(document: Any) -> dict[str, Any]:
    if isinstance(document, bytes | str):
        size = len(document.encode() if isinstance(document, str) else document)
        if size > AIF_MAX_BYTES:
            raise _refuse(
                f"The AIF document is {size:,} bytes; at most {AIF_MAX_BYTES:,} are accepted.",
                loc="(root)",
                code="AIF_TOO_LARGE",
            )
        try:
            document = json.loads(document)
        # ValueError: a number of more than 4,300 digits, which Python will not convert.
        except (json.JSONDecodeError, UnicodeDecodeError, RecursionError, ValueError) as exc:
            where = (
                f" at line {exc.lineno} column {exc.colno}"
                if isinstance(exc, json.JSONDecodeError)
                else ""
            )
            reason = (
                exc.msg
                if isinstance(exc, json.JSONDecodeError)
                else "nested too deeply"
                if isinstance(exc, RecursionError)
                else "not UTF-8"
                if isinstance(exc, UnicodeDecodeError)
                else "a number too long to read"
            )
            raise ToulminError(
                f"The AIF document is not valid JSON: {reason}{where}",
                code="INVALID_JSON",
                details=[{"loc": "(root)", "msg": f"invalid JSON: {reason}"}],
            ) from None
    if not isinstance(document, dict):
        raise _refuse(
            'An AIF document is a JSON object with "nodes" and "edges" lists.', loc="(root)"
        )
    unstorable = unstorable_paths(document)
    if unstorable:
        raise ToulminError(
            f"The AIF document is invalid — {UNSTORABLE_MESSAGE}",
            code="INVALID_INPUT",
            details=[{"loc": path, "msg": UNSTORABLE_MESSAGE} for path in unstorable[:20]],
        )
    for key in ("nodes", "edges"):
        if key not in document:
            raise ToulminError(
                f'The AIF document has no "{key}" list.',
                code="INVALID_AIF",
                missing=[key],
                details=[{"loc": key, "msg": "required"}],
            )
        if not isinstance(document[key], list):
            raise _refuse(f'"{key}" must be a list.', loc=key)
    if not isinstance(document.get("locutions", []), list):
        raise _refuse('"locutions" must be a list.', loc="locutions")
    if not isinstance(document.get("toulmin", {}), dict):
        raise _refuse('"toulmin" must be an object.', loc="toulmin")
    return document


def _identifier(value: Any, *, loc: str, what: str) -> str:
    # AIFdb writes ids as strings, some tools as numbers: both name the same node.
    if isinstance(value, str) and value.strip():
        return value.strip()
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() <= 64:
        return str(value)
    raise _refuse(f"{loc}: {what} must be a non-empty string or an integer.", loc=loc)


@dataclass
class _Node:
    id: str
    type: str
    text: str
    toulmin: dict[str, Any]


def _nodes(raw: list[Any]) -> dict[str, _Node]:
    nodes: dict[str, _Node] = {}
    for index, item in enumerate(raw):
        loc = f"nodes.{index}"
        if not isinstance(item, dict):
            raise _refuse(f"{loc}: a node must be a JSON object.", loc=loc)
        node_id = _identifier(item.get("nodeID"), loc=f"{loc}.nodeID", what="nodeID")
        if node_id in nodes:
            raise _refuse(f"Node id {node_id!r} is used twice.", loc=f"{loc}.nodeID")
        kind = item.get("type")
        if not isinstance(kind, str) or kind not in NODE_TYPES:
            raise _refuse(
                f"Node {node_id}: type {kind!r} is not an AIF node type "
                f"({', '.join(sorted(NODE_TYPES))}).",
                loc=f"{loc}.type",
            )
        text = item.get("text", "")
        if not isinstance(text, str) or (kind == "I" and not text.strip()):
            raise _refuse(
                f"Node {node_id}: text must be a string"
                + (" and an I-node's may not be empty." if kind == "I" else "."),
                loc=f"{loc}.text",
            )
        timestamp = item.get("timestamp")
        if timestamp is not None and not isinstance(timestamp, str):
            raise _refuse(f"Node {node_id}: timestamp must be a string.", loc=f"{loc}.timestamp")
        extra = item.get("toulmin")
        if extra is not None and not isinstance(extra, dict):
            raise _refuse(f"Node {node_id}: toulmin must be an object.", loc=f"{loc}.toulmin")
        # Trimmed as the schemas trim; inner line breaks are the author's and stay.
        nodes[node_id] = _Node(node_id, kind, text.strip(), extra or {})
    return nodes


def _edges(raw: list[Any], nodes: dict[str, _Node]) -> list[tuple[str, str]]:
    seen: set[str] = set()
    edges: list[tuple[str, str]] = []
    for index, item in enumerate(raw):
        loc = f"edges.{index}"
        if not isinstance(item, dict):
            raise _refuse(f"{loc}: an edge must be a JSON object.", loc=loc)
        edge_id = _identifier(item.get("edgeID"), loc=f"{loc}.edgeID", what="edgeID")
        if edge_id in seen:
            raise _refuse(f"Edge id {edge_id!r} is used twice.", loc=f"{loc}.edgeID")
        seen.add(edge_id)
        ends = []
        for key in ("fromID", "toID"):
            node_id = _identifier(item.get(key), loc=f"{loc}.{key}", what=key)
            if node_id not in nodes:
                raise _refuse(
                    f"Edge {edge_id}: {key} {node_id!r} is not the id of any node.",
                    loc=f"{loc}.{key}",
                )
            ends.append(node_id)
        source, target = ends
        if source == target:
            raise _refuse(f"Edge {edge_id} joins node {source} to itself.", loc=loc)
        if nodes[source].type == "I" and nodes[target].type == "I":
            raise _refuse(
                f"Edge {edge_id} joins I-nodes {source} and {target} directly; AIF relates "
                "I-nodes only through RA, CA, MA or PA nodes.",
                loc=loc,
            )
        edges.append((source, target))
    return edges


def _check_inferences(nodes: dict[str, _Node], edges: list[tuple[str, str]]) -> None:
    conclusions: dict[str, list[str]] = {}
    for source, target in edges:
        if nodes[source].type == "RA":
            conclusions.setdefault(source, []).append(target)
    for node_id, targets in conclusions.items():
        if len(targets) > 1:
            raise _refuse(
                f"RA-node {node_id} has {len(targets)} conclusions "
                f"({', '.join(targets)}); an inference concludes one node.",
                loc=f"node {node_id}",
            )


def _check_acyclic(nodes: dict[str, _Node], edges: list[tuple[str, str]]) -> None:
    """Refuse circular support (a node that, through RA-nodes, supports itself).

    Conflicts may be mutual (two claims attacking each other), so CA and PA edges are not
    followed.
    """
    following: dict[str, list[str]] = {}
    for source, target in edges:
        if "RA" in (nodes[source].type, nodes[target].type) or "MA" in (
            nodes[source].type,
            nodes[target].type,
        ):
            following.setdefault(source, []).append(target)
    state: dict[str, int] = {}  # 1 visiting, 2 done
    for start in nodes:
        if state.get(start):
            continue
        stack: list[tuple[str, int]] = [(start, 0)]
        path: list[str] = []
        while stack:
            node_id, index = stack.pop()
            if index == 0:
                state[node_id] = 1
                path.append(node_id)
            children = following.get(node_id, [])
            if index < len(children):
                stack.append((node_id, index + 1))
                child = children[index]
                if state.get(child) == 1:
                    cycle = [*path[path.index(child) :], child]
                    raise _refuse(
                        "The graph supports itself in a circle: nodes " + " → ".join(cycle) + ".",
                        loc=f"node {child}",
                    )
                if not state.get(child):
                    stack.append((child, 0))
            else:
                state[node_id] = 2
                path.pop()


# -- in: the Toulmin reading ----------------------------------------------------------------


@dataclass
class AifImport:
    """What a graph yields: the query, components phase by phase (validated), and notes."""

    query: str
    components: dict[str, dict[str, Any]]
    notes: list[dict[str, str]] = field(default_factory=list)


NOTE_TEXT_MAX = 80


class _Reader:
    def __init__(self, nodes: dict[str, _Node], edges: list[tuple[str, str]]) -> None:
        self.nodes = nodes
        self.notes: list[dict[str, str]] = []
        self.used: set[str] = set()
        # Indexed once: a 2 MB graph has some 10,000 nodes, too many to scan edges per node.
        self._into: dict[str, list[str]] = {}
        self._out: dict[str, list[str]] = {}
        for source, target in edges:
            self._into.setdefault(target, []).append(source)
            self._out.setdefault(source, []).append(target)

    def note(self, node_id: str, message: str) -> None:
        # The node's text (shortened) too: an id alone does not tell a person what was lost.
        text = " ".join(self.nodes[node_id].text.split())
        if len(text) > NOTE_TEXT_MAX:
            text = text[: NOTE_TEXT_MAX - 1].rstrip() + "…"
        self.notes.append({"node": node_id, "text": text, "msg": message})

    def into(self, node_id: str) -> list[str]:
        return self._into.get(node_id, [])

    def out_of(self, node_id: str) -> list[str]:
        return self._out.get(node_id, [])

    def _around(self, node_id: str, *, into: bool) -> set[str]:
        neighbours = self.into(node_id) if into else self.out_of(node_id)
        return {self.nodes[n].type for n in neighbours}

    def premises(self, conclusion: str) -> tuple[list[str], list[str]]:
        """The RA-nodes concluding ``conclusion`` and their I-node premises (in order)."""
        inferences = [n for n in self.into(conclusion) if self.nodes[n].type == "RA"]
        found: list[str] = []
        for ra in inferences:
            found += [p for p in self.into(ra) if self.nodes[p].type == "I" and p not in found]
        return inferences, found

    def attackers(self, target: str) -> list[str]:
        """The I-nodes attacking ``target`` through CA-nodes (each once, in order)."""
        found: list[str] = []
        for ca in self.into(target):
            if self.nodes[ca].type == "CA":
                found += [a for a in self.into(ca) if self.nodes[a].type == "I" and a not in found]
        return found

    def claim(self) -> str:
        marked = [
            n.id for n in self.nodes.values() if n.type == "I" and n.toulmin.get("role") == "claim"
        ]
        if marked:
            for extra in marked[1:]:
                self.note(extra, "a second node marked as the claim; only the first is used")
            return marked[0]
        # A conclusion of an inference that supports nothing further; failing that, a node
        # that is attacked and neither supports nor attacks anything.
        candidates = [
            n.id
            for n in self.nodes.values()
            if n.type == "I"
            and "RA" in self._around(n.id, into=True)
            and "RA" not in self._around(n.id, into=False)
        ] or [
            n.id
            for n in self.nodes.values()
            if n.type == "I"
            and "CA" in self._around(n.id, into=True)
            # (no I-node is an RA-node's conclusion here, so none supports another)
            and "CA" not in self._around(n.id, into=False)
        ]
        if not candidates:
            raise ToulminError(
                "The graph has no claim: no I-node is concluded by an RA-node (or attacked by "
                "a CA-node) without itself supporting or attacking another node.",
                code="AIF_NO_CLAIM",
                details=[{"loc": "nodes", "msg": "no claim"}],
            )
        # The conclusion with the most direct support is the main claim.
        candidates.sort(key=lambda n: -len(self.premises(n)[1]))
        for other in candidates[1:]:
            self.note(other, "another conclusion; a chain has one claim, so it is not used")
        return candidates[0]


def _node_of(loc: str, roles: dict[str, list[str]]) -> str:
    part, *rest = loc.split(".")
    ids = roles.get(part) or []
    # A datum is named by its index; any other part by its first node (an exception's text
    # cannot fail on its own: a blank I-node is refused before).
    if part == "data" and len(rest) > 1 and rest[0] == "facts" and rest[1].isdigit():
        index = int(rest[1])
        if index < len(ids):
            return ids[index]
    return ids[0] if ids else ""


def _with_nodes(error: ToulminError, roles: dict[str, list[str]]) -> list[dict[str, str]]:
    details = []
    for detail in error.details or [{"loc": "(root)", "msg": error.message}]:
        node = _node_of(detail["loc"], roles)
        details.append({**detail, "node": node} if node else dict(detail))
    return details


def _clean_query(candidate: Any, claim_text: str) -> str:
    if isinstance(candidate, str) and QUERY_MIN <= len(candidate.strip()) <= QUERY_MAX:
        return candidate.strip()
    return claim_text[:QUERY_MAX]


def aif_import(document: Any) -> AifImport:
    """Read an AIF document (bytes, text or a parsed object) as a Toulmin chain.

    Raises ``ToulminError`` when the document cannot be read as an argument: too large
    (``AIF_TOO_LARGE``), not JSON (``INVALID_JSON``), wrong structure, unknown node ids in
    edges, circular support (``INVALID_AIF``), no claim (``AIF_NO_CLAIM``), or data and
    claim that break the phase 1 schema (``INVALID_INPUT``, details naming the nodes).
    Later phases are filled while the graph allows; the rest is reported in ``notes``.
    """
    loaded = _load(document)
    nodes = _nodes(loaded["nodes"])
    edges = _edges(loaded["edges"], nodes)
    _check_inferences(nodes, edges)
    _check_acyclic(nodes, edges)
    reader = _Reader(nodes, edges)
    claim_id = reader.claim()
    claim_node = nodes[claim_id]
    asked = (loaded.get("toulmin") or {}).get("query")
    query = _clean_query(asked, claim_node.text)
    if asked is not None and query != (asked.strip() if isinstance(asked, str) else None):
        reader.note(
            claim_id,
            f"toulmin.query is not a text of {QUERY_MIN} to {QUERY_MAX:,} characters; "
            "the claim's text is the query",
        )

    inferences, supporters = reader.premises(claim_id)
    warrants = [p for p in supporters if nodes[p].toulmin.get("role") == "warrant"]
    data_ids = [p for p in supporters if p not in warrants]
    backing_ids: list[str] = []
    if warrants:
        for other in warrants[1:]:
            reader.note(other, "a second warrant; a chain has one, so it is not used")
        _, backing_ids = reader.premises(warrants[0])
    attacker_ids = reader.attackers(claim_id)
    exceptions = [a for a in attacker_ids if nodes[a].toulmin.get("kind") != "counterexample"]
    counterexamples = [a for a in attacker_ids if a not in exceptions]
    roles = {
        "data": data_ids,
        "claim": [claim_id],
        "warrant": warrants[:1],
        "backing": backing_ids[:1],
        "rebuttal": attacker_ids,
    }  # the qualifier and the verdict ride on the claim node: their errors are noted there
    if not data_ids:
        # A chain is a claim with its data: without a datum there is nothing to continue.
        raise ToulminError(
            f"The graph's claim (node {claim_id}, “{reader.nodes[claim_id].text[:80]}”) "
            "has no datum supporting it: a chain needs a claim and its data.",
            code="AIF_NO_CLAIM",
            details=[{"loc": "nodes", "msg": "the claim has no datum", "node": claim_id}],
        )
    phases, stop = _phase_payloads(reader, roles, exceptions, counterexamples, inferences)

    state = ChainState(query=query)
    for phase, payload in enumerate(phases, start=1):
        try:
            state = apply_phase(state, phase, payload)
        except ToulminError as error:
            details = _with_nodes(error, roles)
            if phase == 1:
                raise ToulminError(
                    "The data and claim found in the graph break the chain's rules — "
                    + "; ".join(f"node {d['node']} ({d['loc']}): {d['msg']}" for d in details),
                    code="INVALID_INPUT",
                    details=details,
                ) from None
            for detail in details:
                reader.note(
                    detail.get("node", claim_id),
                    f"phase {phase} not filled — {detail['loc']}: {detail['msg']}",
                )
            stop = None  # the phase's own errors are noted: no "left to you" on top
            break
        if evaluate(state).status == "terminated":
            stop = None
            break
    if stop is not None:
        reader.note(*stop)
    # The components as the schemas read them (trimmed), not as the graph spelled them.
    components = {name: value for name, value in state.as_json().items() if value is not None}
    for name in components:
        reader.used.update(roles.get(name, []))
    qualifier_text = claim_node.toulmin.get("qualifier_text")
    if "qualifier" not in components and isinstance(qualifier_text, str) and qualifier_text:
        reader.note(
            claim_id,
            f"qualifier_text “{qualifier_text[:80]}” not imported: the chain's qualifier "
            "(degree and confidence) is phase 3, left to you",
        )
    _note_unused(reader)
    return AifImport(query=query, components=components, notes=reader.notes)


def _phase_payloads(
    reader: _Reader,
    roles: dict[str, list[str]],
    exceptions: list[str],
    counterexamples: list[str],
    inferences: list[str],
) -> tuple[list[dict[str, Any]], tuple[str, str] | None]:
    """The payloads of phases 1, 2, ... as far as the graph gives them (the claim has data),
    and where they stop: (node, why the next phase is left to the user), or None."""
    nodes = reader.nodes
    claim = nodes[roles["claim"][0]]
    marks = claim.toulmin
    data_ids = roles["data"]
    out: list[dict[str, Any]] = []
    # The data's citations and evidence type: on the inference to the claim (as exported
    # here), else on the first datum (as earlier exports and other tools write them).
    marked = [nodes[n].toulmin for n in inferences if nodes[n].toulmin.get("role") == "inference"]
    first = marked[0] if marked else nodes[data_ids[0]].toulmin
    evidence = first.get("evidence_type")
    citations = first.get("citations")
    if evidence is None:
        evidence = ASSUMED_EVIDENCE
        reader.note(data_ids[0], f"no evidence type given; taken as '{ASSUMED_EVIDENCE}'")
    # The backing of the grounds (an I-node marked so, supporting a datum, as the coach writes
    # it) is what the data cite, as in the coach's own chain. Other sub-arguments are noted.
    grounds_backing = [
        b
        for d in data_ids
        for b in reader.premises(d)[1]
        if nodes[b].toulmin.get("role") == "grounds_backing"
    ]
    if citations is None and grounds_backing:
        citations = [
            {"source": nodes[b].text, "reference": f"I-node {b}"}
            for b in dict.fromkeys(grounds_backing)
        ]
        reader.used.update(grounds_backing)
    if citations is None:
        citations = [
            {"source": ASSUMED_CITATION_SOURCE, "reference": f"I-node {n}"} for n in data_ids
        ]
        reader.note(data_ids[0], "no citations given; each datum cites its node in the document")
    scope = marks.get("scope")
    if scope is None:
        scope = ASSUMED_SCOPE
        reader.note(claim.id, f"no scope given; taken as '{ASSUMED_SCOPE}'")
    data = {
        "facts": [nodes[n].text for n in data_ids],
        "citations": citations,
        "evidence_type": evidence,
    }
    out.append({"data": data, "claim": {"statement": claim.text, "scope": scope}})

    if not roles["warrant"]:
        return out, (claim.id, "no premise is marked as the warrant: phase 2 is left to you")
    warrant = nodes[roles["warrant"][0]]
    if not roles["backing"]:
        return out, (warrant.id, "nothing supports the warrant: phase 2 needs a backing")
    backing = nodes[roles["backing"][0]]
    out.append(
        {
            "warrant": {"principle": warrant.text, **_fields(warrant, "principle")},
            "backing": {"authority": backing.text, **_fields(backing, "authority")},
        }
    )

    if not exceptions and not counterexamples:
        return out, (claim.id, "nothing attacks the claim: phase 3 is left to you")
    if "qualifier" not in marks:
        return out, (claim.id, "the claim carries no qualifier: phase 3 is left to you")
    strengths = [nodes[a].toulmin.get("strength") for a in exceptions + counterexamples]
    rebuttal: dict[str, Any] = {
        "exceptions": [nodes[n].text for n in exceptions],
        "counterexamples": [nodes[n].text for n in counterexamples],
    }
    if strengths[0] is not None:
        rebuttal["strength"] = strengths[0]
    out.append({"rebuttal": rebuttal, "qualifier": marks["qualifier"]})
    if "verdict" not in marks:
        return out, (claim.id, "the claim carries no verdict: phase 4 is left to you")
    out.append({"verdict": marks["verdict"]})
    return out, None


def _fields(node: _Node, text_field: str) -> dict[str, Any]:
    return {k: v for k, v in node.toulmin.items() if k not in ("role", "kind", text_field)}


def _note_unused(reader: _Reader) -> None:
    # A node already noted (e.g. "phase 2 not filled") is not noted again as unused.
    noted = {note["node"] for note in reader.notes}
    for node in reader.nodes.values():
        if node.id in reader.used or node.id in noted or node.type in ("RA", "CA"):
            continue
        if node.type == "I":
            reader.note(node.id, "not imported into the chain")
        else:
            reader.note(node.id, f"{node.type}-node not used: a Toulmin chain has no place for it")
