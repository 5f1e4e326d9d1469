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

from .svgcanvas import SharedDefs

# a drawing's element on one line: a shape, a run of text, a placed form
_ELEMENT = re.compile(r"^(\s*)(<(rect|path|text|use|circle|ellipse|line|polygon|polyline)\b"
                      r"(?![^\n]*\sid=)[^\n]*?(?:/>|</text>))$", re.M)
_SVG = re.compile(r"<svg\b[^>]*>.*?</svg>", re.S)
MIN_SHARED = 40             # shorter elements cost more as a <use> than written out


_NUMBER = re.compile(r"-?\d+\.\d{2,}")


def _tenth(m: re.Match) -> str:
    text = f"{round(float(m.group(0)), 1):.1f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def coarse(svg: str) -> str:
    """The drawing's coordinates to a tenth of a point (a seventh of a
    pixel at the printed size), in its tags only: its words stay as written.
    Elements drawn almost alike become alike, and are shared."""
    return re.sub(r"<[^>]+>", lambda m: _NUMBER.sub(_tenth, m.group(0)), svg)


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
    ``<use>``."""
    html = _SVG.sub(lambda m: _lean(round_joins(coarse(m.group(0)))), html)
    defs.defs[:] = [round_joins(coarse(d)) for d in defs.defs]
    def bodies():
        for m in _SVG.finditer(html):
            svg = m.group(0)
            # what a drawing's own <defs> hold stays its own
            yield re.sub(r"<defs>.*?</defs>", "", svg, flags=re.S)
    forms = _form_lines(defs)
    counts = Counter(m.group(2) for body in [*bodies(), *forms.values()]
                     for m in _ELEMENT.finditer(body) if len(m.group(2)) >= MIN_SHARED)
    shared: dict[str, str] = {}
    for element, n in counts.items():
        if n >= 2:
            shared[element] = ""

    def place(m: re.Match) -> str:
        element = m.group(2)
        if element not in shared:
            return m.group(0)
        if not shared[element]:
            sid = f"{prefix}{len([v for v in shared.values() if v]) + 1}"
            shared[element] = sid
            tag = m.group(3)
            defs.defs.append("    " + element.replace(f"<{tag}", f'<{tag} id="{sid}"', 1))
        return f'{m.group(1)}<use href="#{shared[element]}"/>'

    def one_svg(m: re.Match) -> str:
        svg = m.group(0)
        parts = re.split(r"(<defs>.*?</defs>)", svg, flags=re.S)
        return "".join(p if p.startswith("<defs>") else _ELEMENT.sub(place, p) for p in parts)

    html = _SVG.sub(one_svg, html)
    # the forms' own elements too (two coats of arms drawn with one shape)
    for i, body in forms.items():
        defs.defs[i] = _ELEMENT.sub(place, body)
    # one element a line, without the indentation (a page holds thousands)
    return _SVG.sub(lambda m: re.sub(r"\n[ \t]+", "\n", m.group(0)), html)


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


def _lean(svg: str) -> str:
    """An inline drawing without what the page already gives it: its
    namespace (HTML's parser sets it) and the compact drawing's default
    family (the stylesheet's)."""
    head, _, rest = svg.partition(">")
    head = head.replace(' xmlns="http://www.w3.org/2000/svg"', "")
    rest = rest.replace(' font-family="\'EB Garamond\', Garamond, serif">', ">", 1)
    return f"{head}>{rest}"
