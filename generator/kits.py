"""The registry of games on the generator's side: each game's look.

A game registered in :data:`herald.engine.games.GAMES` names its
generator-side module in its ``look`` (Herald's own games:
``herald.generator.games.<game>``): the one place for what only that game
prints; a game that names none (a game package bringing no drawing code)
gets the generic look, :mod:`herald.generator.look`, which reads
everything from the package's assets folder. The generic commands (cards,
rules, diagram, i18n, build) ask that module for what they need and name
no game. A kit module provides:

``Database``
    the pydantic schema of ``assets/<game>/database.yaml`` (subclass of
    :class:`herald.generator.database.Strict`), with ``locales`` and ``name``;
``print_cards(db, locale, **options) -> list[PrintCard]``
    every card of the deck, front and back, each with its own trim size;
``CARD_OPTIONS`` (optional)
    the deck options ``print_cards`` takes as keyword arguments (``herald
    cards --plain``, ``--size``, ``--ink``), each mapped to the values the
    command's help lists for this deck ("tarot (61 × 112 mm), …"; "" for
    none); asking a game for an option it does not list is bad input;
``check_card_options(options) -> None`` (optional)
    raises InputError (``--size: unknown card size …``, one line) for a bad
    value among ``options``; called for every deck before any is written;
``write_rules(path, db, locale, paper, ...)``, ``write_reference(...)``
    the rules booklet and the quick reference (see ``cmd_rules``);
``reference_story(db, locale, rules_text) -> [Flowable]`` (optional)
    the quick reference's words as the shared design's flowables
    (``render.reference``: masthead, panels, numbered steps), which the web
    edition reads back as its ``reference.html``; without it, no such page;
``catalogs``
    the names of the per-locale catalogs under ``assets/<game>/locales/``;
``colour_sets(db) -> {name: {label: colour}}``
    every set of colours a player must tell apart (families, houses, backs,
    a diagram's marks), each colour a hex string or an sRGB triple;
    ``tests/test_colour_sets.py`` holds each set apart in every vision;
``cover_notes(db, locale, **options) -> render.cover.CoverNotes`` (optional)
    the contents and collation-code guide for the cover page of the card
    sheets, given the deck options ``print_cards`` took (a plain deck holds
    less); without it, the covers list the ``components`` section of the
    rules. ``print_cards`` also receives ``ink="saver"`` when asked. The
    credits of every cover are the ``credits`` of the game's rules catalog.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from herald.engine.games import GAMES

from .errors import InputError
from .lazy import lazy  # noqa: F401  where looks of older packages import it from


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


def kit(game: str) -> ModuleType:
    """The generator-side module of ``game``: the module its ``look`` names,
    else the generic look (:mod:`herald.generator.look`, with the game
    object's own rule options)."""
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
