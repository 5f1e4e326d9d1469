"""Worked-example files: finding, reading and verifying them."""
from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from herald.engine.games import GAMES
from herald.engine.hidden_example import is_hidden, run_hidden_example
from herald.engine.interface import SpecError
from herald.engine.runner import Outcome, run_example, solve_params

from .database import database_path, load_database
from .errors import InputError
from .fileio import check_source
from .kits import known_game
from .paths import display, game_assets
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

    @property
    def key(self) -> tuple[str, str]:
        """What names an example among every game's: two games may each have
        a ``three-players``."""
        return (str(self.spec["game"]), self.id)

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
    return [p for g in games for p in sorted((game_assets(g) / "examples").glob("*.yaml"))]


def find_examples(paths) -> list[Example]:
    """The examples named: a game's name is every worked example of that game;
    a file is an example (an error if it is not one); a
    folder is searched recursively for the YAML files that are examples, in
    sorted order, skipping the other YAML a game folder holds (its card
    database, catalogs, booklet plan). Finding none is an error: a typo in a
    folder name must not pass as "0 of 0 examples hold"."""
    out: list[Example] = []
    for text in paths:
        given = Path(text)
        if _names_a_game(str(text)) and not {"/", os.sep} & set(str(text)):
            # A game's name wins over a folder of that name: a designer runs
            # ``herald verify mygame`` beside the package folder ``mygame``
            # that ``herald new game`` wrote (``mygame/`` is the folder).
            out += [load_example(p) for p in builtin_examples(known_game(str(text)))]
        elif given.is_dir():
            # a game folder's locale catalogs are never examples (one names
            # the game as players read it: ``game: "The Order of Asèt"``)
            files = sorted(f for f in given.rglob("*")
                           if f.suffix in (".yaml", ".yml") and f.is_file()
                           and "locales" not in f.relative_to(given).parts)
            found = [ex for ex in map(_maybe_example, files) if ex is not None]
            if not found:
                what = f"{len(files)} YAML file(s), none an example with 'game:'" \
                    if files else "no YAML file"
                raise InputError(f"{display(given)}: no worked examples in this folder or "
                                 f"below ({what})")
            out += found
        elif not given.exists():
            raise InputError(f"{display(given)}: no such file or folder")
        else:
            out.append(load_example(given))
    return out


def find_example(name: str) -> Example:
    """An example file, or a built-in example by id: ``three-players`` (the
    file's stem or its ``id:``) when one game alone has it, else
    ``lenormand:three-players``."""
    path = Path(name)
    if path.suffix in (".yaml", ".yml") or path.is_file():
        if not path.exists():
            raise InputError(f"{display(path)}: no such example file")
        return load_example(path)
    game, sep, ident = name.rpartition(":")
    if sep:
        games = [known_game(game, f"{name}: ")]
    else:
        games = sorted(GAMES)
    # the file's stem first (no file to read), then the ids written inside
    found = [(g, p) for g in games for p in builtin_examples(g) if p.stem == ident]
    if not found:
        found = [(g, p) for g in games for p in builtin_examples(g)
                 if _written_id(p) == ident]
    if len({g for g, _ in found}) > 1:
        raise InputError(f"{name}: an example of several games; name one of "
                         + ", ".join(f"{g}:{ident}" for g, _ in found))
    if not found:
        sample = next((f"{g}:{p.stem}" for g in games for p in builtin_examples(g)),
                      "resolution-example")
        raise InputError(f"{name}: unknown example (a .yaml file, a built-in id like "
                         f"{sample.partition(':')[2]} or game:id like {sample})")
    return load_example(found[0][1])


def _written_id(path: Path) -> str:
    """An example file's id as :attr:`Example.id` gives it (its ``id:``, or
    its file's stem), its YAML read alone: not the whole example, with its
    translations, to find one among them all."""
    data, _ = load_yaml(path)
    return str(isinstance(data, dict) and data.get("id") or path.stem)


