"""Home sheets, print-shop pages and the calibration sheet, read back from
the PDFs (pypdf for boxes and text, pypdfium2 for positions and pixels)."""
from __future__ import annotations

import math
import re

import pypdf
import pypdfium2 as pdfium
import pytest
from conftest import herald_here
from herald.generator.errors import InputError
from herald.generator.render import geometry as G
from herald.generator.render.calibration import target_positions, write_calibration
from herald.generator.render.cards import PrintCard
from herald.generator.render.imposition import (
    MARK_INSET,
    MARK_MIN,
    MARK_WIDTH,
    OUTER_BLEED_MIN,
    fit_bleed,
    fold_label_box,
    footer_box,
    sheet_layout,
    write_printshop,
    write_sheets,
)
from PIL import Image, ImageChops, ImageDraw, ImageOps
from reportlab.lib.units import mm

TOL = 0.05 * mm
NEAR = 1.5 * mm        # a marker's glyph box centre vs its card's centre (cells are 65 mm apart)
DPI = 100
PX = 72 / DPI          # points per pixel at DPI


# ------------------------------------------------------------------ dummies

def dummy(n: int, fill=True, overdraw=0.0) -> PrintCard:
    """A card that fills its bleed box (plus ``overdraw`` points beyond, which
    the imposition must clip) and shows "F07"/"B07" centred in the trim."""
    def draw(tag, rgb, ink):
        def _draw(c, x, y, b):
            if fill:
                c.setFillColorRGB(*rgb)
                e = b + overdraw
                c.rect(x - e, y - e, G.CARD_W + 2 * e, G.CARD_H + 2 * e, stroke=0, fill=1)
            c.setFillColorRGB(*ink)
            c.setFont("Helvetica-Bold", 20)
            c.drawCentredString(x + G.CARD_W / 2, y + G.CARD_H / 2 - 0.36 * 20, f"{tag}{n:02d}")
        return _draw
    return PrintCard(f"card-{n}", f"back-{n}", f"card {n}",
                     draw("F", (0.55, 0.75, 0.95), (0, 0, 0.4)),
                     draw("B", (0.95, 0.70, 0.50), (0.4, 0, 0)))


def deck(n, **kw):
    return [dummy(i, **kw) for i in range(1, n + 1)]


def markers(page) -> list[str]:
    return re.findall(r"[FB]\d\d", page.extract_text())


def marker_boxes(pdf_path, index) -> dict[str, tuple[float, float, bool]]:
    """Every marker on a page: its centre (points) and whether it reads
    upright (first character left of the last)."""
    page = pdfium.PdfDocument(str(pdf_path))[index]
    tp = page.get_textpage()
    text = tp.get_text_range()
    found = {}
    # get_text_range may add line breaks; map back through the search API.
    for m in set(re.findall(r"[FB]\d\d", text)):
        s = tp.search(m)
        hit = s.get_next()
        assert hit is not None
        i, count = hit
        boxes = [tp.get_charbox(i + k) for k in range(count)]
        x0 = min(b[0] for b in boxes)
        y0 = min(b[1] for b in boxes)
        x1 = max(b[2] for b in boxes)
        y1 = max(b[3] for b in boxes)
        found[m] = ((x0 + x1) / 2, (y0 + y1) / 2, boxes[0][0] < boxes[-1][0])
    return found


def render(pdf_path, index, dpi=DPI) -> Image.Image:
    page = pdfium.PdfDocument(str(pdf_path))[index]
    return page.render(scale=dpi / 72).to_pil().convert("RGB")


def to_px(img, x, y):
    """Point coordinates (origin lower-left) to pixel coordinates."""
    return x / PX, img.height - y / PX


def paint(draw, img, rect, grow=1.5):
    x0, y0, x1, y1 = rect
    a = to_px(img, x0, y1)
    b = to_px(img, x1, y0)
    draw.rectangle([a[0] - grow, a[1] - grow, b[0] + grow, b[1] + grow], fill="white")


def all_white(img) -> bool:
    return ImageOps.invert(img.convert("L")).getbbox() is None


def slot_centre(layout, column, row):
    x, y = layout.trim_origin(column, row)
    return x + G.CARD_W / 2, y + G.CARD_H / 2


def mirror(layout, point, backs):
    x, y = point
    if backs == "duplex-long":
        return layout.width - x, y
    return x, layout.height - y


@pytest.fixture(scope="module")
def out(tmp_path_factory):
    return tmp_path_factory.mktemp("imposition")


# ------------------------------------------------------------------- fitting

