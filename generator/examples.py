"""Worked-example files: finding, reading and verifying them."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from herald.engine.games import GAMES
from herald.engine.interface import SpecError
from herald.engine.runner import Outcome, run_example

from .errors import InputError
from .paths import ASSETS, display
from .yamlfile import line_of, load_yaml


@dataclass
class Example:
    path: Path
    spec: dict
    lines: dict

    @property
    def game(self):
        return GAMES[self.spec["game"]]

    @property
    def id(self) -> str:
        return str(self.spec.get("id") or self.path.stem)

    def title(self, lang: str = "en") -> str:
        title = self.spec.get("title")
        if isinstance(title, dict):
            return str(title.get(lang) or next(iter(title.values()), self.id))
        return str(title or self.id)

    def error(self, e: SpecError) -> InputError:
        line = line_of(self.lines, e.path)
        where = f"{display(self.path)}:{line}" if line else display(self.path)
        return InputError(f"{where}: {e.where()}: {e.message}")


def builtin_examples(game: str | None = None) -> list[Path]:
    games = [game] if game else sorted(GAMES)
    return [p for g in games for p in sorted((ASSETS / g / "examples").glob("*.yaml"))]


def expand(paths) -> list[Path]:
    """Files as given, folders as the example files inside them (sorted)."""
    out = []
    for p in map(Path, paths):
        if p.is_dir():
            out += sorted(p.glob("*.yaml")) + sorted(p.glob("*.yml"))
        else:
            out.append(p)
    return out


def load_example(path: Path) -> Example:
    data, lines = load_yaml(path)
    if not isinstance(data, dict):
        raise InputError(f"{display(path)}: an example is a YAML mapping with at least 'game'")
    game = data.get("game")
    if game is None:
        raise InputError(f"{display(path)}:1: game: missing; known games: {', '.join(GAMES)}")
    if game not in GAMES:
        line = line_of(lines, ("game",))
        raise InputError(f"{display(path)}:{line}: game: unknown game {game!r}; "
                         f"known games: {', '.join(GAMES)}")
    return Example(Path(path), data, lines)


def run(example: Example) -> Outcome:
    """Replay an example; an unreadable field becomes an InputError with its line."""
    try:
        return run_example(example.game, example.spec)
    except SpecError as e:
        raise example.error(e) from None


def position(example: Example, *, log: bool = True):
    try:
        return example.game.from_spec(example.spec, log=log)
    except SpecError as e:
        raise example.error(e) from None
