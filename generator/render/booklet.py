"""The rules booklet and the compendium of worked examples: a filled jinja2
template, read as XML, laid out as reportlab flowables.

Each document has its template (``templates/rules.xml.j2``: the rules with the
examples that teach best beside their section; ``templates/examples.xml.j2``:
every worked example, a chapter per section of the rules), which fixes its
order; which example goes where is the game's ``booklet.yaml``
(:mod:`herald.generator.booklet_plan`). The texts come from
``assets/<game>/locales/<locale>/rules.yaml`` (read by
:mod:`herald.generator.documents`, which hands them over as
:class:`.sources.Sources`), the cards from the card database, and every
worked example from the engine: its diagrams are drawn from the engine's
states and its narration told from the engine's event log, so the printed
examples cannot disagree with the rules engine.
"""
from __future__ import annotations

import io
import math
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import cache, cached_property, lru_cache
from pathlib import Path

from herald.engine.evaluation import split
from herald.engine.rulings import Cite
from reportlab.lib import colors
from reportlab.lib.enums import TA_CENTER
from reportlab.lib.styles import ParagraphStyle
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.platypus import (
    CondPageBreak,
    Flowable,
    Indenter,
    KeepTogether,
    ListFlowable,
    ListItem,
    NextPageTemplate,
    PageBreak,
    Spacer,
    Table,
    TableStyle,
)
from reportlab.platypus.doctemplate import (
    BaseDocTemplate,
    FrameBreak,
    LayoutError,
    PageTemplate,
)
from reportlab.platypus.tableofcontents import TableOfContents

from ..errors import InputError
from ..fileio import write_atomic
from .booklet_passes import Contents, Frame, Paragraph, draws, lay_out_story
from .cover import cover_words
from .emphasis import emphasis
from .fonts import fallback_font, font_chars, font_has_char, register_fonts, require_glyphs
from .plurals import plural
from .sources import Sources
from .text import typography

INK = colors.HexColor("#2A2118")
ACCENT = colors.HexColor("#7A1F1A")
NOTE_BG = colors.HexColor("#F3EBD8")
MINUS = "\u2212"


@dataclass
class VerifiedExample:
    example: object
    outcome: object


# -- styles ------------------------------------------------------------------------

class Styles:
    def __init__(self, fonts, scale: float):
        s = scale
        self.fonts = fonts
        self.body = ParagraphStyle("body", fontName=fonts.regular, fontSize=10.5 * s,
                                   leading=13.6 * s, textColor=INK, spaceAfter=4 * s)
        self.small = ParagraphStyle("small", parent=self.body, fontSize=9.6 * s,
                                    leading=12.2 * s, spaceAfter=2 * s)
        self.note = ParagraphStyle("note", parent=self.body, fontName=fonts.italic)
        self.h1 = ParagraphStyle("h1", fontName=fonts.title_bold, fontSize=17 * s,
                                 leading=21 * s, textColor=ACCENT, spaceBefore=4 * s,
                                 spaceAfter=8 * s)
        self.h2 = ParagraphStyle("h2", fontName=fonts.title_bold, fontSize=11.5 * s,
                                 leading=14 * s, textColor=INK, spaceBefore=9 * s,
                                 spaceAfter=4 * s, keepWithNext=1)
        # "Clarifications", "Rulings": headings of their own, kept with what follows
        self.h3 = ParagraphStyle("h3", fontName=fonts.title_bold, fontSize=8.8 * s,
                                 leading=11 * s, textColor=ACCENT, spaceBefore=4 * s,
                                 spaceAfter=1.5 * s, keepWithNext=1)
        self.front = ParagraphStyle("front", fontName=fonts.italic, fontSize=10 * s,
                                    leading=13 * s, alignment=TA_CENTER, textColor=INK)
        self.title = ParagraphStyle("title", fontName=fonts.title_bold, fontSize=38 * s,
                                    leading=44 * s, alignment=TA_CENTER, textColor=ACCENT)
        self.subtitle = ParagraphStyle("subtitle", fontName=fonts.italic, fontSize=14 * s,
                                       leading=18 * s, alignment=TA_CENTER, textColor=INK)
        self.warning = ParagraphStyle("warning", parent=self.small, textColor=colors.HexColor(
            "#B3261E"), fontName=fonts.bold)
        self.cell = ParagraphStyle("cell", parent=self.small, spaceAfter=0)
        self.set_ruling_size(8.5 * s)
        self.toc = [ParagraphStyle("toc0", fontName=fonts.regular, fontSize=11 * s,
                                   leading=15 * s, textColor=INK),
                    ParagraphStyle("toc1", fontName=fonts.regular, fontSize=9 * s,
                                   leading=11.5 * s, leftIndent=12 * s, textColor=INK)]

    def set_ruling_size(self, size: float) -> None:
        """The readings' type (a sheet sets it to fill its last page)."""
        self.ruling = ParagraphStyle("ruling", parent=self.small, fontSize=size,
                                     leading=size * 10.3 / 8.5, spaceAfter=size * 2.5 / 8.5)


def tie_last_words(text: str) -> str:
    """A heading of three words or more with its last two tied by a no-break
    space: a heading that wraps never leaves one word alone on its last line
    ("…finds the / 18", issue 22)."""
    head, _, last = str(text).rpartition(" ")
    return f"{head}\xa0{last}" if head.count(" ") >= 1 else str(text)


def markup(text: str, locale: str, font: str | None = None) -> str:
    """Plain text with **bold** and *italic* → reportlab paragraph markup.

    With ``font`` (the paragraph style's face), a character it lacks is set in
    the first deck face that has it (Cinzel's headings take their arrows from
    EB Garamond); one that no face has stops the build (MissingGlyph)."""
    return _markup(str(text), locale, font)


@lru_cache(maxsize=1 << 14)
def _markup(text: str, locale: str, font: str | None) -> str:
    """:func:`markup`, kept per arguments: a booklet's story is built again
    for each size its readings are tried at, and the rules and the
    compendium set the same examples' words."""
    # Typography as if every glyph were there: a French ordinal's superscript
    # (4ᵉ) that the face lacks (Cinzel's headings) is set in a fallback face
    # below, never left as "4e", which a capitals face prints "4E".
    text = typography(str(text), locale)
    # reportlab breaks lines at a narrow no-break space (it counts U+202F as
    # white space), which would start a line with "; " or ":": a no-break
    # space of its own holds the punctuation to its word.
    text = text.replace("\u202f", "\xa0")
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if font is not None:
        text = _with_fallbacks(text, font)
    return emphasis(text)


def _with_fallbacks(text: str, font: str) -> str:
    if font_chars(font).issuperset(text):
        return text             # the face has every character: nothing to change
    out = []
    for ch in text:
        if ch in "*&;" or font_has_char(font, ch):
            out.append(ch)
            continue
        other = fallback_font(font, ch)
        if other is None:
            require_glyphs(text, font, "booklet text")
            out.append(ch)      # layout, not drawn (a line break): no glyph needed
            continue
        out.append(f'<font name="{other}">{ch}</font>')
    return "".join(out)


