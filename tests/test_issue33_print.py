"""Issue 33, print: measured on the documents the session builds.

* Running heads and folios ended 3.8 mm from the top and 5.1 mm from the
  bottom of the rules: every letter of every rules booklet, quick reference
  and checklist (and the compendium's first pages), A4 and Letter, lies at
  least 6 mm from each edge of the paper.
* Every subset carried the tag "AAAAAA+": across the whole kit, a tag names
  one font subset only (a print shop merging two files meets no clash), and
  no file holds a tag twice.
* Coloured type under 9 pt printed on three or four plates: the Lenormand
  deck's too (Oriflamme's and Asèt's are in test_printshop_cmyk) is on two
  plates at most.
"""
from __future__ import annotations

import hashlib
from collections import defaultdict

import pypdf
import pypdfium2
import pytest
from conftest import KIT_LOCALES, KIT_PAPERS, KIT_TRANSLATED, herald_games

MM = 72 / 25.4
EDGE = 6.0                  # mm: what home printers leave unprinted is at most 6.35 mm;
                            # the issue asks 6, the kit keeps 6.5


def _least_distance(path, pages=None) -> tuple[float, int, str]:
    """The least distance in mm from any edge of the paper to a printed
    letter's box, with its page and the letter."""
    pdf = pypdfium2.PdfDocument(str(path))
    least = (float("inf"), 0, "")
    try:
        for index in range(len(pdf) if pages is None else min(pages, len(pdf))):
            page = pdf[index]
            width, height = page.get_size()
            text = page.get_textpage()
            for k in range(text.count_chars()):
                char = text.get_text_range(k, 1)
                if not char.strip():
                    continue
                left, bottom, right, top = text.get_charbox(k)
                d = min(left, bottom, width - right, height - top) / MM
                if d < least[0]:
                    least = (d, index + 1, char)
    finally:
        pdf.close()
    return least


CASES = [(g, loc, paper) for g in herald_games() for loc in KIT_LOCALES for paper in KIT_PAPERS] \
    + [(g, loc, "a4") for g in herald_games() for loc in KIT_TRANSLATED]


@pytest.mark.parametrize("game,locale,paper", CASES)
def test_no_letter_within_6_mm_of_the_papers_edge(rules_kit, game, locale, paper):
    folder = rules_kit / game / locale
    documents = sorted(folder.glob(f"*-{paper}.pdf"))
    kinds = {d.name.removeprefix(f"{game}-").split("-")[0] for d in documents}
    assert {"rules", "reference", "checklist", "examples"} <= kinds, kinds
    for document in documents:
        # the compendium shares the booklet's page: its first pages suffice
        pages = 6 if "-examples-" in document.name else None
        distance, page, char = _least_distance(document, pages)
        assert distance >= EDGE, (document.name, page, char, round(distance, 2))


def test_the_measure_sees_a_folio_too_low(tmp_path):
    from reportlab.lib.pagesizes import A4
    from reportlab.pdfgen.canvas import Canvas
    path = tmp_path / "folio.pdf"
    canvas = Canvas(str(path), pagesize=A4)
    canvas.setFont("Helvetica", 9)
    canvas.drawCentredString(A4[0] / 2, 5.1 * MM, "Page 2")
    canvas.save()
    distance, page, _ = _least_distance(path)
    assert page == 1 and 3.5 < distance < EDGE      # "g" descends below the baseline


def _subsets(path):
    """(tag, font name, digest of the embedded font program) of each subset."""
    out = []
    seen = set()
    for page in pypdf.PdfReader(str(path)).pages:
        fonts = (page.get("/Resources") or {}).get("/Font") or {}
        for ref in fonts.values():
            font = ref.get_object()
            name = str(font.get("/BaseFont", ""))
            if "+" not in name or id(font) in seen:
                continue
            seen.add(id(font))
            descriptor = font.get("/FontDescriptor")
            if descriptor is None:            # a Type0 font: its descendant's
                descriptor = font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
            program = descriptor.get_object().get("/FontFile2")
            digest = hashlib.sha256(program.get_object().get_data()).hexdigest() \
                if program is not None else ""
            tag, _, base = name.lstrip("/").partition("+")
            out.append((tag, base, digest))
    return out


