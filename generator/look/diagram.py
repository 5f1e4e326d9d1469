"""Diagrams of any position, drawn from its state's zones (``engine/zones.py``).

The generic look's diagram of a game package: a band for the shared zones
("On the table") and one for each seat, its player's name on the left (in
bold after a small triangle when that player decides next), then the seat's
zones left to right, wrapping to a second line where the band would grow
wider than :data:`MAX_W`. Each zone has its label over it (the package's
words, translated through its PO files): a hand or a row is its cards side by
side (overlapping, their corner index showing, when there are many), a pile is
one card with the number of cards in it, a score is its number. A card face up
shows its value and name from the package's card list; a face-down one is a
back, so a hidden card's name never reaches the page.

A step's diagram shows the position after the step (a simultaneous step: after
its last decision), what the step changed marked: the cards that arrived in a
zone ringed, the points a score gained beside it (:class:`Notes`). The key to
these marks is :func:`diagram_key`. Everything is drawn through the canvas
calls that both reportlab's canvas and ``render/svgcanvas.py`` provide, so the
booklet and the web edition draw the same picture.
"""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

from herald.engine.checked import PackageFault
from herald.engine.zones import Zone
from herald.engine.zones import zones_of as _zones_of
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable, Spacer

from ..errors import InputError
from ..filecache import ContentCache
from ..render.fonts import register_fonts
from ..render.recording import written_once
from ..render.text import typography
from .words import card_text, words, zone_text

CW, CH = 8.2 * mm, 11.4 * mm       # a small card
GAP = 1.1 * mm                     # between the cards of a row
MIN_STEP = 3.8 * mm                # overlapping cards: their corner index still shows
SPREAD = 7                         # cards side by side before a row overlaps them
MAX_BACKS = 8                      # face-down cards of a row drawn one by one
PILE_OFF = 0.7 * mm                # the offset of each card under a pile's top
ZGAP = 3.4 * mm                    # between zones
LABEL_PT, NAME_PT = 7.2, 8.2       # zone labels; players' names
INDEX_PT, BIG_PT, CARD_NAME_PT = 7.0, 12.0, 5.6
LABEL_H = 3.9 * mm                 # a zone's label line over its cards
LINE_GAP = 2.4 * mm                # between the wrapped lines of a band
PAD = 2.2 * mm                     # above and below a band's zones
EDGE = 2.5 * mm                    # left and right of the diagram
MAX_W = 128 * mm                   # the widest a diagram is at natural size
SCORE_W = 8.5 * mm

INK = (0.15, 0.14, 0.13)
PAPER = (1.0, 0.98, 0.94)          # a card's face
BACK = (0.18, 0.29, 0.52)          # a card's back: a deep blue
NEW = (0.84, 0.37, 0.0)            # what this step changed: a vermilion ring, +points
PALE = (0.70, 0.68, 0.64)          # empty places, rules between bands


def colour_sets(db=None) -> dict:
    """The colours a reader must tell apart in these diagrams (for the kit's
    ``colour_sets``; tests/test_colour_sets.py holds them apart)."""
    return {"diagram": {"face": PAPER, "back": BACK, "changed": NEW}}


# -- what a step changed ----------------------------------------------------------------

@dataclass
class Notes:
    """What a step did to the zones: drawn on the position after it."""
    added: dict = field(default_factory=dict)      # zone key -> card ids that arrived
    replaced: set = field(default_factory=set)     # zone keys that also lost cards
    added_down: dict = field(default_factory=dict)  # zone key -> face-down cards that arrived
    deltas: dict = field(default_factory=dict)     # zone key -> (old, new) of a score
    start: bool = False                            # an example's starting position
    show: bool = True                              # False: the narration alone tells it

    def changed(self, zone: Zone) -> bool:
        return zone.key in self.added or zone.key in self.added_down or zone.key in self.deltas


