"""The Lenormand duel in print: the rules sheet and the quick reference in fr
and en (text present, page counts, the attack table read from the database),
the deck at every size, marked and plain, and the generic deck options of
``herald cards``."""
from __future__ import annotations

from itertools import combinations

import pypdf
import pypdfium2
import pytest
from conftest import herald_here
from herald.engine.lenormand.options import INTERPRETATIONS, RULE_OPTIONS
from herald.generator.database import database_path, load_database
from herald.generator.documents import rules_text
from herald.generator.games.lenormand.booklet import attack_rows, line_example
from herald.generator.games.lenormand.faces import SIZES, face_layout, print_cards
from herald.generator.render.geometry import MIN_BLEED, PRINTER_MARGIN
from herald.generator.render.imposition import (
    MARK_MIN,
    fit_bleed,
    sheet_layout,
    write_printshop,
    write_sheets,
)
from herald.generator.render.text import typography
from reportlab.lib.units import mm

DB = load_database(database_path("lenormand"))
CIV, NAT = 0, 1


@pytest.fixture(scope="module")
def sheets(rules_kit):
    folder = rules_kit / "lenormand"
    return {loc: (folder / loc / "lenormand-rules-a4.pdf",
                  folder / loc / "lenormand-reference-a4.pdf") for loc in ("fr", "en")}


def _pages(path) -> list[str]:
    reader = pypdf.PdfReader(path)
    return [" ".join(p.extract_text().split()) for p in reader.pages]


def _printed(value: str, locale: str) -> str:
    """A text as typeset (typographic apostrophes, spaces normalised)."""
    return " ".join(typography(value, locale).split())


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_rules_sheet_text_and_pages(sheets, locale):
    rules, reference = sheets[locale]
    pages = _pages(rules)
    text = rules_text("lenormand", locale)
    whole = " ".join(pages)
    # the booklet, cover, contents, rules, worked examples and readings, takes
    # 8 to 16 pages
    sections = [s["title"] for s in text["sections"]]
    assert 8 <= len(pages) <= 16
    assert text["rulings_title"].upper() in pages[-1].upper()
    for title in sections:
        assert _printed(title, locale).upper() in whole.upper(), title
    # the attack table: every line of the database, with its amount
    for line in DB.duel.combinations:
        assert _printed(line.name[locale], locale) in whole, line.id
    # at least 12 worked examples, 004's among them, narrated from the event log
    from herald.generator.examples import builtin_examples, load_example
    shown = [load_example(p).title(locale) for p in builtin_examples("lenormand")]
    present = [t for t in shown if _printed(t, locale).upper()[:30] in whole.upper()]
    assert len(present) >= 12, set(shown) - set(present)
    sentence = {"en": "Adèle attacks nature with the 11 and the 12",
                "fr": "Adèle attaque la nature avec le 11 et le 12"}[locale]
    assert _printed(sentence, locale) in whole
    # every reading, option or settled point, in the readings table
    for option in (*RULE_OPTIONS, *INTERPRETATIONS):
        assert _printed(option.title[locale], locale)[:25] in whole, option.name
    # no engine word is printed
    for word in ("exchange_then_attack", "pair_one", "own_weapon", "other_supports"):
        assert word not in whole
    # the quick reference: one A4 page with the attack table
    ref = pypdf.PdfReader(reference)
    assert len(ref.pages) == 1
    box = ref.pages[0].mediabox
    assert (round(float(box.width) / mm), round(float(box.height) / mm)) == (210, 297)
    ref_text = _pages(reference)[0]
    assert _printed(text["reference_title"], locale) in ref_text
    assert all(_printed(line.name[locale], locale) in ref_text
               for line in DB.duel.combinations)


def test_attack_table_is_the_database_valued_by_the_engine():
    rows = {name: (civ, nat, amount) for name, civ, nat, amount in attack_rows(DB, "en")}
    assert rows["Both weapons"] == ("10 + 11", "10 + 11", "−3")
    assert rows["Both supports"] == ("4 + 6", "—", "−3")       # barred to nature
    assert rows["Your weapon and a card of your house"] == ("2 + 10", "1 + 11", "−2")
    assert rows["The other weapon and a card of your house"] == ("2 + 11", "1 + 10", "−1")
    assert rows["A sequence of three cards"] == ("1 + 2 + 3", "1 + 2 + 3", "−3")
    # a line added to the YAML (004's lost list, say) is in the table, with an
    # example the engine values
    lines = list(DB.duel.combinations)
    extra = lines[0].model_copy(update={"id": "stork_birds_child", "cards": [12, 13, 17],
                                        "amount": 4, "size": None,
                                        "name": {"fr": "Famille", "en": "Family"}})
    db = DB.model_copy(update={"duel": DB.duel.model_copy(
        update={"combinations": [extra, *lines]})})
    assert attack_rows(db, "en")[0] == ("Family", "12 + 13 + 17", "12 + 13 + 17", "−4")
    assert line_example(db, extra, NAT) == (12, 13, 17)