def test_bleed_figures():
    # Issue 22: marks 6 mm inside the paper (PRINTER_MARGIN) and at least
    # MARK_MIN long leave tarot cards 2.0 mm of bleed on A4, 3.0 on Letter.
    assert round(fit_bleed("a4", 3 * mm) / mm, 6) == 2.0
    assert round(fit_bleed("letter", 3 * mm) / mm, 6) == 3.0
    assert round(fit_bleed("a4", 2 * mm) / mm, 6) == 2.0
    assert round(fit_bleed("letter", 2.25 * mm) / mm, 6) == 2.2     # 0.1 mm steps, rounded down
    for paper in ("a4", "letter"):
        layout = sheet_layout(paper, fit_bleed(paper, 3 * mm))
        assert layout.marks_both_sides
        right = layout.width - layout.left - layout.block_w
        assert abs(layout.left - right) < 1e-6            # the grid is centred
        assert layout.mark_h >= MARK_MIN - 1e-6 and layout.mark_v >= MARK_MIN - 1e-6


def test_the_help_quotes_the_bleed_the_files_get():
    from herald.generator.render.imposition import bleed_figures
    assert bleed_figures() == {"a4": 2.0, "letter": 3.0}
    result = herald_here("cards", "--help")
    text = " ".join(result.stdout.split())
    assert "A4: 2.0 mm, Letter: 3.0 mm" in text, text


@pytest.mark.parametrize("size, paper, expected", [
    ((61, 112), "a4", (False, 3, 2)), ((61, 112), "letter", (False, 3, 2)),
    ((63, 88), "a4", (True, 2, 4)), ((57, 89), "a4", (False, 3, 3)),
    ((44, 68), "a4", (False, 4, 3)), ((44, 68), "letter", (False, 4, 3)),
    ((63, 88), "letter", (True, 2, 3)), ((57, 89), "letter", (True, 2, 4)),
    ((63.5, 88.9), "letter", (True, 2, 3)), ((63.5, 88.9), "a4", (True, 2, 4))])
