"""Checking the command line's values: every bad value is one line, exit 2."""
from __future__ import annotations

import click
from herald.engine.games import GAMES

from .database import database_path, incomplete_locales, load_database
from .errors import InputError
from .render.geometry import MIN_BLEED, mm


def choose(option: str, value: str, choices) -> str:
    value = str(value).lower()
    if value not in choices:
        raise InputError(f"{option}: unknown value {value!r}; choose one of: "
                         + ", ".join(choices))
    return value


def parse_bleed(text) -> float:
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise InputError(f"--bleed: {text!r} is not a number of millimetres") from None
    low = MIN_BLEED / mm
    if not low <= value <= 10:     # also refuses nan and inf
        raise InputError(f"--bleed: {text} mm is outside {low:g} to 10 mm (home sheets "
                         f"need at least {low:g} mm around each card to cut cleanly)")
    return value


def seats_text(counts) -> str:
    """``(3, 4, 5)`` as "3 to 5", ``(2,)`` as "2", ``(2, 4)`` as "2 or 4"."""
    counts = sorted(set(counts))
    if len(counts) > 2 and counts[-1] - counts[0] == len(counts) - 1:
        return f"{counts[0]} to {counts[-1]}"
    return " or ".join(map(str, counts))


def parse_seed(value: int) -> int:
    """A seed is a whole number ≥ 0: Python's random seeds with the absolute
    value, so -1 would silently deal the same game as 1."""
    if value < 0:
        raise InputError(f"--seed: a whole number from 0, not {value}")
    return value


def parse_offset(text) -> tuple[float, float]:
    parts = str(text).replace(" ", "").split(",")
    try:
        if len(parts) != 2:
            raise ValueError
        x, y = float(parts[0]), float(parts[1])
    except ValueError:
        raise InputError(f"--back-offset: {text!r} is not two numbers of millimetres "
                         "like 0.5,-1") from None
    if abs(x) > 20 or abs(y) > 20:
        raise InputError(f"--back-offset: {text!r} is more than 20 mm; measure again on "
                         "the calibration sheet")
    return (x, y)


def resolve_games(game: str | None) -> list[str]:
    """Every installed game that has a card database, or the one named (the
    commands that take them print: the one named must bring its look)."""
    from .kits import kit, known_game
    if game is None:
        return [g for g in sorted(GAMES) if database_path(g).is_file()]
    kit(known_game(game))
    return [game]


def resolve_locales(game: str, lang: str) -> list[str]:
    """The locales of ``game`` to build: one, or 'all' of its complete locales.

    A locale being added (listed in the database, or with a folder, but still
    missing strings) is skipped by 'all' with a warning on stderr, and refused
    when asked for by name: a kit is never printed half translated.
    """
    from .i18n import LOCALE_CODE, locale_gaps
    if lang != "all" and not LOCALE_CODE.fullmatch(str(lang)):
        raise InputError(f"--lang: {lang!r} is not a locale code like fr or en, nor all")
    complete = list(load_database(database_path(game)).locales)
    gaps = {loc: locale_gaps(game, loc) for loc in complete + incomplete_locales(game)}
    ready = [loc for loc in complete if not gaps[loc]]
    if lang == "all":
        for loc, missing in gaps.items():
            if missing:
                click.echo(f"herald: warning: {game} {loc}: skipped, {len(missing)} "
                           f"string(s) to translate ('herald i18n check --lang {loc}' "
                           "lists them)", err=True)
        return ready
    if gaps.get(lang):
        raise InputError(f"--lang: {game} {lang} is incomplete, {len(gaps[lang])} string(s) "
                         f"to translate ('herald i18n check --lang {lang}' lists them); "
                         f"first: {gaps[lang][0]}")
    if lang not in ready:
        raise InputError(f"--lang: {game} has no locale {lang!r}; locales: "
                         f"{', '.join(ready)}, or all")
    return [lang]
