"""A booklet laid out in as few passes as it takes, and drawn once.

A booklet's contents print the page of every chapter, which only a layout
of the whole booklet tells. reportlab's ``multiBuild`` lays the document
out and draws it again until the pages its contents print are the pages it
found: two full passes for every booklet, each drawing every paragraph,
table and diagram, and two more for each trial size of the readings
(:func:`herald.generator.render.booklet._shed_widow`).

Here a layout whose pages are not yet known, or that only answers a
question (how many pages at this size?), is *measured*: laid out on a
:class:`MeasuringCanvas`, which keeps nothing, by frames that wrap and
split each flowable but never draw it (:class:`Frame`); the one layout that
makes the file is drawn, its contents showing the pages the measure found.
That is sound because the contents' height does not depend on the pages
they print: reportlab draws an entry's page number after its text, which
was wrapped without it. The measure and the drawing lay the same story out
(multiBuild's passes do the same): a :class:`Paragraph` keeps its lines
between the two, broken once per width.
"""
from __future__ import annotations

import copy
import io

from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Paragraph as _Paragraph
from reportlab.platypus import Spacer, Table
from reportlab.platypus.frames import Frame as _Frame
from reportlab.platypus.tableofcontents import TableOfContents, drawPageNumbers

from .dates import DatedCanvas

# reportlab's multiBuild gives up after ten passes; a booklet settles in two
MAX_PASSES = 6


class MeasuringCanvas(Canvas):
    """The canvas of a layout that is measured, not kept: its frames draw
    nothing on it (:class:`Frame`) and it writes no file."""
    draws = False

    def save(self):
        pass


def draws(canvas) -> bool:
    """Whether what is drawn on ``canvas`` is kept (a measuring canvas's is not)."""
    return getattr(canvas, "draws", True)


def _not_drawn(*args, **kwargs) -> None:
    pass


class Frame(_Frame):
    """A frame that, on a :class:`MeasuringCanvas`, places its flowables
    (wraps them, splits them, moves down by their height) without drawing
    them: the layout is the same, at the cost of the wrapping alone."""

    def _add(self, flowable, canv, trySplit=0):
        if draws(canv):
            return super()._add(flowable, canv, trySplit)
        # reportlab's Frame._add places and draws in one method: the
        # flowable's own drawOn is shadowed for the time of the call
        flowable.drawOn = _not_drawn
        try:
            return super()._add(flowable, canv, trySplit)
        finally:
            del flowable.drawOn

    add = _add      # reportlab's Frame calls self.add, an alias of its own _add

    def __deepcopy__(self, memo):
        # reportlab measures a kept block on a deep copy of the frame (its
        # _listWrapOn), thousands of times a booklet: a frame holds numbers
        # and strings, shared as deepcopy would share them, and a few lists
        # (its backgrounds), copied as deepcopy would copy them
        twin = self.__class__.__new__(self.__class__)
        memo[id(self)] = twin
        twin.__dict__.update({name: value if type(value) in _ATOMIC
                              else copy.deepcopy(value, memo)
                              for name, value in self.__dict__.items()})
        return twin


_ATOMIC = frozenset((int, float, str, bool, type(None)))


class Paragraph(_Paragraph):
    """A paragraph that breaks its lines once per width. reportlab breaks
    them again at every wrap: a kept block wraps its content to measure
    it (at the frame's whole width), its frame wraps each part again (at
    the text's measure), a table its cells at every try, and every pass of
    a layout does it all again, at the same widths."""

    _breaks: dict | None = None

    def wrap(self, availWidth, availHeight):
        # a paragraph's lines depend on its width alone (its height only
        # decides where split() cuts them): what a wrap at a width leaves on
        # the paragraph (its lines, and its fragments, which breaking the
        # lines rewrites) is kept per width and put back, also after split()
        # dropped the lines (blPara) to send the paragraph whole to the next
        # frame; a bullet changes the widths breakLines is given
        if self.bulletText:
            return super().wrap(availWidth, availHeight)
        breaks = self._breaks
        if breaks is None:
            breaks = self._breaks = {}
        kept = breaks.get(availWidth)
        if kept is not None:
            self.__dict__.update(kept)
            return self.width, self.height
        size = super().wrap(availWidth, availHeight)
        if "blPara" in self.__dict__ and self.width == availWidth:   # not refused
            state = self.__dict__
            breaks[availWidth] = {name: state[name] for name in _BROKEN if name in state}
        return size


# what Paragraph.wrap (and the breakLines it calls) sets on a paragraph
_BROKEN = ("blPara", "frags", "width", "height", "_wrapWidths", "_width_max",
           "_splitLongWordCount", "_hyphenations")


