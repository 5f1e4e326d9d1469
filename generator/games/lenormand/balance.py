"""The Lenormand duel's part of ``herald balance``'s report: the names of the
attack lines the engine's observer records (engine/lenormand/facts.py), in
the report's locale."""
from __future__ import annotations

from .words import BALANCE as TEXT


def balance_labels(db, locale: str) -> dict:
    names = {c.id: c.name.get(locale) or c.name["en"] for c in db.duel.combinations}
    return dict(TEXT.get(locale, TEXT["en"]), names=names)
