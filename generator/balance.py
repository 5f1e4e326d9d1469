"""``herald balance``'s plan of matches and how it is played: on this
machine's cores or on a Dask cluster, resumable, the same rows for the same
seeds whatever runs them.

A **plan** is a list of matches. A **match** is one configuration (the game,
its variant and player count, the bots in seating order, the card set, the
rule options) played ``games`` times from ``seed``. Game ``i`` of a match deals
from ``seed + i`` and rotates the bots ``i`` seats (the bot listed first sits
in seat ``i mod players``), so that each bot plays each seat as often and a
seat's advantage is not mistaken for a bot's. Seat ``k``'s bot draws from
``(seed + i) * 8 + k``, as ``herald play`` does.

The results are a table with one row a seat a game (:data:`COLUMNS`): its
``win`` (1, or the share of a shared win) and, where the game scores in
payoffs (its facts' ``utility`` is not "win_loss": chips, points), its
``payoff``; a win/loss game's payoff is its win. A chance step met mid-game
(mover CHANCE) is drawn from a stream seeded by the game. They
are played in **chunks** of :data:`CHUNK` games of one match; each finished
chunk is written at once to the results folder under a name made of the
match's key (everything that decides its games) and its first game, so a
sweep that is stopped (Ctrl-C, a lost worker, a closed laptop) resumes where
it was: the chunks on disk are read back and only the missing ones are
played. The chunking does not depend on the number of processes or workers,
and each game only on its match and index, so any number of them gives the
same table, row for row (tests/test_balance.py).

From Python (another tool choosing, say, new decrees with it)::

    from herald.generator.balance import Match, Plan, run_plan
    plan = Plan((Match(game, "base", 3, ("greedy",) * 3, games=400),))
    rows = run_plan(plan, jobs=2)          # a list of dicts, COLUMNS each

(``game`` the game's id; ``grid`` builds a plan from lists of values.)

Dask rather than Ray: a plan is a flat list of independent, seeded chunks,
which is exactly ``Client.map``; Dask's scheduler runs in pure Python (a
``LocalCluster`` for the tests starts in a second, with threads or
processes), ``dask-scheduler``/``dask-worker`` or ``dask-jobqueue`` reach SSH
hosts, SLURM, PBS and Kubernetes clusters, and its wheels are small. Ray
brings actors, a shared object store and a heavy runtime that a sweep of
independent games does not use.
"""
from __future__ import annotations

import csv
import hashlib
import io
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path

from herald.engine.bots import BOT_NAMES, make_bot
from herald.engine.games import GAMES
from herald.engine.interface import CHANCE, facts_of
from herald.engine.ismcts import sample_chance
from herald.engine.rng import Stream

from .errors import InputError
from .examples import game_config
from .fileio import write_atomic
from .workers import cores, start_pool, stop_workers

CHUNK = 25                  # games a chunk: the unit of work and of resuming
SEAT_SEEDS = 8              # seat k's bot in game i is seeded with (seed + i) * 8 + k
COLUMNS = ("match", "game", "seed", "seat", "players", "variant", "cards", "options",
           "bot", "win", "score", "decisions", "seat_tags", "game_tags", "payoff")
CHANCE_SEAT = SEAT_SEEDS - 1    # the stream of game i's chance steps: (seed + i) * 8 + 7


def scores_payoffs(game) -> bool:
    """Whether ``game``'s figures are payoffs (chips, points) rather than wins."""
    return facts_of(game).utility not in (None, "win_loss")


@dataclass(frozen=True)
class Match:
    """One configuration, played ``games`` times (see the module docstring)."""
    game: str
    variant: str
    players: int
    bots: tuple[str, ...]             # in seating order before rotation
    cards: str | None = None
    options: tuple[tuple[str, str], ...] = ()
    games: int = 100
    seed: int = 0
    simulations: int | None = None    # the IS-MCTS bots' budget a decision (None: the game's)

    def key(self) -> str:
        """A short stable name of everything that decides this match's games."""
        text = json.dumps([self.game, self.variant, self.players, self.bots, self.cards,
                           self.options, self.seed, self.simulations])
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    def label(self) -> str:
        """``3 p · ismcts, greedy, greedy · cards alliance · other_supports=bonus_only``."""
        parts = [f"{self.players} p", ", ".join(self.bots)]
        if self.cards:
            parts.append(f"cards {self.cards}")
        parts += [f"{k}={v}" for k, v in self.options]
        return " · ".join(parts)


@dataclass(frozen=True)
class Plan:
    matches: tuple[Match, ...]
    chunk: int = CHUNK

    def chunks(self) -> list[tuple[Match, int, int]]:
        """Every ``(match, first game, end)``, in plan order."""
        return [(m, a, min(a + self.chunk, m.games)) for m in self.matches
                for a in range(0, m.games, self.chunk)]


