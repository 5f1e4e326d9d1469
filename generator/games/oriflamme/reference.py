"""The one-page quick reference: the round as a diagram, then every ability.

``write_reference(path, db, locale, paper, rules_text)`` writes
``<game>-reference-<paper>.pdf`` (A4 or Letter portrait, one side) for the
table. Every word printed comes from the card database (the player aid's
``turn`` sections and ``abilities``, the ``terms``, the card names and the
setup numbers) or from the rules text (``reference_title`` and the setup
section's title); nothing is worded here. The aid's ``turn`` sections are
read by position: the first describes the round (its first sentence is the
round's caption, the rest says how the first player passes on), the second
the placement, the third the resolution (its "Face down: ..." and "Already
revealed: ..." sentences become the two branches), the last the end of the
game; the ones in between are printed as reminders beside the abilities.

The body size is the largest, from 10.5 pt down in quarter points (never below
7 pt), at which the whole page fits; headings are larger. The PDF is
deterministic (reportlab ``invariant=1``), its fonts embedded as subsets,
with title, author, subject and language set, and written atomically.
"""
from __future__ import annotations

import io
import re
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from reportlab.lib.colors import Color, HexColor, white
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...errors import InputError
from ...fileio import write_atomic
from ...render import reference as R
from ...render.dates import DatedCanvas
from ...render.fonts import FontNames, register_fonts
from ...render.geometry import PAPERS, reference_page
from ...render.text import Block, TextDoesNotFit, fit_text, influence_icon, typography
from .icons import draw_influence, draw_kind_mark, influence_width, mark_width

__all__ = ["MIN_REFERENCE_PT", "reference_name", "write_more_references", "write_reference"]

INK = HexColor("#2A2118")            # the deck's ink (card names, body text)
PARCHMENT = HexColor("#F6EFDD")      # the deck's parchment, for boxes
ACCENT = HexColor("#8A2B1E")         # oxblood: arrows, numbers, rules
SOFT = HexColor("#E9DEC3")           # a darker parchment for the round's frame
# Oriflamme's colours in the quick references' one design (render/reference.py)
PALETTE = R.Palette(ink=INK, paper=PARCHMENT, accent=ACCENT, soft=SOFT)
LINE = 0.6                           # box outline width, points

MIN_REFERENCE_PT = 7.0               # nothing on the page is smaller
MAX_BODY_PT = 10.5
TOP_MARGIN = 10 * mm
CONTENT_W = 186 * mm                 # the same measure on A4 and Letter
LEADING = 1.16
PAD = 2.6 * mm                       # inside a box
ARROW = 5.0 * mm                     # a connecting arrow's length
LANE = 11 * mm                       # the loop arrow's lane, right of the phases
GUTTER = 8 * mm                      # between the two ability columns


def reference_name(db, paper: str) -> str:
    """The file name of the quick reference: ``<game>-reference-<paper>.pdf``."""
    return f"{db.game}-reference-{paper.lower()}.pdf"


def write_more_references(folder, db, locale: str, paper: str, rules_text: dict) -> list[Path]:
    """The quick reference of each other box of the game (Alliance), beside
    the base game's: ``<game>-<box>-reference-<paper>.pdf`` in ``folder``,
    the same round with the box's cards and reminders (issue 33: Alliance
    had no quick reference of its own). Returns the files written."""
    written = []
    for box in db.boxes:
        path = Path(folder) / f"{db.game}-{box}-reference-{paper.lower()}.pdf"
        write_reference(path, db, locale, paper, rules_text, box=box)
        written.append(path)
    return written


