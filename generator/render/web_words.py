"""The web edition's own words (its navigation, search and labels), by locale,
as the covers' words are (:mod:`.cover`); a locale without its own falls
back to English."""
from __future__ import annotations

from ..translations import GENERIC, source_texts

_WORDS = source_texts(GENERIC, "web", {
    "fr": {
        "reference": "Aide-mémoire",
        "print": "À imprimer",
        "figure": "Figure (défile de côté sur un écran étroit)",
        "skip": "Aller au texte",
        "contents": "Sommaire",
        "rules": "Règles",
        "examples": "Exemples commentés",
        "cards": "Cartes",
        "language": "Langue",
        "search": "Chercher dans les règles",
        "search_placeholder": "Une carte, un mot…",
        "results_none": "Aucun résultat.",
        "results_one": "1 résultat.",
        "results_many": "{n} résultats.",
        "back_to_rule": "↑ Retour à la règle",
        "in_words": "La position en mots",
        "diagram": "Schéma (défile de côté sur un écran étroit)",
        "gallery_link": "Voir toutes les cartes dans la galerie.",
        "sections": "Sections",
        "top": "Retour en haut",
        "kind_section": "Section",
        "kind_example": "Exemple",
        "kind_card": "Carte",
        "kind_ruling": "Point de règle",
        "made": "Fait avec Herald : chaque exemple commenté est rejoué par son moteur de règles.",
        "permalink": "Lien vers cette section",
        "clarifications": "Précisions",
        "card_rulings": "Points de règle",
        "see_ruling": "Voir le point de règle",
        "card_examples": "Exemples commentés avec cette carte",
        "all_examples": "Tous les exemples commentés de cette règle",
        "diagram_key": "Légende des schémas",
        "step_prev": "Étape précédente",
        "step_next": "Étape suivante",
        "step_of": "Étape {n} sur {total}",
        "all_steps": "Toutes les étapes",
        "enlarge": "Agrandir le schéma",
    },
})


def web_words(locale: str) -> dict[str, str]:
    """The edition's words in ``locale`` (English when it has none)."""
    return _WORDS.get((locale or "en").split("-")[0].lower(), _WORDS["en"])

