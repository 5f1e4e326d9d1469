"""Queue diagrams for the rules booklet: a position of Oriflamme drawn small.

``draw_diagram(canvas, state, db, locale, annotations, x, y, width)`` draws
the queue of an engine state with its lower-left corner at ``(x, y)``,
scaled to ``width`` points, and returns the height it used. The canvas is a
reportlab canvas or a :class:`~.svgcanvas.SVGCanvas` (same API subset).

What it shows:

* each pile as small cards (15 x 26 mm at full scale), the covered cards
  peeking out above the top one; a face-down card is a small family back
  (family colour, coat of arms, no name); a revealed card is parchment in a
  family-colour frame with its name (Cinzel) on top, where it still shows
  when covered, and small arms;
* influence tokens on a card as coins (up to three, else a coin and "xN");
* an Alliance Condemnation token as a small black seal with the scales at the
  card's top right corner (it shows on a covered card too); the cards
  reserved before their owners (Infiltration, Trade) to the right of the
  queue, face up with their tokens, in a dashed frame and unnumbered;
* the positions 1..n under the queue;
* during resolution, a gold glow around the pile at the cursor (the card
  about to act) and around its owner in the players' line;
* each player's influence under the queue, with the change since the state
  before the step ("+2") in the player's colour.

``annotations_for(step_events, state_before)`` turns one step's events into
:class:`Annotations`: cards that left the queue during the step stay drawn,
faded, at their former place (a red cross when eliminated), a placeholder
marks where a moved card was, and arrows run from the acting card to its
target (eliminate: red, steal: bronze with a coin, copy: dashed, move: a
curved blue arrow from the old place to the new one). ``labels`` puts
circled letters (A, B, C...) over given cards.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache

from herald.engine.oriflamme.cards import CARDS, FAMILIES, N_CARDS
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...render.fonts import register_fonts
from ...render.recording import written_once
from . import arms as A
from . import icons
from .words import DIAGRAM_SEATS as _SEATS

__all__ = ["Annotations", "Arrow", "Slot", "annotations_for", "diagram_empty", "diagram_size",
           "draw_diagram", "natural_size"]

# -- geometry at full scale (points) ---------------------------------------------------
CARD_W = 18 * mm          # wide enough for the longest card name at LABEL_PT
CARD_H = 29 * mm
LABEL_PT = 7.3            # card names: 6.5 pt or more once scaled into the booklet
GAP = 4.5 * mm            # between piles
PEEK = 4.6 * mm           # how much of a covered card shows above the one on it
RADIUS = 1.3 * mm
MARGIN = 2.5 * mm
NUMBER_H = 5.5 * mm       # the row of positions
LEGEND_H = 7 * mm         # the row of players
ARROW_STEP = 3.2 * mm     # extra height of each further arrow
ARROW_BASE = 5.5 * mm     # height of the first arrow above the piles it spans
LABEL_H = 7 * mm          # room for circled letters

PARCHMENT = (0.972, 0.953, 0.906)
INK = A.INK
GREY = (0.42, 0.40, 0.38)
GOLD = (0.93, 0.71, 0.16)
RED = (0.78, 0.10, 0.07)
BRONZE = (0.55, 0.36, 0.05)
BLUE_INK = (0.13, 0.24, 0.42)


# -- annotations ---------------------------------------------------------------------

@dataclass
class Slot:
    """A place in the drawn queue: its cards bottom first, each with a mark
    (None: in the queue; 'eliminated' or 'discarded': gone during the step),
    or an empty placeholder where a moved card was."""
    entries: list = field(default_factory=list)     # [(card tuple, mark)]
    placeholder: bool = False

    @property
    def live(self) -> list:
        return [card for card, mark in self.entries if mark is None]


@dataclass
class Arrow:
    kind: str            # 'eliminate', 'steal', 'copy', 'move'
    source: Slot
    target: Slot


@dataclass
class Annotations:
    slots: list[Slot] | None = None          # the queue as drawn (None: the state's)
    arrows: list[Arrow] = field(default_factory=list)
    influence_before: list[int] | None = None
    labels: dict = field(default_factory=dict)   # (family, card) -> 'A'
    actor: Slot | None = None


def _slots_of(queue) -> list[Slot]:
    return [Slot([(card, None) for card in pile]) for pile in queue]


def annotations_for(step_events, state_before, labels: dict | None = None) -> Annotations:
    """What one step did, drawn over the queue: replays the step's ``events``
    on the queue of ``state_before`` keeping the cards that leave it.

    ``labels`` maps cards ``(family, card)`` (indices, or family and card ids)
    to letters drawn over them."""
    slots = _slots_of(state_before.queue)
    notes = Annotations(slots=slots, influence_before=list(state_before.influence),
                        labels=_label_keys(labels or {}))

    def live_slots():
        return [s for s in slots if s.live]

    def at(position):                     # a 1-based queue position, as in events
        ls = live_slots()
        return ls[position - 1] if 0 < position <= len(ls) else None

    def top(slot, **changes):
        for i in range(len(slot.entries) - 1, -1, -1):
            card, mark = slot.entries[i]
            if mark is None:
                if "mark" in changes:
                    slot.entries[i] = (card, changes["mark"])
                else:
                    slot.entries[i] = (_with(card, **changes), None)
                return card
        return None

    actor = None
    if 0 <= state_before.cursor < len(slots):
        actor = slots[state_before.cursor]
    try:
        for ev in step_events:
            kind = ev.get("type")
            if kind == "place":
                fam, card = ev["card"]
                new = ((fam, card, False, 0), None)
                if ev["where"] in ("start", "first"):
                    slots.insert(0, Slot([new]))
                elif ev["where"] == "end":
                    slots.append(Slot([new]))
                else:
                    at(ev["position"]).entries.append(new)
            elif kind == "reveal":
                top(at(ev["position"]), up=True, tokens=0)
                actor = at(ev["position"])
            elif kind == "bank":
                slot = at(ev["position"])
                top(slot, tokens=ev["tokens"])
            elif kind == "act":
                actor = at(ev["position"])
            elif kind in ("eliminate", "steal"):
                slot = at(ev["position"])
                if actor is not None and slot is not None:
                    notes.arrows.append(Arrow(kind, actor, slot))
                if kind == "eliminate":
                    top(slot, mark="eliminated")
            elif kind == "copy":
                copied = tuple(ev["copied"])
                for slot in live_slots():
                    if slot.live[-1][:2] == copied and actor is not None:
                        notes.arrows.append(Arrow("copy", actor, slot))
                        break
            elif kind == "discard":
                slot = at(ev["position"])
                if slot is not None:
                    top(slot, mark="discarded")
            elif kind == "turn_down":             # the Insurrection, after acting
                top(at(ev["position"]), up=False)
            elif kind == "give":                  # points put on a card (Empress, Diplomat)
                slot = at(ev["position"])
                top(slot, tokens=slot.live[-1][3] + ev["amount"])
            elif kind == "tax":                   # the Extortion: 1 point off each hidden card
                taxed = state_before.players.index(ev["player"])
                for slot in live_slots():
                    card = slot.live[-1]
                    if not card[2] and card[3] and state_before.owner[card[0]] == taxed:
                        top(slot, tokens=card[3] - 1)
            elif kind == "move":
                src = at(ev["source"])
                card = None
                for i in range(len(src.entries) - 1, -1, -1):
                    if src.entries[i][1] is None:
                        card = src.entries.pop(i)[0]
                        break
                if not src.entries:
                    src.placeholder = True
                if ev["onto"]:
                    dst = at(ev["destination"])
                    dst.entries.append((card, None))
                else:
                    dst = Slot([(card, None)])
                    ls = live_slots()
                    d = ev["destination"] - 1
                    where = slots.index(ls[d]) if d < len(ls) else len(slots)
                    slots.insert(where, dst)
                notes.arrows.append(Arrow("move", src, dst))
    except (AttributeError, IndexError, KeyError, TypeError, ValueError):
        notes.slots = None              # an event we cannot follow: draw the state as is
        notes.arrows = []
    notes.actor = actor
    return notes


def _with(card, up=None, tokens=None):
    fam, c, u, t = card
    return (fam, c, u if up is None else up, t if tokens is None else tokens)


def _label_keys(labels: dict) -> dict:
    out = {}
    for key, letter in labels.items():
        fam, card = key
        fam = FAMILIES.index(fam) if isinstance(fam, str) else fam
        card = CARDS.index(card) if isinstance(card, str) else card
        out[(fam, card)] = str(letter)
    return out


def _display_slots(state, notes: Annotations | None) -> tuple[list[Slot], Annotations]:
    """The slots to draw: the annotated ones when they end as the state's queue."""
    notes = notes or Annotations()
    if notes.slots is not None:
        live = [tuple(s.live) for s in notes.slots if s.live]
        if live == [tuple(p) for p in state.queue]:
            return notes.slots, notes
    return _slots_of(state.queue), Annotations(influence_before=notes.influence_before,
                                               labels=notes.labels)