def write_reference(path, db, locale: str, paper: str, rules_text: dict,
                    box: str | None = None) -> int:
    """Write the quick reference of ``db`` in ``locale`` on ``paper`` ("a4" or
    "letter") and return its number of pages (always 1).

    ``path`` is the PDF to write, or a folder (an existing directory, or a
    path without ``.pdf``) to write :func:`reference_name` into.
    ``rules_text`` is the locale's rules.yaml mapping. Raises InputError when
    the locale or paper is unknown, or the text cannot fit one page at 7 pt.
    ``box`` (a box of the database, e.g. "alliance"): that box's cards and
    the reminders of its own aid instead of the base game's.
    """
    key, _, _ = reference_page(db, locale, paper, rules_text)
    if locale not in db.locales or locale not in db.aids or locale not in db.terms:
        raise InputError(f"{db.game}: no locale {locale!r} (known: {', '.join(db.locales)})")
    out = Path(path)
    if out.is_dir() or out.suffix.lower() != ".pdf":
        out = out / reference_name(db, key)

    fonts = register_fonts()
    page_w, page_h = PAPERS[key]
    texts = _Texts.read(db, locale, rules_text)
    if box is not None:
        texts = texts.with_box(db.select(box), locale)
    icon = influence_icon(db, locale, _coin)
    height = page_h - 2 * TOP_MARGIN
    page = None
    size = MAX_BODY_PT
    while size >= MIN_REFERENCE_PT - 1e-9:
        try:
            candidate = _Page.layout(texts, fonts, size, CONTENT_W, icon)
        except TextDoesNotFit:
            candidate = None
        if candidate is not None and candidate.height <= height:
            page = candidate
            break
        size -= 0.25
    if page is None:
        raise InputError(f"{db.game}: quick reference ({locale}, {key}): the text does "
                         f"not fit one page at {MIN_REFERENCE_PT:g} pt; shorten the aid texts")

    buf = io.BytesIO()
    c = DatedCanvas(buf, pagesize=(page_w, page_h), lang=locale,
                    initialFontName=fonts.regular)
    c.setTitle(f"{texts.game} – {texts.title}")
    c.setAuthor("Herald")
    c.setSubject(texts.title)
    c.setCreator("Herald")
    page.draw(c, (page_w - CONTENT_W) / 2, page_h - TOP_MARGIN, height)
    c.showPage()
    c.save()
    write_atomic(out, buf.getvalue())
    return 1


# -- the texts -------------------------------------------------------------------

def _sentences(text: str) -> list[str]:
    """``text`` cut after . ! ? when the next sentence starts with a capital."""
    parts = re.split(r"(?<=[.!?…])\s+", text.strip())
    out: list[str] = []
    for part in parts:
        if out and not part[:1].isupper():
            out[-1] += " " + part
        else:
            out.append(part)
    return out


def _labelled(sentence: str) -> tuple[str, str] | None:
    """("Face down", "Its owner reveals it...") from "Face down: its owner...";
    None when the sentence does not start with a short label and a colon."""
    label, sep, body = sentence.partition(":")
    label, body = label.strip(), body.strip()
    if not sep or not body or "(" in label or len(label.split()) > 4:
        return None
    return label, body[:1].upper() + body[1:]


def _cap(term: str) -> str:
    return term[:1].upper() + term[1:]


@dataclass(frozen=True)
class _Step:
    heading: str
    text: str


