"""The covers of a game package: a typographic band under the title (a
package brings no art of its own for Herald to show), and the credits of
its database.yaml."""
from __future__ import annotations

from reportlab.lib import colors
from reportlab.lib.units import mm

from ..render.cover import CoverNotes

INK = colors.HexColor("#2A2118")       # the booklets' ink (render.booklet)
MAX_MARKS = 9                           # lozenges in the band's middle


def draw_cover_art(canvas, db, width: float, height: float) -> None:
    """Two rules across the band, broken in the middle by a row of
    lozenges in the deck's colours (the first set a player sorts by: its
    suits), or in ink for a deck with none. Drawn with the calls the PDF
    canvas and the web edition's SVG canvas share."""
    palette = _palette(db)
    n = len(palette)
    r = min(height * 0.16, 2.6 * mm)
    gap = r * 2.9
    middle = width / 2
    half = (n - 1) * gap / 2 + r * 2.4
    y = height / 2
    canvas.saveState()
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(0.6)
    margin = width * 0.12
    canvas.line(margin, y, middle - half, y)
    canvas.line(middle + half, y, width - margin, y)
    canvas.setLineWidth(0.3)
    canvas.line(margin, y + r * 0.9, middle - half, y + r * 0.9)
    canvas.line(margin, y - r * 0.9, middle - half, y - r * 0.9)
    canvas.line(middle + half, y + r * 0.9, width - margin, y + r * 0.9)
    canvas.line(middle + half, y - r * 0.9, width - margin, y - r * 0.9)
    for i, colour in enumerate(palette):
        cx = middle - (n - 1) * gap / 2 + i * gap
        canvas.setFillColor(colour)
        p = canvas.beginPath()
        p.moveTo(cx - r, y)
        p.lineTo(cx, y + r * 1.25)
        p.lineTo(cx + r, y)
        p.lineTo(cx, y - r * 1.25)
        p.close()
        canvas.drawPath(p, stroke=0, fill=1)
    canvas.restoreState()


def _palette(db) -> list:
    from .cards import deck_colour_sets
    sets = deck_colour_sets(db)
    first = next(iter(sets.values()), {})
    found = [colors.HexColor(c) for c in first.values()][:MAX_MARKS]
    return found or [INK] * 3


def cover_notes(db, locale: str, **options) -> CoverNotes:
    """What the covers list: the rules' ``components`` section when they
    have one (the designer's words), else the deck counted by kind ("52
    cards: 13 × Prize, 13 × Red…"); and database.yaml's credits when the
    rules text gives none (the covers print the rules' ``credits`` first)."""
    from ..catalogs import load_catalog
    rules = load_catalog(db.game, locale, "rules")
    contents = [] if any(s.get("id") == "components" for s in rules.get("sections", [])) \
        else [_deck_contents(db, locale)]
    return CoverNotes(contents=contents,
                      credits=[] if rules.get("credits") else db.credit_lines(locale))


def _deck_contents(db, locale: str) -> str:
    """The deck in one line, in the own-deck covers' words: its cards
    counted by kind (:func:`.cards.kinds_in`)."""
    from ..deck.build import _TEXT
    from ..render.text import typography
    from .cards import kinds_in, print_cards
    words = _TEXT.get(locale.split("-")[0], _TEXT["en"])
    cards = print_cards(db, locale)
    names = kinds_in(db, locale)
    kinds: dict[str, int] = {}
    for card in cards:
        kinds[names[card.key]] = kinds.get(names[card.key], 0) + 1
    listed = ", ".join(words["kind"].format(count=n, name=k) for k, n in kinds.items())
    return typography(words["cards"].format(n=len(cards), kinds=listed), locale)