class Keep(KeepTogether):
    """KeepTogether measured at the width its frame really has: reportlab's
    Frame.split offers the frame's whole width, ignoring an Indenter, so a
    block in the text's measure was judged to fit where it did not (an
    example's title measured on one line takes two) and its heading was
    left at the foot of a page, its diagrams on the next."""

    def split(self, aW, aH):
        frame = getattr(self, "_frame", None)
        if frame is not None:
            aW = frame._getAvailableWidth()
        return super().split(aW, aH)


def _kept_height(content, width: float, canv) -> float:
    """The height ``content`` takes at ``width``, kept blocks included: a
    KeepTogether's wrap answers 0xffffff whatever it holds (to force a
    split), so a block kept whole is measured by what it holds."""
    height = 0.0
    for flowable in content:
        if isinstance(flowable, KeepTogether):
            height += _kept_height(flowable._content, width, canv)
        else:
            height += flowable.wrapOn(canv, width, 0x7FFFFFFF)[1]
        height += flowable.getSpaceBefore() + flowable.getSpaceAfter()
    return height


class KeepOnSpread(Keep):
    """A worked example kept whole where a reader sees it at once (issue 33:
    results printed overleaf): on one page, or on the two facing pages of a
    spread. Begun on a left-hand page (even: the cover is page 1, on the
    right), it may run on to the facing page; begun on a right-hand page, it
    goes whole to the next page when it fits one, and to the next spread when
    it is longer than a page. Its blocks (a step's words and diagram) are
    kept whole one by one."""

    def split(self, aW, aH):
        frame = getattr(self, "_frame", None)
        if frame is None:
            return super().split(aW, aH)
        page = self._doctemplateAttr("page") or 1
        width = frame._getAvailableWidth()
        height = _kept_height(self._content, width, self.canv)
        if page % 2 == 0 and height <= aH + frame._height:
            # across the spread, block by block (reportlab places a split's
            # first piece unsplit: an action first lets each block split)
            return [self.NullActionFlowable(), *self._content]
        if page % 2 == 1 and frame._height < height <= 2 * frame._height:
            return [FrameBreak(), *self._content]   # a spread of its own
        # whole on this page or the next: KeepTogether's own test, on the
        # height measured (its wrap counts each kept block as 0xffffff)
        self.wrap(width, aH)
        self._H, self._H0 = height, _kept_height(self._content[:1], width, self.canv)
        parts = KeepTogether.split(self, width, aH)
        if parts and isinstance(parts[0], KeepTogether):
            parts.insert(0, self.NullActionFlowable())      # as above
        return parts


class Heading(Paragraph):
    """A heading that enters the PDF outline, and the table of contents when
    ``in_toc`` (a booklet's contents list its chapters; a compendium's, its
    examples too)."""

    def __init__(self, text, style, level: int, key: str, plain: str, in_toc: bool):
        super().__init__(text, style)
        self.level, self.key, self.plain, self.in_toc = level, key, plain, in_toc


# -- flowables drawn with the deck's own art ---------------------------------------------

class CardPicture(Flowable):
    """A printed card face, scaled down: the very drawing of the deck."""
    WIDTH = 61 * mm         # a tarot card's width, for sizing before a card is at hand

    def __init__(self, card, scale: float):
        super().__init__()
        self.card, self.scale = card, scale
        self.width, self.height = card.width * scale, card.height * scale

    def draw(self):
        c = self.canv
        c.saveState()
        c.scale(self.scale, self.scale)
        p = c.beginPath()
        p.roundRect(0, 0, self.card.width, self.card.height, 3 * mm)
        c.clipPath(p, stroke=0, fill=0)
        self.card.draw_front(c, 0, 0, 0)
        c.restoreState()


class Wide(Flowable):
    """A flowable laid out wider than the text's measure, centred on it: body
    text keeps a readable line length while diagrams and tables use the page.
    It reports the measure's width to the frame and draws past both sides."""

    def __init__(self, child, width):
        super().__init__()
        self.child, self.wide = child, width

    def wrap(self, avail_w, avail_h):
        self.avail = avail_w
        w, h = self.child.wrap(max(self.wide, avail_w), avail_h)
        self.child_w = w
        return avail_w, h

    def split(self, avail_w, avail_h):
        return [Wide(part, self.wide)
                for part in self.child.split(max(self.wide, avail_w), avail_h)]

    def draw(self):
        self.child.drawOn(self.canv, (self.avail - self.child_w) / 2, 0)


class Diagram(Flowable):
    """An engine state drawn by its game's kit, annotated with what a step did.

    At its natural size where the page allows (the kit sizes its labels for
    that), never below ``MIN_DIAGRAM_SCALE`` of it, and at least half the
    text's measure wide."""

    def __init__(self, kit, state, db, locale, annotations, max_width, measure=None):
        super().__init__()
        self.kit = kit
        self.state, self.db, self.locale, self.notes = state, db, locale, annotations
        w, h = kit.diagram_size(state, annotations, db, locale)
        self.natural_width = w
        k = min(1.0, max_width / w) if w else 1.0
        if measure and w * k < measure / 2:
            k = measure / 2 / w
        self.scale = k
        self.width, self.height = w * k, h * k

    def draw(self):
        self.kit.draw_diagram(self.canv, self.state, self.db, self.locale, self.notes,
                              0, 0, self.width)


class TwoColumns(Flowable):
    """Paragraphs in two columns across the frame: a page's share fills the
    left column, then the right; the last share is balanced, its columns
    ending level. (reportlab's BalancedColumns balances by a search over
    many trial layouts, a third of a booklet's time.)"""

    def __init__(self, paragraphs, gutter):
        super().__init__()
        self.paragraphs, self.gutter = list(paragraphs), gutter

    def _layout(self, width, height):
        """The two columns of a page ``height`` tall, and the paragraphs left:
        found once per size (a frame wraps, splits and draws the columns, in
        each pass of a layout, and a split cuts paragraphs anew each time)."""
        laid = self.__dict__.setdefault("_laid", {})
        found = laid.get((width, height))
        if found is None:
            found = laid[(width, height)] = self._columns(width, height)
        return found

    def _columns(self, width, height):
        cw = (width - self.gutter) / 2
        total = sum(p.wrap(cw, height)[1] + p.getSpaceAfter() for p in self.paragraphs)
        if total <= 2 * height:         # the last share: try level columns first
            columns, rest = self._fill(cw, [min(height, total / 2), height])
            if not rest:
                return cw, columns, rest
        return (cw, *self._fill(cw, [height, height]))

    def _fill(self, cw, limits):
        todo = list(self.paragraphs)
        columns: list[list] = []
        for limit in limits:
            column: list = []
            used = 0.0
            while todo:
                para = todo[0]
                h = para.wrap(cw, limit)[1]
                if used + h <= limit + 0.01:
                    column.append(todo.pop(0))
                    used += h + para.getSpaceAfter()
                    continue
                parts = para.split(cw, limit - used)
                if len(parts) == 2:
                    parts[0].wrap(cw, limit)
                    column.append(parts[0])
                    todo[0] = parts[1]
                break
            columns.append(column)
        return columns, todo

    def wrap(self, avail_w, avail_h):
        _, columns, rest = self._layout(avail_w, avail_h)
        self.avail = avail_h
        self.width = avail_w
        if rest:
            return avail_w, avail_h + 1         # more than this page holds: split
        self.height = _ColumnsPage.height_of(columns)
        return avail_w, self.height

    def split(self, avail_w, avail_h):
        cw, columns, rest = self._layout(avail_w, avail_h)
        if not columns[0]:
            return []
        page = _ColumnsPage(columns, cw, self.gutter)
        return [page, TwoColumns(rest, self.gutter)] if rest else [page]

    def draw(self):
        # laid out whole on this page (its wrap found no rest)
        cw, columns, _ = self._layout(self.width, self.avail)
        _ColumnsPage(columns, cw, self.gutter).drawOn(self.canv, 0, 0)


