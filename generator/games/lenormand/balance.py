"""The Lenormand duel's part of ``herald balance``'s report: the names of the
attack lines the engine's observer records (engine/lenormand/facts.py), in
the report's locale."""
from __future__ import annotations

from ...database import database_path, load_database

TEXT = {
    "fr": {"game": {"title": "Combinaisons qui décident les parties",
                    "text": "Part des parties gagnées par le coup qui prend la dernière carte "
                            "de vie, selon la combinaison de ce coup (les parties arrêtées par "
                            "la limite de tours n'en ont pas)."},
           "seat": {"title": "Victoires selon les combinaisons jouées",
                    "text": "Part des parties gagnées par un joueur qui a attaqué au moins "
                            "une fois avec cette combinaison."}},
    "en": {"game": {"title": "Attack lines that decide games",
                    "text": "Share of games won by the blow that takes the last life card, by "
                            "the line of that blow (games stopped by the turn limit have "
                            "none)."},
           "seat": {"title": "Wins by the attack lines played",
                    "text": "Share of games won by a player who attacked at least once with "
                            "this line."}},
}


def balance_labels(locale: str) -> dict:
    db = load_database(database_path("lenormand"))
    names = {c.id: c.name.get(locale) or c.name["en"] for c in db.duel.combinations}
    return dict(TEXT.get(locale, TEXT["en"]), names=names)
