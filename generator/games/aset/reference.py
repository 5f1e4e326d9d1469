"""The one-page quick reference: the round, how a combat is won (the Order
drawn, first rank against last rank), ties and the Prison, the scoring.

Its words are the player aid's (``cards.yaml``: ``aid``) and its scoring is
written from the database (:func:`.aids.scoring_lines`), so the aid, the
booklet and this page say the same thing. The text is set at the largest
size, from 13 pt down to 7 pt, at which everything fits one page.
"""
from __future__ import annotations

from reportlab.lib.colors import HexColor
from reportlab.lib.units import mm
from reportlab.platypus import Flowable

from ...render import reference as R
from ...render.fonts import register_fonts
from ...render.geometry import reference_page
from . import look as L
from .aids import scoring_lines
from .describe import catalog
from .diagram import RANK_GAP, RANK_H, RANK_W, draw_order

# Asèt's colours in the quick references' one design (generator/render/reference.py):
# the Council's night blue for headings and numbers, the cards' parchment.
PALETTE = R.Palette(ink=L.INK, paper=L.PAPER, accent=L.NIGHT, soft=HexColor("#EFE6D2"))
MAX_PT = 12.0


class _Order(Flowable):
    def __init__(self, order, words, scale):
        super().__init__()
        self.order, self.words, self.scale = order, words, scale
        self.width = 7 * RANK_W * scale + 6 * RANK_GAP * scale
        self.height = RANK_H * scale + 5 * mm

    def wrap(self, avail_w, avail_h):
        return self.width, self.height

    def draw(self):
        draw_order(self.canv, self.order, 0, 4 * mm, register_fonts(), scale=self.scale,
                   words=self.words)


def write_reference(path, db, locale: str, paper: str, rules_text: dict) -> int:
    key, title, page = reference_page(db, locale, paper, rules_text)
    fonts = register_fonts()
    words = dict(rules_text["diagram"])
    aid = catalog(locale)["aid"]
    R.write_one_page(path, page=page, max_size=MAX_PT,
                     story=lambda size: _story(db, locale, title, aid, words, fonts, size),
                     label=f"aset: quick reference ({locale})", title=title,
                     author=db.name[locale], locale=locale, fonts=fonts)
    return 1


def reference_story(db, locale: str, rules_text: dict) -> list[Flowable]:
    """The page's flowables at its largest size: what the web edition reads
    back as HTML (generator/render/flow_html.py)."""
    _, title, _ = reference_page(db, locale, "a4", rules_text)
    return _story(db, locale, title, catalog(locale)["aid"], dict(rules_text["diagram"]),
                  register_fonts(), MAX_PT)


def _story(db, locale, title, aid, words, fonts, size):
    st = R.styles(fonts, size, PALETTE)
    steps = [R.Panel(heading, [R.para(text, st.body, locale)], PALETTE, fonts, size, locale,
                     number=str(i + 1))
             for i, (heading, text) in enumerate(aid["round"])]
    steps.append(_Order(db.setup.order, words, min(1.0, size / 9)))
    scoring = [R.para(text, st.bullet if mark else st.body, locale, bullet=bool(mark))
               for text, mark in scoring_lines(db, locale)]
    return [R.Masthead(db.name[locale], title, fonts, PALETTE, locale),
            R.Panel(aid["round_title"], steps, PALETTE, fonts, size, locale, strong=True),
            R.Panel(aid["score_title"], scoring, PALETTE, fonts, size, locale)]
