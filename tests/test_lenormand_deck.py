"""The printed Lenormand deck: the 36 pictures, the faces and the backs.

The faces are checked on a stand-in list of the 36 cards (numbers, names,
insets, roles: the standard assignment) so that the look is tested on its
own; the deck printed from the shipped database is checked too once that
file exists.
"""
from __future__ import annotations

import io
from types import SimpleNamespace

import pypdfium2
import pytest
from herald.generator.database import database_path, load_database
from herald.generator.errors import InputError
from herald.generator.games.lenormand import faces as F
from herald.generator.games.lenormand.pictures import SUBJECTS, draw_subject
from herald.generator.games.lenormand.suits import RANKS, SUITS, parse_inset
from herald.generator.render.geometry import MIN_BODY_PT, SAFE
from herald.generator.render.recording import record
from PIL import Image, ImageChops
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

# number, French name, English name, inset (the standard 36-card assignment)
STAND_IN = [
    (1, "Le Cavalier", "Rider", "9♥"), (2, "Le Trèfle", "Clover", "6♦"),
    (3, "Le Navire", "Ship", "10♠"), (4, "La Maison", "House", "K♥"),
    (5, "L'Arbre", "Tree", "7♥"), (6, "Les Nuages", "Clouds", "K♣"),
    (7, "Le Serpent", "Snake", "Q♣"), (8, "Le Cercueil", "Coffin", "9♦"),
    (9, "Le Bouquet", "Bouquet", "Q♠"), (10, "La Faux", "Scythe", "J♦"),
    (11, "Le Fouet", "Whip", "J♣"), (12, "Les Oiseaux", "Birds", "7♦"),
    (13, "L'Enfant", "Child", "J♠"), (14, "Le Renard", "Fox", "9♣"),
    (15, "L'Ours", "Bear", "10♣"), (16, "Les Étoiles", "Stars", "6♥"),
    (17, "La Cigogne", "Stork", "Q♥"), (18, "Le Chien", "Dog", "10♥"),
    (19, "La Tour", "Tower", "6♠"), (20, "Le Jardin", "Garden", "8♠"),
    (21, "La Montagne", "Mountain", "8♣"), (22, "Les Chemins", "Crossroads", "Q♦"),
    (23, "Les Souris", "Mice", "7♣"), (24, "Le Cœur", "Heart", "J♥"),
    (25, "L'Anneau", "Ring", "A♣"), (26, "Le Livre", "Book", "10♦"),
    (27, "La Lettre", "Letter", "7♠"), (28, "L'Homme", "Man", "A♥"),
    (29, "La Femme", "Woman", "A♠"), (30, "Les Lys", "Lily", "K♠"),
    (31, "Le Soleil", "Sun", "A♦"), (32, "La Lune", "Moon", "8♥"),
    (33, "La Clé", "Key", "8♦"), (34, "Les Poissons", "Fish", "K♦"),
    (35, "L'Ancre", "Anchor", "9♠"), (36, "La Croix", "Cross", "6♣"),
]
ROLES = {10: "weapon", 11: "weapon", 4: "support", 6: "support"}


@pytest.fixture(scope="module")
def stand_in():
    cards = [SimpleNamespace(number=n, name={"fr": fr, "en": en}, inset=inset,
                             role=ROLES.get(n)) for n, fr, en, inset in STAND_IN]
    return _db(cards)


def _db(cards):
    """A stand-in database: the cards, and each number's house by parity."""
    houses = [SimpleNamespace(id="civilisation"), SimpleNamespace(id="nature")]
    return SimpleNamespace(game="lenormand", cards=cards,
                           house_of=lambda number: houses[number % 2])


def _render(draw, width, height, dpi=40) -> Image.Image:
    """``draw(canvas)`` on a page of that size, rasterized (greyscale)."""
    buffer = io.BytesIO()
    canvas = Canvas(buffer, pagesize=(width, height), invariant=1)
    draw(canvas)
    canvas.showPage()
    canvas.save()
    pdf = pypdfium2.PdfDocument(buffer.getvalue())
    try:
        return pdf[0].render(scale=dpi / 72).to_pil().convert("L")
    finally:
        pdf.close()


# -- the pictures ----------------------------------------------------------------------

def test_the_36_subjects_are_drawn():
    assert sorted(SUBJECTS) == list(range(1, 37))
    with pytest.raises(ValueError, match="1 to 36"):
        draw_subject(record(lambda c: None), 37, 0, 0, 10, 10)


