"""``herald i18n``: the translators' PO files (extract, update, check)."""
from __future__ import annotations

import click

from . import translations as tr
from .errors import InputError
from .i18n import LOCALE_CODE, domains, extract, locale_gaps, update
from .kits import known_game
from .options import resolve_games
from .paths import display

_LIST = 40     # gaps listed per game and locale (the count says how many more)


@click.group()
def i18n():
    """Translations: the PO files of every language (extract, update, check).

    French is the source; every other language is one PO file per game
    (assets/<game>/locales/<lang>.po) and one for the words every kit shares
    (assets/locales/<lang>.po). A game package is written in the language its
    database.yaml declares, and keeps its PO files in its own locales/ folder:
    name it (herald i18n extract GAME)."""


GAME = click.argument("game", required=False)


def _all_domains(game: str | None = None, lang: str | None = None) -> list[str]:
    """The named game's domain (and the generic one unless ``lang`` is its
    source), or every game of Herald's own and the generic domain: a
    package's files are written only when it is named."""
    if game is not None:
        known_game(game)
        return [game] + ([tr.GENERIC] if lang is not None and lang != tr.SOURCE else [])
    return [*(g for g in resolve_games(None) if tr.package_assets(g) is None), tr.GENERIC]


@i18n.command("extract")
@GAME
def extract_cmd(game):
    """Write each template (POT) from the source texts: assets/<game>/locales/
    <game>.pot and assets/locales/generic.pot, or a package GAME's
    <assets>/locales/<game>.pot."""
    for domain in _all_domains(game):
        path = extract(domain)
        click.echo(f"{display(path)}: {len(tr.source_entries(domain))} string(s)")


@i18n.command("update")
@GAME
@click.option("--lang", required=True, help="The locale to bring up to date (de, es…); its "
              "PO files are created when absent.")
def update_cmd(game, lang):
    """Merge the source texts into a locale's PO files: new strings are added
    untranslated, a string whose source changed keeps its translation marked
    fuzzy, a string gone is kept as obsolete. With GAME, that game's (and the
    generic words', which every kit prints)."""
    _code(lang)
    if lang == (tr.SOURCE if game is None else tr.source_language(game)):
        raise InputError(f"--lang: {lang} is the source language; its texts are the "
                         "catalogs, the card databases and the examples themselves")
    for domain in _all_domains(game, lang):
        path, new, fuzzy = update(domain, lang)
        click.echo(f"{display(path)}: {new} new, {fuzzy} fuzzy")


@i18n.command()
@GAME
@click.option("--lang", default=None, help="Check only this locale (default: every "
              "locale that has a PO file).")
def check(game, lang):
    """Per game and locale: strings translated, fuzzy and missing (each with where
    it appears), and translations refused, each with its PO file and line: its
    {placeholders} differ from the source's or are not plain names, or it is
    too long, holds a control character, an unbalanced brace or overlapping
    emphasis. Exit 1 when a locale is incomplete (it is then left out of
    'herald build')."""
    if lang is not None:
        _code(lang)
    incomplete = False
    asked_for = False
    games = resolve_games(None) if game is None else [known_game(game)]
    for game in games:
        locales = tr.game_locales(game)
        if lang is not None:
            if lang not in locales:
                continue
            locales = [lang]
        asked_for = True
        for locale in locales:
            if locale == tr.source_language(game):
                click.echo(f"{game} {locale}: complete (the source)")
                continue
            reps = [tr.report(d, locale) for d in domains(game)]
            gaps = locale_gaps(game, locale)
            done = sum(r.translated for r in reps)
            fuzzy = sum(len(r.fuzzy) for r in reps)
            missing = sum(len(r.missing) for r in reps)
            if not gaps:
                click.echo(f"{game} {locale}: complete ({done} string(s) translated)")
                continue
            incomplete = True
            click.echo(f"{game} {locale}: {done} translated, {fuzzy} fuzzy, {missing} "
                       f"missing, {sum(len(r.mismatches) for r in reps)} placeholder "
                       f"mismatch(es) or refused text(s)")
            for gap in gaps[:_LIST]:
                click.echo(f"  {gap}")
            if len(gaps) > _LIST:
                click.echo(f"  … and {len(gaps) - _LIST} more")
    if not asked_for:
        raise InputError(f"--lang: no game has a locale {lang!r}; create it with "
                         f"'herald i18n update --lang {lang}'")
    return 1 if incomplete else 0


def _code(lang: str) -> None:
    if not LOCALE_CODE.fullmatch(lang or ""):
        raise InputError(f"--lang: {lang!r} is not a locale code like de, es or pt-BR")
