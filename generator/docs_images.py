"""The documentation's pictures, drawn by the current code::

    python -m herald.generator.docs_images [FOLDER]     (default: docs/images)

Every picture in ``docs/images/`` is a page Herald prints, rasterized from
the very PDF a command writes (the same PDFium rendering as ``herald cards``'
PNGs): a card's face and back per game at print size, a page of each rules
booklet holding a worked example's diagram, each quick reference, a diagram
alone, a home sheet and the calibration sheet, and the first page of each
rulings table (in the compendium of worked examples). ``tests/test_docs_images.py``
draws them again and fails when a committed picture no longer matches.

A contributor's command, not a player's: it is not a ``herald`` subcommand
(the command pages list exactly what players run). The same code gives the
same pixels: the date printed on a page is pinned (``SOURCE_DATE_EPOCH``) and
the PNG files carry no time stamp, only their resolution.
"""
from __future__ import annotations

import io
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pypdfium2
from PIL import Image

from .database import database_path, load_database
from .examples import builtin_examples, load_example
from .fileio import write_atomic
from .kits import kit
from .render.geometry import PRINTSHOP_BLEED
from .render.raster import POINTS_PER_INCH, render_pages

LOCALE = "en"
EPOCH = "1767225600"          # 2026-01-01: the date a cover would print
CARD_DPI = 192                # twice a screen's 96 px per inch: shown at 61 mm wide, sharp
PAGE_DPI = 120                # a whole A4 page: 992 x 1403 px, legible when enlarged
DEFAULT_FOLDER = Path("docs") / "images"

# What each game shows: the card (its print key), and the worked example whose
# page of the rules is pictured (the first page carrying its title).
SHOWN = {
    "oriflamme": ("blue-lord", "tie-break"),
    "aset": ("purple-witch", "combat-lowest-beats-highest"),
    "lenormand": ("11-whip", "run-of-three"),
}
DIAGRAM = ("resolution-example", 3)     # herald diagram resolution-example --step 3
# The demo deck of the designers' guide: these cards' faces side by side, then the back.
OWN_DECK = ("examples/decks/tidewrack", ("grey-seal", "coral-queen", "storm", "beachcombers"))
OWN_DECK_DPI = 150


@dataclass(frozen=True)
class Picture:
    name: str                 # file name in docs/images/
    alt: str                  # what it shows, for the pages' alt texts
    dpi: int


def pictures() -> list[Picture]:
    """Every picture, in the order they are drawn."""
    out = []
    for game in SHOWN:
        out += [Picture(f"{game}-card-face.png", f"a card face of {game}, at print size", CARD_DPI),
                Picture(f"{game}-card-back.png", f"a card back of {game}, at print size", CARD_DPI),
                Picture(f"{game}-rules-page.png", f"a page of the {game} rules with a worked "
                        "example", PAGE_DPI),
                Picture(f"{game}-rulings.png", f"the first page of the {game} rulings table",
                        PAGE_DPI),
                Picture(f"{game}-reference.png", f"the {game} quick reference", PAGE_DPI)]
    out += [Picture("diagram.png", "a diagram drawn by herald diagram", 150),
            Picture("home-sheet.png", "a home-printer sheet of cards with crop marks", PAGE_DPI),
            Picture("calibration.png", "the duplex calibration sheet", PAGE_DPI),
            Picture("own-deck.png", "four cards and the back of the demo deck "
                    "examples/decks/tidewrack", OWN_DECK_DPI)]
    return out


@contextmanager
def _pinned_date() -> Iterator[None]:
    before = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        yield
    finally:
        if before is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = before


def draw_all(tmp: Path) -> dict[str, Image.Image]:
    """Every picture by file name, built from PDFs written under ``tmp``."""
    from .cmd_rules import build_rules
    from .decks import build_deck
    from .documents import rules_text
    images: dict[str, Image.Image] = {}
    with _pinned_date():
        for game, (card_key, example_id) in SHOWN.items():
            face, back = _card(game, card_key, tmp)
            images[f"{game}-card-face.png"], images[f"{game}-card-back.png"] = face, back
            # the first three: rules, compendium, reference (a checklist follows)
            rules, compendium, reference = build_rules(game, LOCALE, paper="a4", out=tmp)[:3]
            page = _page_of(rules, _example_title(game, example_id))
            images[f"{game}-rules-page.png"] = render_pages(rules, [page], dpi=PAGE_DPI)[0]
            # the table with the reasons: the compendium's (the rules print the readings briefly)
            page = _page_of(compendium, " ".join(rules_text(game, LOCALE)["rulings_headers"]))
            images[f"{game}-rulings.png"] = render_pages(compendium, [page], dpi=PAGE_DPI)[0]
            images[f"{game}-reference.png"] = render_pages(reference, [0], dpi=PAGE_DPI)[0]
        images["diagram.png"] = _diagram()
        sheets, calibration, *_ = build_deck("oriflamme", LOCALE, paper="a4", backs="duplex-long",
                                            bleed_mm=3, back_offset_mm=(0, 0), out=tmp,
                                            images=False)
        # page 3: after the cover and its blank back, the first sheet of fronts
        images["home-sheet.png"] = render_pages(sheets, [2], dpi=PAGE_DPI)[0]
        images["calibration.png"] = render_pages(calibration, [0], dpi=PAGE_DPI)[0]
        images["own-deck.png"] = _own_deck(tmp)
    if set(images) != {p.name for p in pictures()}:
        raise RuntimeError("pictures() and draw_all() list different pictures")
    return images


