"""A real MCP client session against ``skillrouter mcp``, printed as a transcript.

    python examples/mcp_session.py                  # a fresh store of the 16 example skills
    python examples/mcp_session.py --store DIR      # an existing store (an outcome is recorded in it!)

The client is the MCP SDK's own, the server a subprocess speaking stdio, exactly as Claude
Code or Hermes Agent would start it. The session lists the tools, searches, loads the matched
skill, reads one of its files, records an outcome (then ``skillrouter show --json`` in another
process shows it), asks for an unknown skill (a tool error), and lists and reads resources.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from mcp import Client, StdioServerParameters

TASK = "the GitHub Actions build went red after I bumped numpy"
SKILLS = Path(__file__).resolve().parents[1] / "skillrouter" / "examples" / "skills"


def skillrouter_command() -> list[str]:
    beside = Path(sys.executable).parent / "skillrouter"
    found = str(beside) if beside.exists() else shutil.which("skillrouter")
    return [found] if found else [sys.executable, "-m", "skillrouter.cli"]


def say(line: str) -> None:
    print(line, flush=True)


def show(store: Path, name: str) -> dict[str, Any]:
    out = subprocess.run(
        [*skillrouter_command(), "show", name, "--level", "0", "--json", "--store", str(store)],
        check=True,
        capture_output=True,
        text=True,
    )
    return dict(json.loads(out.stdout))


async def session(store: Path) -> None:
    command = skillrouter_command()
    params = StdioServerParameters(
        command=command[0],
        args=[*command[1:], "mcp", "--store", str(store)],
        env={"HF_HUB_OFFLINE": "1", "TOKENIZERS_PARALLELISM": "false"},
    )
    say(f"$ {' '.join([*command, 'mcp', '--store', str(store)])}   (started by the client, over stdio)")
    started = time.perf_counter()
    async with Client(params, read_timeout_seconds=120) as client:
        say(f"connected in {time.perf_counter() - started:.1f} s")

        tools = await client.list_tools()
        say("\n> tools/list")
        for tool in tools.tools:
            say(f"  {tool.name}({', '.join(tool.input_schema['properties'])})")

        say(f"\n> tools/call search_skills query={TASK!r} k=3")
        started = time.perf_counter()
        found = (await client.call_tool("search_skills", {"query": TASK, "k": 3})).structured_content or {}
        say(f"  ({time.perf_counter() - started:.2f} s, the model loading in the background at start)")
        say(f"  matched: {found['matched']}  threshold {found['threshold']} ({found['threshold_source']})")
        for c in found["candidates"]:
            say(
                f"  {c['name']:<28} similarity {c['similarity']:.3f}  keyword {c['keyword']:.2f}  relevance "
                f"{c['relevance']:.3f}  quality {c['quality']:.2f}  score {c['score']:.3f}  "
                f"passes_gate {c['passes_gate']}"
            )
        name = found["matched"]

        started = time.perf_counter()
        again = (
            await client.call_tool("search_skills", {"query": TASK + " on windows", "k": 3})
        ).structured_content
        say(
            f"  (a second search, warm: {(time.perf_counter() - started) * 1000:.0f} ms; matched "
            f"{again['matched']})"
        )

        say(f"\n> tools/call load_skill name={name!r}")
        loaded = (await client.call_tool("load_skill", {"name": name})).structured_content or {}
        say(f"  version {loaded['version']}, {loaded['use_count']} uses, files {loaded['files']}")
        for line in loaded["skill_md"].splitlines()[:6]:
            say(f"  | {line}")
        say("  | ...")

        other = "analyze-web-server-logs"
        say(f"\n> tools/call read_skill_file name={other!r} path='scripts/top_errors.sh'")
        text = await client.call_tool("read_skill_file", {"name": other, "path": "scripts/top_errors.sh"})
        say(
            f"  is_error {text.is_error}; {len(text.content[0].text)} characters; first line: "  # type: ignore[union-attr]
            f"{text.content[0].text.splitlines()[0]!r}"
        )  # type: ignore[union-attr]

        say(f"\n> tools/call record_outcome name={name!r} score=9 task={TASK!r}")
        before = show(store, name)["use_count"]
        recorded = (
            await client.call_tool("record_outcome", {"name": name, "score": 9, "task": TASK})
        ).structured_content or {}
        say(f"  {recorded}")
        after = show(store, name)
        say(f"$ skillrouter show {name} --level 0 --json   (another process, while the server runs)")
        say(f"  use_count {before} -> {after['use_count']}, avg_score {after['avg_score']}")

        for call, args in (
            ("load_skill", {"name": "no-such-skill"}),
            ("read_skill_file", {"name": other, "path": "../debug-failing-ci/SKILL.md"}),
            ("record_outcome", {"name": name, "score": 11}),
            ("search_skills", {"query": "   "}),
        ):
            say(f"\n> tools/call {call} {args}")
            result = await client.call_tool(call, args)
            say(f"  is_error {result.is_error}: {result.content[0].text}")  # type: ignore[union-attr]

        resources = await client.list_resources()
        templates = await client.list_resource_templates()
        say(f"\n> resources/list: {len(resources.resources)} skills, e.g. {resources.resources[0].uri}")
        say(f"> resources/templates/list: {[t.uri_template for t in templates.resource_templates]}")
        read = await client.read_resource(f"skill://{name}")
        say(
            f"> resources/read skill://{name}: {read.contents[0].mime_type}, "
            f"{len(read.contents[0].text)} characters"
        )  # type: ignore[union-attr]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--store", type=Path, default=None, help="An existing store (default: a fresh one).")
    args = parser.parse_args()
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    if args.store is not None:
        asyncio.run(session(args.store))
        return
    with tempfile.TemporaryDirectory() as tmp:
        store = Path(tmp) / "store"
        say(f"$ skillrouter import {SKILLS} --store {store}")
        subprocess.run(
            [*skillrouter_command(), "import", str(SKILLS), "--store", str(store)],
            check=True,
            stdout=subprocess.DEVNULL,
        )
        asyncio.run(session(store))


if __name__ == "__main__":
    main()
