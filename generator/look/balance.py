"""``herald balance`` for a game package without a look of its own: the report
has its common figures (win rate by seat, by bot, by rule option, scores and
lengths), named in Herald's words, and no game-specific ones.

A built-in game's kit names the tags its engine's observer records (the
kinds of card in a starting hand, the line that ended a duel) for two more
figures; a package brings no such names, so those figures are left out
rather than drawn with bare ids. A package that wants them brings its own
look with a ``balance_labels``.
"""
from __future__ import annotations


def balance_labels(db, locale: str) -> dict:
    """No game-specific figures: ``{}`` (see the module's docstring)."""
    return {}
