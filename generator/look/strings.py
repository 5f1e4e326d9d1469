"""Every translatable text of a game package, for ``herald i18n extract``
and for judging a language complete (:mod:`herald.generator.translations`):
its database, card list, rules text, worked examples, catalogs and the
labels of its zones. The lookup of a text at run time is :mod:`.texts`.
"""
from __future__ import annotations

from pathlib import Path

from .. import translate as tr
from ..translate import Entry
from .texts import (
    ZONE_CTX,
    assets_of,
    card_list_path,
    card_text_entries,
    database_data,
    database_text_entries,
    example_text_entries,
)


def _zone_labels(game: str) -> list[str]:
    from .diagram import zone_labels
    return [label for label in zone_labels(game) if isinstance(label, str) and label.strip()]



def package_files(game: str) -> list[Path]:
    """The files a package's texts are read from (their versions key the
    cached list of texts)."""
    from .rules import RULES_FILES
    root = assets_of(game)
    files = [root / "database.yaml", *(root / name for name in RULES_FILES)]
    cards = card_list_path(game) if (root / "database.yaml").is_file() else None
    return [p for p in files if p.is_file()] + ([cards] if cards else []) + sorted(
        (root / "examples").glob("*.yaml")) + _catalog_files(game)


def _catalog_files(game: str) -> list[Path]:
    """Catalogs like Herald's games' (``locales/<language>/*.yaml``), which a
    package with a look of its own may keep."""
    return sorted((assets_of(game) / "locales" / tr.source_language(game)).glob("*.yaml"))


def package_entries(game: str) -> list[Entry]:
    """Every translatable text of a package, in a fixed order: database,
    cards, rules, examples, zones."""
    from .rules import RULES_FILES, rules_entries
    root = assets_of(game)
    out = [Entry(ctx, text) for ctx, text in database_text_entries(database_data(game))]
    out += [Entry(ctx, text) for ctx, text in card_text_entries(game)]
    if any((root / name).is_file() for name in RULES_FILES):
        out += rules_entries(game)
    for path in sorted((root / "examples").glob("*.yaml")):
        out += example_text_entries(game, path)
    out += [Entry(ZONE_CTX, label) for label in dict.fromkeys(_zone_labels(game))]
    from ..yamlfile import load_yaml
    for path in _catalog_files(game):
        out += tr.catalog_entries(path.stem, load_yaml(path)[0])
    return out
