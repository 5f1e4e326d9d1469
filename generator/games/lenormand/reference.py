"""The Lenormand duel's quick reference: one page with the setup (its
picture, drawn with the deck's faces and backs), the turn, the attack table
(from the card database, as on the rules sheet), healing, the end, and
the three- and four-player variants.

Its words are the rules sheet's (``rules.yaml``: ``reference``); the text is
set at the largest size, from 12 pt down to 7 pt, at which everything fits
one page.
"""
from __future__ import annotations

from reportlab.lib.colors import Color, HexColor
from reportlab.lib.styles import ParagraphStyle

from ...render import reference as R
from ...render.fonts import register_fonts
from ...render.geometry import reference_page
from .booklet import SetupFigure, attack_table, cards_by_number
from .faces import print_cards
from .pictures import INK

ACCENT = (0.478, 0.122, 0.102)
# The duel's colours in the quick references' one design
# (generator/render/reference.py): its oxblood for headings and numbers.
PALETTE = R.Palette(ink=Color(*INK),
                    paper=HexColor("#FFFDF7"), accent=Color(*ACCENT),
                    soft=HexColor("#F3EBDD"))
MAX_PT = 11.0


def write_reference(path, db, locale: str, paper: str, rules_text: dict) -> int:
    key, title, page = reference_page(db, locale, paper, rules_text)
    fonts = register_fonts()
    cards = cards_by_number(print_cards(db, locale))
    width = page[0] - 2 * R.MARGIN
    R.write_one_page(path, page=page, max_size=MAX_PT,
                     story=lambda size: _story(db, locale, title, rules_text, cards, fonts,
                                               size, width),
                     label=f"lenormand: quick reference ({locale})", title=title,
                     author=db.name[locale], locale=locale, fonts=fonts)
    return 1


def reference_story(db, locale: str, rules_text: dict) -> list:
    """The page's flowables at its largest size: what the web edition reads
    back as HTML (generator/render/flow_html.py)."""
    key, title, page = reference_page(db, locale, "a4", rules_text)
    return _story(db, locale, title, rules_text, cards_by_number(print_cards(db, locale)),
                  register_fonts(), MAX_PT, page[0] - 2 * R.MARGIN)


def _story(db, locale, title, text, cards, fonts, size, width):
    words = text["reference"]
    st = R.styles(fonts, size, PALETTE)
    cell = ParagraphStyle("c", parent=st.body, fontSize=max(R.MIN_PT, size * 0.92),
                          leading=max(R.MIN_PT, size * 0.92) * 1.2, spaceAfter=0)
    inner = width - 2 * R.PAD

    def p(value, style=st.body):
        return R.para(value, style, locale)

    def bullets(lines):
        return [R.para(line, st.bullet, locale, bullet=True) for line in lines]

    def panel(heading, content, **kw):
        return R.Panel(heading, content, PALETTE, fonts, size, locale, **kw)

    setup = bullets(words["setup"]) + [SetupFigure(db, locale, cards, text["setup_figure"],
                                                   inner, k=0.1 + size * 0.008)]
    table = [attack_table(db, locale, text["attack_table"], cell, inner - 2 * R.PAD, p)]
    table += bullets(words["table_notes"])
    return [R.Masthead(db.name[locale], title, fonts, PALETTE, locale),
            panel(words["setup_title"], setup),
            panel(words["turn_title"], bullets(words["turn"]), strong=True),
            panel(words["table_title"], table),
            R.Columns([[panel(words["end_title"], [p(words["end"])])],
                       [panel(words["more_title"], bullets(words["more"]))]], (1, 1.6))]
