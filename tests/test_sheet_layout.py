"""A rules sheet in two columns (``layout: sheet`` and ``columns: 2`` in a
game's rules.yaml; the Lenormand duel's text is laid out so here, as its rules
were before they became a booklet and as a package may still ask): every line
of text stays inside one column, both columns are filled, the masthead's page has no running header,
and half-size pages fall back to one column (with no running header on the
masthead's page either)."""
from __future__ import annotations

import pypdfium2
import pytest
from herald.generator import documents
from herald.generator.cmd_rules import write_document
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render.booklet import COLUMN_GUTTER, SHEET_MARGIN
from herald.generator.render.booklet_imposition import half_size
from herald.generator.render.geometry import PAPERS

MM = 72 / 25.4
DB = load_database(database_path("lenormand"))


def _lines(path):
    """Per page: (left, bottom, right, top, text) of each line of text, in points."""
    pdf = pypdfium2.PdfDocument(str(path))
    pages = []
    for page in pdf:
        text = page.get_textpage()
        rects = [text.get_rect(i) for i in range(text.count_rects())]
        pages.append([(*r, text.get_text_bounded(*r)) for r in rects])
    return pdf[0].get_size(), pages


def _columns(width: float, margin: float, count: int) -> list[tuple[float, float]]:
    w = (width - 2 * margin - (count - 1) * COLUMN_GUTTER) / count
    return [(margin + i * (w + COLUMN_GUTTER), margin + i * (w + COLUMN_GUTTER) + w)
            for i in range(count)]


def _as_sheet(game, locale):
    """The game's rules text, asking for a two-column sheet with a pictured masthead."""
    return {**RULES_TEXT(game, locale), "layout": "sheet", "columns": 2,
            "masthead_figure": "setup"}


RULES_TEXT = documents.rules_text


@pytest.fixture(autouse=True, scope="module")
def sheet_text():
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(documents, "rules_text", _as_sheet)
        yield


@pytest.fixture(scope="module")
def sheet(tmp_path_factory, sheet_text):
    from herald.generator.verified import verify_examples
    path = tmp_path_factory.mktemp("sheet") / "rules.pdf"
    write_document(path, kit("lenormand"), DB, "en", PAPERS["a4"], 1.0,
                  verify_examples("lenormand", False))
    return _lines(path)


def test_every_line_stays_in_one_column(sheet):
    (width, height), pages = sheet
    columns = _columns(width, SHEET_MARGIN, 2)
    body = (1.25 * SHEET_MARGIN, height - 1.25 * SHEET_MARGIN)   # header and folio apart
    for number, lines in enumerate(pages[1:], start=2):
        starts = {k: 0 for k in range(2)}
        for left, bottom, right, top, text in lines:
            if bottom < body[0] or top > body[1]:
                continue
            inside = [k for k, (a, z) in enumerate(columns)
                      if left >= a - 1 * MM and right <= z + 1 * MM]
            assert inside, f"page {number}: {text!r} crosses a column's edge"
            starts[inside[0]] += 1
        # every page but the last fills both columns (the last one's readings
        # grow only as far as they keep the page count: its second column may
        # stay empty)
        filled = starts.values() if number < len(pages) else [starts[0]]
        assert min(filled) > 10, f"page {number}: a column is empty ({starts})"


def _header(lines, height) -> str:
    return " ".join(t for _, b, _, _, t in lines if b > height - 1.25 * SHEET_MARGIN).upper()


def test_the_masthead_page_has_no_running_header(sheet):
    (width, height), pages = sheet
    title = DB.name["en"].upper()
    assert title not in _header(pages[0], height)
    assert title in _header(pages[1], height)


def test_half_size_pages_take_one_column(tmp_path):
    from herald.generator.verified import verify_examples
    path = tmp_path / "half.pdf"
    # with every worked example: a block reportlab once failed to place
    # ("Splitting error") stopped this very build
    write_document(path, kit("lenormand"), DB, "en", half_size(PAPERS["a4"]), 0.86,
                  verify_examples("lenormand", False))
    (width, height), pages = _lines(path)
    # one column: lines of the body run across the middle of the page, where
    # two columns would leave their gutter
    middle = width / 2
    across = [text for lines in pages for left, _, right, _, text in lines
              if left < middle - COLUMN_GUTTER and right > middle + COLUMN_GUTTER]
    assert len(across) > 20
    # and, in one column too, no running header above the masthead
    title = DB.name["en"].upper()
    assert title not in _header(pages[0], height) and title in _header(pages[1], height)
