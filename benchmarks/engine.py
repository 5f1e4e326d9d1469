"""Engine speed, by hand: ``python benchmarks/engine.py [--scale X]`` (not a test).

Reports:

* random full games per second for 3, 4 and 5 players and the duo variant,
  deal included, and from pre-dealt positions (play only);
* the same through the bot interface (``make_bot`` + ``play_game``, what
  ``herald play`` runs);
* solver nodes per second on random mid-game positions, depth ``phase``
  (target: 1,000,000), against a floor measured in the same run: a plain walk
  of the same trees (copy, apply, the horizon test), and their ratio;
* the exact simultaneous-move solver's time to the end of the game on two Asèt
  duels with 5 cards in each hand and on Goofspiel N=5 to 7 (target: under
  10 s each; ``benchmarks/joint_solver.py`` sweeps random duels);
* games per second on the setup a public Oriflamme simulator times itself on
  (3 players each holding archer, heir, lord, soldier, nothing set aside,
  random decisions, 3 rounds: assets/oriflamme/examples/benchmark-public-simulator.yaml),
  on one process and on two; and, when that simulator's source is at hand
  (``../shared/peers/oriflamme-simulator/``, or ``$HERALD_PEER``), the simulator
  itself and ``herald play --from <that file> --bots random`` run side by side
  in this very process, alternately, and their ratio is the figure to quote
  (a constant measured on another machine says nothing about this one).

The hot loops use the engine directly: copy the start position, then
``state.play_random(rng.random)`` (legal() / apply() with a uniform choice,
looped inside the engine module); the same loop written in Python, and the
bot interface, are reported beside it. Each figure is the best of a few
repeats, since a shared machine's speed drifts. The header says whether the
engine runs compiled (mypyc, the default install) or as pure Python.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import random
import sys
import time
from pathlib import Path

from herald.engine.bots import make_bot, play_game
from herald.engine.oriflamme import new_game
from herald.engine.solver import solve
from herald.generator.examples import load_example, position

ROOT = Path(__file__).resolve().parent.parent
PUBLIC_SETUP = ROOT / "assets" / "oriflamme" / "examples" / "benchmark-public-simulator.yaml"
PEER = Path(os.environ.get("HERALD_PEER") or
            ROOT.parent / "shared" / "peers" / "oriflamme-simulator")
GOAL = 3.0                 # herald play against the peer, side by side
SOLVER_GOAL = 1_000_000    # solver nodes per second, depth phase
JOINT_GOAL = 10.0          # seconds: a duel with 5 cards each, Goofspiel N=7
SETUPS = (("base, 3 players", 3, "base"), ("base, 4 players", 4, "base"),
          ("base, 5 players", 5, "base"), ("duo", 2, "duo"))


REPEATS = 3


def random_games(starts, seed):
    """Play every start position (copied) to the end at random; return decisions."""
    r = random.Random(seed).random
    return sum(start.copy().play_random(r) for start in starts)


def python_loop_games(starts, seed):
    """The same, with the legal()/apply() loop written here in Python."""
    r = random.Random(seed).random
    decisions = 0
    for start in starts:
        s = start.copy()
        legal, apply = s.legal, s.apply
        while s.mover >= 0:            # the interface's mover is -1 once the game is over
            options = legal()
            apply(options[int(r() * len(options))])
            decisions += 1
    return decisions


def dealt_games(players, variant, seeds):
    """Deal each game from its seed, then play it at random (one rng per game)."""
    decisions = 0
    for seed in seeds:
        decisions += new_game(players, variant=variant, seed=seed).play_random(
            random.Random(seed).random)
    return decisions


def timed(fn, *args):
    """The result and the best time of REPEATS runs."""
    best = float("inf")
    for _ in range(REPEATS):
        start = time.perf_counter()
        out = fn(*args)
        best = min(best, time.perf_counter() - start)
    return out, best


def engine_build() -> str:
    import herald.engine.aset.state as aset
    import herald.engine.oriflamme.state as oriflamme
    compiled = [name for name, m in (("oriflamme", oriflamme), ("aset", aset))
                if m.__file__.endswith((".so", ".pyd"))]
    if len(compiled) == 2:
        return "compiled with mypyc"
    if compiled:
        return f"only {compiled[0]} compiled with mypyc"
    return "pure Python (install without HERALD_PURE=1 and not editable to compile it)"


def bench_setups(games):
    rows = []
    for label, players, variant in SETUPS:
        dealt_games(players, variant, range(50))                 # warm up
        decisions, t_deal = timed(dealt_games, players, variant, range(games))
        starts = [new_game(players, variant=variant, seed=s) for s in range(games)]
        _, t_play = timed(random_games, starts, 1)
        bot_start = starts[: max(1, games // 4)]

        def through_bots(states):
            for i, st in enumerate(states):
                play_game(st.copy(), [make_bot("random", i * 8 + k)
                                      for k in range(len(st.players))])
        _, t_bots = timed(through_bots, bot_start)
        rows.append((label, games, games / t_deal, games / t_play,
                     len(bot_start) / t_bots, decisions / t_deal))
    return rows


def solver_positions(count):
    """Random mid-game positions: the start of a placement or resolution phase."""
    out = []
    rng = random.Random(2024)
    while len(out) < count:
        seed = rng.randrange(10**6)
        players = 3 if len(out) % 2 == 0 else 4
        round_ = 2 + len(out) % 3
        phase = len(out) % 4 // 2          # 0 placement, 1 resolution
        s = new_game(players, seed=seed)
        r = random.Random(seed).random
        while not s.over and (s.round, s.phase) != (round_, phase):
            options = s.legal()
            s.apply(options[int(r() * len(options))])
        if not s.over and len(s.legal()) > 1:
            out.append(s)
    return out


def bench_solver(count):
    """Solver nodes per second at depth ``phase`` (maxn and paranoid), and the
    floor it is measured against in the same run: a plain walk of the same
    trees (copy, apply, the horizon test at every node; no table, no values),
    the least any search over this engine's interface does per node.
    Returns (solver nodes, solver s, walk nodes, walk s), each the best of
    REPEATS alternate runs."""
    positions = solver_positions(count)

    def search():
        return sum(solve(s, "phase", mode).nodes for s in positions
                   for mode in ("maxn", "paranoid"))

    def walk_all():
        nodes = 0
        for s in positions:
            root = s.copy()
            root.halt_at_phase_end = True
            while root.halted and not root.over:
                root.resume()
            nodes += _walk(root, root.horizon("phase"))
        return nodes
    best = {search: (0, float("inf")), walk_all: (0, float("inf"))}
    for _ in range(REPEATS):
        for fn in best:
            began = time.perf_counter()
            nodes = fn()
            best[fn] = (nodes, min(best[fn][1], time.perf_counter() - began))
    return best[search] + best[walk_all]


def _walk(state, marker):
    """Nodes of the tree below ``state`` to the end of its phase."""
    nodes = 0
    for d in state.legal():
        child = state.copy()
        child.apply(d)
        nodes += 1
        while not child.over and child.horizon("phase") == marker:
            if not child.halted:
                nodes += _walk(child, marker)
                break
            child.resume()
    return nodes


def public_start():
    return position(load_example(PUBLIC_SETUP), log=False)


def _worker(args):
    games, seed = args
    start = public_start()
    began = time.perf_counter()
    random_games([start] * games, seed)
    return time.perf_counter() - began


def bench_public(games):
    start = public_start()
    assert start.rounds == 3 and all(len(h) == 4 for h in start.hands)
    random_games([start] * 500, 0)                                # warm up
    _, t = timed(random_games, [start] * games, 1)
    _, t_loop = timed(python_loop_games, [start] * (games // 2), 1)
    # Check the setup: every hand ends holding 1 card after 3 rounds.
    end = start.copy()
    r = random.Random(3).random
    while end.mover >= 0:
        o = end.legal()
        end.apply(o[int(r() * len(o))])
    assert end.round == 3 and [len(h) for h in end.hands] == [1, 1, 1]
    # Through the bot interface, as `herald play --from ... --bots random` runs it.
    n_bots = max(1, games // 4)

    def through_bots():
        for i in range(n_bots):
            play_game(start.copy(), [make_bot("random", i * 8 + k) for k in range(3)])
    _, t_bots = timed(through_bots)
    return games / t, (games // 2) / t_loop, n_bots / t_bots


def bench_public_parallel(games, processes=2):
    ctx = multiprocessing.get_context("fork" if "fork" in
                                      multiprocessing.get_all_start_methods() else "spawn")
    with ctx.Pool(processes) as pool:
        pool.map(_worker, [(200, k) for k in range(processes)])   # start and warm up
        began = time.perf_counter()
        inner = pool.map(_worker, [(games // processes, k + 1) for k in range(processes)])
        wall = time.perf_counter() - began
    return (games // processes) * processes / wall, max(inner)


def load_peer():
    """The public simulator's module (MIT, ``src/oriflamme``), or None when absent."""
    import importlib.util
    init = PEER / "src" / "oriflamme" / "__init__.py"
    if not init.is_file():
        return None
    spec = importlib.util.spec_from_file_location("peer_oriflamme", init)
    module = importlib.util.module_from_spec(spec)
    sys.modules["peer_oriflamme"] = module     # its dataclasses look themselves up here
    spec.loader.exec_module(module)
    return module


