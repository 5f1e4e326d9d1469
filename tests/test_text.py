"""Typography, fonts and text fitting for cards (generator/render/text.py, fonts.py)."""
import io
import re

import pytest
from herald.generator.database import database_path, load_database
from herald.generator.errors import InputError
from herald.generator.render import fonts as fontmod
from herald.generator.render.fonts import NBSP, NNBSP, font_has_char, register_fonts
from herald.generator.render.geometry import MIN_BODY_PT
from herald.generator.render.text import (
    Block,
    InlineIcon,
    TextDoesNotFit,
    fit_text,
    french_typography,
    hyphenation_points,
    influence_icon,
    layout_paragraph,
    typography,
)
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

ABILITY_BOX = (55 * mm, 40 * mm)


@pytest.fixture(scope="module")
def fonts():
    return register_fonts()


@pytest.fixture(scope="module")
def db():
    return load_database(database_path("oriflamme"))


def placeholder(calls=None):
    """An icon callback drawing a circle; records its calls."""
    def draw(canvas, x, y, size):
        if calls is not None:
            calls.append((x, y, size))
        canvas.circle(x + 0.45 * size, y + 0.32 * size, 0.38 * size, stroke=0, fill=1)
    return draw


# -- French typography ----------------------------------------------------------------

@pytest.mark.parametrize("text, expected", [
    ("Gagnez 2 : si", "Gagnez 2\u00a0: si"),
    ("Gagnez 2: si", "Gagnez 2\u00a0: si"),
    ("«Bonjour»", "«\u00a0Bonjour\u00a0»"),
    ("« Bonjour »", "«\u00a0Bonjour\u00a0»"),
    ("Quoi ?", "Quoi\u202f?"),
    ("Quoi?", "Quoi\u202f?"),
    ("Quoi ?!", "Quoi\u202f?!"),
    ("a ; b ! c", "a\u202f; b\u202f! c"),
    ("à 12:30 ; voir https://example.org/a?b=1", "à 12:30\u202f; voir https://example.org/a?b=1"),
])
def test_french_typography(text, expected):
    assert french_typography(text) == expected
    assert french_typography(expected) == expected          # never doubles


def test_typography_never_doubles_spaces(db):
    for card in db.cards:
        out = typography(card.ability["fr"], "fr")
        assert typography(out, "fr") == out
        assert not re.search("[ \u00a0\u202f]{2}", out), out
        assert not re.search(r"\S[;!?:]", out), out      # \s includes U+00A0, U+202F


def test_typography_is_french_only():
    assert typography("Gain 2: yes? «no»", "en") == "Gain 2: yes? «no»"
    assert typography("Quoi ?", "fr-CA") == "Quoi\u202f?"


def test_a_french_quote_keeps_its_guillemets_on_its_words_in_any_language():
    # a rulings table in English quotes the French rulebook
    assert typography("Tie (« font de même »): yes", "en") == \
        "Tie («\u00a0font de même\u00a0»): yes"


def test_narrow_space_falls_back_where_the_font_lacks_it(fonts):
    for name in (fonts.regular, fonts.bold, fonts.italic):
        assert font_has_char(name, NNBSP) and font_has_char(name, NBSP)
    assert font_has_char(fonts.title, NBSP)
    assert not font_has_char(fonts.title, NNBSP)        # Cinzel: no thin space
    assert typography("Quoi ?", "fr", fonts.title) == "Quoi\u00a0?"
    assert typography("Quoi ?", "fr", fonts.body) == "Quoi\u202f?"


# -- fitting the cards' texts --------------------------------------------------------------

@pytest.mark.parametrize("locale", ["fr", "en"])
def test_every_ability_fits_a_card(fonts, db, locale):
    icon = influence_icon(db, locale, placeholder())
    for card in db.cards:
        block = fit_text(card.ability[locale], *ABILITY_BOX, fonts, locale, max_size=10,
                         icon=icon, field="ability")
        assert isinstance(block, Block)
        assert block.size >= MIN_BODY_PT
        assert block.height <= ABILITY_BOX[1]
        assert all(line.width <= ABILITY_BOX[0] + 1e-6 for line in block.lines)