# -- layout -------------------------------------------------------------------------

@dataclass
class _Layout:
    width: float
    height: float
    queue_x: float          # left edge of the first pile
    card_y: float           # bottom of the cards
    depth: int
    arrow_room: float
    legend: list            # [(name, colour, value, delta, width)]


def _player_name(state, db, locale, p: int) -> str:
    pid = state.players[p]
    if pid in FAMILIES:
        try:
            return db.family(pid).name[locale]
        except (KeyError, AttributeError):
            pass
    return _seats(locale).get(pid, pid.capitalize())


@cache
def _seats(locale: str) -> dict:
    """The seats' names in ``locale``, read from the PO file once (as the
    other words of the diagrams are), not for every player of every diagram."""
    return dict(_SEATS.get(locale, {}))


def _player_colours(state, db, p: int) -> tuple:
    """The colours of a player's families (two in the duo variant)."""
    return tuple(A.hex_rgb(db.family(FAMILIES[f]).colour) for f in state.families[p]) or (INK,)


_LEGEND_SIZE = 8.5


def _legend(state, db, locale, notes) -> list:
    fonts = register_fonts()
    items = []
    for p in range(len(state.players)):
        name = _player_name(state, db, locale, p)
        value = state.influence[p]
        delta = 0
        if notes.influence_before is not None and p < len(notes.influence_before):
            delta = value - notes.influence_before[p]
        s = _LEGEND_SIZE
        colours = _player_colours(state, db, p)
        w = (3.6 * mm + 2.2 * mm * (len(colours) - 1) + stringWidth(name, fonts.semibold, s)
             + 1.2 * mm)
        w += icons.influence_width(s) + 0.5 * mm + stringWidth(str(value), fonts.bold, s)
        if delta:
            w += 1.0 * mm + stringWidth(_signed(delta), fonts.bold, s)
        items.append((name, colours, value, delta, w))
    return items