def _ink_in(path, page: int, box, page_h) -> int:
    """Dark pixels in ``box`` (x, y, w, h in points from the trim's lower left)
    of a print-shop page (3 mm of bleed around the trim)."""
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        scale = 4
        image = pdf[page].render(scale=scale).to_pil().convert("L")
    finally:
        pdf.close()
    bleed = 3 * mm
    x, y, w, h = box
    left, top = (x + bleed) * scale, (page_h - (y + h) - bleed) * scale
    crop = image.crop((int(left), int(top), int(left + w * scale), int(top + h * scale)))
    return sum(crop.histogram()[:200])


@pytest.mark.parametrize("size,trim", [("tarot", (61, 112)), ("poker", (63.5, 88.9)),   # 2.5x3.5 in
                                       ("bridge", (57, 89))])
def test_deck_sizes_and_marks(tmp_path, size, trim):
    marked = print_cards(DB, "en", size=size)
    plain = print_cards(DB, "en", size=size, plain=True)
    assert len(marked) == len(plain) == 36
    assert {(round(c.width / mm, 1), round(c.height / mm, 1)) for c in marked} == {trim}
    files = {}
    for name, cards in (("marked", marked), ("plain", plain)):
        files[name] = tmp_path / f"{name}.pdf"
        write_printshop(files[name], cards[9:11])         # the 10 and the 11 (weapons)
    reader = pypdf.PdfReader(files["plain"])
    assert len(reader.pages) == 4                        # two fronts, two backs
    trim_box = reader.pages[0].trimbox
    assert (round(float(trim_box.width) / mm, 1), round(float(trim_box.height) / mm, 1)) == trim
    layout = face_layout(marked[0].width, marked[0].height)
    page_h = marked[0].height + 6 * mm
    b = layout.marks
    box = (b.x + 1 * mm, b.y, b.w - 2 * mm, b.h)      # clear of the inset's frame
    assert _ink_in(files["marked"], 0, box, page_h) > 20       # house and weapon marks
    assert _ink_in(files["plain"], 0, box, page_h) == 0        # nothing there


@pytest.mark.parametrize("paper,size,grid", [("a4", "tarot", (3, 2)), ("a4", "poker", (2, 4)),
                                             ("a4", "bridge", (3, 3)),
                                             ("letter", "bridge", (2, 4))])   # a quarter turn
