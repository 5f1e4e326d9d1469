"""The exact two-player solver on random Asèt duels with 5 cards in each hand,
by hand: ``python benchmarks/joint_solver.py [--positions N] [--seed S]`` (not a
test).

The goal: any two-player position with 5 cards in each hand solves to the end
of the game in under 10 s and 500 MB. Each position is drawn from the seed
(``random_duel``): two families, 5 cards in each hand and a Renfort aside (one
in five has already been used), the cards played so far split among the
treasures and the Prison, a random Order, a Council of 2 or 3 decrees and a
pile of 7 (the Meneur's choice of the decree to cover is then a decision of
nearly every round), the Meneur, the round starting with its decree or at its
combat, and the rule options that change a duel (``underdog``, ``appel_side``;
each off its default one time in three). Every third position is of the
hardest kind found (``hard``: the Palindrome on top of the pile). The issue's
``rand5-4``, the engine benchmark's full-Council position and the hardest
position found in trials (tests/duel_positions.py) are solved first.

Every position is solved in a fresh process, so that its peak memory (the
process's maximum resident set, interpreter and Herald included: what
``herald solve`` needs) is its own. The table lists wall time, the process's
CPU time (what the wall time is on an idle machine; the two part on a busy
one), nodes and peak memory; the last lines give the worst case of each and
whether the goal holds.
"""
from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import random
import resource
import sys
import time

from herald.engine.aset.data import DEFAULT_CONFIG
from herald.engine.games import GAMES

from engine import DUEL_FIVE_DECREES, ROOT, engine_build  # benchmarks/engine.py

sys.path.insert(0, str(ROOT / "tests"))
from duel_positions import PALINDROME_ON_TOP, RAND5_4

GOAL_SECONDS = 10.0
GOAL_MB = 500
CARDS = 5

def random_duel(rng: random.Random, cards: int = CARDS, hard: bool = False) -> dict:
    """A duel position with ``cards`` cards in each hand, as an example spec.

    ``hard`` draws from the positions that searched the most nodes in trials:
    five different values in each hand and both Renforts aside, a Council of
    2 decrees with effects, and a pile with the Palindrome on top (drawn at
    once, the Meneur chooses where to put it back, 8 ways) above the other
    decrees with effects, the round starting with its decree.
    """
    cfg = DEFAULT_CONFIG
    fams = rng.sample(range(len(cfg.families)), 2)
    names = ("arthur", "brunehaut")
    spec: dict = {"game": "aset", "variant": "duel", "round": cfg.rounds + 1 - cards,
                  "players": {n: cfg.families[f] for n, f in zip(names, fams)},
                  "meneur": rng.choice(names),
                  "phase": "decree" if hard else rng.choice(["decree", "combat"]),
                  "hands": {}, "renforts": {}}
    played = []
    for name, f in zip(names, fams):
        box = [v for v in range(1, 8) for _ in range(cfg.composition[f][v - 1])]
        rng.shuffle(box)
        if hard:    # five different values, then a sixth for the Renfort
            values = rng.sample(range(1, 8), cards + 1)
            for v in values:
                box.remove(v)
            box = values + box
        spec["hands"][name] = sorted(box[:cards])
        rest = box[cards:]
        if hard or rng.random() < 0.8:
            spec["renforts"][name] = rest.pop(0 if hard else -1)
        played += [f"{cfg.families[f]} {v}" for v in rest]
    rng.shuffle(played)
    jailed = rng.randrange(4)
    spec["prison"] = played[:jailed]
    spec["treasures"] = {name: [] for name in names}
    for c in played[jailed:]:
        spec["treasures"][rng.choice(names)].append(c)
    order = list(range(1, 8))
    rng.shuffle(order)
    spec["order"] = order
    decrees = [d.id for d in cfg.decrees if not d.removed_in_duel]
    rng.shuffle(decrees)
    if hard:
        effects = [d.id for d in cfg.decrees if d.effect1 or d.effect2]
        rng.shuffle(effects)
        blank = [d for d in decrees if d not in effects and d != "palindrome"]
        pile = effects[2:] + blank[:5]
        rng.shuffle(pile)
        pile.insert(0, "palindrome")
        spec["council"], spec["decrees"] = effects[:2], pile
    else:
        council = rng.choice([2, 3, 3])
        spec["council"] = decrees[:council]
        spec["decrees"] = decrees[council:council + 7]
    # the rule options that change a duel (a tie in the duel is a null combat)
    spec["options"] = {"underdog": rng.choice(["last_rank", "last_rank", "weakest_played"]),
                       "appel_side": rng.choice(["inside", "inside", "outside"])}
    return spec


def solve_one(spec: dict) -> dict:
    """Solve ``spec`` to the end of the game (run in a fresh process)."""
    from herald.engine.simultaneous import solve_joint
    state = GAMES["aset"].from_spec(spec, log=False)
    wall, cpu = time.perf_counter(), time.process_time()
    result = solve_joint(state)
    return {"value": float(result.value), "nodes": result.nodes,
            "wall": time.perf_counter() - wall, "cpu": time.process_time() - cpu,
            "mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=30, help="random positions (default 30)")
    ap.add_argument("--seed", type=int, default=1, help="the generator's seed (default 1)")
    args = ap.parse_args(argv)
    print(f"Exact two-player solver, Asèt duels with {CARDS} cards each, to the end — "
          f"Python {platform.python_version()}, {os.cpu_count()} CPUs; engine "
          f"{engine_build()}; load average {os.getloadavg()[0]:.1f}")
    rng = random.Random(args.seed)
    cases = [("rand5-4 (issue 19)", RAND5_4),
             ("full Council (benchmarks/engine.py)", DUEL_FIVE_DECREES),
             ("Palindrome on top (hardest found)", PALINDROME_ON_TOP)]
    # every third position a hard one (see random_duel)
    cases += [(f"random {k + 1}{' hard' if k % 3 == 2 else ''} (seed {args.seed})",
               random_duel(rng, hard=k % 3 == 2)) for k in range(args.positions)]
    ctx = multiprocessing.get_context("spawn")
    rows = []
    print(f"{'position':<38} {'wall s':>7} {'cpu s':>7} {'nodes':>10} {'peak MB':>8}  value")
    for label, spec in cases:
        with ctx.Pool(1, maxtasksperchild=1) as pool:
            row = pool.apply(solve_one, (spec,))
        rows.append((label, row))
        print(f"{label:<38} {row['wall']:>7.2f} {row['cpu']:>7.2f} {row['nodes']:>10,} "
              f"{row['mb']:>8.0f}  {row['value']:+.4f}", flush=True)
    worst_wall = max(rows, key=lambda r: r[1]["wall"])
    worst_cpu = max(rows, key=lambda r: r[1]["cpu"])
    worst_mb = max(rows, key=lambda r: r[1]["mb"])
    print(f"worst time: {worst_wall[1]['wall']:.2f} s wall ({worst_wall[0]}), "
          f"{worst_cpu[1]['cpu']:.2f} s CPU ({worst_cpu[0]})")
    print(f"worst peak memory: {worst_mb[1]['mb']:.0f} MB ({worst_mb[0]})")
    met = worst_cpu[1]["cpu"] < GOAL_SECONDS and worst_mb[1]["mb"] < GOAL_MB
    print(f"goal: under {GOAL_SECONDS:g} s and {GOAL_MB} MB each: "
          f"{'met' if met else 'not met'} (time as CPU time)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
