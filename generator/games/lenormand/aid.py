"""The duel's two player-aid cards, printed after the 36 at the deck's size:
one per house, so each player has the turn and the attack table at hand.

A card, top to bottom, inside the faces' double rule: the house's mark and
name; the turn in three rows (a verb, what it does); the attack table for
that house (each line's name, the house's example cards and the life cards
taken; a line the house can never play, like the two supports for nature,
is left out); the notes under the table (every house's,
then the house's own). The words are the rules catalog's ``aid_card``
entry; the lines, examples and amounts are the card database's attack table
valued by the engine (:func:`.booklet.attack_rows`), never typed.

Both cards are set at one body size, the largest from 9 pt down in quarter
points at which both fit the safe zone (laid out with
:func:`herald.generator.render.text.fit_text` at that size, so typography,
hyphenation and the glyph check are the faces'); text that would need less
than :data:`MIN_BODY_PT` stops the build before any file is written.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from herald.engine.lenormand.cards import HOUSES
from reportlab.lib.colors import Color
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...documents import rules_text
from ...errors import InputError
from ...render.cards import PrintCard, ornament
from ...render.fonts import FontNames, MissingGlyph, register_fonts, require_glyphs
from ...render.geometry import MIN_BODY_PT
from ...render.layouts import LayoutCache, frozen
from ...render.text import NBSP, Block, TextDoesNotFit, fit_text, typography
from .booklet import attack_rows
from .faces import MARGIN, _paper
from .marks import draw_mark
from .pictures import INK
from .sizes import DEFAULT_SIZE, SIZES, check_size

__all__ = ["AidCard", "aid_cards"]

ACCENT = (0.478, 0.122, 0.102)      # the booklet's headings
RULE = (0.79, 0.73, 0.63)           # the booklet's table rules
NONE = "\u2014"                     # attack_rows' example when the house has none
MAX_PT = 9.0
LEADING = 1.15
UNBOUNDED = 1e6                     # a cell's height is what its text needs


@dataclass(frozen=True)
class _Row:
    """One attack line as laid out: its name's block, example and amount."""
    name: Block
    example: str
    amount: str
    height: float


@dataclass(frozen=True)
class AidCard:
    """One house's aid card, laid out at ``size``; ``draw`` only paints."""
    house: str                      # the house's id ("nature")
    title: str                      # its name, as printed
    title_size: float
    size: float
    turn_title: str
    turn: tuple                     # (verb, Block) per row
    verb_w: float
    table_title: str
    headers: tuple[str, str, str]
    rows: tuple[_Row, ...]
    columns: tuple[float, float]    # the example's centre, the amount's right edge (from x0)
    notes: tuple[Block, ...]
    height: float                   # the content's height at ``size`` (no spare room)
    width: float                    # trim
    card_h: float
    fonts: FontNames

    def draw(self, canvas, x: float, y: float, bleed: float) -> None:
        f, s = self.fonts, self.size
        inner_w = self.width - 2 * MARGIN
        # spare height goes to the gaps between the parts, then under them
        room = self.card_h - 2 * MARGIN
        extra = min((room - self.height) / 4, 3.5 * mm)
        canvas.saveState()
        canvas.translate(x, y)
        _paper(canvas, self.width, self.card_h, bleed)
        x0, top = MARGIN, self.card_h - MARGIN
        # the house: its mark and name, centred together
        t = self.title_size
        mark = t * 1.05
        name_w = stringWidth(self.title, f.title_bold, t)
        left = x0 + (inner_w - mark - t * 0.4 - name_w) / 2
        baseline = top - t * 0.95
        draw_mark(canvas, self.house, left + mark / 2, baseline + t * 0.33, mark, ACCENT)
        canvas.setFillColorRGB(*INK)
        canvas.setFont(f.title_bold, t)
        canvas.drawString(left + mark + t * 0.4, baseline, self.title)
        y_top = top - t * 1.3 - s * 0.3 - extra / 2
        # the divider every game's aids and faces share (render/cards.py)
        ornament(canvas, x0 + inner_w / 2, y_top, inner_w * 0.6, Color(*ACCENT))
        y_top -= s * 0.5 + extra / 2
        # the turn
        y_top = _heading(canvas, f.bold, s, x0, y_top, self.turn_title)
        for verb, block in self.turn:
            canvas.setFillColorRGB(*INK)
            canvas.setFont(f.bold, s)
            canvas.drawString(x0, y_top - block.baselines[0], verb)
            block.draw(canvas, x0 + self.verb_w, y_top, align="left")
            y_top -= block.height + s * 0.15
        y_top -= s * 0.5 + extra
        # the attack table
        y_top = _heading(canvas, f.bold, s, x0, y_top, self.table_title)
        centre, right = self.columns
        hs = header_size(s)
        canvas.setFont(f.italic, hs)
        canvas.setFillColorRGB(*INK)
        hb = y_top - hs * 0.95
        canvas.drawString(x0, hb, self.headers[0])
        canvas.drawCentredString(x0 + centre, hb, self.headers[1])
        canvas.drawRightString(x0 + right, hb, self.headers[2])
        y_top = hb - hs * 0.35
        canvas.setStrokeColorRGB(*ACCENT)
        canvas.setLineWidth(0.6)
        canvas.line(x0, y_top, x0 + inner_w, y_top)
        pad = s * 0.22
        for i, row in enumerate(self.rows):
            if i:
                canvas.setStrokeColorRGB(*RULE)
                canvas.setLineWidth(0.3)
                canvas.line(x0, y_top, x0 + inner_w, y_top)
            cell = y_top - pad
            first = cell - row.name.baselines[0]
            canvas.setFillColorRGB(*INK)
            row.name.draw(canvas, x0, cell, align="left")
            canvas.setFont(f.regular, s)
            canvas.drawCentredString(x0 + centre, first, row.example)
            canvas.setFont(f.bold, s)
            canvas.drawRightString(x0 + right, first, row.amount)
            y_top -= row.height
        canvas.setStrokeColorRGB(*ACCENT)
        canvas.setLineWidth(0.6)
        canvas.line(x0, y_top, x0 + inner_w, y_top)
        y_top -= s * 0.45 + extra / 2
        # the notes, each after a bullet
        bullet = stringWidth("\u2022 ", f.italic, s)
        for block in self.notes:
            canvas.setFillColorRGB(*INK)
            canvas.setFont(f.italic, s)
            canvas.drawString(x0, y_top - block.baselines[0], "\u2022")
            block.draw(canvas, x0 + bullet, y_top, align="left")
            y_top -= block.height + s * 0.2
        canvas.restoreState()