def _card(game: str, key: str, tmp: Path) -> tuple[Image.Image, Image.Image]:
    """One card's face and back, cut at the trim (as a player holds it)."""
    from .render.imposition import write_printshop
    db = load_database(database_path(game))
    game_kit = kit(game)
    if game_kit.deck_database is not None:
        db = game_kit.deck_database(db, {})
    card = next(c for c in game_kit.print_cards(db, LOCALE) if c.key == key)
    path = tmp / f"{game}-card.pdf"
    write_printshop(path, [card], title=key, lang=LOCALE)
    bleed = round(PRINTSHOP_BLEED / POINTS_PER_INCH * CARD_DPI)
    face, back = (im.crop((bleed, bleed, im.width - bleed, im.height - bleed))
                  for im in render_pages(path, [0, 1], dpi=CARD_DPI))
    return face, back


def _own_deck(tmp: Path) -> Image.Image:
    """The demo deck's cards (faces, then the back), cut at the trim, in a row."""
    from .deck.faces import load_deck, print_cards
    from .render.imposition import write_printshop
    folder, keys = OWN_DECK       # in the repository, like docs/images (not installed)
    cards = print_cards(load_deck(Path(folder)), LOCALE, lambda message: None)
    chosen = [next(c for c in cards if c.key == key) for key in keys]
    path = tmp / "own-deck.pdf"
    write_printshop(path, chosen, title="own deck", lang=LOCALE)
    bleed = round(PRINTSHOP_BLEED / POINTS_PER_INCH * OWN_DECK_DPI)
    pages = render_pages(path, [*range(len(keys)), len(keys)], dpi=OWN_DECK_DPI)
    cut = [im.crop((bleed, bleed, im.width - bleed, im.height - bleed)) for im in pages]
    gap = 16
    row = Image.new("RGB", (sum(im.width for im in cut) + gap * (len(cut) - 1),
                            cut[0].height), "white")
    for i, im in enumerate(cut):
        row.paste(im, (i * (im.width + gap), 0))
    return row


def _example_title(game: str, example_id: str) -> str:
    for path in builtin_examples(game):
        if path.stem == example_id:
            return load_example(path).title(LOCALE)
    raise LookupError(f"{game}: no built-in example {example_id}")


def _page_of(pdf_path: Path, title: str) -> int:
    """The first page whose text holds ``title``, compared as words of letters
    and digits only: a title may wrap, and the booklet sets curly quotes and
    no-break spaces."""
    words = _letters(title)
    pdf = pypdfium2.PdfDocument(str(pdf_path))
    try:
        for index in range(len(pdf)):
            text = _letters(pdf[index].get_textpage().get_text_range())
            if any(text[i:i + len(words)] == words for i in range(len(text))):
                return index
    finally:
        pdf.close()
    raise LookupError(f"{pdf_path.name}: no page shows {title!r}")


def _letters(text: str) -> list[str]:
    return "".join(ch if ch.isalnum() else " " for ch in text).split()


def _diagram() -> Image.Image:
    from .cmd_diagram import find_example, render_diagram
    name, step = DIAGRAM
    data = render_diagram(find_example(name), step, "png", LOCALE, dpi=150)
    return Image.open(io.BytesIO(data)).convert("RGB")


def encode(image: Image.Image, dpi: int) -> bytes:
    """PNG bytes of a 256-colour palette, recording the resolution and
    nothing else that could vary. A full page in RGB is up to 340 KB (the
    anti-aliased text); in a palette it is a third of that. The octree
    keeps the thin coloured outlines that median cut greys out, and no
    dithering keeps flat colours flat."""
    palette = image.quantize(256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    buffer = io.BytesIO()
    palette.save(buffer, format="PNG", optimize=True, dpi=(dpi, dpi))
    return buffer.getvalue()


def write_all(folder: Path, progress: Callable[[str], None] = lambda _: None) -> list[Path]:
    """Draw every picture into ``folder``; return the files written."""
    by_name = {p.name: p for p in pictures()}
    with tempfile.TemporaryDirectory(prefix="herald-docs-images-") as tmp:
        images = draw_all(Path(tmp))
    written = []
    for name, image in images.items():
        path = Path(folder) / name
        write_atomic(path, encode(image, by_name[name].dpi))
        progress(f"{path}  {image.width} x {image.height}  {path.stat().st_size / 1024:,.0f} KiB")
        written.append(path)
    return written


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    if len(args) > 1 or (args and args[0].startswith("-")):
        print("usage: python -m herald.generator.docs_images [FOLDER]  (default: docs/images)",
              file=sys.stderr)
        sys.exit(2)
    write_all(Path(args[0]) if args else DEFAULT_FOLDER, progress=print)


if __name__ == "__main__":
    main()
