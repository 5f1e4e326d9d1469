"""L'Ordre d'Asèt's whole table at set-up, seen from above, for the booklet's
set-up section (``<figure name="table"/>``; issue 33: the kits had no picture
of it).

What lies where follows the rulebook (003, "Mise en place"): each aspirant's
Renfort face down in front of them (the rest of the family is the hand,
held, not on the table); in the middle the decrees in a face-down pile and,
beside it, the Order's seven cards from 7 (first rank) to 1 (last rank); the
Council, where the decrees will lie, and its Prison, both empty; each
aspirant's treasure, empty. Four seats, the Meneur's at the bottom. Every
word comes from the rules text (``setup_figure``, ``diagram``), so the
picture is labelled in every locale; a label too long for its room shrinks
to 6.5 pt at least.
"""
from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from ...render.fonts import register_fonts
from ...render.geometry import MIN_BODY_PT
from ...render.text import typography
from . import look as L
from .diagram import (  # a Renfort as the diagrams draw it
    CARD_H,
    CARD_W,
    RANK_GAP,
    RANK_W,
    draw_order,
    mini_back,
)

WIDTH, HEIGHT = 120 * mm, 78 * mm       # at natural size: an A5 page's measure

DECREE_W, DECREE_H = 8.5 * mm, 13 * mm  # a decree, 44 x 68 mm scaled alike
ORDER_SCALE = 0.52                      # the Order's cards against the diagrams'
LABEL_PT = 7.2
TABLE = (0.95, 0.92, 0.85)             # the table's cloth
SEATS = 4


