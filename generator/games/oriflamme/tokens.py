"""The influence tokens and the two tiles, printed on card-sized sheets.

The rules need influence tokens worth 1 and 5, a First Player tile and a
Resolution Direction tile. They are printed as card-sized pieces of the deck
(61 x 112 mm, so they share the card sheets and their crop marks): three
sheets of eighteen 1-tokens, one of eighteen 5-tokens (72 tokens, 144
influence), and one with both tiles, one above the other.

Each piece prints the same on both sides, centred in its cell with a wide
plain margin, so that a duplex misregistration of a millimetre or two only
moves the back's picture a little inside its cell: nothing lines up with the
cut. Thin cut lines between the cells are printed on the front only.

The Alliance box's five Condemnation tokens (black seals with the
Magistrate's scales) take the foot of the tile sheet when the deck deals the
Magistrate: a sheet of their own would print five tokens on a whole page.

Each sheet also names its pieces at their real size (``PrintCard.pieces``),
for the print shop's file of tokens and tiles: round tokens of
``TOKEN_DIAMETER`` (a coin filling the piece, its rim inside the die's
drift), and the two tiles ``TILE_SIZE`` (a sheet's half).
"""
from __future__ import annotations

from functools import partial

from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import stringWidth

from ...errors import InputError
from ...render.cards import Piece, PrintCard
from ...render.fonts import MissingGlyph, register_fonts, require_glyphs
from ...render.geometry import CARD_H, CARD_W
from ...render.text import typography
from . import arms as A
from .emblems import draw_emblem
from .icons import COIN_FILL, COIN_INK

__all__ = ["CONDEMNATION_COUNT", "TILE_SIZE", "TOKEN_DIAMETER", "TOKEN_GRID", "TOKEN_SHEETS",
           "token_cards", "token_counts"]

TOKEN_GRID = (3, 6)                  # columns, rows of tokens on a sheet
TOKEN_SHEETS = ((1, 3), (5, 1))      # (value, sheets): 54 tokens of 1, 18 of 5
PARCHMENT = (0.965, 0.937, 0.867)
WHITE = (1.0, 1.0, 1.0)
GUIDE = (0.55, 0.52, 0.48)           # the cut lines between cells
TOKEN_DIAMETER = 20 * mm             # a die-cut token (a sheet's cell is 20.3 x 18.7 mm)
TILE_SIZE = (CARD_W, CARD_H / 2)     # a die-cut tile: half a sheet, as the home sheet cuts it
PIECE_DRIFT = 1.5 * mm               # a die-cut token's rim lies this far inside its cut


def token_counts() -> dict[int, int]:
    """Value -> how many tokens of it the kit prints."""
    per_sheet = TOKEN_GRID[0] * TOKEN_GRID[1]
    return {value: sheets * per_sheet for value, sheets in TOKEN_SHEETS}


def token_cards(db, locale: str, saver: bool = False,
                condemnation: str | None = None) -> list[PrintCard]:
    """The token sheets and the tile sheet of ``locale``, as card-sized pieces
    kept out of the Tabletop Simulator decks; ``condemnation`` (the
    Condemnation token's printed name, when the deck deals the Magistrate)
    adds the five Condemnation tokens at the foot of the tile sheet."""
    fonts = register_fonts()
    paper = WHITE if saver else PARCHMENT
    terms = db.terms[locale]
    labels = {}
    for field in ("first_player", "resolution_direction"):
        text = typography(getattr(terms, field), locale, fonts.title_bold).upper()
        try:
            require_glyphs(text, fonts.title_bold, f"terms.{field}")
        except MissingGlyph as e:
            raise InputError(f"{db.game}: tiles ({locale}): {e}") from None
        labels[field] = text
    cards = []
    per_sheet = TOKEN_GRID[0] * TOKEN_GRID[1]
    for value, sheets in TOKEN_SHEETS:
        front = partial(_draw_tokens, value=value, font=fonts.title_bold, paper=paper, guides=True)
        back = partial(_draw_tokens, value=value, font=fonts.title_bold, paper=paper, guides=False)
        coin = partial(_draw_token_piece, value=value, font=fonts.title_bold)
        name = f"{value} {terms.influence if value == 1 else terms.influence_plural}"
        piece = Piece(f"token-{value}", name, TOKEN_DIAMETER, TOKEN_DIAMETER, True, per_sheet,
                      coin, coin)
        for i in range(sheets):
            cards.append(PrintCard(f"tokens-{value}-{i + 1}", f"tokens-{value}-back",
                                   f"influence tokens {value} ({locale})", front, back, deck="",
                                   pieces=(piece,)))
    seals = _seal_label(condemnation, locale, fonts) if condemnation else None
    front = partial(_draw_tiles, labels=labels, font=fonts.title_bold, paper=paper, guides=True,
                    seals=seals)
    back = partial(_draw_tiles, labels=labels, font=fonts.title_bold, paper=paper, guides=False,
                   seals=seals)
    pieces = []
    for field, band in (("first_player", _first_player), ("resolution_direction", _direction)):
        tile = partial(_draw_tile_piece, band=band, label=labels[field], font=fonts.title_bold,
                       paper=paper)
        pieces.append(Piece(f"tile-{field.replace('_', '-')}", getattr(terms, field),
                            *TILE_SIZE, False, 1, tile, tile))
    if seals:
        seal = partial(_draw_seal_piece, paper=paper)
        pieces.append(Piece("token-condemnation", condemnation or "", TOKEN_DIAMETER,
                            TOKEN_DIAMETER, True, CONDEMNATION_COUNT, seal, seal))
    key = "tiles-condemnation" if seals else "tiles"
    cards.append(PrintCard(key, f"{key}-back", f"tiles ({locale})", front, back, deck="",
                           pieces=tuple(pieces)))
    return cards


