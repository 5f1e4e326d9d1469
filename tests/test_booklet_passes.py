"""A booklet is measured before it is drawn, and drawn once
(render/booklet_passes.py): its contents' pages come from a layout on a
canvas that keeps nothing, as do the trial sizes of its readings; only the
layout that is written is drawn."""
from __future__ import annotations

import re

import pypdf
import pypdfium2
import pytest
from herald.generator.cmd_rules import write_document
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render import booklet, booklet_passes
from herald.generator.render.booklet_passes import Paragraph
from herald.generator.render.fonts import register_fonts
from herald.generator.render.geometry import PAPERS
from reportlab.lib.styles import ParagraphStyle


@pytest.fixture
def canvases(monkeypatch):
    """The canvases the booklet's layouts are made on, by kind."""
    made = {"drawn": 0, "measured": 0}

    class Drawn(booklet_passes.DatedCanvas):
        def __init__(self, *args, **kwargs):
            made["drawn"] += 1
            super().__init__(*args, **kwargs)

    class Measured(booklet_passes.MeasuringCanvas):
        def __init__(self, *args, **kwargs):
            made["measured"] += 1
            super().__init__(*args, **kwargs)

    monkeypatch.setattr(booklet_passes, "DatedCanvas", Drawn)
    monkeypatch.setattr(booklet_passes, "MeasuringCanvas", Measured)
    return made


def _write(path) -> int:
    db = load_database(database_path("lenormand"))
    return write_document(path, kit("lenormand"), db, "en", PAPERS["a4"], 0.95, [], "rules")


def test_a_booklet_with_contents_is_measured_once_and_drawn_once(canvases, tmp_path,
                                                                  monkeypatch):
    monkeypatch.setattr(booklet, "WIDOW_FILL", 0.0)      # no trial sizes
    path = tmp_path / "rules.pdf"
    pages = _write(path)
    assert canvases == {"drawn": 1, "measured": 1}
    assert len(pypdfium2.PdfDocument(path)) == pages
    # the contents show the pages the measure found: each chapter's, as the
    # outline has it
    text = pypdfium2.PdfDocument(path)[1].get_textpage().get_text_range()
    listed = {title: int(page) for title, page
              in re.findall(r"^(\S.*?) \.(?: \.)* (\d+)\r?$", text, re.M)}
    reader = pypdf.PdfReader(path)
    chapters = {item.title: reader.get_destination_page_number(item) + 1
                for item in reader.outline if not isinstance(item, list)}
    assert len(listed) >= 5 and listed == chapters


def test_the_trial_sizes_of_the_readings_are_measured_not_drawn(canvases, tmp_path,
                                                                 monkeypatch):
    """Every layout a widow's bisection tries is measured; the one chosen is
    drawn once."""
    monkeypatch.setattr(booklet, "WIDOW_FILL", 1.01)     # every last page a widow
    path = tmp_path / "rules.pdf"
    pages = _write(path)
    assert canvases["drawn"] == 1 and canvases["measured"] >= 2
    assert len(pypdfium2.PdfDocument(path)) == pages


def _paragraph() -> Paragraph:
    style = ParagraphStyle("p", fontName=register_fonts().regular, fontSize=10, leading=12)
    return Paragraph("A paragraph long enough to take several lines at the narrower "
                     "of the two widths it is wrapped at, <b>in two faces</b>. " * 4, style)


def test_a_paragraph_wrapped_again_at_a_width_has_the_lines_of_a_fresh_one():
    para = _paragraph()
    wide = para.wrap(300, 1000)
    narrow = para.wrap(150, 1000)
    assert narrow[1] > wide[1]
    assert para.wrap(300, 1000) == wide == _paragraph().wrap(300, 1000)
    fresh = _paragraph()
    fresh.wrap(300, 1000)
    assert _lines(para) == _lines(fresh) and len(_lines(para)) > 2


def _lines(para) -> list[str]:
    return ["".join(w.text for w in line.words) for line in para.blPara.lines]


