"""Coats of arms, card backs and inline icons: every arms value the database
uses can be drawn, backs are reproducible PDFs that stay inside their bleed,
and the five families' backs can be told apart in greyscale."""
from __future__ import annotations

import itertools
import os
import subprocess
import sys
import textwrap
import typing
from types import SimpleNamespace

import numpy as np
import pypdfium2
import pytest
from herald.generator.database import database_path, load_database
from herald.generator.games.oriflamme import arms as A
from herald.generator.games.oriflamme import backs as B
from herald.generator.games.oriflamme import icons as I
from herald.generator.games.oriflamme.schema import Arms
from herald.generator.render.geometry import CARD_H, CARD_W, SAFE
from PIL import Image, ImageChops, ImageStat
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

REGISTRY = {"field": A.TINCTURES, "pattern": A.PATTERNS, "ordinary": A.ORDINARIES,
            "charge": A.CHARGES, "tincture": A.TINCTURES}
BLEED = 3 * mm
PAGE = (CARD_W + 2 * BLEED, CARD_H + 2 * BLEED)      # 67 x 118 mm
SCALE = 100 / 72                                       # rasterize at 100 dpi
SMALL = (32, 58)                                       # greyscale thumbnail

# Backs must differ pairwise by more than this mean absolute difference (0-255
# grey levels) once greyscaled and shrunk to 32x58. Measured: the closest
# pair (green/purple) differs by about 17; the same back rasterized at 50 and
# at 100 dpi differs by at most about 3.4 (antialiasing noise). 10 is three
# times that noise and leaves room below the closest pair.
MIN_GREY_DIFFERENCE = 10.0


@pytest.fixture(scope="module")
def db():
    return load_database(database_path("oriflamme"))


def _back_pdf(path, family, db, page=PAGE, at=(BLEED, BLEED)):
    c = Canvas(str(path), pagesize=page, invariant=1)
    B.back_drawer(family, db)(c, at[0], at[1], BLEED)
    c.showPage()
    c.save()
    return path


def _raster(path) -> Image.Image:
    return pypdfium2.PdfDocument(str(path))[0].render(scale=SCALE).to_pil().convert("RGB")


@pytest.fixture(scope="module")
def back_pdfs(db, tmp_path_factory):
    folder = tmp_path_factory.mktemp("backs")
    return {f.id: _back_pdf(folder / f"back-{f.id}.pdf", f, db) for f in db.families}


# -- the arms values ---------------------------------------------------------------

def test_every_arms_value_used_in_the_database_is_implemented(db):
    used = {name: set() for name in REGISTRY}
    for family in db.families:
        assert family.arms is not None, f"{family.id} has no arms"
        A.check_arms(family.arms)
        for name in REGISTRY:
            used[name].add(getattr(family.arms, name))
    for name, values in used.items():
        missing = values - set(REGISTRY[name])
        assert not missing, f"{name}: {sorted(missing)} not implemented"


def test_every_arms_value_the_schema_allows_is_implemented():
    for name, known in REGISTRY.items():
        allowed = typing.get_args(Arms.model_fields[name].annotation)
        assert allowed, name
        assert set(allowed) <= set(known), (name, set(allowed) - set(known))


def test_families_differ_in_shape_not_only_colour(db):
    for name in ("pattern", "ordinary", "charge"):
        values = [getattr(f.arms, name) for f in db.families]
        assert len(set(values)) == len(values), f"two families share a {name}"


@pytest.mark.parametrize("name,value", [("charge", "wyvern"), ("pattern", "vairy"),
                                        ("ordinary", "fret"), ("tincture", "murrey")])
def test_an_unimplemented_value_is_a_value_error_naming_it(db, tmp_path, name, value):
    family = db.families[0]
    arms = family.arms.model_copy(update={name: value})      # bypasses validation
    c = Canvas(str(tmp_path / "x.pdf"), invariant=1)
    with pytest.raises(ValueError, match=value):
        A.draw_arms(c, arms, family.colour, 100, 100, 50)
    with pytest.raises(ValueError, match=value):
        B.back_drawer(family.model_copy(update={"arms": arms}), db)


