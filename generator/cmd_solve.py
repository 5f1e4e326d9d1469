"""``herald solve``: exhaustive search from an example's position."""
from __future__ import annotations

import json
import math

import click
from herald.engine.hidden_position import hides_cards
from herald.engine.interface import SpecError
from herald.engine.simultaneous import SearchLimit, is_joint
from herald.engine.solver import MODES, parse_depth
from herald.engine.solver import solve as run_solver

from .errors import InputError
from .examples import find_example, position
from .paths import display
from .progress import Progress
from .solve_report import standing_json, standing_text
from .terminal import echo

DEFAULT_MAX_NODES = 2_000_000   # with the time budget: a default solve ends within a minute
DEFAULT_SECONDS = 30.0


@click.command()
@click.argument("file", metavar="EXAMPLE")
@click.option("--depth", help="Horizon: phase, round, game, or a number of decisions "
              "(default: the file's solve.depth, else phase).")
@click.option("--mode", type=click.Choice(["maxn", "paranoid"]),
              help="maxn: everyone maximizes their own score, a won game first; paranoid: "
              "everyone else minimizes one player's (default: the file's, else maxn).")
@click.option("--for", "for_player", metavar="PLAYER",
              help="The player paranoid mode plays for (default: the player to move); "
              "only with --mode paranoid.")
@click.option("--max-nodes", type=click.IntRange(min=1), default=DEFAULT_MAX_NODES,
              show_default=True, metavar="N",
              help="Stop after searching N positions and print the best line found so far.")
@click.option("--time", "seconds", type=click.FloatRange(min=0, min_open=True),
              default=DEFAULT_SECONDS, show_default=True, metavar="SECONDS",
              callback=lambda ctx, param, value: _seconds(value),
              help="Stop after this many seconds and print the best line found so far.")
@click.option("--json", "as_json", is_flag=True, help="Print one JSON document.")
@click.option("--open/--hidden", "open_cards", default=None,
              help="--open: every card known (a search of every decision); --hidden: "
              "each player sees only their own cards (default: the file's solve.cards; "
              "else hidden for two players of a game with hidden cards, unless a depth, "
              "mode or player is given).")
@click.option("--show", "show", multiple=True, metavar="PLAYER",
              help="With hidden cards: PLAYER's cards are known to all (repeatable).")
@click.option("--strategy", "every", is_flag=True,
              help="With hidden cards: each player's strategy at every decision of the "
              "position as written, not only their first.")
@click.option("--cfr", "cfr_seconds", type=click.FloatRange(min=0, min_open=True),
              metavar="SECONDS", callback=lambda ctx, param, value:
              None if value is None else _seconds(value),
              help="With hidden cards: estimate the value by CFR+ for SECONDS (its "
              "exploitability printed), for a tree too large to solve exactly.")