@dataclass(frozen=True)
class _Texts:
    locale: str
    game: str
    title: str
    setup_heading: str
    setup_items: tuple[tuple[str, str], ...]      # (number, label); "" = pennant
    round_heading: str
    round_caption: str
    rounds: int
    placement: _Step
    resolution: _Step
    branches: tuple[tuple[str, str], ...]          # face down, face up
    passing: _Step
    end: _Step
    notes: tuple[_Step, ...]
    kinds: tuple[tuple[str, str], ...]             # (kind, label)
    cards: tuple[tuple[str, str, str], ...]        # (kind, name, ability)
    influence_word: str

    @classmethod
    def read(cls, db, locale: str, rules_text: dict) -> _Texts:
        aid = db.aids[locale]
        terms = db.terms[locale]
        turn = list(aid.turn)
        if len(turn) < 4:
            raise InputError(f"{db.game}: aids.{locale}.turn: the quick reference needs at "
                             "least 4 sections (round, placement, resolution, end)")
        round_, placement, resolution, end = turn[0], turn[1], turn[2], turn[-1]
        said = _sentences(round_.text)
        caption = said[0]
        passing = " ".join(said[1:]) or said[0]
        res = _sentences(resolution.text)
        branches = tuple(b for b in (_labelled(s) for s in res[1:3]) if b)
        if len(res) == 3 and len(branches) == 2:
            res_text = res[0]
        else:
            res_text, branches = resolution.text, ()
        setup_heading = ""
        for section in (rules_text or {}).get("sections") or ():
            if isinstance(section, dict) and section.get("id") == "setup":
                setup_heading = str(section.get("title") or "")
        s = db.setup
        setup_items = ((str(s.hand), _cap(terms.hand)),
                       (str(s.set_aside), _cap(terms.set_aside)),
                       (f"{s.influence} {terms.influence}", _cap(terms.influence)),
                       ("", terms.first_player))
        kinds = tuple(dict.fromkeys(c.kind for c in db.cards))
        return cls(
            locale=locale, game=db.name[locale], title=rules_text["reference_title"],
            setup_heading=setup_heading, setup_items=setup_items,
            round_heading=round_.heading, round_caption=caption, rounds=s.rounds,
            placement=_Step(placement.heading, placement.text),
            resolution=_Step(resolution.heading, res_text), branches=branches,
            passing=_Step(terms.first_player, passing),
            end=_Step(end.heading, end.text),
            notes=tuple(_Step(t.heading, t.text) for t in turn[3:-1]),
            kinds=tuple((k, getattr(terms, k)) for k in kinds),
            cards=tuple((c.kind, c.name[locale], aid.abilities[c.id]) for c in db.cards),
            influence_word=terms.influence,
        )


    def with_box(self, boxed, locale: str) -> _Texts:
        """These texts for a box's cards (``boxed``: the database selecting
        them): its name, its cards and their aid lines, and the reminders of
        its aid after the base game's; the box aid's first section (the
        round, "as in Oriflamme") and last (elimination, which the base
        reminders say in full) are the base page's already."""
        aid = boxed.aids[locale]
        terms = boxed.terms[locale]
        kinds = tuple(dict.fromkeys(c.kind for c in boxed.cards))
        return replace(
            self, game=boxed.name[locale],
            notes=self.notes + tuple(_Step(t.heading, t.text) for t in aid.turn[1:-1]),
            kinds=tuple((k, getattr(terms, k)) for k in kinds),
            cards=tuple((c.kind, c.name[locale], aid.abilities[c.id]) for c in boxed.cards))


# -- drawing helpers -----------------------------------------------------------------

def _coin(canvas, x, y, size):
    draw_influence(canvas, x, y, size)


def _cap_height(size: float) -> float:
    return 0.70 * size


def _block(text: str, width: float, font: str, size: float, locale: str, icon,
           field_name: str) -> Block:
    return fit_text(text, width, 10_000.0, font, locale, size, size, LEADING, icon,
                    field=field_name, paragraph_spacing=0.3)


def _block_top(block: Block) -> float:
    """How far above a block's top edge its first line's ascenders reach less
    than the font's line box: the block is drawn that much higher, so that
    padding is measured from the letters, not from the font's ascent."""
    return 0.28 * block.size if block.lines else 0.0


def _block_height(block: Block) -> float:
    return block.height - _block_top(block) if block.lines else 0.0


def _draw_block(canvas, block: Block, x: float, y_top: float, colour=INK,
                align: str = "left") -> None:
    canvas.setFillColor(colour)
    block.draw(canvas, x, y_top + _block_top(block), align=align)


def _arrow_head(canvas, x, y, angle_deg: float, size: float) -> None:
    """A filled arrow head with its tip at (x, y) pointing along ``angle_deg``."""
    canvas.saveState()
    canvas.translate(x, y)
    canvas.rotate(angle_deg)
    p = canvas.beginPath()
    p.moveTo(0, 0)
    p.lineTo(-size, size * 0.48)
    p.lineTo(-size * 0.72, 0)
    p.lineTo(-size, -size * 0.48)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.restoreState()


def _down_arrow(canvas, x, y_top, y_bottom) -> None:
    canvas.saveState()
    canvas.setStrokeColor(ACCENT)
    canvas.setFillColor(ACCENT)
    canvas.setLineWidth(1.4)
    head = 2.6 * mm
    canvas.line(x, y_top, x, y_bottom + head * 0.75)
    _arrow_head(canvas, x, y_bottom, -90, head)
    canvas.restoreState()


