"""The Goofspiel game package (examples/games/goofspiel), installed by pip as a
designer would install theirs, then driven through the real command line:
listed with its package and version, its worked examples verified, its
solver values exact, its games played and recorded, its kit built by the
generic look (deck, rules, reference, web edition: every PDF preflights clean)
and its balance report written."""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from conftest import shared_folder
from goofspiel import GAME, Goofspiel
from herald.engine.bots import make_bot, play_game
from herald.engine.checked import unwrap
from herald.engine.games import GROUP, Registry
from herald.engine.interface import DecisionError, NotationError, SpecError
from herald.engine.runner import run_example
from package_checks import need_tools, preflight

PACKAGE = Path(__file__).resolve().parents[1] / "examples" / "games" / "goofspiel"
VERSION = tomllib.loads((PACKAGE / "pyproject.toml").read_text())["project"]["version"]
EXAMPLES = PACKAGE / "src" / "herald_goofspiel" / "assets" / "examples"


def _install(out: Path) -> None:
    """``pip install`` the package into ``out/site`` from a copy (a build
    leaves build/ and egg-info folders beside the sources): no network, no
    dependency fetched, nothing written into the repository."""
    source = out / "source"
    shutil.copytree(PACKAGE, source, ignore=shutil.ignore_patterns(
        "build", "*.egg-info", "__pycache__"))
    done = subprocess.run(
        [sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
         "--no-build-isolation", "--no-index", "--target", str(out / "site"), str(source)],
        capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]


@pytest.fixture(scope="session")
def site(tmp_path_factory) -> Path:
    """The folder the package is installed in, once per test run."""
    return shared_folder(tmp_path_factory, "goofspiel-package", _install) / "site"


def _env(site: Path | str) -> dict:
    """The environment with the package installed: ``site`` (several folders
    joined by os.pathsep) first on PYTHONPATH, as a virtual environment's
    site-packages would hold it."""
    return dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(site)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))


def herald(site: Path | str, *args, cwd=None):
    """The command line with the package installed."""
    return subprocess.run([sys.executable, "-m", "herald.generator.cli", *map(str, args)],
                          capture_output=True, text=True, env=_env(site), cwd=cwd,
                          timeout=600)


# -- installed, through the command line --------------------------------------------------

def test_herald_games_lists_it_with_its_package_and_version(site):
    listed = herald(site, "games")
    assert listed.returncode == 0, listed.stderr
    line = next(x for x in listed.stdout.splitlines() if x.startswith("goofspiel "))
    assert line.split() == ["goofspiel", "herald-goofspiel", VERSION, "interface", "2"]
    # Herald's own games are still there, none set aside
    assert "set aside" not in listed.stdout
    assert {x.split()[0] for x in listed.stdout.splitlines()[:-1]} >= {
        "oriflamme", "aset", "lenormand", "goofspiel"}


def test_herald_games_come_first_whatever_the_installed_packages(site):
    # the package's folder is searched first, yet the default game (the
    # registry's first) stays Herald's own
    done = subprocess.run([sys.executable, "-c", "from herald.engine.games import GAMES; "
                           "print(' '.join(GAMES))"], capture_output=True, text=True,
                          env=_env(site), timeout=300)
    assert done.stdout.split() == ["oriflamme", "aset", "lenormand", "goofspiel"]


def test_its_worked_examples_verify_from_the_installed_package(site):
    done = herald(site, "verify", "goofspiel", "--json")
    assert done.returncode == 0, done.stderr
    results = json.loads(done.stdout)
    assert {r["id"] for r in results} == {p.stem for p in EXAMPLES.glob("*.yaml")}
    assert all(r["ok"] for r in results)
    # read from the installed copy, not from the repository's sources
    assert all("site/herald_goofspiel/assets/examples/" in r["file"] for r in results)
    short = next(r for r in results if r["id"] == "a-short-game")
    assert short["decisions"] == ["ann bid 3", "bob bid 2", "ann bid 1", "bob bid 1",
                                  "ann bid 2", "bob bid 3"]
    text = herald(site, "verify", "goofspiel", "--lang", "fr")
    assert "✓ a-short-game: Une partie courte" in text.stdout
    assert f"{len(results)} of {len(results)} examples hold" in text.stdout


def test_a_wrong_value_fails_naming_it(site, tmp_path):
    wrong = tmp_path / "wrong.yaml"
    wrong.write_text((EXAMPLES / "solve-stronger-hand.yaml").read_text()
                     .replace('"-31/20"', '"-3/2"'))
    done = herald(site, "verify", wrong)
    assert done.returncode == 1
    assert "value for ann: expected -3/2, computed -31/20" in done.stdout


