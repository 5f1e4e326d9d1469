"""The Lenormand duel's own pages of the rules sheet and the quick reference:
the setup picture (drawn with the deck's faces and backs), the attack table
(read from the card database's combination table and valued by the engine,
never typed as text), the key to the duel's marks and the key to the diagrams.

``<figure name="setup|attacks|marks"/>`` in a section of ``rules.yaml`` and
``<diagram_key/>`` in the examples chapter come here (see
:mod:`herald.generator.render.booklet`).
"""
from __future__ import annotations

from itertools import combinations as subsets

from herald.engine.lenormand.cards import CIVILISATION, HOUSES, NATURE, PLAY_CARDS, life_cards
from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer, Table, TableStyle

from ...render.fonts import register_fonts
from ...render.text import typography
from . import diagram as D
from .backs import back_drawer
from .marks import draw_mark
from .pictures import INK

RULE_RGB = colors.HexColor("#C9BBA0")
ACCENT = colors.HexColor("#7A1F1A")


# -- the attack table, from the database ------------------------------------------------

def line_example(db, line, house: int) -> tuple | None:
    """The first cards (pairs, then triples, in number order) that ``house``
    can play for ``line`` under the default reading, or None."""
    table = db.setup_config().table
    sizes = sorted({len(line.cards)} if line.cards else {line.size})
    for size in sizes:
        for cards in subsets(PLAY_CARDS, size):
            if table.value(cards, house, True) == (line.id, line.amount):
                return cards
    return None


def attack_rows(db, locale: str) -> list[tuple[str, str, str, str]]:
    """(name, civilisation's example, nature's example, amount) for each line
    of the database's attack table, in its order."""
    rows = []
    for line in db.duel.combinations:
        examples = []
        for house in (CIVILISATION, NATURE):
            cards = line_example(db, line, house)
            examples.append(" + ".join(map(str, cards)) if cards else "—")
        rows.append((line.name[locale], examples[0], examples[1], f"−{line.amount}"))
    return rows


def attack_table(db, locale: str, headers: list, style, width: float, para) -> Table:
    """The attack table as a reportlab Table; ``para(text, style)`` sets a cell."""
    houses = {h.id: h.name[locale] for h in db.houses}
    head = [headers[0], headers[1].format(house=houses["civilisation"]),
            headers[1].format(house=houses["nature"]), headers[2]]
    data = [[para(f"**{h}**", style) for h in head]]
    for name, civ, nat, amount in attack_rows(db, locale):
        data.append([para(name, style), para(civ, style), para(nat, style),
                     para(f"**{amount}**", style)])
    fonts = register_fonts()
    table = Table(data, colWidths=[width * 0.46, width * 0.21, width * 0.21, width * 0.12],
                  repeatRows=1)
    table.setStyle(TableStyle([
        ("FONTNAME", (0, 0), (-1, -1), fonts.regular), ("VALIGN", (0, 0), (-1, -1), "TOP"),
        ("ALIGN", (1, 0), (-1, -1), "CENTER"),
        ("LINEBELOW", (0, 0), (-1, 0), 0.8, ACCENT),
        ("LINEBELOW", (0, 1), (-1, -1), 0.3, RULE_RGB),
        ("LEFTPADDING", (0, 0), (-1, -1), 3), ("RIGHTPADDING", (0, 0), (-1, -1), 3),
        ("TOPPADDING", (0, 0), (-1, -1), 1.5), ("BOTTOMPADDING", (0, 0), (-1, -1), 1.5)]))
    return table


# -- the setup picture ------------------------------------------------------------------

