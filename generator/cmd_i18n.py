"""``herald i18n check``: what each locale still lacks."""
from __future__ import annotations

import click

from .database import database_path, load_database
from .errors import InputError
from .i18n import LOCALE_CODE, catalogs, locale_folder, locale_gaps
from .locale_texts import declared_locales
from .options import resolve_games
from .paths import game_assets
from .yamlfile import load_yaml


@click.group()
def i18n():
    """Localization: check the strings of every locale."""


@i18n.command()
@click.option("--lang", default=None, help="Check only this locale (default: every "
              "locale of every game: those its card database lists and those with a "
              "folder under locales/).")
def check(lang):
    """List, per locale, every missing or stale string of the card database,
    the narration catalog and the rules text. Exit 1 when a locale the card
    database lists is incomplete (it is then left out of 'herald build')."""
    if lang is not None:
        locale_folder("-", lang)            # a locale code, not a path
    incomplete = False
    asked_for = False
    for game in resolve_games(None):
        load_database(database_path(game))  # a broken database is an error, exit 2
        data, _ = load_yaml(database_path(game))
        declared = declared_locales(data)
        locales = declared + [x for x in _folders(game) if x not in declared]
        if lang is not None:
            if lang not in locales:
                continue
            locales = [lang]
        asked_for = True
        for locale in locales:
            gaps = locale_gaps(game, locale)
            if gaps:
                incomplete = incomplete or locale in declared
                state = "" if locale in declared else " (not in the database's locales yet)"
                click.echo(f"{game} {locale}: {len(gaps)} string(s) to translate or "
                           f"remove{state}")
                for gap in gaps:
                    click.echo(f"  {gap}")
            else:
                click.echo(f"{game} {locale}: complete "
                           f"({', '.join(['database'] + catalogs(game))})")
    if not asked_for:
        raise InputError(f"--lang: no game has a locale {lang!r}; add it to a card "
                         "database's locales or create its folder under locales/")
    return 1 if incomplete else 0


def _folders(game) -> list[str]:
    """Locale folders under assets/<game>/locales/ (a locale being added)."""
    root = game_assets(game) / "locales"
    return sorted(p.name for p in root.iterdir() if p.is_dir() and
                  LOCALE_CODE.fullmatch(p.name)) if root.is_dir() else []