def test_each_picture_draws_distinct_non_trivial_content():
    images = {}
    for number in SUBJECTS:
        image = _render(lambda c, number=number: draw_subject(c, number, 0, 0, 100, 100),
                        100, 100, dpi=72)
        dark = sum(image.histogram()[:128])
        # ink covers a real part of the box, never nearly all of it
        assert 300 < dark < 7000, (number, dark)
        images[number] = image
    for a in SUBJECTS:
        for b in SUBJECTS:
            if a < b:
                diff = ImageChops.difference(images[a], images[b])
                changed = sum(diff.histogram()[65:])
                assert changed > 800, (a, b, changed)


def test_a_picture_stays_in_its_box():
    # drawn in the middle of a larger page: nothing outside the 60 x 40 box
    for number in SUBJECTS:
        image = _render(lambda c, number=number: draw_subject(c, number, 20, 30, 60, 40),
                        100, 100, dpi=72)
        box = image.point(lambda v: 255 if v < 250 else 0).getbbox()
        left, top, right, bottom = box
        # the box is x 20..80, y 30..70 (pixels from the top: 30..70); a
        # line's half width and antialiasing may spill a pixel
        assert left >= 19 and right <= 81 and top >= 29 and bottom <= 71, (number, box)


def test_the_whips_rod_and_whip_have_their_own_handles():
    # the birch rod's grip (lower left) and the whip's (lower right) stand
    # apart: paper between them, where the two handles used to lie one on
    # the other
    import re
    image = _render(lambda c: draw_subject(c, 11, 0, 0, 100, 100), 100, 100, dpi=72)
    # a row 20 units up, as ink (#), the grips' tint (t) and paper (.)
    row = "".join("#" if v < 128 else "t" if v < 235 else "."
                  for v in (image.getpixel((x, 100 - 20)) for x in range(100)))
    assert re.search(r"t{3,}#+\.+t?#+t{3,}", row), row


def test_picture_names_are_the_printed_english_names():
    # the PNG files and messages name a card as the deck prints it (28
    # Gentleman, 29 Lady, 30 Lilies), and as the engine does
    from herald.engine.lenormand.cards import NAMES
    db = load_database(database_path("lenormand"))
    for card in db.cards:
        name, _ = SUBJECTS[card.number]
        assert name == card.name["en"].lower() == NAMES[card.number], card.number
    keys = [c.key for c in F.print_cards(db, "fr")]
    assert keys[27:30] == ["28-gentleman", "29-lady", "30-lilies"]


# -- insets and marks -----------------------------------------------------------------------

def test_the_standard_insets_are_36_distinct_cards_six_to_ace():
    insets = [parse_inset(i) for *_, i in STAND_IN]
    assert len(set(insets)) == 36
    assert {i.rank for i in insets} == set(RANKS)
    assert {i.suit for i in insets} == set(SUITS.values())
    with pytest.raises(ValueError, match="rank"):
        parse_inset("5♥")


def test_marks_are_the_house_then_the_role():
    assert F.card_marks("civilisation", "support") == ("civilisation", "support")
    assert F.card_marks("nature", None) == ("nature",)


# -- faces ------------------------------------------------------------------------------------

class _TextSpy:
    """Stands in for a canvas: follows translations and keeps every string drawn."""

    def __init__(self):
        self.font, self.size, self.dx, self.dy = None, None, 0.0, 0.0
        self.strings = []
        self.stack = []

    def saveState(self):
        self.stack.append((self.dx, self.dy))

    def restoreState(self):
        self.dx, self.dy = self.stack.pop()

    def translate(self, dx, dy):
        self.dx += dx
        self.dy += dy

    def setFont(self, font, size):
        self.font, self.size = font, size

    def drawString(self, x, y, text):
        self.strings.append((self.dx + x, self.dy + y, text, self.font, self.size))

    def drawCentredString(self, x, y, text):
        w = stringWidth(text, self.font, self.size)
        self.drawString(x - w / 2, y, text)

    def beginPath(self):
        from reportlab.pdfgen.pathobject import PDFPathObject
        return PDFPathObject()

    def __getattr__(self, name):
        return lambda *a, **k: None


@pytest.mark.parametrize("size", sorted(F.SIZES))
@pytest.mark.parametrize("locale", ["fr", "en"])
def test_every_face_fits_its_safe_zone(stand_in, locale, size):
    cards = F.print_cards(stand_in, locale, size=size)
    width, height = F.SIZES[size]
    assert len(cards) == 36 and len({c.key for c in cards}) == 36
    assert all((c.width, c.height) == (width, height) for c in cards)
    layout = F.face_layout(width, height)
    for box in (layout.number, layout.marks, layout.inset, layout.window, layout.name):
        assert box.inside(layout.safe), box
    for card in cards:
        spy = _TextSpy()
        card.draw_front(spy, 0.0, 0.0, 0.0)
        assert spy.strings, card.key
        for x, y, text, font, pt in spy.strings:
            assert pt >= MIN_BODY_PT, (card.key, text, pt)
            w = stringWidth(text, font, pt)
            assert SAFE <= x and x + w <= width - SAFE, (card.key, text)
            assert SAFE <= y <= height - SAFE - pt * 0.8, (card.key, text)


