"""Import cycles among the project's modules, counting imports inside functions (an import
moved into a function to dodge a cycle is still that cycle); imports only for type checking
are left out. Run as ``python -m tests.architecture.cycles`` from a project root, it prints
each cycle (a strongly connected group of modules) as a JSON list, one per line."""

from __future__ import annotations

import json
import sys

import grimp

PACKAGES = ("toulmini_site", "arguments", "coach", "council", "tools")


def import_cycles(packages: tuple[str, ...] = PACKAGES) -> list[list[str]]:
    """Every group of two or more modules that import each other, directly or round about,
    each sorted, the groups sorted."""
    graph = grimp.build_graph(*packages, exclude_type_checking_imports=True, cache_dir=None)
    modules = sorted(m for m in graph.modules if ".migrations." not in m)
    edges = {m: sorted(graph.find_modules_directly_imported_by(m) & set(modules)) for m in modules}
    return _strongly_connected(edges)


def _strongly_connected(edges: dict[str, list[str]]) -> list[list[str]]:
    """Tarjan's algorithm, iterative: the groups of more than one node."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on_stack: set[str] = set()
    stack: list[str] = []
    groups: list[list[str]] = []
    counter = 0
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(edges[root]))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(edges[child])))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                parent = work[-1][0]
                low[parent] = min(low[parent], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))
    return sorted(groups)


if __name__ == "__main__":
    for group in import_cycles():
        sys.stdout.write(json.dumps(group) + "\n")
