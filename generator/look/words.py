"""The generic look's words for diagrams and narration, and the one place
where a package's own texts (zone labels, card names) are translated.

Herald's generic words are French source + the generic PO files, as every
printed word of the generator (:func:`herald.generator.translations.source_texts`);
a locale without them falls back to English. A package's texts are in its own
source language and translated through its own PO files (``locales/<lang>.po``
in its assets): :func:`package_text` looks them up.
"""
from __future__ import annotations

from ..errors import InputError
from ..translations import GENERIC, source_texts, translate_tree

# The contexts of a package's texts in its PO files (look/texts.py lists
# them for ``herald i18n extract GAME``): a zone's label (found through
# ``look.diagram.zone_labels``), a card list's words by column
# (``card list name``).
ZONE_CTX = "zone"
CARD_CTX = "card list "

_WORDS = source_texts(GENERIC, "look", {
    "fr": {
        "table": "Sur la table",
        "none": "rien",
        "down": {"one": "{n} carte face cachée", "other": "{n} cartes face cachée"},
        "to_move": "À {player} de décider.",
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


def package_text(game: str | None, locale: str, ctx: str, text: str) -> str:
    """``text``, one of the package's own texts in its source language, in
    ``locale``: the package's PO file's translation under ``ctx``, else the
    text itself (a locale the package has no translation for, or a text not
    translated yet)."""
    if not isinstance(game, str) or not text:
        return text
    try:
        found = translate_tree(game, locale, ctx, text)
    except InputError:      # no usable PO file for this game or locale: the source text
        found = None
    return found if isinstance(found, str) and found else text