class _ColumnsPage(Flowable):
    """One page's share of :class:`TwoColumns`, its columns already filled."""

    def __init__(self, columns, cw, gutter):
        super().__init__()
        self.columns, self.cw, self.gutter = columns, cw, gutter
        self.height = self.height_of(columns)
        self.width = 2 * cw + gutter

    @staticmethod
    def height_of(columns) -> float:
        return max(sum(p.height + p.getSpaceAfter() for p in c[:-1]) + (c[-1].height if c else 0)
                   for c in columns)

    def wrap(self, avail_w, avail_h):
        return self.width, self.height

    def draw(self):
        for x, column in zip((0, self.cw + self.gutter), self.columns):
            y = self.height
            for para in column:
                y -= para.height
                para.drawOn(self.canv, x, y)
                y -= para.getSpaceAfter()


class CoverArt(Flowable):
    """The game's own picture for the cover, drawn by its kit in a band."""

    def __init__(self, kit, db, width, height):
        super().__init__()
        self.kit, self.db, self.width, self.height = kit, db, width, height

    def draw(self):
        self.kit.draw_cover_art(self.canv, self.db, self.width, self.height)


# -- the document ---------------------------------------------------------------------------

class _Document(BaseDocTemplate):
    def __init__(self, buffer, pagesize, margins, styles, title, game_name, locale,
                 page_word, subject, **kwargs):
        super().__init__(buffer, pagesize=pagesize, leftMargin=margins, rightMargin=margins,
                         topMargin=margins * 1.05, bottomMargin=margins * 1.05,
                         invariant=1, title=title, author=typography(game_name, locale),
                         lang=locale,
                         creator="Herald", subject=subject,
                         initialFontName=styles.fonts.regular, **kwargs)
        # printed on every page: set in the locale's typography like the text
        # (the game's name in capitals keeps its curly apostrophes)
        self.styles = styles
        self.game_name = typography(game_name, locale, styles.fonts.title).upper()
        self.page_word = typography(page_word, locale, styles.fonts.regular)
        self.indent = 0.0           # the text measure's inset in the frame (set later)
        self.section = ""
        frame = Frame(self.leftMargin, self.bottomMargin, self.width, self.height, id="body")
        self.addPageTemplates([
            PageTemplate("cover", [frame]),
            PageTemplate("body", [frame], onPageEnd=self._furniture),
            # a sheet's first page: its masthead names the game, no running header
            PageTemplate("first", [frame], onPageEnd=self._folio, autoNextPageTemplate="body"),
        ])

    def column_width(self, columns: int) -> float:
        return (self.width - (columns - 1) * COLUMN_GUTTER) / columns

    def use_columns(self, columns: int, masthead_height: float) -> None:
        """A sheet set in ``columns`` columns: the first page keeps a band of
        ``masthead_height`` across the whole width for the masthead, the
        columns below it; the next pages are columns from top to bottom."""
        w = self.column_width(columns)

        def frames(top_used: float) -> list:
            h = self.height - top_used
            return [Frame(self.leftMargin + i * (w + COLUMN_GUTTER), self.bottomMargin, w, h,
                          id=f"column{i}") for i in range(columns)]

        band = Frame(self.leftMargin, self.bottomMargin + self.height - masthead_height,
                     self.width, masthead_height, id="masthead")
        self.pageTemplates: list[PageTemplate] = []
        self.addPageTemplates([
            # the masthead names the game: no running header above it
            PageTemplate("first", [band, *frames(masthead_height)], onPageEnd=self._folio,
                         autoNextPageTemplate="body"),
            PageTemplate("body", frames(0.0), onPageEnd=self._furniture),
        ])
        self._firstPageTemplateIndex = 0

    def _folio(self, canvas, doc):
        """The page number alone: a sheet's first page, under its masthead."""
        if not draws(canvas):
            return
        font = self.styles.fonts.regular
        # its descenders at least EDGE_CLEARANCE above the paper's edge
        baseline = max(self.bottomMargin * 0.45,
                       EDGE_CLEARANCE - pdfmetrics.getDescent(font, FOLIO_PT))
        canvas.saveState()
        canvas.setFillColor(INK)
        canvas.setFont(font, FOLIO_PT)
        canvas.drawCentredString(self.pagesize[0] / 2, baseline,
                                 f"{self.page_word} {doc.page}")
        canvas.restoreState()

    def _furniture(self, canvas, doc):
        """Running header (game and section) and the page number."""
        if not draws(canvas):
            return
        fonts = self.styles.fonts
        w, h = self.pagesize
        canvas.saveState()
        canvas.setFillColor(INK)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(0.4)
        # the rule under the header; the header's tallest letters (an accented
        # capital) at least EDGE_CLEARANCE below the paper's edge
        ascent = max(pdfmetrics.getAscent(fonts.title, HEAD_PT),
                     pdfmetrics.getAscent(fonts.italic, FOLIO_PT))
        top = min(h - self.topMargin * 0.55, h - EDGE_CLEARANCE - ascent - 3)
        left, right = self.leftMargin + self.indent, w - self.rightMargin - self.indent
        canvas.setFont(fonts.title, HEAD_PT)
        canvas.drawString(left, top + 3, self.game_name)
        canvas.setFont(fonts.italic, FOLIO_PT)
        canvas.drawRightString(right, top + 3, self.section)
        canvas.line(left, top, right, top)
        canvas.restoreState()
        self._folio(canvas, doc)

    def handle_flowable(self, flowables):
        # A block taller than a page cannot be laid out: name what it holds
        # (a game's booklet sets ``herald_label`` on its blocks: the card and
        # the field) instead of reportlab's LayoutError traceback.
        current = flowables[0] if flowables else None
        try:
            return super().handle_flowable(flowables)
        except LayoutError:
            label = getattr(current, "herald_label", None)
            if callable(label):
                label = label()
            raise InputError(f"{label or 'a block of the rules'} is taller than a page "
                             f"(page {self.page}); shorten it") from None

    def beforeDocument(self):
        self.section = ""       # a story is laid out more than once (measured, drawn)
        self._leftExtraIndent = self._rightExtraIndent = 0.0   # ...and indents anew
        for template in self.pageTemplates:
            for frame in template.frames:
                frame._leftExtraIndent = frame._rightExtraIndent = 0.0

    def afterFlowable(self, flowable):
        if isinstance(flowable, Heading):
            if flowable.level == 0:
                self.section = flowable.plain
            self.canv.bookmarkPage(flowable.key)
            self.canv.addOutlineEntry(flowable.plain, flowable.key, level=flowable.level,
                                      closed=flowable.level > 0)
            if flowable.in_toc:
                self.notify("TOCEntry", (flowable.level, flowable.plain, self.page,
                                         flowable.key))


