"""The generic look's words for diagrams and narration, and the one place
where a package's own texts (zone labels, card names) are translated.

Herald's generic words are French source + the generic PO files, as every
printed word of the generator (:func:`herald.generator.translations.source_texts`);
a locale without them falls back to English. A package's texts are in its own
source language and translated through its own PO files (``locales/<lang>.po``
in its assets): :func:`zone_text` and :func:`card_text` look them up.
"""
from __future__ import annotations

from ..generic_words import LOOK as _WORDS
from . import texts


def words(locale: str) -> dict:
    """The generic look's words in ``locale`` (English where it has none)."""
    lang = locale.split("-")[0].split("_")[0]
    return _WORDS.get(lang) or _WORDS["en"]


def zone_text(game: str | None, locale: str, label: str) -> str:
    """A zone's label, in the package's language, in ``locale``."""
    return texts.zone_label(game, locale, label) if game else label


def card_text(game: str | None, locale: str, card_id: str, column: str, text: str) -> str:
    """A card's words (its ``column`` in the card list) in ``locale``."""
    return texts.card_text(game, locale, card_id, column, text) if game else text


def player_names(state, db, locale: str) -> list[str]:
    """The players as the narration names them: each name capitalised."""
    return [p[:1].upper() + p[1:] for p in state.players]
