"""The web edition's own words (its navigation, search and labels), by locale,
as the covers' words are (:mod:`.cover`); a locale without its own falls
back to English."""
from __future__ import annotations

from .words import WEB as _WORDS


def web_words(locale: str) -> dict[str, str]:
    """The edition's words in ``locale`` (English when it has none)."""
    return _WORDS.get((locale or "en").split("-")[0].lower(), _WORDS["en"])

