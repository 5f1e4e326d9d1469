"""A deck's own fonts: TrueType files of its folder named in the layout,
checked by fontTools, embedded as subsets; a broken one is one line."""
from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from herald.generator.deck.build import Options, build
from herald.generator.errors import InputError
from herald.generator.render.fonts import font_file
from pypdf import PdfReader

LAYOUT = """\
size: poker
fonts:
  story: fonts/Story.ttf
  story-bold: fonts/Story-Bold.ttf
layouts:
  card:
    elements:
      - {type: text, text: "{{ name }} **{{ name }}**", font: story, x: 5mm, y: 5mm,
         width: 50mm, height: 20mm}
      - {type: text, text: "{{ name }}", x: 5mm, y: 40mm, width: 50mm, height: 20mm}
"""


def _renamed(source: Path, family: str) -> bytes:
    """Herald's own font under another family name: a font of the designer's."""
    from fontTools.ttLib import TTFont
    font = TTFont(str(source))
    for record in font["name"].names:
        if record.nameID in (1, 4, 6, 16):
            record.string = family
    out = io.BytesIO()
    font.save(out)
    return out.getvalue()


def _deck(folder: Path, layout: str = LAYOUT) -> Path:
    (folder / "fonts").mkdir(parents=True)
    (folder / "layout.yaml").write_text(layout)
    (folder / "cards.csv").write_text("name\nLantern\n")
    (folder / "fonts" / "Story.ttf").write_bytes(_renamed(font_file("Cinzel"), "StoryFace"))
    (folder / "fonts" / "Story-Bold.ttf").write_bytes(
        _renamed(font_file("Cinzel-Bold"), "StoryFaceBold"))
    return folder


def _build(folder: Path, out: Path) -> Path:
    paths = build(folder, out, "all", Options(images=False), lambda m: None)
    return next(p for p in paths if p.name.endswith("printshop.pdf"))


def _fonts(pdf: Path) -> set[str]:
    names = set()
    for page in PdfReader(str(pdf)).pages[:1]:
        resources = page["/Resources"]
        stack = [resources]
        while stack:
            res = stack.pop().get_object()
            for font in (res.get("/Font") or {}).values():
                font = font.get_object()
                names.add(str(font["/BaseFont"]))
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"] \
                    if "/DescendantFonts" in font else font.get("/FontDescriptor")
                if descriptor is not None:
                    assert "/FontFile2" in descriptor.get_object(), font["/BaseFont"]
            for xobject in (res.get("/XObject") or {}).values():
                xobject = xobject.get_object()
                if "/Resources" in xobject:
                    stack.append(xobject["/Resources"])
    return names


def test_a_decks_own_font_is_embedded_with_its_bold(tmp_path):
    folder = _deck(tmp_path / "deck")
    pdf = _build(folder, tmp_path / "out")
    names = _fonts(pdf)
    # embedded subsets (FontFile2, checked in _fonts), by their PostScript names
    assert any(n.endswith("+StoryFace") for n in names), names
    assert any(n.endswith("+StoryFaceBold") for n in names), names   # **bold** in its bold
    assert any("Garamond" in n for n in names), names                # Herald's own beside it
    assert "LANTERN" in (PdfReader(str(pdf)).pages[0].extract_text() or "").upper()
    again = _build(folder, tmp_path / "again")
    assert again.read_bytes() == pdf.read_bytes()


def _refused(folder: Path, tmp_path: Path) -> str:
    with pytest.raises(InputError) as e:
        build(folder, tmp_path / "out", "all", Options(images=False), lambda m: None)
    assert not (tmp_path / "out").exists()
    message = str(e.value)
    assert "\n" not in message
    return message


def test_a_damaged_font_is_one_line_naming_the_layout_line(tmp_path):
    folder = _deck(tmp_path / "deck")
    good = (folder / "fonts" / "Story.ttf").read_bytes()
    (folder / "fonts" / "Story.ttf").write_bytes(good[:len(good) // 3])
    message = _refused(folder, tmp_path)
    assert "layout.yaml:3: fonts.story: fonts/Story.ttf: not a readable" in message


def test_a_font_that_is_not_a_font_or_not_ttf_is_refused(tmp_path):
    folder = _deck(tmp_path / "deck")
    (folder / "fonts" / "Story.ttf").write_text("hello")
    assert "not a readable TrueType or OpenType font" in _refused(folder, tmp_path)
    layout = folder / "layout.yaml"
    layout.write_text(LAYOUT.replace("fonts/Story.ttf", "fonts/Story.woff"))
    assert "a font is a .ttf or .otf file" in _refused(folder, tmp_path)


def test_postscript_outlines_are_converted_and_restricted_licences_refused(tmp_path):
    from fontTools.fontBuilder import FontBuilder
    from fontTools.pens.t2CharStringPen import T2CharStringPen
    from fontTools.ttLib import TTFont
    folder = _deck(tmp_path / "deck")
    fb = FontBuilder(1000, isTTF=False)
    fb.setupGlyphOrder([".notdef", "A"])
    fb.setupCharacterMap({65: "A"})
    pen = T2CharStringPen(500, None)
    pen.moveTo((0, 0))
    pen.lineTo((500, 0))
    pen.lineTo((250, 700))
    pen.closePath()
    charstrings = {".notdef": pen.getCharString(), "A": pen.getCharString()}
    fb.setupCFF("Story", {"FullName": "Story"}, charstrings, {})
    fb.setupHorizontalMetrics({".notdef": (500, 0), "A": (500, 0)})
    fb.setupHorizontalHeader(ascent=800, descent=-200)
    fb.setupNameTable({"familyName": "Story", "styleName": "Regular"})
    fb.setupOS2()
    fb.setupPost()
    fb.save(str(folder / "fonts" / "Story.otf"))
    (folder / "layout.yaml").write_text(LAYOUT.replace("fonts/Story.ttf", "fonts/Story.otf"))
    (folder / "cards.csv").write_text("name\nA\n")          # the one glyph it draws
    pdf = _build(folder, tmp_path / "cff")
    assert any(n.endswith("+Story") for n in _fonts(pdf))   # embedded as TrueType
    assert _build(folder, tmp_path / "cff2").read_bytes() == pdf.read_bytes()
    (folder / "layout.yaml").write_text(LAYOUT)
    (folder / "cards.csv").write_text("name\nLantern\n")
    font = TTFont(io.BytesIO(_renamed(font_file("Cinzel"), "StoryFace")))
    font["OS/2"].fsType = 0x0002
    font.save(str(folder / "fonts" / "Story.ttf"))
    assert "licence forbids embedding" in _refused(folder, tmp_path)


def test_an_unknown_font_name_and_a_font_outside_the_folder(tmp_path):
    folder = _deck(tmp_path / "deck")
    (folder / "layout.yaml").write_text(LAYOUT.replace("font: story,", "font: stroy,"))
    message = _refused(folder, tmp_path)
    assert "layout.yaml:8: layouts.card.elements.1.font: unknown font 'stroy'" in message
    assert "story-bold" in message
    os.symlink(font_file("Garamond"), folder / "fonts" / "Outside.ttf")
    (folder / "layout.yaml").write_text(LAYOUT.replace("fonts/Story.ttf", "fonts/Outside.ttf"))
    assert "leading out of the folder" in _refused(folder, tmp_path)


def test_a_character_the_decks_font_lacks_is_one_line(tmp_path):
    folder = _deck(tmp_path / "deck")
    (folder / "cards.csv").write_text("name\nДом\n")      # Cinzel: Latin only
    message = _refused(folder, tmp_path)
    assert "cards.csv:2" in message and "no glyph" in message
