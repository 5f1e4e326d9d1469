"""Engine speed, by hand: ``python benchmarks/engine.py [--scale X]`` (not a test).

Reports:

* random full games per second for 3, 4 and 5 players and the duo variant,
  deal included, and from pre-dealt positions (play only);
* the same through the bot interface (``make_bot`` + ``play_game``, what
  ``herald play`` runs);
* solver nodes per second on random mid-game positions, depth ``phase``;
* games per second on the setup a public Oriflamme simulator times itself on
  (3 players each holding archer, heir, lord, soldier, nothing set aside,
  random decisions, 3 rounds: assets/oriflamme/examples/benchmark-public-simulator.yaml),
  on one process and on two, against its reference figure of 8,200 games/s.

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
REFERENCE = 8_200          # games/s the public simulator reports for its setup
TARGET = 3 * REFERENCE
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
    import herald.engine.oriflamme.state as state
    if state.__file__.endswith((".so", ".pyd")):
        return "compiled with mypyc"
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
    nodes = seconds = 0.0
    for s in solver_positions(count):
        for mode in ("maxn", "paranoid"):
            result = solve(s, "phase", mode)
            nodes += result.nodes
            seconds += result.seconds
    return int(nodes), seconds


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
    nodes, seconds = bench_solver(max(2, int(12 * k)))
    print(f"Solver, depth phase (maxn and paranoid) on {max(2, int(12 * k))} random "
          f"mid-game positions:")
    print(f"  {nodes:,} nodes in {seconds:.2f} s: {nodes / seconds:,.0f} nodes/s")
    print()
    games = int(30000 * k)
    one, python_loop, via_bots = bench_public(games)
    two, slowest = bench_public_parallel(games, 2)
    print("Public simulator's setup (3 players, hands archer heir lord soldier, "
          "nothing set aside, 3 rounds)")
    print(f"  {'1 process':<28} {one:>9,.0f} games/s  {one / REFERENCE:.2f}× the reference "
          f"{REFERENCE:,} games/s (target {TARGET:,}: {one / TARGET:.0%} of it)")
    print(f"  {'1 process, loop in Python':<28} {python_loop:>9,.0f} games/s  "
          f"{python_loop / REFERENCE:.2f}× the reference")
    print(f"  {'1 process, via bots':<28} {via_bots:>9,.0f} games/s  "
          f"{via_bots / REFERENCE:.2f}× the reference")
    print(f"  {'2 processes':<28} {two:>9,.0f} games/s  {two / REFERENCE:.2f}× the reference "
          f"({games:,} games in all, wall time after the pool started)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
