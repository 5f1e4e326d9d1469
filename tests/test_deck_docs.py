"""The deck pages' samples, run: docs/designers.md's commands, its layout
file, its fonts, its export and its error message, each from the page as it
is written (a sample edited in the page is the sample tested), with the few
files a sample names but does not show (the card list, the art) made here."""
from __future__ import annotations

import re
import shlex
import shutil
from pathlib import Path

import pytest
from conftest import watch_once
from herald.generator.deck.scaffold import new_deck
from in_process import run_herald
from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "designers.md"


def blocks(path: Path) -> list[tuple[int, str, str]]:
    """(line, language, text) of every fenced block of ``path``, indented ones too."""
    out, current = [], None
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        fence = re.match(r"^(\s*)```(\w*)\s*$", line)
        if fence and current is None:
            current = (number, fence.group(2), len(fence.group(1)), [])
        elif fence and current is not None:
            start, language, indent, lines = current
            out.append((start, language, "\n".join(x[indent:] for x in lines) + "\n"))
            current = None
        elif current is not None:
            current[3].append(line)
    return out


def block(language: str, holding: str) -> str:
    """The one block of the page in ``language`` that holds ``holding``."""
    found = [text for _, lang, text in blocks(PAGE) if lang == language and holding in text]
    assert len(found) == 1, (holding, len(found))
    return found[0]


def test_the_page_has_the_samples_this_file_runs():
    languages = [lang for _, lang, _ in blocks(PAGE)]
    assert languages.count("yaml") >= 3 and "sh" in languages


def test_the_quick_start_commands_run_and_write_what_they_say(tmp_path):
    sample = block("sh", "herald new deck mydeck")
    commands = [line.split("#")[0].strip() for line in sample.splitlines() if line.strip()]
    assert commands[0] == "herald new deck mydeck"
    for command in commands:
        argv = shlex.split(command)
        assert argv[0] == "herald"
        if "--watch" in argv:
            watch_once(argv[1:], tmp_path, tmp_path / "mydeck")
            continue
        code, out, err = run_herald(*argv[1:], cwd=tmp_path)
        assert code == 0, err
    # "output/mydeck/en/: sheets, print-shop file, PNG, TTS"
    built = tmp_path / "output" / "mydeck" / "en"
    assert (built / "mydeck-cards-a4.pdf").is_file()
    assert (built / "mydeck-cards-printshop.pdf").is_file()
    assert any((built / "png").glob("*.png")) and any((built / "tts").glob("*.png"))
    assert {"cards.csv", "layout.yaml", "README.md"} <= {p.name for p in
                                                        (tmp_path / "mydeck").iterdir()}
    assert (tmp_path / "mydeck" / "icons" / "star.svg").is_file()


# the files the layout sample names without showing them
LAYOUT_CARDS = """\
name,family,layout,text,count
Kelp Warden,tide,creature,Guards the shallows.,2
Reef Queen,reef,legend,Rules the reef.,1
"""


def _art(colour: str) -> str:
    return ('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" '
            f'height="10"><rect width="10" height="10" fill="{colour}"/></svg>')


