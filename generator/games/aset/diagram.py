"""Diagrams of an Asèt position, drawn from the engine's state and event log.

A diagram is three bands, 120 mm wide at natural size (so that an A5
booklet page holds it unscaled and no label falls below 7 pt):

* the Order: seven ranks, first on the left; values the step moved are
  ringed, and when a decree changed the Order the row before it is shown
  above, smaller;
* the Council: its active decrees (and decrees held in front of a player);
* the players: each one's card in the combat (face down until revealed;
  cancelled ones struck through, the winner's crowned), their Renfort, cards
  in hand and treasure; then the Council's Prison.

``step_view`` returns the state after a step of an example (as the runner
kept it, not replayed) with the events of that step (step 0: the events of
the setup, such as a decree drawn as the example starts), which the diagram
marks.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache, lru_cache

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm

from ...catalogs import load_catalog
from ...narrated import KeptWhileSame
from ...render.fonts import register_fonts
from ...render.recording import write_text, written_once
from ...render.text import layout_paragraph, typography
from . import look as L

WIDTH = 120 * mm
RANK_W, RANK_H, RANK_GAP = 10.5 * mm, 13 * mm, 2.2 * mm
SMALL_RANK = 0.62            # the "before" row's scale
LABEL_W = 17 * mm
CARD_W, CARD_H = 9 * mm, 12.5 * mm
LABEL_PT = 7.2
# Events that change what a diagram shows (others: a card laid face down...).
VISIBLE = {"effect", "enter", "cover", "hold", "discard_decree", "reveal", "renfort",
           "cancel_equal", "win", "tie", "null", "take", "surplus", "prison_lost",
           "renfort_kept", "end", "return_decree"}


@dataclass
class Notes:
    events: list = field(default_factory=list)
    start: bool = False      # the starting position of an example


def step_view(example, outcome, step: int):
    """The state after ``step`` decisions (as the runner kept it) and what the
    step did."""
    state = outcome.after(step)
    if step == 0:
        return state, Notes(list(outcome.initial.log or []), start=True)
    return state, Notes(list(outcome.steps[step - 1].events))


def diagram_empty(state, notes) -> bool:
    """A step that changed nothing visible (a card laid face down, a Renfort
    kept) gets no diagram: the narration tells it."""
    if notes is None or notes.start:
        return False
    return not any(ev["type"] in VISIBLE for ev in notes.events)


@cache
def _labels(locale: str) -> dict:
    from ...documents import rules_text
    return rules_text("aset", locale)["diagram"]


@cache
def _words(locale: str) -> dict:
    """The diagram's labels, typeset once per locale (read, never changed)."""
    return {k: typography(v, locale) for k, v in _labels(locale).items()}


@cache
def _colours(colours: tuple[str, ...]) -> dict:
    return {i: HexColor(colour) for i, colour in enumerate(colours)}


@lru_cache(maxsize=1024)
def _chip_lines(name: str, width: float, font: str, locale: str) -> tuple:
    """A decree's name broken into at most two lines ``width`` wide: the same
    few decrees recur in diagram after diagram (the lines are only read)."""
    return tuple(layout_paragraph(typography(name, locale), width, font, LABEL_PT,
                                  LABEL_PT * 1.1, locale)[:2])


CANCELLED = HexColor("#B3261E")     # the stroke through a cancelled card
EMPTY = HexColor("#C9BBA0")         # the outline where no card is played
PRISON = L.pale("#2B2340", 0.85)


def _effects(notes):
    return [ev for ev in (notes.events if notes else []) if ev["type"] == "effect"]


def _council(state) -> list:
    return list(state.council)


def _held(state) -> list:
    return [(p, d) for p, ds in enumerate(state.held) for d in ds]


def diagram_size(state, notes=None, db=None, locale: str = "en") -> tuple[float, float]:
    return WIDTH, _height(state, notes)


def _height(state, notes) -> float:
    h = RANK_H + 8 * mm
    if _effects(notes):
        h += RANK_H * SMALL_RANK + 6 * mm
    if _council(state) or _held(state):
        h += 12 * mm
    h += CARD_H + 16 * mm
    return h


