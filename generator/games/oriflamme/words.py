"""The printed words of Oriflamme's look written in code (not in its catalogs): data
only, listed in the look's ``words`` so that `herald i18n extract` finds them
without importing any drawing code."""
from __future__ import annotations

from ...words import source_texts

COVER_SORTING = source_texts("oriflamme", "cover sorting", {
    "fr": "Triez les cartes par le code de leur coin sup\u00e9rieur gauche\u00a0: {first} \u00e0 "
          "{last} sont les cartes de {family} ({names}), {aid} son aide de jeu\u00a0; "
          "de m\u00eame {others} pour les autres familles.",
})


COVER_CONDEMNATION = source_texts("oriflamme", "cover condemnation", {
    "fr": "5 jetons de {name}, communs \u00e0 tous les joueurs (ceux du Magistrat), au pied de "
          "la pi\u00e8ce des tuiles",
})


DIAGRAM_SEATS = source_texts("oriflamme", "diagram seats", {
    "fr": {"north": "Nord", "south": "Sud"}})


WEB = source_texts("oriflamme", "web", {
    "fr": {"queue": "La File, de gauche à droite : {cards}.", "empty": "La File est vide.",
           "up": "{card} ({family})", "down": "carte face cachée ({family})",
           "tokens": "{n} d’influence dessus", "under": "posée sur {cards}",
           "gone": {"eliminated": "éliminée", "discarded": "défaussée"},
           "reserved": "Réservées : {cards}.", "influence": "Influence : {players}.",
           "aids": "Aides de jeu", "aid": "Aide de jeu"},
})


BALANCE = source_texts("oriflamme", "balance", {
    "fr": {"seat": {"title": "Victoires selon les cartes de la main de départ",
                    "text": "Part des parties gagnées par un joueur qui avait cette carte en "
                            "main au départ (les autres étaient mises de côté). Une carte "
                            "au-dessus de la ligne porte les parties ; l'écart n'est sûr que "
                            "si l'intervalle ne coupe pas la ligne."}},
})

# every block above, for `herald i18n extract`
ALL = (COVER_SORTING, COVER_CONDEMNATION, DIAGRAM_SEATS, WEB, BALANCE)
