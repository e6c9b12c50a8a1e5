"""Server mode for real: the same library code against a ``chroma run`` server on loopback."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner

from embeddings import CachedEmbedder, Embedder, EmbeddingCache, SentenceTransformerEmbedder
from skillrouter import IndexUnavailableError, Skill, SkillIndex, SkillLibrary, Store
from skillrouter.cli import cli
from tests_support_free_port import free_port  # noqa: F401  (replaced below)
