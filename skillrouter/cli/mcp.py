"""The ``skillrouter mcp`` command: serve a store to MCP clients over stdio.

The MCP SDK is imported only when the command runs, so the other commands never pay for it.
"""

from __future__ import annotations

from pathlib import Path

import click

from skillrouter.cli.common import ledger_url, make_store_options, threshold_option
from skillrouter.embeddings import BACKEND_ENV, BACKENDS, Backend
from skillrouter.errors import SkillRouterError
from skillrouter.library import SkillLibrary
from skillrouter.routing.scoring import DEFAULT_THRESHOLD

INSTALL_HINT = "the MCP server needs the 'mcp' package: pip install 'mcp>=2.3,<3'"


@click.command("mcp")
@click.option(
    "--threshold",
    type=float,
    default=None,
    callback=threshold_option,
    help=f"Relevance the best candidate must reach to be matched (default {DEFAULT_THRESHOLD} "
    "for the default model).",
)
@click.option(
    "--backend",
    type=click.Choice(BACKENDS),
    default=None,
    envvar=BACKEND_ENV,
    help="What runs the embedding model: onnx (ONNX Runtime: faster per search on a CPU, no torch "
    "in the process) or torch (sentence-transformers: a CUDA GPU, any model). Default: onnx for "
    "the default model, torch for another --model. Same answers.",
)
@make_store_options(json_flag=False)
def mcp_cmd(
    threshold: float | None,
    backend: Backend | None,
    store: Path | None,
    chroma_url: str | None,
    model: str | None,
) -> None:
    """Serve the store to an MCP client over stdio (tools: search_skills, load_skill,
    read_skill_file, record_outcome; resources: skill://NAME and skill://NAME/PATH).

    stdout carries the protocol; logs go to stderr. Run it from an MCP client's config,
    e.g. 'claude mcp add skillrouter -- skillrouter mcp --store DIR'."""
    try:
        from skillrouter.mcp_server import serve
    except ImportError as err:
        if (err.name or "").split(".")[0] in ("mcp", "mcp_types"):
            raise SkillRouterError(INSTALL_HINT) from None
        raise

    ledger = ledger_url()  # read here: the opener may run where the command's context is not

    def opener() -> SkillLibrary:
        return SkillLibrary.open(
            store,
            create=False,
            chroma_url=chroma_url,
            ledger_url=ledger,
            model=model,
            backend=backend,
            threshold=threshold,
            hold_index_lock=False,
        )

    serve(opener)