def _signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}"


RESERVE_GAP = 7 * mm       # between the queue and the reserved cards


def _reserved(state) -> list:
    """The cards reserved before their owners, as face-up queue cards."""
    return [(f, c, True, t) for pile in getattr(state, "reserve", ()) for f, c, t in pile]


def _layout(state, db, locale, notes, slots) -> _Layout:
    n = max(1, len(slots))
    depth = max([len(s.entries) for s in slots] + [1])
    queue_w = n * CARD_W + (n - 1) * GAP
    reserved = _reserved(state)
    if reserved:
        queue_w += RESERVE_GAP + len(reserved) * CARD_W + (len(reserved) - 1) * GAP
    legend = _legend(state, db, locale, notes) if db is not None else []
    legend_w = sum(item[4] for item in legend) + 4 * mm * max(0, len(legend) - 1)
    width = max(queue_w, legend_w, 60 * mm) + 2 * MARGIN
    arrow_room = 0.0
    if notes.arrows:
        arrow_room = ARROW_BASE + ARROW_STEP * (len(notes.arrows) - 1) + 2.5 * mm
    if notes.labels and any(s.live and s.live[-1][:2] in notes.labels for s in slots):
        arrow_room = max(arrow_room, LABEL_H)
    card_y = MARGIN + LEGEND_H + NUMBER_H
    height = card_y + CARD_H + (depth - 1) * PEEK + arrow_room + MARGIN + 1.5 * mm
    return _Layout(width, height, (width - queue_w) / 2, card_y, depth, arrow_room, legend)


