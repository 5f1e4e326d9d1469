"""A deck folder's cards as Herald's :class:`PrintCard`s.

Every card is resolved before anything is drawn: its layout chosen by the
layout column, its variation looked up, every expression rendered, every
length, colour and picture read and every text box fitted. Bad data stops
here with one line naming the card list's row and column or the layout
file's line and key; what is resolved is then only drawn, the same way for
the home sheets, the print-shop file and the PNGs.
"""
from __future__ import annotations

import dataclasses
import hashlib
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from reportlab.lib.colors import Color, toColor

from ..errors import InputError
from ..paths import display
from ..render.cards import PrintCard
from ..render.fonts import MissingGlyph, register_fonts
from . import files, images, templating, units
from . import fonts as deck_fonts
from .data import CardList, Row, find_card_list, load_cards
from .layout import FONTS, FaceSpec, Image, Layout, Line, Polygon, Rect, Text, inside, load_layout
from .richtext import MarkupError, Typesetter, parse

LAYOUT_FILE = "layout.yaml"
ICON_FOLDER = "icons"
MAX_ICONS = 500
BUILTIN_NAMES = frozenset({"lang", "count", *templating.GLOBALS})
Warn = Callable[[str], None]


@dataclass
class Deck:
    folder: Path
    layout: Layout
    cards: CardList
    icons: dict[str, Path] = field(default_factory=dict)
    fonts: dict[str, str] = field(default_factory=dict)   # the layout's: name -> reportlab's
    names: set[str] = field(default_factory=set)          # the names its expressions use

    @property
    def locales(self) -> tuple[str, ...]:
        return self.cards.locales or (self.layout.model.lang,)

    @property
    def name(self) -> str:
        """The deck's file stem: its folder's name, made plain."""
        return _slug(self.folder.resolve().name) or "deck"


def load_deck(folder: Path) -> Deck:
    """The deck in ``folder``: its layout file, card list and icons, checked
    against each other (every column a layout names exists...)."""
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError(f"{display(folder)}: no such folder (make one with "
                         f"'herald new deck {folder}')")
    layout = load_layout(folder / LAYOUT_FILE)
    where = layout.where(("cards",))
    card_path = find_card_list(folder, layout.model.cards)
    if layout.model.cards:
        inside(folder, layout.model.cards, where, "cards")
    cards = load_cards(card_path, folder)
    register_fonts()
    deck = Deck(folder, layout, cards, _icons(folder, layout), deck_fonts.register(layout))
    deck.names = _check_names(deck)
    return deck


def _icons(folder: Path, layout: Layout) -> dict[str, Path]:
    found: dict[str, Path] = {}
    # every entry checked, a link leading out of the folder refused
    for name, path in files.listing(folder, ICON_FOLDER, files.shown(folder / ICON_FOLDER)):
        if Path(name).suffix.lower() in images.SUFFIXES and path.is_file():
            found.setdefault(Path(name).stem.lower(), path)
    for name, rel in layout.model.icons.items():
        at = layout.where(("icons", name))
        if not re.fullmatch(r"[a-z0-9_-]+", name):
            raise InputError(f"{at}: icons.{name}: an icon's name is lower-case letters, "
                             "digits, - and _")
        path = inside(folder, rel, at, "icon")
        if not path.is_file():
            raise InputError(f"{at}: icons.{name}: no file {rel!r} in the deck's folder")
        found[name] = path
    if len(found) > MAX_ICONS:       # each is read and measured on every build
        raise InputError(f"{display(folder / ICON_FOLDER)}: more than {MAX_ICONS} icons")
    return found


def _strings(element) -> list[tuple[str, str]]:
    """(key, value) of an element's string fields that may hold expressions."""
    return [(k, v) for k, v in element.__dict__.items() if isinstance(v, str) and k != "type"]