def draw_diagram(canvas, state, db, locale, notes, x, y, width) -> float:
    """Draw ``state`` with ``notes`` scaled to ``width`` from (x, y), lower left."""
    k = width / WIDTH
    h = _height(state, notes)
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(k, k)
    _Drawing(canvas, state, db, locale, notes).draw(h)
    canvas.restoreState()
    return h * k


# the narration's tellers (the players' names): every diagram of every step
# names them, and a teller is only read
_TELLERS = KeptWhileSame(32)


def _teller(db, locale: str, state):
    """The narration's teller of ``db`` in ``locale`` for ``state``'s
    families, made again when the database or the catalog is."""
    from .narration import Teller
    return _TELLERS.get((locale, state.config.families), (db, load_catalog("aset", locale)),
                        lambda: Teller(db, locale, state))


class _Drawing:
    def __init__(self, canvas, state, db, locale, notes):
        self.c, self.state, self.db, self.locale = canvas, state, db, locale
        self.notes = notes or Notes()
        self.fonts = register_fonts()
        self.words = _words(locale)
        self.colours = _colours(tuple(f.colour for f in db.families))
        self.family_ids = [f.id for f in db.families]

    def label(self, text, x, y, size=LABEL_PT, font=None, colour=L.MUTED, align="left"):
        c = self.c
        c.setFillColor(colour)
        c.setFont(font or self.fonts.title, size)
        write_text(c, "drawString" if align == "left" else "drawCentredString", x, y, text)

    def draw(self, h):
        top = h
        events = self.notes.events
        effects = _effects(self.notes)
        moved = set()
        if effects:
            before, after = effects[0]["before"], self.state.order
            moved = {v for v in after if before.index(v) != after.index(v)}
            top -= 2 * mm
            self.label(self.words["before"], 0, top - RANK_H * SMALL_RANK / 2 - 2)
            draw_order(self.c, before, LABEL_W, top - RANK_H * SMALL_RANK, self.fonts,
                       scale=SMALL_RANK, words=None)
            top -= RANK_H * SMALL_RANK + 4 * mm
        top -= 1.5 * mm
        self.label(self.words["order"], 0, top - RANK_H / 2 - 2, font=self.fonts.title_bold,
                   colour=L.NIGHT)
        draw_order(self.c, self.state.order, LABEL_W, top - RANK_H, self.fonts, moved=moved,
                   words=self.words)
        top -= RANK_H + 6.5 * mm
        if _council(self.state) or _held(self.state):
            self.label(self.words["council"], 0, top - 5 * mm, font=self.fonts.title_bold,
                       colour=L.NIGHT)
            x = LABEL_W
            chips = [(self.db.decrees[d].name[self.locale], None) for d in self.state.council]
            chips += [(self.db.decrees[d].name[self.locale], p) for p, d in _held(self.state)]
            w = min(33 * mm, (WIDTH - LABEL_W) / max(3, len(chips)) - 1.5 * mm)
            for name, holder in chips:
                self._chip(x, top - 9 * mm, w, 9 * mm, name, holder)
                x += w + 1.5 * mm
            top -= 12 * mm
        self._players(top, events)

    def _chip(self, x, y, w, h, name, holder):
        c = self.c
        c.setFillColor(L.NIGHT)
        c.roundRect(x, y, w, h, 1.2 * mm, stroke=0, fill=1)
        lines = _chip_lines(name, w - 2.4 * mm, self.fonts.semibold, self.locale)
        text = c.beginText()
        text.setFont(self.fonts.semibold, LABEL_PT)
        text.setFillColor(L.PAPER)
        icons: list = []
        y0 = y + h / 2 + (len(lines) - 1) * LABEL_PT * 0.55 - LABEL_PT * 0.32
        for i, line in enumerate(lines):
            line.emit(text, x + (w - line.width) / 2, y0 - i * LABEL_PT * 1.1, icons)
        c.drawText(text)
        if holder is not None:
            c.setStrokeColor(self.colours[self.state.families[holder]])
            c.setLineWidth(1.5)
            c.roundRect(x, y, w, h, 1.2 * mm, stroke=1, fill=0)

    def _players(self, top, events):
        s = self.state
        teller = _teller(self.db, self.locale, s)
        revealed: dict = {}
        winners, cancelled, null = set(), set(), False
        for ev in events:
            t = ev["type"]
            if t == "reveal":
                revealed = {s.players.index(p): c for p, c in ev["cards"].items()}
            elif t == "win":
                winners = {s.players.index(ev["player"])}
            elif t == "tie":
                winners = {s.players.index(p) for p in ev["players"]}
            elif t == "null":
                null = True
            elif t == "renfort":
                cancelled |= {s.players.index(p) for p in ev["cancelled"]}
            elif t == "cancel_equal":
                cancelled |= {s.players.index(p) for p in ev["players"]}
        if s.phase == 4:        # Renforts: the cards lie revealed
            revealed = revealed or {p: c for p, c in enumerate(s.played) if c >= 0}
        n = len(s.players)
        col = (WIDTH - LABEL_W) / (n + 1)
        c = self.c
        name_y = top - 3 * mm
        card_y = name_y - 2.5 * mm - CARD_H
        for p in range(n):
            cx = LABEL_W + col * (p + 0.5)
            fam = s.families[p]
            self.label(teller.player(s.players[p]), cx, name_y, font=self.fonts.bold,
                       colour=L.INK, align="centre", size=7.5)
            card = revealed.get(p, -1)
            if card < 0 and s.played[p] >= 0:
                mini_back(c, cx - CARD_W / 2, card_y, self.colours[fam])
            elif card >= 0:
                _mini_card(c, cx - CARD_W / 2, card_y, card & 7,
                           self.family_ids[card >> 3], self.colours[card >> 3], self.fonts)
                if p in cancelled:
                    c.setStrokeColor(CANCELLED)
                    c.setLineWidth(1.6)
                    c.line(cx - CARD_W / 2 - 1, card_y - 1,
                           cx + CARD_W / 2 + 1, card_y + CARD_H + 1)
                if p in winners:
                    _crown(c, cx, card_y + CARD_H + 0.4 * mm, L.GOLD)
            else:
                c.setStrokeColor(EMPTY)
                c.setDash(1, 1.5)
                c.setLineWidth(0.6)
                c.roundRect(cx - CARD_W / 2, card_y, CARD_W, CARD_H, 1 * mm, stroke=1, fill=0)
                c.setDash()
            info = [f"{self.words['hand']} {len(s.hands[p])}",
                    f"{self.words['treasure']} {len(s.treasure[p])}"]
            if s.renfort[p] >= 0:
                info.append(self.words["renfort"])
            for i, line in enumerate(info):
                self.label(line, cx, card_y - 3.2 * mm - i * 2.8 * mm, font=self.fonts.regular,
                           colour=L.INK, align="centre")
        # the Prison, last column
        cx = LABEL_W + col * (n + 0.5)
        self.label(self.words["prison"], cx, name_y, font=self.fonts.bold, colour=L.NIGHT,
                   align="centre", size=7.5)
        c.setFillColor(PRISON)
        c.setStrokeColor(L.NIGHT)
        c.setLineWidth(0.7)
        c.roundRect(cx - CARD_W / 2 - 1 * mm, card_y, CARD_W + 2 * mm, CARD_H, 1 * mm,
                    stroke=1, fill=1)
        for i in range(3):
            xx = cx - CARD_W / 2 + (i + 0.5) * (CARD_W / 3)
            c.line(xx, card_y, xx, card_y + CARD_H)
        c.setFillColor(L.PAPER)
        c.circle(cx, card_y + CARD_H / 2, 3.2 * mm, stroke=0, fill=1)
        self.label(str(len(s.prison)), cx, card_y + CARD_H / 2 - 3.3, size=10,
                   font=self.fonts.title_bold, colour=L.NIGHT, align="centre")
        if null:
            self.label(self.words["null"], cx, card_y - 3.2 * mm, font=self.fonts.italic,
                       colour=L.INK, align="centre")
        self.label(self.words["players"], 0, card_y + CARD_H / 2 - 2,
                   font=self.fonts.title_bold, colour=L.NIGHT)


