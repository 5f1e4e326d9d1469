"""A web page's drawings, smaller: every element its drawings repeat (a
card's frame in the same place of the queue, a slot's number, a family's
emblem placed the same way) is defined once in the page's shared
definitions and placed where it recurs with ``<use>``.

The SVG canvas writes one element a line; an element written the same way
twice draws the same thing (its transform is in its own attributes), so a
line met again on the page becomes ``<use href="#rN"/>``, which inherits the
fonts and colours of where it is placed as the original would. Only
self-contained elements without an id are shared, never what a drawing's own
``<defs>`` hold (its clip paths); the numbering follows the page's order, so
the same page gives the same bytes.

A ``<use>`` places an element, never a group of ``<use>``: a browser draws
each ``<use>`` as a copy of its own, and a ``<use>`` inside what it copies
as another, apart; a chapter whose repeated runs of elements were groups of
``<use>`` took a phone's browser seconds more to show than the same drawings
with one level (benchmarks/web_first_render.py). Its bytes are saved
otherwise: the strokes' round joins are the stylesheet's (:func:`round_joins`)
and a worked example's diagrams wait to be drawn (web.py).
"""
from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from functools import lru_cache

from .svgcanvas import SharedDefs

# a drawing's element on one line: a shape, a run of text, a placed form
_ELEMENT = re.compile(r"^(\s*)(<(rect|path|text|use|circle|ellipse|line|polygon|polyline)\b"
                      r"(?![^\n]*\sid=)[^\n]*?(?:/>|</text>))$", re.M)
MIN_SHARED = 40             # shorter elements cost more as a <use> than written out


_NUMBER = re.compile(r"-?\d+\.\d{2,}")
# a number in a tag, or (left as it is) what follows a tag up to the next one
# when it holds a digit: a drawing's words
_IN_TAGS = re.compile(r"(?:\A|>)[^<\d]*\d[^<]*|(-?\d+\.\d{2,})")
# a number as written → to a tenth (a build meets a few thousand)
_TENTHS: dict[str, str] = {}


def _tenth(m: re.Match) -> str:
    number = m.group(1)
    if number is None:
        return m.group(0)
    text = _TENTHS.get(number)
    if text is None:
        text = f"{round(float(number), 1):.1f}".rstrip("0").rstrip(".")
        if len(_TENTHS) > 100_000:
            _TENTHS.clear()
        text = _TENTHS[number] = "0" if text == "-0" else text
    return text


def coarse(svg: str) -> str:
    """The drawing's coordinates to a tenth of a point (a seventh of a
    pixel at the printed size), in its tags only: its words stay as written.
    Elements drawn almost alike become alike, and are shared."""
    return _IN_TAGS.sub(_tenth, svg)


_STROKED = re.compile(r'<(?:rect|path|circle|ellipse|line|polygon|polyline|text)\b[^>]*'
                      r'\sstroke="[^"]*"[^>]*>')


def round_joins(svg: str) -> str:
    """The drawing's strokes with round joins and caps by default (the
    stylesheet sets them on every drawing, edition.css): the round ones
    written no more, a stroke of other corners said so. Nearly every stroke
    of the kits is round; said on each, it weighed a twentieth of a page."""
    def one(m: re.Match) -> str:
        tag = m.group(0)
        for prop, default in (("stroke-linejoin", "miter"), ("stroke-linecap", "butt")):
            if f' {prop}="round"' in tag:
                tag = tag.replace(f' {prop}="round"', "", 1)
            elif f" {prop}=" not in tag:
                end = -2 if tag.endswith("/>") else -1
                tag = f'{tag[:end]} {prop}="{default}"{tag[end:]}'
        return tag
    return _STROKED.sub(one, svg)


