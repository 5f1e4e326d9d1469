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
    from .translate import package_assets, source_language
    if name == "rules" and package_assets(game) is not None \
            and not (_root(game) / source_language(game) / "rules.yaml").is_file():
        # a game package's rules text: its rules.md or rules.yaml, with the
        # generic words a booklet prints (look/rules.py); a package with a
        # look of its own may keep a catalog like Herald's games instead
        from .look.rules import rules_text
        return rules_text(game, locale)
    # the files are listed only when the catalog was not yet checked in this
    # snapshot (filecache.snapshot): a narration asks for it once an example
    return _CATALOGS.get((game, locale, name), lambda: _catalog_files(game, locale, name),
                         lambda: _read_catalog(game, locale, name))


def _root(game: str) -> Path:
    from .translate import package_assets
    return (package_assets(game) or ASSETS / game) / "locales"


def _catalog_files(game: str, locale: str, name: str) -> list[Path]:
    """What the catalog ``name`` of ``game`` in ``locale`` is made from: both
    catalogs, the PO file, the narration grammars."""
    from .translate import grammar_files, po_path, source_language
    root, src = _root(game), source_language(game)
    return [root / locale / f"{name}.yaml", root / src / f"{name}.yaml", po_path(game, locale),
            *grammar_files(game, locale), *grammar_files(game, src)]


_CATALOGS: ContentCache[dict] = ContentCache(64)


def _read_catalog(game: str, locale: str, name: str) -> dict:
    from .translate import catalog_in, grammar_determiners, locale_texts, source_language
    root, src = _root(game), source_language(game)
    path = root / locale / f"{name}.yaml"
    source = root / src / f"{name}.yaml"
    if locale != src:
        own, lines = load_yaml(path) if path.is_file() else (None, {})
        if isinstance(own, dict) and set(own) - {"grammar"}:
            # a catalog written whole in its locale: its texts are checked
            # as a PO file's translations are, against the source's
            french = load_catalog(game, src, name) if source.is_file() else None
            return locale_texts(path, own, lines, (), french, (
                grammar_determiners(game, locale), grammar_determiners(game, src)))
    if not source.is_file():
        raise InputError(f"{display(source)}: no {name} catalog for locale {locale!r}")
    if locale != src:
        # the French catalog (read once, whichever locales ask for it),
        # translated from the game's PO file
        return catalog_in(game, locale, name, load_catalog(game, src, name))
    data, _ = load_yaml(source)
    if not isinstance(data, dict):
        raise InputError(f"{display(source)}:1: (top): a catalog is a YAML mapping of texts")
    return data