def test_every_registered_value_draws(tmp_path):
    c = Canvas(str(tmp_path / "all.pdf"), invariant=1)
    base = dict(field="azure", pattern="plain", ordinary="none", charge="none",
                tincture="or")
    for name in ("pattern", "ordinary", "charge"):
        for value in REGISTRY[name]:
            for safe in (True, False):
                arms = SimpleNamespace(**{**base, name: value})
                A.draw_arms(c, arms, "#6A3D9A", 100, 100, 60, greyscale_safe=safe)
    A.draw_arms(c, dict(base), None, 100, 100, 60)            # a dict, the field's own colour
    c.showPage()
    c.save()


def test_field_tones_stay_apart_in_greyscale(db):
    for family in db.families:
        base, shade = A.field_tones(A.hex_rgb(family.colour))
        assert abs(A.luminance(base) - A.luminance(shade)) >= 0.17, family.id


# -- the backs -----------------------------------------------------------------------

def test_back_key_art_fits_inside_the_safe_zone():
    # Issue 12 removed the frame along the edges (see the next test): the
    # shield and its finials stay clear of the misregistration band.
    shield_w = B.SHIELD_HEIGHT * A.SHIELD_RATIO + 2 * B._RIM
    assert shield_w < CARD_W - 2 * B.EDGE_CLEARANCE
    assert B.SHIELD_HEIGHT + 2 * B._RIM < CARD_H - 2 * B.EDGE_CLEARANCE
    assert B.EDGE_CLEARANCE >= SAFE + 1 * mm


def test_backs_have_no_frame_a_misregistration_would_show(db, back_pdfs):
    """Within EDGE_CLEARANCE of the trim a back holds only its field (the
    family colour, its pattern tone and glow): no rule or ornament whose
    distance to the edge a 1 mm duplex shift would make uneven."""
    for family in db.families:
        base = A.hex_rgb(family.colour)
        allowed = [tuple(round(255 * v) for v in c) for c in
                   (base, B._pattern_tone(base), A.mix(base, A.WHITE, 0.10))]
        im = _raster(back_pdfs[family.id])
        px = SCALE * 72 / 25.4                     # pixels per mm
        b, e = round(3 * px), round((3 + B.EDGE_CLEARANCE / mm - 0.5) * px)
        w, h = im.size
        bands = [(b, b, w - b, e), (b, h - e, w - b, h - b),
                 (b, b, e, h - b), (w - e, b, w - b, h - b)]
        worst = 0
        for box in bands:
            band = np.asarray(im.crop(box), dtype=int)[..., None, :]    # (h, w, 1, 3)
            away = np.abs(band - np.asarray(allowed)).max(axis=-1).min(axis=-1)
            worst = max(worst, int(away.max()))
        assert worst <= 40, (family.id, worst)


def test_back_pdfs_are_byte_identical_across_runs(db, back_pdfs, tmp_path):
    for family in db.families:
        again = _back_pdf(tmp_path / f"{family.id}.pdf", family, db)
        assert again.read_bytes() == back_pdfs[family.id].read_bytes(), family.id
    # and in a fresh interpreter (another hash seed)
    out = tmp_path / "fresh.pdf"
    script = textwrap.dedent(f"""
        from reportlab.pdfgen.canvas import Canvas
        from herald.generator.database import database_path, load_database
        from herald.generator.games.oriflamme.backs import back_drawer
        db = load_database(database_path("oriflamme"))
        c = Canvas({str(out)!r}, pagesize={PAGE!r}, invariant=1)
        back_drawer({db.families[-1].id!r}, db)(c, {BLEED!r}, {BLEED!r}, {BLEED!r})
        c.showPage(); c.save()
    """)
    subprocess.run([sys.executable, "-c", script], check=True,
                   env={**os.environ, "PYTHONHASHSEED": "12345"})
    assert out.read_bytes() == back_pdfs[db.families[-1].id].read_bytes()