def grid(game: str, *, players: Sequence[int], bots: Sequence[Sequence[str]],
         cards: Sequence[str | None] = (None,), options: dict[str, Sequence[str]] | None = None,
         games: int = 100, seed: int = 0, simulations: int | None = None,
         variant: str | None = None) -> Plan:
    """Every combination of player count, bots, card set and rule-option value.

    ``bots`` lists line-ups: one bot (every seat), or one per seat; a line-up
    whose length fits no player count is refused. Bad values are one-line
    InputErrors (the command line's, too)."""
    g = GAMES.get(game)
    if g is None:
        raise InputError(f"unknown game {game!r}; games: {', '.join(sorted(GAMES))}")
    options = options or {}
    combos: list[tuple[tuple[str, str], ...]] = [()]
    for name, values in options.items():
        combos = [c + ((name, v),) for c in combos for v in values]
    matches = []
    for n in players:
        v = variant or _variant(g, n)
        for lineup in bots:
            seats = tuple(lineup) * n if len(lineup) == 1 else tuple(lineup)
            if len(seats) != n:
                continue
            for card_set in cards:
                for combo in combos:
                    matches.append(Match(game, v, n, seats, card_set, combo, games, seed,
                                         simulations))
    if not matches:
        raise InputError("--bots: no line-up has as many bots as --players seats")
    for m in matches:
        check_match(m)
    return Plan(tuple(matches))


def _variant(game, players: int) -> str:
    fits = [v for v in game.variants if players in game.player_counts[v]]
    if not fits:
        seats = sorted({n for v in game.variants for n in game.player_counts[v]})
        raise InputError(f"--players {players}: {game.name} seats "
                         f"{', '.join(map(str, seats))} players")
    return fits[0]


def check_match(m: Match) -> None:
    """A match that cannot be dealt is one line of bad input, before any game."""
    for b in m.bots:
        if b not in BOT_NAMES:
            raise InputError(f"--bots: unknown bot {b!r}; bots: {', '.join(BOT_NAMES)}")
    if m.games < 1:
        raise InputError(f"--games: at least 1 game, not {m.games}")
    if m.simulations is not None and m.simulations < 1:
        raise InputError(f"--simulations: at least 1, not {m.simulations}")
    try:
        new_state(m, 0)
    except ValueError as e:
        what = "--option" if m.options else "--cards" if m.cards else "--players"
        raise InputError(f"{what}: {e}") from None


def new_state(m: Match, i: int):
    game = GAMES[m.game]
    deal = {"cards": m.cards} if m.cards else {}
    return game.new_game(m.players, variant=m.variant, seed=m.seed + i,
                         options=dict(m.options) or None, config=_config(m.game), **deal)


@cache
def _config(game: str):
    return game_config(game)


# -- one game, one chunk -------------------------------------------------------------

def play_one(m: Match, i: int) -> list[dict]:
    """Game ``i`` of match ``m``: one row a seat."""
    game = GAMES[m.game]
    state = new_state(m, i)
    n = m.players
    shift = i % n
    seat_bots = [m.bots[(k - shift) % n] for k in range(n)]
    bots = [make_bot(name, (m.seed + i) * SEAT_SEEDS + k, simulations=m.simulations,
                     game=game, variant=m.variant, options=dict(m.options))
            for k, name in enumerate(seat_bots)]
    make_observer = getattr(game, "observer", None)
    observer = make_observer(state) if make_observer else None
    decisions = 0
    chance = None
    while not state.over:
        if state.mover == CHANCE:      # the table's step, not a decision
            chance = chance or Stream((m.seed + i) * SEAT_SEEDS + CHANCE_SEAT)
            state.apply(sample_chance(state, chance))
            continue
        d = bots[state.mover](state)
        if observer is not None:
            observer.decided(state, d)
        state.apply(d)
        decisions += 1
    facts = observer.facts(state) if observer is not None else {"seat": [], "game": []}
    won = state.winners()
    sides = state.sides()
    share = 1 / len({sides[p] for p in won}) if won else 0.0
    scores = state.scores()
    payoffs = [float(x) for x in state.payoffs()] if scores_payoffs(game) else None
    seat_tags = facts.get("seat") or [[] for _ in range(n)]
    options = ";".join(f"{k}={v}" for k, v in m.options)
    return [{"match": m.key(), "game": i, "seed": m.seed + i, "seat": k, "players": n,
             "variant": m.variant, "cards": m.cards or "", "options": options,
             "bot": seat_bots[k], "win": round(share, 6) if k in won else 0.0,
             "score": scores[k], "decisions": decisions,
             "seat_tags": " ".join(seat_tags[k]), "game_tags": " ".join(facts.get("game", [])),
             "payoff": round(payoffs[k], 6) if payoffs is not None
             else (round(share, 6) if k in won else 0.0)}
            for k in range(n)]


