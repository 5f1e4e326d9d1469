"""The printed deck, read back from the files `herald cards` writes."""
import hashlib
import re

import pypdf
import pypdfium2
import pytest
from conftest import KIT_LOCALES, herald_here
from herald.generator.database import database_path, load_database
from PIL import Image

MM = 72 / 25.4
DB = load_database(database_path("oriflamme"))


LOCALES = KIT_LOCALES      # French typography, and a second language


@pytest.fixture(scope="module")
def deck(tmp_path_factory, oriflamme_deck, whole_kit):
    """A folder of the deck in each of LOCALES: the English one ``herald
    cards`` printed (the cards page's sample), the French one ``herald
    build`` printed (the README's sample) with ``herald cards``' function."""
    folder = tmp_path_factory.mktemp("deck")
    (folder / "en").symlink_to(oriflamme_deck[0] / "en")
    (folder / "fr").symlink_to(whole_kit[0] / "oriflamme" / "fr")
    return folder


def mm(value):
    return float(value) / MM


def squeeze(text):
    """Text without white space, hyphens or influence words: what survives layout
    (apostrophes compared straight: the printed ones are typographic)."""
    return re.sub(r"[\s\-\u00ad]", "", text).replace("\u2019", "'")


def ability_core(text, locale):
    terms = DB.terms[locale]
    for word in sorted({terms.influence_plural, terms.influence}, key=len, reverse=True):
        text = re.sub(r"(\d+)\s+" + re.escape(word), r"\1", text, flags=re.IGNORECASE)
    return squeeze(text)


def test_files_of_each_locale(deck):
    for locale in LOCALES:
        folder = deck / locale
        for name in ("oriflamme-cards-a4.pdf", "oriflamme-calibration-a4.pdf",
                     "oriflamme-cards-printshop.pdf", "oriflamme-tokens-printshop.pdf"):
            assert (folder / name).stat().st_size > 1000
    # the images of the deck ``herald cards`` printed (herald build prints
    # none): 50 faces, 5 backs, 5 aids on both sides (the token and tile
    # sheets are die-cut pieces, in the tokens' print-shop file: no image)
    folder = deck / "en"
    assert len(list((folder / "png").glob("*.png"))) == 50 + 5 + 5 + 5
    for deck_name in ("red", "blue", "green", "yellow", "purple"):
        assert (folder / "tts" / f"oriflamme-{deck_name}-faces.png").is_file()
        assert (folder / "tts" / f"oriflamme-{deck_name}-back.png").is_file()


def test_document_properties_speak_the_decks_language(deck):
    """A French deck's PDFs carry French metadata (Subject, Lang), the
    calibration sheet's Title too; the English ones English."""
    subjects = {}
    for locale in LOCALES:
        for name in ("cards-a4", "calibration-a4", "cards-printshop"):
            reader = pypdf.PdfReader(deck / locale / f"oriflamme-{name}.pdf")
            assert reader.trailer["/Root"]["/Lang"] == locale
            subjects[locale, name] = reader.metadata.subject
    assert subjects["fr", "cards-a4"].startswith("60 cartes, 61x112 mm, à imprimer chez soi sur A4")
    assert "recto verso, retournement bord long, fond perdu 2,0 mm" in subjects["fr", "cards-a4"]
    assert "tous les rectos, puis tous les versos" in subjects["fr", "cards-printshop"]
    assert subjects["fr", "calibration-a4"].startswith("Test de repérage recto verso sur A4")
    assert subjects["en", "cards-a4"].startswith("60 cards, 61x112 mm, for home printing on A4")
    for (locale, _), subject in subjects.items():
        if locale == "fr":
            assert not re.search(r"\b(cards|for|backs|bleed|flip|trim)\b", subject), subject
    title = pypdf.PdfReader(deck / "fr" / "oriflamme-calibration-a4.pdf").metadata.title
    assert title == "Herald\u00a0: calibrage recto verso"


def test_sheet_pages_are_a4_and_hold_six_cards(deck):
    reader = pypdf.PdfReader(deck / "en" / "oriflamme-cards-a4.pdf")
    # the cover and its blank back, then 55 cards and 5 token and tile
    # pieces, 6 a page, each page with a back page
    assert len(reader.pages) == 2 + 2 * 10
    for page in reader.pages:
        assert abs(mm(page.mediabox.width) - 210) < 0.05
        assert abs(mm(page.mediabox.height) - 297) < 0.05
    names = {c.name["en"].upper() for c in DB.cards}
    first = reader.pages[2].extract_text()
    assert sum(first.count(n) for n in names) == 6


def test_printshop_boxes_and_texts(deck):
    for locale in LOCALES:
        reader = pypdf.PdfReader(deck / locale / "oriflamme-cards-printshop.pdf")
        assert len(reader.pages) == 2 * 55        # the tokens have a file of their own
        for page in reader.pages:
            assert abs(mm(page.mediabox.width) - 67) < 0.05
            assert abs(mm(page.mediabox.height) - 118) < 0.05
            trim = page.trimbox
            assert abs(mm(trim.left) - 3) < 0.05 and abs(mm(trim.bottom) - 3) < 0.05
            assert abs(mm(trim.width) - 61) < 0.05 and abs(mm(trim.height) - 112) < 0.05
            assert abs(mm(page.bleedbox.width) - 67) < 0.05
        # Card pages come family by family, in the database's card order.
        for f, family in enumerate(DB.families):
            for c, card in enumerate(DB.cards):
                text = reader.pages[f * 10 + c].extract_text()
                assert card.name[locale].upper() in text, (family.id, card.id, locale)
                assert ability_core(card.ability[locale], locale) in squeeze(text), \
                    (family.id, card.id, locale)


