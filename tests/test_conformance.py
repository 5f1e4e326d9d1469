"""The conformance check (engine/conformance.py): Herald's three games,
Goofspiel and the `herald new game` template pass it; each fault of issue 30,
planted in a copy of the template, is reported in one line naming the rule,
the package's file and line, and the start that shows it."""
from __future__ import annotations

import importlib
import sys
from pathlib import Path

import pytest
import yaml
from goofspiel import GAME as GOOFSPIEL
from herald.engine.conformance import check_game
from herald.engine.games import GAMES
from herald.generator.scaffold_game import files

ASSETS = Path(__file__).resolve().parents[1] / "assets"


def _examples(folder: Path, game: str) -> list[tuple[str, dict]]:
    out = []
    for path in sorted(folder.glob("*.yaml")):
        spec = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(spec, dict) and spec.get("game") == game:
            out.append((path.stem, spec))
    return out


@pytest.mark.parametrize("name", ["oriflamme", "aset", "lenormand"])
def test_herald_s_own_games_conform(name):
    game = GAMES[name]
    examples = _examples(ASSETS / name / "examples", name)
    assert len(examples) > 10
    assert check_game(game, examples=examples, seeds=1, playouts=1) == []


def test_goofspiel_conforms():
    examples = _examples(Path(GOOFSPIEL.assets) / "examples", "goofspiel")
    assert check_game(GOOFSPIEL, examples=examples) == []


def _template(tmp_path: Path, name: str, fault: tuple[str, str, str] | None = None):
    """The `herald new game` package ``name`` written into ``tmp_path`` (a
    fault planted in one file: (file, text, replacement)) and imported from
    there, with its worked examples."""
    for rel, text in files(name).items():
        if fault is not None and rel.endswith(fault[0]):
            assert fault[1] in text, fault
            text = text.replace(fault[1], fault[2])
        path = tmp_path / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    sys.path.insert(0, str(tmp_path / "src"))
    try:
        module = importlib.import_module(f"herald_{name}")
    finally:
        sys.path.remove(str(tmp_path / "src"))
    game = module.GAME
    return game, _examples(Path(game.assets) / "examples", name)


def test_the_template_conforms(tmp_path):
    game, examples = _template(tmp_path, "conform_ok")
    assert game.interface_version == 2
    assert [e for e, _ in examples] == ["a-short-game", "best-play"]
    assert check_game(game, examples=examples) == []


KEY = "        return (self.row, self.turn, self.scores(), self.deck, self.to_deal)"
FAULTS = {
    "key_random": (
        "state.py", KEY, "        import random\n        return random.random()",
        "key deterministic", "state.py:"),
    "key_partial": (
        "state.py", KEY, "        return (self.row, self.turn, self.deck, self.to_deal)",
        "key complete", "state.py:"),
    "key_list": (
        "state.py", KEY, "        return [self.row, self.turn, self.scores()]",
        "key hashable", "state.py:"),
    "no_legal": (
        "state.py", 'return ["left"] if len(self.row) == 1 else ["left", "right"]',
        'return [] if len(self.row) == 1 else ["left", "right"]', "legal moves", "state.py:"),
    "never_ends": (
        "state.py", "card, self.row = self.row[-1], self.row[:-1]",
        "card = self.row[-1]", "ends", "state.py:"),
    "winners_99": (
        "state.py", "return [p for p, s in enumerate(scores) if s == max(scores)]",
        "return [99]", "winners", "state.py:"),
    "new_game_none": (
        "game.py", "return State(deck[:ROW], names, log=log)", "return None",
        "start", "game.py:"),
}


@pytest.mark.parametrize("fault", sorted(FAULTS))
def test_each_planted_fault_is_one_line(tmp_path, fault):
    file, text, planted, rule, where = FAULTS[fault]
    game, examples = _template(tmp_path, f"fault_{fault}", (file, text, planted))
    failures = check_game(game, examples=examples)
    assert len(failures) == 1, failures
    line = failures[0]
    assert line.startswith(rule + ":"), line
    assert "\n" not in line
    assert f"herald_fault_{fault}/{where}" in line, line
    assert "shown by " in line and ("seed=" in line or "example " in line
                                    or "new_initial_state" in line), line


def test_a_key_that_forgets_the_seat_s_past_breaks_perfect_recall(monkeypatch):
    # Kuhn poker with a key of the seat's card alone: the first player decides
    # with the Jack at the start and again facing a bet with one key
    from kuhn import GAME as KUHN
    from kuhn import Kuhn

    assert check_game(KUHN, seeds=1, playouts=20) == []
    monkeypatch.setattr(Kuhn, "information_key",
                        lambda self, seat: self.cards[seat] if seat < len(self.cards) else None)
    failures = check_game(KUHN, seeds=1, playouts=20)
    assert [f.split(":")[0] for f in failures] == ["perfect recall"], failures
    assert "new_initial_state" in failures[0] and "\n" not in failures[0]