def test_size_steps_and_largest_fit(fonts):
    text = "Éliminez une carte voisine du Soldat, d'un côté ou de l'autre."
    block = fit_text(text, 40 * mm, 12 * mm, fonts, "fr", max_size=14)
    assert (block.size * 4) == int(block.size * 4)
    assert block.height <= 12 * mm
    bigger = fit_text(text, 40 * mm, 100 * mm, fonts, "fr", max_size=block.size + 0.25)
    assert bigger.size == block.size + 0.25
    with pytest.raises(TextDoesNotFit):
        fit_text(text, 40 * mm, 12 * mm, fonts, "fr", max_size=block.size + 0.25,
                 min_size=block.size + 0.25)


def test_huge_text_does_not_fit(fonts):
    with pytest.raises(TextDoesNotFit) as info:
        fit_text("Éliminez une carte. " * 60, *ABILITY_BOX, fonts, "fr", max_size=10,
                 field="ability")
    err = info.value
    assert isinstance(err, ValueError)
    assert err.field == "ability" and err.needed > err.available == ABILITY_BOX[1]
    assert err.size == MIN_BODY_PT
    assert str(err).startswith("ability does not fit") and "\n" not in str(err)


def test_never_below_the_minimum_size(fonts):
    with pytest.raises(ValueError):
        fit_text("text", *ABILITY_BOX, fonts, "fr", max_size=10, min_size=5)


def test_paragraphs_and_alignment(fonts):
    block = fit_text(["Premier paragraphe.", "", "Second."], *ABILITY_BOX, fonts, "fr",
                     max_size=9)
    assert len(block.lines) == 2 and block.paragraph_ends == (1, 2)
    assert block.baselines[1] - block.baselines[0] > block.leading

    class Recorder:
        """A canvas that keeps where each run of text starts (via a text object)."""
        def __init__(self):
            self.strings = []

        def beginText(self):
            canvas = self

            class Text:
                def setFont(self, *a):
                    pass

                def setTextOrigin(self, x, y):
                    self.origin = (x, y)

                def textOut(self, s):
                    canvas.strings.append(self.origin + (s,))
            return Text()

        def drawText(self, text):
            pass

    for align, expect in (("left", lambda ln: 10),
                          ("right", lambda ln: 10 + block.box_width - ln.width),
                          ("center", lambda ln: 10 + (block.box_width - ln.width) / 2)):
        rec = Recorder()
        block.draw(rec, 10, 200, align=align)
        assert [x for x, _, _ in rec.strings] == pytest.approx([expect(ln) for ln in block.lines])
        assert [y for _, y, _ in rec.strings] == pytest.approx([200 - b for b in block.baselines])


def test_layout_is_deterministic(fonts, db):
    icon = influence_icon(db, "fr", placeholder())
    text = db.card("ambush").ability["fr"]
    a = fit_text(text, 30 * mm, 40 * mm, fonts, "fr", max_size=10, icon=icon, balance=True)
    b = fit_text(text, 30 * mm, 40 * mm, fonts, "fr", max_size=10, icon=icon, balance=True)
    assert [(ln.text, ln.width) for ln in a.lines] == [(ln.text, ln.width) for ln in b.lines]
    assert a.size == b.size and a.height == b.height


# -- the inline influence icon -----------------------------------------------------------------

