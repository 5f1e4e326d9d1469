"""``herald play``: summaries, determinism, recorded games that verify, input errors."""
from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from click.testing import CliRunner
from conftest import herald_here
from herald.generator.cli import cli

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = ROOT / "assets" / "oriflamme" / "examples"
BENCHMARK = EXAMPLES / "benchmark-public-simulator.yaml"
TIMING = ("seconds", "games_per_second")     # the --json keys that vary run to run


def play(*args):
    result = CliRunner().invoke(cli, ["play", *map(str, args)])
    assert result.exit_code == 0, (result.output, result.exception)
    return result


def herald(*args):
    """The command line from the repository's folder, in this process (exit
    codes, one-line errors; no interpreter's start for each call)."""
    return herald_here(*args, cwd=ROOT)


def without_timing(text: str) -> list[str]:
    return [line for line in text.splitlines() if "games/s" not in line]


def test_summary_has_wins_and_means():
    out = play("--players", 3, "--seed", 1, "--games", 20).stdout
    assert "wins" in out and "mean influence" in out and "games/s" in out
    rows = {line.split()[0]: line.split() for line in out.splitlines()
            if line.split() and line.split()[0] in ("red", "blue", "green")}
    assert set(rows) == {"red", "blue", "green"}
    assert sum(float(r[2]) for r in rows.values()) == pytest.approx(20)
    assert "shared" in out


def test_same_seed_same_output():
    a = play("--players", 4, "--seed", 7, "--games", 30, "--bots", "greedy,random,random,random")
    b = play("--players", 4, "--seed", 7, "--games", 30, "--bots", "greedy,random,random,random")
    assert without_timing(a.stdout) == without_timing(b.stdout)
    c = play("--players", 4, "--seed", 8, "--games", 30, "--bots", "greedy,random,random,random")
    assert without_timing(a.stdout) != without_timing(c.stdout)


def test_no_progress_into_a_pipe():
    """stderr captured (not a terminal): the run writes nothing there, however
    long it lasts (a bar is for a person at a terminal; generator/progress.py)."""
    slow = herald("play", "--seed", 1, "--games", 3, "--bots", "solver", "--depth", 4)
    assert slow.returncode == 0 and slow.stderr == ""
    assert play("--seed", 1, "--games", 200).stderr == ""


def test_same_results_for_any_number_of_processes(tmp_path):
    """--jobs splits the games across processes: the same summary (timing
    aside) and the same recorded game, byte for byte, for 1 and 2 processes."""
    for game, extra in (("oriflamme", ("--players", 4, "--bots", "greedy,random")),
                        ("aset", ("--players", 3)), ("lenormand", ())):
        bots = list(extra)
        if bots and bots[-1] == "greedy,random":
            bots[-1] = "greedy,random,random,random"
        outs = {}
        for jobs in (1, 2):
            record = tmp_path / f"{game}-{jobs}.yaml"
            outs[jobs] = play("--game", game, "--seed", 5, "--games", 41, "--jobs", jobs,
                              "--record", record, *bots).stdout.replace(str(record), "FILE")
        assert without_timing(outs[1]) == without_timing(outs[2]), game
        assert (tmp_path / f"{game}-1.yaml").read_bytes() == \
            (tmp_path / f"{game}-2.yaml").read_bytes()
        # the JSON summary too (its timings aside)
        docs = [json.loads(play("--game", game, "--seed", 5, "--games", 17, "--jobs", jobs,
                                "--json", *bots).stdout) for jobs in (1, 2)]
        for doc in docs:
            del doc["seconds"], doc["games_per_second"]
        assert docs[0] == docs[1]


def test_json_summary():
    data = json.loads(play("--variant", "duo", "--seed", 3, "--games", 25, "--json").stdout)
    assert data["players"] == ["north", "south"]
    assert data["games"] == 25 and data["variant"] == "duo"
    assert sum(data["wins"].values()) == pytest.approx(25)
    assert sum(data["outright_wins"].values()) + data["shared_games"] == 25
    assert set(data["mean_influence"]) == {"north", "south"}
    assert data["games_per_second"] > 0


