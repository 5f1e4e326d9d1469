"""``herald verify``: replay worked examples and check what they claim."""
from __future__ import annotations

import json

import click
from herald.engine.games import GAMES

from .database import database_path, load_database
from .errors import InputError
from .examples import builtin_examples, find_examples, load_example, run
from .paths import display
from .terminal import echo


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of lines.")
@click.option("--lang", default="en", show_default=True,
              help="Language of the example titles shown.")
def verify(paths, as_json, lang):
    """Replay worked examples with the engine and check their expectations.

    PATHS are game names (every worked example of that game; a game's name
    wins over a folder of that name, written mygame/), example files or
    folders, searched recursively for examples (other YAML, like a card
    database, is skipped). Default: every game's examples, read from where
    the game is installed (Herald's assets folder, a game package's own), not
    from a clone you edit: after changing a clone's assets/, pass them as
    PATHS (herald verify assets/) or reinstall (pip install -e . reads the
    clone).

    Prints one line per example, ✓ or ✗ with the first difference.
    Exit status: 0 when all hold, 1 when any fails, 2 on unreadable input
    (and when PATHS hold no example).
    """
    examples = find_examples(paths) if paths else \
        [load_example(p) for p in builtin_examples()]
    _check_lang(lang, sorted({ex.spec["game"] for ex in examples}))
    results = [(example, run(example)) for example in examples]
    if as_json:
        echo(json.dumps([{
            "file": display(ex.path), "id": ex.id, "title": ex.title(lang),
            "ok": out.ok, "problems": out.problems,
            "decisions": [s.text for s in out.steps],
            "erratum": out.erratum,
        } for ex, out in results], ensure_ascii=False, indent=2))
    else:
        for ex, out in results:
            mark = "✓" if out.ok else "✗"
            if out.erratum is not None:
                mark = ("! erratum" if out.ok else "✗ erratum")
            line = f"{mark} {ex.id}: {ex.title(lang)}"
            if out.erratum is not None:
                line += (f" — printed {_figures(out.erratum['printed'])}; "
                         f"the rules give {_figures(out.erratum['corrected'])}")
            if not out.ok:
                line += f" — {out.problems[0]}"
            echo(line)
        failed = sum(1 for _, out in results if not out.ok)
        errata = sum(1 for _, out in results if out.erratum is not None)
        echo(f"{len(results) - failed} of {len(results)} examples hold"
             + (f", {failed} failed" if failed else "")
             + (f" (including {errata} {'erratum' if errata == 1 else 'errata'} of "
                "the rules source)" if errata else ""))
        games = sorted({ex.spec["game"] for ex, _ in results})
        for name in games:
            for notice in getattr(GAMES[name], "notices", lambda: [])():
                echo(f"note: {name}: {notice}")
    return 1 if any(not out.ok for _, out in results) else 0


def _check_lang(lang: str, games: list[str]) -> None:
    """``--lang`` must be a locale of the games shown (their card databases')."""
    known: list[str] = []
    for game in games:
        if database_path(game).is_file():
            known += [loc for loc in load_database(database_path(game)).locales
                      if loc not in known]
    if known and lang not in known:
        raise InputError(f"--lang: unknown locale {lang!r}; locales: {', '.join(known)}")


def _figures(mapping: dict) -> str:
    """``{points: {arthur: 9, …}}`` → ``points arthur 9, …``."""
    parts = []
    for key, value in mapping.items():
        if isinstance(value, dict):
            parts.append(f"{key} " + ", ".join(f"{k} {v}" for k, v in value.items()))
        else:
            parts.append(f"{key} {value}")
    return "; ".join(parts)