def solve(file, depth, mode, for_player, max_nodes, seconds, as_json, open_cards, show,
          every, cfr_seconds):
    """Solve the position in EXAMPLE: as its players know it, or every card known.

    EXAMPLE is an example file or the id of a built-in example (like
    solve-last-round; GAME:ID, like lenormand:solve-last-blow, when two games
    have an example of that id). The search deepens one decision at a time until it
    reaches the horizon, within a node and a time budget: stopped early, it
    prints the best line of the deepest complete search and says how far it
    is proven. Prints the value of each option at the root (the game's score
    at the horizon, a game won there ranking above any score), the principal
    variation, the nodes searched and the nodes per second; on a terminal, a
    search of more than a second shows a progress bar on stderr.

    A game where players choose at the same time (each picks a card face down,
    then all reveal) is solved exactly instead, --depth counting combats
    (default: to the end of the game). Two players: the value (the first
    player's score minus the second's, as a fraction and a decimal) and each
    player's optimal mix of cards with their probabilities. Three to five
    players: the next combat only, each player's best cards against the others'
    choices and the choices that form a pure equilibrium, if any.

    As its players know it (the default for two players of a game with hidden
    cards; --hidden): each player sees only their own cards, and the cards
    they cannot see are dealt by chance every way the position allows. The
    game is solved to its end exactly (a linear program over its sequences):
    the value for each player (with a game won or lost, the chance of
    winning) as a fraction, each player's mix of decisions at their first
    decision in the position as written (--strategy: at every decision), the
    exploitability (0: an exact equilibrium) and the tree's size. A tree
    past --max-nodes or --time is one line and exit 2, or, with --cfr
    SECONDS, an estimate with its exploitability.
    """
    example = find_example(file)
    params = example.spec.get("solve") or {}
    if not isinstance(params, dict):
        raise example.error(SpecError(["solve"], "solve is a mapping like "
                                      "{depth: game, mode: paranoid, for: red}"))
    state = position(example, log=False)
    hidden = _hidden(example, params, state, open_cards, depth, mode, for_player)
    if not hidden and (show or every or cfr_seconds is not None):
        raise InputError("--show/--strategy/--cfr: these ask of a position solved with "
                         "hidden cards (--hidden), not every card known")
    if hidden:
        return _solve_hidden(example, state, params, show, every, cfr_seconds, max_nodes,
                             seconds, as_json)
    if is_joint(state):
        return _solve_simultaneous(example, state, depth, mode, for_player, max_nodes,
                                   seconds, as_json)
    try:
        depth = parse_depth(depth or params.get("depth", "phase"))
    except ValueError as e:
        if depth:
            raise InputError(f"--depth: {e}") from None
        raise example.error(SpecError(["solve", "depth"], str(e))) from None
    if for_player is not None and mode != "paranoid" and \
            (mode is not None or params.get("mode") != "paranoid"):
        raise InputError("--for: the player to play for needs --mode paranoid "
                         "(maxn plays for everyone)")
    mode = mode or params.get("mode", "maxn")
    if mode not in MODES:
        raise example.error(SpecError(["solve", "mode"], f"mode must be maxn or "
                                      f"paranoid, not {mode!r}"))
    who = for_player or (params.get("for") if mode == "paranoid" else None)
    player = None
    if who is not None:
        if not isinstance(who, str) or who not in state.players:
            message = f"unknown player {who!r}; players: {', '.join(state.players)}"
            if for_player:
                raise InputError(f"--for: {message}")
            raise example.error(SpecError(["solve", "for"], message))
        player = state.players.index(who)
    if state.over:
        raise InputError(f"{display(example.path)}: the game is already over at this position")
    game = example.game
    with Progress("solving", max_nodes, "nodes") as bar:
        result = run_solver(state, depth, mode, player, max_nodes=max_nodes,
                            time_limit=seconds,
                            progress=_progress(bar, max_nodes, seconds))
    start = result.start
    if not result.root:
        raise InputError(f"{display(example.path)}: no decision to search from this "
                         "position: nobody has a legal decision and the game is not over")
    names = state.players
    root = [(game.format_decision(start, d), v) for d, v in result.root]
    line, replay = [], start.copy()
    for d in result.line:
        while replay.halted:
            replay.resume()
        line.append(game.format_decision(replay, d))
        replay.apply(d)
    measure = game.score_name
    if as_json:
        echo(json.dumps({
            "file": display(example.path), "depth": result.depth, "mode": mode,
            "for": names[result.player] if result.player is not None else None,
            "to_move": names[start.mover], "measure": measure,
            **standing_json(start, result.value),
            "options": [{"decision": t, **standing_json(start, v)}
                  for t, v in root],
            "line": line, "nodes": result.nodes, "seconds": round(result.seconds, 6),
            "nodes_per_second": round(result.nodes_per_second),
            "proven": result.proven, "reached": result.reached,
            "stopped": result.stopped or None,
        }, ensure_ascii=False, indent=2))
        return 0
    focus = result.player if mode == "paranoid" else start.mover
    echo(f"{display(example.path)}: {mode}, depth {result.depth}, "
         f"{names[start.mover]} to move"
         + (f", playing for {names[focus]}" if mode == "paranoid" else ""))
    echo(f"options ({measure} at the horizon; a game won there ranks above any "
         f"{measure}):")
    for text, v in root:
        star = "*" if v[focus] == result.value[focus] else " "
        echo(f" {star} {text:<32} {standing_text(start, v, '  ')}")
    echo("line: " + (" ; ".join(line) or "(no decision)"))
    echo(f"value ({measure} at the horizon): "
         + standing_text(start, result.value, ", "))
    echo(f"nodes: {result.nodes:,} in {result.seconds:.3f} s "
         f"({result.nodes_per_second:,.0f} nodes/s)")
    if not result.proven:
        echo(f"{result.status()}; raise --max-nodes or --time to search deeper")
    return 0


def _seconds(value: float) -> float:
    """--time: a number of seconds (``nan`` passes every comparison of
    FloatRange, and would never stop the search on time)."""
    if math.isnan(value):
        raise InputError(f"--time: a number of seconds, not {value}")
    return value


def _progress(bar: Progress, max_nodes: int, seconds: float):
    """The search's reports drawn as a bar: the share of its budget spent
    (nodes or time, whichever runs out first; a search proven early ends
    sooner)."""
    def report(info):
        bar.update(info["nodes"], fraction=max(info["nodes"] / max_nodes,
                                               info["seconds"] / seconds))
    return report