def changes(before: list[Zone], after: list[Zone]) -> Notes:
    """What happened between two positions' zones: the cards each zone
    gained (as many times as gained), the face-down cards it gained, each
    score that moved."""
    old = {z.key: z for z in before}
    notes = Notes()
    for zone in after:
        prev = old.get(zone.key)
        was = Counter(prev.cards if prev else ())
        new = []
        for card in zone.cards:
            if was[card] > 0:
                was[card] -= 1
            else:
                new.append(card)
        if new:
            notes.added[zone.key] = tuple(new)
            if any(n > 0 for n in was.values()):
                notes.replaced.add(zone.key)
        down = zone.hidden - (prev.hidden if prev else 0)
        if down > 0:
            notes.added_down[zone.key] = down
        if zone.value is not None and prev is not None and prev.value is not None \
                and prev.value != zone.value:
            notes.deltas[zone.key] = (prev.value, zone.value)
    return notes


MAX_ZONES = 200            # zones in one position: a package's bug beyond


def zones_of(state) -> list[Zone] | None:
    """The state's zones (None for a game without them). A package's code
    that raises or returns something else is one line naming it, never a
    traceback in the middle of a booklet."""
    players = getattr(state, "players", None)
    try:
        zones = _zones_of(state)
    except PackageFault:            # already one line naming the package
        raise
    except Exception as exc:        # a stranger's package
        raise InputError(f"zones() of {type(state).__name__} failed: "
                         f"{type(exc).__name__}: {exc}") from None
    if zones is None:
        return None
    if len(zones) > MAX_ZONES or not all(isinstance(z, Zone) for z in zones):
        raise InputError(f"zones() of {type(state).__name__}: a list of at most {MAX_ZONES} "
                         "herald.engine.zones.Zone")
    seats = len(players) if players is not None else 0
    for z in zones:
        if z.owner is not None and not 0 <= z.owner < seats:
            raise InputError(f"zones() of {type(state).__name__}: zone {z.id!r} belongs to "
                             f"seat {z.owner}, but there are {seats} players")
    return zones


def groups(outcome) -> list[tuple[int, int]]:
    """The steps of ``outcome`` told together, as (first, end) indexes: the
    decisions of one simultaneous step (a game's ``JointState``: from one
    position where ``at_joint()`` holds to the next) are one; every other
    decision is its own. Read from the positions the runner kept."""
    from herald.engine.replay import ready
    starts = []
    for i in range(len(outcome.steps)):
        at_joint = getattr(ready(outcome.after(i)), "at_joint", None)
        if i == 0 or at_joint is None or at_joint():
            starts.append(i)
    ends = starts[1:] + [len(outcome.steps)]
    return list(zip(starts, ends))


def step_view(example, outcome, step: int):
    """Step 0: the starting position. Step k: the position after k decisions,
    with what the step (all of a simultaneous step, when k is its last
    decision) changed; a decision inside a simultaneous step has no diagram
    of its own (the step's last one shows it all)."""
    state = outcome.after(step)
    if step == 0:
        return state, Notes(start=True)
    first, end = next(g for g in groups(outcome) if g[0] < step <= g[1])
    before = zones_of(outcome.after(first)) or []
    after = zones_of(state) or []
    notes = changes(before, after)
    notes.show = step == end
    return state, notes


def deciders(state) -> list[int]:
    """The seats that decide next: every seat with a choice at a
    simultaneous step that starts here (``at_joint()``), else the mover."""
    if state.over or state.mover < 0:
        return []
    at_joint = getattr(state, "at_joint", None)
    if at_joint is not None and at_joint():
        return [p for p, choices in enumerate(state.joint_legal()) if choices]
    return [state.mover]


def diagram_empty(state, notes) -> bool:
    """Nothing to draw: a game without zones, or a decision shown with the
    rest of its simultaneous step."""
    return zones_of(state) is None or (notes is not None and not notes.show)


# -- the card list ----------------------------------------------------------------------

@dataclass(frozen=True)
class Face:
    mark: str          # the big index: a rank or value ("K", "7")
    name: str          # the card's name or kind ("Prize")

    @property
    def text(self) -> str:
        # a card named by its number ("7" whose name is 7) is said once
        if self.name == self.mark:
            return self.mark
        return f"{self.mark} {self.name}".strip()