def _check_names(deck: Deck) -> set[str]:
    """Every name an expression uses is a column, a variation's value or a
    colour: a misspelled column is one line naming the layout's line. The
    names used, returned."""
    layout = deck.layout
    columns = deck.cards.plain_columns()
    for column, _values in layout.model.variations.items():
        if column not in columns:
            raise InputError(f"{layout.where(('variations', column))}: variations.{column}: "
                             f"no such column in {display(deck.cards.path)} (columns: "
                             f"{', '.join(sorted(columns))})")
    known = set(columns) | BUILTIN_NAMES | set(layout.model.colors)
    used: set[str] = set()
    for mapping in layout.model.variations.values():
        for values in mapping.values():
            known |= set(values)
    for face in layout.every_face():
        parts = [(face.background_at, face.background)] if face.background else []
        parts += [(at + (key,), value) for element, at in face.elements
                  for key, value in _strings(element)]
        for at, text in parts:
            try:
                names = templating.names_used(text)
                used |= names
                unknown = sorted(names - known)
            except templating.ExpressionError as e:
                raise InputError(f"{layout.where(at)}: {_key(at)}: {e}") from None
            if unknown:
                raise InputError(f"{layout.where(at)}: {_key(at)}: unknown column "
                                 f"{unknown[0]!r} (columns: {', '.join(sorted(columns))})")
    layout_column = layout.model.layout_column
    if layout_column not in columns and len(layout.faces) > 1:
        raise InputError(f"{display(deck.cards.path)}: no column {layout_column!r} to say "
                         f"which layout each card has ({', '.join(layout.faces)})")
    return used


def _key(path: tuple) -> str:
    return ".".join(str(p) for p in path)


def _slug(text: str) -> str:
    import unicodedata
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:60]


# -- resolving one card ---------------------------------------------------------------

