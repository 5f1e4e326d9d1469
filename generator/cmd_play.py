"""``herald play``: full games between bots, a summary, and a game recorded as
a worked example that ``herald verify`` replays."""
from __future__ import annotations

import json
import re
import time
from collections import deque
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import click
from herald.engine.bots import BOT_NAMES, DEFAULT_SOLVER_DEPTH, make_bot, play_game
from herald.engine.games import GAMES
from herald.engine.runner import run_example

from .errors import InputError
from .examples import game_config, load_example, position
from .fileio import check_target, write_atomic
from .kits import known_game
from .options import parse_seed, seats_text
from .paths import display
from .progress import Progress
from .terminal import echo
from .workers import cores, start_pool, stop_workers
from .yamlfile import dump_yaml

DEFAULT_GAME = next(iter(GAMES), None)     # the registry's first game
SEAT_SEEDS = 8          # seat k's bot in game i is seeded with (S + i) * 8 + k
CHUNKS_PER_JOB = 16     # games are handed to the processes in this many chunks each
CHUNK_MAX = 500         # ... of at most this many games, so that a chunk's results stay small
IN_FLIGHT = 4           # chunks a process may have queued: the results come back in order
# The games are summed as they come back (nothing is kept per game), so memory
# does not grow with --games; the bound keeps a typo from running for days.
MAX_GAMES = 10_000_000


def _seats_help() -> str:
    parts = []
    for name in sorted(GAMES):
        counts = GAMES[name].player_counts
        parts.append(f"{name}: " + ", ".join(
            f"{v} {seats_text(seats)}" for v, seats in counts.items()))
    return "; ".join(parts)


def _card_sets_help() -> str:
    """The card sets of each game that has them (``card_sets``)."""
    return "; ".join(f"{name}: " + ", ".join(GAMES[name].card_sets)
                     for name in sorted(GAMES) if getattr(GAMES[name], "card_sets", ()))


_SEATS = _seats_help()
_CARD_SETS = _card_sets_help()


@click.command()
@click.option("--game", "game_name", default=None, metavar="GAME",
              help=f"The game to play: {', '.join(sorted(GAMES))} (default {DEFAULT_GAME}; "
              "with --from, the file's).")
@click.option("--players", type=int, default=None, metavar="N",
              help=f"Players, as many as the game's variant seats ({_SEATS}). With "
              "--from, the file's players (a different count is an error).")
@click.option("--variant", default=None, metavar="VARIANT",
              help="The game's variant. Default: the one that seats --players, else the "
              "game's first; with --from, the file's variant.")
@click.option("--seed", type=int, default=0, show_default=True, metavar="S",
              help="Game i (from 0) deals from seed S+i, and its bots draw their "
              "randomness from it too (seat k's bot from (S+i)*8+k). With --from, the "
              "file's cards are kept as written and only the bots' randomness changes with "
              "the seed.")
@click.option("--bots", default="random", show_default=True, metavar="BOT[,BOT...]",
              help="The bot for every seat (random, greedy, solver, ismcts or regret), or a "
              "comma list with one bot per seat in seating order, like greedy,random,random. "
              "The greedy bot looks one decision ahead (a won game above any score, "
              "partners on one side); the solver bot sees every hidden card; ismcts "
              "searches only what its seat sees, and regret also mixes its choices at "
              "simultaneous steps.")
@click.option("--games", type=int, default=1, show_default=True, metavar="N",
              help=f"How many full games to play, at most {MAX_GAMES:,}.")
@click.option("--from", "from_file", type=click.Path(dir_okay=False), default=None,
              metavar="FILE", help="Start every game from the position of this example "
              "file (its play and expect are ignored).")
@click.option("--record", "record_file", type=click.Path(dir_okay=False), default=None,
              metavar="FILE", help="Write the first game as a worked-example YAML file: "
              "its starting position, every decision and the final scores and "
              "winner, for 'herald verify'. The same options give the same bytes.")
