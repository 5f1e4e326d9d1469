"""The web edition's own words (its navigation, search and labels), by locale,
as the covers' words are (:mod:`.cover`); a locale without its own falls
back to English."""
from __future__ import annotations

_WORDS: dict[str, dict[str, str]] = {
    "en": {
        "skip": "Skip to the text",
        "contents": "Contents",
        "rules": "Rules",
        "examples": "Worked examples",
        "cards": "Cards",
        "language": "Language",
        "search": "Search the rules",
        "search_placeholder": "A card, a word…",
        "results_none": "No match.",
        "results_one": "1 match.",
        "results_many": "{n} matches.",
        "back_to_rule": "↑ Back to the rule",
        "in_words": "The position in words",
        "diagram": "Diagram (scrolls sideways on a narrow screen)",
        "gallery_link": "See every card in the gallery.",
        "sections": "Sections",
        "top": "Back to the top",
        "kind_section": "Section",
        "kind_example": "Example",
        "kind_card": "Card",
        "kind_ruling": "Ruling",
        "made": "Made with Herald: every worked example is replayed by its rules engine.",
    },
    "fr": {
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
    },
}


def web_words(locale: str) -> dict[str, str]:
    """The edition's words in ``locale`` (English when it has none)."""
    return _WORDS.get((locale or "en").split("-")[0].lower(), _WORDS["en"])


def words_locale(locale: str) -> str:
    """The language the edition's own words are in (for a ``lang`` attribute)."""
    base = (locale or "en").split("-")[0].lower()
    return base if base in _WORDS else "en"