class SetupPicture(Flowable):
    """The table at set-up, ``scale`` times its natural size."""

    def __init__(self, db, locale: str, words: dict, scale: float = 1.0):
        super().__init__()
        self.db, self.locale, self.words, self.scale = db, locale, words, scale
        self.width, self.height = WIDTH * scale, HEIGHT * scale
        self.hAlign = "CENTER"
        self.fonts = register_fonts()

    # -- drawing helpers -----------------------------------------------------------

    def label(self, text, x, y, *, room=None, align="centre", font=None, colour=L.INK):
        """``text`` at (x, y), shrunk to fit ``room`` (never below MIN_BODY_PT)."""
        c, font = self.canv, font or self.fonts.italic
        size = LABEL_PT
        while room and size > MIN_BODY_PT and stringWidth(text, font, size) > room:
            size -= 0.1
        c.setFillColor(colour)
        c.setFont(font, size)
        {"centre": c.drawCentredString, "left": c.drawString,
         "right": c.drawRightString}[align](x, y, text)

    def zone(self, x, y, w, h):
        """An empty place on the table: a dashed outline."""
        c = self.canv
        c.saveState()
        c.setStrokeColor(L.MUTED)
        c.setLineWidth(0.5)
        c.setDash([2.2, 2.2])
        c.roundRect(x, y, w, h, 1.5 * mm, stroke=1, fill=0)
        c.restoreState()

    def renfort(self, x, y, colour):
        """A numbered card face down in its family's colour."""
        mini_back(self.canv, x, y, colour)

    def decree(self, x, y):
        """A decree face down: the Council's night with its gold seal."""
        c = self.canv
        c.setFillColor(L.NIGHT)
        c.setStrokeColor(L.PARCHMENT)
        c.setLineWidth(0.4)
        c.roundRect(x, y, DECREE_W, DECREE_H, 0.8 * mm, stroke=1, fill=1)
        L.draw_seal(c, x + DECREE_W / 2, y + DECREE_H / 2, 2.6 * mm, L.GOLD, L.NIGHT)

    # -- the table ------------------------------------------------------------------

    def draw(self):
        c, w = self.canv, self.words
        db, loc = self.db, self.locale
        c.saveState()
        c.scale(self.scale, self.scale)
        c.setFillColorRGB(*TABLE)
        c.setStrokeColor(L.INK)
        c.setLineWidth(0.6)
        c.roundRect(0, 0, WIDTH, HEIGHT, 6 * mm, stroke=1, fill=1)
        cx = WIDTH / 2

        # the middle: the decrees' pile, the Order beside it; the Council and
        # its Prison, empty, under them
        order_w = 7 * RANK_W * ORDER_SCALE + 6 * RANK_GAP * ORDER_SCALE
        pile_x = cx - (DECREE_W + 5 * mm + order_w) / 2
        pile_y = 42 * mm
        for i in (2, 1, 0):                     # a few cards showing: a pile
            self.decree(pile_x + i * 0.5 * mm, pile_y + i * 0.5 * mm)
        self.label(w["decrees"], pile_x + DECREE_W / 2, pile_y - 3.2 * mm, room=26 * mm)
        order_x = pile_x + DECREE_W + 5 * mm
        order_y = pile_y + 4 * mm
        draw_order(c, db.setup.order, order_x, order_y, self.fonts, scale=ORDER_SCALE)
        self.label(w["order"], order_x + order_w / 2, order_y + 8.8 * mm, room=order_w,
                   font=self.fonts.bold, colour=L.NIGHT)
        self.label(w["strongest"], order_x, order_y - 3.2 * mm, align="left",
                   room=order_w / 2 - 1 * mm)
        self.label(w["weakest"], order_x + order_w, order_y - 3.2 * mm, align="right",
                   room=order_w / 2 - 1 * mm)
        council = (cx - 31 * mm, 26 * mm, 36 * mm, 10 * mm)
        prison = (cx + 8 * mm, 26 * mm, 23 * mm, 10 * mm)
        for (x, y, zw, zh), key in ((council, "council"), (prison, "prison")):
            self.zone(x, y, zw, zh)
            self.label(w[key], x + zw / 2, y + zh / 2 - 1 * mm, room=zw - 2 * mm)

        # the seats: the Meneur at the bottom, the others around the table
        colours = [HexColor(f.colour) for f in db.families]
        names = [typography(f.name[loc], loc) for f in db.families]
        seats = [(cx, 7 * mm), (12 * mm, HEIGHT / 2 - CARD_H / 2 - 2 * mm),
                 (cx, HEIGHT - CARD_H - 7 * mm),
                 (WIDTH - 12 * mm, HEIGHT / 2 - CARD_H / 2 - 2 * mm)][:SEATS]
        for n, (sx, sy) in enumerate(seats):
            self.renfort(sx - CARD_W / 2, sy, colours[n])
            name = f"{names[n]} \u00b7 {w['meneur']}" if n == 0 else names[n]
            above = n == 2
            self.label(name, sx, sy + CARD_H + 1.6 * mm if above else sy - 3.4 * mm,
                       font=self.fonts.bold, room=30 * mm)
        # what the Meneur's seat holds, named once
        sx, sy = seats[0]
        self.label(w["renfort"], sx - CARD_W / 2 - 2 * mm, sy + CARD_H / 2 - 1 * mm,
                   align="right", room=cx - CARD_W / 2 - 12 * mm)
        tx = sx + CARD_W / 2 + 3 * mm
        self.zone(tx, sy + 0.5 * mm, 12 * mm, CARD_H - 1 * mm)
        self.label(w["treasure"], tx + 14 * mm, sy + CARD_H / 2 + 0.6 * mm, align="left",
                   room=WIDTH - tx - 19 * mm)
        self.label(w["hand"], tx + 14 * mm, sy + CARD_H / 2 - 3.2 * mm, align="left",
                   room=WIDTH - tx - 19 * mm)
        c.restoreState()


def table_figure(builder) -> list:
    """``<figure name="table"/>``: the whole table at set-up, as wide as the
    booklet's measure allows (its natural size at most)."""
    loc = builder.locale
    words = {k: typography(v, loc) for k, v in builder.text["setup_figure"].items()}
    diagram = builder.text["diagram"]
    words.update({k: typography(diagram[k], loc) for k in ("strongest", "weakest")})
    words["hand"] = words["hand"].format(n=builder.db.setup.family_size - 1)
    return [SetupPicture(builder.db, loc, words, min(1.0, builder.wide / WIDTH))]
