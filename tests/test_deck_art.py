"""Art as designers receive it: JPEG and WebP pictures, and SVG with text
(set in Herald's fonts, embedded), read under the folder rule and the size
bounds every picture has."""
from __future__ import annotations

import io
import os
from pathlib import Path

import pytest
from herald.generator.deck import images
from herald.generator.deck.build import Options, build
from herald.generator.errors import InputError
from herald.generator.render.raster import render_pages
from pypdf import PdfReader

LAYOUT = """\
size: 60x90 mm
layouts:
  card:
    elements:
      - {type: image, src: "{{ art }}", x: 5mm, y: 5mm, width: 20mm, height: 20mm,
         fit: stretch}
      - {type: text, text: "{{ name }}", x: 5mm, y: 60mm, width: 50mm, height: 20mm}
"""


def _deck(folder: Path, cards: str) -> Path:
    folder.mkdir(parents=True)
    (folder / "layout.yaml").write_text(LAYOUT)
    (folder / "cards.csv").write_text(cards)
    return folder


def _save(path: Path, colour, fmt: str, size=(40, 40), **kw) -> None:
    from PIL import Image
    Image.new("RGB", size, colour).save(path, format=fmt, **kw)


def _printshop(folder: Path, out: Path) -> Path:
    paths = build(folder, out, "all", Options(images=False), lambda m: None)
    return next(p for p in paths if p.name.endswith("printshop.pdf"))


def _centre_of_art(pdf: Path, page: int):
    (image,) = render_pages(pdf, [page], dpi=72)
    return image.convert("RGB").getpixel((round((15 + 3) / 25.4 * 72),
                                          round((15 + 3) / 25.4 * 72)))


def _near(colour, expected, tolerance=24) -> bool:
    return all(abs(a - b) <= tolerance for a, b in zip(colour, expected))


def test_jpeg_and_webp_art_is_drawn(tmp_path):
    folder = _deck(tmp_path / "deck", "name,art\nEmber,ember.jpg\nTide,tide.webp\n"
                                      "Moss,moss.JPEG\n")
    _save(folder / "ember.jpg", (220, 20, 20), "JPEG", quality=95)
    _save(folder / "tide.webp", (20, 20, 220), "WEBP", lossless=True)
    _save(folder / "moss.JPEG", (20, 200, 20), "JPEG", quality=95)
    pdf = _printshop(folder, tmp_path / "out")
    assert _near(_centre_of_art(pdf, 0), (220, 20, 20))
    assert _near(_centre_of_art(pdf, 1), (20, 20, 220))
    assert _near(_centre_of_art(pdf, 2), (20, 200, 20))
    # the same files give the same bytes
    again = _printshop(folder, tmp_path / "again")
    assert again.read_bytes() == pdf.read_bytes()


def test_a_jpeg_turned_by_its_exif_is_drawn_upright(tmp_path):
    from PIL import Image
    path = tmp_path / "photo.jpg"
    exif = Image.Exif()
    exif[0x0112] = 6                       # "rotate 90° clockwise to view"
    Image.new("RGB", (40, 20), (0, 0, 0)).save(path, exif=exif.tobytes())
    picture = images.load(path, "cards.csv:2: art")
    assert (picture.width, picture.height) == (20, 40)


@pytest.mark.parametrize("name, fmt, words", [
    ("fake.jpg", "PNG", "fake.jpg: not a readable JPEG image"),
    ("fake.webp", "JPEG", "fake.webp: not a readable WEBP image"),
])
def test_a_picture_whose_bytes_are_not_its_name_is_one_line(tmp_path, name, fmt, words):
    _save(tmp_path / name, (1, 2, 3), fmt)
    with pytest.raises(InputError) as e:
        images.load(tmp_path / name, "cards.csv:2: art")
    assert str(e.value) == f"cards.csv:2: art: {words}"