def _holds_readings(el) -> bool:
    """Whether element ``el`` sets text in the readings' type (its size is
    what the trial layouts of a booklet change)."""
    return any(child.tag in ("rulings", "credits") for child in el.iter())


class BookletContext:
    """XML elements of the rendered template → flowables; what a look's own
    booklet pages are given (``builder``): the database, the locale, the
    rules text, the styles and measures, and the public helpers ``para``,
    ``subheading``, ``bullets``, ``wide_flowable``…

    An element ``<x>`` is laid out by the look's own layout of it
    (:meth:`herald.generator.looks.Look.booklet_element`: Oriflamme's
    ``<cards/>``, a game's ``<figure/>``) when it has one, else by the
    context's generic ``el_x``. ``<diagram_key/>`` is the context's (it is
    printed once), drawn by the look's ``diagram_key(builder, el)``.
    ``width`` is the text's measure, ``wide`` the frame's width (diagrams and
    tables may use it).
    """

    def __init__(self, look, db, locale, sources: Sources, styles, examples, measure, wide,
                 document="rules", page_width=None, columns=1):
        game = db.game
        self.game, self.db, self.locale, self.text = game, db, locale, sources.text
        self.cover = sources.cover      # the cover's contents and credits
        self.kit = look
        self.st, self.examples, self.width, self.wide = styles, examples, measure, wide
        self.page_width = page_width or wide    # the frame's whole width (a masthead's)
        self.columns = columns
        self.masthead: list = []
        self.key_shown = False          # the key to the diagrams is printed once
        self.intro_shown = False        # and so is the examples' introduction
        self.document = document        # "rules" or "examples" (the compendium)
        self.printed: set[str] = set()  # the examples laid out so far
        self.toc_levels = 1             # heading levels the contents list
        self.toc: TableOfContents | None = None
        self.keys = 0
        self.plan = sources.plan        # where each example prints
        self.booklet_cfg = self.plan.config

    @cached_property
    def cards(self) -> dict:
        """The deck's printed cards by key, laid out only when a page shows
        one (a compendium of examples shows none)."""
        return {c.key: c for c in self.kit.print_cards(self.db, self.locale)}

    @property
    def table_font(self) -> list:
        """A table's own font: reportlab sets Helvetica (never embedded) in every
        table's cells, even when they hold only paragraphs."""
        return [("FONTNAME", (0, 0), (-1, -1), self.st.fonts.regular)]

    def key(self):
        self.keys += 1
        return f"h{self.keys}"

    def heading(self, text, level):
        style = self.st.h1 if level == 0 else self.st.h2
        return Heading(markup(tie_last_words(text), self.locale, style.fontName), style, level,
                       self.key(),
                       typography(text, self.locale), in_toc=level < self.toc_levels)

    def subheading(self, text):
        """A heading inside a section's text ("Clarifications"), not in the contents."""
        return Paragraph(markup(text, self.locale, self.st.h3.fontName), self.st.h3)

    def para(self, text, style=None):
        style = style or self.st.body
        return Paragraph(markup(text, self.locale, style.fontName), style)

    # what laying an element out may change on the builder, besides the
    # flowables it returns
    _STATE = ("keys", "key_shown", "intro_shown", "printed", "toc_levels", "toc", "masthead")

    def build(self, root, earlier: list | None = None) -> list:
        """The story of ``root``; ``self.parts`` keeps, for each of its
        elements, its flowables and the builder's state after it.

        ``earlier``: the parts of a build of the same tree that differs only
        in the readings' type size (the trial sizes of
        :func:`_shed_widow`): an element that holds no readings is taken
        from it, flowables that already broke their lines and laid out
        their tables, and only the elements that hold readings are built
        again, the builder's state set to what it was there."""
        out: list = []
        self.parts: list[tuple[list, dict]] = []
        for n, el in enumerate(root):
            if earlier is not None and not _holds_readings(el):
                flowables, state = earlier[n]
                for name, value in state.items():
                    setattr(self, name, set(value) if name == "printed" else value)
            else:
                flowables = self.element(el)
            self.parts.append((flowables, {name: set(self.printed) if name == "printed"
                                           else getattr(self, name) for name in self._STATE}))
            out += flowables
        return out

    def element(self, el) -> list:
        own = self.kit.booklet_element(el.tag)
        if own is None and not hasattr(self, f"el_{el.tag}"):
            return []           # a game's element another game's kit does not draw
        return own(self, el) if own else getattr(self, f"el_{el.tag}")(el)

    def el_cover(self, el):
        """Title, subtitle, the game's picture, what the document holds (with
        counts) and whose game it is, from which source."""
        k = self.st.body.fontSize / 10.5            # smaller on half-size pages
        out = [Spacer(1, 30 * mm * k), self.para(el.get("title"), self.st.title),
               Spacer(1, 5 * mm * k), self.para(el.get("subtitle"), self.st.subtitle),
               # players, play time and age, as the publisher gives them (issue 33)
               *([Spacer(1, 3 * mm * k), self.para(el.get("facts"), self.st.front)]
                 if el.get("facts") else []),
               Spacer(1, 12 * mm * k), CoverArt(self.kit, self.db, self.wide, 26 * mm * k)]
        if el.get("front"):
            out += [Spacer(1, 10 * mm * k), self.para(el.get("front"), self.st.front)]
        heading, contents = self._cover_contents(el.get("contents"))
        words = cover_words(self.locale)
        notes = self.cover
        # the title and the picture use the whole frame; the lists and the
        # pages after the cover, the text's measure
        inset = (self.wide - self.width) / 2
        out += [Spacer(1, 8 * mm * k), Indenter(inset, inset), self.subheading(heading),
                self.bullets(contents, self.st.small), self.subheading(words["credits"]),
                *(self.para(line, self.st.small) for line in notes.credits)]
        return out + [NextPageTemplate("body"), PageBreak()]

    def el_credits(self, el):
        """Whose game it is and the source of its rules (a sheet's, at its end)."""
        notes = self.cover
        return [self.subheading(cover_words(self.locale)["credits"]),
                *(self.para(line, self.st.ruling) for line in notes.credits)]

    def _cover_contents(self, what: str | None) -> tuple[str, list[str]]:
        """The cover's list: the game's components (a rules booklet), or the
        compendium's chapters with their number of examples."""
        if what == "chapters":
            words = self.text["compendium"]
            titles = {s["id"]: s["title"] for s in self.text["sections"]}
            counts: dict[str, int] = {}
            for v in self.examples:
                section = self.plan.section_of(v.example.id)
                counts[section or ""] = counts.get(section or "", 0) + 1
            order = [s for s in titles if s in counts] + ([""] if "" in counts else [])
            from babel import Locale
            babel_locale = Locale.parse(self.locale.replace("-", "_"))
            lines = [f"{titles.get(s) or words['more']}: "
                     + plural(words["count"], counts[s], babel_locale).format(count=counts[s])
                     for s in order]
            return self.text["contents"], lines
        components = next((s for s in self.text["sections"] if s["id"] == "components"), None)
        title = components["title"] if components else cover_words(self.locale)["contents"]
        return title, self.cover.contents

    def el_masthead(self, el):
        """A sheet's title on its first page (a short rules sheet has no cover
        and no contents): title, subtitle, the game's picture band and the
        note that the examples were checked."""
        title = ParagraphStyle("masthead", parent=self.st.title, fontSize=self.st.h1.fontSize
                               * 1.6, leading=self.st.h1.fontSize * 1.9)
        inset = (self.wide - self.width) / 2
        out = [self.para(el.get("title"), title), self.para(el.get("subtitle"), self.st.subtitle)]
        if not el.get("figure"):
            out += [Spacer(1, 3 * mm), CoverArt(self.kit, self.db, self.page_width, 15 * mm)]
        if el.get("front"):
            out += [Spacer(1, 2 * mm), self.para(el.get("front"), self.st.front)]
        if el.get("figure"):
            # a picture too wide for a column (the setup) takes the picture
            # band's place, across the masthead
            wide, self.wide = self.wide, self.page_width
            out += self.element(ET.Element("figure", name=el.get("figure")))
            self.wide = wide
        if self.columns > 1:
            self.masthead = out      # its height sizes the band (write_booklet)
            return out + [FrameBreak()]
        return out + [Spacer(1, 3 * mm), Indenter(inset, inset)]

    def el_toc(self, el):
        """The contents: chapters (``levels="2"``: and what each holds)."""
        self.toc_levels = int(el.get("levels", "1"))
        toc = self.toc = Contents(levelStyles=self.st.toc, dotsMinLevel=0,
                              tableStyle=TableStyle([*self.table_font,
                                                     ("VALIGN", (0, 0), (-1, -1), "TOP")]))
        return [self.para(el.get("title"), self.st.h1), toc]

    def el_pagebreak(self, el):
        return [PageBreak()]

    def el_section(self, el):
        if el.get("optional") and not any(self.chosen_examples(e.get("section"))
                                          for e in el.iter("examples")):
            return []       # a chapter of examples with none to print
        heading = self.heading(el.get("title"), 0)
        body: list = []
        for child in el:
            body += self.element(child)
        if body and isinstance(body[0], Keep):
            # a chapter that opens on a block kept whole (a compendium's first
            # example) takes its title into the block: the 40 mm asked for
            # below may not hold the block, and the title would stay alone
            # at the foot of a page
            return [CondPageBreak(40 * mm), Keep([heading, *body[0]._content]), *body[1:]]
        return [CondPageBreak(40 * mm), heading, *body]

    def el_p(self, el):
        return [self.para(el.text or "")]

    def el_note(self, el):
        table = Table([[self.para(el.text or "", self.st.note)]], colWidths=[self.width])
        table.setStyle(TableStyle([*self.table_font, ("BACKGROUND", (0, 0), (-1, -1), NOTE_BG),
                                   ("LINEBEFORE", (0, 0), (0, -1), 2, ACCENT),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 8),
                                   ("TOPPADDING", (0, 0), (-1, -1), 5),
                                   ("BOTTOMPADDING", (0, 0), (-1, -1), 5)]))
        return [table, Spacer(1, 4)]

    def el_list(self, el):
        return [self.bullets([item.text or "" for item in el], self.st.body)]

    def bullets(self, items, style):
        """A bulleted list; the bullet (in the text's own embedded face) is
        centred on the x-height of the text's first line."""
        size = style.fontSize * 0.75
        return ListFlowable([ListItem(self.para(t, style), leftIndent=10) for t in items],
                            bulletType="bullet", start="•", leftIndent=10,
                            bulletFontName=style.fontName, bulletFontSize=size,
                            bulletOffsetY=bullet_offset(style.fontName, style.fontSize, size))

    def wide_flowable(self, flowable):
        return Wide(flowable, self.wide)

    def el_examples(self, el):
        """Worked examples: with ``section``, the document's examples filed
        under that section (the rules booklet's after the section's text,
        under a small heading, the first of them preceded by the examples'
        introduction and the key to the diagrams); without, those of the
        document that no section has printed yet."""
        section = el.get("section")
        chosen = self.chosen_examples(section)
        out: list = []
        lead: list = []         # printed with the first example's first block
        if section and chosen and self.document == "rules":
            lead = [self.subheading(self.text["examples_title"])]
            if not self.intro_shown:    # what a chapter of examples would have said
                # the key is a block of its own, under the small heading
                out.append(Keep([*lead, self.para(self.text["examples_intro"], self.st.small),
                                 *self.element(ET.Element("diagram_key"))]))
                lead = []
                self.intro_shown = True
        for verified in chosen:
            out += self._example(verified, lead)
            lead = []
            self.printed.add(verified.example.id)
        return out

    def document_examples(self) -> list:
        """Every example this document prints (a diagram key lists only the
        marks they can draw)."""
        if self.document == "examples":
            return list(self.examples)
        return [v for v in self.examples if v.example.id in self.plan.booklet]

    def chosen_examples(self, section: str | None) -> list:
        """The compendium prints every example; the rules, booklet.yaml's
        ``booklet`` list, in its order."""
        if self.document == "examples":
            pool = list(self.examples)
        else:
            rank = {example_id: n for n, example_id in enumerate(self.plan.booklet)}
            pool = sorted((v for v in self.examples if v.example.id in rank),
                          key=lambda v: rank[v.example.id])
        if section is None:
            return [v for v in pool if v.example.id not in self.printed]
        return [v for v in pool if self.plan.section_of(v.example.id) == section]

    def el_diagram_key(self, el):
        """The game's key to its diagrams (its kit's ``diagram_key``), printed
        once: before the first inline example, else in the examples chapter."""
        draw = self.kit.diagram_key
        if draw is None or self.key_shown:
            return []
        self.key_shown = True
        return draw(self, el)

    def _diagram(self, state, notes, width=None):
        """The diagram of ``state`` at most ``width`` wide (default: the
        frame's, or a column's), or None when the kit has nothing to draw."""
        empty = self.kit.diagram_empty
        if empty is not None and empty(state, notes):
            return None
        if width is None:
            # in a column, a diagram keeps one width whatever the paper: a wider
            # column (letter's) would only make every diagram taller
            width = min(self.wide, COLUMN_DIAGRAM) if self.columns > 1 else self.wide
        return Diagram(self.kit, state, self.db, self.locale, notes, width,
                       self.width if width >= self.width else None)

    def _step_blocks(self, steps) -> list[list]:
        """Each step's words over its diagram (``steps``: words, state, notes).
        Two steps side by side, left to right, when every diagram of the
        example fits half the frame at its natural size or a little less
        (``MIN_PAIR_SCALE``), as a strip of pictures does (half the height);
        else one under the other, each diagram up to the frame's width."""
        half = (self.wide - STEP_GAP) / 2
        if self.columns == 1 and len(steps) > 1:
            pictures = [self._diagram(state, notes, half) for _, state, notes in steps]
            if all(p is None or p.natural_width * MIN_PAIR_SCALE <= half for p in pictures):
                return [[self._step_pair(list(zip(steps[i:i + 2], pictures[i:i + 2])), half)]
                        for i in range(0, len(steps), 2)]
        blocks = []
        for words, state, notes in steps:
            picture = self._diagram(state, notes)
            blocks.append([words] if picture is None else [words, self.wide_flowable(picture)])
        return blocks

    def _step_pair(self, pair, half):
        """One row of two steps (or one, on the left), each its words over its
        diagram, across the frame."""
        cells = [[words] if picture is None else [words, picture]
                 for (words, _, _), picture in pair]
        for picture in (p for _, p in pair if p is not None):
            picture.hAlign = "CENTER"
        table = Table([cells + [""] * (2 - len(cells))],
                      colWidths=[half + STEP_GAP / 2] * 2)
        table.setStyle(TableStyle([
            *self.table_font, ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("ALIGN", (0, 0), (-1, -1), "CENTER"),
            ("LEFTPADDING", (0, 0), (0, 0), 0), ("RIGHTPADDING", (0, 0), (0, 0), STEP_GAP / 2),
            ("LEFTPADDING", (1, 0), (1, 0), STEP_GAP / 2), ("RIGHTPADDING", (1, 0), (1, 0), 0),
            ("TOPPADDING", (0, 0), (-1, -1), 0), ("BOTTOMPADDING", (0, 0), (-1, -1), 6)]))
        return self.wide_flowable(table)

    def _example(self, verified, lead=()):
        """An example: its title and text, then each step; ``lead`` (a small
        heading) is kept on the page of its first step."""
        example, outcome = verified.example, verified.outcome
        text = example.spec.get("text")
        intro = text.get(self.locale) if isinstance(text, dict) else text
        head = [*lead, self.heading(example.title(self.locale), 1)]
        if intro:
            head.append(self.para(intro))
        if not outcome.ok:
            head.append(self.para(f"{self.text['unverified_warning']} "
                                  f"({outcome.problems[0]})", self.st.warning))
        steps = []
        start, notes = self.kit.step_view(example, outcome, 0)
        if self._diagram(start, notes) is not None:     # a start with nothing to draw: no label
            steps.append((self.para(self.text["start_label"], self.st.small), start, notes))
        for story in self.kit.narrate(outcome, self.db, self.locale):
            after, notes = self.kit.step_view(example, outcome, story.step_index + 1)
            words = " ".join(story.sentences)
            label = f"{self.text['step_label']} {story.label_number}"
            steps.append((self.para(f"**{label}.** {words}", self.st.small), after, notes))
        blocks = self._step_blocks(steps)
        if outcome.solved is not None:
            blocks.append([self.para(self.solved(example, outcome), self.st.small)])
        # the heading stays with the example's first block; each block (a
        # step's words and its diagram) stays whole; a block of one paragraph
        # needs no keeping (and reportlab's KeepTogether can fail to place one
        # that it measured as fitting: "Splitting error")
        first, *rest = blocks or [[]]
        parts = [Keep(head + first), *(Keep(b) if len(b) > 1 else b[0] for b in rest)]
        return [KeepOnSpread(parts)] if rest else parts

    def solved(self, example, outcome):
        """The best play in words: how far ahead, who plays for whom, and the
        scores it reaches."""
        result = outcome.solved
        names = self._player_names(outcome.initial)
        if result.mode == "exact":     # a game of simultaneous moves
            return self._solved_exact(example, result, names)
        depth = result.depth
        depth_text = self.text["solve_depths"].get(str(depth), str(depth))
        player = names[result.player] if result.player is not None else ""
        mode = self.text["solve_modes"][result.mode].format(player=player)
        # a typographic minus, not a hyphen, before a negative value
        values = ", ".join(f"{n} {str(split(result.start, v)[0]).replace('-', MINUS)}"
                           for n, v in zip(names, result.value))
        return self.text["solved"].format(depth=depth_text, mode=mode, values=values)

    def _solved_exact(self, example, result, names):
        """A game of simultaneous moves solved exactly (two players, zero
        sum): each player's value at the horizon and, with the catalog's
        ``solved_strategies``, the mixed strategy that reaches it (the
        choices played with a chance above zero, each with its chance)."""
        depth = "game" if result.depth is None else str(result.depth)
        depth_text = self.text["solve_depths"].get(depth, depth)
        mode = self.text["solve_modes"]["exact"]
        values = ", ".join(f"{n} {str(v).replace('-', MINUS)}"
                           for n, v in zip(names, (result.value, -result.value)))
        out = self.text["solved"].format(depth=depth_text, mode=mode, values=values)
        template = self.text.get("solved_strategies")
        if template and result.position is not None:
            from ..solve_report import choice_text
            state = result.position
            for seat, choices in enumerate(result.strategies):
                # the choice in the game's notation, less the chooser's name
                # (the sentence names them as the narration does)
                own = len(state.players[seat]) + 1
                played = ", ".join(f"{choice_text(example.game, state, seat, d)[own:]} ({p})"
                                   for d, p in choices if p > 0)
                if played:
                    out += " " + template.format(player=names[seat], choices=played)
        return out

    def _player_names(self, state):
        """Players as the narration names them (families, or duo seats)."""
        return self.kit.player_names(state, self.db, self.locale)

    def el_rulings(self, el):
        """Every rule option in player words: the reading this booklet follows,
        the other readings, and where each is written. Option ids and values
        are the engine's: they are never printed. ``brief="1"`` (the rules a
        player prints): one short paragraph each, in two columns across the
        frame (or in the sheet's column), citing passages by their lines,
        without the reasons; else (the compendium) a table with the reason
        for each reading and the sections quoted."""
        brief = el.get("brief") == "1"
        rows = [self.ruling(option, brief=brief, reasons=not brief)
                for option in (*self.kit.RULE_OPTIONS, *self.kit.INTERPRETATIONS)]
        headers = self.text["rulings_headers"]
        if brief:
            paras = [self.para(f"**{point}.** {chosen}"
                               + (f" *{headers[2]}:* {other}" if other else "")
                               + f" ({sources})", self.st.ruling)
                     for point, chosen, other, sources in rows]
            if self.columns > 1:
                return paras
            return [self.wide_flowable(TwoColumns(paras, COLUMN_GUTTER))]
        cells = [[self.para(f"**{h}**", self.st.cell) for h in headers]]
        cells += [[self.para(f"**{point}**", self.st.cell), *(self.para(t, self.st.cell)
                                                             for t in rest)]
                  for point, *rest in rows]
        w = self.wide
        table = Table(cells, colWidths=[w * 0.2, w * 0.29, w * 0.29, w * 0.22], repeatRows=1)
        table.setStyle(TableStyle([
            *self.table_font, ("VALIGN", (0, 0), (-1, -1), "TOP"),
            ("LINEBELOW", (0, 0), (-1, 0), 0.8, ACCENT),
            ("LINEBELOW", (0, 1), (-1, -1), 0.3, colors.HexColor("#C9BBA0")),
            ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3)]))
        return [self.wide_flowable(table)]

    def ruling(self, option, brief: bool, reasons: bool = True) -> tuple[str, str, str, str]:
        """(point, the reading followed, the other readings, where each is
        written) of a rule option or a settled point; ``brief`` cites a passage
        by its lines alone when it has them, without quoting it; ``reasons``
        adds why the reading was chosen."""
        loc, names = self.locale, self.text["sources"]
        d, others = readings(option)
        # a source named without a section or lines adds nothing to the same
        # source quoted at a section or cited by its lines
        cites = [c for r in (d, *others) for c in r.cites]
        if brief:
            cites = _by_source(cites)
        quoted = {c.source for c in cites if c.section or c.lines}
        sources = [_cite(c, names, self.text, brief) for c in cites
                   if c.section or c.lines or c.source not in quoted]
        chosen = d.summary[loc] + (f" *{option.reasoning[loc]}*"
                                   if reasons and option.reasoning.get(loc) else "")
        return (option.title[loc], chosen, " / ".join(o.summary[loc] for o in others),
                "; ".join(dict.fromkeys(sources)))


