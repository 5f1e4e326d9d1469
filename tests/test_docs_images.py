"""The documentation's pictures (docs/images/) are what the code draws today.

They are drawn again into a temporary folder and compared with the
committed files pixel by pixel, decoded: a change of zlib or of Pillow's PNG
writer changes bytes, not pixels, and is no drift. A page whose text, art or
layout changed fails, and the fix is to run the command that draws them::

    python -m herald.generator.docs_images
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from conftest import SAMPLE_ENV
from herald.generator import docs_images
from PIL import Image, ImageChops

ROOT = Path(__file__).resolve().parents[1]
IMAGES = ROOT / "docs" / "images"
# browser screenshots of the web edition: shown, but not drawn by the command
# (their pixels change with Chromium's version, so none is compared)
SCREENSHOTS = ROOT / "docs" / "screenshots"
REDRAW = "python -m herald.generator.docs_images"


def _kit_documents(kit: Path):
    """``build_rules`` and ``build_deck`` as the drawing calls them, answered
    with the session's kit's files: ``herald build`` writes them with these
    very functions and arguments (English, A4, duplex-long backs, 3 mm bleed)
    on the date the pictures pin, and a rebuild gives the same bytes
    (test_rules, test_build); building them again is most of the drawing's time."""
    def rules(game, locale, *, paper, out):
        return [kit / game / locale / f"{game}-{kind}-{paper}.pdf"
                for kind in ("rules", "examples", "reference")]

    def deck(game, locale, *, paper, backs, bleed_mm, back_offset_mm, out, images):
        assert (backs, bleed_mm, back_offset_mm, images) == ("duplex-long", 3, (0, 0), False)
        folder = kit / game / locale
        return [folder / f"{game}-cards-{paper}.pdf", folder / f"{game}-calibration-{paper}.pdf",
                folder / f"{game}-cards-printshop.pdf"]
    return rules, deck


@pytest.fixture(scope="module")
def drawn(tmp_path_factory, whole_kit) -> dict[str, Path]:
    from herald.generator import cmd_rules, decks
    assert SAMPLE_ENV["SOURCE_DATE_EPOCH"] == docs_images.EPOCH    # the kit's date, the pictures'
    rules, deck = _kit_documents(whole_kit[0])
    folder = tmp_path_factory.mktemp("images")
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cmd_rules, "build_rules", rules)
        patch.setattr(decks, "build_deck", deck)
        return {p.name: p for p in docs_images.write_all(folder)}


def _pixels(path: Path) -> Image.Image:
    return Image.open(path).convert("RGB")


def test_the_committed_pictures_are_the_drawn_ones(drawn):
    committed = {p.name for p in IMAGES.glob("*.png")}
    assert committed == set(drawn), (
        f"docs/images/ holds {sorted(committed - set(drawn))} that nothing draws and lacks "
        f"{sorted(set(drawn) - committed)}: run {REDRAW} (and remove stale files)")


@pytest.mark.parametrize("picture", [p.name for p in docs_images.pictures()])
def test_picture_matches_what_the_code_draws(picture, drawn):
    committed, new = IMAGES / picture, drawn[picture]
    assert committed.is_file(), f"docs/images/{picture} is missing: run {REDRAW}"
    old, now = _pixels(committed), _pixels(new)
    assert old.size == now.size, (f"docs/images/{picture} is {old.size[0]} x {old.size[1]} px, "
                                  f"the code draws {now.size[0]} x {now.size[1]}: run {REDRAW}")
    box = ImageChops.difference(old, now).getbbox()
    assert box is None, (f"docs/images/{picture} differs from what the code draws in the "
                         f"pixels {box} (left, top, right, bottom): run {REDRAW} and look at it")


def _chunks(data: bytes) -> list[str]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    names, at = [], 8
    while at < len(data):
        length = int.from_bytes(data[at:at + 4], "big")
        names.append(data[at + 4:at + 8].decode("ascii"))
        at += 12 + length
    return names


def test_pictures_carry_no_time_or_text(drawn):
    """Only the image, its palette and its resolution: no time stamp, no
    text, so the same pixels make the same bytes (the pixel comparison above
    already shows the drawing itself prints no date that moves)."""
    for name, path in drawn.items():
        # iCCP: the sRGB profile every PNG of Herald carries (its date fixed)
        assert set(_chunks(path.read_bytes())) <= {"IHDR", "PLTE", "pHYs", "iCCP", "IDAT",
                                                   "IEND"}, name


def test_pictures_are_small_enough_for_a_repository():
    sizes = {p.name: p.stat().st_size for p in IMAGES.glob("*.png")}
    assert sizes
    too_big = {name: size for name, size in sizes.items() if size > 200 * 1024}
    assert not too_big, f"over 200 KB: {too_big}"
    assert sum(sizes.values()) < 3 * 1024 * 1024


def _shown(page: Path) -> list[Path]:
    """The pictures a Markdown page shows (Markdown images and <img> tags)."""
    text = page.read_text(encoding="utf-8")
    targets = re.findall(r"!\[[^\]]*\]\(([^)\s]+)", text) + \
        re.findall(r"<img [^>]*src=\"([^\"]+)\"", text)
    return [(page.parent / target).resolve() for target in targets]


def test_every_picture_is_shown_and_every_shown_picture_is_drawn():
    """Each picture appears in the README or a documentation page, and each
    picture they show exists and is one the command draws (and this test
    compares)."""
    pages = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    drawn = {p.name for p in docs_images.pictures()}
    shown = set()
    for page in pages:
        for path in _shown(page):
            assert path.is_file(), f"{page.relative_to(ROOT)} shows {path}, which is missing"
            if path.parent == SCREENSHOTS:
                assert path.stat().st_size < 200 * 1024, path
                continue
            assert path.parent == IMAGES and path.name in drawn, \
                f"{page.relative_to(ROOT)} shows {path}, which no command draws"
            shown.add(path.name)
    assert drawn <= shown, sorted(drawn - shown)


def test_the_readme_shows_what_each_game_prints():
    shown = {path.name for path in _shown(ROOT / "README.md")}
    for game in docs_images.SHOWN:
        for kind in ("card-face", "card-back", "rules-page", "reference"):
            assert f"{game}-{kind}.png" in shown
    assert "diagram.png" in shown