class Contents(TableOfContents):
    """reportlab's table of contents, each entry's paragraph made once
    (reportlab makes, parses and breaks every entry again at every wrap of
    the contents, and a frame wraps them at every try of every page they
    run over, pass after pass), as a :class:`Paragraph`. An entry's page is
    not in its paragraph (reportlab writes it in the label of the
    paragraph's end, which takes no room) but looked up when the entry's end
    is drawn: the measure, which does not know the pages, and the drawing
    share the entries' paragraphs."""

    def wrap(self, availWidth, availHeight):
        # reportlab's TableOfContents.wrap, its paragraphs kept by entry
        entries = self._lastEntries or [(0, "Placeholder for table of contents", 0, None)]
        shown: dict[str, tuple] = {}        # an entry's label: its page, level and key

        def drawTOCEntryEnd(canvas, kind, label):
            page, level, key = shown[label]
            style = self.getLevelStyle(level)
            dot = " . " if self.dotsMinLevel >= 0 and level >= self.dotsMinLevel else ""
            if self.formatter:
                page = self.formatter(page)
            drawPageNumbers(canvas, style, [(page, key)], availWidth, availHeight, dot)
        self.canv.setNamedCB("drawTOCEntryEnd", drawTOCEntryEnd)

        made = self.__dict__.setdefault("_paragraphs", {})
        rows: list[list] = []
        for level, text, page, key in entries:
            style = self.getLevelStyle(level)
            # the same title twice (without a key) is two entries
            n = 0
            while (level, text, key, n, id(style)) in made and \
                    made[(level, text, key, n, id(style))][0] in shown:
                n += 1
            found = made.get((level, text, key, n, id(style)))
            if found is None:
                label = str(len(made))
                link = f'<a href="#{key}">{text}</a>' if key else text
                found = made[(level, text, key, n, id(style))] = (label, Paragraph(
                    f'{link}<onDraw name="drawTOCEntryEnd" label="{label}"/>', style))
            label, para = found
            shown[label] = (page, level, key)
            if style.spaceBefore:
                rows.append([Spacer(1, style.spaceBefore)])
            rows.append([para])
        self._table = Table(rows, colWidths=(availWidth,), style=self.tableStyle)
        self.width, self.height = self._table.wrapOn(self.canv, availWidth, availHeight)
        return self.width, self.height


def lay_out_story(doc, story: list, toc, shown: list | None,
                  draw: bool) -> tuple[bytes | None, list]:
    """Lay ``story`` out in ``doc`` until its contents ``toc`` (None: it has
    none) show what the layout finds; return the PDF (``draw``; else None:
    the layout measured only, its page count and last frame read from
    ``doc``) and the contents' entries found.

    ``shown``: the entries the contents show first, each (level, title,
    page, key), a page 0 where it is not known yet (a measure tells it);
    a layout measured only needs the right titles, not the pages. A
    contents entry found in no pass with the right titles and pages raises
    RuntimeError, as multiBuild's IndexError."""
    if toc is not None:
        doc._indexingFlowables = [toc]     # noqa: SLF001 (what multiBuild sets)
    shown = list(shown or [])
    settled = True      # pages given are a measure's, found with these titles
    for _ in range(MAX_PASSES):
        # a pass is drawn only when it may be the last: the pages its
        # contents show are known, found by a layout that showed its titles
        final = draw and settled and all(page > 0 for _, _, page, _ in shown)
        buffer = io.BytesIO()
        if toc is not None:
            toc._lastEntries, toc._entries = list(shown), []   # noqa: SLF001
        # what a pass changes on the story's flowables (a block put off to
        # the next frame, a heading's keepWithNext), undone after it, as
        # multiBuild does: every pass starts from the same story
        edits: list[tuple] = []
        doc._multiBuildEdits = edits.append                    # noqa: SLF001
        try:
            doc.build(story[:], filename=buffer,
                      canvasmaker=DatedCanvas if final else MeasuringCanvas)
        finally:
            del doc._multiBuildEdits                            # noqa: SLF001
            for undo, *args in edits:
                undo(*args)
        found = [] if toc is None else list(toc._entries)       # noqa: SLF001
        if final and found == shown:
            return buffer.getvalue(), found
        settled = _titles(found) == _titles(shown)
        if settled and not draw:
            return None, found
        shown = found
    raise RuntimeError(f"the contents did not settle in {MAX_PASSES} passes")


def _titles(entries: list) -> list:
    """Entries without their pages: what the contents' height depends on."""
    return [(level, title, key) for level, title, _, key in entries]
