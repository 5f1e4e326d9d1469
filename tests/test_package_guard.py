"""A package's wrong values and endless games, met by Herald's commands
(engine/checked.py; issue 30, issue 34 items 12 and 20): one line naming the
package and exit 2, never a traceback nor a hang. And a package of interface
version 1 keeps loading and playing."""
from __future__ import annotations

import os
import subprocess
import sys
from importlib.metadata import EntryPoint
from pathlib import Path

import pytest
from herald.engine.bots import make_bot, play_game
from herald.engine.checked import CheckedGame, PackageFault, unwrap
from herald.engine.conformance import check_game
from herald.engine.games import GROUP, Registry
from herald.engine.interface import facts_of
from herald.engine.runner import run_example
from herald.generator.scaffold_game import files

KEY = "        return (self.row, self.turn, self.scores(), self.deck, self.to_deal)"
FAULTS = {
    "never_ends": ("state.py", "card, self.row = self.row[-1], self.row[:-1]",
                   "card = self.row[-1]", "is not over after 6 steps"),
    "key_list": ("state.py", KEY, "        return [self.row, self.turn]",
                 "key() returned a list, which cannot be hashed (state.py:"),
    "winners_99": ("state.py", "return [p for p, s in enumerate(scores) if s == max(scores)]",
                   "return [99]", "winners() returned [99], not distinct seats from 0 to 1"),
    "new_game_none": ("game.py", "return State(deck[:ROW], names, log=log)", "return None",
                      "new_game() returned None, not a position (game.py:"),
    "no_legal": ("state.py", 'return ["left"] if len(self.row) == 1 else ["left", "right"]',
                 'return [] if len(self.row) == 1 else ["left", "right"]',
                 "legal() is empty while the game goes on"),
}


def _package(folder: Path, name: str, edits=()) -> Path:
    """The template package ``name`` written into ``folder`` as an installed
    distribution (its entry point in a dist-info beside it), with ``edits``
    ((file, text, replacement), ...) made; ``folder`` for PYTHONPATH."""
    for rel, text in files(name).items():
        if not rel.startswith("src/"):
            continue
        for file, old, new in edits:
            if rel.endswith("/" + file):
                assert old in text, old
                text = text.replace(old, new)
        path = folder / rel[len("src/"):]
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    info = folder / f"herald_{name}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: herald-{name}\n"
                                   "Version: 0.1.0\n")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\n{name} = herald_{name}:GAME\n")
    return folder