def test_the_layout_sample_builds_with_its_own_back_and_changed_title(tmp_path):
    from herald.generator.render.raster import render_pages
    folder = tmp_path / "tidepool"
    (folder / "art").mkdir(parents=True)
    (folder / "layout.yaml").write_text(block("yaml", "layouts:\n  creature:"))
    (folder / "base.yaml").write_text("lang: en\n")     # "another layout file of the folder"
    (folder / "cards.csv").write_text(LAYOUT_CARDS)
    for name, colour in (("tide", "#2e6fa8"), ("reef", "#b0413e"), ("back", "#00ff00")):
        (folder / "art" / f"{name}.svg").write_text(_art(colour))
    code, _, err = run_herald("cards", "--deck", folder, "--out", tmp_path / "out",
                              cwd=tmp_path)
    assert code == 0, err
    shop = tmp_path / "out" / "tidepool" / "en" / "tidepool-cards-printshop.pdf"
    reader = PdfReader(str(shop))
    assert len(reader.pages) == 2 * 3
    assert "REEF QUEEN" in (reader.pages[2].extract_text() or "").upper()
    backs = render_pages(shop, [3, 5], dpi=20)
    middle = (backs[0].width // 2, backs[0].height // 2)
    assert backs[0].getpixel(middle)[:3] == (0, 255, 0)             # the deck's back: art
    assert backs[1].getpixel(middle)[:3] == (0x3b, 0x2d, 0x4f)      # the legends' own


def test_the_fonts_sample_embeds_the_decks_fonts(tmp_path):
    from herald.generator.render.fonts import font_file
    sample = block("yaml", "fonts:\n  story:")
    folder = tmp_path / "mydeck"
    new_deck(folder)
    (folder / "fonts").mkdir()
    for name in re.findall(r"fonts/([\w-]+\.ttf)", sample):
        source = "Cinzel-Bold" if "Bold" in name else "Cinzel"
        shutil.copy(font_file(source), folder / "fonts" / name)
    layout = folder / "layout.yaml"
    text = layout.read_text().replace('text: "{{ text }}", size: 10',
                                      'text: "{{ text }}", font: story, size: 10')
    layout.write_text(sample + text)
    code, _, err = run_herald("cards", "--deck", folder, "--out", tmp_path / "out",
                              cwd=tmp_path)
    assert code == 0, err


def test_the_export_sample_writes_its_images_and_sheets(tmp_path):
    from PIL import Image
    folder = tmp_path / "mydeck"
    new_deck(folder)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text() + block("yaml", "export:\n  dpi:"))
    code, _, err = run_herald("cards", "--deck", folder, "--out", tmp_path / "out",
                              cwd=tmp_path)
    assert code == 0, err
    built = tmp_path / "out" / "mydeck" / "en"
    with Image.open(built / "export" / "dawn.png") as image:
        assert image.size == (375, 525) and image.getpixel((0, 0))[3] == 0
    with Image.open(built / "export" / "hand.png") as hand:
        assert 1.5 * 375 < hand.width < 3 * 375      # three cards overlapping in a fan
    # "at most 2 x 3": 9 cards are two pages of fronts, each with its backs, after the cover
    assert len(PdfReader(str(built / "mydeck-cards-a4.pdf")).pages) == 2 + 2 * 2


def test_the_error_sample_is_what_herald_says(tmp_path):
    sample = block("", "herald: error:").strip()
    folder = tmp_path / "mydeck"
    new_deck(folder)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace('text: "{{ name }}"', 'text: "{{ nmae }}"'))
    code, _, err = run_herald("cards", "--deck", "mydeck", cwd=tmp_path)
    assert code == 2
    assert err.strip() == sample
    assert not (tmp_path / "output").exists()


@pytest.mark.parametrize("size, dpi, refused", [("250x250 mm", 640, False),
                                                ("250x250 mm", 650, True)])
def test_the_export_limit_the_page_quotes(tmp_path, size, dpi, refused):
    """"a 250 x 250 mm card: up to 640 dpi"."""
    assert "(a 250 × 250 mm card: up to 640 dpi)" in " ".join(PAGE.read_text().split())
    from herald.generator.deck.export import plan
    from herald.generator.deck.faces import load_deck
    from herald.generator.errors import InputError
    folder = tmp_path / "big"
    new_deck(folder)
    layout = folder / "layout.yaml"
    layout.write_text(layout.read_text().replace("size: poker", f"size: {size}")
                      + f"export: {{dpi: {dpi}}}\n")
    deck = load_deck(folder)
    if refused:
        with pytest.raises(InputError, match="million pixels a card"):
            plan(deck.layout, [])
    else:
        assert plan(deck.layout, []).dpi == dpi
