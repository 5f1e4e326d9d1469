"""Drawings computed once and replayed (render/recording.py): a replayed or
copied drawing writes exactly the bytes the drawing writes afresh, in a PDF
and in an SVG, and one that cannot be copied is drawn afresh."""
from __future__ import annotations

import io

from herald.generator.render import recording as R
from herald.generator.render import svgcanvas
from herald.generator.render.fonts import register_fonts
from herald.generator.render.svgcanvas import SharedDefs, SVGCanvas
from reportlab.lib.colors import Color
from reportlab.pdfgen.canvas import Canvas


def _badge(canvas, fonts, label, x, y):
    """A bracketed drawing with text: copyable."""
    canvas.saveState()
    canvas.setFillColorRGB(0.2, 0.4, 0.6)
    canvas.setStrokeColorRGB(0.1, 0.1, 0.1)
    canvas.roundRect(x, y, 40, 20, 3, stroke=1, fill=1)
    p = canvas.beginPath()
    p.moveTo(x, y)
    p.curveTo(x + 5, y + 30, x + 20, y + 30, x + 40, y)
    canvas.drawPath(p, stroke=1, fill=0)
    canvas.setFillColorRGB(1, 1, 1)
    canvas.setFont(fonts.bold, 9)
    canvas.drawCentredString(x + 20, y + 7, label)
    canvas.restoreState()


def _glass(canvas, x, y):
    """Bracketed, but with a transparency (a resource of the document, set
    by a colour call that is otherwise copied)."""
    canvas.saveState()
    canvas.setFillColor(Color(0.2, 0.3, 0.4, alpha=0.4))
    canvas.rect(x, y, 10, 10, stroke=0, fill=1)
    canvas.restoreState()


def _loose(canvas, x, y):
    """Changes the canvas's colour for what follows: never copied."""
    canvas.setFillColorRGB(0.9, 0.1, 0.1)
    canvas.rect(x, y, 10, 10, stroke=0, fill=1)


def _page(draws, *, pages=2) -> bytes:
    """A PDF of ``pages`` pages, each drawing every (draw, args) twice, then text."""
    fonts = register_fonts()
    buf = io.BytesIO()
    c = Canvas(buf, invariant=1)
    for _ in range(pages):
        for draw, args in draws:
            draw(c, *args)
            draw(c, *args)
        c.setFont(fonts.regular, 10)
        c.drawString(10, 10, "after")
        c.showPage()
    c.save()
    return buf.getvalue()


def _documents(draws) -> list[bytes]:
    # two documents: a copy made in the first is written into the second,
    # whose fonts must still hold its text's glyphs
    return [_page(draws), _page(draws)]


def test_a_copied_drawing_writes_the_same_pdf_as_drawn_afresh():
    fonts = register_fonts()
    plain = [(_badge, (fonts, "Ab", 30, 40)), (_badge, (fonts, "Zy", 90, 40)),
             (_glass, (10, 200)), (_loose, (50, 200))]
    once = {f: R.written_once(f) for f in (_badge, _glass, _loose)}
    copied = [(once[f], args) for f, args in plain]
    assert _documents(copied) == _documents(plain)
    # and the copies were really made (or refused) as documented
    assert _kept(once[_badge]) and R._LIVE not in _kept(once[_badge]).values()
    assert set(_kept(once[_glass]).values()) == {R._LIVE}
    assert set(_kept(once[_loose]).values()) == {R._LIVE}


def test_a_copy_leaves_the_canvas_as_drawing_afresh_does():
    fonts = register_fonts()
    badge = R.written_once(_badge)
    for draw in (_badge, badge, badge):
        c = Canvas(io.BytesIO(), invariant=1)
        c.setFont(fonts.italic, 7)
        c.setFillColorRGB(0.5, 0.5, 0.5)
        draw(c, fonts, "Ab", 0, 0)
        assert (c._fontname, c._fontsize, c._fillColorObj) == (fonts.italic, 7, (0.5, 0.5, 0.5))
        assert c._code[-1] == "Q" and not c.state_stack


def test_a_drawing_starting_with_a_transform_after_one_is_not_copied():
    # reportlab folds two transforms in a row into one operator: the drawing
    # would change the line before it, so it is drawn afresh every time
    def turned(canvas, x):
        canvas.translate(x, 0)
        canvas.saveState()
        canvas.rect(0, 0, 1, 1)
        canvas.restoreState()
    once = R.written_once(turned)
    outputs = []
    for draw in (turned, once, once):
        c = Canvas(io.BytesIO(), invariant=1)
        c.translate(5, 5)
        draw(c, 3)
        outputs.append(list(c._code))
    assert outputs[0] == outputs[1] == outputs[2]
    assert set(_kept(once).values()) == {R._LIVE}


def _svg(draws) -> str:
    shared = SharedDefs()
    out = []
    for _ in range(2):
        c = SVGCanvas(200, 100, shared=shared, compact=True)
        for draw, args in draws:
            draw(c, *args)
        out.append(c.inline("x"))
    return "\n".join(out) + shared.svg()


def _shield(canvas, colour):
    canvas.setFillColorRGB(*colour)
    canvas.saveState()
    p = canvas.beginPath()
    p.moveTo(0, 0)
    p.lineTo(10.123456, 0)
    p.curveTo(12.3333, 4.5555, 9.87654, 20.0001, 0, 20)
    p.close()
    canvas.clipPath(p, stroke=0, fill=0)
    canvas.rect(-1, -1, 30, 30, stroke=0, fill=1)
    canvas.restoreState()
    canvas.drawPath(p, stroke=1, fill=0)


