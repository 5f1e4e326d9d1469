"""A web page's drawings made smaller (generator/render/websvg.py): the
coordinates to a tenth of a point in the tags only, and each element the
page repeats defined once and placed with ``<use>``; what an edition asks
for again and again kept while it is written (render/web.py)."""
from __future__ import annotations

from herald.generator.render import web
from herald.generator.render.svgcanvas import SharedDefs
from herald.generator.render.websvg import coarse, share_repeats

FRAME = '<path d="M 10.123 20.456 L 30.789 40.111 L 50.5 60.25 Z" fill="#aa0000"/>'


def _drawing(*lines: str) -> str:
    body = "\n".join(f"    {line}" for line in lines)
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 50" width="133.333" '
            f'height="66.667" aria-hidden="true" focusable="false">\n'
            f'<g transform="matrix(1 0 0 -1 0 50)" '
            f"font-family=\"'EB Garamond', Garamond, serif\">\n{body}\n</g>\n</svg>")


def test_coarse_rounds_the_tags_numbers_and_leaves_the_words():
    svg = '<text x="12.345" y="-0.04" font-size="7.25">Move 1.234 to 5.678 &gt; 9.999</text>'
    assert coarse(svg) == ('<text x="12.3" y="0" font-size="7.2">'
                           'Move 1.234 to 5.678 &gt; 9.999</text>')
    # a number with one decimal or none is written as it was
    assert coarse('<rect x="1.5" y="2" width="10.05"/>') == '<rect x="1.5" y="2" width="10.1"/>'


def test_an_element_met_twice_is_defined_once_and_placed_where_it_recurs():
    words = '<text x="5" y="6" font-size="7">A card named 3.14159</text>'
    page = (f"<p>before</p>{_drawing(FRAME, '<circle cx=1 r=2/>')}<p>1.234 between</p>"
            f"{_drawing(words, FRAME)}")
    defs = SharedDefs()
    out = share_repeats(page, defs)
    shared = '<path id="r1" d="M 10.1 20.5 L 30.8 40.1 L 50.5 60.2 Z" fill="#aa0000"/>'
    assert defs.defs == [f"    {shared}"]
    assert out.count('<use href="#r1"/>') == 2 and "<path" not in out
    # short elements stay written out; the page's own words and the drawings'
    # words keep their numbers; the drawings lose their indentation, their
    # namespace and the default family the stylesheet gives them
    assert "\n<circle cx=1 r=2/>\n" in out
    assert "<p>1.234 between</p>" in out and "A card named 3.14159</text>" in out
    assert out.startswith('<p>before</p><svg viewBox="0 0 100 50"')
    assert "\n    " not in out and "xmlns" not in out and "EB Garamond" not in out


def test_an_element_with_an_id_or_in_a_drawings_own_defs_is_never_shared():
    clip = '<clipPath id="c1"><rect x="0" y="0" width="100.25" height="50.75"/></clipPath>'
    named = '<path id="own" d="M 1 2 L 3 4 L 5 6 L 7 8 L 9 10 Z" fill="#000"/>'
    one = _drawing(named, FRAME).replace("<g transform", f"<defs>{clip}</defs>\n<g transform", 1)
    defs = SharedDefs()
    out = share_repeats(one + one, defs)
    assert out.count(named) == 2 and out.count(clip.replace(".25", ".2").replace(".75", ".8")) == 2
    assert out.count('<use href="#r1"/>') == 2 and len(defs.defs) == 1


def test_a_forms_shapes_are_shared_with_the_drawings_and_pages_alike():
    def page() -> tuple[str, list[str]]:
        defs = SharedDefs()
        defs.defs[:] = ['    <g id="sform1">', f"      {FRAME}", "    </g>"]
        return share_repeats(_drawing(FRAME, '<use href="#sform1"/>'), defs), defs.defs

    first, first_defs = page()
    assert first_defs[1] == '      <use href="#r1"/>' and '<use href="#r1"/>' in first
    # what one page learnt of its lines changes nothing on the next
    assert page() == (first, first_defs)


def test_an_edition_makes_what_it_asks_again_once():
    made = []

    def make():
        made.append(1)
        return len(made)

    assert web.edition_cache("k", make) == 1 and web.edition_cache("k", make) == 2
    with web._one_edition():
        assert web.edition_cache("k", make) == 3 and web.edition_cache("k", make) == 3
        assert web.edition_cache("other", make) == 4
    with web._one_edition():          # the next edition makes its own
        assert web.edition_cache("k", make) == 5