@pytest.mark.parametrize("example, ann, bob, mix", [
    # symmetric: worth exactly 0; on the first prize, bid 2 179 times in 185
    ("solve-four-cards", "0", "0", ["3/185", "179/185", "3/185", "0"]),
    ("solve-by-hand", "-1", "1", ["0", "1"]),        # the 2 × 2 table in the file
    # Gambit finds -31/20 too (tests/test_simultaneous.py)
    ("solve-stronger-hand", "-31/20", "31/20", ["1/4", "3/4", "0"]),
])
def test_herald_solve_gives_the_exact_values(site, example, ann, bob, mix):
    done = herald(site, "solve", example, "--json")
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert report["value"] == {"ann": ann, "bob": bob}
    assert [row["probability"] for row in report["strategies"]["ann"]] == mix
    assert report["strategies"]["ann"][0]["decision"] == "ann bid 1"


def test_herald_play_plays_it_and_records_a_game_that_verifies(site, tmp_path):
    record = tmp_path / "game.yaml"
    done = herald(site, "play", "--game", "goofspiel", "--games", "30", "--jobs", "1",
                  "--record", record, "--json")
    assert done.returncode == 0, done.stderr
    summary = json.loads(done.stdout)
    assert summary["game"] == "goofspiel" and summary["players"] == ["ann", "bob"]
    assert sum(summary["wins"].values()) == pytest.approx(30)
    # thirteen prizes of 1 to 13: 91 points, less the prizes discarded on ties
    assert 0 < sum(summary["mean_points"].values()) <= 91
    verified = herald(site, "verify", record)
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "1 of 1 examples hold" in verified.stdout


def test_the_installed_package_holds_everything_the_look_reads(site):
    assets = site / "herald_goofspiel" / "assets"
    for name in ("database.yaml", "rules.md", "booklet.yaml", "deck/cards.csv",
                 "deck/layout.yaml"):
        assert (assets / name).is_file(), name
    shipped = {p.name for p in (assets / "locales").glob("*.po")}
    assert shipped == {p.name for p in (EXAMPLES.parent / "locales").glob("*.po")}


def _build(out: Path, site: Path) -> None:
    """``herald build goofspiel`` from the installed package, once a session."""
    done = herald(site, "build", "goofspiel", "--out", out / "kit", cwd=out)
    assert done.returncode == 0, done.stdout[-1500:] + done.stderr[-1500:]


@pytest.fixture(scope="session")
def kit(tmp_path_factory, site) -> Path:
    return shared_folder(tmp_path_factory, "goofspiel-kit",
                         lambda out: _build(out, site)) / "kit" / "goofspiel"


def test_herald_build_writes_its_kit_and_every_pdf_preflights_clean(kit, tmp_path):
    need_tools()
    pdfs = sorted(kit.rglob("*.pdf"))
    names = " ".join(p.name for p in pdfs)
    for part in ("cards", "rules", "reference"):
        assert part in names, names
    assert {p.parent.name for p in kit.rglob("web/index.html")} == {"web"}
    assert (kit / "en").is_dir() and (kit / "fr").is_dir(), sorted(kit.iterdir())
    problems = [p for pdf in pdfs for p in preflight(pdf, tmp_path / pdf.stem)]
    assert problems == []


def test_herald_balance_writes_its_report(site, tmp_path):
    out = tmp_path / "balance"
    done = herald(site, "balance", "goofspiel", "--games", "6", "--jobs", "1",
                  "--bots", "greedy,random", "--out", out)
    assert done.returncode == 0, done.stderr
    for name in ("report.html", "report.pdf", "results.csv", "plan.json"):
        assert (out / name).is_file(), name
    rows = (out / "results.csv").read_text().splitlines()
    assert len(rows) == 1 + 6 * 2                  # a row a seat a game
    assert "Goofspiel" in (out / "report.html").read_text()
    need_tools()
    assert preflight(out / "report.pdf", tmp_path / "pages") == []


def test_herald_play_names_a_broken_package_in_one_line(site, tmp_path):
    # a package whose module fails to import, beside the working Goofspiel
    (tmp_path / "brokengame.py").write_text("raise RuntimeError('half-written module')\n")
    info = tmp_path / "brokengame-1.2.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: brokengame\nVersion: 1.2\n")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\nbroken = brokengame:GAME\n")
    env_site = f"{tmp_path}{os.pathsep}{site}"
    done = herald(env_site, "play", "--game", "broken")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "--game: game 'broken' (package brokengame 1.2): cannot load" in done.stderr


# -- the package's engine, in this process ------------------------------------------------

def test_the_registry_takes_the_package_game():
    registry = Registry(points=[EntryPoint("goofspiel", "herald_goofspiel:GAME", GROUP)])
    # behind the guard of engine/checked.py, the package's own game
    assert registry.broken == {} and unwrap(registry["goofspiel"]) is GAME


