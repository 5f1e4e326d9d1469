"""How strong the IS-MCTS bot is, and how fast it decides.

One IS-MCTS bot against greedy bots, seats rotated from game to game (the
balance tool's plan, generator/balance.py, so the games are the ones
``herald balance`` plays): three-player Oriflamme and Asèt (a fair share is
33%) and the Lenormand duel (50%). Each figure has its 95% Wilson interval.
Then the decisions per second of each bot on the same positions (positions
of random games, forced decisions left out), the greedy bot's as the peer
measured in the same run.

    python benchmarks/ismcts_strength.py [GAMES] [SIMULATIONS] [JOBS] [CASES]

GAMES per line (default 400), SIMULATIONS a decision (default or ``game``: each
game's own, ``search_simulations``), JOBS processes (default every core), CASES
the lines to play, numbered from 0 (default all). Targets (issue 20): at least
45% of three-player Oriflamme and Asèt, at least 60% of Lenormand duels; a line
that misses its target says so.

Finished chunks are kept in output/benchmarks/ismcts and a stopped run
resumes from them; they are named by the match, not by the bots' code, so
empty the folder after changing a bot. The CPU time a game counts only the
games this run played.
"""
from __future__ import annotations

import resource
import sys
import time
from pathlib import Path

from herald.engine.bots import make_bot
from herald.engine.games import GAMES
from herald.engine.ismcts import simulations as own_budget
from herald.generator.balance import Match, Plan, chunk_name, run_plan
from herald.generator.balance_report import wilson

# (game, variant, players, the IS-MCTS bot, its target share)
CASES = (
    ("oriflamme", "base", 3, "ismcts", 0.45),
    ("aset", "base", 3, "ismcts", 0.45),
    ("lenormand", "base", 2, "ismcts", 0.60),
    ("aset", "base", 3, "regret", 0.45),
)
SPEED_POSITIONS = 40
KEEP = Path("output/benchmarks/ismcts")     # finished chunks, kept for resuming


def positions(game: str, variant: str, players: int) -> list:
    """Positions where the mover has a choice, from random games (seeded)."""
    g = GAMES[game]
    out: list = []
    seed = 0
    while len(out) < SPEED_POSITIONS:
        state = g.new_game(players, variant=variant, seed=10_000 + seed)
        bot = make_bot("random", seed)
        k = 0
        while not state.over and len(out) < SPEED_POSITIONS:
            if len(state.legal()) > 1 and k % 5 == 0:
                out.append(state.copy())
            state.apply(bot(state))
            k += 1
        seed += 1
    return out


def speed(name: str, states, simulations: int | None) -> float:
    """Decisions per second of bot ``name`` on ``states``."""
    began = time.perf_counter()
    for i, state in enumerate(states):
        make_bot(name, i, simulations=simulations)(state)
    return len(states) / (time.perf_counter() - began)


def cpu_seconds() -> float:
    """CPU time of this process and its finished children (the pool's workers)."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + kids.ru_utime + kids.ru_stime


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    simulations = int(sys.argv[2]) if len(sys.argv) > 2 and sys.argv[2] != "game" else None
    jobs = int(sys.argv[3]) if len(sys.argv) > 3 else None
    cases = [int(c) for c in sys.argv[4].split(",")] if len(sys.argv) > 4 \
        else list(range(len(CASES)))
    budget = "each game's own" if simulations is None else str(simulations)
    print(f"{games} games a line, {budget} simulations a decision, seats rotated; "
          "95% Wilson intervals")
    print(f"{'game':<14} {'bot':<7} {'sims':>5} {'wins':>7} {'95% interval':>16} {'target':>13} "
          f"{'dec/s':>7} {'greedy dec/s':>12} {'wall':>6} {'CPU s/game':>10} "
          f"{'core-h/10⁶ games':>16}")
    for c in cases:
        game, variant, players, bot, target = CASES[c]
        lineup = (bot,) + ("greedy",) * (players - 1)
        plan = Plan((Match(game, variant, players, lineup, games=games,
                           simulations=simulations),))
        kept = sum(b - a for m, a, b in plan.chunks() if (KEEP / chunk_name(m, a)).is_file())
        began, cpu = time.perf_counter(), cpu_seconds()
        rows = run_plan(plan, jobs=jobs, folder=KEEP)     # a stopped run resumes
        wall = time.perf_counter() - began
        per_game = (cpu_seconds() - cpu) / max(games - kept, 1)
        mine = [r["win"] for r in rows if r["bot"] == bot]
        p, lo, hi = wilson(sum(mine), len(mine))
        states = positions(game, variant, players)
        sims = simulations or own_budget(states[0])
        rate = speed(bot, states, simulations)
        peer = speed("greedy", states, simulations)
        verdict = "met" if p >= target else "MISSED"
        print(f"{game + f' {players}p':<14} {bot:<7} {sims:>5} {100 * p:>6.1f}% "
              f"{100 * lo:>6.1f}% – {100 * hi:>5.1f}% {100 * target:>4.0f}% {verdict:<7} "
              f"{rate:>7.1f} {peer:>12.1f} {wall:>5.0f}s {per_game:>10.2f} "
              f"{per_game * 1e6 / 3600:>16,.0f}", flush=True)


if __name__ == "__main__":
    main()