def natural_size(state, db, locale: str = "en",
                 annotations: Annotations | None = None) -> tuple[float, float]:
    """The diagram's (width, height) in points at full scale."""
    slots, notes = _display_slots(state, annotations)
    lay = _layout(state, db, locale, notes, slots)
    return lay.width, lay.height


def diagram_empty(state, annotations: Annotations | None = None) -> bool:
    """Whether the diagram would show no card at all (the booklet leaves it out)."""
    slots, _ = _display_slots(state, annotations)
    return not any(slot.entries or slot.placeholder for slot in slots)


def diagram_size(state, annotations: Annotations | None = None, db=None,
                 locale: str = "en") -> tuple[float, float]:
    """(width, height) in points at full scale, for laying a diagram out."""
    return natural_size(state, db, locale, annotations)


# -- drawing -----------------------------------------------------------------------

def draw_diagram(canvas, state, db, locale: str, annotations: Annotations | None,
                 x: float, y: float, width: float) -> float:
    """Draw ``state``'s queue with ``annotations`` (or None) in ``width``
    points from ``(x, y)`` (lower left); return the height used."""
    fonts = register_fonts()
    slots, notes = _display_slots(state, annotations)
    lay = _layout(state, db, locale, notes, slots)
    condemned = set(getattr(state, "condemned", ()))
    k = width / lay.width
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(k, k)
    canvas.setLineJoin(1)
    canvas.setLineCap(1)

    xs = [lay.queue_x + i * (CARD_W + GAP) for i in range(len(slots))]
    tops = [lay.card_y + CARD_H + max(0, len(s.entries) - 1) * PEEK for s in slots]

    # the pile at the cursor: the card about to act (or acting)
    cursor_slot = None
    acting_player = -1
    live = [s for s in slots if s.live]
    if state.phase == 1 and not getattr(state, "halted", False) \
            and 0 <= state.cursor < len(live):
        cursor_slot = live[state.cursor]
        acting_player = state.owner[cursor_slot.live[-1][0]]
    if cursor_slot is not None:
        i = slots.index(cursor_slot)
        _glow(canvas, xs[i] - 1.2 * mm, lay.card_y - 1.2 * mm, CARD_W + 2.4 * mm,
              tops[i] - lay.card_y + 2.4 * mm)

    # piles, bottom card first: each covered card peeks out above the next
    for i, slot in enumerate(slots):
        if slot.placeholder and not slot.entries:
            _placeholder(canvas, xs[i], lay.card_y)
            continue
        n = len(slot.entries)
        for j, (card, mark) in enumerate(slot.entries):
            cy = lay.card_y + (n - 1 - j) * PEEK
            if mark is not None:
                # a card that leaves the queue is revealed (discarded face up)
                card = (card[0], card[1], True, card[3])
            _card(canvas, db, locale, fonts, card, xs[i], cy)
            if mark is None and card[0] * N_CARDS + card[1] in condemned:
                _condemnation(canvas, xs[i] + CARD_W - 1.2 * mm, cy + CARD_H - 1.2 * mm)
            if mark is not None:
                _fade(canvas, xs[i], cy, eliminated=mark == "eliminated")

    # the reserved cards, right of the queue, in a dashed frame
    reserved = _reserved(state)
    if reserved:
        rx = (xs[-1] + CARD_W if xs else lay.queue_x) + RESERVE_GAP
        _reserve_frame(canvas, rx, lay.card_y, len(reserved))
        for k, card in enumerate(reserved):
            _card(canvas, db, locale, fonts, card, rx + k * (CARD_W + GAP), lay.card_y)

    # positions under the queue
    canvas.setFont(fonts.semibold, 8.5)
    canvas.setFillColorRGB(*GREY)
    number = 0
    for i, slot in enumerate(slots):
        if slot.live:
            number += 1
            canvas.drawCentredString(xs[i] + CARD_W / 2, MARGIN + LEGEND_H + 1.6 * mm,
                                     str(number))

    # arrows above the piles, then letters
    for a_i, arrow in enumerate(notes.arrows):
        if arrow.source in slots and arrow.target in slots:
            _arrow(canvas, arrow, slots.index(arrow.source), slots.index(arrow.target),
                   xs, tops, a_i)
    for i, slot in enumerate(slots):
        if slot.live and slot.live[-1][:2] in notes.labels:
            _label(canvas, fonts, notes.labels[slot.live[-1][:2]], xs[i] + CARD_W / 2,
                   tops[i] + 3.4 * mm)

    _draw_legend(canvas, fonts, lay, acting_player)
    canvas.restoreState()
    return lay.height * k


