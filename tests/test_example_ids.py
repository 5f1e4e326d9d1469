"""Example ids per game (issue 30, item 4): two games may each have a
``three-players``; ``game:id`` names one, a bare id two games share is one
line listing the candidates, and ``herald build`` names the examples that fail
and the kit it did not write."""
from __future__ import annotations

import pytest
from fuzz_examples import run_cli
from herald.generator import examples, verified
from herald.generator.paths import ASSETS

ORIFLAMME = ASSETS / "oriflamme" / "examples" / "resolution-example.yaml"
LENORMAND = ASSETS / "lenormand" / "examples"


@pytest.fixture
def oriflamme_three_players(tmp_path, monkeypatch):
    """An Oriflamme example named ``three-players``, as Lenormand has one."""
    path = tmp_path / "three-players.yaml"
    path.write_text(ORIFLAMME.read_text(encoding="utf-8").replace(
        "id: resolution-example", "id: three-players"), encoding="utf-8")
    real = examples.builtin_examples

    def builtin_examples(game=None):
        found = real(game)
        return found + [path] if game in (None, "oriflamme") else found

    monkeypatch.setattr(examples, "builtin_examples", builtin_examples)
    return path


def test_a_bare_id_two_games_share_is_one_line_listing_them(tmp_path,
                                                            oriflamme_three_players):
    code, out, err, _ = run_cli(["diagram", "three-players", "--out", str(tmp_path / "d.svg")])
    assert code == 2 and out == ""
    assert err.strip().splitlines() == [
        "herald: error: three-players: an example of several games; name one of "
        "lenormand:three-players, oriflamme:three-players"]
    assert not (tmp_path / "d.svg").exists()


@pytest.mark.parametrize("name, game", [("lenormand:three-players", "lenormand"),
                                        ("oriflamme:three-players", "oriflamme")])
def test_game_and_id_name_one_example(oriflamme_three_players, name, game):
    example = examples.find_example(name)
    assert example.key == (game, "three-players")


def test_game_and_id_draws_that_games_example(tmp_path, oriflamme_three_players):
    out = tmp_path / "d.svg"
    code, _, err, _ = run_cli(["diagram", "lenormand:three-players", "--out", str(out)])
    assert code == 0, err
    assert out.read_bytes().startswith(b"<?xml") or b"<svg" in out.read_bytes()[:200]


def test_an_id_one_game_has_needs_no_game():
    assert examples.find_example("three-players").key == ("lenormand", "three-players")
    assert examples.find_example("lenormand:solve-last-blow").path == \
        LENORMAND / "solve-last-blow.yaml"


@pytest.mark.parametrize("name, words", [
    ("nogame:three-players", ["nogame:three-players", "unknown game 'nogame'"]),
    ("oriflamme:three-players", ["oriflamme:three-players", "unknown example"]),
])
def test_a_wrong_game_or_id_is_one_line(tmp_path, name, words):
    code, _, err, _ = run_cli(["solve", name])
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err
    assert all(w in lines[0] for w in words), lines[0]


def test_build_names_each_failing_example_and_the_kit_it_did_not_write(tmp_path,
                                                                      monkeypatch):
    broken = tmp_path / "heal-broken.yaml"
    broken.write_text((LENORMAND / "heal.yaml").read_text(encoding="utf-8").replace(
        "id: heal", "id: heal-broken"), encoding="utf-8")
    text = broken.read_text(encoding="utf-8")
    assert "  life: {nature: 6}" in text
    # the same play, expecting a life it does not reach
    broken.write_text(text.replace("  life: {nature: 6}", "  life: {nature: 7}"),
                      encoding="utf-8")
    real = verified.builtin_examples
    monkeypatch.setattr(verified, "builtin_examples",
                        lambda game=None: real(game) + [broken])
    out = tmp_path / "out"
    code, stdout, err, _ = run_cli(["build", "lenormand", "--lang", "en", "--out", str(out)],
                                   limit=120)
    assert code == 1, err
    lines = err.strip().splitlines()
    assert any(line.startswith("herald: lenormand:heal-broken fails (")
               for line in lines), err
    assert any("not written" in line and "lenormand/en" in line for line in lines), err
    assert not (out / "lenormand" / "en").exists()
    assert (out / "lenormand" / "verification.json").exists()