def test_fonts_are_embedded_subsets(deck):
    reader = pypdf.PdfReader(deck / "fr" / "oriflamme-cards-printshop.pdf")
    fonts = {}
    for page in reader.pages[:12]:
        for font in page["/Resources"].get("/Font", {}).values():
            font = font.get_object()
            fonts[font["/BaseFont"]] = font
    assert fonts
    for name, font in fonts.items():
        assert re.match(r"/[A-Z]{6}\+", name), name
        descriptor = font["/FontDescriptor"] if "/FontDescriptor" in font else \
            font["/DescendantFonts"][0].get_object()["/FontDescriptor"]
        assert "/FontFile2" in descriptor.get_object(), name


def test_no_text_outside_the_safe_zone(deck):
    pdf = pypdfium2.PdfDocument(str(deck / "en" / "oriflamme-cards-printshop.pdf"))
    low, high_x, high_y = 6 * MM, 64 * MM, 115 * MM     # trim at 3 mm, safe zone 3 mm in
    for index in range(55):
        page = pdf[index]
        text = page.get_textpage()
        for i in range(text.count_chars()):
            if text.get_text_range(i, 1).isspace():
                continue
            left, bottom, right, top = text.get_charbox(i)
            assert left >= low - 0.5 and bottom >= low - 0.5, index
            assert right <= high_x + 0.5 and top <= high_y + 0.5, index


def test_pngs_are_300_dpi_with_bleed(deck):
    for name in ("red-archer", "back-purple", "aid-green", "aid-green-back"):
        with Image.open(deck / "en" / "png" / f"{name}.png") as image:
            assert image.size == (791, 1394)
    # the trim area of a face is parchment, its bleed the family colour
    with Image.open(deck / "en" / "png" / "red-archer.png") as image:
        assert image.getpixel((5, 5))[0] > 150 and image.getpixel((5, 5))[2] < 80
        assert min(image.getpixel((395, 1100))) > 200


# a print-shop page rasterized in a process of its own, as herald cards does it
RASTER = """import sys
from pathlib import Path
from herald.generator.render.raster import iter_pages, png_bytes
image = next(iter_pages(Path(sys.argv[1]), [int(sys.argv[2])]))
sys.stdout.buffer.write(png_bytes(image))
"""


def test_output_is_deterministic(deck, whole_kit):
    """The same inputs, the same bytes, from other processes: the deck
    ``herald build`` printed (its own process, the same date) is the deck
    ``herald cards`` printed; and a card's print-shop page rasterized again
    in a new process is its PNG (an image's profile once carried the time it
    was made)."""
    import subprocess
    import sys

    def digest(data: bytes) -> str:
        return hashlib.sha256(data).hexdigest()
    kit = whole_kit[0] / "oriflamme" / "en"
    for name in ("oriflamme-cards-a4.pdf", "oriflamme-cards-printshop.pdf",
                 "oriflamme-calibration-a4.pdf", "oriflamme-tokens-printshop.pdf"):
        assert digest((kit / name).read_bytes()) == digest((deck / "en" / name).read_bytes()), name
    # the blue Heir: fronts family by family, ten cards each, in the database's order
    page = [f.id for f in DB.families].index("blue") * 10 + [c.id for c in DB.cards].index("heir")
    shop = kit / "oriflamme-cards-printshop.pdf"
    again = subprocess.run([sys.executable, "-c", RASTER, str(shop), str(page)],
                           capture_output=True, check=True).stdout
    assert digest(again) == digest((deck / "en" / "png" / "blue-heir.png").read_bytes())


@pytest.mark.parametrize("args, message", [
    (["--paper", "a3"], "--paper: unknown value 'a3'"),
    (["--lang", "pt"], "has no locale 'pt'"),
    (["nosuchgame"], "unknown game 'nosuchgame'"),
    (["--bleed", "-1"], "--bleed: -1 mm is outside 2 to 10 mm"),
    (["--bleed", "12"], "--bleed: 12 mm is outside 2 to 10 mm"),
    (["--back-offset", "1"], "--back-offset: '1' is not two numbers"),
    (["--back-offset", "a,b"], "--back-offset: 'a,b' is not two numbers"),
    (["--bleed", "1"], "bleed"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, message):
    result = herald_here("cards", *args, "--out", str(tmp_path / "out"))
    assert result.returncode == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").rglob("*.*"))


def test_unwritable_output_folder(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = herald_here("cards", "--lang", "en", "--out", str(blocker / "out"))
    assert result.returncode == 2
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_missing_translation_is_named(tmp_path, monkeypatch):
    text = database_path("oriflamme").read_text(encoding="utf-8")
    broken = text.replace('name: {fr: "Héritier"}', 'name: {en: "Heir"}')
    assert broken != text
    path = tmp_path / "database.yaml"
    path.write_text(broken, encoding="utf-8")
    from herald.generator.errors import InputError
    with pytest.raises(InputError, match=r"cards\.4\.name\.fr"):
        load_database(path)


def test_text_too_long_for_a_card_fails_naming_card_locale_and_field():
    from herald.generator.errors import InputError
    from herald.generator.games.oriflamme.faces import print_cards
    db = DB.model_copy(deep=True)
    card = db.cards[3]
    card.ability["fr"] = " ".join(["Gagnez 2 points d'Influence si rien ne bouge."] * 40)
    with pytest.raises(InputError, match=r"card heir \(fr\).*ability"):
        print_cards(db, "fr")