def _background(canvas, x, y, bleed, paper):
    canvas.setFillColorRGB(*paper)
    canvas.rect(x - bleed, y - bleed, CARD_W + 2 * bleed, CARD_H + 2 * bleed, stroke=0, fill=1)


def _guides(canvas, x, y, xs, ys):
    """Thin cut lines across the piece at the inner cell edges."""
    canvas.setStrokeColorRGB(*GUIDE)
    canvas.setLineWidth(0.3)
    for gx in xs:
        canvas.line(x + gx, y, x + gx, y + CARD_H)
    for gy in ys:
        canvas.line(x, y + gy, x + CARD_W, y + gy)


def _draw_tokens(canvas, x, y, bleed, *, value, font, paper, guides):
    """A sheet of tokens of ``value``: a coin in the middle of each cell."""
    cols, rows = TOKEN_GRID
    w, h = CARD_W / cols, CARD_H / rows
    canvas.saveState()
    _background(canvas, x, y, bleed, paper)
    for i in range(cols):
        for j in range(rows):
            _coin(canvas, x + (i + 0.5) * w, y + (j + 0.5) * h, min(w, h) * 0.36, value, font)
    if guides:
        _guides(canvas, x, y, [i * w for i in range(1, cols)], [j * h for j in range(1, rows)])
    canvas.restoreState()


def _coin(canvas, cx, cy, r, value, font):
    """An influence coin worth ``value``: gold with a bronze rim (two rims
    for a 5) and the value large in the middle."""
    canvas.setFillColorRGB(*COIN_FILL)
    canvas.setStrokeColorRGB(*COIN_INK)
    canvas.setLineWidth(0.09 * r)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    if value >= 5:
        canvas.setLineWidth(0.05 * r)
        canvas.circle(cx, cy, r * 0.82, stroke=1, fill=0)
    canvas.setFillColorRGB(*COIN_INK)
    size = r * 1.25
    canvas.setFont(font, size)
    canvas.drawCentredString(cx, cy - size * 0.35, str(value))


def _draw_tiles(canvas, x, y, bleed, *, labels, font, paper, guides, seals=None):
    """The First Player tile above, the Resolution Direction tile below; with
    ``seals`` (the Condemnation token's printed name), a band of the five
    Condemnation tokens at the foot, so that they need no sheet of their own."""
    cx = x + CARD_W / 2
    # band heights from the top: the tiles share what the seals leave
    foot = SEAL_BAND if seals else 0.0
    half = (CARD_H - foot) / 2
    canvas.saveState()
    _background(canvas, x, y, bleed, paper)
    _first_player(canvas, cx, y + foot + half, half, labels["first_player"], font)
    _direction(canvas, cx, y + foot, half, labels["resolution_direction"], font)
    cuts_y = [foot + half]
    cuts_x: list[float] = []
    if seals:
        w = CARD_W / CONDEMNATION_COUNT
        r = SEAL_R
        # one seal per cell, cut apart: a name across the row would be cut
        # too; the cover names the tokens and says where they are
        for i in range(CONDEMNATION_COUNT):
            _seal(canvas, x + (i + 0.5) * w, y + foot / 2, r, paper)
        cuts_y.append(foot)
        cuts_x = [i * w for i in range(1, CONDEMNATION_COUNT)]
    if guides:
        _guides(canvas, x, y, [], cuts_y)
        if cuts_x:
            canvas.setStrokeColorRGB(*GUIDE)
            canvas.setLineWidth(0.3)
            for gx in cuts_x:
                canvas.line(x + gx, y, x + gx, y + foot)
    canvas.restoreState()