def play_chunk(m: Match, first: int, end: int) -> str:
    """Games ``first`` to ``end - 1`` of ``m`` as CSV text (what a chunk file holds)."""
    rows = [r for i in range(first, end) for r in play_one(m, i)]
    return to_csv(rows, header=False)


def to_csv(rows: Iterable[dict], header: bool = True) -> str:
    buf = io.StringIO()
    writer = csv.DictWriter(buf, fieldnames=COLUMNS, lineterminator="\n")
    if header:
        writer.writeheader()
    writer.writerows(rows)
    return buf.getvalue()


def read_csv(text: str) -> list[dict]:
    """Rows back from CSV text (header included), typed as play_one makes them."""
    out = []
    for r in csv.DictReader(io.StringIO(text)):
        for k in ("game", "seed", "seat", "players", "score", "decisions"):
            r[k] = int(r[k])
        r["win"] = float(r["win"])
        # (a chunk kept before payoffs were recorded has none: its win stands in)
        r["payoff"] = float(r["payoff"]) if r.get("payoff") not in (None, "") else r["win"]
        out.append(r)
    return out


# -- the whole plan -------------------------------------------------------------------

def chunk_name(m: Match, first: int) -> str:
    return f"{m.game}-{m.key()}-{first:07d}.csv"


def run_plan(plan: Plan, *, jobs: int | None = None, scheduler=None,
             folder: Path | None = None, done: Callable[[int], None] | None = None) -> list[dict]:
    """Play every game of ``plan`` and return its rows, in plan order.

    ``folder``: where finished chunks are kept (and found again when the run
    is resumed); without it nothing is kept. ``done(games)`` follows the run."""
    todo = plan.chunks()
    texts: dict[int, str] = {}
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
        for k, (m, a, _) in enumerate(todo):
            path = folder / chunk_name(m, a)
            if path.is_file():
                texts[k] = path.read_text(encoding="utf-8")
    missing = [k for k in range(len(todo)) if k not in texts]
    finished = sum(b - a for k, (_, a, b) in enumerate(todo) if k in texts)
    follow = done or (lambda n: None)
    follow(finished)

    def keep(k: int, text: str) -> None:
        nonlocal finished
        texts[k] = text
        if folder is not None:
            m, a, _ = todo[k]
            write_atomic(folder / chunk_name(m, a), text)
        finished += todo[k][2] - todo[k][1]
        follow(finished)

    if missing:
        if scheduler is not None:
            _on_dask(scheduler, todo, missing, keep)
        else:
            _on_cores(jobs or cores(), todo, missing, keep)
    header = ",".join(COLUMNS) + "\n"
    return read_csv(header + "".join(texts[k] for k in range(len(todo))))


def _on_cores(jobs: int, todo, missing, keep) -> None:
    if jobs == 1 or len(missing) == 1:
        for k in missing:
            keep(k, play_chunk(*todo[k]))
        return
    pool = start_pool(min(jobs, len(missing)))
    try:
        futures = {pool.submit(play_chunk, *todo[k]): k for k in missing}
        from concurrent.futures import as_completed
        for future in as_completed(futures):
            keep(futures[future], future.result())
    except BaseException:
        stop_workers(pool)
        raise
    pool.shutdown(wait=True)


def _on_dask(scheduler, todo, missing, keep) -> None:
    """The chunks on a Dask cluster; each is kept as soon as it is back, so a
    sweep stopped midway keeps what the cluster finished."""
    try:
        from distributed import Client, as_completed
    except ImportError:       # pragma: no cover - a dependency of Herald
        raise InputError("--scheduler needs Dask's distributed package "
                         "(pip install 'dask[distributed]')") from None
    own = not isinstance(scheduler, Client)
    try:
        client = Client(scheduler, timeout=30) if own else scheduler
    except OSError as e:
        raise InputError(f"--scheduler {scheduler}: no Dask scheduler answers ({e})") from None
    try:
        futures = [client.submit(play_chunk, *todo[k], pure=False,
                                 key=f"herald-balance-{chunk_name(*todo[k][:2])}")
                   for k in missing]
        index = {f.key: k for f, k in zip(futures, missing)}
        for future in as_completed(futures):
            keep(index[future.key], future.result())
    finally:
        if own:
            client.close()


def plan_json(plan: Plan) -> list[dict]:
    """The plan as plain data (written beside the results)."""
    return [dict(asdict(m), key=m.key()) for m in plan.matches]
