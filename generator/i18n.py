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
    """Missing and stale texts of ``locale`` in the card database (read raw, so a
    gap is listed rather than stopping the load)."""
    data, _ = load_yaml(database_path(game))
    gaps = []

    def localized(value, where):
        if not isinstance(value, dict):
            return
        if REFERENCE in value and not value.get(locale):
            gaps.append(f"missing: database {where}")

    localized(data.get("name"), "name")
    for kind in ("families", "cards"):
        for item in data.get(kind) or []:
            for field in ("name", "ability", "clarifications"):
                localized(item.get(field), f"{kind}.{item.get('id')}.{field}")
    for block in ("aids", "terms"):
        reference = (data.get(block) or {}).get(REFERENCE) or {}
        mine = (data.get(block) or {}).get(locale)
        if mine is None:
            gaps.append(f"missing: database {block}.{locale}")
            continue
        gaps += _compare(_keys(reference), _keys(mine), f"database {block}")
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