def _by_source(cites) -> list:
    """Cites with lines merged into one per source ("l. 12, 26" once, not
    "l. 12, 26; l. 12"; "19-20" and "20, 27" make "19-20, 27"); cites
    without lines are kept as they are."""
    numbers: dict[str, set[int]] = {}
    out: list = []
    for c in cites:
        if not c.lines:
            out.append(c)
            continue
        if c.source not in numbers:
            numbers[c.source] = set()
            out.append(c.source)      # its place, filled below
        for part in c.lines.split(","):
            low, _, high = part.strip().partition("-")
            numbers[c.source].update(range(int(low), int(high or low) + 1))
    return [Cite(c, "", _ranges(numbers[c])) if isinstance(c, str) else c for c in out]


def _ranges(numbers: set[int]) -> str:
    """{12, 26, 27, 28} → "12, 26-28"."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and n == runs[-1][1] + 1:
            runs[-1][1] = n
        else:
            runs.append([n, n])
    return ", ".join(str(a) if a == b else f"{a}-{b}" for a, b in runs)


def _cite(cite, names: dict, text: dict, brief: bool = False) -> str:
    """A passage as the rulings table prints it: source, *section*, l. lines
    (``brief``: source and lines, when the passage has lines)."""
    out = names.get(cite.source, cite.source)
    if cite.section and not (brief and cite.lines):
        out += f", *{cite.section}*"
    if cite.lines:
        out += ", " + text.get("lines_label", "l.") + "\u00a0" + cite.lines
    return out


def readings(option) -> tuple:
    """The reading a booklet follows and the others (see herald.engine.rulings)."""
    return option.default, tuple(option.alternatives)


def bullet_offset(font: str, size: float, bullet_size: float) -> float:
    """How far to raise a "•" of ``bullet_size`` so that its centre sits on
    the middle of the x-height of ``font`` at ``size`` (read from the font)."""
    x_mid, bullet_mid = _x_height_and_bullet(font)
    # reportlab sets the bullet's baseline bullet_size below the item's top and
    # the paragraph's first baseline size below it
    return (bullet_size - size) + x_mid * size - bullet_mid * bullet_size


@cache
def _x_height_and_bullet(font: str) -> tuple[float, float]:
    from fontTools.pens.boundsPen import BoundsPen
    from fontTools.ttLib import TTFont

    from .fonts import font_file
    face = TTFont(str(font_file(font)), lazy=True)
    em = face["head"].unitsPerEm
    glyphs, cmap = face.getGlyphSet(), face.getBestCmap()
    pen = BoundsPen(glyphs)
    glyphs[cmap[ord("•")]].draw(pen)
    _, y0, _, y1 = pen.bounds
    return face["OS/2"].sxHeight / 2 / em, (y0 + y1) / 2 / em


# Body text's measure, in ems of its size: about 65 to 70 characters of EB
# Garamond a line (tests/test_pdf_validity.py counts them).
MEASURE_EM = 26.5
# A sheet in columns (``columns:`` in its rules.yaml): the gutter between the
# columns and its type's size against a booklet's (9 pt body text).
COLUMN_GUTTER = 6 * mm
COLUMN_TYPE = 0.84
MIN_COLUMN = 80 * mm        # narrower (a half-size page), the sheet takes one column
SHEET_MARGIN = 12 * mm      # a sheet's and a half-size page's margins
# Running heads and folios keep this far from the paper's edge: home printers
# leave up to 6.35 mm (a quarter inch, common on Letter) unprinted.
EDGE_CLEARANCE = 6.5 * mm
HEAD_PT, FOLIO_PT = 7.5, 8.5   # the running head's game name; its section, the folio
COLUMN_DIAGRAM = 86 * mm    # the widest a diagram is drawn in a column
STEP_GAP = 6 * mm           # between two steps of an example side by side
MIN_PAIR_SCALE = 0.85       # the smallest a diagram is drawn to pair two steps


def write_booklet(path: Path, look, db, locale: str, pagesize, scale: float,
                  examples: list[VerifiedExample], document: str = "rules", *,
                  sources: Sources, root: ET.Element) -> int:
    """Lay out and write a PDF of ``db``'s game, drawn by its ``look``
    (:func:`herald.generator.kits.kit`); return its page count.

    ``document``: "rules" (the rules booklet, or sheet, with the examples
    booklet.yaml picks) or "examples" (the compendium of every example in
    ``examples``); ``sources``: the locale's rules text, where the examples
    print and the cover's notes, and ``root``: the document's tree, which the
    caller reads (:mod:`herald.generator.documents`).

    Every layout is measured first (:mod:`.booklet_passes`); only the one
    that is written is drawn."""
    text = sources.text
    # a rules sheet may set its columns; a compendium is always a booklet
    columns = int(text.get("columns", 1)) if document == "rules" else 1
    if columns > 1 and (pagesize[0] - 2 * SHEET_MARGIN) / columns < MIN_COLUMN:
        columns = 1         # half-size pages (--booklet): one column, as a booklet

    laid: _Layout | None = None

    def lay_out(ruling_pt: float | None = None) -> _Layout:
        # a trial size shares the first layout's story but for its readings
        return _Layout(look, db, locale, sources, root, pagesize, scale, examples,
                       document, columns, ruling_pt, laid.parts if laid is not None else None)

    laid = lay_out()
    if columns > 1:
        laid = _fill_last_page(lay_out, laid, scale)
    elif document == "rules" and laid.fill < WIDOW_FILL:
        laid = _shed_widow(lay_out, laid, scale)
    write_atomic(path, laid.draw())
    return laid.pages


# A booklet's last page less full than this is a widow (issue 33: Oriflamme's
# p. 19, 12 % full; the Lenormand booklet's last two lines): its readings, the
# last thing in it, are set smaller, down to MIN_RULING_PT, if that saves the page.
WIDOW_FILL = 0.25
MIN_RULING_PT = 8.0


def _shed_widow(lay_out, laid: _Layout, scale: float) -> _Layout:
    """The rules laid out with their readings at the largest size, from the
    style's down to MIN_RULING_PT (in quarter points), that ends them a page
    earlier; ``laid`` (the first layout) when none does. Page counts shrink
    with the size, so a bisection finds it in a few layouts, each measured,
    not drawn."""
    styles = Styles(register_fonts(), scale)
    sizes = [k / 4 for k in range(math.ceil(MIN_RULING_PT * scale * 4),
                                  math.floor(styles.ruling.fontSize * 4))]
    smallest = lay_out(sizes[0]) if sizes else laid
    if smallest.pages >= laid.pages:
        return laid
    best = smallest
    lo, hi = 1, len(sizes)          # sizes[:lo] save the page; sizes[hi:] do not
    while lo < hi:
        mid = (lo + hi) // 2
        trial = lay_out(sizes[mid])
        if trial.pages < laid.pages:
            best, lo = trial, mid + 1
        else:
            hi = mid
    return best


def _fill_last_page(lay_out, laid: _Layout, scale: float) -> _Layout:
    """A sheet in columns sets its readings, the last thing on it, at the
    largest size from the ruling style's up to the body's (in quarter points)
    at which the sheet keeps its page count: the room its last page has left
    goes to legibility. Page counts grow with the size, so a bisection finds
    it in a few layouts, each measured, not drawn."""
    styles = Styles(register_fonts(), scale * COLUMN_TYPE)
    sizes = [k / 4 for k in range(math.floor(styles.ruling.fontSize * 4) + 1,
                                  math.floor(styles.body.fontSize * 4) + 1)]
    best = laid
    lo, hi = 0, len(sizes)          # sizes[:lo] fit; sizes[hi:] do not
    while lo < hi:
        mid = (lo + hi) // 2
        trial = lay_out(sizes[mid])
        if trial.pages <= laid.pages:
            best, lo = trial, mid + 1
        else:
            hi = mid
    return best


class _Layout:
    """One layout of the rules, measured when made: its page count and how
    full its last page is (0 to 1, of the frame's height); ``draw()`` draws
    the same layout and returns the PDF. ``ruling_pt``: the readings' type
    size (None: the style's)."""

    def __init__(self, look, db, locale, sources: Sources, root, pagesize, scale, examples,
                 document, columns, ruling_pt, earlier=None):
        text = sources.text
        fonts = register_fonts()
        # a sheet in columns sets its type smaller, as pocket rules do
        styles = Styles(fonts, scale * (COLUMN_TYPE if columns > 1 else 1.0))
        if ruling_pt is not None:
            styles.set_ruling_size(ruling_pt)
        margins = 18 * mm if scale >= 1 and columns == 1 else SHEET_MARGIN
        subtitle = text["subtitle"] if document == "rules" else text["compendium"]["subtitle"]
        doc = _Document(io.BytesIO(), pagesize, margins, styles,
                        typography(text["title"], locale), db.name[locale], locale,
                        text["page"], typography(subtitle, locale))
        if columns > 1:
            measure = wide = doc.column_width(columns)
        else:
            measure, wide = min(doc.width, MEASURE_EM * styles.body.fontSize), doc.width
        doc.indent = (doc.width - measure) / 2 if columns == 1 else 0.0
        builder = BookletContext(look, db, locale, sources, styles, examples, measure, wide,
                                 document, page_width=doc.width, columns=columns)
        if root.find("cover") is None:      # a sheet: its masthead on the first page
            doc._firstPageTemplateIndex = 2
        story = builder.build(root, earlier)
        self.parts = builder.parts
        if columns > 1:
            band = sum(f.wrap(doc.width, doc.height)[1] + f.getSpaceBefore()
                       + f.getSpaceAfter() for f in builder.masthead)
            # the band's frame pads its content by 6 pt above and below
            doc.use_columns(columns, band + 12 + 2 * mm)
        self.doc, self.story, self.toc = doc, story, builder.toc
        # the contents laid out at their final length from the start (their
        # pages unknown yet): the layout settles in one measure
        shown = _contents_of(story) if self.toc is not None else None
        _, self.contents = lay_out_story(doc, story, self.toc, shown, draw=False)
        frame = doc.frame
        self.pages = doc.page
        self.fill = (frame._y2 - frame._y) / (frame._y2 - frame._y1p)

    def draw(self) -> bytes:
        """The PDF of this layout, its contents showing the pages measured."""
        data, _ = lay_out_story(self.doc, self.story, self.toc, self.contents, draw=True)
        if data is None or self.doc.page != self.pages:
            # the page count chose the readings' size: the drawing must be the measure
            raise RuntimeError(f"a booklet measured at {self.pages} pages was drawn on "
                               f"{self.doc.page}")
        return data


def _contents_of(story) -> list:
    """The entries the contents will list, their pages unknown (0)."""
    def headings(flowables):
        for f in flowables:
            if isinstance(f, Heading):
                yield f
            elif isinstance(f, KeepTogether):
                yield from headings(f._content)
            elif isinstance(f, Wide):
                yield from headings([f.child])
    return [(h.level, h.plain, 0, h.key) for h in headings(story) if h.in_toc]
