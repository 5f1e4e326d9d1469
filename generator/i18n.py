"""Which strings each locale lacks: the card database, the narration catalog
and the rules text, compared with the reference locale (English).

Adding a locale is adding files: its texts in the card database and its
catalogs under ``assets/<game>/locales/<locale>/``; this module says what is
still missing (a key the reference has) or stale (a key the reference no
longer has).
"""
from __future__ import annotations

import re
from pathlib import Path

from .database import database_path
from .errors import InputError
from .locale_texts import REFERENCE, compare, keys, text_gaps
from .paths import display, game_assets
from .yamlfile import load_yaml

LOCALE_CODE = re.compile(r"[a-z]{2,3}(-[A-Z]{2})?")    # as the database schema's Locale


def database_gaps(game: str, locale: str) -> list[str]:
    """Missing texts of ``locale`` in the card database, read raw so that every
    gap is listed rather than the load stopping at the first."""
    data, _ = load_yaml(database_path(game))
    return text_gaps(data, locale)


def catalog_gaps(game: str, locale: str, name: str, skip=("grammar",)) -> list[str]:
    """Missing and stale keys of ``locale``'s catalog ``name`` (e.g. narration)."""
    reference = _catalog(game, REFERENCE, name)
    mine = _catalog(game, locale, name)
    if mine is None:
        return [f"missing: {name} catalog ({display(_path(game, locale, name))})"]
    return compare(keys(reference, skip), keys(mine, skip), name)


def locale_folder(game: str, locale: str) -> Path:
    """``assets/<game>/locales/<locale>``; a locale that is not a locale code
    (``../../x``) is refused, so that no path leads outside the assets."""
    if not isinstance(locale, str) or not LOCALE_CODE.fullmatch(locale):
        raise InputError(f"--lang: {locale!r} is not a locale code like fr, en or pt-BR")
    return game_assets(game) / "locales" / locale


def catalogs(game: str) -> list[str]:
    """The catalog names the reference locale has (narration, rules, …)."""
    folder = game_assets(game) / "locales" / REFERENCE
    return sorted(p.stem for p in folder.glob("*.yaml"))


def locale_gaps(game: str, locale: str) -> list[str]:
    """Everything ``locale`` lacks or has too many of: database texts, catalog
    keys, and catalogs the reference locale does not have."""
    gaps = database_gaps(game, locale)
    for name in catalogs(game):
        gaps += catalog_gaps(game, locale, name)
    folder = locale_folder(game, locale)
    for extra in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
        if extra.stem not in catalogs(game):
            gaps.append(f"stale: {extra.stem} catalog ({display(extra)}): the reference "
                        f"locale {REFERENCE} has none")
    return gaps


def _path(game, locale, name) -> Path:
    return locale_folder(game, locale) / f"{name}.yaml"


def _catalog(game, locale, name):
    path = _path(game, locale, name)
    if not path.is_file():
        return None
    data, _ = load_yaml(path)
    return data