def _first_player(canvas, cx, bottom, height, label, font):
    """The First Player tile's picture in the band ``height`` high from
    ``bottom``, centred on ``cx``: a star in a ring, the name under it."""
    scale = height / TILE_SIZE[1]
    top_cy = bottom + height * 0.58
    canvas.setStrokeColorRGB(*A.INK)
    canvas.setFillColorRGB(*COIN_FILL)
    canvas.setLineWidth(1.2)
    canvas.circle(cx, top_cy, 12 * mm * scale, stroke=1, fill=1)
    canvas.setFillColorRGB(*A.INK)
    A.draw(canvas, [A.star(5, 9.5 * mm * scale, 3.9 * mm * scale, cx,
                             top_cy - 0.4 * mm * scale)], even_odd=False)
    _label(canvas, cx, bottom + 9 * mm * scale, label, font)


def _direction(canvas, cx, bottom, height, label, font):
    """The Resolution Direction tile's picture in its band: a long arrow,
    the name under it."""
    k = height / TILE_SIZE[1]
    mid = bottom + height * 0.6
    shaft = A.rect(cx - 20 * mm * k, mid - 2.2 * mm * k, cx + 12 * mm * k, mid + 2.2 * mm * k)
    head = A.poly([(cx + 10 * mm * k, mid - 7 * mm * k), (cx + 22 * mm * k, mid),
                    (cx + 10 * mm * k, mid + 7 * mm * k)])
    canvas.setFillColorRGB(*A.INK)
    A.draw(canvas, [shaft], even_odd=False)
    A.draw(canvas, [head], even_odd=False)
    _label(canvas, cx, bottom + 9 * mm * k, label, font)


# -- the pieces at their real size, for the print shop's file --------------------------

def _fill(canvas, x, y, w, h, bleed, colour):
    canvas.setFillColorRGB(*colour)
    canvas.rect(x - bleed, y - bleed, w + 2 * bleed, h + 2 * bleed, stroke=0, fill=1)


def _draw_token_piece(canvas, x, y, bleed, *, value, font):
    """A round influence token: gold to the bleed's edge, the coin's rim
    PIECE_DRIFT inside the cut."""
    d = TOKEN_DIAMETER
    canvas.saveState()
    _fill(canvas, x, y, d, d, bleed, COIN_FILL)
    _coin(canvas, x + d / 2, y + d / 2, d / 2 - PIECE_DRIFT, value, font)
    canvas.restoreState()


def _draw_seal_piece(canvas, x, y, bleed, *, paper):
    """A round Condemnation token: the black seal to the bleed's edge."""
    d = TOKEN_DIAMETER
    canvas.saveState()
    _fill(canvas, x, y, d, d, bleed, SEAL)
    _seal(canvas, x + d / 2, y + d / 2, d / 2 - PIECE_DRIFT, paper)
    canvas.restoreState()


def _draw_tile_piece(canvas, x, y, bleed, *, band, label, font, paper):
    """A tile at TILE_SIZE: the parchment to the bleed's edge, its picture."""
    w, h = TILE_SIZE
    canvas.saveState()
    _fill(canvas, x, y, w, h, bleed, paper)
    band(canvas, x + w / 2, y, h, label, font)
    canvas.restoreState()


def _label(canvas, cx, baseline, text, font):
    size = 11.0
    while size > 6.5 and stringWidth(text, font, size) > CARD_W - 12 * mm:
        size -= 0.25
    canvas.setFillColorRGB(*A.INK)
    canvas.setFont(font, size)
    canvas.drawCentredString(cx, baseline, text)


# -- the Condemnation tokens ----------------------------------------------------------
CONDEMNATION_COUNT = 5          # the Alliance box's tokens (the rules' count)
SEAL = (0.16, 0.14, 0.13)
SEAL_BAND = 22 * mm             # the foot of the tile sheet that holds them
SEAL_R = 5.4 * mm               # a seal's radius (an influence coin's is 6.7 mm)


def _seal_label(name: str, locale: str, fonts) -> str:
    label = typography(name, locale, fonts.title_bold).upper()
    try:
        require_glyphs(label, fonts.title_bold, "boxes.alliance.tokens.condemnation")
    except MissingGlyph as e:
        raise InputError(f"oriflamme: Condemnation tokens ({locale}): {e}") from None
    return label


def _seal(canvas, cx, cy, r, paper):
    """A Condemnation token: a black seal with the Magistrate's scales."""
    canvas.setFillColorRGB(*SEAL)
    canvas.setStrokeColorRGB(*A.INK)
    canvas.setLineWidth(0.8)
    canvas.circle(cx, cy, r, stroke=1, fill=1)
    canvas.setStrokeColorRGB(*paper)
    canvas.setLineWidth(0.5)
    canvas.circle(cx, cy, r * 0.86, stroke=1, fill=0)
    draw_emblem(canvas, "magistrate", cx, cy, r * 0.6, ink=paper, paper=SEAL)
