"""What pypdf's text visitor reports on every page of a PDF, read once a
session for every test that reads that PDF.

The rules booklets are read piece by piece, with each piece's matrices, by
test_booklets.py (where each example lies, the body's size, the last page's
fill), test_issue33_print.py (every page's fill) and test_small_type.py
(every piece's printed size): pypdf's pass over a booklet's content costs a
second or more, the same for each of them. ``conftest.text_runs`` keeps each
PDF's answer in a folder the workers share, as the kit itself is shared.
"""
from __future__ import annotations

import fcntl
import hashlib
import os
import pickle
from pathlib import Path

import pypdf

# one call of the visitor: the text, the graphics matrix (cm), the text
# matrix (tm), the font size, as pypdf gives them (the font is left out)
Run = tuple[str, tuple[float, ...], tuple[float, ...], float]
# a page: its height in points, and its runs in the order of its content
Page = tuple[float, tuple[Run, ...]]


def read_runs(path: Path) -> tuple[Page, ...]:
    """Every page's runs, read by pypdf now."""
    pages = []
    for page in pypdf.PdfReader(path).pages:
        runs: list[Run] = []

        def visit(chars, cm, tm, font, size, runs=runs):
            runs.append((chars, tuple(float(v) for v in cm), tuple(float(v) for v in tm),
                         float(size)))
        page.extract_text(visitor_text=visit)
        pages.append((float(page.mediabox.height), tuple(runs)))
    return tuple(pages)


class SharedRuns:
    """``runs(path)``: a PDF's pages as :func:`read_runs` gives them, read
    once for the session: kept in this process and in ``folder``, which the
    workers share (the first to ask reads, the others wait and load). For
    the session's own PDFs, which do not change during it."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.seen: dict[Path, tuple[Page, ...]] = {}

    def __call__(self, path: Path) -> tuple[Page, ...]:
        path = Path(path).resolve()
        if path not in self.seen:
            self.seen[path] = self._shared(path)
        return self.seen[path]

    def _shared(self, path: Path) -> tuple[Page, ...]:
        self.folder.mkdir(parents=True, exist_ok=True)
        key = hashlib.sha256(os.fsencode(path)).hexdigest()[:24]
        saved = self.folder / f"{key}.pickle"
        with open(self.folder / f"{key}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if saved.exists():
                return pickle.loads(saved.read_bytes())
            pages = read_runs(path)
            temporary = saved.with_suffix(".partial")
            temporary.write_bytes(pickle.dumps(pages))
            temporary.rename(saved)
            return pages
