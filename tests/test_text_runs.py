"""tests/text_runs.py reads a PDF's text faster than pypdf alone (path lines
left out, each font read once) and must read the same: checked on a rules
booklet full of diagrams and on a sheet of cards placed as forms."""
from __future__ import annotations

import pytest
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from text_runs import read_runs, text_only


@pytest.mark.parametrize("name", ["lenormand-rules-a4.pdf", "lenormand-cards-a4.pdf"])
def test_the_fast_read_is_pypdf_s_read(whole_kit, name):
    kit, _ = whole_kit
    path = kit / "lenormand" / "en" / name
    fast = read_runs(path)
    assert sum(1 for _, runs in fast for chars, *_ in runs if chars.strip()) > 100
    assert fast == read_runs(path, plain=True)


def test_only_path_lines_are_left_out():
    content = b"\n".join([
        b"q", b"1 0 0 1 10 20 cm", b".1 .2 .3 rg", b"n 0 0 m 10 10 l 5 5 5 5 0 0 c h",
        b"B*", b"[3 2] 0 d", b"/GS1 gs", b"BT /F1 10 Tf 1 0 0 1 5 5 Tm (m l c) Tj ET",
        b"/Form1 Do", b"0 0 10 10 re W n", b"Q"])
    assert text_only(content).split(b"\n") == [
        b"q", b"1 0 0 1 10 20 cm", b"[3 2] 0 d", b"/GS1 gs",
        b"BT /F1 10 Tf 1 0 0 1 5 5 Tm (m l c) Tj ET", b"/Form1 Do", b"Q"]


def test_text_in_a_form_inside_a_path_heavy_page_is_read(tmp_path):
    path = tmp_path / "form.pdf"
    c = Canvas(str(path), pagesize=(100 * mm, 50 * mm))
    c.beginForm("face")
    c.circle(20, 20, 10, fill=1)
    c.setFont("Helvetica", 9)
    c.drawString(5, 5, "Lord")
    c.endForm()
    for x in (0, 100):
        c.saveState()
        c.translate(x, 0)
        c.doForm("face")
        c.restoreState()
    c.showPage()
    c.save()
    fast = read_runs(path)
    assert [chars.strip() for chars, *_ in fast[0][1] if chars.strip()] == ["Lord", "Lord"]
    assert fast == read_runs(path, plain=True)