def draw_order(c, order, x, y, fonts, moved=frozenset(), scale=1.0, words=None):
    """The Order as seven rank cards from (x, y), first rank on the left."""
    w, h, gap = RANK_W * scale, RANK_H * scale, RANK_GAP * scale
    for i, v in enumerate(order):
        xx = x + i * (w + gap)
        c.setFillColor(L.PARCHMENT)
        c.setStrokeColor(L.GOLD if v in moved else L.NIGHT)
        c.setLineWidth(1.8 if v in moved else 0.7)
        c.roundRect(xx, y, w, h, 1.2 * mm * scale, stroke=1, fill=1)
        c.setFillColor(L.NIGHT)
        c.setFont(fonts.title_bold, 17 * scale)
        write_text(c, "drawCentredString", xx + w / 2, y + h / 2 - 6 * scale, str(v))
        if i < 6:
            c.setFillColor(L.MUTED)
            c.setFont(fonts.regular, max(9 * scale, 6.5))   # never below 6.5 pt
            write_text(c, "drawCentredString", xx + w + gap / 2, y + h / 2 - 3 * scale, "›")
    if words:
        c.setFillColor(L.MUTED)
        c.setFont(fonts.italic, LABEL_PT)
        write_text(c, "drawString", x, y - 3 * mm, words["strongest"])
        write_text(c, "drawRightString", x + 7 * w + 6 * gap, y - 3 * mm, words["weakest"])