def _herald(folder: Path, *args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(folder)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    return subprocess.run([sys.executable, "-m", "herald.generator.cli", *map(str, args)],
                          capture_output=True, text=True, env=env, timeout=300)


def _registry(folder: Path, name: str) -> Registry:
    sys.path.insert(0, str(folder))
    try:
        registry = Registry(points=[EntryPoint(name, f"herald_{name}:GAME", GROUP)])
        registry.registered()
    finally:
        sys.path.remove(str(folder))
    return registry


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_play_or_solve_says_a_package_s_fault_in_one_line(tmp_path, fault):
    file, old, new, said = FAULTS[fault]
    name = f"guard_{fault}"
    folder = _package(tmp_path, name, [(file, old, new)])
    if fault == "key_list":       # the solver keys positions; play does not
        done = _herald(folder, "solve", folder / f"herald_{name}" / "assets" / "examples"
                       / "best-play.yaml")
    else:
        done = _herald(folder, "play", "--game", name, "--games", "3", "--bots", "random")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith(f"herald: error: game '{name}' (package herald-{name} "
                                  "0.1.0): "), done.stderr
    assert said in done.stderr, done.stderr


def test_balance_and_solve_stop_a_game_that_never_ends(tmp_path):
    file, old, new, said = FAULTS["never_ends"]
    folder = _package(tmp_path, "endless", [(file, old, new)])
    balance = _herald(folder, "balance", "endless", "--games", "2", "--jobs", "1",
                      "--bots", "random,random", "--out", tmp_path / "out")
    example = folder / "herald_endless" / "assets" / "examples" / "best-play.yaml"
    solve = _herald(folder, "solve", example)
    for done in (balance, solve):
        assert done.returncode == 2, done.stdout + done.stderr
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
        assert "game 'endless' (package herald-endless 0.1.0)" in done.stderr
        assert "is not over after" in done.stderr


ZONES = "        zones = [Zone(\"row\", \"Row\", \"row\", cards=tuple(map(card_id, self.row)))]"


@pytest.mark.parametrize("zones, said", [
    ("        import itertools\n        return (Zone('z', 'Z', 'row') for _ in itertools.count())",
     "zones() lists more than 200 zones"),
    ("        return [Zone('z', 'Z', 'row', cards=('n1',) * 200_000)]",
     "zone 'z' of zones() holds more than 1000 cards"),
])
def test_zones_without_end_or_bound_are_one_line(tmp_path, zones, said):
    folder = _package(tmp_path, "zoned", [("state.py", ZONES, zones)])
    example = folder / "herald_zoned" / "assets" / "examples" / "a-short-game.yaml"
    done = _herald(folder, "diagram", example, "--out", tmp_path / "d.svg")
    assert done.returncode == 2, done.stdout + done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr
    assert done.stderr.startswith("herald: error: game 'zoned' (package herald-zoned 0.1.0): "
                                  + said), done.stderr
    assert not (tmp_path / "d.svg").exists()


def test_the_guard_in_process(tmp_path):
    folder = _package(tmp_path, "inproc", [FAULTS["never_ends"][:3]])
    game = _registry(folder, "inproc")["inproc"]
    assert isinstance(game, CheckedGame)
    state = game.new_game(2, seed=1)
    with pytest.raises(PackageFault, match=r"^game 'inproc' \(package \? \?\): the game is "
                       r"not over after 6 steps"):
        play_game(state, [make_bot("random", 1), make_bot("random", 2)])


def test_an_interface_1_package_keeps_loading_and_playing(tmp_path):
    """Interface 1: no facts, no chance, no information key, no payoffs."""
    edits = [("game.py", "    interface_version = INTERFACE_VERSION",
              "    interface_version = 1"),
             ("game.py", "    facts = GameFacts(", "    _unused = GameFacts("),
             ("game.py", "    def new_initial_state(", "    def _unused_start(")]
    folder = _package(tmp_path, "oldgame", edits)
    registry = _registry(folder, "oldgame")
    assert registry.broken == {}
    game = registry["oldgame"]
    assert game.interface_version == 1
    facts = facts_of(unwrap(game))
    assert (facts.min_players, facts.max_players, facts.chance, facts.max_length) == \
        (2, 2, None, None)
    for seed in range(3):
        state = game.new_game(2, seed=seed)
        play_game(state, [make_bot("greedy", seed), make_bot("random", seed)])
        assert state.over and state.winners()
    import yaml
    example = folder / "herald_oldgame" / "assets" / "examples" / "a-short-game.yaml"
    assert run_example(game, yaml.safe_load(example.read_text())).ok
    assert check_game(unwrap(game)) == []


def test_herald_check_passes_the_template_and_names_a_planted_fault(tmp_path):
    good = _package(tmp_path / "good", "checked_ok")
    done = _herald(good, "check", "checked_ok")
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == ("checked_ok: every rule holds (random games from its starts and "
                           "2 examples)\n")
    planted = ("state.py", KEY, "        return (self.row, self.turn, self.deck, self.to_deal)")
    bad = _package(tmp_path / "bad", "checked_bad", [planted])
    done = _herald(bad, "check", "checked_bad")
    assert done.returncode == 1, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    assert len(lines) == 2 and lines[0].startswith("✗ key complete: "), lines
    assert "(herald_checked_bad/state.py:" in lines[0] and "shown by " in lines[0]
    assert lines[1] == ("checked_bad: 1 rule broken (random games from its starts and "
                        "2 examples)")


def test_a_guarded_game_and_position_survive_pickling(tmp_path):
    """`herald build` hands its workers the verified examples, which hold the
    package's game and positions: both come back whole from pickle (they
    once recursed without end, and the build's pool broke)."""
    import pickle
    folder = _package(tmp_path, "pickled")
    sys.path.insert(0, str(folder))
    try:
        game = _registry(folder, "pickled")["pickled"]
        state = game.new_game(2, seed=1)
        move = state.legal()[0]
        again_game = pickle.loads(pickle.dumps(game))
        again = pickle.loads(pickle.dumps(state))
    finally:
        sys.path.remove(str(folder))
    assert isinstance(again_game, CheckedGame) and again_game.label == game.label
    assert type(again) is type(state) and again.key() == state.key()
    assert again.legal() == state.legal()
    after, expected = again.copy(), state.copy()
    after.apply(move)
    expected.apply(move)
    assert after.key() == expected.key() != state.key()