def test_a_long_name_takes_two_lines_never_below_the_minimum():
    from herald.generator.render.fonts import register_fonts
    font = register_fonts().title_bold
    box = F.face_layout(*F.SIZES["poker"]).name
    lines, size = F.name_fit("LA CROISÉE DES QUATRE CHEMINS", font, box)
    assert len(lines) == 2 and size >= MIN_BODY_PT
    assert all(stringWidth(line, font, size) <= box.w for line in lines)
    assert F.name_fit("LE CAVALIER", font, box) == (("LE CAVALIER",), F.NAME_MAX)


def test_a_name_too_long_for_the_card_is_refused(stand_in):
    long_name = SimpleNamespace(**{**vars(stand_in.cards[0]),
                                   "name": {"en": "Rider " * 12, "fr": "x"}})
    db = _db([long_name])
    with pytest.raises(InputError, match=r"card 1 \(en\): name .* does not fit"):
        F.print_cards(db, "en")


def test_plain_removes_the_marks(stand_in):
    def page(cards, number):
        card = cards[number - 1]
        return _render(lambda c: card.draw_front(c, 0, 0, 0), card.width, card.height, dpi=100)

    marked = F.print_cards(stand_in, "en")
    plain = F.print_cards(stand_in, "en", plain=True)
    layout = F.face_layout(*F.SIZES["tarot"])
    scale = 100 / 72
    m = layout.marks
    crop = (int(m.x * scale), int((layout.height - m.y - m.h) * scale),
            int((m.x + m.w) * scale) + 1, int((layout.height - m.y) * scale) + 1)
    for number in (4, 10, 21):
        with_marks, without = page(marked, number), page(plain, number)
        diff = ImageChops.difference(with_marks, without)
        box = diff.getbbox()
        assert box is not None, number            # the marks were drawn ...
        # ... only in the marks' box, and the plain card has nothing there
        assert (box[0] >= crop[0] - 1 and box[2] <= crop[2] + 1
                and box[1] >= crop[1] - 1 and box[3] <= crop[3] + 1), (number, box, crop)
        assert without.crop(crop).getextrema()[0] > 200
    # a weapon carries two marks (house, sword); a life card only its house
    def ink(card_number):
        return sum(page(marked, card_number).crop(crop).histogram()[:200])
    assert ink(4) > ink(21) * 1.5 and ink(10) > ink(21) * 1.3


def test_backs_are_one_drawing_that_keeps_to_the_bleed(stand_in):
    cards = [c for c in F.print_cards(stand_in, "fr", size="poker")
             if not c.key.startswith("aid-")]        # the aids print text on both sides
    assert {c.back_key for c in cards} == {"back"}
    card = cards[0]
    bleed = 8.0
    # drawn with bleed in the middle of a page: paint covers the bled card, no more
    image = _render(lambda c: card.draw_back(c, 20, 20, bleed), card.width + 40,
                    card.height + 40, dpi=72)
    box = image.point(lambda v: 255 if v < 250 else 0).getbbox()
    expected = (12, 12, card.width + 28, card.height + 28)
    assert all(abs(got - want) <= 1 for got, want in zip(box, expected)), (box, expected)


def test_unknown_size_is_refused(stand_in):
    with pytest.raises(InputError, match="card size 'mini'"):
        F.print_cards(stand_in, "en", size="mini")


def test_the_shipped_database_prints_36_faces():
    path = database_path("lenormand")
    if not path.exists():
        pytest.skip("assets/lenormand/database.yaml is not written yet")
    db = load_database(path)
    for locale in db.locales:
        for size in F.SIZES:
            cards = F.print_cards(db, locale, size=size)
            assert [c.key[:2] for c in cards] == [f"{n:02d}" for n in range(1, 37)]
    insets = {parse_inset(c.inset) for c in db.cards}
    assert len(insets) == 36
    # the marks printed are the database's houses and roles
    marked = {c.number: F.card_marks(db.house_of(c.number).id, c.role) for c in db.cards}
    assert marked[4] == ("civilisation", "support") and marked[6] == ("civilisation", "support")
    assert marked[10] == ("civilisation", "weapon") and marked[11] == ("nature", "weapon")
    assert marked[21] == ("nature",) and marked[36] == ("civilisation",)
