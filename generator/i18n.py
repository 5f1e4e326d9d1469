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
from .paths import ASSETS, display
from .yamlfile import load_yaml

REFERENCE = "en"
LOCALE_CODE = re.compile(r"[a-z]{2,3}(-[A-Z]{2})?")    # as the database schema's Locale


def database_gaps(game: str, locale: str) -> list[str]:
    """Missing texts of ``locale`` in the card database, read raw so that every
    gap is listed rather than the load stopping at the first."""
    data, _ = load_yaml(database_path(game))
    return text_gaps(data, locale)


def declared_locales(data) -> list[str]:
    """The ``locales:`` a raw card database lists (its text locales)."""
    locales = data.get("locales") if isinstance(data, dict) else None
    return [x for x in locales if isinstance(x, str)] if isinstance(locales, list) else []


def text_gaps(data, locale: str) -> list[str]:
    """Missing and stale texts of ``locale`` in a raw card database, any game's
    schema: a localized text is a mapping keyed by the database's locales
    (``{fr: …, en: …}``); every one that has the reference text must have
    ``locale``'s too, and one without the reference text is stale."""
    if not isinstance(data, dict):
        return []
    declared = set(declared_locales(data)) | {REFERENCE, locale}
    gaps: list[str] = []
    for where, value in _localized(data, declared):
        if REFERENCE not in value:
            if locale != REFERENCE and locale in value:
                gaps.append(f"stale: database {where}.{locale} (no {REFERENCE} text)")
            continue
        mine, reference = value.get(locale), value[REFERENCE]
        if not mine:
            gaps.append(f"missing: database {where}" + (
                f".{locale}" if isinstance(reference, dict) else ""))
        elif isinstance(reference, dict) and isinstance(mine, dict):
            # a block of texts per locale (aids, terms): key by key
            gaps.extend(_compare(_keys(reference), _keys(mine), f"database {where}"))
    return gaps


def without_locale(data, locale: str):
    """A copy of a raw card database with ``locale`` taken out of ``locales:``
    and of every localized text: how the loader reads a database around a
    locale still being translated, so that the complete ones stay usable."""
    declared = set(declared_locales(data)) | {REFERENCE, locale}

    def strip(value):
        if isinstance(value, dict):
            if value and set(value) <= declared:
                return {k: strip(v) for k, v in value.items() if k != locale}
            return {k: strip(v) for k, v in value.items()}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    out = strip(data)
    out["locales"] = [x for x in data["locales"] if x != locale]
    return out


def _localized(data, declared):
    """(field, mapping) for each mapping keyed by locales in ``data``."""
    def walk(value, where):
        if isinstance(value, dict):
            if value and set(value) <= declared:
                yield where, value
                return
            for k, v in value.items():
                yield from walk(v, f"{where}.{k}" if where else str(k))
        elif isinstance(value, list):
            for i, item in enumerate(value, start=1):
                label = item.get("id", i) if isinstance(item, dict) else i
                if not isinstance(label, (str, int)):
                    label = i
                yield from walk(item, f"{where}.{label}")

    yield from walk(data, "")


def catalog_gaps(game: str, locale: str, name: str, skip=("grammar",)) -> list[str]:
    """Missing and stale keys of ``locale``'s catalog ``name`` (e.g. narration)."""
    reference = _catalog(game, REFERENCE, name)
    mine = _catalog(game, locale, name)
    if mine is None:
        return [f"missing: {name} catalog ({display(_path(game, locale, name))})"]
    return _compare(_keys(reference, skip), _keys(mine, skip), name)


def locale_folder(game: str, locale: str) -> Path:
    """``assets/<game>/locales/<locale>``; a locale that is not a locale code
    (``../../x``) is refused, so that no path leads outside the assets."""
    if not isinstance(locale, str) or not LOCALE_CODE.fullmatch(locale):
        raise InputError(f"--lang: {locale!r} is not a locale code like fr, en or pt-BR")
    return ASSETS / game / "locales" / locale


def catalogs(game: str) -> list[str]:
    """The catalog names the reference locale has (narration, rules, …)."""
    folder = ASSETS / game / "locales" / REFERENCE
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


def _keys(value, skip=(), prefix="") -> set[str]:
    """Dotted paths of a nested mapping's leaves (a list counts as one leaf;
    a mapping of plural categories is one string, whatever its categories)."""
    if isinstance(value, dict) and not _plural(value):
        out: set[str] = set()
        for key, item in value.items():
            if prefix == "" and key in skip:
                continue
            out |= _keys(item, skip, f"{prefix}{key}.")
        return out
    return {prefix.rstrip(".")}


def _plural(value: dict) -> bool:
    return bool(value) and set(value) <= {"zero", "one", "two", "few", "many", "other"}


def _compare(reference: set, mine: set, what: str) -> list[str]:
    return ([f"missing: {what} {k}" for k in sorted(reference - mine)]
            + [f"stale: {what} {k}" for k in sorted(mine - reference)])