# the card list's columns a diagram shows, the first one present of each
MARK_COLUMNS = ("rank", "short", "value", "number")
NAME_COLUMNS = ("name", "title", "label", "suit")


def card_faces(db, locale: str) -> dict[str, Face]:
    """The package's cards by id (the card list's ``id`` column), as a
    diagram shows them; {} when the package has no card list."""
    path = _card_list_path(db)
    if path is None:
        return {}
    game = db.game
    # Made from the card list's contents and, in another language than the
    # package's, from its PO table: remembered by the table's contents (an
    # edited PO file or grammar gives another table), the table is part of
    # the key.
    # the lookup half (translate, not translations: no cycle through the looks)
    from .. import translate as tr
    table = None if locale == tr.source_language(game) else tr.table(game, locale)
    return _FACES.get((str(path), locale, game, _Same(table)), [path],
                      lambda: _faces(path, locale, game))


class _Same:
    """An object as part of a key, equal only to itself (a PO table: it is
    made again, a new object, when one of its files is edited); the key holds
    it, so its id is never another's while the entry lives."""
    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __hash__(self) -> int:
        return id(self.obj)

    def __eq__(self, other) -> bool:
        return isinstance(other, _Same) and other.obj is self.obj


# (card list, locale, game, its PO table) -> faces, kept while the list holds the same bytes
_FACES: ContentCache[dict[str, Face]] = ContentCache(16)


def _card_list_path(db) -> Path | None:
    game = getattr(db, "game", None)
    deck = getattr(db, "deck", None)
    name = getattr(deck, "cards", None) if deck is not None else None
    if not isinstance(game, str) or not isinstance(name, str):
        return None
    from ..paths import game_assets
    folder = game_assets(game).resolve()
    path = (folder / name).resolve()
    if not path.is_relative_to(folder):
        raise InputError(f"{game}: deck.cards: {name!r} is outside the game's folder")
    return path if path.is_file() else None


def _faces(path: Path, locale: str, game: str) -> dict[str, Face]:
    from ..deck.data import load_cards
    cards = load_cards(path)
    out: dict[str, Face] = {}
    for row in cards.rows:
        values = cards.localize(row, locale)
        card_id = values.get("id", "")
        if not card_id:
            continue
        mark = next((values[c] for c in MARK_COLUMNS if values.get(c)), "")
        column = next((c for c in NAME_COLUMNS if values.get(c)), None)
        name = card_text(game, locale, card_id, column, values[column]) if column else ""
        out[card_id] = Face(mark, name)
    return out


def face(faces: dict[str, Face], card_id: str) -> Face:
    """A card's face; a card the list lacks shows its id."""
    return faces.get(card_id) or Face(card_id, "")


def zone_label(db, locale: str, zone: Zone) -> str:
    return zone_text(getattr(db, "game", None), locale, zone.label)


def zone_labels(game) -> list[str]:
    """Every zone label of ``game`` (a game object or its name), in the
    package's source language, for its PO catalog: the game's
    ``zone_labels`` when it declares them, else those of the zones of each
    worked example's positions, from the start to the last decision."""
    from herald.engine.games import GAMES

    from ..yamlfile import load_yaml
    if isinstance(game, str):
        game = GAMES[game]
    declared = getattr(game, "zone_labels", None)
    if declared:
        return list(dict.fromkeys(declared))
    found: dict[str, None] = {}
    assets = getattr(game, "assets", None)
    for path in sorted(Path(assets).glob("examples/*.yaml")) if assets else ():
        try:
            spec, _ = load_yaml(path)
            if not isinstance(spec, dict):
                continue
            state = game.from_spec(spec, log=False)
            positions = [state.copy()]
            for text in spec.get("play") or []:
                state.apply(game.parse_decision(state, text))
                positions.append(state.copy())
        except Exception:       # a broken example is verify's to report, not this list's
            continue
        for position in positions:
            for zone in zones_of(position) or []:
                found.setdefault(zone.label)
    return list(found)


