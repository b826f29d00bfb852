"""How long an AI client waits for the MCP server: process start to the first tool answer.

Starts ``manage.py mcp_server`` through the real MCP client (STDIO) several times and times
the handshake and the first ``initiate_toulmin_sequence`` answer, then breaks the start-up
down (importing the server, building it, and ``django.setup()``, which the server runs only
on the first tool that needs the database) in fresh interpreters. The target is under
1 second to the first answer; the server's CPU time is printed too, as the wall time moves
with the machine's load.

    .venv/bin/python -m benchmarks.mcp [--runs N]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import anyio

from benchmarks.harness import ROOT, ms, report, small, summary_ms

QUERY = "Should cities replace diesel buses with electric buses?"
TARGET_SECONDS = 1.0

# What a fresh interpreter spends before the server can answer, step by step.
BREAKDOWN = """
import json, os, time
start = time.perf_counter()
from arguments.mcp import build_server
imported = time.perf_counter()
build_server()
built = time.perf_counter()
import django
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "toulmini_site.settings")
django.setup()
setup = time.perf_counter()
print(json.dumps([imported - start, built - imported, setup - built]))
"""


def server_env(database: Path) -> dict[str, str]:
    return {
        "DJANGO_SETTINGS_MODULE": "toulmini_site.settings",
        # The phase tools never open it; a throwaway file keeps the real database away.
        "DATABASE_URL": f"sqlite:///{database}",
        "LOG_LEVEL": "WARNING",
        "TOULMINI_MCP_USER": "benchmark",
    }


async def first_answer(env: dict[str, str]) -> tuple[float, float]:
    """Seconds from spawning the server to the handshake, and to the first tool answer."""
    from mcp import Client, StdioServerParameters

    params = StdioServerParameters(
        command=sys.executable, args=[str(ROOT / "manage.py"), "mcp_server"], env=env, cwd=ROOT
    )
    start = time.perf_counter()
    async with Client(params) as client:
        ready = time.perf_counter()
        result = await client.call_tool("initiate_toulmin_sequence", {"query": QUERY})
        answered = time.perf_counter()
    text = getattr(result.content[0], "text", "")
    if result.is_error or QUERY not in text:
        raise SystemExit(f"unexpected answer: {text[:200]}")
    return ready - start, answered - start


def children_cpu() -> float:
    """CPU seconds used by finished child processes (the servers, once the client reaped them)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def breakdown(env: dict[str, str]) -> list[float]:
    out = subprocess.run(
        [sys.executable, "-c", BREAKDOWN],
        cwd=ROOT,
        env={**os.environ, **env},
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=1 if small() else 5)
    runs = parser.parse_args().runs

    with tempfile.TemporaryDirectory() as tmp:
        env = server_env(Path(tmp) / "unused.sqlite3")
        anyio.run(first_answer, env)  # warm-up: bytecode caches, disk cache
        samples, cpu = [], []
        for _ in range(runs):
            before = children_cpu()
            samples.append(anyio.run(first_answer, env))
            cpu.append(children_cpu() - before)
        steps = [breakdown(env) for _ in range(runs)]

    handshakes = [s[0] for s in samples]
    answers = [s[1] for s in samples]
    worst = max(answers)
    report(
        f"MCP server over STDIO: start to first tool answer ({runs} runs, after 1 warm-up)",
        [
            ("start to handshake", summary_ms(handshakes)),
            ("start to first tool answer", summary_ms(answers)),
            ("each run (first answer)", ", ".join(ms(a) for a in answers)),
            ("server CPU per run (user+sys)", summary_ms(cpu)),
            ("load average (1 min, 2 cores)", f"{os.getloadavg()[0]:.2f}"),
            ("target", f"< {ms(TARGET_SECONDS)}: {'met' if worst < TARGET_SECONDS else 'MISSED'}"),
        ],
    )
    report(
        "Where the start-up goes (fresh interpreter, in-process)",
        [
            ("import arguments.mcp (MCP SDK)", summary_ms([s[0] for s in steps])),
            ("build_server()", summary_ms([s[1] for s in steps])),
            ("django.setup() (first save/export/fallacy call)", summary_ms([s[2] for s in steps])),
        ],
    )


if __name__ == "__main__":
    main()