@pytest.mark.parametrize("locale, text, mentions", [
    ("fr", "Gagnez 1 point d'Influence, plus 1 point d'Influence par carte.", 2),
    ("fr", "Éliminée : gagnez 4 points d'Influence. Révélée : gagnez 1 point d\u2019Influence.", 2),
    ("en", "Gain 1 influence, plus 1 influence for each card next to the Lord.", 2),
    ("en", "When you reveal it, gain twice the influence lying on it.", 0),
])
def test_influence_becomes_number_and_icon(fonts, db, locale, text, mentions):
    calls = []
    icon = influence_icon(db, locale, placeholder(calls))
    for width in range(14, 61, 2):               # every way the lines can fall
        calls.clear()
        lines = layout_paragraph(text, width * mm, fonts.body, 9, 10.6, locale, icon=icon)
        assert sum(line.icons for line in lines) == mentions
        canvas = Canvas(io.BytesIO())
        for i, line in enumerate(lines):
            line.draw(canvas, 0, 500 - 20 * i)
        assert len(calls) == mentions
        for line in lines:
            assert not line.plain.startswith("[icon]")
            assert line.plain.count("[icon]") == len(re.findall(r"\d\[icon\]", line.plain))
        # each icon is drawn on the baseline of the line that holds its number
        icon_lines = [500 - 20 * i for i, ln in enumerate(lines) for _ in range(ln.icons)]
        assert [y for _, y, _ in calls] == icon_lines
    if mentions:
        word = "Influence" if locale == "fr" else "influence"
        flat = " ".join(ln.plain for ln in lines)
        assert flat.count(word) == text.count(word) - mentions


def test_icon_width_counts_in_the_line(fonts):
    icon = InlineIcon(draw=placeholder(), words=("influence",), width_em=0.9, gap_em=0.1)
    (line,) = layout_paragraph("gain 2 influence", 100 * mm, fonts.body, 10, 12, "en", icon=icon)
    (plain,) = layout_paragraph("gain 2", 100 * mm, fonts.body, 10, 12, "en")
    assert line.width == pytest.approx(plain.width + 10 * (0.9 + 0.1))


# -- hyphenation ------------------------------------------------------------------------------

def test_long_french_word_is_hyphenated(fonts):
    word = "anticonstitutionnellement"
    lines = layout_paragraph(f"C'est {word}.", 18 * mm, fonts.body, 9, 10.6, "fr")
    assert any(ln.plain.endswith("-") for ln in lines)
    assert all(ln.width <= 18 * mm + 1e-6 for ln in lines)
    joined = "".join(ln.plain[:-1] if ln.plain.endswith("-") else ln.plain + " "
                     for ln in lines)
    assert word in joined
    for ln in lines:
        if ln.plain.endswith("-"):
            assert len(re.search(r"(\w+)-$", ln.plain).group(1)) >= 3


def test_no_hyphenation_when_words_fit(fonts):
    lines = layout_paragraph("Volez un point au propriétaire voisin.", 200 * mm,
                             fonts.body, 9, 10.6, "fr")
    assert len(lines) == 1 and "-" not in lines[0].plain


def test_hyphenation_points_keep_three_letters():
    for word, locale in (("anticonstitutionnellement", "fr"), ("Shapeshifter", "en"),
                         ("d'Influence", "fr"), ("Défaussez-le", "fr")):
        for i, _ in hyphenation_points(word, locale):
            assert sum(c.isalpha() for c in word[:i]) >= 3
            assert sum(c.isalpha() for c in word[i:]) >= 3
    assert hyphenation_points("carte", "fr") == ()


# -- fonts -------------------------------------------------------------------------------------

def test_fonts_register_once(fonts, monkeypatch):
    from reportlab.pdfbase import pdfmetrics
    registered = []
    monkeypatch.setattr(pdfmetrics, "registerFont", registered.append)
    again = register_fonts()
    assert again is fonts and registered == []      # nothing registered a second time
    monkeypatch.undo()
    for name in fonts.all:
        assert pdfmetrics.getFont(name).fontName == name
    assert {fonts.regular, fonts.bold, fonts.italic, fonts.title, fonts.title_bold} <= set(
        pdfmetrics.getRegisteredFontNames())