def test_position_spec_round_trip_and_errors():
    spec = {"game": "goofspiel", "players": ["ann", "bob"],
            "hands": {"ann": [1, 2, 3], "bob": [1, 2, 4]}, "prizes": [1, 2, 3],
            "won": {"ann": 4, "bob": 0}}
    state = GAME.from_spec(spec)
    assert state.scores() == (4, 0) and state.hands == ((1, 2, 3), (1, 2, 4))
    assert GAME.to_spec(state) == spec
    for bad, path in (({"hands": {"ann": [1, 2], "bob": [1, 2, 4]}}, ("hands", "ann")),
                      ({"hands": {"ann": [1, 2, 3]}}, ("hands",)),
                      ({"prizes": []}, ("prizes",)),
                      ({"won": {"ann": -1}}, ("won", "ann")),
                      ({"players": ["ann"]}, ("players",)),
                      ({"deck": 3}, ("deck",))):
        with pytest.raises(SpecError) as e:
            GAME.from_spec({**spec, **bad})
        assert e.value.path == path


def test_notation_refusals_in_the_games_words():
    state = Goofspiel([[1, 3], [2, 3]], [2, 1], names=["ann", "bob"])
    assert GAME.parse_decision(state, "ann  bid 3") == 3
    assert GAME.format_decision(state, 3) == "ann bid 3"
    with pytest.raises(NotationError):
        GAME.parse_decision(state, "ann raise 3")
    with pytest.raises(NotationError):
        GAME.parse_decision(state, "zoe bid 3")
    with pytest.raises(DecisionError, match="ann cannot bid 2: ann holds 1, 3"):
        GAME.parse_decision(state, "ann bid 2")
    with pytest.raises(DecisionError, match="it is ann's bid, not bob's"):
        GAME.parse_decision(state, "bob bid 2")


def test_expectations_report_each_difference():
    outcome = run_example(GAME, {
        "game": "goofspiel", "players": ["ann", "bob"],
        "hands": {"ann": [1, 2], "bob": [1, 2]}, "prizes": [2, 1],
        "play": ["ann bid 2", "bob bid 1"],
        "expect": {"won": {"ann": 1, "bob": 0}, "winner": "bob", "prizes": [1]}})
    # the last trick, forced, is played too: ann took the 2, bob the 1
    assert outcome.problems == ["points won by ann: expected 1, computed 2",
                                "points won by bob: expected 0, computed 1",
                                "prizes to come: expected [1], computed []",
                                "winner: expected bob, computed ann"]
    with pytest.raises(SpecError) as e:
        run_example(GAME, {"game": "goofspiel", "players": ["ann", "bob"],
                           "hands": {"ann": [1], "bob": [1]}, "prizes": [1],
                           "expect": {"points": {}}})
    assert e.value.path == ("expect", "points")


def test_dealt_games_end_with_every_prize_taken_or_discarded():
    for seed in range(6):
        state = GAME.new_game(2 + seed % 2, seed=seed)       # two players, or three
        assert sorted(state.prizes) == list(range(1, 14))
        play_game(state, [make_bot("random", seed * 8 + k) for k in range(len(state.players))])
        assert state.over and sum(state.scores()) <= 91 and state.winners()
        assert GAME.outcome(state)["winner"]
    assert GAME.new_game(2, seed=3).prizes == GAME.new_game(2, seed=3).prizes
    with pytest.raises(ValueError):
        GAME.new_game(4)


def test_what_a_seat_may_know_is_dealt_again_and_nothing_else():
    from herald.engine.rng import Stream
    state = GAME.new_game(2, seed=4)
    state.apply(state.legal()[5])                 # ann bids, face down
    other = state.copy()
    other.bids = [state.hands[0][0] if state.bids[0] != state.hands[0][0]
                  else state.hands[0][1]]         # another bid ann might have made
    other.prizes = state.prizes[:1] + tuple(reversed(state.prizes[1:]))
    worlds = [s.determinize(1, Stream(7)) for s in (state, other)]
    # the same world whatever bob cannot see: ann's bid, the pile's order
    assert worlds[0].bids == worlds[1].bids and worlds[0].prizes == worlds[1].prizes
    world = worlds[0]
    assert world.hands == state.hands and world.prize == state.prize
    assert sorted(world.prizes) == sorted(state.prizes) and world.log is None
    assert world.bids[0] in state.hands[0]
    start = state.joint_start(1, Stream(7))
    assert start is not None and start.at_joint() and start.prize == state.prize
    assert state.joint_start(0, Stream(7)) is None          # ann has bid
    mine = state.determinize(0, Stream(3))
    assert mine.bids == state.bids                            # her own bid, as it is