def _names_a_game(text: str) -> bool:
    """Whether ``text`` is a game's name (one that works, or one set aside
    with the reason to give)."""
    return text in GAMES or text in GAMES.broken


def _maybe_example(path: Path) -> Example | None:
    """The example at ``path``, or None for YAML that is not an example: not a
    mapping with ``game:``, or a card database (the only Herald files with
    ``game:`` and ``locales:``, or a package's with ``language:``)."""
    data, _ = load_yaml(path)
    if not isinstance(data, dict) or "game" not in data:
        return None
    # a card database lists its locales (a game package's names its language);
    # an example with ``locales: -1`` is an example with a bad key, said as
    # such, not a database skipped in silence
    if isinstance(data.get("locales"), list) or isinstance(data.get("language"), str):
        return None
    return load_example(path)


def load_example(path: Path) -> Example:
    check_source(path)          # a pipe (``--from fifo``) would wait forever
    data, lines = load_yaml(path)
    if not isinstance(data, dict):
        raise InputError(f"{display(path)}:1: (top): an example is a YAML mapping that "
                         "starts with 'game: <name>'")
    game = known_game(data.get("game"), f"{display(path)}:{line_of(lines, ('game',)) or 1}: game: ")
    from .look.texts import localize_example
    from .translate import fill, game_locales
    # the other locales of its title and texts, from the game's PO files
    # (by its id, so that a copy under another file name keeps them); a game
    # package's plain texts are in its own language
    own = data.get("id") if isinstance(data.get("id"), str) else Path(path).stem
    localize_example(data, str(game))
    fill(data, game, game_locales(game), f"example {own}, ")
    example = Example(Path(path), data, lines)
    try:
        solve_params(data)      # the solve block's shape, for every command that reads it
        _check_expectations(data)
    except SpecError as e:
        raise example.error(e) from None
    return example


def _check_expectations(data: dict) -> None:
    """An ``expect`` that is written must expect something: ``expect: []`` or
    ``expect: {value: null}`` would verify as holding while checking nothing."""
    blocks: list[tuple[list, object]] = [(["expect"], data["expect"])] if "expect" in data \
        else []
    checks = data.get("checks")
    if isinstance(checks, list):
        blocks += [(["checks", k + 1, "expect"], c["expect"]) for k, c in enumerate(checks)
                   if isinstance(c, dict) and "expect" in c]
    for where, expect in blocks:
        if expect is None or expect == [] or expect == {}:
            raise SpecError(where, "expect is empty: an example that expects nothing "
                            "checks nothing (remove expect or say what must hold)")
        if not isinstance(expect, dict):
            raise SpecError(where, "expect is a mapping of expectations, like "
                            "{winner: red}")
        for key, value in expect.items():
            if value is None or value == [] and key == "illegal":
                raise SpecError(where + [key], f"{key} is empty: write what the example "
                                "expects, or remove the line")


def run(example: Example, config: Any = ...) -> Outcome:
    """Replay an example; an unreadable field becomes an InputError with its line.
    ``config``: the game's :func:`game_config`, when the caller has it (a
    caller replaying many examples of one game reads the database once)."""
    if config is ...:
        config = game_config(example.game.name)
    try:
        if is_hidden(example.spec):     # solved as its seats know it
            return run_hidden_example(example.game, example.spec, config=config)
        return run_example(example.game, example.spec, config=config)
    except SpecError as e:
        raise example.error(e) from None


def position(example: Example, *, log: bool = True):
    try:
        return example.game.from_spec(example.spec, log=log,
                                      config=game_config(example.game.name))
    except SpecError as e:
        raise example.error(e) from None


def game_config(game: str):
    """The engine's setup built from the game's card database (its numbers,
    cards, decrees or attack table), so that what a user edits in the YAML is
    what every command plays. A game package that brings no look has no
    database to read it with (the schema is the look's): it plays from its
    own setup (None)."""
    path = database_path(game)
    if not path.is_file() and not getattr(GAMES[game], "look", None):
        return None
    return load_database(path).setup_config()