def _card_glyph(canvas, x, y, h, face_up: bool) -> float:
    """A tiny card, ``h`` tall, bottom-left at (x, y): a dark back when face
    down, a light face with a rule when face up. Returns its width."""
    w = h * 0.62
    r = h * 0.1
    canvas.saveState()
    canvas.setLineWidth(0.6)
    canvas.setStrokeColor(INK)
    if face_up:
        canvas.setFillColor(white)
        canvas.roundRect(x, y, w, h, r, stroke=1, fill=1)
        canvas.setFillColor(ACCENT)
        canvas.circle(x + w / 2, y + h * 0.64, w * 0.2, stroke=0, fill=1)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(0.5)
        for k in (0.36, 0.24):
            canvas.line(x + w * 0.22, y + h * k, x + w * 0.78, y + h * k)
    else:
        canvas.setFillColor(ACCENT)
        canvas.roundRect(x, y, w, h, r, stroke=1, fill=1)
        canvas.setStrokeColor(PARCHMENT)
        canvas.setLineWidth(0.5)
        p = canvas.beginPath()
        cx, cy = x + w / 2, y + h / 2
        p.moveTo(cx, cy + h * 0.28)
        p.lineTo(cx + w * 0.28, cy)
        p.lineTo(cx, cy - h * 0.28)
        p.lineTo(cx - w * 0.28, cy)
        p.close()
        canvas.drawPath(p, stroke=1, fill=0)
    canvas.restoreState()
    return w


def _pennant(canvas, x, y, h) -> float:
    """The first player's banner (an oriflamme): a pole and a swallow-tailed
    flag, ``h`` tall from (x, y). Returns its width."""
    w = h * 0.8
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(max(0.7, h * 0.06))
    canvas.line(x + h * 0.05, y, x + h * 0.05, y + h)
    canvas.setFillColor(ACCENT)
    p = canvas.beginPath()
    top = y + h
    p.moveTo(x + h * 0.05, top)
    p.lineTo(x + w, top - h * 0.08)
    p.lineTo(x + w * 0.72, top - h * 0.3)
    p.lineTo(x + w, top - h * 0.52)
    p.lineTo(x + h * 0.05, top - h * 0.5)
    p.close()
    canvas.drawPath(p, stroke=0, fill=1)
    canvas.restoreState()
    return w


# -- boxes -------------------------------------------------------------------------------

Glyph = Callable[[object, float, float, float], float]


@dataclass
class _Box:
    """A framed step: an optional number disc or glyph, a heading, a body
    and, side by side under the body, sub-boxes."""
    width: float
    heading: str
    head_font: str
    head_size: float
    body: Block | None
    number: str = ""
    glyph: Glyph | None = None
    subs: list = field(default_factory=list)
    fill: Color = PARCHMENT
    stroke: Color = INK
    stroke_width: float = LINE
    number_font: str = ""
    min_height: float = 0.0

    GAP = 1.9 * mm

    @property
    def head_height(self) -> float:
        return _cap_height(self.head_size) if self.heading else 0.0

    @property
    def height(self) -> float:
        h = PAD + self.head_height
        if self.body is not None and self.body.lines:
            h += (self.GAP if self.heading else 0) + _block_height(self.body)
        if self.subs:
            h += self.GAP * 1.6 + max(s.height for s in self.subs)
        return max(h + PAD, self.min_height)

    def draw(self, canvas, x: float, y_top: float) -> None:
        h = self.height
        canvas.saveState()
        canvas.setFillColor(self.fill)
        canvas.setStrokeColor(self.stroke)
        canvas.setLineWidth(self.stroke_width)
        canvas.roundRect(x, y_top - h, self.width, h, 1.6 * mm, stroke=1, fill=1)
        canvas.restoreState()
        left = x + PAD
        y = y_top - PAD
        if self.heading:
            baseline = y - self.head_height
            if self.number:
                r = self.head_size * 0.72
                R.number_disc(canvas, left + r, baseline + self.head_height / 2, r,
                              self.number, self.number_font or self.head_font, ACCENT)
                left += 2 * r + 1.6 * mm
            if self.glyph is not None:
                gh = self.head_size * 1.05
                left += self.glyph(canvas, left, baseline - self.head_size * 0.12, gh) + 1.6 * mm
            canvas.setFillColor(INK)
            canvas.setFont(self.head_font, self.head_size)
            canvas.drawString(left, baseline, self.heading)
            y = baseline - self.GAP
        if self.body is not None and self.body.lines:
            _draw_block(canvas, self.body, x + PAD, y)
            y -= _block_height(self.body)
        if self.subs:
            y -= self.GAP * 1.6
            sx = x + PAD
            gap = ((self.width - 2 * PAD - sum(s.width for s in self.subs))
                   / max(1, len(self.subs) - 1))
            for sub in self.subs:
                sub.draw(canvas, sx, y)
                sx += sub.width + gap