def test_a_replayed_drawing_writes_the_same_pdf_and_svg():
    fonts = register_fonts()
    replayed = R.replayed(_shield)
    once = R.written_once(_badge)

    def placed(shield):
        def draw(canvas, x, y):
            canvas.saveState()
            canvas.translate(x, y)
            canvas.scale(1.5, 1.5)
            shield(canvas, (0.7, 0.1, 0.1))
            canvas.restoreState()
        return draw
    plain = [(placed(_shield), (10, 10)), (placed(_shield), (60, 10)),
             (_badge, (fonts, "Ab", 100, 10))]
    fast = [(placed(replayed), (10, 10)), (placed(replayed), (60, 10)),
            (once, (fonts, "Ab", 100, 10))]
    assert _svg(fast) == _svg(plain)
    assert _documents(fast) == _documents(plain)


def _kept(write) -> dict:
    return next(cell.cell_contents for cell in write.__closure__
                if isinstance(cell.cell_contents, dict))


class _Overprinting(Canvas):
    """A canvas whose colour calls write what its state requires (as the
    print shop's does): a copy would skip them."""

    def setFillColor(self, aColor, alpha=None):
        super().setFillColor(aColor, alpha)
        self._code.append(f"% fill {len(self._code)}")


def test_a_canvas_drawing_its_own_way_gets_drawings_drawn_afresh():
    fonts = register_fonts()
    badge = R.written_once(_badge)
    outputs = []
    for draw in (_badge, badge, badge):
        c = _Overprinting(io.BytesIO(), invariant=1)
        c.rect(0, 0, 1, 1)
        draw(c, fonts, "Ab", 0, 0)
        draw(c, fonts, "Ab", 0, 0)
        outputs.append(list(c._code))
    assert outputs[0] == outputs[1] == outputs[2]
    assert not _kept(badge)
    # a canvas converting colours (the print shop's CMYK) is drawn on afresh too
    c = Canvas(io.BytesIO(), invariant=1, enforceColorSpace="rgb")
    badge(c, fonts, "Ab", 0, 0)
    assert not _kept(badge)


def test_a_text_written_again_in_a_document_is_the_same_bytes():
    fonts = register_fonts()

    def page(write) -> bytes:
        buf = io.BytesIO()
        c = Canvas(buf, invariant=1)
        for _ in range(2):
            for size in (9, 9, 11):
                c.setFont(fonts.bold, size)
                write(c, "drawCentredString", 50, 50, "Ab’ç")
                write(c, "drawString", 50, 70, "Ab’ç")
            c.setFont(fonts.regular, 9)
            write(c, "drawRightString", 50, 90, "xyz")
            c.showPage()
        c.save()
        return buf.getvalue()

    def plain(canvas, name, x, y, text):
        getattr(canvas, name)(x, y, text)
    assert [page(R.write_text), page(R.write_text)] == [page(plain), page(plain)]


def _card(canvas, fonts, label, x, y):
    """A card placing a form (a shared emblem) beside its label."""
    canvas.saveState()
    canvas.setFillColorRGB(0.9, 0.85, 0.7)
    canvas.roundRect(x, y, 30, 40, 2, stroke=1, fill=1)
    _emblem(canvas, 0.4)
    canvas.setFont(fonts.bold, 6 if label == "small" else 9)
    canvas.drawCentredString(x + 15, y + 5, label)
    canvas.restoreState()


def _shape(canvas, k):
    canvas.circle(10, 10, 4 * k, stroke=0, fill=1)


_emblem = R.cached(_shape)


def _clipped(canvas, x, y):
    """A drawing with a clip of its own (an id): never copied."""
    canvas.saveState()
    p = canvas.beginPath()
    p.rect(x, y, 10, 10)
    canvas.clipPath(p, stroke=0, fill=0)
    canvas.rect(x, y, 20, 20, stroke=0, fill=1)
    canvas.restoreState()


def _svg_pages(copied: bool) -> list[tuple]:
    """Two pages (each its shared definitions) of two drawings each, every
    written-once drawing drawn three times in each, in two places; what
    each drawing writes, says and sets smallest."""
    fonts = register_fonts()
    card, clipped = (R.written_once(_card), R.written_once(_clipped)) if copied \
        else (_card, _clipped)
    out = []
    for page in range(2):
        defs = SharedDefs()
        if page:
            defs.count = 7          # this page's ids are not the first's
        for drawing in range(2):
            c = SVGCanvas(200, 100, shared=defs, compact=True)
            c.scale(1.5, 1.5)
            for label in ("A", "small", "A"):
                card(c, fonts, label, 10 + 40 * drawing, 20)
                clipped(c, 5, 5)
            out.append((c.inline("x"), tuple(c.words), c.smallest, defs.svg()))
    return out


def test_a_drawing_written_once_is_copied_on_an_svg_canvas_as_drawn_afresh():
    svgcanvas._WRITTEN.clear()
    afresh, copied = _svg_pages(False), _svg_pages(True)
    assert copied == afresh
    # the copies place the page's own form, and the second page numbers it anew
    assert 'href="#sform1"' in afresh[0][0] and 'href="#sform8"' in afresh[2][0]
    assert afresh[0][1] == ("A", "small", "A") and afresh[0][2] == 6 * 1.5
    kept = list(svgcanvas._WRITTEN.values())
    assert any(v is None for v in kept)                     # the clipped one: drawn afresh
    assert any(v is not None and v.uses for v in kept)      # a card, its emblem's use