def test_a_bitmap_beyond_the_pixel_bound_is_refused_before_decoding(tmp_path, monkeypatch):
    _save(tmp_path / "big.webp", (1, 2, 3), "WEBP", size=(200, 100))
    monkeypatch.setattr(images, "MAX_PIXELS", 10_000)
    with pytest.raises(InputError) as e:
        images.load(tmp_path / "big.webp", "art")
    assert "big.webp: more than 0 megapixels" in str(e.value)
    monkeypatch.setattr(images, "MAX_BYTES", 10)
    _save(tmp_path / "heavy.jpg", (1, 2, 3), "JPEG")
    with pytest.raises(InputError) as e:
        images.load(tmp_path / "heavy.jpg", "art")
    assert "heavy.jpg: larger than" in str(e.value)


def test_a_jpeg_linked_from_outside_the_folder_is_refused(tmp_path):
    folder = _deck(tmp_path / "deck", "name,art\nEmber,ember.jpg\n")
    _save(tmp_path / "secret.jpg", (1, 2, 3), "JPEG")
    os.symlink(tmp_path / "secret.jpg", folder / "ember.jpg")
    with pytest.raises(InputError) as e:
        build(folder, tmp_path / "out", "all", Options(images=False), lambda m: None)
    assert "leading out of the folder" in str(e.value)
    assert not (tmp_path / "out").exists()


SVG_TEXT = ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 60" width="100" '
            'height="60"><rect width="100" height="60" fill="#ffee88"/>'
            '<text x="5" y="25" font-family="Inter, sans-serif" font-weight="bold" '
            'font-size="16">Zephyr</text>'
            '<text x="5" y="50" font-size="12">plain <tspan font-style="italic">'
            'slanted</tspan></text>'
            '<text x="50" y="50" font-family="Cinzel" font-size="9">{word}</text></svg>')


def test_svg_text_is_set_in_heralds_fonts_and_embedded(tmp_path):
    folder = _deck(tmp_path / "deck", "name,art\nEmber,banner.svg\n")
    (folder / "banner.svg").write_text(SVG_TEXT.format(word="Crown"))
    pdf = _printshop(folder, tmp_path / "out")
    text = PdfReader(str(pdf)).pages[0].extract_text() or ""
    assert "Zephyr" in text and "slanted" in text and "Crown" in text
    data = pdf.read_bytes()
    assert b"/Helvetica" not in data                  # no unembedded standard font
    for font in (b"Garamond-Bold", b"Garamond-Italic", b"Cinzel"):
        assert font in data, font
    assert b"/FontFile2" in data                       # embedded (TrueType subsets)


def test_svg_family_weight_and_style_choose_the_face():
    assert images.herald_font("Inter", "bold") == "Garamond-Bold"
    assert images.herald_font("Inter", "600") == "Garamond-SemiBold"
    assert images.herald_font("serif", "normal", "italic") == "Garamond-Italic"
    assert images.herald_font("'Cinzel Decorative'", "700") == "Cinzel-Bold"
    assert images.herald_font("Arial") == "Garamond"


def test_svg_text_with_a_character_no_font_has_is_one_line(tmp_path):
    folder = _deck(tmp_path / "deck", "name,art\nEmber,banner.svg\n")
    (folder / "banner.svg").write_text(SVG_TEXT.format(word="\u2603"))
    with pytest.raises(InputError) as e:
        build(folder, tmp_path / "out", "all", Options(images=False), lambda m: None)
    message = str(e.value)
    assert "banner.svg:" in message and "\n" not in message
    assert not (tmp_path / "out").exists()


def test_svg_text_on_a_path_is_still_refused(tmp_path):
    path = tmp_path / "curve.svg"
    path.write_text('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" '
                    'height="10"><path id="p" d="M0 5 L10 5"/><text><textPath href="#p">hi'
                    '</textPath></text></svg>')
    with pytest.raises(InputError) as e:
        images.load(path, "art")
    assert "holds text on a path or flowed text" in str(e.value)


def test_pictures_are_bitmaps_or_svg_only(tmp_path):
    (tmp_path / "art.gif").write_bytes(io.BytesIO(b"GIF89a").getvalue())
    with pytest.raises(InputError) as e:
        images.load(tmp_path / "art.gif", "art")
    assert "a picture is an .svg, .png, .jpg or .webp file" in str(e.value)
