"""``herald balance GAME``: a plan of matches between bots, played on every
core or on a Dask cluster, and a designer's report (HTML and PDF, with plots)
beside the raw results (generator/balance.py, generator/balance_report.py)."""
from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Sequence
from pathlib import Path

import click
from babel import Locale
from herald.engine.bots import BOT_NAMES
from herald.engine.games import GAMES

from .balance import grid, plan_json, run_plan, scores_payoffs, to_csv
from .balance_report import Report, bot_word, figures, kind_sentence, text, write_html, write_pdf
from .errors import InputError
from .fileio import write_atomic
from .kits import kit
from .options import parse_seed
from .paths import DEFAULT_OUTPUT, display
from .progress import Progress
from .render.numbers import whole
from .render.plurals import plural
from .terminal import echo
from .translations import GENERIC, game_locales
from .workers import cores

# The report's words: Herald's own (French) and every generic PO file's
# language, as the translation layer finds them; a new PO file adds a choice.
LOCALES = tuple(game_locales(GENERIC))
# Games of one match: the results are kept (one row a seat a game) for the
# report's figures, so the count is bounded before anything is planned.
MAX_GAMES = 100_000
MAX_TOTAL = 1_000_000       # games of the whole plan: every match's, kept for the report


def _option(values) -> dict[str, Sequence[str]]:
    out: dict[str, Sequence[str]] = {}
    for v in values:
        name, sep, rest = v.partition("=")
        choices = [c.strip() for c in rest.split(",") if c.strip()]
        if not sep or not name.strip() or not choices:
            raise InputError(f"--option: {v!r} is not name=value[,value...] like "
                             "other_supports=barred,bonus_only")
        if name.strip() in out:
            raise InputError(f"--option: {name.strip()} is given twice; list its values "
                             "once, separated by commas")
        out[name.strip()] = choices
    return out


@click.command()
@click.argument("game_name", metavar="GAME", type=click.Choice(sorted(GAMES)))
@click.option("--games", type=int, default=200, show_default=True, metavar="N",
              help="Games of each match (each combination of the options below), "
              f"at most {MAX_GAMES:,}, and {MAX_TOTAL:,} in all.")
@click.option("--players", "players", default=None, metavar="N[,N...]",
              help="Player counts to play (default: the game's usual count).")
@click.option("--bots", "bots", multiple=True, metavar="BOT[,BOT...]",
              help=f"A line-up: one bot for every seat, or one per seat ({', '.join(BOT_NAMES)});"
              " repeat for several line-ups. Seats are rotated from game to game. "
              "Default: greedy.")
@click.option("--cards", "card_sets", multiple=True, metavar="SET",
              help="A card set, for a game that has them; repeat to compare sets.")
@click.option("--option", "options", multiple=True, metavar="NAME=V[,V...]",
              help="A rule option and the values to compare, like "
              "other_supports=barred,bonus_only; repeat for a grid.")
@click.option("--seed", type=int, default=0, show_default=True, metavar="S",
              help="Game i of a match deals from S+i; the same seeds give the same results.")
@click.option("--simulations", type=int, default=None, metavar="N",
              help="The IS-MCTS bots' simulations a decision (default: the game's own).")
@click.option("--jobs", type=int, default=None, metavar="N",
              help="Local processes (default: one per core).")
@click.option("--scheduler", default=None, metavar="ADDRESS",
              help="Play on the Dask cluster whose scheduler is at ADDRESS "
              "(tcp://host:8786) instead of this machine's cores.")
@click.option("--lang", default="en", show_default=True, type=click.Choice(LOCALES),
              help="The report's language.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Destination folder [default: output/balance/GAME].")
@click.option("--fresh", is_flag=True,
              help="Play every game again instead of resuming from the chunks kept in OUT.")
def balance(game_name, games, players, bots, card_sets, options, seed, simulations, jobs,
            scheduler, lang, out, fresh):
    """Play a plan of matches between bots and write a balance report.

    The plan is every combination of --players, --bots, --cards and --option
    values. Writes OUT/report.html and OUT/report.pdf (win rate by seat with
    95% intervals, by bot, by rule option, score and length distributions, and
    the game's own figures), the plots in OUT/plots/ and the raw results in
    OUT/results.csv (one row a seat a game). Finished games are kept in
    OUT/chunks/ as they come: run the same command again to resume a stopped
    sweep.
    """
    game = GAMES[game_name]
    seed = parse_seed(seed)
    if not 1 <= games <= MAX_GAMES:
        raise InputError(f"--games: from 1 to {MAX_GAMES:,} games a match, not {games:,}")
    if jobs is not None and jobs < 1:
        raise InputError(f"--jobs: at least 1 process, not {jobs}")
    if card_sets and not getattr(game, "card_sets", None):
        raise InputError(f"--cards: {game_name} has no card sets")
    if scheduler is not None:
        _check_scheduler(scheduler)
    if players is None:
        v = game.variants[0]
        counts = [getattr(game, "default_players", {}).get(v, min(game.player_counts[v]))]
    else:
        try:
            counts = [int(x) for x in players.split(",")]
        except ValueError:
            raise InputError(f"--players: whole numbers separated by commas, not "
                             f"{players!r}") from None
    lineups = [tuple(b.strip() for b in line.split(",")) for line in (bots or ("greedy",))]
    grid_options = _option(options)
    # the plan's size before it is built: each value list multiplies the matches
    matches = len(counts) * len(lineups) * max(1, len(card_sets)) * math.prod(
        len(values) for values in grid_options.values())
    if matches * games > MAX_TOTAL:
        raise InputError(f"--games: {matches:,} matches of {games:,} games is more than "
                         f"{MAX_TOTAL:,} games in all; play fewer games or fewer values")
    plan = grid(game_name, players=counts, bots=lineups, cards=list(card_sets) or [None],
                options=grid_options, games=games, seed=seed, simulations=simulations)
    out = out or DEFAULT_OUTPUT / "balance" / game_name
    _check_out(out)
    chunks = out / "chunks"
    if fresh and chunks.is_dir():
        for f in chunks.glob("*.csv"):
            f.unlink()
    total = sum(m.games for m in plan.matches)
    began = time.perf_counter()
    with Progress("playing", total, "games") as bar:
        rows = run_plan(plan, jobs=jobs, scheduler=scheduler, folder=chunks,
                        done=bar.update)
    seconds = time.perf_counter() - began
    written = write_report(out, game_name, plan, rows, lang, seed)
    workers = (f"Dask ({scheduler})" if scheduler else
               f"{jobs or cores()} process{'es' if (jobs or cores()) > 1 else ''}")
    echo(f"{total} games in {len(plan.matches)} match"
         f"{'es' if len(plan.matches) > 1 else ''} in {seconds:.1f} s on {workers}")
    for path in written:
        echo(f"wrote {display(path)}")
    return 0