def _solve_simultaneous(example, state, depth, mode, for_player, max_nodes, seconds,
                        as_json):
    """A game with simultaneous moves: the exact zero-sum solution for two players,
    one combat's best responses and pure equilibria for three to five."""
    from herald.engine.simultaneous import (
        SearchLimit,
        analyze_combat,
        parse_combats,
        solve_joint,
    )

    from . import solve_report as report

    params = example.spec.get("solve") or {}
    if not isinstance(params, dict):
        params = {}
    if mode is not None or for_player is not None:
        raise InputError("--mode/--for: a game with simultaneous moves is solved exactly "
                         "(a zero-sum value for two players), with no mode to choose")
    try:
        combats = parse_combats(depth or params.get("depth", "game"))
    except ValueError as e:
        raise InputError(f"--depth: {e}") from None
    if state.over:
        raise InputError(f"{display(example.path)}: the game is already over at this position")
    game, file = example.game, display(example.path)
    if len(state.players) == 2:
        try:
            with Progress("solving", max_nodes, "nodes") as bar:
                result = solve_joint(state, combats, max_nodes=max_nodes, time_limit=seconds,
                                     progress=_progress(bar, max_nodes, seconds))
        except SearchLimit as e:
            echo(f"{file}: {e}; raise --max-nodes or --time, or lower --depth")
            return 1
        if as_json:
            echo(json.dumps(report.joint_json(game, state, result, file),
                            ensure_ascii=False, indent=2))
        else:
            echo("\n".join(report.joint_lines(game, state, result, file)))
        return 0
    try:
        with Progress("solving", max_nodes, "nodes") as bar:
            analysis = analyze_combat(state, max_nodes=max_nodes, time_limit=seconds,
                                      progress=_progress(bar, max_nodes, seconds))
    except ValueError as e:
        raise InputError(f"{file}: {e}") from None
    except SearchLimit as e:
        echo(f"{file}: {e}; raise --max-nodes or --time")
        return 1
    if as_json:
        echo(json.dumps(report.combat_json(game, state, analysis, file),
                        ensure_ascii=False, indent=2))
    else:
        echo("\n".join(report.combat_lines(game, state, analysis, file)))
    return 0


def _hidden(example, params, state, open_cards, depth, mode, for_player) -> bool:
    """Whether to solve as the players know it: --open/--hidden, else the
    file's ``solve.cards``, else for two players of a game that hides cards
    and deals them (Game.hidden_deals) when no depth search is asked for."""
    if open_cards is not None:
        return not open_cards
    if "cards" in params:
        return params["cards"] == "hidden"
    if depth or mode or for_player or any(k in params for k in ("depth", "mode", "for")):
        return False
    return len(state.players) == 2 and hides_cards(example.game)


def _solve_hidden(example, state, params, show, every, cfr_seconds, max_nodes, seconds,
                  as_json):
    """A position solved as its players know it (engine/hidden_position.py)."""
    from herald.engine.hidden_position import NoHiddenValue, solve_position
    from herald.engine.interface import facts_of

    from . import solve_report as report

    file = display(example.path)
    names = list(state.players)
    wanted = list(show) or list(params.get("shown") or [])
    unknown = [p for p in wanted if p not in names]
    if unknown:
        raise InputError(f"--show: unknown player {unknown[0]!r}; players: {', '.join(names)}")
    method = "cfr" if cfr_seconds is not None else "auto"
    try:
        with Progress("solving", max_nodes, "nodes"):
            answer = solve_position(example.game, state,
                                    shown=[names.index(p) for p in wanted],
                                    method=method, max_nodes=max_nodes,
                                    time_limit=seconds if cfr_seconds is None
                                    else seconds + cfr_seconds,
                                    iterations=None, every=every)
    except NoHiddenValue as e:
        raise InputError(f"{file}: {e}") from None
    except SearchLimit as e:
        # the walk must go through the whole tree, for CFR too; the linear
        # program past its time, CFR may estimate
        hint = "or estimate it with --cfr SECONDS" if "linear program" in str(e) else \
            "(the whole tree is walked, for --cfr too)"
        raise InputError(f"{file}: {e}; raise --max-nodes or --time {hint}") from None
    except ValueError as e:         # a tree that breaks the solver's rules (a package's)
        raise InputError(f"{file}: {e}") from None
    utility = facts_of(example.game).utility
    if as_json:
        echo(json.dumps(report.hidden_json(example.game, state, answer, file, utility),
                        ensure_ascii=False, indent=2))
    else:
        echo("\n".join(report.hidden_lines(example.game, state, answer, file, utility,
                                           every)))
    return 0
