"""Per-locale catalogs of a game (``assets/<game>/locales/<locale>/<name>.yaml``)
and the narrated step every game's narration returns (a sentence's plural
form is :mod:`.render.plurals`')."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import InputError
from .filecache import ContentCache
from .paths import ASSETS, display
from .yamlfile import load_yaml


@dataclass
class StepText:
    step_index: int          # 0-based index in Outcome.steps
    decision_text: str       # the decision in the game's notation ("blue reveal")
    sentences: list[str]
    # The number printed before it ("Turn 3"): step_index + 1 unless a game
    # tells one turn of several decisions as one StepText (then step_index is
    # the turn's last step, whose diagram is drawn) and numbers it itself.
    number: int | None = None

    @property
    def label_number(self) -> int:
        return self.step_index + 1 if self.number is None else self.number


def load_catalog(game: str, locale: str, name: str = "narration") -> dict:
    """The catalog ``name`` of ``game`` in ``locale``; one line naming the file
    when it is missing. Read once while the files it is made from (both
    catalogs, the PO file, the narration grammars) hold the same bytes."""
    from .translate import grammar_files, package_assets, po_path, source_language
    package = package_assets(game)
    src = source_language(game)
    root = (package or ASSETS / game) / "locales"
    if name == "rules" and package is not None and not (root / src / "rules.yaml").is_file():
        # a game package's rules text: its rules.md or rules.yaml, with the
        # generic words a booklet prints (look/rules.py); a package with a
        # look of its own may keep a catalog like Herald's games instead
        from .look.rules import rules_text
        return rules_text(game, locale)
    files = [root / locale / f"{name}.yaml", root / src / f"{name}.yaml", po_path(game, locale),
             *grammar_files(game, locale), *grammar_files(game, src)]
    return _CATALOGS.get((game, locale, name), files,
                         lambda: _read_catalog(game, locale, name, root, src))


_CATALOGS: ContentCache[dict] = ContentCache(64)


def _read_catalog(game: str, locale: str, name: str, root: Path, src: str) -> dict:
    from .translate import catalog_in, grammar_determiners, locale_texts
    path = root / locale / f"{name}.yaml"
    source = root / src / f"{name}.yaml"
    if locale != src:
        own, lines = load_yaml(path) if path.is_file() else (None, {})
        if isinstance(own, dict) and set(own) - {"grammar"}:
            # a catalog written whole in its locale: its texts are checked
            # as a PO file's translations are, against the source's
            french = load_yaml(source)[0] if source.is_file() else None
            return locale_texts(path, own, lines, (), french, (
                grammar_determiners(game, locale), grammar_determiners(game, src)))
        path = source
    if not path.is_file():
        raise InputError(f"{display(path)}: no {name} catalog for locale {locale!r}")
    data, _ = load_yaml(path)
    if not isinstance(data, dict):
        raise InputError(f"{display(path)}:1: (top): a catalog is a YAML mapping of texts")
    # the other locales: the French catalog translated from the game's PO file
    return data if locale == src else catalog_in(game, locale, name, data)
