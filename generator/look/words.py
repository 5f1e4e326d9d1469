"""The generic look's words for diagrams and narration, and the one place
where a package's own texts (zone labels, card names) are translated.

Herald's generic words are French source + the generic PO files, as every
printed word of the generator (:func:`herald.generator.translations.source_texts`);
a locale without them falls back to English. A package's texts are in its own
source language and translated through its own PO files (``locales/<lang>.po``
in its assets): :func:`zone_text` and :func:`card_text` look them up.
"""
from __future__ import annotations

from ..translations import GENERIC, source_texts

_WORDS = source_texts(GENERIC, "look", {
    "fr": {
        "table": "Sur la table",
        "none": "rien",
        "down": {"one": "{n} carte face cachée", "other": "{n} cartes face cachée"},
        "to_move": {"one": "À {player} de décider.", "other": "À {player} de décider."},
        "decision": "{player} : {decision}.",
        "added": "{where} : {cards} en plus.",
        "now": "{where} : désormais {cards}.",
        "added_down": "{where} : {down} en plus.",
        "score": "{where} : {old} → {new}.",
        "owned": "{player}, {zone}",
        "zone": "{zone} : {content}",
        "band": "{who} — {zones}.",
        "key_title": "Lire les schémas",
        "key_up": "Une carte face visible : sa valeur et son nom.",
        "key_down": "Une carte face cachée ; le nombre dit combien il y en a.",
        "key_new": "Cerclée : arrivée là à cette étape.",
        "key_score": "Un score ; en couleur, ce que l’étape lui a ajouté.",
        "key_mover": "Le joueur qui doit décider.",
        "key_empty": "Une place vide.",
    },
})


def words(locale: str) -> dict:
    """The generic look's words in ``locale`` (English where it has none)."""
    lang = locale.split("-")[0].split("_")[0]
    return _WORDS.get(lang) or _WORDS["en"]


def zone_text(game: str | None, locale: str, label: str) -> str:
    """A zone's label, in the package's language, in ``locale``."""
    texts = _package_texts()
    return texts.zone_label(game, locale, label) if texts and game else label


def card_text(game: str | None, locale: str, card_id: str, column: str, text: str) -> str:
    """A card's words (its ``column`` in the card list) in ``locale``."""
    texts = _package_texts()
    return texts.card_text(game, locale, card_id, column, text) if texts and game else text


def _package_texts():
    """The generic look's module of package translations (look/texts.py: its
    PO files and their contexts), or None where it is not there (a branch of
    Herald without it: the package's own words, untranslated)."""
    try:
        from . import texts
    except ImportError:
        return None
    return texts