# -- layout -----------------------------------------------------------------------------

@dataclass
class _Placed:
    zone: Zone
    label: str
    x: float            # from the band's zones' left edge
    width: float


@dataclass
class _Band:
    who: str            # the player's name, or "On the table"
    seat: int | None
    lines: list         # each a list of _Placed
    height: float = 0.0


def _row_step(n: int) -> float:
    if n <= SPREAD:
        return CW + GAP
    return max(MIN_STEP, (SPREAD * (CW + GAP) - GAP - CW) / (n - 1))


def _content_width(zone: Zone) -> float:
    if zone.kind == "score":
        return SCORE_W + 5.5 * mm        # the number, and room for what the step added
    if zone.kind == "pile":
        return CW + 2 * PILE_OFF
    n = _row_length(zone)
    return CW if n == 0 else CW + (n - 1) * _row_step(n)


def _row_length(zone: Zone) -> int:
    """The cards a row draws: its face-up ones, then its backs, more than
    :data:`MAX_BACKS` of them drawn as one back with their number."""
    return len(zone.cards) + (zone.hidden if zone.hidden <= MAX_BACKS else 1)


def _layout(state, db, locale: str) -> tuple[list[_Band], float, float]:
    """The bands, the width of the name column, and the diagram's width."""
    from .words import player_names
    fonts = register_fonts()
    zones = zones_of(state) or []
    names = player_names(state, db, locale)
    w = words(locale)
    shared = [z for z in zones if z.owner is None]
    seats = sorted({z.owner for z in zones if z.owner is not None})
    bands = []
    if shared:
        bands.append(_Band(w["table"], None, [shared]))
    for seat in seats:
        who = names[seat] if 0 <= seat < len(names) else str(seat)
        bands.append(_Band(who, seat, [[z for z in zones if z.owner == seat]]))
    name_w = max((stringWidth(b.who, fonts.bold, NAME_PT) for b in bands), default=0) + 5 * mm
    room = MAX_W - 2 * EDGE - name_w
    labels = {z.key: typography(zone_label(db, locale, z), locale) for z in zones}
    natural = {z.key: max(_content_width(z), stringWidth(labels[z.key], fonts.italic, LABEL_PT))
               for z in zones}
    # seats with the same zones get the same columns, so that their hands,
    # rows and scores stand one under the other
    columns: dict[tuple, float] = {}
    for band in bands[1 if shared else 0:]:
        ids = tuple(z.id for z in band.lines[0])
        for i, zone in enumerate(band.lines[0]):
            columns[ids, i] = max(columns.get((ids, i), 0.0), natural[zone.key])
    widest = 0.0
    for band in bands:
        lines: list[list[_Placed]] = [[]]
        x = 0.0
        ids = tuple(z.id for z in band.lines[0])
        for i, zone in enumerate(band.lines[0]):
            label = labels[zone.key]
            width = natural[zone.key] if band.seat is None else columns[ids, i]
            if lines[-1] and x + width > room:
                lines.append([])
                x = 0.0
            lines[-1].append(_Placed(zone, label, x, width))
            x += width + ZGAP
            widest = max(widest, x - ZGAP)
        band.lines = lines
        band.height = 2 * PAD + len(lines) * (LABEL_H + CH) + (len(lines) - 1) * LINE_GAP
    return bands, name_w, 2 * EDGE + name_w + widest


def diagram_size(state, notes=None, db=None, locale: str = "en") -> tuple[float, float]:
    bands, _, width = _layout(state, db, locale)
    return width, sum(b.height for b in bands)


def draw_diagram(canvas, state, db, locale, notes, x, y, width) -> float:
    """Draw ``state`` with ``notes`` scaled to ``width`` from (x, y), its
    lower left corner; return the height drawn."""
    bands, name_w, w = _layout(state, db, locale)
    h = sum(b.height for b in bands)
    k = width / w
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(k, k)
    _Drawing(canvas, state, db, locale, notes or Notes()).draw(bands, name_w, w, h)
    canvas.restoreState()
    return h * k