def _heading(canvas, font, size, x, y_top, text) -> float:
    """A part's heading (bold, the accent's red); returns the top of what follows."""
    canvas.setFillColorRGB(*ACCENT)
    canvas.setFont(font, size)
    canvas.drawString(x, y_top - size * 0.95, text)
    return y_top - size * 1.3


def aid_cards(db, locale: str, *, size: str = DEFAULT_SIZE) -> list[PrintCard]:
    """The two aid cards in ``locale`` at trim ``size``, civilisation's first,
    each dealt as Tabletop Simulator deck "aids" with the deck's back."""
    check_size(size)
    width, height = SIZES[size]
    fronts, backs = _laid_out(db, locale, width, height)
    return [PrintCard(f"aid-{card.house}", f"aid-{card.house}-back",
                      f"aid card {card.house} ({locale})", card.draw, back.draw, width, height,
                      deck="aids")
            for card, back in zip(fronts, backs)]


# The deck, the booklet's set-up and the web edition print the same aids:
# each locale's and size's are fitted once a process, keyed by their words
# (the rules catalog's, the database's attack table and houses) and fonts.
_LAYOUTS: LayoutCache = LayoutCache(32)


def _laid_out(db, locale: str, width: float, height: float) -> tuple[list, list]:
    """(fronts, backs): :func:`lay_out` and :func:`lay_out_backs`, fitted once."""
    words = rules_text(db.game, locale)
    key = (db.game, locale, width, height, frozen(words.get("aid_card")),
           frozen(words.get("reference")), frozen(attack_rows(db, locale)),
           frozen([(h.id, h.name.get(locale)) for h in db.houses]), register_fonts())

    def make():
        fronts = lay_out(db, locale, width, height)
        return fronts, lay_out_backs(db, locale, width, height, fronts)
    return _LAYOUTS.get(key, make)


