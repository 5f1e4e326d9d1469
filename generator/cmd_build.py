"""``herald build``: the whole kit for every built-in game."""
from __future__ import annotations

import json
import time
from pathlib import Path

import click

from herald.engine.games import GAMES

from .database import database_path, load_database
from .examples import builtin_examples, load_example, run
from .fileio import write_atomic
from .paths import DEFAULT_OUTPUT, display


@click.command()
@click.option("--out", "out", type=click.Path(file_okay=False, path_type=Path),
              default=DEFAULT_OUTPUT, show_default=True, help="Destination folder.")
def build(out):
    """Build the default kit into OUT: check every game's card database,
    verify every built-in worked example and write each game's verification
    report."""
    start = time.perf_counter()
    for game in GAMES:
        load_database(database_path(game))   # a broken database stops the build
    by_game: dict = {}
    for path in builtin_examples():
        example = load_example(path)
        outcome = run(example)
        by_game.setdefault(example.spec["game"], []).append((example, outcome))
    rows = []
    failed = 0
    for game, results in sorted(by_game.items()):
        report = [{"id": ex.id, "file": display(ex.path), "ok": o.ok, "problems": o.problems}
                  for ex, o in results]
        failed += sum(1 for r in report if not r["ok"])
        target = out / game / "verification.json"
        write_atomic(target, json.dumps(report, ensure_ascii=False, indent=2) + "\n")
        ok = sum(1 for r in report if r["ok"])
        rows.append((display(target), target.stat().st_size, f"{ok}/{len(report)}"))
    click.echo(f"{'file':<44} {'size':>9}  examples verified")
    for name, size, verified in rows:
        click.echo(f"{name:<44} {size:>7,} B  {verified}")
    click.echo(f"built in {time.perf_counter() - start:.2f} s")
    return 1 if failed else 0
