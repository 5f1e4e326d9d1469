"""A booklet hook's paragraph read back by the web edition (render/flow_html.py)
without reportlab's parse of its markup: the same words and HTML, and the
same paragraph once something lays it out."""
from __future__ import annotations

from herald.generator.render.booklet import Styles, markup
from herald.generator.render.flow_html import FlowHtml, ReadParagraph
from herald.generator.render.fonts import register_fonts
from herald.generator.render.svgcanvas import SVGCanvas
from reportlab.platypus import Paragraph

TEXT = "Le **Seigneur** gagne\t2 *influences* : «\u00a0A & B\u00a0» < 3.\n  Puis   rien."


def _html(flowables) -> str:
    return str(FlowHtml(lambda html: html, lambda prefix: f"{prefix}-1", lambda plain: None,
                        lambda w, h: SVGCanvas(w, h)).convert(flowables))


def test_a_paragraph_read_back_is_the_paragraph_reportlab_would_make():
    style = Styles(register_fonts(), 1.0).body
    text = markup(TEXT, "fr", style.fontName)
    read, made = ReadParagraph(text, style), Paragraph(text, style)
    assert "_unread" in read.__dict__           # nothing parsed for reading
    assert (read.text, read.style, read.bulletText) == (made.text, made.style, made.bulletText)
    assert _html([read]) == _html([made]) and "<strong>Seigneur</strong>" in _html([read])
    # laid out, it is parsed then, as reportlab's own
    assert read.wrap(200, 1000) == made.wrap(200, 1000)
    assert "_unread" not in read.__dict__
    assert read.getPlainText() == made.getPlainText() and len(read.blPara.lines) > 1