def test_densest_grid(size, paper, expected):
    """Each size on as many cards a page as fit with MIN_BLEED, the outer
    bleed inside the printable area with room past the trim for a crop mark
    on every side, upright or turned a quarter, whichever holds more
    (upright on a tie). Issue 22: poker cards on A4 were 2 x 3 where 8 fit;
    bridge cards on Letter were 3 x 2 upright where 8 fit turned. Issue 33:
    44 x 68 mm cards on A4 (and poker cards on Letter) lay 4 x 4 (2 x 4)
    with their outer bleed clipped to 0.5 mm and no marks above or below."""
    card = (size[0] * mm, size[1] * mm)
    lay = sheet_layout(paper, fit_bleed(paper, 3 * mm, card), card=card)
    assert (lay.turned, lay.columns, lay.rows) == expected
    assert lay.card_size == pytest.approx(card)
    W, H = G.PAPERS[paper]
    # paper edge to printed area: the margin, then a mark across the bleed
    reach = G.PRINTER_MARGIN + 3.5 * mm - G.MIN_BLEED
    best = 0
    for w, h in (card, card[::-1]):       # both ways, counted from the paper
        cw, ch = w + 2 * G.MIN_BLEED, h + 2 * G.MIN_BLEED
        room_w, room_h = W - 2 * reach + 1e-6, H - 2 * reach + 1e-6   # 3 x 65 mm fill A4
        columns, rows = int(room_w // cw), int(room_h // ch)
        assert columns * cw <= room_w and (columns + 1) * cw > room_w
        assert rows * ch <= room_h and (rows + 1) * ch > room_h
        best = max(best, columns * rows)
        if (w, h) == tuple(card) and not lay.turned:
            assert (columns, rows) == (lay.columns, lay.rows)
        if (w, h) == tuple(card[::-1]) and lay.turned:
            assert (columns, rows) == (lay.columns, lay.rows)
    assert lay.columns * lay.rows == best


def test_a5_folds_tarot_cards_turned():
    """A5 holds three tarot cards turned a quarter (two upright), and
    folded one turned (two rows of upright tarot cards do not fit)."""
    a5 = (148 * mm, 210 * mm)
    b = fit_bleed(a5, 3 * mm)
    flat, fold = sheet_layout(a5, b), sheet_layout(a5, b, fold=True)
    assert (flat.turned, flat.columns, flat.rows) == (True, 1, 3)
    assert (fold.turned, fold.columns, fold.rows) == (True, 1, 2)


def test_lenormand_poker_is_eight_a_page_on_a4_six_on_letter():
    """Eight poker cards on Letter left 0.7 mm of the outer rows' bleed
    inside the printable area and no room for marks above and below."""
    from herald.generator.games.lenormand.sizes import SIZES
    card = SIZES["poker"]
    for paper, count in (("a4", 8), ("letter", 6)):
        lay = sheet_layout(paper, fit_bleed(paper, 3 * mm, card), card=card)
        assert lay.turned and lay.columns * lay.rows == count
        assert min(lay.left, lay.bottom) >= G.PRINTER_MARGIN - 1e-6
        assert lay.mark_h >= MARK_MIN - 1e-6 and lay.mark_v >= MARK_MIN - 1e-6


@pytest.mark.parametrize("paper, bleed", [("a4", 1.5 * mm), ("letter", 1.9 * mm),
                                          ((60 * mm, 120 * mm), 3 * mm), ("tabloid", 3 * mm)])
def test_bleed_or_paper_too_small(paper, bleed):
    with pytest.raises(InputError) as e:
        fit_bleed(paper, bleed)
    assert "\n" not in str(e.value)


LAYOUTS = [("a4", (61, 112)), ("letter", (61, 112)), ("a4", (63, 88)), ("letter", (63, 88)),
           ("a4", (57, 89)), ("letter", (57, 89)), ("a4", (44, 68))]


@pytest.mark.parametrize("paper, size", LAYOUTS)
@pytest.mark.parametrize("fold", [False, True])
def test_layout_geometry(paper, size, fold):
    """Every cut line has a crop mark at both ends, at least MARK_MIN long,
    PRINTER_MARGIN (6 mm) inside the paper, never reaching into a card;
    every trim line lies OUTER_BLEED_MIN inside the printable area."""
    card = (size[0] * mm, size[1] * mm)
    b = fit_bleed(paper, 3 * mm, card)
    lay = sheet_layout(paper, b, fold=fold, card=card)
    card = (lay.card_w, lay.card_h)       # a slot: turned cards lie on their side
    W, H = G.PAPERS[paper]
    assert b >= G.MIN_BLEED - 1e-9
    trims = [(*lay.trim_origin(c, r), lay.trim_origin(c, r)[0] + card[0],
              lay.trim_origin(c, r)[1] + card[1])
             for r in range(lay.rows) for c in range(lay.columns)]
    inner = G.PRINTER_MARGIN + OUTER_BLEED_MIN - 1e-6
    for x0, y0, x1, y1 in trims:
        assert min(x0, y0, W - x1, H - y1) >= inner
    # Neighbouring bleeds touch: two bleeds between trim lines.
    assert lay.trim_origin(1, 0)[0] - (lay.trim_origin(0, 0)[0] + card[0]) == pytest.approx(2 * b)
    if not fold:
        gap = lay.trim_origin(0, 0)[1] - (lay.trim_origin(0, 1)[1] + card[1])
        assert gap == pytest.approx(2 * b)
    marks = lay.crop_marks(lay.columns, lay.rows)
    xs = {round(x, 3) for x0, _, x1, _ in trims for x in (x0, x1)}
    ys = {round(y, 3) for _, y0, _, y1 in trims for y in (y0, y1)}
    vertical = [m for m in marks if m[0][0] == m[1][0]]
    horizontal = [m for m in marks if m[0][1] == m[1][1]]
    assert {round(a[0], 3) for a, _ in vertical} == xs
    assert {round(a[1], 3) for a, _ in horizontal} == ys
    for x in xs:                       # both ends of every cut line
        assert len([m for m in vertical if round(m[0][0], 3) == x]) >= 2
    for y in ys:
        assert len([m for m in horizontal if round(m[0][1], 3) == y]) >= 2
    for (ax, ay), (zx, zy) in marks:
        assert abs(zx - ax) + abs(zy - ay) >= MARK_MIN - 1e-6
        for x, y in ((ax, ay), (zx, zy)):
            assert G.PRINTER_MARGIN - 1e-6 <= x <= W - G.PRINTER_MARGIN + 1e-6
            assert G.PRINTER_MARGIN - 1e-6 <= y <= H - G.PRINTER_MARGIN + 1e-6
        for x0, y0, x1, y1 in trims:   # at least MARK_INSET outside every card
            dx = max(x0 - max(ax, zx), min(ax, zx) - x1, 0)
            dy = max(y0 - max(ay, zy), min(ay, zy) - y1, 0)
            assert max(dx, dy) >= MARK_INSET - 1e-6


def test_marks_are_heavy_and_cut_lines_optional(out):
    plain, lined = out / "marks.pdf", out / "lined.pdf"
    b = fit_bleed("a4", 3 * mm)
    write_sheets(plain, deck(6), "a4", "none", b)
    write_sheets(lined, deck(6), "a4", "none", b, cut_lines=True)
    stream = pypdf.PdfReader(plain).pages[0].get_contents().get_data().decode("latin-1")
    assert re.search(r"(^|\s)\.6 w", stream) and MARK_WIDTH >= 0.5     # 0.25 pt before issue 22
    lay = sheet_layout("a4", b)
    a, z = render(plain, 0), render(lined, 0)
    # between two cards of the top row, half-way down: a line only with cut_lines
    x = lay.trim_origin(0, 0)[0] + lay.card_w
    y = lay.trim_origin(0, 0)[1] + lay.card_h / 2
    px, py = (int(round(v)) for v in to_px(a, x, y))
    box = (px - 1, py - 3, px + 2, py + 3)
    assert a.crop(box).convert("L").getextrema()[0] > 150      # the card's bleed colour
    assert z.crop(box).convert("L").getextrema()[0] < 120      # the cut line


# -------------------------------------------------------------- home sheets

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_sheet_page_size(out, paper):
    path = out / f"size-{paper}.pdf"
    write_sheets(path, deck(2), paper, "none", fit_bleed(paper, 3 * mm))
    W, H = {"a4": (210, 297), "letter": (215.9, 279.4)}[paper]
    for page in pypdf.PdfReader(path).pages:
        assert float(page.mediabox.width) == pytest.approx(W * mm, abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(H * mm, abs=TOL)


@pytest.fixture(scope="module")
def long55(out):
    path = out / "long55.pdf"
    summary = write_sheets(path, deck(55), "a4", "duplex-long", fit_bleed("a4", 3 * mm),
                           title="Test deck", lang="fr")
    return path, summary


def test_six_per_page_and_backs_follow(long55):
    path, summary = long55
    assert summary.pages == 20 and summary.cards == 55 and summary.bleed_mm == pytest.approx(2.0)
    pages = pypdf.PdfReader(path).pages
    assert len(pages) == 20
    fronts, backs = [], []
    for i, page in enumerate(pages):
        found = markers(page)
        expected = 1 if i >= 18 else 6
        assert len(found) == expected, (i, found)
        (fronts if i % 2 == 0 else backs).append(sorted(found))
        assert all(m[0] == ("F" if i % 2 == 0 else "B") for m in found)
    for f, b in zip(fronts, backs):           # each back page backs its front page
        assert [m[1:] for m in f] == [m[1:] for m in b]
    assert sorted(m for f in fronts for m in f) == [f"F{i:02d}" for i in range(1, 56)]


def test_metadata(long55):
    path, _ = long55
    reader = pypdf.PdfReader(path)
    assert reader.metadata.title == "Test deck"
    assert reader.metadata.author == "Herald"
    assert "55 cartes" in reader.metadata.subject      # the sheets' language
    assert reader.trailer["/Root"]["/Lang"] == "fr"


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_back_page_mirrors_front(out, backs):
    path = out / f"{backs}.pdf"
    b = fit_bleed("letter", 3 * mm)
    write_sheets(path, deck(6), "letter", backs, b)
    lay = sheet_layout("letter", b)
    front, back = marker_boxes(path, 0), marker_boxes(path, 1)
    for k in range(6):
        col, row = k % 3, k // 3
        fx, fy, upright = front[f"F{k + 1:02d}"]
        assert (fx, fy) == pytest.approx(slot_centre(lay, col, row), abs=NEAR)
        assert upright
        bx, by, b_upright = back[f"B{k + 1:02d}"]
        assert (bx, by) == pytest.approx(mirror(lay, (fx, fy), backs), abs=NEAR)
        if backs == "duplex-long":     # columns mirrored, rows kept
            assert (bx, by) == pytest.approx(slot_centre(lay, 2 - col, row), abs=NEAR)
            assert b_upright
        else:                          # rows mirrored, columns kept, turned 180
            assert (bx, by) == pytest.approx(slot_centre(lay, col, 1 - row), abs=NEAR)
            assert not b_upright


def test_back_offset_shifts_whole_back_page(out):
    b = fit_bleed("a4", 3 * mm)
    plain, moved = out / "off0.pdf", out / "off1.pdf"
    # 127 dpi: 0.2 mm a pixel, so the offset is a whole number of pixels.
    dx, dy = 2.0, -1.4
    write_sheets(plain, deck(5), "a4", "duplex-long", b)
    write_sheets(moved, deck(5), "a4", "duplex-long", b, back_offset=(dx, dy))
    p0, p1 = marker_boxes(plain, 1), marker_boxes(moved, 1)
    for key, (x, y, _) in p0.items():
        assert p1[key][0] == pytest.approx(x + dx * mm, abs=0.05 * mm)
        assert p1[key][1] == pytest.approx(y + dy * mm, abs=0.05 * mm)
    assert marker_boxes(plain, 0) == marker_boxes(moved, 0)      # fronts untouched
    a, c = render(plain, 1, 127), render(moved, 1, 127)
    sx, sy = round(dx / 0.2), round(-dy / 0.2)                  # pixel rows go down
    shifted = Image.new("RGB", a.size, "white")
    shifted.paste(a, (sx, sy))
    diff = ImageChops.difference(shifted, c).convert("L").point(lambda v: 255 if v > 60 else 0)
    assert diff.getbbox() is None        # marks and footer moved with the cards


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("backs", ["duplex-long", "fold"])
def test_rendered_margins_marks_and_bleed(out, paper, backs):
    b = fit_bleed(paper, 3 * mm)
    lay = sheet_layout(paper, b, fold=backs == "fold")
    # Cards that paint 10 mm past their bleed: the imposition clips them.
    full = out / f"r-{paper}-{backs}.pdf"
    write_sheets(full, deck(6, overdraw=10 * mm), paper, backs, b)
    blank = out / f"r-{paper}-{backs}-blank.pdf"
    write_sheets(blank, deck(6, fill=False), paper, backs, b)
    rows = lay.rows
    cols_on_page = 3
    for index in range(2 if backs == "duplex-long" else 1):
        back = index == 1
        rects = [lay.bleed_rect(cc, r) for r in range(rows) for cc in range(cols_on_page)]
        segs = lay.crop_marks(cols_on_page, rows)
        fbox = footer_box(lay)
        if back:
            W = lay.width
            rects = [(W - x1, y0, W - x0, y1) for x0, y0, x1, y1 in rects]
            segs = [((W - a[0], a[1]), (W - z[0], z[1])) for a, z in segs]
            fbox = fbox and (W - fbox[2], fbox[1], W - fbox[0], fbox[3])
        img = render(full, index)
        # Nothing within PRINTER_MARGIN of the paper edge.
        m = int(G.PRINTER_MARGIN / PX) - 1
        w, h = img.size
        for box in ((0, 0, w, m), (0, h - m, w, h), (0, 0, m, h), (w - m, 0, w, h)):
            assert all_white(img.crop(box)), (index, box)
        # The artwork reaches the bleed edge: corners of each bleed box are painted.
        for x0, y0, x1, y1 in rects:
            for x, y in ((x0 + 1, y0 + 1), (x1 - 1, y1 - 1)):
                px = img.getpixel(tuple(int(v) for v in to_px(img, x, y)))
                assert px != (255, 255, 255)
        # Outside the cards, only crop marks, the page note and the fold line.
        cleaned = img.copy()
        d = ImageDraw.Draw(cleaned)
        for r in rects:
            paint(d, cleaned, r)
        for (ax, ay), (zx, zy) in segs:
            paint(d, cleaned, (min(ax, zx), min(ay, zy), max(ax, zx), max(ay, zy)))
        if fbox:
            paint(d, cleaned, fbox)
        if backs == "fold":
            paint(d, cleaned, (0, lay.fold_y - 1, lay.width, lay.fold_y + 1))
            paint(d, cleaned, fold_label_box(lay, "fold"))
        assert all_white(cleaned), (paper, backs, index,
                                    ImageOps.invert(cleaned.convert("L")).getbbox())
        # Crop marks (and everything else outside the cards) never reach into a card.
        empty = render(blank, index)
        b = lay.bleed
        rects = [(x0 + b, y0 + b, x1 - b, y1 - b) for x0, y0, x1, y1 in rects]
        d = ImageDraw.Draw(empty)
        for x0, y0, x1, y1 in rects:   # blank cards still show their marker text: hide it
            cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
            paint(d, empty, (cx - 20 * mm, cy - 6 * mm, cx + 20 * mm, cy + 6 * mm))
        for x0, y0, x1, y1 in rects:
            a = to_px(empty, x0, y1)
            z = to_px(empty, x1, y0)
            assert all_white(empty.crop((int(a[0]) + 1, int(a[1]) + 1,
                                         int(z[0]) - 1, int(z[1]) - 1)))


def test_fold_layout(out):
    path = out / "fold.pdf"
    b = fit_bleed("a4", 3 * mm)
    summary = write_sheets(path, deck(7), "a4", "fold", b, lang="en")
    assert summary.pages == 3
    reader = pypdf.PdfReader(path)
    assert [sorted(markers(p)) for p in reader.pages] == [
        ["B01", "B02", "B03", "F01", "F02", "F03"],
        ["B04", "B05", "B06", "F04", "F05", "F06"],
        ["B07", "F07"]]
    assert "fold" in reader.pages[0].extract_text()
    lay = sheet_layout("a4", b, fold=True)
    found = marker_boxes(path, 0)
    for col in range(3):
        fx, fy, f_up = found[f"F{col + 1:02d}"]
        bx, by, b_up = found[f"B{col + 1:02d}"]
        assert fy > lay.fold_y > by                         # fronts above, backs below
        assert f_up and not b_up                            # backs turned 180 degrees
        assert bx == pytest.approx(fx, abs=NEAR)        # same column
        assert fy - lay.fold_y == pytest.approx(lay.fold_y - by, abs=NEAR)  # mirrored


def test_fronts_only(out):
    path = out / "none.pdf"
    summary = write_sheets(path, deck(13), "letter", "none", fit_bleed("letter", 3 * mm))
    reader = pypdf.PdfReader(path)
    assert summary.pages == len(reader.pages) == 3
    assert [len(markers(p)) for p in reader.pages] == [6, 6, 1]


def test_byte_identical(out):
    cards = deck(8)
    b = fit_bleed("a4", 3 * mm)
    for name, write in [
        ("sheets", lambda p: write_sheets(p, cards, "a4", "duplex-short", b,
                                          back_offset=(0.5, -0.3))),
        ("fold", lambda p: write_sheets(p, cards, "a4", "fold", b)),
        ("shop", lambda p: write_printshop(p, cards)),
        ("cal", lambda p: write_calibration(p, "letter", back_offset=(1, 2))),
    ]:
        one, two = out / f"{name}-1.pdf", out / f"{name}-2.pdf"
        write(one)
        write(two)
        assert one.read_bytes() == two.read_bytes(), name


def test_one_drawing_per_distinct_card(out):
    calls = {"front": 0, "back": 0}

    def front(c, x, y, b):
        calls["front"] += 1
        c.rect(x, y, 10, 10, fill=1)

    def back(c, x, y, b):
        calls["back"] += 1
        c.rect(x, y, 10, 10, fill=1)

    cards = [PrintCard(f"c{i}", "shared-back", f"c{i}", front, back) for i in range(12)]
    write_sheets(out / "shared.pdf", cards, "a4", "duplex-long", 2 * mm)
    assert calls == {"front": 12, "back": 1}


def test_errors_and_atomic_write(out):
    b = fit_bleed("a4", 3 * mm)
    with pytest.raises(InputError):
        write_sheets(out / "x.pdf", deck(1), "a4", "triplex", b)
    with pytest.raises(InputError):
        write_sheets(out / "x.pdf", [], "a4", "none", b)
    with pytest.raises(InputError):
        write_sheets(out / "x.pdf", deck(1), "a4", "none", 1 * mm)
    with pytest.raises(InputError):
        write_sheets(out / "x.pdf", deck(1), "a4", "duplex-long", b, back_offset=(30, 0))
    with pytest.raises(InputError):
        write_sheets(out / "x.pdf", deck(1), "a4", "none", 4 * mm)   # does not fit A4

    def broken(c, x, y, b):
        raise ValueError("boom")

    target = out / "atomic" / "deck.pdf"
    target.parent.mkdir()
    target.write_bytes(b"old")
    bad = deck(3) + [PrintCard("bad", "back-bad", "bad card", broken, broken)]
    with pytest.raises(RuntimeError, match="bad card"):
        write_sheets(target, bad, "a4", "duplex-long", b)
    assert target.read_bytes() == b"old"
    assert sorted(p.name for p in target.parent.iterdir()) == ["deck.pdf"]


# --------------------------------------------------------------- print shop

def test_printshop_boxes(out):
    path = out / "shop.pdf"
    summary = write_printshop(path, deck(4), title="Shop", lang="en")
    reader = pypdf.PdfReader(path)
    assert summary.pages == len(reader.pages) == 8
    for page in reader.pages:
        mb, tb, bb = page.mediabox, page.trimbox, page.bleedbox
        assert (float(mb.left), float(mb.bottom)) == (0, 0)
        assert float(mb.width) == pytest.approx(67 * mm, abs=TOL)
        assert float(mb.height) == pytest.approx(118 * mm, abs=TOL)
        assert float(tb.left) == pytest.approx(3 * mm, abs=TOL)
        assert float(tb.bottom) == pytest.approx(3 * mm, abs=TOL)
        assert float(tb.width) == pytest.approx(61 * mm, abs=TOL)
        assert float(tb.height) == pytest.approx(112 * mm, abs=TOL)
        assert [float(v) for v in bb] == pytest.approx([float(v) for v in mb], abs=TOL)
    assert [markers(p) for p in reader.pages] == [["F01"], ["F02"], ["F03"], ["F04"],
                                                  ["B01"], ["B02"], ["B03"], ["B04"]]
    # Artwork fills the page: the bleed reaches every edge.
    img = render(path, 0)
    w, h = img.size
    for xy in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):
        assert img.getpixel(xy) != (255, 255, 255)


# -------------------------------------------------------------- calibration

@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_calibration_pages(out, paper):
    path = out / f"cal-{paper}.pdf"
    write_calibration(path, paper, back_offset=(0, 0))
    reader = pypdf.PdfReader(path)
    assert len(reader.pages) == 2
    W, H = G.PAPERS[paper]
    for page in reader.pages:
        assert float(page.mediabox.width) == pytest.approx(W, abs=TOL)
        assert float(page.mediabox.height) == pytest.approx(H, abs=TOL)
    front = reader.pages[0].extract_text().replace("\n", " ")
    # one locale (English by default), and the printer's own remedy, no command line
    assert "long edge" in front and "duplex alignment" in front
    assert "--" not in front and "recto verso" not in front
    assert "not moved" in front
    assert "long edge" in reader.pages[1].extract_text()
    french = out / f"cal-{paper}-fr.pdf"
    write_calibration(french, paper, back_offset=(1.5, -0.5), lang="fr")
    front = pypdf.PdfReader(french).pages[0].extract_text().replace("\n", " ")
    assert "Calibrage recto verso" in front and "retournement bord long" in front
    assert "Duplex" not in front and "--" not in front
    assert "X 1,5, Y −0,5 mm" in front or "X 1,5, Y -0,5 mm" in front


@pytest.mark.parametrize("offset", [(0, 0), (2.0, -1.0)])
def test_calibration_targets_line_up(out, offset):
    path = out / f"cal-{offset[0]}.pdf"
    write_calibration(path, "a4", back_offset=offset)
    front = render(path, 0).convert("L")
    back = render(path, 1).convert("L")
    w, h = front.size

    def dark(img, x, y):
        px, py = to_px(img, x, y)
        px, py = int(round(px)), int(round(py))
        return img.crop((px - 1, py - 1, px + 2, py + 2)).getextrema()[0] < 160

    for x, y in target_positions("a4"):
        assert G.MIN_MARGIN + 15 * mm <= x <= G.PAPERS["a4"][0] - G.MIN_MARGIN - 15 * mm
        assert dark(front, x, y)
        # On the back page, the target behind (x, y) sits at (W - x, y), moved by the offset.
        bx = G.PAPERS["a4"][0] - x + offset[0] * mm
        by = y + offset[1] * mm
        assert dark(back, bx, by)
    m = int(G.MIN_MARGIN / PX) - 1
    for img in (front, back):
        for box in ((0, 0, w, m), (0, h - m, w, h), (0, 0, m, h), (w - m, 0, w, h)):
            assert ImageOps.invert(img.crop(box)).getbbox() is None


# ------------------------------------------------- cards turned a quarter

def sized(n: int, size, overdraw=0.0) -> PrintCard:
    """``dummy`` at another trim ``size`` (points): "F07"/"B07" centred and
    reading along the card's own width."""
    w, h = size

    def draw(tag, rgb):
        def _draw(c, x, y, b):
            c.setFillColorRGB(*rgb)
            e = b + overdraw
            c.rect(x - e, y - e, w + 2 * e, h + 2 * e, stroke=0, fill=1)
            c.setFillColorRGB(0, 0, 0.3)
            c.setFont("Helvetica-Bold", 20)
            c.drawCentredString(x + w / 2, y + h / 2 - 0.36 * 20, f"{tag}{n:02d}")
        return _draw
    return PrintCard(f"card-{n}", f"back-{n}", f"card {n}", draw("F", (0.55, 0.75, 0.95)),
                     draw("B", (0.95, 0.70, 0.50)), width=w, height=h)


def reading(pdf_path, index) -> dict[str, tuple[float, float, tuple[int, int]]]:
    """Every marker's centre (points) and the way it reads on the page, as a
    unit step (1, 0) right, (0, 1) up, (-1, 0) left, (0, -1) down. Loose
    boxes (advance width by the font's height): their centre is where
    drawCentredString put it, whatever the glyphs' ink."""
    page = pdfium.PdfDocument(str(pdf_path))[index]
    tp = page.get_textpage()
    found = {}
    for m in set(re.findall(r"[FB]\d\d", tp.get_text_range())):
        i, count = tp.search(m).get_next()
        boxes = [tp.get_charbox(i + k, loose=True) for k in range(count)]
        centres = [((b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for b in boxes]
        dx, dy = centres[-1][0] - centres[0][0], centres[-1][1] - centres[0][1]
        step = ((int(math.copysign(1, dx)), 0) if abs(dx) > abs(dy)
                else (0, int(math.copysign(1, dy))))
        found[m] = ((min(b[0] for b in boxes) + max(b[2] for b in boxes)) / 2,
                    (min(b[1] for b in boxes) + max(b[3] for b in boxes)) / 2, step)
    return found


POKER = (63 * mm, 88 * mm)


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_turned_cards_register_back_to_front(out, backs):
    """Poker cards on A4 lie a quarter turn, 8 a page; after the flip
    each back's centre falls on its front's (to 0.3 mm, read from the PDF),
    and its top on the same edge of the cut card as the front's top."""
    path = out / f"turned-{backs}.pdf"
    b = fit_bleed("a4", 3 * mm, POKER)
    summary = write_sheets(path, [sized(i, POKER) for i in range(1, 9)], "a4", backs, b)
    assert summary.pages == 2
    lay = sheet_layout("a4", b, card=POKER)
    front, back = reading(path, 0), reading(path, 1)
    assert len(front) == len(back) == 8
    for k in range(8):
        fx, fy, f_step = front[f"F{k + 1:02d}"]
        x, y = lay.trim_origin(k % lay.columns, k // lay.columns)
        assert (fx, fy) == pytest.approx((x + lay.card_w / 2, y + lay.card_h / 2), abs=0.3 * mm)
        assert f_step == (0, 1)                 # turned: the top to the left, text reads up
        bx, by, b_step = back[f"B{k + 1:02d}"]
        # The flip: x mirrored (long edge) or y mirrored (short edge).
        flipped = (lay.width - bx, by) if backs == "duplex-long" else (bx, lay.height - by)
        assert flipped == pytest.approx((fx, fy), abs=0.3 * mm)
        # Its top (the reading direction turned a quarter anticlockwise),
        # seen through the sheet (the same mirror), on the front's top edge.
        up = (-b_step[1], b_step[0])
        seen = (-up[0], up[1]) if backs == "duplex-long" else (up[0], -up[1])
        assert seen == (-f_step[1], f_step[0]) == (-1, 0)


def test_turned_cards_fold(out):
    """Landscape cards 100 x 30 mm on A4 fold turned (5 a sheet, not 1):
    each back mirrors its front across the fold line and lies as it does."""
    card = (100 * mm, 30 * mm)
    b = fit_bleed("a4", 3 * mm, card)
    lay = sheet_layout("a4", b, fold=True, card=card)
    assert lay.turned and lay.columns == 5
    path = out / "turned-fold.pdf"
    write_sheets(path, [sized(i, card) for i in range(1, 6)], "a4", "fold", b)
    found = reading(path, 0)
    for k in range(1, 6):
        fx, fy, f_step = found[f"F{k:02d}"]
        bx, by, b_step = found[f"B{k:02d}"]
        assert fy > lay.fold_y > by
        assert bx == pytest.approx(fx, abs=0.3 * mm)
        assert fy - lay.fold_y == pytest.approx(lay.fold_y - by, abs=0.3 * mm)
        assert f_step == b_step == (0, 1)


@pytest.mark.parametrize("backs", ["duplex-long", "duplex-short"])
def test_turned_sheet_margins_and_marks(out, backs):
    """Poker cards turned on A4: nothing printed within 6 mm of the
    paper's edge on either side of the sheet (cards painting 10 mm past
    their bleed and the cut lines are clipped), every crop mark inside it,
    and the bleed painted to each slot's bleed edge."""
    b = fit_bleed("a4", 3 * mm, POKER)
    lay = sheet_layout("a4", b, card=POKER)
    path = out / f"turned-margins-{backs}.pdf"
    write_sheets(path, [sized(i, POKER, overdraw=10 * mm) for i in range(1, 9)], "a4", backs,
                 b, cut_lines=True)
    for (ax, ay), (zx, zy) in lay.crop_marks(2, 4):
        for x, y in ((ax, ay), (zx, zy)):
            assert G.PRINTER_MARGIN - 1e-6 <= x <= lay.width - G.PRINTER_MARGIN + 1e-6
            assert G.PRINTER_MARGIN - 1e-6 <= y <= lay.height - G.PRINTER_MARGIN + 1e-6
    for index in (0, 1):
        img = render(path, index)
        m = int(G.PRINTER_MARGIN / PX) - 1
        w, h = img.size
        for box in ((0, 0, w, m), (0, h - m, w, h), (0, 0, m, h), (w - m, 0, w, h)):
            assert all_white(img.crop(box)), (index, box)
        for r in range(lay.rows):
            for c in range(lay.columns):
                x0, y0, x1, y1 = lay.bleed_rect(c, r)
                if index == 1 and backs == "duplex-long":
                    x0, x1 = lay.width - x1, lay.width - x0
                if index == 1 and backs == "duplex-short":
                    y0, y1 = lay.height - y1, lay.height - y0
                # the bleed's corners, or where the printable area clips them
                pm = G.PRINTER_MARGIN + 1
                x0, y0 = max(x0, pm) + 1, max(y0, pm) + 1
                x1, y1 = min(x1, lay.width - pm) - 1, min(y1, lay.height - pm) - 1
                for x, y in ((x0, y0), (x1, y1), (x0, y1), (x1, y0)):
                    assert img.getpixel(tuple(int(v) for v in to_px(img, x, y))) != (255, 255, 255)


def test_the_cover_says_to_cut_columns_first_where_rows_are_marked_between():
    """Only a card too large for a full layout (here two rows of 37 mm cards
    folded on a 100 mm square) gets a cramped one: no room for marks above
    and below the cards, the vertical cut lines are marked between the rows,
    which cutting the rows out first would cut away. Every game's sizes lay
    out in full."""
    from herald.generator.render.imposition import columns_first
    letter, a4 = fit_bleed("letter", 3 * mm), fit_bleed("a4", 3 * mm)
    square, card = (100 * mm, 100 * mm), (37 * mm, 37 * mm)
    bleed = fit_bleed(square, 3 * mm, card)
    assert columns_first(square, [card], "fold", bleed)
    assert sheet_layout(square, bleed, fold=True, card=card).mark_v == 0
    assert not columns_first(square, [card], "none", bleed)
    for paper, bleed in (("a4", a4), ("letter", letter)):
        for size in (POKER, (44 * mm, 68 * mm), (57 * mm, 89 * mm), (G.CARD_W, G.CARD_H)):
            for backs in ("duplex-long", "fold"):
                assert not columns_first(paper, [size], backs, bleed), (paper, size, backs)