@dataclass(frozen=True)
class AidBack:
    """The aid's other side, as every game's aid has one (Oriflamme's and
    Asèt's print their text on both sides): the house's name and the
    divider, then the end of the game and the three- and four-player games
    (the rules sheet's ``reference`` words)."""
    front: AidCard
    parts: tuple                    # (heading, (Block, bullet?) ...) per part
    size: float

    def draw(self, canvas, x: float, y: float, bleed: float) -> None:
        f, s, card = self.front.fonts, self.size, self.front
        inner_w = card.width - 2 * MARGIN
        canvas.saveState()
        canvas.translate(x, y)
        _paper(canvas, card.width, card.card_h, bleed)
        x0, top = MARGIN, card.card_h - MARGIN
        t = card.title_size
        mark = t * 1.05
        name_w = stringWidth(card.title, f.title_bold, t)
        left = x0 + (inner_w - mark - t * 0.4 - name_w) / 2
        baseline = top - t * 0.95
        draw_mark(canvas, card.house, left + mark / 2, baseline + t * 0.33, mark, ACCENT)
        canvas.setFillColorRGB(*INK)
        canvas.setFont(f.title_bold, t)
        canvas.drawString(left + mark + t * 0.4, baseline, card.title)
        y_top = top - t * 1.3 - s * 0.3
        ornament(canvas, x0 + inner_w / 2, y_top, inner_w * 0.6, Color(*ACCENT))
        y_top -= s * 0.8
        bullet = stringWidth("\u2022 ", f.regular, s)
        for heading, blocks in self.parts:
            y_top = _heading(canvas, f.bold, s, x0, y_top, heading)
            for block, dot in blocks:
                canvas.setFillColorRGB(*INK)
                if dot:
                    canvas.setFont(f.regular, s)
                    canvas.drawString(x0, y_top - block.baselines[0], "\u2022")
                block.draw(canvas, x0 + (bullet if dot else 0), y_top, align="left")
                y_top -= block.height + s * 0.2
            y_top -= s * 0.6
        canvas.restoreState()


def _plain(text: str) -> str:
    """The rules' **bold** and *italic* markers left out: a card sets plain text."""
    return re.sub(r"\*\*?([^*]+)\*\*?", r"\1", text)


def lay_out_backs(db, locale: str, width: float, height: float,
                  fronts: list[AidCard]) -> list[AidBack]:
    """Each aid's other side at the largest size, from its front's down, at
    which it fits the safe zone."""
    label = f"{db.game}: aid card back ({locale}, {width / mm:.0f} x {height / mm:.0f} mm)"
    words = rules_text(db.game, locale).get("reference") or {}
    try:
        texts = [(words["end_title"], [(_plain(words["end"]), False)]),
                 (words["more_title"], [(_plain(line), True) for line in words["more"]])]
    except KeyError as e:
        raise InputError(f"{label}: reference: {e.args[0]}: field required") from None
    fonts = register_fonts()
    inner_w = width - 2 * MARGIN
    out = []
    for front in fronts:
        s = front.size
        while s >= MIN_BODY_PT - 1e-9:
            indent = stringWidth("\u2022 ", fonts.regular, s)
            try:
                parts = tuple((typography(head, locale, fonts.bold),
                               tuple((fit_text(text, inner_w - (indent if dot else 0), UNBOUNDED,
                                               fonts.regular, locale, max_size=s, min_size=s,
                                               leading_ratio=LEADING, paragraph_spacing=0),
                                      dot) for text, dot in blocks))
                              for head, blocks in texts)
            except TextDoesNotFit:
                parts = None
            if parts is not None:
                used = front.title_size * 1.3 + s * 1.1 + sum(
                    s * 1.3 + sum(b.height + s * 0.2 for b, _ in blocks) + s * 0.6
                    for _, blocks in parts)
                if used <= height - 2 * MARGIN:
                    out.append(AidBack(front, parts, s))
                    break
            s -= 0.25
        else:
            raise InputError(f"{label}: the text does not fit at {MIN_BODY_PT} pt; shorten it")
    return out


def lay_out(db, locale: str, width: float, height: float) -> list[AidCard]:
    """Both houses' cards at the largest body size at which both fit."""
    label = f"{db.game}: aid card ({locale}, {width / mm:.0f} x {height / mm:.0f} mm)"
    words = rules_text(db.game, locale).get("aid_card")
    if not isinstance(words, dict):
        raise InputError(f"{label}: aid_card: the rules catalog has no such entry")
    rows = attack_rows(db, locale)
    fonts = register_fonts()
    size, problem = MAX_PT, None
    while size >= MIN_BODY_PT - 1e-9:
        try:
            cards = [_card(db, locale, words, rows, house, fonts, size, width, height)
                     for house in HOUSES]
        except TextDoesNotFit as e:     # a word wider than its column at this size
            problem = str(e)
            cards = None
        except KeyError as e:
            raise InputError(f"{label}: aid_card: {e.args[0]}: field required") from None
        except MissingGlyph as e:
            raise InputError(f"{label}: {e}") from None
        if cards and all(c.height <= height - 2 * MARGIN for c in cards):
            return cards
        size -= 0.25
    raise InputError(f"{label}: the text does not fit at {MIN_BODY_PT} pt"
                     + (f" ({problem})" if problem else "") + "; shorten it")


