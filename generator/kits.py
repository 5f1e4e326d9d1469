"""The registry of games on the generator's side: each game's look.

A game registered in :data:`herald.engine.games.GAMES` names its
generator-side module in its ``look`` (Herald's own games:
``herald.generator.games.<game>``): the one place for what only that game
prints; a game that names none (a game package bringing no drawing code)
gets the generic look, :mod:`herald.generator.look`, which reads
everything from the package's assets folder. :func:`kit` reads that module
into a :class:`herald.generator.looks.Look`, the class that declares what a
look provides; the generic commands (cards, rules, diagram, i18n, build) ask
it for what they need and name no game.
"""
from __future__ import annotations

import importlib
from functools import cache
from types import ModuleType

from herald.engine.games import GAMES

from .errors import InputError
from .lazy import lazy  # noqa: F401  where looks of older packages import it from
from .looks import Look


def known_game(game, where: str = "") -> str:
    """``game`` if it is a registered game that works; otherwise the one line
    that says why not: set aside by the registry (its package is broken), or
    unknown (with the games there are). ``where`` prefixes the line
    (``file:line: game: ``)."""
    if isinstance(game, str) and game in GAMES:
        return game
    broken = GAMES.broken
    if isinstance(game, str) and game in broken:
        raise InputError(f"{where}{broken[game]}")
    shown = "missing" if game is None else f"unknown game {game!r}"
    raise InputError(f"{where}{shown}; games: {', '.join(sorted(GAMES))}")


GENERIC_LOOK = "herald.generator.look"


def kit(game: str) -> Look:
    """The look of ``game``: the module its ``look`` names, else the generic
    look (:mod:`herald.generator.look`, with the game object's own rule
    options), read as a :class:`~herald.generator.looks.Look` (one object
    per module, so that ``kit(game) is kit(game)``)."""
    return _read(look_module(game))


def look_module(game: str) -> ModuleType:
    """The module of ``game``'s look (see :func:`kit`)."""
    look = getattr(GAMES[known_game(game)], "look", None)
    if not look:
        # a game package that brings no drawing code: Herald's generic look,
        # which reads everything from the package's assets folder
        return importlib.import_module(GENERIC_LOOK).for_game(game)
    try:
        return importlib.import_module(look)
    except Exception as exc:    # a stranger's package: one line, never a traceback
        raise InputError(f"game {game!r}: its look {look!r} cannot be imported: "
                         f"{type(exc).__name__}: {exc}") from None


@cache
def _read(module: ModuleType) -> Look:
    return Look(module.__name__, module)
