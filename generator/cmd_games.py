"""``herald games``: every game Herald finds, where it comes from, and why a
game is set aside."""
from __future__ import annotations

import click

from .terminal import echo


@click.command()
def games():
    """List the installed games: each one's name (the GAME that commands
    take), the package that provides it with its version, and the interface
    version it was written for. A game whose package is broken is listed
    with the reason, and the other games keep working."""
    from herald.engine.games import GAMES
    from herald.engine.interface import INTERFACE_VERSION

    rows = GAMES.registered()
    if not rows:
        echo("no games are installed (no entry point in the 'herald.games' group)")
        return
    width = max(len(r.name) for r in rows)
    for r in rows:
        interface = "?" if r.interface is None else str(r.interface)
        line = f"{r.name:<{width}}  {r.package} {r.version}  interface {interface}"
        echo(line + (f"  set aside: {r.problem.split(': ', 1)[1]}" if r.problem else ""))
    echo(f"(this Herald speaks interface version {INTERFACE_VERSION})")
