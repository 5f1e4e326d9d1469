"""Issue 22: every number and name a diagram or an aid shows (life cards,
card numbers, captions, table headers) is 6 pt or more at print size, read
from the PDFs: each piece of text's font size times the scale of its text
and graphics matrices, as pypdf's text visitor reports them.

Only miniature cards may be smaller: a card face drawn at half its size or
less (the setup picture's cards, the legend's sample cards, Oriflamme's
gallery of faces), whose caption or text says the same in readable type.
Every diagram band is drawn at more than half its size."""
from __future__ import annotations

import math

import pytest
from herald.generator.database import database_path, load_database
from herald.generator.games.lenormand.sizes import SIZES
from herald.generator.kits import kit
from herald.generator.render.imposition import write_printshop
from reportlab.lib.units import mm
from text_runs import read_runs

MIN_PT = 6.0
MINIATURE = 0.51         # a drawing scaled under this is a miniature card


def text_sizes(pages):
    """(page, printed size in pt, drawing scale, text) of every piece of text
    of a PDF's ``pages``, as pypdf's text visitor reports them
    (tests/text_runs.py)."""
    out = []
    for index, (_, runs) in enumerate(pages):
        for text, cm, tm, size in runs:
            if not text.strip():
                continue
            a, b, c, d = cm[:4]
            ta, tb, tc, td = tm[:4]
            scale = math.hypot(c, d)                      # the drawing's vertical scale
            height = math.hypot(tc * a + td * c, tc * b + td * d)
            out.append((index, round(size * height, 2), scale, text.strip()))
    return out


def too_small(pages):
    return [(page, size, text[:20]) for page, size, scale, text in text_sizes(pages)
            if size < MIN_PT - 1e-6 and scale >= MINIATURE]


@pytest.mark.parametrize("game", ["lenormand", "aset", "oriflamme"])
def test_diagrams_and_references_print_6_pt_or_more(rules_kit, text_runs, game):
    for locale in ("en", "fr"):
        for pdf in sorted((rules_kit / game / locale).glob("*-a4.pdf")):
            small = too_small(text_runs(pdf))
            assert not small, (pdf.name, small[:10])


@pytest.mark.parametrize("size", sorted(SIZES))
def test_lenormand_aids_print_6_pt_or_more(tmp_path, size):
    db = load_database(database_path("lenormand"))
    aids = [c for c in kit("lenormand").print_cards(db, "fr", size=size) if "aid" in c.key]
    assert aids
    path = tmp_path / "aids.pdf"
    write_printshop(path, aids)
    sizes = [s for _, s, _, _ in text_sizes(read_runs(path))]
    assert sizes and min(sizes) >= MIN_PT, (size, min(sizes))


def test_the_reader_sees_a_shrunk_label(tmp_path):
    """A 7 pt label in a band drawn at 0.53 of its size prints at 3.7 pt:
    the check would catch the four-player diagrams of before issue 22."""
    from reportlab.pdfgen.canvas import Canvas
    path = tmp_path / "label.pdf"
    c = Canvas(str(path), pagesize=(100 * mm, 50 * mm))
    c.saveState()
    c.scale(0.53, 0.53)
    c.setFont("Helvetica", 7)
    c.drawString(10, 10, "Civilisation")
    c.restoreState()
    c.save()
    assert too_small(read_runs(path)) == [(0, 3.71, "Civilisation")]


def test_a_heading_never_leaves_one_word_alone():
    from herald.generator.render.booklet import tie_last_words
    assert tie_last_words("A sequence of three cards: Valentin finds the 18") \
        == "A sequence of three cards: Valentin finds the\xa018"
    assert tie_last_words("Setup") == "Setup" and tie_last_words("Two words") == "Two words"
