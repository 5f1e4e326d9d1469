"""Which strings each locale lacks: the card database, the narration catalog
and the rules text, compared with the reference locale (English).

Adding a locale is adding files: its texts in the card database and its
catalogs under ``assets/<game>/locales/<locale>/``; this module says what is
still missing (a key the reference has) or stale (a key the reference no
longer has).
"""
from __future__ import annotations

from pathlib import Path

from .database import database_path
from .paths import ASSETS
from .yamlfile import load_yaml

REFERENCE = "en"


def database_gaps(game: str, locale: str) -> list[str]:
    """Missing texts of ``locale`` in the card database, read raw so that a gap
    is listed rather than stopping the load. Any game's schema: a localized
    text is a mapping keyed by the database's locales (``{fr: …, en: …}``);
    every one that has the reference text must have ``locale``'s too."""
    data, _ = load_yaml(database_path(game))
    if not isinstance(data, dict):
        return []
    declared = set(data.get("locales") or []) | {REFERENCE, locale}
    gaps: list[str] = []

    def walk(value, where):
        if isinstance(value, dict):
            if value and REFERENCE in value and set(value) <= declared:
                mine, reference = value.get(locale), value[REFERENCE]
                if not mine:
                    gaps.append(f"missing: database {where}" + (
                        f".{locale}" if isinstance(reference, dict) else ""))
                elif isinstance(reference, dict) and isinstance(mine, dict):
                    # a block of texts per locale (aids, terms): key by key
                    gaps.extend(_compare(_keys(reference), _keys(mine), f"database {where}"))
                return
            for k, v in value.items():
                walk(v, f"{where}.{k}" if where else str(k))
        elif isinstance(value, list):
            for i, item in enumerate(value, start=1):
                label = item.get("id", i) if isinstance(item, dict) else i
                walk(item, f"{where}.{label}")

    walk(data, "")
    return gaps


def catalog_gaps(game: str, locale: str, name: str, skip=("grammar",)) -> list[str]:
    """Missing and stale keys of ``locale``'s catalog ``name`` (e.g. narration)."""
    reference = _catalog(game, REFERENCE, name)
    mine = _catalog(game, locale, name)
    if mine is None:
        return [f"missing: {name} catalog ({_path(game, locale, name)})"]
    return _compare(_keys(reference, skip), _keys(mine, skip), name)


def catalogs(game: str) -> list[str]:
    """The catalog names the reference locale has (narration, rules, …)."""
    folder = ASSETS / game / "locales" / REFERENCE
    return sorted(p.stem for p in folder.glob("*.yaml"))


def locale_gaps(game: str, locale: str) -> list[str]:
    gaps = database_gaps(game, locale)
    for name in catalogs(game):
        gaps += catalog_gaps(game, locale, name)
    return gaps


def _path(game, locale, name) -> Path:
    return ASSETS / game / "locales" / locale / f"{name}.yaml"


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