@dataclass
class _Setup:
    """The setup strip: a heading, then numbers with their labels."""
    width: float
    heading: str
    items: tuple[tuple[str, str], ...]
    fonts: FontNames
    size: float
    locale: str
    influence_word: str

    @property
    def big(self) -> float:
        return self.size * 1.9

    @property
    def height(self) -> float:
        return PAD + _cap_height(self.big) + 1.5 * mm + self.size * 1.0 + PAD

    def draw(self, canvas, x: float, y_top: float) -> None:
        fonts = self.fonts
        h = self.height
        canvas.saveState()
        canvas.setFillColor(PARCHMENT)
        canvas.setStrokeColor(INK)
        canvas.setLineWidth(LINE)
        canvas.roundRect(x, y_top - h, self.width, h, 1.6 * mm, stroke=1, fill=1)
        head_size = self.size + 1.5
        heading = typography(self.heading, self.locale, fonts.title_bold)
        head_w = stringWidth(heading, fonts.title_bold, head_size) if heading else 0
        canvas.setFillColor(INK)
        canvas.setFont(fonts.title_bold, head_size)
        canvas.drawString(x + PAD, y_top - h / 2 - _cap_height(head_size) / 2, heading)
        left = x + PAD + head_w + 5 * mm
        cell = (x + self.width - PAD - left) / len(self.items)
        num_base = y_top - PAD - _cap_height(self.big)
        label_base = num_base - 1.5 * mm - self.size * 0.78
        for i, (number, label) in enumerate(self.items):
            cx = left + cell * (i + 0.5)
            label = typography(label, self.locale, fonts.italic)
            canvas.setFillColor(INK)
            canvas.setFont(fonts.italic, self.size)
            canvas.drawCentredString(cx, label_base, label)
            if not number:
                gh = _cap_height(self.big) * 1.25
                w = gh * 0.8
                _pennant(canvas, cx - w / 2, num_base - gh * 0.08, gh)
                continue
            digits, _, word = number.partition(" ")
            coin = word == self.influence_word
            dw = stringWidth(digits, fonts.title_bold, self.big)
            total = dw + (influence_width(self.big) + self.big * 0.1 if coin else 0)
            canvas.setFillColor(ACCENT)
            canvas.setFont(fonts.title_bold, self.big)
            canvas.drawString(cx - total / 2, num_base, digits)
            if coin:
                _coin(canvas, cx - total / 2 + dw + self.big * 0.1, num_base, self.big)
        canvas.restoreState()


# -- the page -------------------------------------------------------------------------------

@dataclass
class _Entry:
    kind: str
    name: str
    ability: Block
    name_size: float
    gap: float

    @property
    def height(self) -> float:
        return _cap_height(self.name_size) + 1.1 * mm + _block_height(self.ability) + self.gap