class _Card:
    """What one row's front (or the back) needs, every expression rendered."""

    def __init__(self, deck: Deck, context: dict, where: str, label: str, locale: str,
                 safe: float, warn: Warn, typesetter: Typesetter, ink_saver: bool = False):
        self.deck, self.context, self.where, self.label = deck, context, where, label
        self.locale, self.safe, self.warn = locale, safe, warn
        self.typesetter = typesetter
        self.ink_saver = ink_saver
        self.width, self.height = deck.layout.size

    def text(self, value: str, at: tuple) -> str:
        try:
            return templating.render(value, self.context)
        except templating.ExpressionError as e:
            raise InputError(f"{self.where}: {self.deck.layout.where(at)}: {_key(at)}: "
                             f"{e}") from None

    def length(self, value, whole: float, at: tuple) -> float:
        try:
            return units.length(self.text(value, at) if isinstance(value, str) else value,
                                whole)
        except units.LengthError as e:
            raise InputError(f"{self.deck.layout.where(at)}: {_key(at)}: {e}") from None

    def colour(self, value: str | None, at: tuple) -> Color | None:
        if value is None:
            return None
        text = self.text(value, at).strip()
        named = self.deck.layout.model.colors.get(text)
        if text.lower() in ("", "none", "transparent"):
            return None
        try:
            return toColor(named or text)
        except (ValueError, AttributeError, TypeError):
            raise InputError(f"{self.where}: {self.deck.layout.where(at)}: {_key(at)}: "
                             f"{text!r} is not a colour (#rrggbb, a colour name, or one of "
                             "colors:)") from None

    def picture(self, value: str, at: tuple):
        name = self.text(value, at).strip()
        where = f"{self.where}: {_key(at)}"
        path = inside(self.deck.folder, name, where, "picture")
        return images.load(path, where), str(path.relative_to(self.deck.folder.resolve()))

    def box(self, element, at: tuple) -> tuple[float, float, float, float]:
        """(left, bottom, width, height) relative to the trim's lower-left corner."""
        x = self.length(element.x, self.width, at + ("x",))
        y = self.length(element.y, self.height, at + ("y",))
        w = self.length(element.width, self.width, at + ("width",))
        h = self.length(element.height, self.height, at + ("height",))
        if w <= 0 or h <= 0:
            raise InputError(f"{self.deck.layout.where(at)}: {_key(at)}: width and height "
                             "must be above zero")
        return (x, self.height - y - h, w, h)

    def ops(self, face: FaceSpec, checked: set) -> list[tuple]:
        """The face as drawing operations: plain tuples (their repr is the card's
        identity) and, for text and pictures, the objects to draw."""
        out: list[tuple] = []
        # the ink saver leaves out the faces' backgrounds: the floods of colour
        if face.background and not self.ink_saver:
            out.append(self.background(face.background, face.background_at))
        for element, at in face.elements:
            if element.when is not None and \
                    not templating.truthy(self.text(element.when, at + ("when",))):
                continue
            out.append(self.element(element, at, checked))
        return out

    def background(self, value: str, at: tuple) -> tuple:
        text = self.text(value, at).strip()
        if Path(text).suffix.lower() in images.SUFFIXES:
            picture, rel = self.picture(text, at)
            return ("bgimage", rel, picture)
        return ("bg", self.colour(text, at))

    def element(self, el, at: tuple, checked: set) -> tuple:
        if isinstance(el, Line):
            return ("line", self.length(el.x, self.width, at + ("x",)),
                    self.height - self.length(el.y, self.height, at + ("y",)),
                    self.length(el.x2, self.width, at + ("x2",)),
                    self.height - self.length(el.y2, self.height, at + ("y2",)),
                    self.colour(el.stroke, at + ("stroke",)),
                    self.length(el.stroke_width, 1, at + ("stroke_width",)),
                    tuple(el.dash or ()))
        box = self.box(el, at)
        if isinstance(el, Text):
            return self.text_op(el, at, box, checked)
        if isinstance(el, Image):
            picture, rel = self.picture(el.src, at + ("src",))
            return ("image", box, rel, el.fit, picture)
        style = (self.colour(el.fill, at + ("fill",)), self.colour(el.stroke, at + ("stroke",)),
                 self.length(el.stroke_width, 1, at + ("stroke_width",)))
        if isinstance(el, Rect):
            return ("rect", box, style, self.length(el.radius, self.width, at + ("radius",)),
                    el.bleed)
        if isinstance(el, Polygon):
            return ("polygon", box, style, el.sides, el.star, el.rotation)
        return ("ellipse", box, style)

    def text_op(self, el: Text, at: tuple, box, checked: set) -> tuple:
        x, y, w, h = box
        if at not in checked:
            checked.add(at)
            s = self.safe
            margin = min(x, y, self.width - x - w, self.height - y - h)
            if margin < s - 0.01:
                self.warn(f"{self.deck.layout.where(at)}: {_key(at)}: the text box comes "
                          f"{margin / units.mm:.2f} mm from the trim, inside the "
                          f"{s / units.mm:.2f} mm safe zone that the cut may take")
        content = self.text(el.text, at + ("text",))
        font = FONTS.get(el.font) or self.deck.fonts[el.font]
        floor = el.min_size if el.min_size is not None else max(5.0, round(el.size * 0.6 * 4) / 4)
        floor = min(floor, el.size)
        try:
            paragraphs = parse(content, font, self.locale, self.deck.icons)
        except (MarkupError, MissingGlyph) as e:
            raise InputError(f"{self.where}: {_key(at)}.text: {e}") from None
        block = self.typesetter.fit(paragraphs, w, h, el.size, floor, el.leading, font,
                                    self.locale, el.hyphenate)
        if block.overflow:
            self.warn(f"{self.where} ({self.label}): {_key(at)}: the text does not fit its "
                      f"box even at {floor:g} pt (its floor); shorten it or enlarge the box")
        return ("text", box, content, font, el.size, el.align, el.valign,
                self.colour(el.color, at + ("color",)), block)


# -- drawing ----------------------------------------------------------------------------

