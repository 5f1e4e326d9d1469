"""The printed words of Lenormand's look written in code (not in its catalogs): data
only, listed in the look's ``words`` so that `herald i18n extract` finds them
without importing any drawing code."""
from __future__ import annotations

from ...words import source_texts

WEB = source_texts("lenormand", "web", {
    "fr": {"life": "{house} : cartes de vie visibles {cards}", "none": "aucune",
           "hand": "{player}, en main : {cards}", "to_move": "à {player} de jouer",
           "down": "face cachée", "aids": "Aides de jeu", "aid": "Aide de jeu",
           "cards": "Les 36 cartes"},
})


BALANCE = source_texts("lenormand", "balance", {
    "fr": {"game": {"title": "Combinaisons qui décident les parties",
                    "text": "Part des parties gagnées par le coup qui prend la dernière carte "
                            "de vie, selon la combinaison de ce coup (les parties arrêtées par "
                            "la limite de tours n'en ont pas)."},
           "seat": {"title": "Victoires selon les combinaisons jouées",
                    "text": "Part des parties gagnées par un joueur qui a attaqué au moins "
                            "une fois avec cette combinaison."}},
})

# every block above, for `herald i18n extract`
ALL = (WEB, BALANCE)