@dataclass
class _Page:
    texts: _Texts
    fonts: FontNames
    size: float
    width: float
    setup: _Setup
    round_caption: Block
    steps: list                    # placement, resolution, passing (_Box)
    end: _Box
    columns: list                  # two lists of _Entry / _Box / ("head", kind, label)


    @classmethod
    def layout(cls, texts: _Texts, fonts: FontNames, size: float, width: float, icon) -> _Page:
        loc = texts.locale
        head = size + 1.5
        inner = width - LANE - 2 * PAD          # the phases, inside the round frame

        def box(step: _Step, w: float, number: str = "", glyph=None, subs=(), **kw) -> _Box:
            body = _block(step.text, w - 2 * PAD, fonts.regular, size, loc, icon,
                          step.heading) if step.text else None
            return _Box(w, typography(step.heading, loc, fonts.title_bold), fonts.title_bold,
                        head, body, number=number, glyph=glyph, subs=list(subs),
                        number_font=fonts.title_bold, **kw)

        subs = []
        if texts.branches:
            sub_w = (inner - 2 * PAD - 3 * mm) / 2
            for (label, text), face_up in zip(texts.branches, (False, True)):
                def glyph(c, x, y, h, up=face_up):
                    return _card_glyph(c, x, y - h * 0.05, h * 1.05, up)
                subs.append(_sub(label, text, sub_w, glyph, fonts, size, loc, icon))
            tallest = max(sub.height for sub in subs)
            for sub in subs:                     # side by side: the same height
                sub.min_height = tallest
        steps = [
            box(texts.placement, inner, number="1"),
            box(texts.resolution, inner, number="2", subs=subs),
            box(texts.passing, inner, number="3",
                glyph=lambda c, x, y, h: _pennant(c, x, y, h * 1.1)),
        ]
        end = box(texts.end, width - LANE, stroke=ACCENT, stroke_width=1.2)
        setup = _Setup(width - LANE, texts.setup_heading, texts.setup_items, fonts, size,
                       loc, texts.influence_word)
        caption = _block(texts.round_caption, inner - 30 * mm, fonts.italic, size, loc,
                         icon, "round")

        # The abilities, one column per kind; the reminders go under the shorter.
        col_w = (width - GUTTER) / 2
        name_size = size + 0.5
        columns: list[list] = [[], []]
        heights = [0.0, 0.0]
        by_kind = [k for k, _ in texts.kinds][:2]
        for i, (kind, label) in enumerate(texts.kinds[:2]):
            columns[i].append(("head", kind, label))
            heights[i] += cls._kind_head_height(size)
        for kind, name, ability in texts.cards:
            i = by_kind.index(kind) if kind in by_kind else heights.index(min(heights))
            indent = mark_width(name_size) + 1.2 * mm
            block = _block(ability, col_w - indent, fonts.regular, size, loc, icon, name)
            entry = _Entry(kind, name, block, name_size, 2.4 * mm)
            columns[i].append(entry)
            heights[i] += entry.height
        for note in texts.notes:
            i = heights.index(min(heights))
            b = box(note, col_w)
            columns[i].append(b)
            heights[i] += b.height + 2.4 * mm
        return cls(texts, fonts, size, width, setup, caption, steps, end, columns)

    # -- measures
    @staticmethod
    def _kind_head_height(size: float) -> float:
        return _cap_height(size + 2.5) + 2.6 * mm

    @property
    def title_height(self) -> float:
        return R.masthead_height(self.fonts)

    @property
    def round_header(self) -> float:
        return PAD + max(_cap_height(self.size + 2.5), _block_height(self.round_caption)) + PAD

    @property
    def round_height(self) -> float:
        return (self.round_header + sum(s.height for s in self.steps)
                + ARROW * (len(self.steps) - 1) + PAD)

    @property
    def diagram_height(self) -> float:
        return self.setup.height + ARROW + self.round_height + ARROW + self.end.height

    @property
    def columns_height(self) -> float:
        return max(self._column_height(col) for col in self.columns)

    def _column_height(self, col) -> float:
        h = 0.0
        for item in col:
            if isinstance(item, tuple):
                h += self._kind_head_height(self.size)
            elif isinstance(item, _Box):
                h += item.height + 2.4 * mm
            else:
                h += item.height
        return h

    GAPS = (5 * mm, 6 * mm)

    @property
    def height(self) -> float:
        return self.title_height + self.diagram_height + self.columns_height + sum(self.GAPS)

    # -- drawing
    def draw(self, canvas, x: float, y_top: float, room: float) -> None:
        slack = max(0.0, room - self.height)
        extra = min(slack / 3, 6 * mm)
        y = y_top - (slack - 2 * extra) / 2
        y = self._draw_title(canvas, x, y)
        y -= self.GAPS[0] + extra
        y = self._draw_diagram(canvas, x, y)
        y -= self.GAPS[1] + extra
        self._draw_columns(canvas, x, y)

    def _draw_title(self, canvas, x, y) -> float:
        # the masthead every game's quick reference shares (render/reference.py)
        t = self.texts
        R.draw_masthead(canvas, x + self.width / 2, y, t.game, t.title, self.fonts, PALETTE,
                        t.locale)
        return y - self.title_height

    def _draw_diagram(self, canvas, x, y) -> float:
        fonts, t = self.fonts, self.texts
        flow_w = self.width - LANE
        cx = x + flow_w / 2
        self.setup.draw(canvas, x, y)
        y -= self.setup.height
        _down_arrow(canvas, cx, y, y - ARROW)
        y -= ARROW

        # the round: a frame holding the three steps, and the loop back
        top = y
        h = self.round_height
        canvas.saveState()
        canvas.setFillColor(SOFT)
        canvas.setStrokeColor(ACCENT)
        canvas.setLineWidth(1.2)
        canvas.roundRect(x, top - h, self.width, h, 2.4 * mm, stroke=1, fill=1)
        canvas.restoreState()
        head_size = self.size + 2.5
        head_base = top - PAD - _cap_height(head_size)
        canvas.setFillColor(ACCENT)
        canvas.setFont(fonts.title_bold, head_size)
        heading = typography(t.round_heading, t.locale, fonts.title_bold)
        canvas.drawString(x + PAD, head_base, heading)
        hw = stringWidth(heading, fonts.title_bold, head_size)
        times = f"× {t.rounds}"
        canvas.setFont(fonts.title_bold, head_size)
        canvas.drawString(x + PAD + hw + 2 * mm, head_base, times)
        tw = stringWidth(times, fonts.title_bold, head_size)
        cap_x = x + PAD + hw + tw + 7 * mm
        room = x + self.width - LANE - PAD - cap_x
        capw = self.round_caption.width
        _draw_block(canvas, self.round_caption, cap_x + max(0.0, room - capw),
                    top - PAD - max(0.0, (_cap_height(head_size)
                                          - _block_height(self.round_caption)) / 2))

        sx = x + PAD
        sy = top - self.round_header
        step_w = self.steps[0].width
        first_mid = last_mid = 0.0
        for i, step in enumerate(self.steps):
            step.draw(canvas, sx, sy)
            mid = sy - min(step.height / 2, PAD + step.head_height / 2 + 2 * mm)
            if i == 0:
                first_mid = mid
            last_mid = mid
            sy -= step.height
            if i < len(self.steps) - 1:
                _down_arrow(canvas, sx + step_w / 2, sy, sy - ARROW)
                sy -= ARROW

        # the loop: out of the last step, up the lane, into the first
        right = sx + step_w
        lane_x = right + LANE / 2 + PAD / 2
        canvas.saveState()
        canvas.setStrokeColor(ACCENT)
        canvas.setFillColor(ACCENT)
        canvas.setLineWidth(1.4)
        r = 2.5 * mm
        p = canvas.beginPath()
        p.moveTo(right, last_mid)
        p.lineTo(lane_x - r, last_mid)
        p.arcTo(lane_x - 2 * r, last_mid, lane_x, last_mid + 2 * r, startAng=-90, extent=90)
        p.lineTo(lane_x, first_mid - r)
        p.arcTo(lane_x - 2 * r, first_mid - 2 * r, lane_x, first_mid, startAng=0, extent=90)
        p.lineTo(right + 2.0 * mm, first_mid)
        canvas.drawPath(p, stroke=1, fill=0)
        _arrow_head(canvas, right, first_mid, 180, 2.6 * mm)
        # the round count, on the lane
        badge_y = (first_mid + last_mid) / 2
        br = 3.6 * mm
        canvas.setFillColor(ACCENT)
        canvas.circle(lane_x, badge_y, br, stroke=0, fill=1)
        canvas.setFillColor(white)
        size = self.size + 1.5
        canvas.setFont(fonts.title_bold, size)
        canvas.drawCentredString(lane_x, badge_y - _cap_height(size) / 2, f"×{t.rounds}")
        canvas.restoreState()

        y = top - h
        _down_arrow(canvas, cx, y, y - ARROW)
        y -= ARROW
        self.end.draw(canvas, x, y)
        return y - self.end.height

    def _draw_columns(self, canvas, x, y) -> None:
        fonts = self.fonts
        col_w = (self.width - GUTTER) / 2
        for i, col in enumerate(self.columns):
            cx = x + i * (col_w + GUTTER)
            cy = y
            for item in col:
                if isinstance(item, tuple):
                    _, kind, label = item
                    size = self.size + 2.5
                    base = cy - _cap_height(size)
                    canvas.setFillColor(ACCENT)
                    draw_kind_mark(canvas, kind, cx, base, size * 1.1)
                    canvas.setFont(fonts.title_bold, size)
                    label = typography(label, self.texts.locale, fonts.title_bold)
                    canvas.drawString(cx + mark_width(size * 1.1) + 1.5 * mm, base, label)
                    canvas.setStrokeColor(ACCENT)
                    canvas.setLineWidth(0.8)
                    canvas.line(cx, base - 1.4 * mm, cx + col_w, base - 1.4 * mm)
                    cy -= self._kind_head_height(self.size)
                elif isinstance(item, _Box):
                    cy -= 0.6 * mm
                    item.draw(canvas, cx, cy)
                    cy -= item.height + 1.8 * mm
                else:
                    base = cy - _cap_height(item.name_size)
                    canvas.setFillColor(INK)
                    draw_kind_mark(canvas, item.kind, cx, base, item.name_size)
                    indent = mark_width(item.name_size) + 1.2 * mm
                    canvas.setFont(fonts.title_bold, item.name_size)
                    canvas.drawString(cx + indent, base,
                                      typography(item.name, self.texts.locale,
                                                 fonts.title_bold))
                    _draw_block(canvas, item.ability, cx + indent, base - 1.1 * mm)
                    cy -= item.height