@click.option("--rounds", type=int, default=None, metavar="R",
              help="Play R rounds instead of the rules' number (or the file's rounds), "
              "in a game played in rounds.")
@click.option("--depth", type=int, default=DEFAULT_SOLVER_DEPTH, show_default=True,
              metavar="D", help="The solver bot's search horizon, in decisions.")
@click.option("--simulations", type=int, default=None, metavar="N",
              help="The ismcts and regret bots' simulations a decision (default: the game's "
              "own).")
@click.option("--cards", "card_set", default=None, metavar="SET",
              help="The kinds of card each player holds, for a game that has card sets "
              f"({_CARD_SETS}; or card ids separated by commas). "
              "Default: the game's first set; with --from, the file's cards.")
@click.option("--jobs", type=int, default=None, metavar="N",
              help="Play the games in N processes (default: one per core); the "
              "results are the same for any N.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the summary as one JSON document (and no progress bar).")
def play(game_name, players, variant, seed, bots, games, from_file, record_file, rounds,
         depth, simulations, card_set, jobs, as_json):
    """Play full games between bots and summarize them.

    Prints the wins of every player (partners win together; a game won by k
    tied players or teams gives each of them 1/k of a win), their mean final
    score (the game's: influence, points, life margin) and the games played
    per second. On a terminal, a run of more than a second shows a progress
    bar on stderr (not with --json).
    """
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games: from 1 to {MAX_GAMES:,} games, not {games:,}")
    if jobs is not None and jobs < 1:
        raise InputError(f"--jobs: at least 1 process, not {jobs}")
    if record_file is not None:
        _check_record(record_file)
    seed = parse_seed(seed)
    if depth < 1:
        raise InputError(f"--depth: at least 1 decision, not {depth}")
    if simulations is not None and simulations < 1:
        raise InputError(f"--simulations: at least 1 a decision, not {simulations}")
    if rounds is not None and rounds < 1:
        raise InputError(f"--rounds: at least 1 round, not {rounds}")

    example = None
    if from_file is not None:
        example = load_example(Path(from_file))
        game = example.game
        start = position(example, log=False)
        file_variant = getattr(start, "variant", "base")
        where = display(example.path)
        if start.over:
            raise InputError(f"--from: {where}: the game is already over at this position; "
                             "nothing to play")
        if game_name is not None and game_name != game.name:
            raise InputError(f"--game {game_name}: {where} is a {game.name} game")
        if variant is not None and variant != file_variant:
            raise InputError(f"--variant {variant}: {where} is a {file_variant} game")
        if players is not None and players != len(start.players):
            raise InputError(f"--players {players}: {where} seats {len(start.players)} "
                             "players")
        variant = file_variant
        deal: dict = {}
        if card_set is not None:
            raise InputError(f"--cards: {where} names its own cards; drop --cards or "
                             "--from")
        if rounds is not None:
            _check_rounds(game, start)
            if rounds < start.round:
                raise InputError(f"--rounds {rounds}: {where} is already at round "
                                 f"{start.round}")
            start.rounds = rounds
        names = start.players
    else:
        # a game set aside (its package is broken) is one line saying why
        game = GAMES[known_game(game_name or DEFAULT_GAME, "--game: ")]
        counts = game.player_counts
        if variant is None:
            # the variant that seats that many players (the game's player_counts
            # say which), else the game's first
            fits = [v for v in game.variants if players in counts[v]]
            variant = fits[0] if fits else game.variants[0]
        if variant not in game.variants:
            raise InputError(f"--variant: {' or '.join(game.variants)}, not {variant!r}")
        if players is None:
            players = getattr(game, "default_players", {}).get(variant, min(counts[variant]))
        if players not in counts[variant]:
            raise InputError(f"--players {players}: {_seating(game, variant, players)}")
        start = None
        deal = _card_set(game, card_set)
        sample = game.new_game(players, variant=variant, seed=seed, **deal)
        if rounds is not None:
            _check_rounds(game, sample)
        names = sample.players

    seat_bots = _parse_bots(bots, len(names))
    plan = Plan(game.name, variant, players if start is None else len(names), seed,
                tuple(seat_bots), depth, tuple(deal.items()), rounds,
                simulations,
                str(example.path) if example else None)
    jobs = min(jobs or cores(), games)
    # Read the card database (or the --from file) here, once: a bad one is one
    # line from this process, and the workers inherit it already read.
    _new_state(plan, 0)
    n = len(names)
    wins = [0.0] * n
    outright = [0] * n
    shared_games = 0
    score_sums = [0] * n
    recorded = None
    began = time.perf_counter()

    def add(result) -> None:        # in game order: the same sums for any --jobs
        nonlocal shared_games
        won, tied, scores = result
        # partners (one side) win together; tied sides share the win
        shared_games += tied > 1
        for p in won:
            wins[p] += 1 / tied
            outright[p] += tied == 1
        for p, v in enumerate(scores):
            score_sums[p] += v

    with Progress("playing", games, "games") as bar:
        show = (lambda done: bar.update(done)) if not as_json else (lambda done: None)
        recorded = _play_all(plan, games, jobs, record_file is not None, show, add)
    seconds = time.perf_counter() - began

    if recorded is not None:
        text = _record_yaml(game, *recorded, seed=seed, names=names, bots=seat_bots,
                            source=example.id if example else None)
        write_atomic(Path(record_file), text)

    rate = games / seconds if seconds > 0 else float("inf")
    means = [v / games for v in score_sums]
    score_name = game.score_name
    if as_json:
        echo(json.dumps({
            "game": game.name, "variant": variant, "players": list(names),
            "bots": dict(zip(names, seat_bots, strict=True)),
            "from": display(example.path) if example else None,
            "seed": seed, "games": games, "cards": card_set,
            "rounds": start.rounds if start is not None else (rounds or None),
            "wins": {p: round(w, 6) for p, w in zip(names, wins, strict=True)},
            "outright_wins": dict(zip(names, outright, strict=True)),
            "shared_games": shared_games,
            f"mean_{score_name}": {p: round(m, 6) for p, m in zip(names, means, strict=True)},
            "record": record_file,
            "seconds": round(seconds, 6), "games_per_second": round(rate, 1),
        }, ensure_ascii=False, indent=2))
        return 0

    source = f"from {display(example.path)}" if example else \
        f"{variant}, {n} players" + (f", cards {card_set}" if card_set else "")
    seeds = f"seed {seed}" if games == 1 else f"seeds {seed} to {seed + games - 1}"
    echo(f"{games} game{'s' if games > 1 else ''} of {game.name} ({source}), {seeds}")
    width = max(6, *(len(p) for p in names))
    echo(f"{'player':<{width}}  {'bot':<7} {'wins':>8} {'win %':>7} {'outright':>8} "
         f"{'mean ' + score_name:>15}")
    for k, p in enumerate(names):
        echo(f"{p:<{width}}  {seat_bots[k]:<7} {wins[k]:>8.2f} "
             f"{100 * wins[k] / games:>6.1f}% {outright[k]:>8} {means[k]:>15.2f}")
    tie = game.shared_win
    echo(f"shared wins: a game won by k tied players or teams ({tie}) "
         f"gives each 1/k of a win (partners win together); {shared_games} of "
         f"{games} game{'s' if games > 1 else ''} shared")
    if recorded is not None:
        echo(f"recorded game 1 (seed {seed}, {len(recorded[1])} decisions) in "
             f"{display(Path(record_file))}")
    echo(f"{games} game{'s' if games > 1 else ''} in {seconds:.3f} s: "
         f"{rate:,.0f} games/s")
    return 0


