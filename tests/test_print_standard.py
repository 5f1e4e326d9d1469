"""Issue 22: one print standard for every kit. Thin frame rules stay
FRAME_MIN_INSET (5 mm) inside the trim on every deck's faces and backs, so a
cut that drifts never shows an uneven frame; the covers and every PDF carry
one build date."""
from __future__ import annotations

import datetime as dt
import os
import subprocess
import sys

import numpy as np
import pypdf
import pypdfium2 as pdfium
import pytest
from conftest import SAMPLE_ENV
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render import geometry as G
from herald.generator.render.dates import FIXED_DATE
from herald.generator.render.imposition import write_printshop
from reportlab.lib.units import mm

DPI = 300
PX = 25.4 / DPI            # mm a pixel

DECKS = [("oriflamme", {}), ("oriflamme", {"ink": "saver"}), ("aset", {}),
         ("lenormand", {}), ("lenormand", {"size": "poker"}), ("lenormand", {"size": "bridge"})]


def _sample(cards):
    """The first front of each size and every distinct back: what frames there
    are (tokens and tiles to cut apart have their printed cut lines instead)."""
    fronts, backs, seen = [], [], set()
    for card in (c for c in cards if c.deck):
        size = (card.width, card.height)
        if ("f", size) not in seen:
            seen.add(("f", size))
            fronts.append(card)
        if card.back_key not in seen:
            seen.add(card.back_key)
            backs.append(card)
    return fronts + [c for c in backs if c not in fronts]


def _rules_near_trim(grey: np.ndarray, trim_px: float) -> list[float]:
    """Depths (mm from the trim) of thin rules crossed on the way in from
    each side's middle: a pixel darker or lighter by 40 grey levels than the
    pixels 0.35 mm either side of it, both of which agree."""
    h, w = grey.shape
    t = int(round(trim_px))
    reach = int(5.0 / PX) - 2        # up to just short of 5 mm (issue 22)
    step = int(round(0.35 / PX))    # rules up to 0.6 mm wide; a band's edge is no rule
    n = reach + step
    profiles = [grey[h // 2, t:t + n], grey[h // 2, w - t - 1:w - t - 2 - n:-1],
                grey[t:t + n, w // 2], grey[h - t - 1:h - t - 2 - n:-1, w // 2]]
    found = []
    for p in profiles:
        p = p.astype(float)
        for i in range(step + 2, reach):
            a, b, c = p[i - step], p[i], p[i + step]
            if abs(a - c) < 15 and abs(b - (a + c) / 2) > 40:
                found.append(round(i * PX, 2))
                break
    return found


@pytest.mark.parametrize("game, options", DECKS, ids=[f"{g}-{'-'.join(o.values()) or 'default'}"
                                                     for g, o in DECKS])
def test_no_frame_rule_within_5_mm_of_the_trim(tmp_path, game, options):
    db = load_database(database_path(game))
    game_kit = kit(game)
    if game_kit.deck_database is not None:
        db = game_kit.deck_database(db, options)
    cards = _sample(game_kit.print_cards(db, "en", **options))
    path = tmp_path / "shop.pdf"
    write_printshop(path, cards)
    pdf = pdfium.PdfDocument(str(path))
    for index in range(len(pdf)):
        image = pdf[index].render(scale=DPI / 72).to_pil().convert("L")
        rules = _rules_near_trim(np.asarray(image), G.PRINTSHOP_BLEED / mm / PX)
        assert not rules, (game, options, index, rules)


# -- one print-shop file per card size ------------------------------------------------

def test_one_print_shop_file_per_card_size(tmp_path):
    """Asèt's 61x112 cards and its 44x68 decree and Order cards used to share
    one print-shop file; a print shop runs one size at a time."""
    from herald.generator.decks import build_deck
    written = build_deck("aset", "en", paper="a4", backs="none", bleed_mm=3,
                         back_offset_mm=(0, 0), out=tmp_path, images=False)
    shops = sorted(p.name for p in written if "printshop" in p.name)
    assert shops == ["aset-cards-printshop-44x68.pdf", "aset-cards-printshop.pdf"]
    for name in shops:
        pages = pypdf.PdfReader(tmp_path / "aset" / "en" / name).pages
        trims = {(round(float(p.trimbox.width) / mm), round(float(p.trimbox.height) / mm))
                 for p in pages}
        assert trims == ({(44, 68)} if "44x68" in name else {(61, 112)}), name


# -- one build date ---------------------------------------------------------------------

def _dated(folder, expected: dt.date) -> None:
    for pdf in folder.glob("*.pdf"):
        created = pypdf.PdfReader(pdf).metadata["/CreationDate"]
        assert created.startswith(f"D:{expected:%Y%m%d}"), (pdf.name, created)
    cover = pypdf.PdfReader(folder / "lenormand-cards-a4.pdf").pages[0].extract_text()
    assert expected.isoformat() in cover


def test_without_source_date_epoch_the_cover_and_creation_date_are_herald_s_date(tmp_path):
    """Herald's fixed date when SOURCE_DATE_EPOCH is not set: the date the
    cover prints is the PDF's CreationDate, whatever day it is built."""
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    result = subprocess.run([sys.executable, "-m", "herald.generator.cli", "cards", "lenormand",
                             "--lang", "en", "--backs", "none", "--out", str(tmp_path)],
                            env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stderr
    _dated(tmp_path / "lenormand" / "en", FIXED_DATE)


def test_with_source_date_epoch_the_cover_and_creation_date_are_its_date(whole_kit):
    """SOURCE_DATE_EPOCH when set (the session's whole kit is built with it,
    conftest.SAMPLE_ENV): every PDF of a locale, rules included, and the cover."""
    epoch = int(SAMPLE_ENV["SOURCE_DATE_EPOCH"])
    _dated(whole_kit[0] / "lenormand" / "en", dt.datetime.fromtimestamp(epoch, dt.UTC).date())


def test_a_bad_source_date_epoch_is_one_line(tmp_path):
    env = {**os.environ, "SOURCE_DATE_EPOCH": "yesterday"}
    result = subprocess.run([sys.executable, "-m", "herald.generator.cli", "cards", "lenormand",
                             "--out", str(tmp_path)], env=env, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert "SOURCE_DATE_EPOCH" in result.stderr
    assert not any(tmp_path.iterdir())
