"""The player aids' text layout: room between the text and the frame, and no
paragraph ending on a lone word ("gain / 1")."""
import re

import pytest
from herald.generator.database import database_path, load_database
from herald.generator.games.oriflamme import faces
from herald.generator.render.fonts import register_fonts
from herald.generator.render.geometry import CARD_H, CARD_W
from herald.generator.render.text import influence_icon, layout_paragraph
from herald.generator.translations import game_locales
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


@pytest.fixture(scope="module", params=game_locales("oriflamme"))
def alliance_aid(request):
    fonts = register_fonts()
    db = DB.select("alliance")
    icon = influence_icon(db, request.param, faces._influence)
    return db, faces._AidText.layout(db, request.param, fonts, icon)


def test_each_side_of_the_alliance_aid_fills_its_card(alliance_aid):
    """Issue 33: the Alliance aid's round filled 45 % of its card at the
    abilities' size; each side now takes the largest size that fits, so each
    fills most of the room under its title."""
    _, aid = alliance_aid
    room = CARD_H - aid.BODY_TOP * mm - faces.AID_SIDE
    for side in (aid.front, aid.back):
        placed = aid.placed(side)
        used = placed[-1][2] - aid.BODY_TOP * mm
        assert used >= 0.6 * room, (used / room, aid.size_of(side))
    assert aid.size > aid.back_size          # the short round is set larger


def test_the_aid_title_clears_the_code_and_the_frame(alliance_aid):
    """Issue 33: "ALLIANCE PLAYER AID" ran into the frame and "B-22"
    touched it: the title sits under the code, narrower than the text."""
    db, aid = alliance_aid
    fonts = aid.fonts
    width = CARD_W - 2 * (faces.AID_SIDE + faces.TITLE_CLEAR)
    size = min(faces._name_size(aid.title, fonts.title_bold, width), aid.TITLE_MAX)
    drawn = faces.stringWidth(aid.title, fonts.title_bold, size)
    assert drawn <= width + 0.01
    assert (CARD_W - drawn) / 2 - faces.FRAME_INSET >= PADDING + faces.TITLE_CLEAR
    code_baseline = faces.PANEL_INSET + 4.4 * mm       # below the trim's top
    ascent = getFont(fonts.title_bold).face.ascent / 1000 * size
    assert aid.TITLE_BASELINE * mm - ascent >= code_baseline + 1 * mm


@pytest.mark.parametrize("family", [f.id for f in DB.families])
def test_coloured_small_type_reads_at_four_and_a_half_to_one(family):
    """Issue 33: the yellow family's headings read at 3.1:1 at 6.5 pt."""
    colour = next(f.colour for f in DB.families if f.id == family)
    tone = faces._text_tone(colour)
    paper = (faces.PARCHMENT.red, faces.PARCHMENT.green, faces.PARCHMENT.blue)
    assert faces.contrast((tone.red, tone.green, tone.blue), paper) >= faces.MIN_CONTRAST
