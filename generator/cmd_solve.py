"""``herald solve``: exhaustive search from an example's position."""
from __future__ import annotations

import json

import click

from herald.engine.solver import parse_depth, solve as run_solver

from .errors import InputError
from .examples import load_example, position
from .paths import display


@click.command()
@click.argument("file", type=click.Path())
@click.option("--depth", help="Horizon: phase, round, game, or a number of decisions "
              "(default: the file's solve.depth, else phase).")
@click.option("--mode", type=click.Choice(["maxn", "paranoid"]),
              help="maxn: everyone maximizes their own influence; paranoid: everyone "
              "else minimizes one player's (default: the file's, else maxn).")
@click.option("--for", "for_player", metavar="PLAYER",
              help="The player paranoid mode plays for (default: the player to move).")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
def solve(file, depth, mode, for_player, as_json):
    """Search every decision from the position in FILE, all cards known.

    Prints the value of each option at the root (influence at the horizon),
    the principal variation, the nodes searched and the nodes per second.
    """
    example = load_example(file)
    params = example.spec.get("solve") or {}
    state = position(example, log=False)
    try:
        depth = parse_depth(depth or params.get("depth", "phase"))
    except ValueError as e:
        raise InputError(f"--depth: {e}") from None
    mode = mode or params.get("mode", "maxn")
    who = for_player or params.get("for")
    player = None
    if who is not None:
        if who not in state.players:
            raise InputError(f"--for: unknown player {who!r}; players: "
                             f"{', '.join(state.players)}")
        player = state.players.index(who)
    if state.over:
        raise InputError(f"{display(example.path)}: the game is already over at this position")
    game = example.game
    result = run_solver(state, depth, mode, player)
    names = state.players
    root = [(game.format_decision(state, d), v) for d, v in result.root]
    line, replay = [], state.copy()
    for d in result.line:
        line.append(game.format_decision(replay, d))
        replay.apply(d)
    if as_json:
        click.echo(json.dumps({
            "file": display(example.path), "depth": result.depth, "mode": mode,
            "for": names[result.player] if result.player is not None else None,
            "to_move": names[state.mover],
            "value": dict(zip(names, result.value)),
            "options": [{"decision": t, "value": dict(zip(names, v))} for t, v in root],
            "line": line, "nodes": result.nodes, "seconds": round(result.seconds, 6),
            "nodes_per_second": round(result.nodes_per_second),
        }, ensure_ascii=False, indent=2))
        return 0
    focus = result.player if mode == "paranoid" else state.mover
    click.echo(f"{display(example.path)}: {mode}, depth {result.depth}, "
               f"{names[state.mover]} to move"
               + (f", playing for {names[focus]}" if mode == "paranoid" else ""))
    click.echo("options (influence at the horizon):")
    best = max(v[focus] for _, v in root) if mode == "maxn" or focus == state.mover else \
        min(v[focus] for _, v in root)
    for text, v in root:
        star = "*" if v[focus] == best else " "
        values = "  ".join(f"{n} {x}" for n, x in zip(names, v))
        click.echo(f" {star} {text:<32} {values}")
    click.echo("line: " + (" ; ".join(line) or "(no decision)"))
    click.echo("value: " + ", ".join(f"{n} {x}" for n, x in zip(names, result.value)))
    click.echo(f"nodes: {result.nodes:,} in {result.seconds:.3f} s "
               f"({result.nodes_per_second:,.0f} nodes/s)")
    return 0
