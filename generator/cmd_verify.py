"""``herald verify``: replay worked examples and check what they claim."""
from __future__ import annotations

import json

import click

from .examples import builtin_examples, expand, load_example, run
from .paths import display


@click.command()
@click.argument("paths", nargs=-1, type=click.Path())
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document instead of lines.")
@click.option("--lang", default="en", show_default=True,
              help="Language of the example titles shown.")
def verify(paths, as_json, lang):
    """Replay worked examples with the engine and check their expectations.

    PATHS are example files or folders of them (default: every built-in
    example). Prints one line per example, ✓ or ✗ with the first difference.
    Exit status: 0 when all hold, 1 when any fails, 2 on unreadable input.
    """
    files = expand(paths) if paths else builtin_examples()
    results = []
    for path in files:
        example = load_example(path)
        outcome = run(example)
        results.append((example, outcome))
    if as_json:
        click.echo(json.dumps([{
            "file": display(ex.path), "id": ex.id, "title": ex.title(lang),
            "ok": out.ok, "problems": out.problems,
            "decisions": [s.text for s in out.steps],
        } for ex, out in results], ensure_ascii=False, indent=2))
    else:
        for ex, out in results:
            mark = "✓" if out.ok else "✗"
            line = f"{mark} {ex.id}: {ex.title(lang)}"
            if not out.ok:
                line += f" — {out.problems[0]}"
            click.echo(line)
        failed = sum(1 for _, out in results if not out.ok)
        click.echo(f"{len(results) - failed} of {len(results)} examples hold"
                   + (f", {failed} failed" if failed else ""))
    return 1 if any(not out.ok for _, out in results) else 0
