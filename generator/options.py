"""Checking the command line's values: every bad value is one line, exit 2."""
from __future__ import annotations

from herald.engine.games import GAMES

from .database import database_path, load_database
from .errors import InputError


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
    if not 0 <= value <= 10:
        raise InputError(f"--bleed: {value:g} mm is outside 0 to 10 mm")
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
    """Every built-in game that has a card database, or the one named."""
    known = [g for g in sorted(GAMES) if database_path(g).is_file()]
    if game is None:
        return known
    if game not in known:
        raise InputError(f"unknown game {game!r}; games: {', '.join(known)}")
    return [game]


def resolve_locales(game: str, lang: str) -> list[str]:
    """The locales of ``game`` to build: one, or 'all' of its complete locales.

    The database schema already refuses a locale with a missing text, so every
    locale it lists is complete.
    """
    locales = list(load_database(database_path(game)).locales)
    if lang == "all":
        return locales
    if lang not in locales:
        raise InputError(f"--lang: {game} has no locale {lang!r}; locales: "
                         f"{', '.join(locales)}, or all")
    return [lang]