def _sub(label: str, text: str, width: float, glyph: Glyph, fonts: FontNames,
         size: float, locale: str, icon) -> _Box:
    """A branch of the resolution: a white box with a card glyph."""
    body = _block(text, width - 2 * PAD, fonts.regular, size, locale, icon, label)
    return _Box(width, typography(label, locale, fonts.bold), fonts.bold, size + 1.0,
                body, glyph=glyph, fill=white, stroke=INK, stroke_width=0.5)


# -- the same page as flowables (the web edition) -------------------------------------

def reference_story(db, locale: str, rules_text: dict) -> list:
    """The page's words as the shared design's flowables (masthead, panels,
    numbered steps; :mod:`...render.reference`): what the web edition reads
    back as HTML (generator/render/flow_html.py). The printed page draws the
    same :class:`_Texts` as a diagram; this keeps its order: the setup, the
    round's three steps, the end, the abilities by kind, the reminders."""
    reference_page(db, locale, "a4", rules_text)
    t = _Texts.read(db, locale, rules_text)
    fonts = register_fonts()
    size = MAX_BODY_PT
    st = R.styles(fonts, size, PALETTE)

    def p(text, style=st.body, bullet=False):
        return R.para(text, style, locale, bullet=bullet)

    def panel(heading, content, **kw):
        return R.Panel(heading, content, PALETTE, fonts, size, locale, **kw)

    # "Hand: 7", "Influence: 1" (the printed strip's number over its label)
    setup = [p(f"{label}: **{number.split()[0]}**" if number else label, st.bullet, True)
             for number, label in t.setup_items]
    resolution = [p(t.resolution.text)] + [p(f"**{label}:** {text}", st.bullet, True)
                                           for label, text in t.branches]
    steps = [panel(t.placement.heading, [p(t.placement.text)], number="1"),
             panel(t.resolution.heading, resolution, number="2"),
             panel(t.passing.heading, [p(t.passing.text)], number="3")]
    story = [R.Masthead(t.game, t.title, fonts, PALETTE, locale),
             panel(t.setup_heading, setup),
             panel(f"{t.round_heading} × {t.rounds}", [p(f"*{t.round_caption}*"), *steps],
                   strong=True),
             panel(t.end.heading, [p(t.end.text)], strong=True)]
    for kind, label in t.kinds:
        story.append(panel(label, [p(f"**{name}** – {ability}", st.bullet, True)
                                   for k, name, ability in t.cards if k == kind]))
    story += [panel(note.heading, [p(note.text)]) for note in t.notes]
    return story