def test_a_paragraph_that_split_could_not_place_gets_its_lines_back():
    para = _paragraph()
    height = para.wrap(150, 1000)[1]
    lines = _lines(para)
    assert para.split(150, 5) == []         # not one line fits: reportlab drops its lines
    assert not hasattr(para, "blPara")
    assert para.wrap(150, 1000)[1] == height and _lines(para) == lines


def test_a_paragraph_wrapped_at_two_widths_in_turn_breaks_its_lines_once_per_width(
        monkeypatch):
    # a kept block measures its content at the frame's width, the frame
    # places it at the text's measure: pass after pass, in turn
    broken = []
    original = Paragraph.breakLines

    def counted(self, widths):
        broken.append(widths[0])
        return original(self, widths)

    monkeypatch.setattr(Paragraph, "breakLines", counted)
    para = _paragraph()
    sizes = [para.wrap(width, 1000) for width in (300, 150, 300, 150, 300)]
    assert broken == [300, 150]
    assert sizes[4] == sizes[2] == sizes[0] != sizes[1] == sizes[3]
    fresh = _paragraph()
    fresh.wrap(150, 1000)
    para.wrap(150, 1000)
    assert _lines(para) == _lines(fresh)


def test_the_contents_make_each_entrys_paragraph_once_and_list_its_page(tmp_path):
    """The measure (pages unknown) and the drawing share each entry's
    paragraph; the page drawn is the one the entries give."""
    from reportlab.pdfgen.canvas import Canvas
    styles = [ParagraphStyle("toc0", fontName=register_fonts().regular, fontSize=11,
                             leading=15)]
    contents = booklet_passes.Contents(levelStyles=styles, dotsMinLevel=0)
    drawn = []
    for pages in ((0, 0), (3, 5), (3, 17)):
        contents._lastEntries = [(0, "Setup", pages[0], None), (0, "A round", pages[1], None)]
        path = tmp_path / f"toc-{pages[1]}.pdf"
        contents.canv = canvas = Canvas(str(path))
        size = contents.wrap(300, 500)
        assert contents.wrap(300, 500) == size and size[1] > 0
        drawn.append(_cells(contents))
        contents.drawOn(canvas, 50, 700 - size[1])
        canvas.save()
        text = pypdfium2.PdfDocument(path)[0].get_textpage().get_text_range()
        lines = [line.strip() for line in text.splitlines() if line.strip()]
        assert [line.split(" ")[0] + " " + line.split(" ")[-1] for line in lines] == \
            [f"Setup {pages[0]}", f"A {pages[1]}"]
    assert drawn[0] == drawn[1] == drawn[2]         # the same paragraphs
    assert all(isinstance(p, Paragraph) for p in drawn[0]) and len(drawn[0]) == 2


def _cells(contents) -> list:
    """The flowable in each row of the contents' table."""
    rows = [row[0] for row in contents._table._cellvalues]
    return [cell[0] if isinstance(cell, (list, tuple)) else cell for cell in rows]


def test_a_trial_size_shares_the_first_layouts_story_and_draws_as_a_fresh_one(
        tmp_path, monkeypatch):
    """A trial size of the readings reuses the first layout's flowables but
    for the readings' section: drawn, it is the file a layout built afresh
    at that size makes, byte for byte."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    monkeypatch.setattr(booklet, "_shed_widow", lambda lay_out, laid, scale: lay_out(8.0))
    monkeypatch.setattr(booklet, "WIDOW_FILL", 1.01)
    built: list[bool] = []
    original = booklet.BookletContext.build

    def build(self, root, earlier=None):
        built.append(earlier is not None)
        return original(self, root, earlier if share else None)

    monkeypatch.setattr(booklet.BookletContext, "build", build)
    files = []
    for share in (True, False):
        path = tmp_path / f"rules-{share}.pdf"
        _write(path)
        files.append(path.read_bytes())
    assert built == [False, True, False, True]
    assert files[0] == files[1] and len(pypdfium2.PdfDocument(tmp_path / "rules-True.pdf")) > 3