class SetupFigure(Flowable):
    """A duel laid out at the start, drawn with the deck's own faces and backs
    at ``k`` of their size: both life columns (each card overlapping the
    next, its number showing), both hands, the reserve face down, the draw
    pile and the discard's place."""

    def __init__(self, db, locale, cards: dict, words: dict, max_width: float, k=0.2):
        super().__init__()
        self.db, self.locale, self.words = db, locale, words
        self.cards = cards                  # number -> PrintCard
        any_card = cards[1]
        self.cw, self.ch = any_card.width * k, any_card.height * k
        self.k = k
        self.step = self.ch * 0.2            # a life card's showing band
        self.hand_step = self.cw * 0.62
        self.gap = 2 * mm
        col_h = self.ch + 7 * self.step
        hand_w = self.cw + 3 * self.hand_step
        res_w = 3 * self.cw + 2 * self.gap
        self.groups = [self.cw, hand_w, res_w, hand_w, self.cw]
        self.sep = 7 * mm
        natural = sum(self.groups) + 4 * self.sep
        self.scale = min(1.0, max_width / natural)
        self.natural = natural
        self.body = max(col_h, 2 * self.ch + self.gap)
        self.width = natural * self.scale
        self.height = (self.body + 13 * mm) * self.scale

    def _face(self, c, number, x, y):
        card = self.cards[number]
        c.saveState()
        c.translate(x, y)
        c.scale(self.k, self.k)
        p = c.beginPath()
        p.roundRect(0, 0, card.width, card.height, 3 * mm)
        c.clipPath(p, stroke=0, fill=0)
        card.draw_front(c, 0, 0, 0)
        c.restoreState()
        c.saveState()
        c.setStrokeColorRGB(*INK)
        c.setLineWidth(0.3)
        c.roundRect(x, y, self.cw, self.ch, 3 * mm * self.k, stroke=1, fill=0)
        c.restoreState()

    def _back(self, c, x, y):
        card = self.cards[1]
        back = back_drawer(card.width, card.height)
        c.saveState()
        c.translate(x, y)
        c.scale(self.k, self.k)
        p = c.beginPath()
        p.roundRect(0, 0, card.width, card.height, 3 * mm)
        c.clipPath(p, stroke=0, fill=0)
        back(c, 0, 0, 0)
        c.restoreState()

    def _label(self, c, x, y, text, fonts, bold=False):
        c.setFillColorRGB(*INK)
        c.setFont(fonts.bold if bold else fonts.italic, 8)
        c.drawCentredString(x, y, typography(text, self.locale))

    def draw(self):
        c = self.canv
        fonts = register_fonts()
        w = self.words
        c.saveState()
        c.scale(self.scale, self.scale)
        base = 7 * mm                       # labels under the band
        top = base + self.body
        xs, x = [], 0.0
        for gw in self.groups:
            xs.append(x)
            x += gw + self.sep
        houses = {h.id: h.name[self.locale] for h in self.db.houses}
        # life columns: the lowest card at the back, each next one lower down
        for house, gx in ((CIVILISATION, xs[0]), (NATURE, xs[4])):
            numbers = life_cards(house)
            for i, number in enumerate(numbers):
                self._face(c, number, gx, top - self.ch - i * self.step)
            self._label(c, gx + self.cw / 2, base - 4 * mm, houses[HOUSES[house]], fonts,
                        bold=True)
            self._label(c, gx + self.cw / 2, base - 7 * mm + 0.3 * mm,
                        w["life"].format(first=numbers[0], last=numbers[-1]), fonts)
        # hands, face up: four play cards each, fanned
        for hand, gx, who in (((2, 9, 12, 19), xs[1], "civilisation"),
                              ((3, 5, 13, 20), xs[3], "nature")):
            y = top - self.ch
            for i, number in enumerate(hand):
                self._face(c, number, gx + i * self.hand_step, y)
            mid = gx + self.groups[1] / 2
            self._label(c, mid, top + 2 * mm, w["hand"].format(house=houses[who]), fonts)
        # draw pile and discard, under the hands
        pile_y = top - 2 * self.ch - self.gap
        gx = xs[1] + (self.groups[1] - self.cw) / 2
        for i in range(3):
            self._back(c, gx + i * 0.5 * mm, pile_y + i * 0.5 * mm)
        self._label(c, gx + self.cw / 2, base - 4 * mm, w["draw"], fonts)
        gx = xs[3] + (self.groups[3] - self.cw) / 2
        c.saveState()
        c.setStrokeColorRGB(*INK)
        c.setDash(2, 2)
        c.setLineWidth(0.5)
        c.roundRect(gx, pile_y, self.cw, self.ch, 3 * mm * self.k, stroke=1, fill=0)
        c.restoreState()
        self._label(c, gx + self.cw / 2, base - 4 * mm, w["discard"], fonts)
        # the reserve: two rows of three, face down
        for r in range(2):
            for k in range(3):
                self._back(c, xs[2] + k * (self.cw + self.gap),
                           top - self.ch - r * (self.ch + self.gap))
        self._label(c, xs[2] + self.groups[2] / 2, base - 4 * mm, w["reserve"], fonts,
                    bold=True)
        c.restoreState()


def cards_by_number(print_cards) -> dict:
    """The deck's PrintCards by card number (their keys start "07-")."""
    return {int(card.key[:2]): card for card in print_cards if card.key[:2].isdigit()}


# -- the marks -----------------------------------------------------------------------