def _placeholder(canvas, x, y):
    """An empty dashed card: where a moved card was."""
    canvas.saveState()
    canvas.setStrokeColorRGB(*GREY)
    canvas.setLineWidth(0.8)
    canvas.setDash([2.2, 2.2])
    canvas.roundRect(x, y, CARD_W, CARD_H, RADIUS, stroke=1, fill=0)
    canvas.restoreState()


def _reserve_frame(canvas, x, y, n):
    """The dashed frame around ``n`` reserved cards laid in a row from ``(x, y)``."""
    canvas.saveState()
    canvas.setStrokeColorRGB(*GREY)
    canvas.setLineWidth(0.6)
    canvas.setDash([1.6, 1.6])
    canvas.roundRect(x - 1.6 * mm, y - 1.6 * mm, n * (CARD_W + GAP) - GAP + 3.2 * mm,
                     CARD_H + 3.2 * mm, RADIUS + 1.2 * mm, stroke=1, fill=0)
    canvas.restoreState()


@written_once
def _condemnation(canvas, cx, cy):
    """A Condemnation token: a black seal with the Magistrate's scales."""
    from .emblems import draw_emblem
    r = 2.3 * mm
    canvas.saveState()
    canvas.setFillColorRGB(0.16, 0.14, 0.13)
    canvas.setStrokeColorRGB(*PARCHMENT)
    canvas.setLineWidth(0.5)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    draw_emblem(canvas, "magistrate", cx, cy, r * 0.62, ink=PARCHMENT,
                paper=(0.16, 0.14, 0.13))
    canvas.restoreState()


def _glow(canvas, x, y, w, h):
    canvas.saveState()
    canvas.setStrokeColorRGB(*GOLD)
    for width, alpha in ((5.0, 0.22), (3.0, 0.45)):
        canvas.setStrokeAlpha(alpha)
        canvas.setLineWidth(width)
        canvas.roundRect(x, y, w, h, RADIUS + 1.2 * mm, stroke=1, fill=0)
    canvas.setStrokeAlpha(1)
    canvas.setLineWidth(1.1)
    canvas.roundRect(x, y, w, h, RADIUS + 1.2 * mm, stroke=1, fill=0)
    canvas.restoreState()


@dataclass(frozen=True)
class _Family:
    """What a card of the diagram shows of its family (hashable: the key of
    the card's drawing)."""
    id: str
    colour: str
    arms: object


def _card(canvas, db, locale, fonts, card, x, y):
    fam, c, up, tokens = card
    family = db.family(FAMILIES[fam])
    name = (db.card(CARDS[c]).name.get(locale) or CARDS[c]) if up else None
    _card_at(canvas, fonts, _Family(family.id, family.colour, family.arms), name, tokens, x, y)


