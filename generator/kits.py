"""The registry of games on the generator's side: each game's look.

A game registered in :data:`herald.engine.games.GAMES` names its
generator-side look class in its ``look`` (Herald's own games:
``herald.generator.games.<game>:<Game>Look``): the one place for what only
that game prints; a game that names none (a game package bringing no drawing code)
gets the generic look, :mod:`herald.generator.look`, which reads
everything from the package's assets folder. A look is a subclass of
:class:`herald.generator.looks.Look`, the class that declares what a look
provides; :func:`kit` makes the one a game names, and the generic commands
(cards, rules, diagram, i18n, build) ask it for what they need and name no
game.
"""
from __future__ import annotations

import importlib
from functools import cache

from herald.engine.games import GAMES

from .errors import InputError
from .lazy import lazy  # noqa: F401  where looks of older packages import it from
from .looks import Look, ModuleLook


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


# Herald's generic look: a game object that names no ``look`` gets it
GENERIC_LOOK = "herald.generator.look:GenericLook"


def kit(game: str) -> Look:
    """The look of ``game``: an instance of the :class:`~herald.generator.looks.Look`
    subclass its game object names in ``look`` (``"package.module:Class"``),
    else of the generic look (:class:`herald.generator.look.GenericLook`,
    with the game object's own rule options); one per game, so that
    ``kit(game) is kit(game)``. A ``look`` naming a module (no class: the
    form before looks were classes) is read through
    :class:`~herald.generator.looks.ModuleLook`."""
    return _make(known_game(game))


def look_name(game: str) -> str:
    """What ``game``'s look is, as its game object names it (the generic
    look's name when it names none)."""
    # the game object's ``look`` is optional (engine/interface.py): read with getattr
    named = getattr(GAMES[known_game(game)], "look", None)
    return named if named else GENERIC_LOOK


@cache
def _make(game: str) -> Look:
    named = look_name(game)
    if not isinstance(named, str):
        raise InputError(f"game {game!r}: its look must name a class, "
                         f"\"package.module:Class\", not {named!r}")
    path, _, attr = named.partition(":")
    try:
        module = importlib.import_module(path)
        if not attr:
            return ModuleLook(game, module)
        cls = vars(module).get(attr)
        if not (isinstance(cls, type) and issubclass(cls, Look)):
            raise InputError(f"game {game!r}: its look {named!r} is not a class "
                             "derived from herald.generator.looks.Look")
        return cls(game)
    except InputError:
        raise
    except Exception as exc:    # a stranger's package: one line, never a traceback
        first = (str(exc).splitlines() or [""])[0]
        raise InputError(f"game {game!r}: its look {named!r} cannot be made: "
                         f"{type(exc).__name__}: {first}") from None
