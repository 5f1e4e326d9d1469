"""Does any decree of L'Ordre d'Asèt decide games on its own? Bots play full
games with each set of decrees (rule option ``decree_deck``) and the script
reports, with 95 % Wilson intervals:

* per decree, the win rate of the aspirant who drew it (the Meneur of that
  round, who also chooses which decree it covers), against the fair share
  1/players: a decree that hands the game to whoever draws it stands out;
* per set, the first seat's win rate (the first Meneur) and the rate of shared
  victories, the box's set (sixteen decrees without effect) as the peer.

    python benchmarks/aset_decrees.py [GAMES] [PLAYERS] [BOTS]

GAMES per set (default 4000), PLAYERS (default 4; 2 plays the duel), BOTS
(greedy; or random). Same seeds for both sets. A tie for the win counts as a
share (1/k to each of k winners). The figures in docs/games/aset.md come from
``python benchmarks/aset_decrees.py 4000 4`` and ``… 4000 3``.
"""
from __future__ import annotations

import math
import sys
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor

from herald.engine.aset import ASET
from herald.engine.aset.decrees import DECKS
from herald.engine.bots import make_bot, play_game


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a rate (``wins`` may be fractional)."""
    if n == 0:
        return (0.0, 1.0)
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return (max(0.0, centre - half), min(1.0, centre + half))


def run(args) -> tuple:
    """(deck, first seat's wins, shared games, per decree: [draws, drawer's wins])."""
    deck, first_seed, count, players, bot = args
    variant = "duel" if players == 2 else "base"
    first = shared = 0.0
    per: dict[str, list[float]] = defaultdict(lambda: [0, 0.0])
    for seed in range(first_seed, first_seed + count):
        state = ASET.new_game(players, seed=seed, variant=variant, log=True,
                              options={"decree_deck": deck})
        play_game(state, [make_bot(bot, seed * 8 + p) for p in range(players)])
        winners = state.winners()
        share = 1 / len(winners)
        seat = {name: p for p, name in enumerate(state.players)}
        first += share if 0 in winners else 0
        shared += len(winners) > 1
        # each decree that takes effect, credited to the aspirant who drew it
        drawer = 0
        for event in state.log:
            kind = event["type"]
            if kind == "draw":
                drawer = seat[event["player"]]
            elif kind in ("enter", "cover", "hold") or (
                    kind == "discard_decree" and event.get("reason") == "discardable"):
                row = per[event["decree"]]
                row[0] += 1
                row[1] += share if drawer in winners else 0
    return deck, first, shared, dict(per)


def main() -> None:
    games = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    players = int(sys.argv[2]) if len(sys.argv) > 2 else 4
    bot = sys.argv[3] if len(sys.argv) > 3 else "greedy"
    chunk = max(1, games // 16)
    jobs = [(deck, s, min(chunk, games - s), players, bot) for deck in DECKS
            for s in range(0, games, chunk)]
    first = dict.fromkeys(DECKS, 0.0)
    shared = dict.fromkeys(DECKS, 0.0)
    per: dict[str, dict[str, list[float]]] = {d: defaultdict(lambda: [0, 0.0]) for d in DECKS}
    with ProcessPoolExecutor() as pool:
        for deck, f, s, rows in pool.map(run, jobs):
            first[deck] += f
            shared[deck] += s
            for decree, (n, w) in rows.items():
                per[deck][decree][0] += n
                per[deck][decree][1] += w
    fair = 1 / players
    print(f"{games} games per set, {players} players, {bot} bots; fair share "
          f"{100 * fair:.1f}%")
    print(f"{'set':<8} {'first seat wins':>24} {'shared wins':>12}")
    for deck in DECKS:
        lo, hi = wilson(first[deck], games)
        print(f"{deck:<8} {100 * first[deck] / games:>7.1f}% [{100 * lo:.1f}, {100 * hi:.1f}]"
              f"{'':>4} {100 * shared[deck] / games:>10.1f}%")
    for deck in DECKS:
        print(f"\nset {deck}: the drawer's win rate, per decree")
        print(f"{'decree':<22} {'drawn':>6} {'drawer wins':>12} {'95% interval':>16}")
        for decree, (n, w) in sorted(per[deck].items(), key=lambda kv: -kv[1][1] / kv[1][0]):
            lo, hi = wilson(w, int(n))
            flag = "  <- outside the fair share" if not lo <= fair <= hi else ""
            print(f"{decree:<22} {n:>6} {100 * w / n:>11.1f}% [{100 * lo:5.1f}, "
                  f"{100 * hi:5.1f}]{flag}")


if __name__ == "__main__":
    main()