def test_home_sheets_at_every_size(tmp_path, paper, size, grid):
    """As many cards a page as fit, crop marks inside the printable area."""
    cards = print_cards(DB, "en", size=size)
    summary = write_sheets(tmp_path / "sheets.pdf", cards, paper, "none",
                           fit_bleed(paper, 3 * mm))
    assert summary.pages == -(-36 // (grid[0] * grid[1]))
    assert summary.bleed >= MIN_BLEED - 1e-6
    lay = sheet_layout(paper, summary.bleed, card=(cards[0].width, cards[0].height))
    assert (lay.columns, lay.rows) == grid
    for (x0, y0), (x1, y1) in lay.crop_marks(lay.columns, lay.rows):
        assert PRINTER_MARGIN - 1e-6 <= min(x0, x1)
        assert max(x0, x1) <= lay.width - PRINTER_MARGIN + 1e-6
        assert PRINTER_MARGIN - 1e-6 <= min(y0, y1)
        assert max(y0, y1) <= lay.height - PRINTER_MARGIN + 1e-6
        assert abs(x1 - x0) + abs(y1 - y0) >= MARK_MIN - 1e-6


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_names_fit_in_one_line_at_every_size(locale):
    for size in SIZES:
        faces = [card.draw_front.__self__ for card in print_cards(DB, locale, size=size)]
        assert {len(face.name_lines) for face in faces} == {1}, size


def test_cards_options_are_generic_and_checked(tmp_path):
    bad = herald_here("cards", "aset", "--plain", "--out", tmp_path)
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--plain" in bad.stderr
    bad = herald_here("cards", "lenormand", "--ink", "saver", "--out", tmp_path)
    assert bad.returncode == 2 and "--ink" in bad.stderr
    assert not any(tmp_path.iterdir())                    # nothing written
    ok = herald_here("cards", "lenormand", "--lang", "en", "--plain", "--size", "poker",
                "--backs", "none", "--out", tmp_path)
    assert ok.returncode == 0, ok.stderr
    shop = pypdf.PdfReader(tmp_path / "lenormand" / "en" / "lenormand-cards-printshop.pdf")
    assert len(shop.pages) == 72
    box = shop.pages[0].trimbox
    # poker: 2.5 x 3.5 in, as the print-on-demand services sell it
    assert (round(float(box.width) / mm, 1), round(float(box.height) / mm, 1)) == (63.5, 88.9)


def test_every_pair_value_shown_matches_the_engine():
    """The examples the table prints are attacks the engine really allows."""
    table = DB.setup_config().table
    for line in DB.duel.combinations:
        for house in (CIV, NAT):
            cards = line_example(DB, line, house)
            if cards is None:
                assert all(table.value(c, house, True)[0] != line.id
                           for n in (2, 3) for c in combinations(range(1, 21), n))
            else:
                assert table.value(cards, house, True) == (line.id, line.amount)


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_sheet_keys_every_diagram_mark_and_cites_lines_once(sheets, locale):
    rules, _ = sheets[locale]
    whole = " ".join(_pages(rules))
    words = rules_text("lenormand", locale)["diagram_key"]
    # an attack's red and a heal's green, each with its own entry
    for entry in ("played", "healed", "lost", "back"):
        assert _printed(words[entry], locale) in whole, entry
    # a reading cites each source once, its lines merged: the supports'
    # readings quote l. 20 and 27 (barred) and l. 19-20 (bonus only)
    source = rules_text("lenormand", locale)["sources"]["004"]
    assert f"({source}, l. 19-20, 27)" in whole
    assert f"{source}; {source}" not in whole and f"{source}, l. 12, 26; " not in whole


# -- the two player-aid cards ---------------------------------------------------------

def _aid_pages(cards, path) -> list[str]:
    """The aid cards' fronts as printed (print-shop file), text extracted and
    spaces normalised, no-break ones included."""
    aids = [c for c in cards if c.key.startswith("aid-")]
    write_printshop(path, aids)
    return _pages(path)[:len(aids)]


@pytest.mark.parametrize("size", sorted(SIZES))
def test_the_deck_holds_two_aid_cards_unless_plain(size):
    from herald.generator.games.lenormand.deck import print_cards as deck
    cards = deck(DB, "en", size=size)
    plain = deck(DB, "en", size=size, plain=True)
    assert len(cards) == 38 and len(plain) == 36
    assert [c.key for c in cards[36:]] == ["aid-civilisation", "aid-nature"]
    assert [c.key for c in cards[:36]] == [c.key for c in plain]
    assert not any(c.key.startswith("aid-") for c in plain)
    # at the deck's size, dealt apart in Tabletop Simulator, with the deck's back
    assert {(c.width, c.height) for c in cards} == {SIZES[size]}
    assert {c.deck for c in cards[36:]} == {"aids"} and {c.deck for c in plain} == {"cards"}
    assert {c.back_key for c in cards[:36]} == {"back"}
    # like every game's aids, text on both sides: not the deck's back
    assert [c.back_key for c in cards[36:]] == ["aid-civilisation-back", "aid-nature-back"]


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_each_aid_card_back_tells_the_end_and_the_larger_games(tmp_path, locale):
    from herald.generator.games.lenormand.deck import print_cards as deck
    words = rules_text("lenormand", locale)["reference"]
    for size in SIZES:
        aids = [c for c in deck(DB, locale, size=size) if c.key.startswith("aid-")]
        path = tmp_path / f"aid-back-{size}.pdf"
        write_printshop(path, aids)
        for back in _pages(path)[len(aids):]:
            flat = " ".join(back.split())
            assert words["end_title"] in flat and words["more_title"] in flat, (size, flat)
            assert "**" not in flat


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_each_aid_card_prints_its_house_table_from_the_database(tmp_path, locale):
    from herald.generator.games.lenormand.deck import print_cards as deck
    words = rules_text("lenormand", locale)["aid_card"]
    rows = attack_rows(DB, locale)
    names = {h.id: h.name[locale] for h in DB.houses}
    for size in SIZES:
        pages = _aid_pages(deck(DB, locale, size=size), tmp_path / f"aid-{size}.pdf")
        for column, house, text in ((1, "civilisation", pages[0]), (2, "nature", pages[1])):
            assert names[house].upper() in text
            assert _printed(words["turn_title"], locale) in text
            for verb, what in words["turn"]:
                assert f"{_printed(verb, locale)} {_printed(what, locale)}" in text
            # every line this house can play, in the database's order: its name,
            # this house's example, the amount; a line it can never play is left out
            at = 0
            for row in rows:
                cell = f"{_printed(row[0], locale)} {row[column]} {row[3]}"
                if row[column] == "—":
                    assert _printed(row[0], locale) not in text, (size, house, row[0])
                    continue
                assert text.find(cell, at) >= at, (size, house, cell)
                at = text.find(cell, at)
            for note in words["notes"]:
                assert _printed(note, locale) in text
            for other, notes in words["house_notes"].items():
                for note in notes:
                    assert (_printed(note, locale) in text) == (other == house)
        # nature can never play the two supports: its card leaves the line out
        supports = next(r for r in rows if r[0] == DB.duel.combinations[1].name[locale])
        assert supports[1:] == ("4 + 6", "—", "−3")
        assert _printed(supports[0], locale) not in pages[1]
        assert f"{_printed(supports[0], locale)} 4 + 6 −3" in pages[0]


def test_aid_texts_come_from_the_catalog(tmp_path, monkeypatch):
    from herald.generator.errors import InputError
    from herald.generator.games.lenormand import aid
    text = rules_text("lenormand", "en")
    changed = {**text, "aid_card": {**text["aid_card"], "turn_title": "Pick exactly one",
                                    "notes": ["Read from the top."]}}
    monkeypatch.setattr(aid, "rules_text", lambda game, locale: changed)
    pages = _aid_pages(aid.aid_cards(DB, "en", size="poker"), tmp_path / "aid.pdf")
    for page in pages:
        assert "Pick exactly one" in page and "• Read from the top." in page
        assert "do one thing" not in page and "applies counts" not in page
    # a text that cannot fit at the smallest size stops the build, in one line
    changed["aid_card"]["notes"] = ["Long note " * 60]
    with pytest.raises(InputError, match=r"^lenormand: aid card \(en, 57 x 89 mm\): the text "
                                         r"does not fit at 6.5 pt; shorten it$"):
        aid.aid_cards(DB, "en", size="bridge")


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_aid_text_fits_every_size_at_a_legible_size(locale):
    from herald.generator.games.lenormand.aid import lay_out
    from herald.generator.games.lenormand.faces import MARGIN
    from herald.generator.render.geometry import MIN_BODY_PT
    from reportlab.pdfbase.pdfmetrics import stringWidth
    for width, height in SIZES.values():
        cards = lay_out(DB, locale, width, height)
        assert len({c.size for c in cards}) == 1                 # one size on both cards
        for card in cards:
            assert card.size >= MIN_BODY_PT and card.height <= height - 2 * MARGIN
            blocks = [b for _, b in card.turn] + [r.name for r in card.rows] + list(card.notes)
            assert all(line.width <= b.box_width + 1e-6 for b in blocks for line in b.lines)
            name_w = cards[0].rows[0].name.box_width
            # the example column sits between the names and the amounts
            centre, right = card.columns
            widest = max(stringWidth(r.example, card.fonts.regular, card.size)
                         for r in card.rows)
            assert name_w < centre - widest / 2 and centre + widest / 2 < right
            assert right <= width - 2 * MARGIN + 1e-6
            title = stringWidth(card.title, card.fonts.title_bold, card.title_size)
            assert title + card.title_size * 1.45 <= width - 2 * MARGIN


def test_a_deck_with_aids_lists_them_on_its_cover_and_deals_them_apart(tmp_path):
    import json
    ok = herald_here("cards", "lenormand", "--lang", "en", "--size", "bridge", "--backs", "none",
                "--out", tmp_path)
    assert ok.returncode == 0, ok.stderr
    folder = tmp_path / "lenormand" / "en"
    shop = pypdf.PdfReader(folder / "lenormand-cards-printshop.pdf")
    assert len(shop.pages) == 2 * 38
    cover = _pages(folder / "lenormand-cards-a4.pdf")[0]
    assert "2 player-aid cards, one for each house (civilisation and nature)" in cover
    assert (folder / "png" / "aid-nature.png").is_file()
    decks = {d["deck"]: d for d in json.loads(
        (folder / "tts" / "lenormand-decks.json").read_text())["decks"]}
    assert decks["lenormand-cards"]["number"] == 36 and decks["lenormand-aids"]["number"] == 2
    assert decks["lenormand-cards"]["width"] * decks["lenormand-cards"]["height"] <= 70
    from herald.generator.games.lenormand.cover import cover_notes
    assert len(cover_notes(DB, "en", plain=True).contents) == 1


# -- the sheet's layout ------------------------------------------------------------------

def _sizes(path, page: int) -> dict[float, int]:
    """Characters set at each type size on a page of ``path``."""
    sizes: dict[float, int] = {}

    def visit(text, cm, tm, font, size):
        if text.strip():
            key = round(size * tm[0], 2)
            sizes[key] = sizes.get(key, 0) + len(text.strip())
    pypdf.PdfReader(path).pages[page].extract_text(visitor_text=visit)
    return sizes


@pytest.fixture(scope="module")
def letter_sheets(rules_kit):
    folder = rules_kit / "lenormand"
    return {loc: (folder / loc / "lenormand-rules-letter.pdf",
                  folder / loc / "lenormand-reference-letter.pdf") for loc in ("fr", "en")}


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_booklet_and_its_reference_on_both_papers(sheets, letter_sheets, locale):
    for rules, reference in (sheets[locale], letter_sheets[locale]):
        pages = len(pypdf.PdfReader(rules).pages)
        assert 8 <= pages <= 16, rules.name
        assert len(pypdf.PdfReader(reference).pages) == 1
        # the readings, the last page, no smaller than 7 pt: a booklet may set
        # them smaller to save a page, never below what prints legibly
        sizes = _sizes(rules, pages - 1)
        main = max(sizes, key=sizes.get)
        assert 7.0 <= main <= 10.5, (rules.name, sizes)


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_one_turn_of_two_decisions_is_one_turn_beside_its_diagram(sheets, locale):
    """``turn: exchange_then_attack``: the exchange and the attack are Turn 1,
    told and drawn under the example's heading, on one page."""
    from herald.generator.examples import builtin_examples, load_example
    rules, _ = sheets[locale]
    pages = _pages(rules)
    example = load_example(next(p for p in builtin_examples("lenormand")
                                if p.stem == "exchange-then-attack"))
    title = _printed(example.title(locale), locale).upper()[:30]
    page = next(p for p in pages if title in p.upper())
    text = page[page.upper().index(title):]
    label = rules_text("lenormand", locale)["step_label"]
    assert f"{label} 1." in text and f"{label} 2." not in text
    exchange = {"fr": "Adèle pose le 17 face cachée", "en": "Adèle lays the 17 face down"}
    attack = {"fr": "Adèle attaque la nature avec le 2 et le 10",
              "en": "Adèle attacks nature with the 2 and the 10"}
    assert text.index(exchange[locale]) < text.index(attack[locale])
    assert "2 + 10" in text           # its diagram's caption, on the same page


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_a_caption_says_when_an_attack_took_fewer_than_its_line(sheets, locale):
    # three players: the two supports take 3, nature had 2 life cards left
    whole = " ".join(_pages(sheets[locale][0]))
    caption = {"fr": "4 + 6 : Les deux soutiens, −3 (il ne restait que 2 cartes de vie)",
               "en": "4 + 6: Both supports, −3 (only 2 life cards were left)"}[locale]
    assert _printed(caption, locale) in whole


@pytest.mark.parametrize("locale", ["fr", "en"])
def test_the_quick_reference_covers_three_and_four_players(sheets, locale):
    words = rules_text("lenormand", locale)["reference"]
    text = _pages(sheets[locale][1])[0]
    assert _printed(words["more_title"], locale) in text
    for line in words["more"]:
        plain = _printed(line, locale).replace("**", "")
        assert plain in text, line
    assert _printed({"fr": "La civilisation joue la première.",
                     "en": "Civilisation plays first."}[locale], locale) in text
