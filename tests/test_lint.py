"""ruff and mypy, with the settings of pyproject.toml, find nothing: part of the
suite, so that the README's test command (and CI, which runs it) checks them.

mypy checks engine/ and generator/ with ``check_untyped_defs`` and the engine's
core modules under --strict's flags (pyproject.toml's overrides). Both tools are
in the ``test`` extra, at the versions the settings were written for.
"""
from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(tool: str, *args: str) -> subprocess.CompletedProcess[str]:
    if importlib.util.find_spec(tool) is None:
        pytest.skip(f"{tool} is not installed (it comes with pip install \".[test]\")")
    return subprocess.run([sys.executable, "-m", tool, *args], cwd=ROOT,
                          capture_output=True, text=True)


def test_ruff_finds_nothing():
    done = _run("ruff", "check", "--no-cache", ".")
    assert done.returncode == 0, done.stdout + done.stderr


def mypy_cache() -> list[str]:
    """mypy's incremental cache, kept beside Herald's other caches
    (``$HERALD_CACHE``, else ``~/.cache/herald``) rather than in the clone:
    a fresh clone (CI's) then checks only what changed since the last run
    instead of engine/, generator/ and their libraries' stubs from nothing
    (15 s of CPU against under 1). mypy checks each cached module's bytes,
    whatever its path; a module that changed is checked again."""
    root = os.environ.get("HERALD_CACHE")
    base = Path(root).expanduser() if root else \
        Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache").expanduser() / "herald"
    try:
        (base / "mypy").mkdir(parents=True, exist_ok=True)
    except OSError:
        return []               # mypy's own .mypy_cache in the clone, then
    return ["--cache-dir", str(base / "mypy")]


def test_mypy_finds_nothing():
    done = _run("mypy", *mypy_cache(), "engine", "generator")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("Success: no issues found"), done.stdout