def share_repeats(html: str, defs: SharedDefs, prefix: str = "r") -> str:
    """``html`` with its drawings' coordinates :func:`coarse` and each
    drawing element it repeats defined once in ``defs`` and placed by
    ``<use>``.

    A page's drawings repeat most of their lines (a card's frame, a form's
    shapes), so each distinct line is made coarse and read as an element
    once (:class:`_Tidy`); the page is taken apart into its drawings' lines
    once, and put back together once."""
    tidy = _TIDY
    tidy.bound()
    between: list[str] = []             # the page between its drawings
    # each drawing: its rows (see _Tidy.row), or its parts (a drawing with
    # its own <defs>: those as written, the rest as rows)
    drawings: list[tuple[bool, list]] = []
    pos = 0
    for start, end in _drawings(html):
        between.append(html[pos:start])
        pos = end
        drawings.append(tidy.drawing(html[start:end]))
    between.append(html[pos:])
    defs.defs[:] = [tidy(d) for d in defs.defs]
    forms = _form_lines(defs)
    element = tidy.element
    counts: Counter = Counter()
    for whole, parts in drawings:
        # what a drawing's own <defs> hold stays its own
        for rows in ([parts] if whole else [p for p in parts if not isinstance(p, str)]):
            counts.update([row[1] for row in rows if row[1] is not None])
    for body in forms.values():
        counts.update(e for e in map(element, body.split("\n")) if e is not None)
    shared = {e: "" for e, n in counts.items() if n >= 2}
    placed = 0

    def use(e: str) -> str:
        """The ``<use>`` placing ``e`` (defined the first time)."""
        nonlocal placed
        sid = shared[e]
        if not sid:
            placed += 1
            sid = shared[e] = f"{prefix}{placed}"
            tag = _TAG.match(e).group(1)        # type: ignore[union-attr]
            defs.defs.append("    " + e.replace(f"<{tag}", f'<{tag} id="{sid}"', 1))
        return f'<use href="#{sid}"/>'

    def place(rows: list) -> str:
        # one element a line, without the indentation (a page holds thousands)
        return "\n".join(row[3] + use(row[1]) if row[1] in shared else row[2]
                         for row in rows)

    out = [between[0]]
    for (whole, parts), after in zip(drawings, between[1:]):
        if whole:
            out.append(place(parts))
        else:
            out.append(_INDENT.sub("\n", "".join(
                p if isinstance(p, str) else "\n".join(
                    row[2] if row[1] not in shared else row[3] + use(row[1]) for row in p)
                for p in parts)))
        out.append(after)

    # the forms' own elements too (two coats of arms drawn with one shape)
    def place_line(line: str) -> str:
        e = element(line)
        if e is None or e not in shared:
            return line
        return f"{line[:len(line) - len(e)]}{use(e)}"

    for i, body in forms.items():
        defs.defs[i] = "\n".join(map(place_line, body.split("\n")))
    return "".join(out)


def _drawings(html: str) -> Iterator[tuple[int, int]]:
    """Where each of ``html``'s drawings starts and ends: what the pattern
    ``<svg\\b[^>]*>.*?</svg>`` (dot matching all) finds, found with
    ``str.find`` (a page is megabytes long, and a regular expression's lazy
    match tries every character)."""
    pos = 0
    while True:
        start = html.find("<svg", pos)
        if start < 0:
            return
        pos = start + 4
        if pos < len(html) and _WORD.match(html, pos):
            continue                # another tag ("<svgx"): not a drawing
        tag_end = html.find(">", pos)
        end = html.find("</svg>", tag_end + 1) if tag_end >= 0 else -1
        if end < 0:
            continue
        pos = end + 6
        yield start, pos


_WORD = re.compile(r"\w")
_DEFS_PART = re.compile(r"(<defs>.*?</defs>)", re.S)
_TAG = re.compile(r"<(\w+)")
_INDENT = re.compile(r"\n[ \t]+")
_SPLIT_TAG = re.compile(r"<[^>]*\n")       # a tag written over two lines


def _parts(svg: str) -> list:
    """A drawing's parts: its own ``<defs>`` as written, the rest as lines."""
    if "<defs>" not in svg:
        return [svg.split("\n")]
    return [p if p.startswith("<defs>") else p.split("\n") for p in _DEFS_PART.split(svg)]