def test_partners_win_together():
    # The four-player Lenormand game: two teams of two; a team's win is a win
    # for both partners, not a win shared between two players.
    data = json.loads(play("--game", "lenormand", "--players", 4, "--games", 20,
                           "--bots", "greedy", "--json").stdout)
    wins = data["wins"]
    assert wins["civilisation"] == wins["civilisation2"] == \
        data["outright_wins"]["civilisation"]
    assert wins["nature"] == wins["nature2"]
    assert wins["civilisation"] + wins["nature"] + data["shared_games"] == 20
    assert data["shared_games"] == 0 and 0 < wins["civilisation"] < 20


@pytest.mark.parametrize("args", [
    ("--players", 3, "--bots", "random"),
    ("--players", 5, "--bots", "greedy,random,solver,random,greedy", "--depth", 2),
    ("--variant", "duo", "--bots", "greedy,random"),
    ("--players", 4, "--rounds", 3),
], ids=["base3", "base5-mixed", "duo", "rounds3"])
def test_record_verifies_and_is_reproducible(tmp_path, args):
    first, second = tmp_path / "a.yaml", tmp_path / "b.yaml"
    r = herald("play", "--seed", 12, "--games", 3, "--record", first, *args)
    assert r.returncode == 0, r.stderr
    r = herald("play", "--seed", 12, "--games", 1, "--record", second, *args)
    assert r.returncode == 0, r.stderr
    assert first.read_bytes() == second.read_bytes()
    v = herald("verify", first)
    assert v.returncode == 0, v.stdout + v.stderr
    assert "1 of 1 examples hold" in v.stdout
    spec = yaml.safe_load(first.read_text(encoding="utf-8"))
    assert spec["game"] == "oriflamme" and "12" in spec["id"]
    assert set(spec["title"]) == {"en", "fr"} and "12" in spec["title"]["en"]
    assert spec["play"] and all(isinstance(d, str) for d in spec["play"])
    assert set(spec["expect"]["influence"]) == set(spec["influence"])
    assert spec["expect"]["winner"]
    if "--rounds" in args:
        assert spec["rounds"] == 3


def test_record_lists_every_decision(tmp_path):
    """The runner supplies no forced decision: the file holds all of them."""
    from herald.generator.examples import load_example, run
    path = tmp_path / "g.yaml"
    play("--players", 3, "--seed", 4, "--record", path)
    outcome = run(load_example(path))
    assert outcome.ok and outcome.state.over
    assert not any(step.forced for step in outcome.steps)
    assert [s.text for s in outcome.steps] == yaml.safe_load(path.read_text())["play"]


def test_players_alone_picks_the_variant_that_seats_them(tmp_path):
    """`--players 2` is Oriflamme's two-player variant, as --help says: the
    game's player_counts name the variant, no --variant needed."""
    data = json.loads(play("--players", 2, "--seed", 5, "--games", 4, "--json").stdout)
    assert data["variant"] == "duo" and data["players"] == ["north", "south"]
    assert sum(data["wins"].values()) == pytest.approx(4)
    # the same games as with --variant duo, and a recorded one that verifies
    duo = json.loads(play("--variant", "duo", "--seed", 5, "--games", 4, "--json").stdout)
    assert {k: v for k, v in data.items() if k not in TIMING} == \
        {k: v for k, v in duo.items() if k not in TIMING}
    path = tmp_path / "duo.yaml"
    play("--players", 2, "--cards", "alliance", "--seed", 5, "--record", path)
    spec = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert spec["variant"] == "duo" and spec["cards"] == "alliance"
    v = herald("verify", path)
    assert v.returncode == 0 and "1 of 1 examples hold" in v.stdout, v.stdout + v.stderr
    # each game's own counts: Asèt's duel, the Lenormand base game (2 to 4)
    assert json.loads(play("--game", "aset", "--players", 2, "--json").stdout)["variant"] \
        == "duel"
    assert json.loads(play("--game", "lenormand", "--players", 2, "--json").stdout)["variant"] \
        == "base"
    # without --players, the game's first variant
    assert json.loads(play("--json").stdout)["variant"] == "base"