@written_once
def _card_at(canvas, fonts, family: _Family, name: str | None, tokens: int, x, y):
    """A card at (x, y): face up with its ``name``, or (``name`` None) face
    down. The same card recurs at the same place from step to step and in
    every booklet: a PDF copies its operators after the first time."""
    up = name is not None
    colour = A.hex_rgb(family.colour)
    arms = family.arms
    canvas.saveState()
    canvas.setLineWidth(0.6)
    canvas.setStrokeColorRGB(*INK)
    if not up:
        # a small family back: colour, a rule in the arms' metal, the arms
        canvas.setFillColorRGB(*colour)
        canvas.roundRect(x, y, CARD_W, CARD_H, RADIUS, stroke=1, fill=1)
        metal = A.tincture_rgb(arms.tincture) if arms is not None else PARCHMENT
        canvas.setStrokeColorRGB(*metal)
        canvas.setLineWidth(0.5)
        canvas.roundRect(x + 1.1 * mm, y + 1.1 * mm, CARD_W - 2.2 * mm, CARD_H - 2.2 * mm,
                         RADIUS * 0.6, stroke=1, fill=0)
        if arms is not None:
            _arms(canvas, family, x + CARD_W / 2, y + CARD_H - PEEK - 7.2 * mm, 10.5 * mm)
    else:
        canvas.setFillColorRGB(*colour)
        canvas.roundRect(x, y, CARD_W, CARD_H, RADIUS, stroke=1, fill=1)
        canvas.setFillColorRGB(*PARCHMENT)
        inset = 1.0 * mm
        canvas.roundRect(x + inset, y + inset, CARD_W - 2 * inset, CARD_H - 2 * inset,
                         RADIUS * 0.6, stroke=0, fill=1)
        size = LABEL_PT
        room = CARD_W - 2 * inset - 1.2 * mm
        w = stringWidth(name, fonts.semibold, size)
        if w > room:
            size = size * room / w
        canvas.setFillColorRGB(*INK)
        canvas.setFont(fonts.semibold, size)
        canvas.drawCentredString(x + CARD_W / 2, y + CARD_H - inset - 2.9 * mm, name)
        # a thin rule under the name, in the family colour
        canvas.setStrokeColorRGB(*colour)
        canvas.setLineWidth(0.5)
        canvas.line(x + 2.6 * mm, y + CARD_H - PEEK - 0.3 * mm,
                    x + CARD_W - 2.6 * mm, y + CARD_H - PEEK - 0.3 * mm)
        if arms is not None:
            _arms(canvas, family, x + CARD_W / 2, y + CARD_H - PEEK - 6.8 * mm, 8.5 * mm)
    if tokens:
        _tokens(canvas, fonts, tokens, x, y, dark=not up)
    canvas.restoreState()


def _arms(canvas, family, cx, cy, height):
    """A family's arms on a card of the diagram. A web page (a canvas that
    ``shares_drawings``) defines them once and places them on every card, as
    the faces do; a PDF draws them in place, as it always has."""
    if getattr(canvas, "shares_drawings", False) is True:
        from .faces import _shared_arms
        _shared_arms(canvas, family, cx, cy, height)
    else:
        A.draw_arms(canvas, family.arms, family.colour, cx, cy, height)


def _influence(canvas, x, y, size):
    """An influence coin: on a web page (a canvas that ``shares_drawings``)
    one drawing placed wherever a coin lies; in a PDF, drawn in place."""
    if getattr(canvas, "shares_drawings", False) is not True:
        _coin(canvas, x, y, size)
        return
    from .faces import _influence as placed
    canvas.saveState()
    placed(canvas, x, y, size)
    canvas.restoreState()


_coin = written_once(icons.draw_influence)     # a PDF copies a coin drawn at the same place


def _tokens(canvas, fonts, tokens, x, y, dark):
    size = 9.0
    adv = icons.influence_width(size)
    base = y + 2.0 * mm
    if tokens <= 3:
        total = tokens * adv
        x0 = x + (CARD_W - total) / 2
        for t in range(tokens):
            _influence(canvas, x0 + t * adv, base, size)
        return
    label = f"\u00d7{tokens}"
    lw = stringWidth(label, fonts.bold, size)
    x0 = x + (CARD_W - adv - 0.4 * mm - lw) / 2
    _influence(canvas, x0, base, size)
    canvas.setFillColorRGB(*(PARCHMENT if dark else INK))
    canvas.setFont(fonts.bold, size)
    canvas.drawString(x0 + adv + 0.4 * mm, base + 0.4, label)