class MarksKey(Flowable):
    """The four marks of the duel, drawn as on the cards, with their meaning:
    on one line where the width allows, else two to a line."""
    KINDS = ("civilisation", "nature", "weapon", "support")
    PT, ROW = 8.5, 7 * mm

    def __init__(self, words: dict, locale: str, width: float):
        super().__init__()
        fonts = register_fonts()
        self.texts = [typography(words[kind], locale) for kind in self.KINDS]
        self.widths = [6.6 * mm + stringWidth(t, fonts.regular, self.PT) for t in self.texts]
        self.per_row = len(self.KINDS) if sum(self.widths) + 6 * mm <= width else 2
        rows = -(-len(self.KINDS) // self.per_row)
        self.width, self.height = width, rows * self.ROW

    def draw(self):
        c = self.canv
        fonts = register_fonts()
        n = self.per_row
        cell = self.width / n
        for i, (kind, text) in enumerate(zip(self.KINDS, self.texts)):
            row, k = divmod(i, n)
            x = k * cell
            y = self.height - (row + 0.5) * self.ROW
            draw_mark(c, kind, x + 2.4 * mm, y, 4.6 * mm, D.MARK_RGB)
            c.setFillColorRGB(*INK)
            c.setFont(fonts.regular, self.PT)
            c.drawString(x + 6.0 * mm, y - 3, text)


# -- the key to the diagrams -----------------------------------------------------------

class DiagramKey(Flowable):
    """Each mark of the diagrams, drawn, with its meaning: three to a row,
    or two in a narrow column. Every mark a diagram draws is here (an
    attack's red and a heal's green)."""
    PT, LEAD = 8.5, 10.5
    # the key's entries (their words in rules.yaml's diagram_key), in the
    # order of the pictures drawn for them
    ENTRIES = ("up", "down", "played", "healed", "showing", "hidden", "lost", "back")

    def __init__(self, words: dict, locale: str, width: float):
        super().__init__()
        self.words, self.locale = words, locale
        self.per_row = 3 if width >= 120 * mm else 2
        self.cell = width / self.per_row
        fonts = register_fonts()
        texts = [words[k] for k in self.ENTRIES]
        self.lines = [_wrap(typography(t, locale), fonts.regular, self.PT,
                            self.cell - D.LW - 5 * mm) for t in texts]
        rows = [self.lines[i:i + self.per_row]
                for i in range(0, len(self.lines), self.per_row)]
        self.row_h = [max(D.CH, max(len(lines) for lines in r) * self.LEAD) + 3 * mm for r in rows]
        self.width, self.height = width, sum(self.row_h)

    def draw(self):
        c = self.canv
        fonts = register_fonts()
        items = [
            lambda x, y: D.small_card(c, fonts, 12, x, y, True),
            lambda x, y: D.small_card(c, fonts, 7, x, y, False),
            lambda x, y: D.small_card(c, fonts, 11, x, y, True, D.ATTACK_RGB),
            lambda x, y: D.small_card(c, fonts, 13, x, y, True, D.HEAL_RGB),
            lambda x, y: D.life_tile(c, fonts, 35, x, y + D.CH / 2 - D.LH / 2, True),
            lambda x, y: D.life_tile(c, fonts, 35, x, y + D.CH / 2 - D.LH / 2, False),
            lambda x, y: D.life_tile(c, fonts, 33, x, y + D.CH / 2 - D.LH / 2, True,
                                     struck=True),
            lambda x, y: D.life_tile(c, fonts, 31, x, y + D.CH / 2 - D.LH / 2, False,
                                     ring=D.HEAL_RGB),
        ]
        top = self.height
        for i, (item, lines) in enumerate(zip(items, self.lines)):
            r, k = divmod(i, self.per_row)
            h = self.row_h[r]
            if k == 0 and r:
                top -= self.row_h[r - 1]
            x, y = k * self.cell, top - h + 1.5 * mm + (h - 3 * mm - D.CH) / 2
            item(x + 0.8 * mm, y)
            c.setFillColorRGB(*INK)
            c.setFont(fonts.regular, self.PT)
            text_top = y + D.CH / 2 + (len(lines) - 1) * self.LEAD / 2 - 3
            for j, part in enumerate(lines):
                c.drawString(x + D.LW + 3 * mm, text_top - j * self.LEAD, part)


def _wrap(text, font, size, width):
    lines, line = [], ""
    for word in text.split():
        trial = f"{line} {word}".strip()
        if line and stringWidth(trial, font, size) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    return lines + [line] if line else lines


# -- booklet hooks ----------------------------------------------------------------------

def booklet_figure(builder, el) -> list:
    name = el.get("name")
    text, locale = builder.text, builder.locale
    if name == "setup":
        figure = SetupFigure(builder.db, locale, cards_by_number(builder.cards.values()),
                             text["setup_figure"], builder.wide, k=0.15)
        return [Spacer(1, 2 * mm), builder.wide_flowable(figure), Spacer(1, 3 * mm)]
    if name == "attacks":
        width = min(builder.wide, builder.width * 1.2)
        table = attack_table(builder.db, locale, text["attack_table"], builder.st.cell,
                             width, builder.para)
        return [builder.wide_flowable(table), Spacer(1, 3 * mm)]
    if name == "marks":
        return [MarksKey(text["marks"], locale, builder.width), Spacer(1, 2 * mm)]
    return []


def diagram_key(builder, el) -> list:
    words = builder.text["diagram_key"]
    width = min(builder.wide, builder.width * 1.3)
    return [builder.subheading(words["title"]),
            builder.wide_flowable(DiagramKey(words, builder.locale, width)), Spacer(1, 3 * mm)]


def checklist(db, locale: str) -> tuple[dict, list[tuple[str, list[str]]]]:
    """The kit's card checklist (render/checklist.py): the 36 cards by number
    and name, then the two aids, one per house."""
    from ...documents import rules_text
    words = rules_text(db.game, locale)["checklist"]
    cards = [f"{card.number}. {card.name[locale]}" for card in db.cards]
    return words, [(words["cards"], cards),
                   (words["aids"], [house.name[locale] for house in db.houses])]
