"""Every command the README and the documentation pages (docs/**/*.md) show
with its output is run, and prints what the page says (durations, rates and
sizes masked: tests/doc_samples.py).

Each command runs in a fresh folder holding a link to the repository's
``assets/`` (samples name files like ``assets/aset/examples``), so what it
writes (``output/``, ``step3.png``) never lands in the clone. A sample that
reads a file of its own (``my-example.yaml``) gets it from SAMPLE_FILES.
The README's ``herald build``, the cards page's ``herald cards oriflamme
--lang en`` and the rules page's ``herald rules oriflamme --lang en
--booklet`` are the session's whole kit, deck and rules (conftest.py's
``whole_kit``, ``oriflamme_deck`` and ``oriflamme_rules``, run the same
way), which other tests read.
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
import yaml
from conftest import RULES_SAMPLE, run_sample
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
# samples that are the session's shared fixtures (conftest.py), run the same way
SHARED = {("herald", "build"): "whole_kit",
          ("herald", "cards", "oriflamme", "--lang", "en"): "oriflamme_deck",
          ("herald", *RULES_SAMPLE): "oriflamme_rules"}


def _run(command: Command, folder: Path, request) -> subprocess.CompletedProcess[str]:
    if command.argv in SHARED:          # run once for the session, read by other tests too
        return request.getfixturevalue(SHARED[command.argv])[1]
    for word in command.argv:
        if word in SAMPLE_FILES:
            SAMPLE_FILES[word](folder)
    return run_sample(command.argv[1:], folder)


def test_the_readme_has_samples():
    assert len(COMMANDS) >= 10, [c.id for c in COMMANDS]
    assert all(c.argv[0] == "herald" for c in COMMANDS)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c.id)
def test_sample_prints_what_the_documentation_says(command: Command, tmp_path: Path,
                                                  request):
    result = _run(command, tmp_path, request)
    printed = (result.stdout + result.stderr).splitlines()
    problem = differences(command.expected, printed)
    assert problem is None, f"{command.id}: {problem}"