class _Tidy:
    """Drawings' lines made :func:`coarse` with :func:`round_joins`, and read
    as a shareable element (:data:`_ELEMENT`), each distinct line once: a
    page repeats its forms' and frames' lines, and the next page (the next
    locale's) much of the same."""

    LIMIT = 60_000              # lines kept (a few megabytes), then forgotten

    def __init__(self):
        self.lines: dict[str, str] = {}
        self.elements: dict[str, str | None] = {}
        self.rows: dict[str, tuple] = {}

    def bound(self) -> None:
        if len(self.lines) + len(self.elements) + len(self.rows) > self.LIMIT:
            self.lines.clear()
            self.elements.clear()
            self.rows.clear()

    def drawing(self, svg: str) -> tuple[bool, list]:
        """A drawing as written on the page, :func:`_lean`, its lines tidied:
        (True, its rows) or, when it holds its own ``<defs>`` or a tag
        written over two lines, (False, its parts: its own defs as written,
        the rest as rows kept with their indentation). A row: (the line, the
        element it draws or None, the line as the page writes it, what the
        page writes before the element's ``<use>``)."""
        lines = svg.split("\n")
        # (its first line, the <svg> tag, is its own: made coarse, not kept)
        first, sep, rest = round_joins(coarse(lines[0])).partition(">")
        if "<defs>" in svg or not sep:
            return False, self._parts(svg)
        known = self.rows
        rows: list[tuple] = [(first, None, first, "")]
        for raw in lines[1:]:
            row = known.get(raw)
            if row is None:
                row = known[raw] = (self._row(_tidy_line(raw), True)
                                    + (raw.rfind("<") > raw.rfind(">"),))
            rows.append(row)
        if any(row[4] for row in rows[1:-1]) or lines[0].rfind("<") > lines[0].rfind(">"):
            return False, self._parts(svg)      # never from the SVG canvas
        # _lean, line by line: the namespace is the first line's, the family
        # is where it is first written
        first = first.replace(_XMLNS, "")
        if _FAMILY in rest:
            rest = rest.replace(_FAMILY, ">", 1)
        else:
            for i, row in enumerate(rows[1:], 1):
                if _FAMILY in row[0]:
                    rows[i] = self._row(row[0].replace(_FAMILY, ">", 1), True)
                    break
        line = f"{first}>{rest}"
        rows[0] = (line, _element(line), line, "")
        return True, rows

    def _row(self, t: str, stripped: bool) -> tuple:
        """The row of the tidied line ``t`` (see :meth:`drawing`), without its
        indentation when ``stripped``."""
        e = _element(t)
        lead = t[:len(t) - len(e)] if e is not None else ""
        if stripped:
            return (t, e, t.lstrip(" \t"), lead.lstrip(" \t"))
        return (t, e, t, lead)

    def _parts(self, svg: str) -> list:
        return [p if isinstance(p, str) else [self._row(t, False) for t in p]
                for p in _parts(_lean(self(svg)))]

    def __call__(self, text: str) -> str:
        if _SPLIT_TAG.search(text):         # never from the SVG canvas: the whole at once
            return round_joins(coarse(text))
        lines = self.lines
        out = []
        for line in text.split("\n"):
            done = lines.get(line)
            if done is None:
                done = lines[line] = _tidy_line(line)
            out.append(done)
        return "\n".join(out)

    def element(self, line: str) -> str | None:
        """The element ``line`` draws when it may be shared, else None."""
        try:
            return self.elements[line]
        except KeyError:
            e = self.elements[line] = _element(line)
            return e


def _tidy_line(line: str) -> str:
    """``round_joins(coarse(line))`` for one line. A run of text (``<text
    …>words</text>``) is its tag tidied, then its words as written: the tag
    is tidied once for the words of every language set at its place."""
    if line.endswith("</text>") and line.lstrip(" \t").startswith("<text"):
        end = line.find(">") + 1
        words = line[end:]
        if words.count("<") == 1:
            return _tidy_tag(line[:end]) + words
    return round_joins(coarse(line))


@lru_cache(maxsize=1 << 15)
def _tidy_tag(tag: str) -> str:
    return round_joins(coarse(tag))


def _element(line: str) -> str | None:
    """The element ``line`` draws when it may be shared, else None."""
    m = _ELEMENT.match(line)
    return m.group(2) if m is not None and len(m.group(2)) >= MIN_SHARED else None


def _form_lines(defs: SharedDefs) -> dict[int, str]:
    """The shared definitions' lines that draw (a form's inside; never a
    clip path's, nor a definition itself), by their place in the list."""
    out, clip = {}, False
    for i, line in enumerate(defs.defs):
        if "<clipPath" in line:
            clip = True
        if not clip and ' id="' not in line:
            out[i] = line
        if "</clipPath>" in line:
            clip = False
    return out


_XMLNS = ' xmlns="http://www.w3.org/2000/svg"'
_FAMILY = ' font-family="\'EB Garamond\', Garamond, serif">'


def _lean(svg: str) -> str:
    """An inline drawing without what the page already gives it: its
    namespace (HTML's parser sets it) and the compact drawing's default
    family (the stylesheet's)."""
    head, _, rest = svg.partition(">")
    head = head.replace(_XMLNS, "")
    rest = rest.replace(_FAMILY, ">", 1)
    return f"{head}>{rest}"


_TIDY = _Tidy()