def _mini_card(c, x, y, value, family_id, colour, fonts):
    c.setFillColor(colour)
    c.roundRect(x, y, CARD_W, CARD_H, 1 * mm, stroke=0, fill=1)
    c.setFillColor(L.PARCHMENT)
    c.roundRect(x + 0.8 * mm, y + 0.8 * mm, CARD_W - 1.6 * mm, CARD_H - 1.6 * mm, 0.7 * mm,
                stroke=0, fill=1)
    c.setFillColor(L.INK)
    c.setFont(fonts.title_bold, 12)
    write_text(c, "drawCentredString", x + CARD_W / 2, y + CARD_H - 5.4 * mm, str(value))
    _emblem(c, family_id, x + CARD_W / 2, y + 3 * mm, 1.8 * mm, colour, L.PARCHMENT)


# a PDF copies an emblem drawn at the same place again (a card recurs from step to step)
_emblem = written_once(L.draw_emblem)


def mini_back(c, x, y, colour):
    c.setFillColor(colour)
    c.roundRect(x, y, CARD_W, CARD_H, 1 * mm, stroke=0, fill=1)
    c.setStrokeColor(L.PARCHMENT)
    c.setLineWidth(0.5)
    c.roundRect(x + 1 * mm, y + 1 * mm, CARD_W - 2 * mm, CARD_H - 2 * mm, 0.7 * mm,
                stroke=1, fill=0)


def _crown(c, cx, y, colour):
    c.setFillColor(colour)
    p = c.beginPath()
    w = 2.6 * mm
    p.moveTo(cx - w, y)
    p.lineTo(cx + w, y)
    p.lineTo(cx + w, y + 1.6 * mm)
    p.lineTo(cx + w * 0.5, y + 0.8 * mm)
    p.lineTo(cx, y + 2 * mm)
    p.lineTo(cx - w * 0.5, y + 0.8 * mm)
    p.lineTo(cx - w, y + 1.6 * mm)
    p.close()
    c.drawPath(p, stroke=0, fill=1)


def draw_cover_art(canvas, db, width, height) -> None:
    """The five family emblems over a row of the Order's seven ranks."""
    n = len(db.families)
    for i, f in enumerate(db.families):
        cx = width * (i + 0.5) / n
        canvas.setFillColor(L.pale(f.colour, 0.75))
        canvas.circle(cx, height / 2, height * 0.46, stroke=0, fill=1)
        L.draw_emblem(canvas, f.id, cx, height / 2, height * 0.34, HexColor(f.colour),
                      L.pale(f.colour, 0.75))