@pytest.mark.parametrize("args,words", [
    (("--players", 7), "--players 7"),
    (("--players", 2, "--variant", "base"), "--players 2"),
    (("--variant", "duo", "--players", 3), "duo"),
    (("--variant", "trio"), "--variant"),
    (("--bots", "oracle"), "oracle"),
    (("--players", 3, "--bots", "greedy,random"), "2 bots for 3 players"),
    (("--games", 0), "--games"),
    (("--rounds", 0), "--rounds"),
    (("--from", "no-such-file.yaml"), "no such file"),
    (("--from", BENCHMARK, "--players", 4), "seats 3"),
    (("--jobs", 0), "--jobs: at least 1"),
    (("--game", "lenormand", "--rounds", 3),
     "--rounds: lenormand is not played in a number of rounds"),
    (("--game", "aset", "--players", 6),
     "--players 6: the base game seats 3 to 5 players, the duel variant 2"),
    (("--game", "aset", "--variant", "duel", "--players", 4),
     "the duel variant seats 2 players, the base game 3 to 5 (use --variant base for 4)"),
], ids=["players7", "players2", "duo3", "variant", "bot", "bot-count", "games", "rounds",
        "from-missing", "from-players", "jobs", "rounds-not-taken", "aset-players6",
        "aset-duel-players4"])
def test_bad_input_is_one_line_exit_2(args, words):
    r = herald("play", *args)
    assert r.returncode == 2, (r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert lines[0].startswith("herald: error:") and words in lines[0]
    assert r.stdout == ""


def test_from_example(tmp_path):
    out = play("--from", BENCHMARK, "--games", 200, "--bots", "random").stdout
    assert "200 games" in out and "benchmark-public-simulator" in out
    a, b, c = tmp_path / "a.yaml", tmp_path / "b.yaml", tmp_path / "c.yaml"
    play("--from", BENCHMARK, "--seed", 1, "--record", a, "--bots", "random")
    play("--from", BENCHMARK, "--seed", 1, "--record", b, "--bots", "random")
    assert a.read_bytes() == b.read_bytes()
    source = yaml.safe_load(BENCHMARK.read_text(encoding="utf-8"))
    recorded = yaml.safe_load(a.read_text(encoding="utf-8"))
    assert recorded["rounds"] == 3
    for who, cards in source["hands"].items():
        assert sorted(recorded["hands"][who]) == sorted(f"{who} {c}" for c in cards)
    assert not recorded.get("set_aside")
    # Another seed keeps the cards as written and changes only the bots' choices.
    plays = set()
    for seed in range(2, 8):
        play("--from", BENCHMARK, "--seed", seed, "--record", c, "--bots", "random")
        other = yaml.safe_load(c.read_text(encoding="utf-8"))
        assert other["hands"] == recorded["hands"]
        plays.add(tuple(other["play"]))
    assert len(plays) > 1
    assert herald("verify", a).returncode == 0
    # Every hand ends holding one card after the 3 rounds.
    from herald.generator.examples import load_example, run
    final = run(load_example(a)).state
    assert [len(h) for h in final.hands] == [1, 1, 1]


def test_from_another_example_and_verify_of_the_benchmark_file():
    out = play("--from", EXAMPLES / "placement-abc.yaml", "--games", 30,
               "--bots", "greedy").stdout
    assert "30 games" in out
    r = herald("verify", BENCHMARK)
    assert r.returncode == 0, r.stdout + r.stderr


def test_help_describes_every_option():
    text = CliRunner().invoke(cli, ["play", "--help"]).output
    for option in ("--players", "--variant", "--seed", "--bots", "--games", "--from",
                   "--record", "--rounds", "--depth", "--json"):
        assert option in text