def test_backs_are_told_apart_in_greyscale(db, back_pdfs):
    def thumb(family_id):
        im = _raster(back_pdfs[family_id]).convert("L")
        return im.resize(SMALL, Image.Resampling.BOX)

    def flattened(im):
        """The thumbnail with its mean grey moved to 128: shapes, not brightness."""
        m = ImageStat.Stat(im).mean[0]
        return im.point(lambda v: max(0, min(255, round(v - m + 128))))

    thumbs = {f: thumb(f) for f in db.family_ids}
    for a, b in itertools.combinations(db.family_ids, 2):
        grey = ImageStat.Stat(ImageChops.difference(thumbs[a], thumbs[b])).mean[0]
        assert grey > MIN_GREY_DIFFERENCE, (a, b, grey)
        shape = ImageStat.Stat(ImageChops.difference(flattened(thumbs[a]),
                                                     flattened(thumbs[b]))).mean[0]
        assert shape > MIN_GREY_DIFFERENCE, (a, b, shape)


def test_nothing_is_drawn_outside_the_bleed(db, tmp_path):
    margin = 20 * mm
    page = (CARD_W + 2 * margin, CARD_H + 2 * margin)
    for family in db.families:
        path = _back_pdf(tmp_path / f"{family.id}.pdf", family, db, page=page,
                         at=(margin, margin))
        im = _raster(path)
        ink = ImageChops.difference(im, Image.new("RGB", im.size, "white")).getbbox()
        assert ink is not None
        # the bleed box in pixels (rows count from the top of the page)
        left = (margin - BLEED) * SCALE
        right = (margin + CARD_W + BLEED) * SCALE
        top = (page[1] - (margin + CARD_H + BLEED)) * SCALE
        bottom = (page[1] - (margin - BLEED)) * SCALE
        x0, y0, x1, y1 = ink                  # x1, y1 exclusive
        # one pixel of slack for antialiasing on the boundary
        assert x0 >= int(left) - 1 and y0 >= int(top) - 1, (family.id, ink)
        assert x1 <= int(right) + 2 and y1 <= int(bottom) + 2, (family.id, ink)
        # and the artwork does run out to the bleed edge
        assert x0 <= left + 1 and y0 <= top + 1, (family.id, ink)
        assert x1 >= right - 1 and y1 >= bottom - 1, (family.id, ink)


def test_back_drawer_takes_an_id_or_a_family(db, tmp_path):
    fam = db.families[1]
    a = _back_pdf(tmp_path / "a.pdf", fam, db)
    b = _back_pdf(tmp_path / "b.pdf", fam.id, db)
    assert a.read_bytes() == b.read_bytes()
    with pytest.raises(KeyError):
        B.back_drawer("no_such_family", db)


# -- icons -----------------------------------------------------------------------

def test_icons_draw_inside_their_advance(tmp_path):
    size = 40.0
    x, base = 20.0, 20.0
    page = (100.0, 100.0)
    for draw, width in ((I.draw_influence, I.influence_width(size)),
                        (I.draw_personnage_mark, I.mark_width(size)),
                        (I.draw_intrigue_mark, I.mark_width(size))):
        path = tmp_path / f"{draw.__name__}.pdf"
        c = Canvas(str(path), pagesize=page, invariant=1)
        draw(c, x, base, size)
        c.showPage()
        c.save()
        im = pypdfium2.PdfDocument(str(path))[0].render(scale=4).to_pil().convert("RGB")
        bbox = ImageChops.difference(im, Image.new("RGB", im.size, "white")).getbbox()
        assert bbox is not None, draw.__name__
        x0, y0, x1, y1 = (v / 4 for v in bbox)
        assert x0 >= x - 0.5 and x1 <= x + width + 0.5, (draw.__name__, bbox)
        # from just under the baseline to no higher than the font size
        assert page[1] - y1 >= base - 0.12 * size, (draw.__name__, bbox)
        assert page[1] - y0 <= base + 0.8 * size, (draw.__name__, bbox)
    assert I.influence_width(10) == pytest.approx(9.0)


def test_kind_marks(tmp_path):
    c = Canvas(str(tmp_path / "k.pdf"), invariant=1)
    for kind in ("personnage", "intrigue"):
        I.draw_kind_mark(c, kind, 10, 10, 7)
    with pytest.raises(ValueError, match="spell"):
        I.draw_kind_mark(c, "spell", 10, 10, 7)
