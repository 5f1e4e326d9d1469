"""``herald new game DIR --name NAME``: a game package that works at once.

The files come from ``templates/new-game/`` (shipped with Herald), copied with
four placeholders replaced: ``@@NAME@@`` (the game's name, as every command
takes it), ``@@TITLE@@`` (as printed), ``@@PACKAGE@@`` (the Python package,
``herald_<name>``) and ``@@DIST@@`` (the distribution, ``herald-<name>``). The
name is checked before anything is written, so a replacement can only put a
plain word into Python, TOML, YAML or Markdown; nothing is evaluated. The
folder ``src/package`` is renamed after the package, and a ``.tmpl`` suffix
(a file that is not valid Python before its placeholders are replaced) is
dropped. Like ``herald new deck``, the package is written into a temporary
folder beside DIR and renamed into place: all or nothing.
"""
from __future__ import annotations

import keyword
import re
from pathlib import Path

from .errors import InputError
from .fileio import write_new_folder
from .paths import TEMPLATES

TEMPLATE = TEMPLATES / "new-game"
# A game's name is a word of lower-case letters, digits and underscores: it is
# a Python identifier inside the package name, an entry point's name, a key of
# YAML and TOML and a word of every command line.
NAME = re.compile(r"[a-z][a-z0-9_]{0,29}")
SUFFIX = ".tmpl"


def check_name(name: str) -> str:
    """``name`` if it can name a new game; otherwise the one line why not."""
    if not NAME.fullmatch(name or "") or name.endswith("_") or "__" in name:
        raise InputError(f"--name: {name!r} cannot name a game: a word of lower-case "
                         "letters, digits and single underscores, starting with a letter "
                         "(at most 30), like mygame or tide_war")
    if keyword.iskeyword(name):
        raise InputError(f"--name: {name!r} is a word of Python; choose another name")
    from herald.engine.games import GAMES
    if name in GAMES or name in GAMES.broken:
        found = next((r for r in GAMES.registered() if r.name == name), None)
        where = f" (package {found.package} {found.version})" if found else ""
        raise InputError(f"--name: a game named {name!r} is already installed{where}; "
                         "choose another name")
    return name


def names(name: str) -> dict[str, str]:
    """The placeholders' values for game ``name`` (already checked)."""
    return {"@@NAME@@": name,
            "@@TITLE@@": " ".join(w.capitalize() for w in name.split("_")),
            "@@PACKAGE@@": f"herald_{name}",
            "@@DIST@@": "herald-" + name.replace("_", "-")}


def render(text: str, values: dict[str, str]) -> str:
    for placeholder, value in values.items():
        text = text.replace(placeholder, value)
    return text


def files(name: str) -> dict[str, str]:
    """Each file of the new package, by its path in DIR, with its text."""
    values = names(name)
    out = {}
    for source in sorted(TEMPLATE.rglob("*")):
        if not source.is_file() or "__pycache__" in source.parts:
            continue
        parts = list(source.relative_to(TEMPLATE).parts)
        parts = [values["@@PACKAGE@@"] if p == "package" and i == 1 and parts[0] == "src"
                 else p for i, p in enumerate(parts)]
        if parts[-1].endswith(SUFFIX):
            parts[-1] = parts[-1][:-len(SUFFIX)]
        out["/".join(parts)] = render(source.read_text(encoding="utf-8"), values)
    return out


def new_game(folder: Path, name: str) -> list[Path]:
    """Write the package of game ``name`` into ``folder`` (new or empty), all or
    nothing; the paths written."""
    check_name(name)
    folder = Path(folder)
    return write_new_folder(folder, files(name))
