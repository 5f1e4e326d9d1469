"""The player aids' text layout: room between the text and the frame, and no
paragraph ending on a lone word ("gain / 1")."""
import re

import pytest
from herald.generator.database import database_path, load_database
from herald.generator.games.oriflamme import faces
from herald.generator.render.fonts import register_fonts
from herald.generator.render.geometry import CARD_H, CARD_W
from herald.generator.render.text import influence_icon, layout_paragraph
from reportlab.lib.units import mm
from reportlab.pdfbase.pdfmetrics import getFont

DB = load_database(database_path("oriflamme"))
PADDING = 2.5 * mm


def words(line) -> list[str]:
    """The words of a laid-out line: pieces between spaces (no-break ones
    included) that hold a letter, a digit or the icon; "; " alone is no word."""
    return [t for t in re.split(r"[ \u00a0\u202f]+", line.text) if re.search(r"[\w\ue000]", t)]


@pytest.fixture(scope="module", params=["en", "fr"])
def aid(request):
    fonts = register_fonts()
    icon = influence_icon(DB, request.param, faces._influence)
    return faces._AidText.layout(DB, request.param, fonts, icon)


def test_no_paragraph_ends_on_a_lone_word(aid):
    checked = 0
    for side in (aid.front, aid.back):
        for section in side:
            for lines in (section.heading, section.body):
                if len(lines) > 1:
                    checked += 1
                    assert len(words(lines[-1])) >= 2, [ln.plain for ln in lines]
    assert checked >= 10


def test_text_clears_the_frame_by_two_and_a_half_mm(aid):
    assert faces.AID_SIDE - faces.FRAME_INSET >= PADDING
    width = CARD_W - 2 * faces.AID_SIDE
    fonts = aid.fonts
    for side in (aid.front, aid.back):
        placed = aid.placed(side)
        for line, _kind, _below in placed:
            # left edge at AID_SIDE; the right edge within the same margin
            assert line.width <= width + 0.01, line.plain
        line, kind, below = placed[-1]
        descent = -getFont(line.font).face.descent / 1000 * line.size
        assert CARD_H - (below + descent) >= faces.FRAME_INSET + PADDING
    # the title's cap height stays clear of the frame's top too
    ascent = getFont(fonts.title_bold).face.ascent / 1000 * 11
    assert aid.TITLE_BASELINE * mm - ascent >= faces.FRAME_INSET + PADDING


def test_lone_last_word_is_tied_to_the_one_before():
    fonts = register_fonts()
    icon = influence_icon(DB, "en", faces._influence)
    text = "Eliminate the card at either end of the Queue; gain 1 influence."
    # a measure where the plain greedy break leaves "1[icon]." alone
    width = next(w * mm for w in range(30, 60)
                 if len(words(layout_paragraph(text, w * mm, fonts.regular, 7, 8, "en",
                                               icon)[-1])) == 1)
    tied = layout_paragraph(text, width, fonts.regular, 7, 8, "en", icon,
                            no_lone_last_word=True)
    assert tied[-1].plain == "gain\u00a01[icon]."
    assert all(line.width <= width + 0.01 for line in tied)