def _draw_ops(deck: Deck, typesetter: Typesetter, ops: list[tuple], size):
    width, height = size

    def draw_icon(canvas, name, x, y, w, h):
        images.draw(canvas, images.load(deck.icons[name], name), x, y, w, h)

    def draw(canvas, x0: float, y0: float, bleed: float) -> None:
        for op in ops:
            kind = op[0]
            canvas.saveState()
            if kind == "bg":
                if op[1] is not None:
                    canvas.setFillColor(op[1])
                    canvas.rect(x0 - bleed, y0 - bleed, width + 2 * bleed, height + 2 * bleed,
                                stroke=0, fill=1)
            elif kind == "bgimage":
                images.draw(canvas, op[2], x0 - bleed, y0 - bleed, width + 2 * bleed,
                            height + 2 * bleed, "cover")
            elif kind == "line":
                _, xa, ya, xb, yb, colour, lw, dash = op
                if colour is not None:
                    canvas.setStrokeColor(colour)
                    canvas.setLineWidth(lw)
                    if dash:
                        canvas.setDash(list(dash))
                    canvas.line(x0 + xa, y0 + ya, x0 + xb, y0 + yb)
            elif kind == "image":
                _, (x, y, w, h), _rel, fit, picture = op
                images.draw(canvas, picture, x0 + x, y0 + y, w, h, fit)
            elif kind == "text":
                _, (x, y, w, h), _c, _f, _s, align, valign, colour, block = op
                if colour is not None:
                    canvas.setFillColor(colour)
                spare = h - block.height
                top = y0 + y + h - (spare / 2 if valign == "middle" else
                                    spare if valign == "bottom" else 0)
                if block.overflow:
                    p = canvas.beginPath()
                    p.rect(x0 + x, y0 + y, w, h)
                    canvas.clipPath(p, stroke=0, fill=0)
                    top = y0 + y + h
                typesetter.draw(canvas, block, x0 + x, top, w, align, draw_icon)
            else:
                _shape(canvas, op, x0, y0, bleed, width, height)
            canvas.restoreState()
    return draw


def _shape(canvas, op, x0, y0, bleed, width, height) -> None:
    kind, (x, y, w, h), (fill, stroke, lw) = op[0], op[1], op[2]
    if fill is None and stroke is None:
        return
    if fill is not None:
        canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(lw)
    x, y = x0 + x, y0 + y
    args = {"stroke": int(stroke is not None), "fill": int(fill is not None)}
    if kind == "rect":
        radius, bled = op[3], op[4]
        if bled:   # sides lying on the trim run on into the bleed
            e = 0.01
            left, bottom = x - (bleed if x <= x0 + e else 0), y - (bleed if y <= y0 + e else 0)
            right = x + w + (bleed if x + w >= x0 + width - e else 0)
            top = y + h + (bleed if y + h >= y0 + height - e else 0)
            x, y, w, h = left, bottom, right - left, top - bottom
        if radius > 0:
            canvas.roundRect(x, y, w, h, radius, **args)
        else:
            canvas.rect(x, y, w, h, **args)
    elif kind == "ellipse":
        canvas.ellipse(x, y, x + w, y + h, **args)
    else:
        sides, star, rotation = op[3], op[4], op[5]
        cx, cy = x + w / 2, y + h / 2
        count = sides * 2 if star else sides
        p = canvas.beginPath()
        for i in range(count):
            angle = math.radians(90 + rotation + i * 360 / count)
            k = 0.5 if star and i % 2 else 1.0
            px, py = cx + k * w / 2 * math.cos(angle), cy + k * h / 2 * math.sin(angle)
            (p.lineTo if i else p.moveTo)(px, py)
        p.close()
        canvas.drawPath(p, **args)


def _identity(ops: list[tuple]) -> str:
    """A short digest of what a face draws (text and pictures by their source)."""
    plain = [tuple(v for v in op if isinstance(v, (str, int, float, tuple, bool, type(None),
                                                   Color))) for op in ops]
    return hashlib.sha1(repr(plain).encode()).hexdigest()[:10]