def header_size(s: float) -> float:
    """The table headers: a step under the body, never under MIN_BODY_PT
    (they were 5.85 pt on bridge cards, issue 22)."""
    return max(s * 0.9, MIN_BODY_PT)


def _card(db, locale, words, rows, house, fonts, s, width, height) -> AidCard:
    inner_w = width - 2 * MARGIN

    def block(text, w, font=fonts.regular):
        # the last two words tied: no line holding one short word ("rien.")
        head, _, last = text.rpartition(" ")
        if head.count(" ") >= 2:
            text = f"{head}{NBSP}{last}"
        return fit_text(text, w, UNBOUNDED, font, locale, max_size=s, min_size=s,
                        leading_ratio=LEADING, paragraph_spacing=0)

    names = {h.id: h.name[locale] for h in db.houses}
    title = typography(names[house], locale, fonts.title_bold).upper()
    title_size = s * 1.6
    while stringWidth(title, fonts.title_bold, title_size) + title_size * 1.45 > inner_w \
            and title_size > s:
        title_size -= 0.25
    used = title_size * 1.3 + s * 0.8               # the name, the rule under it
    # the turn: a column of verbs, each followed by what it does
    verbs = [typography(verb, locale, fonts.bold) for verb, _ in words["turn"]]
    verb_w = max(stringWidth(v, fonts.bold, s) for v in verbs) + s * 0.5
    turn = tuple((v, block(text, inner_w - verb_w)) for v, (_, text) in zip(verbs, words["turn"]))
    used += s * 1.3 + sum(b.height + s * 0.15 for _, b in turn) + s * 0.5
    # the table: name | example | amount; the same columns on both cards
    name_h, example_h, amount_h = (typography(h, locale, fonts.italic)
                                   for h in words["table_headers"])
    headers = (name_h, example_h, amount_h)
    column = 0 if house == HOUSES[0] else 1
    hs = header_size(s)
    amount_w = max([stringWidth(r[3], fonts.bold, s) for r in rows]
                   + [stringWidth(headers[2], fonts.italic, hs)])
    example_w = max([stringWidth(r[i], fonts.regular, s) for r in rows for i in (1, 2)]
                    + [stringWidth(headers[1], fonts.italic, hs)])
    gap = s * 0.6
    name_w = inner_w - amount_w - example_w - 2 * gap
    right = inner_w
    centre = name_w + gap + example_w / 2
    pad = s * 0.22
    laid = []
    for row in rows:
        if row[1 + column] == NONE:     # a line this house can never play
            continue
        name = block(row[0], name_w)
        laid.append(_Row(name, row[1 + column], row[3], name.height + 2 * pad))
    used += s * 1.3 + hs * 1.3 + sum(r.height for r in laid) + s * 0.45
    notes = [*words["notes"], *(words.get("house_notes") or {}).get(house, [])]
    bullet = stringWidth("\u2022 ", fonts.italic, s)
    note_blocks = tuple(block(n, inner_w - bullet, fonts.italic) for n in notes)
    used += sum(b.height + s * 0.2 for b in note_blocks)
    turn_title = typography(words["turn_title"], locale, fonts.bold)
    table_title = typography(words["table_title"], locale, fonts.bold)
    # what is drawn as one string is checked here, before any file is written
    for text, font, field in ((title, fonts.title_bold, "house"),
                              (turn_title, fonts.bold, "aid_card.turn_title"),
                              (table_title, fonts.bold, "aid_card.table_title"),
                              ("".join(verbs), fonts.bold, "aid_card.turn"),
                              ("".join(headers), fonts.italic, "aid_card.table_headers")):
        require_glyphs(text, font, field)
    return AidCard(house, title, title_size, s, turn_title, turn, verb_w, table_title,
                   headers, tuple(laid), (centre, right), note_blocks, used, width, height,
                   fonts)
