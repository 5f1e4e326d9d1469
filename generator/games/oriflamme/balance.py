"""Oriflamme's part of ``herald balance``'s report: the names of the card
kinds the engine's observer records in each starting hand
(engine/oriflamme/facts.py), in the report's locale."""
from __future__ import annotations

from .words import BALANCE as TEXT


def balance_labels(db, locale: str) -> dict:
    cards = list(db.cards) + [c for box in db.boxes.values() for c in box.cards]
    names = {c.id: c.name.get(locale) or c.name["en"] for c in cards}
    return dict(TEXT.get(locale, TEXT["en"]), names=names)