# -- the deck ---------------------------------------------------------------------------

def card_key(row: Row, values: dict[str, str], taken: set[str]) -> str:
    base = _slug(values.get("id") or values.get("name") or values.get("title") or "") \
        or f"card-{row.index}"
    key, n = base, 2
    while key in taken:
        key, n = f"{base}-{n}", n + 1
    taken.add(key)
    return key


def print_cards(deck: Deck, locale: str, warn: Warn, safe: float | None = None,
                fingerprints: dict[str, str] | None = None,
                ink_saver: bool = False) -> list[PrintCard]:
    """Every copy of every card of ``deck`` in ``locale``, resolved and ready to draw.
    ``safe``: the safe zone to check text boxes against (the layout's by default);
    ``fingerprints``, when given, receives each card key's and back key's digest
    of what it draws (so that a rebuild renders again only what changed)."""
    register_fonts()
    layout = deck.layout
    if layout.model.fonts and not deck.fonts:    # a Deck made elsewhere (a game's look)
        deck = dataclasses.replace(deck, fonts=deck_fonts.register(layout))
    if safe is None:
        try:
            safe = units.length(layout.model.safe, min(layout.size))
        except units.LengthError as e:
            raise InputError(f"{layout.where(('safe',))}: safe: {e}") from None
    ratios = {}
    for name, path in deck.icons.items():
        picture = images.load(path, f"{display(path)}")
        ratios[name] = picture.width / picture.height
    typesetter = Typesetter(ratios)
    checked: set = set()
    taken: set[str] = set()
    backs: dict[str, tuple[str, Callable]] = {}
    column = layout.model.layout_column
    out: list[PrintCard] = []
    for row in deck.cards.rows:
        values = deck.cards.localize(row, locale)
        deck.cards.check_named(row, deck.names)
        context: dict[str, object] = {**values, "lang": locale, "count": str(row.count)}
        for var_column, mapping in layout.model.variations.items():
            value = values.get(var_column, "")
            chosen = mapping.get(value, mapping.get("default"))
            if chosen is None:
                raise InputError(f"{row.where}: {var_column}: {value!r} has no variation in "
                                 f"{layout.where(('variations', var_column))} (values: "
                                 f"{', '.join(mapping)})")
            context.update(chosen)
        name = values.get(column, "") if column in values else ""
        if not name and len(layout.faces) == 1:
            name = next(iter(layout.faces))
        if name not in layout.faces:
            raise InputError(f"{row.where}: {column}: {name!r} is not a layout of "
                             f"{layout.sources[0].shown} (layouts: {', '.join(layout.faces)})")
        # the same file names in every locale: from the deck's first language
        key = card_key(row, deck.cards.localize(row, deck.locales[0]), taken)
        label = values.get("name") or values.get("title") or key
        card = _Card(deck, context, row.where, label, locale, safe, warn, typesetter,
                     ink_saver)
        front = card.ops(layout.faces[name], checked)
        back = layout.faces[name].back or layout.back      # the kind's own, or the deck's
        back_ops = card.ops(back, checked) if back else []
        back_key = f"back-{_identity(back_ops)}"
        if back_key not in backs:
            backs[back_key] = (back_key, _draw_ops(deck, typesetter, back_ops, layout.size))
        draw_front = _draw_ops(deck, typesetter, front, layout.size)
        if fingerprints is not None:
            fingerprints[key] = _identity(front)
            fingerprints[back_key] = back_key
        for _ in range(row.count):
            out.append(PrintCard(key=key, back_key=back_key, label=f"{label} ({locale})",
                                 draw_front=draw_front, draw_back=backs[back_key][1],
                                 width=layout.size[0], height=layout.size[1]))
    if not out:
        raise InputError(f"{display(deck.cards.path)}: every count is 0: no card to print")
    return out

