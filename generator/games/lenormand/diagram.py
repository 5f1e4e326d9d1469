"""Diagrams of a Lenormand duel position, drawn from the engine's state and
the events of a step.

A diagram is one band, at most 150 mm wide at natural size (labels at 7 pt
or more, and never under 6 pt once the band is shrunk to its column):
civilisation's life column and its players' hands on the left,
the reserve's two rows of three in the middle (face-up cards as the deck's
small faces, face-down ones as backs, with their number in the back's gold
so the reader knows what lies there), nature's hands and life column on the
right; a third player's hand sits under the reserve. A life column lists
the house's eight life cards, lowest first; hidden ones are pale.

A step's diagram shows the position *before* its decision, with the
decision drawn on it: the cards played ringed in the hand (red for an
attack, green for a heal), the life cards it takes struck through (or those
it brings back ringed), and under the band the line of the attack table
that paid. Steps that only exchange a card get no diagram (the narration
tells them, and the next diagram shows the result); an example with no
attack or heal shows its starting position instead.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from herald.engine.lenormand.cards import CIVILISATION, HOUSES, NATURE, NO_HOUSE, life_cards
from reportlab.lib.units import mm

from ...narrated import KeptWhileSame
from ...render.fonts import register_fonts
from ...render.recording import cached, write_text, written_once
from ...render.text import typography
from .backs import BACK_RGB, GOLD_RGB
from .marks import draw_mark
from .pictures import INK, PAPER, TINT, draw_subject

CW, CH = 8.6 * mm, 11.6 * mm          # a small card
GAP = 1.2 * mm                        # between the cards of a hand or the reserve
# a life card's tile in its column: tall enough for its number at 6 pt in print
# when a four-player band is shrunk to half its size (issue 22)
LW, LH, LGAP = 10.5 * mm, 3.8 * mm, 0.35 * mm
MIN_PRINT_PT = 6.2                    # every label and number, at print size
EDGE = 3.5 * mm                       # room left and right of the band
SEP = 5.5 * mm                        # between the groups of the band
LABEL_PT = 7.2
TOP = 5.0 * mm                        # the labels' line above the band
CAPTION = 5.0 * mm                    # the attack's caption under the band
ATTACK_RGB = (0.70, 0.12, 0.10)
HEAL_RGB = (0.165, 0.616, 0.561)   # a teal green: apart from the attack's red for every
#                                     colour-blind reader and in greyscale (issue 22)
MARK_RGB = (0.56, 0.50, 0.43)
PALE_RGB = (0.80, 0.76, 0.70)
PLAYS = ("attack", "heal")


@dataclass
class Notes:
    """What a step did: its events (drawn on the position before it)."""
    events: list = field(default_factory=list)
    start: bool = False              # an example's starting position
    show: bool = True                # False: the narration alone tells this step

    def play(self) -> dict | None:
        return next((ev for ev in self.events if ev["type"] in PLAYS), None)


def step_view(example, outcome, step: int):
    """Step 0: the starting position (drawn when no step plays a combination).
    Step k: the position before the k-th decision, with what it did."""
    plays = [any(ev["type"] in PLAYS for ev in s.events) for s in outcome.steps]
    if step == 0:
        return outcome.after(0), Notes(start=True, show=not any(plays))
    events = list(outcome.steps[step - 1].events)
    return outcome.after(step - 1), Notes(events, show=plays[step - 1])


def diagram_empty(state, notes) -> bool:
    return notes is not None and not notes.show


# -- geometry --------------------------------------------------------------------------

def _seats(state):
    """The players by side: civilisation's, nature's, and the houseless."""
    side: dict[int, list[int]] = {CIVILISATION: [], NATURE: [], NO_HOUSE: []}
    for p, h in enumerate(state.houses):
        side[h].append(p)
    return side


def _hand_size(state) -> tuple[float, float]:
    """A hand's block: two rows (cards side by side, two a row)."""
    n = max((len(h) for h in state.hands), default=0)
    cols = max(2, (n + 1) // 2)
    return cols * CW + (cols - 1) * GAP, 2 * CH + GAP


def _reserve_size(state) -> tuple[float, float]:
    cols = max(1, (len(state.reserve) + 1) // 2)
    return cols * CW + (cols - 1) * GAP, 2 * CH + GAP


def _column_h() -> float:
    n = len(life_cards(CIVILISATION))
    return n * LH + (n - 1) * LGAP


def _layout(state):
    """x of each group, left to right, and the band's size."""
    side = _seats(state)
    hw, hh = _hand_size(state)
    rw, rh = _reserve_size(state)
    groups = [("column", CIVILISATION, LW)]
    groups += [("hand", p, hw) for p in side[CIVILISATION]]
    groups += [("reserve", None, max(rw, hw if side[NO_HOUSE] else 0))]
    groups += [("hand", p, hw) for p in side[NATURE]]
    groups += [("column", NATURE, LW)]
    # the houses' names over the outer columns are wider than the columns
    x, out = EDGE, []
    for kind, who, w in groups:
        out.append((kind, who, x, w))
        x += w + SEP
    body = max(_column_h(), hh, rh + 5 * mm + (hh + 4 * mm if side[NO_HOUSE] else 0))
    return out, x - SEP + EDGE, body


def diagram_size(state, notes=None, db=None, locale: str = "en") -> tuple[float, float]:
    _, width, body = _layout(state)
    return width, TOP + body + (CAPTION if notes and notes.play() else 1 * mm)


def draw_diagram(canvas, state, db, locale, notes, x, y, width) -> float:
    """Draw ``state`` with ``notes`` scaled to ``width`` from (x, y), lower left."""
    w, h = diagram_size(state, notes, db, locale)
    k = width / w
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(k, k)
    _Drawing(canvas, state, db, locale, notes or Notes(), floor=MIN_PRINT_PT / k).draw(h)
    canvas.restoreState()
    return h * k


@cache
def _words(locale: str) -> dict:
    from ...documents import rules_text
    return rules_text("lenormand", locale)["diagram"]


@cache
def _typeset_words(locale: str) -> dict:
    """The diagram's words typeset, once per locale (read, never changed);
    plural forms (a mapping) are typeset once chosen."""
    return {k: typography(v, locale) if isinstance(v, str) else v
            for k, v in _words(locale).items()}


# -- small cards ----------------------------------------------------------------------

def _picture(canvas, number, side):
    draw_subject(canvas, number, 0, 0, side, side, ink=INK, tint=TINT, paper=PAPER)


_small_picture = cached(_picture)


@written_once       # a PDF copies a card drawn at the same place again
def small_card(canvas, fonts, number: int, x: float, y: float, up: bool = True,
               ring=None, size: float = 7.5) -> None:
    """A small card at (x, y): its number over its picture, or a face-down
    card (the back's night blue, its number in the back's gold); ``ring``
    (an RGB) circles it."""
    canvas.saveState()
    if up:
        canvas.setFillColorRGB(*PAPER)
        canvas.setStrokeColorRGB(*INK)
    else:
        canvas.setFillColorRGB(*BACK_RGB)
        canvas.setStrokeColorRGB(*BACK_RGB)
    canvas.setLineWidth(0.5)
    canvas.roundRect(x, y, CW, CH, 0.9 * mm, stroke=1, fill=1)
    if up:
        canvas.setFillColorRGB(*INK)
        canvas.setFont(fonts.title_bold, size)
        canvas.drawCentredString(x + CW / 2, y + CH - 0.6 * mm - 0.7 * size, str(number))
        side = CW - 2.2 * mm
        canvas.saveState()
        canvas.translate(x + (CW - side) / 2, y + 0.8 * mm)
        _small_picture(canvas, number, side)
        canvas.restoreState()
    else:
        canvas.setStrokeColorRGB(*GOLD_RGB)
        canvas.setLineWidth(0.35)
        canvas.roundRect(x + 0.8 * mm, y + 0.8 * mm, CW - 1.6 * mm, CH - 1.6 * mm, 0.6 * mm,
                         stroke=1, fill=0)
        canvas.setFillColorRGB(*GOLD_RGB)
        canvas.setFont(fonts.title_bold, size)
        canvas.drawCentredString(x + CW / 2, y + CH / 2 - 0.35 * size, str(number))
    if ring:
        canvas.setStrokeColorRGB(*ring)
        canvas.setLineWidth(1.3)
        canvas.roundRect(x - 0.8 * mm, y - 0.8 * mm, CW + 1.6 * mm, CH + 1.6 * mm, 1.4 * mm,
                         stroke=1, fill=0)
    canvas.restoreState()


@written_once
def life_tile(canvas, fonts, number: int, x: float, y: float, showing: bool,
              struck: bool = False, ring=None, size: float = 7.0) -> None:
    """One life card of a column: showing (cream, its number) or hidden
    under the next one (pale, dashed)."""
    canvas.saveState()
    canvas.setLineWidth(0.45)
    if showing:
        canvas.setFillColorRGB(*PAPER)
        canvas.setStrokeColorRGB(*INK)
    else:
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setStrokeColorRGB(*PALE_RGB)
        canvas.setDash(1.2, 1.0)
    canvas.roundRect(x, y, LW, LH, 0.6 * mm, stroke=1, fill=1)
    canvas.setDash()
    canvas.setFillColorRGB(*(INK if showing else PALE_RGB))
    canvas.setFont(fonts.title_bold, size)
    canvas.drawCentredString(x + LW / 2, y + LH / 2 - 0.34 * size, str(number))
    if struck:
        canvas.setStrokeColorRGB(*ATTACK_RGB)
        canvas.setLineWidth(1.1)
        canvas.line(x - 0.6 * mm, y - 0.3 * mm, x + LW + 0.6 * mm, y + LH + 0.3 * mm)
        canvas.line(x - 0.6 * mm, y + LH + 0.3 * mm, x + LW + 0.6 * mm, y - 0.3 * mm)
    if ring:
        canvas.setStrokeColorRGB(*ring)
        canvas.setLineWidth(1.1)
        canvas.roundRect(x - 0.6 * mm, y - 0.5 * mm, LW + 1.2 * mm, LH + 1.0 * mm, 0.9 * mm,
                         stroke=1, fill=0)
    canvas.restoreState()


# the narration's tellers (the players' names, the lines): every diagram of
# every step names them, and a teller is only read
_TELLERS = KeptWhileSame(32)


def _teller(db, locale: str):
    """The narration's teller of ``db`` in ``locale``, made again when the
    database or the catalog is."""
    from .narration import Teller, catalog
    return _TELLERS.get(locale, (db, catalog(locale)), lambda: Teller(db, locale))


class _Drawing:
    def __init__(self, canvas, state, db, locale, notes, floor: float = 0.0):
        self.c, self.state, self.db, self.locale, self.notes = canvas, state, db, locale, notes
        self.floor = floor        # no type smaller than this, in the band's own units
        self.fonts = register_fonts()
        self.words = _typeset_words(locale)
        self.teller = _teller(db, locale)
        self.play = notes.play()

    def label(self, x, y, text, italic=True, colour=INK, centre=True):
        c = self.c
        c.setFillColorRGB(*colour)
        c.setFont(self.fonts.italic if italic else self.fonts.bold, self.pt(LABEL_PT))
        write_text(c, "drawCentredString" if centre else "drawString", x, y, text)

    def pt(self, size: float) -> float:
        """``size``, or more where the band is shrunk so far that it would
        print under MIN_PRINT_PT."""
        return max(size, self.floor)

    def player_label(self, x, y, name, mover: bool) -> None:
        """A player's name over their hand; the player to move in bold, after
        a small triangle."""
        self.label(x, y, name, italic=not mover)
        if mover:
            from reportlab.pdfbase.pdfmetrics import stringWidth
            left = x - stringWidth(name, self.fonts.bold, self.pt(LABEL_PT)) / 2 - 1.2 * mm
            c = self.c
            c.setFillColorRGB(*INK)
            tri = c.beginPath()
            tri.moveTo(left - 3.2, y + 0.4)
            tri.lineTo(left, y + 2.6)
            tri.lineTo(left - 3.2, y + 4.8)
            tri.close()
            c.drawPath(tri, stroke=0, fill=1)

    def draw(self, height: float) -> None:
        groups, width, body = _layout(self.state)
        bottom = CAPTION if self.play else 1 * mm
        top = bottom + body            # the band's top; labels above it
        for kind, who, x, w in groups:
            if kind == "column":
                self.column(who, x, top)
            elif kind == "hand":
                self.hand(who, x, w, top)
            else:
                self.reserve(x, w, top, bottom)
        if self.play:
            self.caption(width)

    # the groups
    def column(self, house, x, top):
        st, c = self.state, self.c
        name = next(h.name[self.locale] for h in self.db.houses if h.id == HOUSES[house])
        self.label(x + LW / 2, top + 1.6 * mm, name, italic=False)
        play = self.play
        struck, ringed, delta = set(), set(), ""
        if play and play["type"] == "attack" and play["house"] == HOUSES[house]:
            struck, delta = set(play["lost"]), f"−{len(play['lost'])}"
        if play and play["type"] == "heal" and play["house"] == HOUSES[house]:
            ringed, delta = set(play["regained"]), f"+{len(play['regained'])}"
        showing = set(st.life_showing(house))
        y = top - LH
        for number in life_cards(house):
            life_tile(c, self.fonts, number, x, y, number in showing,
                      struck=number in struck, ring=HEAL_RGB if number in ringed else None,
                      size=self.pt(7.0))
            y -= LH + LGAP
        if delta:
            colour = ATTACK_RGB if delta.startswith("−") else HEAL_RGB
            c.saveState()
            c.setFillColorRGB(*colour)
            c.setFont(self.fonts.title_bold, self.pt(9))
            left = house == CIVILISATION
            c.drawRightString(x - 1 * mm, top - 3.6 * mm, delta) if left else \
                c.drawString(x + LW + 1 * mm, top - 3.6 * mm, delta)
            c.restoreState()

    def hand(self, p, x, w, top):
        st = self.state
        name = self.teller.player(st.players[p])
        mover = st.mover == p and not st.over
        self.player_label(x + w / 2, top + 1.6 * mm, name, mover)
        played, ring = set(), None
        if self.play and self.play.get("player") == st.players[p]:
            played = set(self.play["cards"])
            ring = ATTACK_RGB if self.play["type"] == "attack" else HEAL_RGB
        self._grid(st.hands[p], x, top - CH, w,
                   lambda n: (True, ring if n in played else None))

    def _grid(self, cards, x, y_top_row, w, look):
        cols = max(2, (len(cards) + 1) // 2)
        for i, number in enumerate(cards):
            r, k = divmod(i, cols)
            up, ring = look(number)
            small_card(self.c, self.fonts, number, x + k * (CW + GAP),
                       y_top_row - r * (CH + GAP), up, ring, size=self.pt(7.5))

    def reserve(self, x, w, top, bottom):
        st = self.state
        rw, rh = _reserve_size(st)
        x0 = x + (w - rw) / 2
        self.label(x + w / 2, top + 1.6 * mm, self.words["reserve"])
        slots = st.reserve
        cols = max(1, (len(slots) + 1) // 2)
        for i, (number, up) in enumerate(slots):
            r, k = divmod(i, cols)
            small_card(self.c, self.fonts, number, x0 + k * (CW + GAP),
                       top - CH - r * (CH + GAP), up, size=self.pt(7.5))
        y = top - rh - 3.4 * mm
        piles = self.words["piles"].format(draw=len(st.draw), discard=len(st.discard))
        self.label(x + w / 2, y, piles)
        side = _seats(st)[NO_HOUSE]
        if side:
            hw, hh = _hand_size(st)
            p = side[0]
            ytop = y - 4.2 * mm
            name = self.teller.player(st.players[p])
            mover = st.mover == p and not st.over
            self.player_label(x + w / 2, ytop - 0.6 * mm, name, mover)
            played, ring = set(), None
            if self.play and self.play.get("player") == st.players[p]:
                played, ring = set(self.play["cards"]), ATTACK_RGB
            self._grid(st.hands[p], x + (w - hw) / 2, ytop - 2 * mm - CH, hw,
                       lambda n: (True, ring if n in played else None))

    def caption(self, width):
        play = self.play
        line = self.teller.lines.get(play["line"], play["line"])
        sign = "−" if play["type"] == "attack" else "+"
        cards = " + ".join(str(n) for n in play["cards"])
        # an attack takes no more than the house has left: say so when the
        # line's figure is more than what was taken
        taken = len(play.get("lost", ()))
        short = play["type"] == "attack" and taken < play["amount"]
        template = self.teller.plural(self.words["caption_last"], taken) if short \
            else self.words["caption"]
        text = template.format(cards=cards, line=line, amount=f"{sign}{play['amount']}",
                               taken=taken)
        colour = ATTACK_RGB if play["type"] == "attack" else HEAL_RGB
        self.label(width / 2, 1.6 * mm, typography(text, self.locale), italic=False,
                   colour=colour)


# -- the cover's band ---------------------------------------------------------------------

COVER_SUBJECTS = (4, 6, 10, 28, 29, 11, 5, 3)


def draw_cover_art(canvas, db, width, height) -> None:
    """A row of the deck's pictures in cream medallions, the houses' marks at
    both ends."""
    n = len(COVER_SUBJECTS)
    r = min(height * 0.46, width / (n + 2) * 0.42)
    step = width / (n + 2)
    for i, number in enumerate(COVER_SUBJECTS):
        cx = step * (i + 1.5)
        canvas.setFillColorRGB(*PAPER)
        canvas.setStrokeColorRGB(*INK)
        canvas.setLineWidth(0.6)
        canvas.circle(cx, height / 2, r, stroke=1, fill=1)
        side = r * 1.3
        draw_subject(canvas, number, cx - side / 2, height / 2 - side / 2, side, side)
    draw_mark(canvas, "civilisation", step * 0.6, height / 2, r * 0.9, MARK_RGB)
    draw_mark(canvas, "nature", width - step * 0.6, height / 2, r * 0.9, MARK_RGB)