def test_a_subset_tag_names_one_subset_across_the_kit(whole_kit):
    kit, _ = whole_kit
    documents = sorted(kit.glob("**/*.pdf"))
    assert len(documents) > 80
    programs: dict[tuple[str, str], set[str]] = defaultdict(set)
    for document in documents:
        subsets = _subsets(document)
        assert subsets, document
        tags = [tag for tag, _, _ in subsets]
        assert len(tags) == len(set(tags)), (document.name, sorted(tags))
        assert "AAAAAA" not in tags and "AAAAAB" not in tags, document.name
        for tag, base, digest in subsets:
            programs[(tag, base)].add(digest)
    clashes = {k: len(v) for k, v in programs.items() if len(v) > 1}
    assert not clashes, clashes
    assert len(programs) > 20


def test_lenormand_small_type_prints_on_two_plates_at_most(tmp_path):
    from herald.generator.database import database_path, load_database
    from herald.generator.kits import kit
    from herald.generator.render.imposition import write_printshop
    from test_printshop_cmyk import _small_type_plates, _streams
    db = load_database(database_path("lenormand"))
    cards = kit("lenormand").print_cards(db, "en")
    path = tmp_path / "printshop.pdf"
    write_printshop(path, cards, title="lenormand", lang="en", color="cmyk")
    small = _small_type_plates(_streams(pypdf.PdfReader(path)))
    assert len(small) >= 20
    assert [f for _, f in small if f != (0, 0, 0, 1)], "no coloured small type seen"
    for size, fill in small:
        assert sum(v > 0 for v in fill) <= 2, (size, fill)


@pytest.mark.parametrize("game,locale,paper", CASES)
def test_no_inner_page_of_a_rules_booklet_is_left_mostly_empty(rules_kit, text_runs, game, locale,
                                                              paper):
    """Issue 33: Oriflamme's pp. 4 and 6 were a third empty; keeping each
    example whole then left pages 8 % and 17 % full (German p. 8, English
    p. 16): an example that fits a left-hand page and the one facing it
    starts where the text ends (render/booklet.py, KeepOnSpread). Every page
    between the cover and the last is a fifth full or more, as the last page
    is (its text: a page of diagrams counts less than it holds). An example
    that begins on a right-hand page and does not fit what is left of it
    still goes whole to the next page (Asèt on Letter, p. 7: 26 %)."""
    from test_booklets import page_fill
    pages = text_runs(rules_kit / game / locale / f"{game}-rules-{paper}.pdf")
    fills = [page_fill(page) for page in pages[1:-1]]
    assert min(fills) >= 0.2, [(n + 2, round(f, 2)) for n, f in enumerate(fills) if f < 0.2]


@pytest.mark.parametrize("game,paper", [("oriflamme", "a4"), ("oriflamme", "letter"),
                                        ("lenormand", "a4")])
def test_every_sheet_of_the_other_decks_prints_its_bleed_on_every_edge(tmp_path, game, paper):
    """"Bleed on every edge of every sheet": test_sheet_bleed measures Asèt's
    sheets (both papers) and Lenormand's small sizes on Letter; the same
    measure here for Oriflamme's deck on both papers and Lenormand's tarot
    cards on A4: every card's bleed painted beyond each trim line, every cut
    line marked on every side of the block, nothing in the printer's margin."""
    from herald.generator.database import database_path, load_database
    from herald.generator.kits import kit
    from herald.generator.render.imposition import fit_bleed, write_sheets
    from reportlab.lib.units import mm
    from test_sheet_bleed import check_sheets
    cards = kit(game).print_cards(load_database(database_path(game)), "en")
    pdf = tmp_path / f"{game}-{paper}.pdf"
    write_sheets(pdf, cards, paper, "duplex-long", fit_bleed(paper, 3 * mm),
                 cover=lambda *args: None)
    assert check_sheets(pdf, cards, paper) == len(cards) * 2 * 12