# -- drawing ----------------------------------------------------------------------------

def _fit(text: str, font: str, size: float, width: float) -> tuple[str, float]:
    """``text`` at ``size`` or smaller (down to 4 pt) to fit ``width``, cut
    short with an ellipsis when even that is too wide."""
    while size > 4.0 and stringWidth(text, font, size) > width:
        size -= 0.25
    while len(text) > 1 and stringWidth(text, font, size) > width:
        text = text[:-2] + "…"
    return text, size


@written_once       # a PDF copies a card drawn at the same place again (step after step)
def draw_card(canvas, fonts, card: Face | None, x: float, y: float, ring: bool = False,
              count: int | None = None, covered: bool = False) -> None:
    """A small card at (x, y): face up (its index at the top left, its value
    large, its name at the foot; only the index when the next card of a row
    ``covered`` the rest) or, for ``card`` None, a back (with ``count``, the
    number of cards it stands for); ``ring`` circles it."""
    c = canvas
    c.saveState()
    c.setLineWidth(0.5)
    if card is not None:
        c.setFillColorRGB(*PAPER)
        c.setStrokeColorRGB(*INK)
        c.roundRect(x, y, CW, CH, 0.9 * mm, stroke=1, fill=1)
        c.setFillColorRGB(*INK)
        mark, size = _fit(card.mark, fonts.title_bold, INDEX_PT, CW / 2 - 0.4 * mm)
        c.setFont(fonts.title_bold, size)
        c.drawString(x + 0.7 * mm, y + CH - 0.7 * mm - 0.72 * size, mark)
        if covered:
            c.restoreState()
            if ring:
                draw_ring(c, x, y)
            return
        big, size = _fit(card.mark, fonts.title_bold, BIG_PT, CW - 1.6 * mm)
        c.setFont(fonts.title_bold, size)
        c.drawCentredString(x + CW / 2, y + CH / 2 - 0.3 * size, big)
        if card.name:
            name, size = _fit(card.name, fonts.regular, CARD_NAME_PT, CW - 1.0 * mm)
            c.setFont(fonts.regular, size)
            c.drawCentredString(x + CW / 2, y + 0.9 * mm, name)
    else:
        c.setFillColorRGB(*BACK)
        c.setStrokeColorRGB(*BACK)
        c.roundRect(x, y, CW, CH, 0.9 * mm, stroke=1, fill=1)
        c.setStrokeColorRGB(*PAPER)
        c.setLineWidth(0.35)
        c.roundRect(x + 0.8 * mm, y + 0.8 * mm, CW - 1.6 * mm, CH - 1.6 * mm, 0.5 * mm,
                    stroke=1, fill=0)
        if count is not None:
            c.setFillColorRGB(*PAPER)
            c.setFont(fonts.bold, 10)
            c.drawCentredString(x + CW / 2, y + CH / 2 - 3.2, str(count))
    if ring:
        draw_ring(c, x, y)
    c.restoreState()


def draw_ring(c, x: float, y: float) -> None:
    c.saveState()
    c.setStrokeColorRGB(*NEW)
    c.setLineWidth(1.3)
    c.roundRect(x - 0.75 * mm, y - 0.75 * mm, CW + 1.5 * mm, CH + 1.5 * mm, 1.4 * mm,
                stroke=1, fill=0)
    c.restoreState()


def draw_empty(c, x: float, y: float) -> None:
    """An empty place: a dashed outline."""
    c.saveState()
    c.setStrokeColorRGB(*PALE)
    c.setLineWidth(0.5)
    c.setDash(1.5, 1.2)
    c.roundRect(x, y, CW, CH, 0.9 * mm, stroke=1, fill=0)
    c.setDash()
    c.restoreState()


