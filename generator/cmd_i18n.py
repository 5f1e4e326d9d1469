"""``herald i18n check``: what each locale still lacks."""
from __future__ import annotations

import click

from .database import database_path, load_database
from .errors import InputError
from .i18n import catalogs, locale_gaps
from .options import resolve_games
from .paths import ASSETS


@click.group()
def i18n():
    """Localization: check the strings of every locale."""


@i18n.command()
@click.option("--lang", default=None, help="Check only this locale (default: every "
              "shipped locale of every game).")
def check(lang):
    """List, per locale, each missing or stale string of the card database,
    the narration catalog and the rules text. Exit 1 when a shipped locale is
    incomplete."""
    incomplete = False
    for game in resolve_games(None):
        shipped = list(load_database(database_path(game)).locales)
        if lang is not None and lang not in shipped and not _has_files(game, lang):
            raise InputError(f"--lang: {game} has no locale {lang!r}; locales: "
                             f"{', '.join(shipped)}")
        for locale in [lang] if lang else shipped:
            gaps = locale_gaps(game, locale)
            if gaps:
                incomplete = incomplete or locale in shipped
                click.echo(f"{game} {locale}: {len(gaps)} string(s) to translate or remove")
                for gap in gaps:
                    click.echo(f"  {gap}")
            else:
                click.echo(f"{game} {locale}: complete (database, "
                           f"{', '.join(catalogs(game))})")
    return 1 if incomplete else 0


def _has_files(game, locale) -> bool:
    return (ASSETS / game / "locales" / locale).is_dir()
