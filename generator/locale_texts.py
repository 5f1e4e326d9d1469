"""The locales of a raw card database (as read from YAML, before its schema):
which locales it declares, which localized texts one of them lacks, and the
database without one of them. The loader uses these to set aside a locale
still being translated; ``i18n`` uses them to report what it lacks. Kept apart
from both so that neither imports the other.
"""
from __future__ import annotations

REFERENCE = "fr"    # the source: every other locale is translated from it


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
            gaps.extend(compare(keys(reference), keys(mine), f"database {where}"))
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


def keys(value, skip=(), prefix="") -> set[str]:
    """Dotted paths of a nested mapping's leaves (a list counts as one leaf;
    a mapping of plural categories is one string, whatever its categories)."""
    if isinstance(value, dict) and not plural(value):
        out: set[str] = set()
        for key, item in value.items():
            if prefix == "" and key in skip:
                continue
            out |= keys(item, skip, f"{prefix}{key}.")
        return out
    return {prefix.rstrip(".")}


def plural(value: dict) -> bool:
    return bool(value) and set(value) <= {"zero", "one", "two", "few", "many", "other"}


def compare(reference: set, mine: set, what: str) -> list[str]:
    return ([f"missing: {what} {k}" for k in sorted(reference - mine)]
            + [f"stale: {what} {k}" for k in sorted(mine - reference)])