def _card_set(game, card_set) -> dict:
    """``new_game``'s keyword for ``--cards``, checked (a game without card sets
    takes none)."""
    if card_set is None:
        return {}
    sets = getattr(game, "card_sets", None)
    if not sets:
        raise InputError(f"--cards: {game.name} has no card sets")
    try:
        game.new_game(min(game.player_counts[game.variants[0]]),
                      variant=game.variants[0], seed=0, cards=card_set)
    except ValueError as e:
        raise InputError(f"--cards: {e}") from None
    return {"cards": card_set}


def _parse_bots(text: str, seats: int) -> list[str]:
    names = [b.strip() for b in text.split(",")]
    for b in names:
        if b not in BOT_NAMES:
            raise InputError(f"--bots: unknown bot {b!r}; bots: {', '.join(BOT_NAMES)}")
    if len(names) == 1:
        return names * seats
    if len(names) != seats:
        raise InputError(f"--bots: {len(names)} bots for {seats} players; give one bot, "
                         "or one per seat")
    return names


def _scalar(text: str) -> str:
    if re.fullmatch(r"[A-Za-z][A-Za-z0-9_.-]*", text):
        return text
    return json.dumps(text, ensure_ascii=False)


def _record_yaml(game, spec, decisions, *, seed, names, bots, source) -> str:
    """The first game as a worked example: position (as ``to_spec`` gives it),
    every decision, the outcome."""
    spec = dict(spec)
    line_up = ", ".join(f"{p} {b}" for p, b in zip(names, bots, strict=True))
    ident = f"bots-seed-{seed}-" + "-".join(dict.fromkeys(bots))
    if source:
        ident += f"-from-{source}"
        title = {"fr": f"Partie entre bots depuis {source}, graine {seed} : {line_up}",
                 "en": f"Bots' game from {source}, seed {seed}: {line_up}"}
    else:
        title = {"fr": f"Partie entre bots, graine {seed} : {line_up}",
                 "en": f"Bots' game, seed {seed}: {line_up}"}
    # The head in block style, one title language a line, like the hand-written
    # examples (a JSON string is a valid double-quoted YAML scalar).
    head = (f"game: {_scalar(spec.pop('game'))}\nid: {_scalar(ident)}\ntitle:\n"
            + "".join(f"  {lang}: {_scalar(t)}\n" for lang, t in title.items()))
    doc = dict(spec)
    doc["play"] = list(decisions)
    # The runner checks an example at the end of its last decision's phase; when
    # the game then ends on its own (no hands left), that is not the final
    # position: expect what the replay reaches, so a recording always verifies.
    final = run_example(game, dict(doc, game=game.name)).state
    doc["expect"] = game.outcome(final)     # the game says what its end shows
    return head + dump_yaml(doc)


