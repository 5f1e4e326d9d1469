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

import contextlib
import fcntl
import hashlib
import os
import pickle
import re
from pathlib import Path

import pypdf
from pypdf.generic import DecodedStreamObject, NameObject

# one call of the visitor: the text, the graphics matrix (cm), the text
# matrix (tm), the font size, as pypdf gives them (the font is left out)
Run = tuple[str, tuple[float, ...], tuple[float, ...], float]
# a page: its height in points, and its runs in the order of its content
Page = tuple[float, tuple[Run, ...]]


# A line of a page's content made only of numbers and operators that build,
# paint or colour a path (a diagram's thousands of lines): nothing pypdf's
# text visitor reads (it follows q/Q, cm, the text operators and Do), and
# four parsed objects in five on a page of diagrams. A line with a string,
# an array or a name is always kept.
_PATH_LINE = re.compile(
    rb"^(?:[ \t]*(?:[-+]?(?:\d+\.?\d*|\.\d+)|m|l|c|v|y|h|re|S|s|f\*?|F|B\*?|b\*?|n|W\*?"
    rb"|w|J|j|M|d|i|rg|RG|g|G|k|K|sc|SC)(?=[ \t\r\n]|$))+[ \t\r]*(?:\n|\Z)", re.MULTILINE)


def text_only(content: bytes) -> bytes:
    """A page's ``content`` without its path lines (:data:`_PATH_LINE`)."""
    return _PATH_LINE.sub(b"", content)


def _stream(data: bytes, entries=()) -> DecodedStreamObject:
    """A stream of ``data`` with the other ``entries`` of a stream's dictionary."""
    stream = DecodedStreamObject()
    stream.update({k: v for k, v in entries if k not in ("/Filter", "/DecodeParms", "/Length")})
    stream.set_data(data)
    return stream


def _forms_text_only(resources, done: dict) -> None:
    """Each form XObject in ``resources`` (and in theirs) put back as its
    content's :func:`text_only` (a card sheet places each face as a form);
    ``done``: the forms already put back, by their object's identity."""
    forms = resources.get("/XObject") if resources is not None else None
    if forms is None:
        return
    forms = forms.get_object()
    for name in list(forms):
        form = forms[name]          # the object, not its reference
        if form.get("/Subtype") != "/Form":
            continue
        if id(form) not in done:
            done[id(form)] = _stream(text_only(form.get_data()), form.items())
            _forms_text_only(form.get("/Resources"), done)
        forms[NameObject(name)] = done[id(form)]


def read_runs(path: Path, *, plain: bool = False) -> tuple[Page, ...]:
    """Every page's runs, read by pypdf now, faster than pypdf alone reads
    them and the same (tests/test_text_runs.py): the path lines of pages and
    forms left out first (:func:`text_only`), each font read once
    (:func:`_fonts_read_once`). ``plain``: as pypdf alone reads them."""
    reader = pypdf.PdfReader(path)
    if plain:
        return tuple(_page_runs(page) for page in reader.pages)
    forms: dict[int, DecodedStreamObject] = {}
    pages = []
    with _fonts_read_once():
        for page in reader.pages:
            content = page.get_contents()
            if content is not None:
                page[NameObject("/Contents")] = _stream(text_only(content.get_data()))
            _forms_text_only(page.get("/Resources"), forms)
            pages.append(_page_runs(page))
    return tuple(pages)


def _page_runs(page) -> Page:
    runs: list[Run] = []

    def visit(chars, cm, tm, font, size):
        runs.append((chars, tuple(float(v) for v in cm), tuple(float(v) for v in tm),
                     float(size)))
    page.extract_text(visitor_text=visit)
    return float(page.mediabox.height), tuple(runs)


@contextlib.contextmanager
def _fonts_read_once():
    """pypdf reads a font (its ToUnicode map above all) again on every page
    that uses it, over half of its time on a sheet of cards: for the time of
    a read, each font dictionary is read once (pypdf keeps one object per
    PDF object, so the same font is the same dictionary). A pypdf without
    ``Font.from_font_resource`` reads as it does."""
    cls = getattr(getattr(pypdf.generic, "_font", None), "Font", None)
    original = getattr(cls, "__dict__", {}).get("from_font_resource")
    if not isinstance(original, classmethod):
        yield
        return
    made = cls.from_font_resource
    seen: dict[int, tuple] = {}

    def once(pdf_font_dict):
        key = id(pdf_font_dict)
        if key not in seen:     # the dictionary kept with it: its id stays its own
            seen[key] = (pdf_font_dict, made(pdf_font_dict))
        return seen[key][1]
    cls.from_font_resource = staticmethod(once)
    try:
        yield
    finally:
        cls.from_font_resource = original


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
