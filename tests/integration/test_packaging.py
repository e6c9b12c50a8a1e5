"""The wheel installs beside the PyPI distributions named ``eval`` and ``embeddings``.

The repository keeps ``embeddings/`` and ``eval/`` as top-level folders, but they install as
``skillrouter.embeddings`` and ``skillrouter.eval``: a wheel that put top-level packages named
``embeddings`` or ``eval`` into site-packages would overwrite (or be overwritten by) those
distributions. The test builds the wheel, installs it with the two PyPI packages into one
folder, and imports every module of ours from there, with ``python -S`` so nothing of the
development checkout (its editable install) is visible.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NEIGHBOURS = ("eval", "embeddings")  # PyPI distributions whose names our folders share


def _pip(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "pip", *args, "--disable-pip-version-check", "-q"],
        check=False,
        capture_output=True,
        text=True,
    )


def _stand_in(name: str, folder: Path) -> Path:
    """A minimal wheel owning a top-level package ``name`` (used only where PyPI is unreachable)."""
    src = folder / f"src-{name}"
    (src / name).mkdir(parents=True)
    (src / name / "__init__.py").write_text("WHO = 'stand-in'\n")
    (src / "pyproject.toml").write_text(
        f'[project]\nname = "{name}"\nversion = "0"\n[build-system]\nrequires = ["setuptools"]\n'
        'build-backend = "setuptools.build_meta"\n'
    )
    done = _pip("wheel", "--no-deps", "--no-build-isolation", "-w", str(folder), str(src))
    assert done.returncode == 0, done.stderr
    return next(folder.glob(f"{name}-*.whl"))


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """(target folder holding our wheel + the neighbours, our wheel)."""
    work = tmp_path_factory.mktemp("wheel")
    built = _pip("wheel", "--no-deps", "--no-build-isolation", "-w", str(work / "dist"), str(ROOT))
    assert built.returncode == 0, built.stderr
    wheel = next((work / "dist").glob("skillrouter-*.whl"))
    target = work / "site"
    neighbours: list[str] = list(NEIGHBOURS)
    fetched = _pip("download", "--no-deps", "-d", str(work / "pypi"), *NEIGHBOURS)
    if fetched.returncode != 0:  # no registry: the collision is still tested, with stand-ins
        neighbours = [str(_stand_in(name, work / "pypi")) for name in NEIGHBOURS]
    else:
        neighbours = [str(p) for p in (work / "pypi").iterdir()]
    done = _pip("install", "--no-deps", "--target", str(target), str(wheel), *neighbours)
    assert done.returncode == 0, done.stderr
    return target, wheel


def test_the_wheel_owns_no_top_level_name_but_skillrouter(installed: tuple[Path, Path]) -> None:
    _, wheel = installed
    tops = {name.split("/")[0] for name in zipfile.ZipFile(wheel).namelist()}
    assert {t for t in tops if not t.endswith((".dist-info", ".data"))} == {"skillrouter"}
    names = zipfile.ZipFile(wheel).namelist()
    assert "skillrouter/embeddings/__init__.py" in names
    assert "skillrouter/eval/data/builtin_queries.jsonl" in names
    assert any(n.startswith("skillrouter/examples/skills/") and n.endswith("SKILL.md") for n in names)


def test_every_module_imports_beside_the_neighbours(installed: tuple[Path, Path]) -> None:
    target, _ = installed
    site = sysconfig.get_paths()["purelib"]  # the dependencies (numpy, chromadb, ...), without .pth files
    code = (
        "import importlib, pkgutil, sys\n"
        "import skillrouter\n"
        "assert skillrouter.__file__.startswith(sys.argv[1]), skillrouter.__file__\n"
        "mods = [m.name for m in pkgutil.walk_packages(skillrouter.__path__, 'skillrouter.')]\n"
        "for m in mods: importlib.import_module(m)\n"
        "import embeddings\n"
        "assert embeddings.__file__.startswith(sys.argv[1] + '/embeddings/'), embeddings.__file__\n"
        "from skillrouter.eval.loading import builtin_queries\n"
        "assert builtin_queries().is_file()\n"
        "print(len(mods))\n"
    )
    env = {"PYTHONPATH": f"{target}:{site}", "HF_HUB_OFFLINE": "1", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        [sys.executable, "-S", "-c", code, str(target)],
        capture_output=True,
        text=True,
        env=env,
        cwd=target,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert int(done.stdout.strip()) >= 40  # every module of skillrouter, .embeddings, .eval and .agent


def test_every_sub_package_is_listed_for_the_wheel() -> None:
    """pyproject.toml lists packages by hand (embeddings/ and eval/ install inside skillrouter): a
    new sub-package left off the list would be missing from the wheel."""
    import tomllib

    root = Path(__file__).resolve().parents[2]
    listed = set(
        tomllib.loads((root / "pyproject.toml").read_text("utf-8"))["tool"]["setuptools"]["packages"]
    )
    found = set()
    for package, folder in (
        ("skillrouter", root / "skillrouter"),
        ("skillrouter.embeddings", root / "embeddings"),
        ("skillrouter.eval", root / "eval"),
    ):
        for init in folder.rglob("__init__.py"):
            parts = init.parent.relative_to(folder).parts
            if "examples" not in parts:
                found.add(".".join([package, *parts]))
    assert found == listed
