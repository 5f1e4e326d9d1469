"""ruff and mypy, with the settings of pyproject.toml, find nothing: part of the
suite, so that the README's test command (and CI, which runs it) checks them.

mypy checks engine/ and generator/ with ``check_untyped_defs`` and the engine's
core modules under --strict's flags (pyproject.toml's overrides). Both tools are
in the ``test`` extra, at the versions the settings were written for.
"""
from __future__ import annotations

import importlib.util
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


def test_mypy_finds_nothing():
    done = _run("mypy", "engine", "generator")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout.startswith("Success: no issues found"), done.stdout
