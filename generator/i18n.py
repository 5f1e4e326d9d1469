"""What each locale lacks, and the PO files translators work in.

French is the source (see :mod:`.translations`); each other locale of a game
is the game's PO file ``assets/<game>/locales/<lang>.po`` plus the generic
one ``assets/locales/<lang>.po`` (covers, calibration, imposition). This
module turns the PO files into reports (:func:`locale_gaps`) and keeps them
in step with the French: the template (:func:`extract`) and the merge of a
changed template into a locale (:func:`update`).
"""
from __future__ import annotations

import re
from pathlib import Path

from . import translations as tr
from .errors import InputError
from .paths import ASSETS, display

LOCALE_CODE = re.compile(r"[a-z]{2,3}(-[A-Z]{2})?")    # as the database schema's Locale


def locale_folder(game: str, locale: str) -> Path:
    """``assets/<game>/locales/<locale>`` (its narration grammar); a locale
    that is not a locale code (``../../x``) is refused, so that no path leads
    outside the assets."""
    if not isinstance(locale, str) or not LOCALE_CODE.fullmatch(locale):
        raise InputError(f"--lang: {locale!r} is not a locale code like fr, en or pt-BR")
    return tr.domain_root(game) / "locales" / locale


def domains(game: str) -> list[str]:
    """The PO domains a game's kit prints from: its own and the generic one."""
    return [game, tr.GENERIC]


def locale_gaps(game: str, locale: str) -> list[str]:
    """Every string ``locale`` still lacks for ``game`` (its own and the generic
    ones), one line each with its context; empty when the locale is complete."""
    if locale == tr.source_language(game):
        return []
    gaps: list[str] = []
    for domain in domains(game):
        rep = tr.report(domain, locale)
        gaps += rep.mismatches
        gaps += [f"fuzzy: {ctx}: {_short(msgid)}" for ctx, msgid in rep.fuzzy]
        gaps += [f"missing: {ctx}: {_short(msgid)}" for ctx, msgid in rep.missing]
    if any(name == "narration" for name in _catalog_names(game)):
        grammar = locale_folder(game, locale) / "narration.yaml"
        if not grammar.is_file():
            shown = display(grammar) if tr.package_assets(game) else \
                grammar.relative_to(ASSETS.parent)
            gaps.append(f"missing: narration grammar ({shown})")
    return gaps


def _catalog_names(game: str) -> list[str]:
    folder = tr.domain_root(game) / "locales" / tr.source_language(game)
    return sorted(p.stem for p in folder.glob("*.yaml"))


def _short(text: str, n: int = 70) -> str:
    text = " ".join(str(text).split())
    return repr(text if len(text) <= n else text[:n - 1] + "…")


def extract(domain: str) -> Path:
    """Write the domain's template (POT) from the French source."""
    catalog = tr.new_catalog(domain, None)
    for e in tr.source_entries(domain):
        tr.add_entry(catalog, e)
    path = tr.pot_path(domain)
    tr.write_catalog(path, catalog)
    return path


def update(domain: str, lang: str) -> tuple[Path, int, int]:
    """Merge the French source into ``lang``'s PO file (created when absent):
    a string whose French changed keeps its old translation marked fuzzy
    (with the previous French as ``#| msgid``); a string that moved keeps
    its translation; a string gone is kept as obsolete (``#~``). Returns the
    path, the number of new strings and of fuzzy ones."""
    path = tr.po_path(domain, lang)
    old = tr.read_po(path, lang) if path.is_file() else None
    by_key: dict = {}
    by_ctx: dict = {}
    by_id: dict = {}
    for m in old or ():
        if not m.id:
            continue
        first = m.id[0] if isinstance(m.id, tuple) else m.id
        by_key[(m.context, first)] = m
        by_ctx.setdefault(m.context, m)
        by_id.setdefault(first, m)
    catalog = tr.new_catalog(domain, lang)
    new = fuzzy = 0
    used = set()
    for e in tr.source_entries(domain):
        first = e.msgid()[0] if e.plural else e.source
        m = by_key.get((e.ctx, first))
        mark, previous = bool(m and m.fuzzy), None
        if m is None and e.ctx in by_ctx:          # the French changed here
            m, mark = by_ctx[e.ctx], True
            previous = m.id
        elif m is None and first in by_id:         # the same French, moved
            m = by_id[first]
        if m is None:
            new += 1
        else:
            used.add(id(m))
        fuzzy += mark
        string = None
        if m is not None and m.string:
            string = m.string if not e.plural or isinstance(m.string, tuple) else None
            if not e.plural and isinstance(string, tuple):
                string = string[0]
        if e.plural and isinstance(e.source, dict) and "zero" in e.source:
            # the zero form is an entry of its own (<ctx>.zero), after the others
            zero = by_key.get((f"{e.ctx}.zero", e.source["zero"])) \
                or by_ctx.get(f"{e.ctx}.zero")
            if zero is not None:
                used.add(id(zero))
            if isinstance(string, tuple):
                string = (*string, zero.string if zero is not None else "")
        tr.add_entry(catalog, e, string, fuzzy=mark and bool(string),
                     previous=previous if isinstance(previous, (str, tuple)) else None)
    for m in old or ():
        if m.id and id(m) not in used and m.string:
            catalog.obsolete[(m.id, m.context)] = m
    tr.write_catalog(path, catalog)
    return path, new, fuzzy