def _fade(canvas, x, y, eliminated: bool):
    canvas.saveState()
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setFillAlpha(0.62)
    canvas.roundRect(x, y, CARD_W, CARD_H, RADIUS, stroke=0, fill=1)
    canvas.setFillAlpha(1)
    if eliminated:
        canvas.setStrokeColorRGB(*RED)
        canvas.setLineWidth(2.4)
        canvas.setLineCap(1)
        m = 2.2 * mm
        cy = y + CARD_H / 2
        h = (CARD_W - 2 * m) * 1.25 / 2
        canvas.line(x + m, cy + h, x + CARD_W - m, cy - h)
        canvas.line(x + m, cy - h, x + CARD_W - m, cy + h)
    else:
        # discarded after acting: a dashed outline
        canvas.setStrokeColorRGB(*GREY)
        canvas.setLineWidth(0.7)
        canvas.setDash([2, 2])
        canvas.roundRect(x, y, CARD_W, CARD_H, RADIUS, stroke=1, fill=0)
    canvas.restoreState()


_ARROW_STYLE = {
    "eliminate": (RED, 1.3, None),
    "steal": (BRONZE, 1.3, None),
    "copy": (INK, 1.0, [3, 2]),
    "move": (BLUE_INK, 1.3, None),
}


def _arrow(canvas, arrow, i, j, xs, tops, index):
    colour, width, dash = _ARROW_STYLE[arrow.kind]
    if i == j:
        return
    right = j > i
    sx = xs[i] + CARD_W / 2 + (2.0 * mm if right else -2.0 * mm)
    tx = xs[j] + CARD_W / 2 + (-2.0 * mm if right else 2.0 * mm)
    sy, ty = tops[i] + 0.8 * mm, tops[j] + 1.3 * mm
    lo, hi = min(i, j), max(i, j)
    peak = max(tops[lo:hi + 1]) + ARROW_BASE + ARROW_STEP * index
    if arrow.kind == "move":
        peak += 1.0 * mm
    c1 = (sx + (tx - sx) * 0.05, peak + (peak - sy) * 0.33)
    c2 = (tx - (tx - sx) * 0.05, peak + (peak - ty) * 0.33)
    # the head: a triangle along the curve's end tangent
    dx, dy = tx - c2[0], ty - c2[1]
    norm = (dx * dx + dy * dy) ** 0.5 or 1.0
    ux, uy = dx / norm, dy / norm
    head = 2.6 * mm
    bx, by = tx - ux * head, ty - uy * head
    canvas.saveState()
    canvas.setStrokeColorRGB(*colour)
    canvas.setFillColorRGB(*colour)
    canvas.setLineWidth(width)
    canvas.setLineCap(1)
    if dash:
        canvas.setDash(dash)
    p = canvas.beginPath()
    p.moveTo(sx, sy)
    p.curveTo(c1[0], c1[1], c2[0], c2[1], bx + ux * 0.4, by + uy * 0.4)
    canvas.drawPath(p, stroke=1, fill=0)
    canvas.setDash([])
    h = canvas.beginPath()
    h.moveTo(tx, ty)
    h.lineTo(bx - uy * head * 0.42, by + ux * head * 0.42)
    h.lineTo(bx + uy * head * 0.42, by - ux * head * 0.42)
    h.close()
    canvas.drawPath(h, stroke=0, fill=1)
    canvas.circle(sx, sy, 1.0, stroke=0, fill=1)
    if arrow.kind == "steal":
        # a coin at the top of the arc: what changes hands
        mx = (sx + 3 * c1[0] + 3 * c2[0] + bx) / 8
        my = (sy + 3 * c1[1] + 3 * c2[1] + by) / 8
        size = 8.0
        _influence(canvas, mx - icons.influence_width(size) / 2,
                             my - 0.33 * size, size)
    canvas.restoreState()