def peer_games(peer, games, seed):
    """The peer's own loop (its README): random actions until the game has ended."""
    choice = random.Random(seed).choice
    began = time.perf_counter()
    for _ in range(games):
        state = peer.State.begin()
        while not state.has_ended:
            state = choice(state.actions).next_state
    return games / (time.perf_counter() - began)


def herald_play_games(games, seed):
    """``herald play --from <the peer's setup> --bots random --games N``, in this
    process: the command users run, timed as it times itself (its games/s)."""
    import json

    from click.testing import CliRunner
    from herald.generator.cli import cli
    result = CliRunner().invoke(cli, ["play", "--from", str(PUBLIC_SETUP), "--bots", "random",
                                      "--games", str(games), "--seed", str(seed), "--json"])
    if result.exit_code != 0:
        raise RuntimeError(f"herald play failed: {result.output}")
    return json.loads(result.output)["games_per_second"]


def bench_side_by_side(peer, games, rounds=5):
    """Alternate the peer and ``herald play`` ``rounds`` times on the same setup; the
    best of each, and the median of the paired ratios (robust to a busy machine)."""
    peer_games(peer, 200, 0)                                     # warm up
    herald_play_games(500, 0)
    pairs = []
    for k in range(rounds):
        p = peer_games(peer, games, k)
        h = herald_play_games(games * 3, k)
        pairs.append((p, h))
    ratios = sorted(h / p for p, h in pairs)
    return max(p for p, _ in pairs), max(h for _, h in pairs), ratios[len(ratios) // 2]


def bench_aset(games, players=4):
    """L'Ordre d'Asèt: random full games (deal, Renforts, 10 combats), and play only."""
    from herald.engine.aset import new_game as aset_game
    for seed in range(50):                                          # warm up
        aset_game(players, seed=seed).play_random(random.Random(seed).random)

    def dealt(seeds):
        return sum(aset_game(players, seed=seed).play_random(random.Random(seed).random)
                   for seed in seeds)
    decisions, t_deal = timed(dealt, range(games))
    starts = [aset_game(players, seed=s) for s in range(games)]
    _, t_play = timed(random_games, starts, 1)
    return games / t_deal, games / t_play, decisions / t_deal


# A duel with 5 cards in each hand and 5 combats to play (the exact solver's
# target: under 10 s to the end of the game). ``decrees`` adds a full Council and
# a decree to draw each round: the Meneur's choice of the decree to cover
# triples the tree every round. benchmarks/joint_solver.py draws many more.
DUEL_FIVE = {"game": "aset", "variant": "duel", "round": 6, "phase": "combat",
             "players": {"arthur": "yellow", "brunehaut": "red"},
             "renforts": {"arthur": 3, "brunehaut": 5},
             "hands": {"arthur": [1, 2, 4, 6, 7], "brunehaut": [1, 3, 5, 6, 7]}}
DUEL_FIVE_DECREES = dict(DUEL_FIVE, phase="decree",
                         council=["rise_of_pairs", "the_call", "mystic_repulsion"],
                         decrees=["anti_parity", "unnamed_10", "palindrome", "anarchy_2_0",
                                  "unnamed_11"])


def bench_simultaneous():
    """The exact simultaneous-move solver (rational matrix games at every
    combat): Asèt duels with 5 cards each, and Goofspiel (prizes 1..N in order;
    the game package examples/games/goofspiel), each to the end of the game.
    Rows: (label, value, nodes, seconds)."""
    from herald.engine.games import GAMES
    from herald.engine.simultaneous import solve_joint
    sys.path.insert(0, str(ROOT / "tests"))
    from goofspiel import Goofspiel
    game = GAMES["aset"]
    cases = [("Asèt duel, 5 cards each", game.from_spec(DUEL_FIVE, log=False)),
             ("Asèt duel, 5 cards each + decrees", game.from_spec(DUEL_FIVE_DECREES, log=False)),
             ("Goofspiel N=5", Goofspiel.standard(5)),
             ("Goofspiel N=6", Goofspiel.standard(6)),
             ("Goofspiel N=7", Goofspiel.standard(7))]
    rows = []
    for label, state in cases:
        best = None
        for _ in range(REPEATS if "N=7" not in label else 1):
            result = solve_joint(state)
            best = result if best is None or result.seconds < best.seconds else best
        rows.append((label, best.value, best.nodes, best.seconds))
    return rows


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--scale", type=float, default=1.0,
                    help="Multiply every workload (default 1: about half a minute).")
    args = ap.parse_args(argv)
    k = args.scale
    print(f"Herald engine benchmark — Python {platform.python_version()} "
          f"({platform.python_implementation()}), {os.cpu_count()} CPUs, {platform.machine()}")
    print(f"Engine: {engine_build()}; best of {REPEATS} runs per figure")
    print()
    print("Random full games (one uniform random decision at every step)")
    print(f"{'setup':<18} {'games':>7} {'games/s':>10} {'play only':>10} "
          f"{'via bots':>10} {'decisions/s':>12}")
    for label, n, deal, play, bots, dps in bench_setups(int(4000 * k)):
        print(f"{label:<18} {n:>7,} {deal:>10,.0f} {play:>10,.0f} {bots:>10,.0f} {dps:>12,.0f}")
    print("  games/s: deal from a seed + play; play only: from pre-dealt positions;")
    print("  via bots: make_bot('random') per seat + play_game, as 'herald play' does")
    print()
    count = max(2, int(12 * k))
    nodes, seconds, walked, walk_seconds = bench_solver(count)
    rate, floor = nodes / seconds, walked / walk_seconds
    print(f"Solver, depth phase (maxn and paranoid) on {count} random mid-game positions:")
    print(f"  {nodes:,} nodes in {seconds:.2f} s: {rate:,.0f} nodes/s "
          f"(goal ≥ {SOLVER_GOAL:,}: {'met' if rate >= SOLVER_GOAL else 'not met'})")
    print(f"  floor, a plain walk of the same trees (copy, apply, horizon test): "
          f"{floor:,.0f} nodes/s; the solver runs at {rate / floor:.2f}× the walk")
    print()
    print("Exact simultaneous-move solver (two players, all cards known), to the end "
          f"(goal: under {JOINT_GOAL:g} s each):")
    for label, value, nodes, seconds in bench_simultaneous():
        print(f"  {label:<44} {seconds:>7.2f} s  {nodes:>9,} nodes  "
              f"value ≈ {float(value):+.4f}")
    print("  random duels with 5 cards each, worst case: python benchmarks/joint_solver.py")
    print()
    aset_games = int(3000 * k)
    deal, play_only, dps = bench_aset(aset_games)
    print(f"L'Ordre d'Asèt, 4 players, {aset_games:,} random full games: {deal:,.0f} games/s "
          f"(play only {play_only:,.0f} games/s, {dps:,.0f} decisions/s)")
    print()
    games = int(30000 * k)
    peer = load_peer()
    side = bench_side_by_side(peer, max(200, int(2000 * k))) if peer else None
    one, python_loop, via_bots = bench_public(games)
    two, _ = bench_public_parallel(games, 2)
    print("Public simulator's setup (3 players, hands archer heir lord soldier, "
          "nothing set aside, 3 rounds)")
    base = side[0] if side else None

    def ratio(x):
        return f"  {x / base:5.2f}× the peer" if base else ""
    if side:
        peer_rate, play_rate, median = side
        print(f"  {'the peer (same process)':<28} {peer_rate:>9,.0f} games/s  "
              f"(its README's loop, {PEER})")
        print(f"  {'herald play --bots random':<28} {play_rate:>9,.0f} games/s{ratio(play_rate)}"
              f"  (median of 5 paired runs: {median:.2f}×; goal ≥ {GOAL:g}×: "
              f"{'met' if median >= GOAL else 'not met'})")
    else:
        print(f"  (the peer is not at {PEER}: absolute figures only, no ratio)")
    print(f"  {'engine loop, 1 process':<28} {one:>9,.0f} games/s{ratio(one)}")
    print(f"  {'loop in Python':<28} {python_loop:>9,.0f} games/s{ratio(python_loop)}")
    print(f"  {'via bots (make_bot+play_game)':<28} {via_bots:>9,.0f} games/s{ratio(via_bots)}")
    print(f"  {'engine loop, 2 processes':<28} {two:>9,.0f} games/s{ratio(two)}  "
          f"({games:,} games in all, wall time after the pool started)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
