"""Checks shared by the tests that install a game package and build its kit:
the preflight every PDF of a kit passes (qpdf --check, every font embedded,
poppler silent), each skipped, saying why, where its tool is missing."""
from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

QPDF = shutil.which("qpdf")
POPPLER = shutil.which("pdftoppm") and shutil.which("pdffonts")


def preflight(pdf: Path, tmp: Path) -> list[str]:
    """Each problem of ``pdf``: qpdf's check, a font not embedded, a word
    from poppler while drawing it (at a low resolution: the words are what
    counts)."""
    problems = []
    if QPDF:
        run = subprocess.run([QPDF, "--check", str(pdf)], capture_output=True, text=True)
        if run.returncode != 0 or "No syntax or stream encoding errors" not in run.stdout:
            problems.append(f"{pdf.name}: qpdf: {(run.stdout + run.stderr)[-300:]}")
    if POPPLER:
        run = subprocess.run(["pdffonts", str(pdf)], capture_output=True, text=True)
        for row in run.stdout.splitlines()[2:]:
            if row.split()[-5] != "yes":
                problems.append(f"{pdf.name}: font not embedded: {row}")
        tmp.mkdir(parents=True, exist_ok=True)
        run = subprocess.run(["pdftoppm", "-r", "10", "-png", str(pdf), str(tmp / pdf.stem)],
                             capture_output=True, text=True)
        if run.returncode != 0 or run.stderr:
            problems.append(f"{pdf.name}: poppler: {run.stderr[:300]}")
    return problems


def need_tools():
    if not QPDF or not POPPLER:
        pytest.skip("qpdf and poppler-utils are not installed (apt-get install qpdf "
                    "poppler-utils; .ci/run does it)")