def draw_mover(c, right: float, y: float) -> None:
    """The small triangle before the name of the player who decides next,
    its point at ``right``."""
    c.saveState()
    c.setFillColorRGB(*INK)
    tri = c.beginPath()
    tri.moveTo(right - 3.4, y - 0.2)
    tri.lineTo(right, y + 2.3)
    tri.lineTo(right - 3.4, y + 4.8)
    tri.close()
    c.drawPath(tri, stroke=0, fill=1)
    c.restoreState()


def draw_score(c, fonts, value: int, delta: int | None, x: float, y: float) -> None:
    """A score: its number in a box, what the step added beside it."""
    c.saveState()
    c.setStrokeColorRGB(*INK)
    c.setFillColorRGB(1, 1, 1)
    c.setLineWidth(0.6)
    c.roundRect(x, y, SCORE_W, SCORE_W, 1.2 * mm, stroke=1, fill=1)
    c.setFillColorRGB(*INK)
    text, size = _fit(str(value), fonts.title_bold, 11, SCORE_W - 1 * mm)
    c.setFont(fonts.title_bold, size)
    c.drawCentredString(x + SCORE_W / 2, y + SCORE_W / 2 - 0.36 * size, text)
    if delta:
        c.setFillColorRGB(*NEW)
        c.setFont(fonts.title_bold, 9)
        sign = "+" if delta > 0 else "−"
        c.drawString(x + SCORE_W + 1.2 * mm, y + SCORE_W / 2 - 3.2, f"{sign}{abs(delta)}")
    c.restoreState()


class _Drawing:
    def __init__(self, canvas, state, db, locale, notes: Notes):
        self.c, self.state, self.db, self.locale, self.notes = canvas, state, db, locale, notes
        self.fonts = register_fonts()
        self.faces = card_faces(db, locale)

    def draw(self, bands, name_w, width, height) -> None:
        c, fonts = self.c, self.fonts
        top = height
        deciding = deciders(self.state)
        for i, band in enumerate(bands):
            if i:
                c.saveState()
                c.setStrokeColorRGB(*PALE)
                c.setLineWidth(0.4)
                c.line(EDGE, top, width - EDGE, top)
                c.restoreState()
            name_y = top - PAD - LABEL_H - CH / 2 - 1.2
            c.setFillColorRGB(*INK)
            if band.seat is None:
                c.setFont(fonts.italic, NAME_PT)
            else:
                c.setFont(fonts.bold if band.seat in deciding else fonts.regular, NAME_PT)
            c.drawString(EDGE + 4 * mm, name_y, band.who)
            if band.seat is not None and band.seat in deciding:
                draw_mover(c, EDGE + 3 * mm, name_y)
            y = top - PAD
            for line in band.lines:
                for placed in line:
                    self.zone(placed, EDGE + name_w + placed.x, y)
                y -= LABEL_H + CH + LINE_GAP
            top -= band.height

    def zone(self, placed: _Placed, x: float, top: float) -> None:
        c, fonts, zone = self.c, self.fonts, placed.zone
        c.setFillColorRGB(*INK)
        c.setFont(fonts.italic, LABEL_PT)
        c.drawString(x, top - LABEL_PT + 0.4, placed.label)
        y = top - LABEL_H - CH
        notes = self.notes
        if zone.kind == "score":
            old_new = notes.deltas.get(zone.key)
            delta = old_new[1] - old_new[0] if old_new else None
            draw_score(c, fonts, zone.value or 0, delta, x, y + (CH - SCORE_W) / 2)
            return
        new = Counter(notes.added.get(zone.key, ()))
        if zone.kind == "pile":
            self.pile(zone, x, y, bool(new) or zone.key in notes.added_down)
            return
        n = _row_length(zone)
        if n == 0:
            draw_empty(c, x, y)
            return
        step = _row_step(n)
        # the cards that arrived: the last copies of each id (a row grows at its end)
        ringed = [False] * len(zone.cards)
        for i in range(len(zone.cards) - 1, -1, -1):
            if new[zone.cards[i]] > 0:
                new[zone.cards[i]] -= 1
                ringed[i] = True
        down_new = notes.added_down.get(zone.key, 0)
        for i, card in enumerate(zone.cards):
            draw_card(c, fonts, face(self.faces, card), x + i * step, y, ringed[i],
                      covered=step < CW and i < n - 1)
        if zone.hidden > MAX_BACKS:
            draw_card(c, fonts, None, x + len(zone.cards) * step, y, ring=down_new > 0,
                      count=zone.hidden)
            return
        for j in range(zone.hidden):
            draw_card(c, fonts, None, x + (len(zone.cards) + j) * step, y,
                      ring=j >= zone.hidden - down_new)

    def pile(self, zone: Zone, x: float, y: float, ring: bool) -> None:
        """One card for the pile, offset edges under it for its depth, the
        number of cards on a face-down top."""
        c, fonts = self.c, self.fonts
        n = len(zone.cards) + zone.hidden
        if n == 0:
            draw_empty(c, x, y)
            return
        under = min(2, n - 1)
        for k in range(under, 0, -1):
            draw_card(c, fonts, None, x + k * PILE_OFF, y - k * PILE_OFF)
        # the top: the last face-up card (a pile lists its face-up cards
        # topmost last), else a back showing how many lie there
        top = face(self.faces, zone.cards[-1]) if zone.cards else None
        draw_card(c, fonts, top, x, y, ring, count=n if top is None else None)


