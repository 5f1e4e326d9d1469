"""Issue 22: one print standard for every kit. Thin frame rules stay
FRAME_MIN_INSET (5 mm) inside the trim on every deck's faces and backs, so a
cut that drifts never shows an uneven frame; the covers and every PDF carry
one build date."""
from __future__ import annotations

import numpy as np
import pypdfium2 as pdfium
import pytest
from reportlab.lib.units import mm

from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render import geometry as G
from herald.generator.render.imposition import write_printshop

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
    profiles = [grey[h // 2, t:t + reach + step], grey[h // 2, w - t - 1:w - t - 2 - reach - step:-1],
                grey[t:t + reach + step, w // 2], grey[h - t - 1:h - t - 2 - reach - step:-1, w // 2]]
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
    if hasattr(game_kit, "deck_database"):
        db = game_kit.deck_database(db, options)
    cards = _sample(game_kit.print_cards(db, "en", **options))
    path = tmp_path / "shop.pdf"
    write_printshop(path, cards)
    pdf = pdfium.PdfDocument(str(path))
    for index in range(len(pdf)):
        image = pdf[index].render(scale=DPI / 72).to_pil().convert("L")
        rules = _rules_near_trim(np.asarray(image), G.PRINTSHOP_BLEED / mm / PX)
        assert not rules, (game, options, index, rules)