# -- the games, in one process or several ------------------------------------------------

@dataclass(frozen=True)
class Plan:
    """What any process needs to play game i exactly as every other would
    (plain values: it is sent to the worker processes)."""
    game: str
    variant: str
    players: int
    seed: int
    bots: tuple[str, ...]
    depth: int
    deal: tuple                 # new_game's keywords for --cards
    rounds: int | None
    simulations: int | None     # the IS-MCTS bots' budget a decision (None: the game's)
    from_file: str | None       # --from: every game starts from this file's position


def _play_all(plan: Plan, games: int, jobs: int, record: bool, show, add):
    """Play every game, handing each one's ``(winners, tied sides, scores)`` to
    ``add`` in game order (none is kept); return game 1's record
    (``(position spec, decisions)``) when asked. ``show(done)`` follows the run."""
    recorded = None
    if jobs == 1:
        for i in range(games):
            *result, rec = _play_one(plan, i, record and i == 0)
            add(tuple(result))
            recorded = recorded or rec
            show(i + 1)
        return recorded
    size = max(1, min(CHUNK_MAX, -(-games // (jobs * CHUNKS_PER_JOB))))
    chunks = iter(range(0, games, size))      # lazily: a few are in flight at a time
    pool = start_pool(jobs)
    try:
        pending: deque = deque()

        def refill() -> None:
            while len(pending) < jobs * IN_FLIGHT:
                a = next(chunks, None)
                if a is None:
                    return
                pending.append(pool.submit(_play_chunk, plan, a, min(a + size, games),
                                           record and a == 0))

        refill()
        done = 0
        while pending:                  # in order: results and progress alike
            results, rec = pending.popleft().result()
            for result in results:
                add(result)
            recorded = recorded or rec
            done += len(results)
            show(done)
            refill()
    except BaseException:
        stop_workers(pool)
        raise
    pool.shutdown(wait=True)
    return recorded


def _play_chunk(plan: Plan, first: int, stop: int, record: bool):
    """Games ``first`` to ``stop - 1`` (in a worker process): their results,
    and the first game's record when asked."""
    results, recorded = [], None
    for i in range(first, stop):
        *result, rec = _play_one(plan, i, record and i == first)
        results.append(tuple(result))
        recorded = recorded or rec
    return results, recorded


def _play_one(plan: Plan, i: int, record: bool):
    """Game ``i``: ``(winners, tied sides among them, scores, record or None)``."""
    game = GAMES[plan.game]
    state = _new_state(plan, i)
    seats = [make_bot(name, (plan.seed + i) * SEAT_SEEDS + k, depth=plan.depth,
                      simulations=plan.simulations, game=game, variant=plan.variant)
             for k, name in enumerate(plan.bots)]
    recorded = None
    if record:
        spec = game.to_spec(state)
        decisions: list = []
        play_game(state, seats, game=game, record=decisions)
        recorded = (spec, decisions)
    else:
        play_game(state, seats)
    won = tuple(state.winners())
    sides = state.sides()
    return won, len({sides[p] for p in won}), tuple(state.scores()), recorded


def _new_state(plan: Plan, i: int):
    if plan.from_file is not None:
        state = _start(plan.from_file).copy()
    else:
        # The setup numbers (hand size, cards set aside, rounds…) come from the
        # game's card database, so a publisher's variant needs no code.
        state = GAMES[plan.game].new_game(plan.players, variant=plan.variant,
                                          seed=plan.seed + i, config=_config(plan.game),
                                          **dict(plan.deal))
    if plan.rounds is not None:
        state.rounds = plan.rounds
    return state


@cache
def _config(game: str):
    return game_config(game)


@cache
def _start(path: str):
    """The position of a --from file (read once per process; never changed)."""
    return position(load_example(Path(path)), log=False)


# -- checking the options ----------------------------------------------------------------

def _check_record(record_file: str) -> None:
    """--record names a file (click refuses a folder), checked before any game
    is played: an empty name would be the current folder."""
    if not record_file.strip():
        raise InputError("--record: an empty file name; give a file like game.yaml")
    check_target(Path(record_file), "--record")


def _check_rounds(game, state) -> None:
    """--rounds only for a game played in a number of rounds."""
    if not hasattr(state, "rounds"):
        raise InputError(f"--rounds: {game.name} is not played in a number of rounds")


def _seating(game, variant: str, players: int) -> str:
    """Who each variant seats, the one asked for first, with the variant that
    would seat ``players`` if there is one: "the base game seats 3 to 5
    players, the duel variant 2"."""
    counts = game.player_counts

    def named(v):
        return "the base game" if v == "base" else f"the {v} variant"

    order = [variant] + [v for v in game.variants if v != variant]
    text = f"{named(variant)} seats {seats_text(counts[variant])} players" + "".join(
        f", {named(v)} {seats_text(counts[v])}" for v in order[1:])
    fits = [v for v in order[1:] if players in counts[v]]
    return text + (f" (use --variant {fits[0]} for {players})" if fits else "")
