"""The Lenormand duel's part of ``herald balance``'s report: the names of the
attack lines the engine's observer records (engine/lenormand/facts.py), in
the report's locale."""
from __future__ import annotations

from ...database import database_path, load_database
from ...translations import source_texts

TEXT = source_texts("lenormand", "balance", {
    "fr": {"game": {"title": "Combinaisons qui décident les parties",
                    "text": "Part des parties gagnées par le coup qui prend la dernière carte "
                            "de vie, selon la combinaison de ce coup (les parties arrêtées par "
                            "la limite de tours n'en ont pas)."},
           "seat": {"title": "Victoires selon les combinaisons jouées",
                    "text": "Part des parties gagnées par un joueur qui a attaqué au moins "
                            "une fois avec cette combinaison."}},
})


def balance_labels(locale: str) -> dict:
    db = load_database(database_path("lenormand"))
    names = {c.id: c.name.get(locale) or c.name["en"] for c in db.duel.combinations}
    return dict(TEXT.get(locale, TEXT["en"]), names=names)
