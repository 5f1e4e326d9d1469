"""Every command the README and the documentation pages (docs/**/*.md) show
with its output is run, and prints what the page says (durations, rates and
sizes masked: tests/doc_samples.py).

Each command runs in a fresh folder holding a link to the repository's
``assets/`` (samples name files like ``assets/aset/examples``), so what it
writes (``output/``, ``step3.png``) never lands in the clone. A sample that
reads a file of its own (``my-example.yaml``) gets it from SAMPLE_FILES.
"""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from doc_samples import Command, differences, samples

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
COMMANDS = [c for page in PAGES if page.exists() for c in samples(page, ROOT)]


def _failing_example(folder: Path) -> None:
    """The README's failing example: a built-in example whose first step
    targets a card the Soldier cannot reach."""
    source = ROOT / "assets" / "oriflamme" / "examples" / "ambush-opponent-soldier.yaml"
    data = yaml.safe_load(source.read_text(encoding="utf-8"))
    data["play"][0] = "red target 5"
    (folder / "my-example.yaml").write_text(yaml.safe_dump(data, allow_unicode=True,
                                                          sort_keys=False), encoding="utf-8")


SAMPLE_FILES = {"my-example.yaml": _failing_example}


def _run(command: Command, folder: Path) -> subprocess.CompletedProcess[str]:
    (folder / "assets").symlink_to(ROOT / "assets")
    for word in command.argv:
        if word in SAMPLE_FILES:
            SAMPLE_FILES[word](folder)
    env = {**os.environ, "COLUMNS": "100", "SOURCE_DATE_EPOCH": "1767225600"}
    argv = [sys.executable, "-m", "herald.generator.cli", *command.argv[1:]]
    return subprocess.run(argv, capture_output=True, text=True, cwd=folder, env=env,
                          timeout=600)


def test_the_readme_has_samples():
    assert len(COMMANDS) >= 10, [c.id for c in COMMANDS]
    assert all(c.argv[0] == "herald" for c in COMMANDS)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.id)
def test_sample_prints_what_the_documentation_says(command: Command, tmp_path: Path):
    result = _run(command, tmp_path)
    printed = (result.stdout + result.stderr).splitlines()
    problem = differences(command.expected, printed)
    assert problem is None, f"{command.id}: {problem}"
