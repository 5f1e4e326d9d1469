"""Per-locale catalogs of a game (``assets/<game>/locales/<locale>/<name>.yaml``)
and the narrated step every game's narration returns."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .errors import InputError
from .paths import ASSETS, display
from .yamlfile import load_yaml


@dataclass
class StepText:
    step_index: int          # 0-based index in Outcome.steps
    decision_text: str       # the decision in the game's notation ("blue reveal")
    sentences: list[str]


@lru_cache(maxsize=None)
def load_catalog(game: str, locale: str, name: str = "narration") -> dict:
    """The catalog ``name`` of ``game`` in ``locale``; one line naming the file
    when it is missing."""
    path = ASSETS / game / "locales" / locale / f"{name}.yaml"
    if not path.is_file():
        raise InputError(f"{display(path)}: no {name} catalog for locale {locale!r}")
    data, _ = load_yaml(path)
    return data