def test_cached_instances_are_reused(fonts, monkeypatch):
    first = fontmod.static_font_files()
    stamps = {name: path.stat().st_mtime_ns for name, path in first.items()}

    def instanced_again(style):
        raise AssertionError(f"{style.name} instanced again")
    monkeypatch.setattr(fontmod, "_instance_bytes", instanced_again)
    second = fontmod.static_font_files()
    assert second == first
    assert {name: path.stat().st_mtime_ns for name, path in second.items()} == stamps
    assert set(first) == set(fonts.all)


def test_instancing_is_deterministic(fonts):
    cinzel = next(s for s in fontmod.STYLES if s.name == fonts.title)
    cached = fontmod.static_font_files()[fonts.title].read_bytes()
    assert fontmod._instance_bytes(cinzel) == cached


def test_cache_location(tmp_path, monkeypatch):
    monkeypatch.setenv("HERALD_CACHE", str(tmp_path / "cache"))
    assert fontmod.cache_dir().parent == tmp_path / "cache" / "fonts"
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("HERALD_CACHE", str(blocker))
    fallback = fontmod.cache_dir()                      # unwritable: a temporary folder
    assert fallback.is_dir() and blocker not in fallback.parents


def test_missing_font_package_is_one_line():
    source = fontmod._Source("fontpkg_not_there", "fontpkg-not-there", "X[wght].ttf")
    with pytest.raises(InputError) as info:
        fontmod._package(source)
    assert "pip install fontpkg-not-there" in str(info.value)
    assert "\n" not in str(info.value)


def _draw_pdf(path, fonts, db):
    canvas = Canvas(str(path), pagesize=(61 * mm, 112 * mm), invariant=1,
                    initialFontName=fonts.regular)       # else Helvetica is listed too
    canvas.setFont(fonts.title_bold, 14)
    canvas.drawCentredString(30.5 * mm, 100 * mm, "ARCHER")
    icon = influence_icon(db, "fr", placeholder())
    block = fit_text(db.card("ambush").ability["fr"], *ABILITY_BOX, fonts, "fr",
                     max_size=10, icon=icon)
    block.draw(canvas, 3 * mm, 60 * mm)
    canvas.setFont(fonts.italic, 8)
    canvas.drawString(3 * mm, 10 * mm, typography("« Précisions » : voir le livret !", "fr"))
    canvas.showPage()
    canvas.save()


def test_pdf_embeds_subsets_and_is_reproducible(tmp_path, fonts, db):
    from pypdf import PdfReader
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    _draw_pdf(a, fonts, db)
    _draw_pdf(b, fonts, db)
    assert a.read_bytes() == b.read_bytes()
    page = PdfReader(str(a)).pages[0]
    found = {}
    for font in page["/Resources"]["/Font"].values():
        font = font.get_object()
        name = str(font["/BaseFont"])
        assert re.fullmatch(r"/?[A-Z]{6}\+[A-Za-z-]+", name), name
        assert "/FontFile2" in font["/FontDescriptor"].get_object()
        found[name.split("+")[1]] = font
    assert {"EBGaramond-Regular", "EBGaramond-Italic", "Cinzel-Bold"} <= set(found)
    text = page.extract_text()
    assert "Embuscade" in text and "ARCHER" in text


def test_a_string_drawn_again_splits_as_the_first_time_and_a_missing_glyph_still_stops(
        fonts, tmp_path):
    from herald.generator.render.fonts import MissingGlyph
    from reportlab.pdfbase import pdfmetrics
    font = pdfmetrics.getFont(fonts.regular)
    doc = Canvas(str(tmp_path / "a.pdf"))._doc
    first = font.splitString("Étape 2 : l’Ordre", doc)
    assert font.splitString("Étape 2 : l’Ordre", doc) == first
    assert font.splitString("l’Ordre", doc) == [(first[-1][0], first[-1][1][-7:])]
    other = Canvas(str(tmp_path / "b.pdf"))._doc        # codes of its own, in its order
    assert font.splitString("’É", other) != font.splitString("’É", doc)
    for _ in range(2):
        with pytest.raises(MissingGlyph):
            font.splitString("Ordre \u4e00", doc)