# -- the key to the diagrams ------------------------------------------------------------

def diagram_key(builder, el) -> list:
    """The key to the marks of the diagrams, for the booklet's examples."""
    w = words(builder.locale)
    width = builder.width
    return [builder.subheading(w["key_title"]),
            builder.wide_flowable(DiagramKey(builder.locale, width)), Spacer(1, 3 * mm)]


class DiagramKey(Flowable):
    """Each mark of the diagrams, drawn, with its meaning: three to a row, or
    two in a narrow column."""
    PT, LEAD = 8.5, 10.5
    ENTRIES = ("key_up", "key_down", "key_new", "key_score", "key_mover", "key_empty")
    PICTURE_W = 18 * mm

    def __init__(self, locale: str, width: float):
        super().__init__()
        self.locale = locale
        self.per_row = 3 if width >= 150 * mm else 2
        self.cell = width / self.per_row
        fonts = register_fonts()
        w = words(locale)
        self.lines = [simpleSplit(typography(w[k], locale), fonts.regular, self.PT,
                                  self.cell - self.PICTURE_W - 2 * mm) for k in self.ENTRIES]
        rows = [self.lines[i:i + self.per_row] for i in range(0, len(self.lines), self.per_row)]
        self.row_h = [max(CH + 2 * mm, max(len(x) for x in r) * self.LEAD) + 2.5 * mm
                      for r in rows]
        self.width, self.height = width, sum(self.row_h)

    def draw(self):
        c = self.canv
        fonts = register_fonts()
        sample = Face("7", "")
        pictures = [
            lambda x, y: draw_card(c, fonts, sample, x, y),
            lambda x, y: draw_card(c, fonts, None, x, y, count=3),
            lambda x, y: draw_card(c, fonts, sample, x, y, ring=True),
            lambda x, y: draw_score(c, fonts, 5, 2, x, y + (CH - SCORE_W) / 2),
            lambda x, y: draw_mover(c, x + 3.4, y + CH / 2 - 2.3),
            lambda x, y: draw_empty(c, x, y),
        ]
        top = self.height
        for i, (picture, lines) in enumerate(zip(pictures, self.lines)):
            r, k = divmod(i, self.per_row)
            if k == 0 and r:
                top -= self.row_h[r - 1]
            h = self.row_h[r]
            x, y = k * self.cell, top - h + (h - CH) / 2
            picture(x + 1 * mm, y)
            c.setFillColorRGB(*INK)
            c.setFont(fonts.regular, self.PT)
            text_top = y + CH / 2 + (len(lines) - 1) * self.LEAD / 2 - 3
            for j, part in enumerate(lines):
                c.drawString(x + self.PICTURE_W, text_top - j * self.LEAD, part)

