"""Issue 33: on Asèt's decree cards "text, long titles and the dotted
write-in boxes cross the gold inner frame on both sides". Measured here on
the printed file itself, not on the layout's figures: every card front of
the Asèt deck (numbered cards, aids, decrees, blank decrees, Order cards) in
every language is written to a print-shop PDF, pdfium finds the gold rule
(the stroked frame drawn FRAME_MIN_INSET or more inside the trim) and every
object drawn after it (each run of text, each write-in box and writing
line, each ribbon and pip) must lie inside the rule's inner edge, on all
four sides."""
from __future__ import annotations

import pypdfium2
import pypdfium2.raw as pdfium_c
import pytest
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render.geometry import FRAME_MIN_INSET
from herald.generator.render.imposition import write_printshop
from herald.generator.translations import game_locales
from reportlab.lib.units import mm

RULE_WIDTH = 0.6           # pt: the gold rule's stroke (parts.frame)
CLEARANCE = 0.5            # pt of parchment at least between the rule and anything inside


def _rule(objects, trim):
    """Index and bounds of the card's gold rule: the first stroked path whose
    four sides lie FRAME_MIN_INSET to FRAME_MIN_INSET + 3 mm inside the trim."""
    tl, tb, tr, tt = trim
    for n, obj in enumerate(objects):
        if obj.type != pdfium_c.FPDF_PAGEOBJ_PATH:
            continue
        left, bottom, right, top = obj.get_bounds()
        insets = (left - tl, bottom - tb, tr - right, tt - top)
        if all(FRAME_MIN_INSET - 1.5 <= v <= FRAME_MIN_INSET + 3 * mm for v in insets):
            return n, (left, bottom, right, top)
    return None


def crossings(path, keys) -> list[str]:
    """For each front page of ``path`` (one card a page, fronts first), what
    is drawn closer than CLEARANCE to the rule's inner edge, or beyond it."""
    out = []
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        for index, key in enumerate(keys):
            page = pdf[index]
            objects = list(page.get_objects(max_depth=8))
            found = _rule(objects, page.get_trimbox())
            if found is None:
                out.append(f"{key}: no gold rule found")
                continue
            n, (left, bottom, right, top) = found
            inner = (left + RULE_WIDTH, bottom + RULE_WIDTH, right - RULE_WIDTH,
                     top - RULE_WIDTH)
            for obj in objects[n + 1:]:
                ol, ob, or_, ot = obj.get_bounds()
                gap = min(ol - inner[0], ob - inner[1], inner[2] - or_, inner[3] - ot)
                if gap < CLEARANCE:
                    kind = "text" if obj.type == pdfium_c.FPDF_PAGEOBJ_TEXT else "drawing"
                    out.append(f"{key}: {kind} {gap:+.2f} pt from the rule's inner edge")
    finally:
        pdf.close()
    return out


@pytest.mark.parametrize("locale", game_locales("aset"))
def test_every_asets_card_keeps_its_drawing_inside_the_gold_rule(tmp_path, locale):
    db = load_database(database_path("aset"))
    cards = kit("aset").print_cards(db, locale)
    kinds = {c.key.split("-")[0] for c in cards}
    assert {"decree", "blank", "order"} <= kinds, kinds
    path = tmp_path / "cards.pdf"
    write_printshop(path, cards, title="aset", lang=locale)
    problems = crossings(path, [c.key for c in cards])
    assert not problems, problems[:10]


def test_the_measure_sees_a_word_on_the_rule(tmp_path):
    """The check fails on what the reviewers saw: a word laid across the
    rule, as the Order cards' corner values were at SMALL_SIDE (4.2 mm)."""
    from herald.generator.games.aset import look as L
    from herald.generator.games.aset.parts import SMALL_BAND, SMALL_H, SMALL_W, frame
    from herald.generator.render.cards import PrintCard
    from herald.generator.render.fonts import register_fonts
    fonts = register_fonts()

    def front(canvas, x, y, bleed):
        frame(canvas, x, y, SMALL_W, SMALL_H, bleed, L.NIGHT, SMALL_BAND, 1.8 * mm, rule=L.GOLD)
        canvas.setFont(fonts.title_bold, 13)
        canvas.drawString(x + 4.2 * mm, y + SMALL_H - 4.2 * mm - 13, "4")

    def inside(canvas, x, y, bleed):
        frame(canvas, x, y, SMALL_W, SMALL_H, bleed, L.NIGHT, SMALL_BAND, 1.8 * mm, rule=L.GOLD)
        canvas.setFont(fonts.title_bold, 13)
        canvas.drawString(x + 7 * mm, y + SMALL_H - 7 * mm - 13, "4")

    def back(canvas, x, y, bleed):
        pass

    cards = [PrintCard("crossing", "b", "crossing", front, back, SMALL_W, SMALL_H),
             PrintCard("inside", "b", "inside", inside, back, SMALL_W, SMALL_H)]
    path = tmp_path / "probe.pdf"
    write_printshop(path, cards)
    found = crossings(path, ["crossing", "inside"])
    assert len(found) == 1 and found[0].startswith("crossing: text"), found