def _label(canvas, fonts, letter, cx, cy):
    r = 2.4 * mm
    canvas.saveState()
    canvas.setFillColorRGB(*INK)
    canvas.circle(cx, cy, r, stroke=0, fill=1)
    canvas.setFillColorRGB(*PARCHMENT)
    canvas.setFont(fonts.title_bold, 8.5)
    canvas.drawCentredString(cx, cy - 3.0, letter)
    canvas.restoreState()


def _draw_legend(canvas, fonts, lay, acting_player):
    if not lay.legend:
        return
    gap = 4 * mm
    total = sum(item[4] for item in lay.legend) + gap * (len(lay.legend) - 1)
    x = (lay.width - total) / 2
    base = MARGIN + 2.0 * mm
    for p, item in enumerate(lay.legend):
        _legend_item(canvas, fonts, item, p == acting_player, x, base)
        x += item[4] + gap


@written_once
def _legend_item(canvas, fonts, item, acting: bool, x, base):
    """A player under the queue: a swatch of each of their colours, their
    name, their influence and what the step changed of it, glowing when
    their card acts."""
    name, colours, value, delta, w = item
    s = _LEGEND_SIZE
    colour = colours[0]
    canvas.saveState()
    if acting:
        canvas.setFillColorRGB(*GOLD)
        canvas.setFillAlpha(0.30)
        canvas.setStrokeColorRGB(*GOLD)
        canvas.roundRect(x - 1.4 * mm, base - 1.8 * mm, w + 2.8 * mm, 5.8 * mm,
                         1.5 * mm, stroke=1, fill=1)
        canvas.setFillAlpha(1)
    # a swatch of the player's colour
    canvas.setStrokeColorRGB(*INK)
    canvas.setLineWidth(0.4)
    for f, swatch in enumerate(colours):
        canvas.setFillColorRGB(*swatch)
        canvas.roundRect(x + 2.2 * mm * f, base - 0.3 * mm, 2.6 * mm, 2.6 * mm, 0.5 * mm,
                         stroke=1, fill=1)
    cx = x + 3.6 * mm + 2.2 * mm * (len(colours) - 1)
    canvas.setFillColorRGB(*INK)
    canvas.setFont(fonts.semibold, s)
    canvas.drawString(cx, base, name)
    cx += stringWidth(name, fonts.semibold, s) + 1.2 * mm
    _influence(canvas, cx, base, s)
    cx += icons.influence_width(s) + 0.5 * mm
    canvas.setFillColorRGB(*INK)
    canvas.setFont(fonts.bold, s)
    canvas.drawString(cx, base, str(value))
    cx += stringWidth(str(value), fonts.bold, s)
    if delta:
        cx += 1.0 * mm
        canvas.setFillColorRGB(*colour)
        canvas.drawString(cx, base, _signed(delta))
    canvas.restoreState()


# -- the state and the marks of one step of a worked example ----------------------------

def state_at(example, outcome, step: int):
    """The state after ``step`` decisions and the state before the last of
    them, as the runner kept them (the start for both at step 0)."""
    return outcome.after(step), outcome.after(max(step - 1, 0))


def placement_labels(example, outcome, step: int) -> dict:
    """Letters A, B, C... for the cards placed so far this round, when decision
    ``step`` is a placement (else no letters)."""
    if step < 1 or not any(ev.get("type") == "place" for ev in outcome.steps[step - 1].events):
        return {}
    labels: dict = {}
    for s in outcome.steps[:step]:
        for ev in s.events:
            if ev.get("type") == "round":
                labels = {}
            elif ev.get("type") == "place":
                labels[tuple(ev["card"])] = chr(ord("A") + len(labels) % 26)
    return labels



def step_view(example, outcome, step: int):
    """The state after ``step`` decisions of a replayed example and the marks
    of that step (what it did; letters for the cards placed this round)."""
    state, before = state_at(example, outcome, step)
    labels = placement_labels(example, outcome, step)
    if step > 0:
        return state, annotations_for(outcome.steps[step - 1].events, before, labels)
    return state, (Annotations(labels=labels) if labels else None)
