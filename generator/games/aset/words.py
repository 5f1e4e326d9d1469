"""The printed words of L'Ordre d'Asèt's look written in code (not in its catalogs): data
only, listed in the look's ``words`` so that `herald i18n extract` finds them
without importing any drawing code."""
from __future__ import annotations

from ...words import source_texts

# words the diagram does not print (its own labels come from rules.yaml)
WEB = source_texts("aset", "web", {
    "fr": {"played_down": "une carte face cachée", "none": "aucune carte", "won": "gagne",
           "cancelled": "annulée", "held": "gardé par {player}", "decrees": "Décrets",
           "orders": "Cartes de l’Ordre", "aids": "Aides de jeu", "aid": "Aide de jeu"},
})

# every block above, for `herald i18n extract`
ALL = (WEB,)
