"""Oriflamme's printed deck: the base box, another box or a mix of ten kinds
(``herald cards --cards``)."""
from __future__ import annotations

from .deck import deck_database


def print_cards(db, locale, cards=None, **options):
    """The deck; ``cards`` (``herald cards --cards alliance``) deals another
    box or a mix of ten kinds (engine/oriflamme/boxes.py)."""
    from .faces import print_cards as deck
    if cards is None:
        return deck(db, locale, **options)
    chosen = deck_database(db, {"cards": cards})
    # the Magistrate's five shared Condemnation tokens, at the foot of the tile sheet
    condemnation = db.boxes["alliance"].tokens["condemnation"][locale] \
        if "magistrate" in chosen.card_ids else None
    return deck(chosen, locale, condemnation=condemnation, **options)