def _check_scheduler(address: str) -> None:
    """A Dask scheduler's address, ``tcp://host:8786`` (or ``host:8786``),
    checked before any game is planned."""
    from distributed.comm.addressing import parse_address, parse_host_port
    try:
        scheme, location = parse_address(address)
        if scheme in ("tcp", "tls") and not 0 < parse_host_port(location)[1] < 65536:
            raise ValueError("port")
    except (ValueError, TypeError):
        raise InputError(f"--scheduler: {address!r} is not a scheduler's address like "
                         "tcp://host:8786") from None


def _check_out(out: Path) -> None:
    """The destination is a folder Herald can write in, checked before the
    first game is played: a file there, a read-only folder, or a file where
    one of its parents should be are one line."""
    try:
        out.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise InputError(f"--out: {display(out)} is a file, not a folder") from None
    except OSError as e:
        raise InputError(f"--out: {display(out)}: cannot write there: "
                         f"{e.strerror or e}") from None
    if not os.access(out, os.W_OK | os.X_OK):
        raise InputError(f"--out: {display(out)}: cannot write there: permission denied")


def write_report(out: Path, game_name: str, plan, rows, locale: str,
                 seed: int) -> list[Path]:
    """The CSV, the plan, the plots, the HTML and the PDF: each written atomically."""
    game = GAMES[game_name]
    t = text(locale)
    from .database import database_path, load_database
    db = load_database(database_path(game_name))
    hook = kit(game_name).balance_labels
    labels = hook(db, locale) if hook else {}
    name = db.name.get(locale) or db.name["en"]
    describe = _describer(game_name, db, locale)
    payoffs = scores_payoffs(game)
    figs = figures(rows, locale, _score_name(game, locale), labels, describe, payoffs)
    games = sum(m.games for m in plan.matches)
    bots = ", ".join(bot_word(b, locale) for b in sorted({b for m in plan.matches
                                                          for b in m.bots}))
    counts = sorted({m.players for m in plan.matches})
    report = Report(
        title=t["title"].format(game=name),
        lead=t["lead"].format(games=whole(games, locale), matches=plural(
                                  t["matches"], len(plan.matches), Locale.parse(locale)).format(
                                  n=len(plan.matches)), players=", ".join(map(str, counts)),
                              bots=bots, csv="results.csv")
        + " " + kind_sentence(locale, payoffs, _score_name(game, locale)),
        closing=t["closing"].format(seed=seed),
        figures=figs)
    paths = [out / "results.csv", out / "plan.json"]
    write_atomic(paths[0], to_csv(rows))
    write_atomic(paths[1], json.dumps(plan_json(plan), indent=2, ensure_ascii=False) + "\n")
    for f in figs:
        path = out / "plots" / f"{f.name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, f.png)
        paths.append(path)
    write_html(out / "report.html", report, locale)
    write_pdf(out / "report.pdf", report, locale)
    return paths + [out / "report.html", out / "report.pdf"]


# the score's name in the report's words: the engine gives the English one
SCORE_WORDS = {"fr": {"influence": "influence", "points": "points",
                      "life margin": "écart de vie"}}


def _score_name(game, locale: str) -> str:
    return SCORE_WORDS.get(locale, {}).get(game.score_name, game.score_name)


def _describer(game_name: str, db, locale: str):
    """A setting of the report (``alliance, heal=combination``) in the players'
    words: each rule option's title and the reading's summary, from the game's
    rule options; a card set by the box's name where the database has one."""
    options = {o.name: o for o in kit(game_name).RULE_OPTIONS}
    boxes = getattr(db, "boxes", None) or {}

    def words(part: str) -> str:
        name, sep, value = part.partition("=")
        if not sep:
            box = boxes.get(name)
            return box.name.get(locale, name) if box is not None else name
        option = options.get(name)
        if option is None:
            return part
        reading = next((r for r in (option.default, *option.alternatives)
                        if r.value == value), None)
        title = option.title.get(locale) or option.title.get("en", name)
        if reading is None:
            return title
        return f"{title} : {reading.summary.get(locale, value)}" if locale == "fr" else \
            f"{title}: {reading.summary.get(locale, value)}"

    return lambda setting: "; ".join(words(p) for p in setting.split(", ") if p)
