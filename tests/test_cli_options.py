"""The command line's help and deck options: ``herald --help`` lists the
built-in games from the registry, ``herald cards --plain`` with no game
applies the option to the decks that take it, and a bad ``--size`` is worded
like every other option error. All in-process and without printing a deck
(``build_deck`` is stood in for where a run would print every game)."""
from __future__ import annotations

from pathlib import Path

import pytest
from fuzz_examples import run_cli
from herald.engine.games import GAMES
from herald.generator import cli, cmd_cards
from herald.generator import decks as deck
from herald.generator.errors import InputError
from herald.generator.kits import kit


def one_line_error(code, err, start):
    lines = err.strip().splitlines()
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("herald: error: " + start), err
    return lines[0]


# -- each command loaded when it runs ------------------------------------------------------

def test_every_command_is_its_modules_and_takes_h():
    """cli.COMMANDS names each command's module: the command of that name,
    which takes -h like --help (the documentation's command pages)."""
    import click
    ctx = click.Context(cli.cli)
    assert cli.cli.list_commands(ctx) == sorted(cli.COMMANDS)
    for name in cli.COMMANDS:
        command = cli.cli.get_command(ctx, name)
        assert command.name == name and getattr(cli, name) is command
        assert command.context_settings["help_option_names"] == ["-h", "--help"]
    assert cli.cli.get_command(ctx, "nosuchcommand") is None


def test_a_command_imports_only_its_own_module():
    """``herald verify`` (a new interpreter) imports neither the other
    commands' modules nor reportlab's: only what it needs."""
    import os
    import subprocess
    import sys
    code = ("import sys\nfrom herald.generator.cli import main\n"
            "try:\n    main(['verify', '--help'])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.startswith("
            "('reportlab', 'herald.generator.cmd_'))), file=sys.stderr)")
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stderr.strip() == "['herald.generator.cmd_verify']", done.stderr


# -- herald --help: the built-in games, from the registry ---------------------------------

def test_help_lists_every_built_in_game_with_its_name_and_players():
    code, out, err, _ = run_cli(["--help"])
    assert code == 0, err
    text = out.split("Games:")[1]
    rows = [line.split(None, 1) for line in text.strip().splitlines()]
    assert rows == [
        ["oriflamme", "Oriflamme: 3 to 5 players, variant for 2"],
        ["aset", "The Order of Asèt: 3 to 5 players, variant for 2"],
        ["lenormand", "The Lenormand duel: 2 to 4 players"],
    ]
    assert [r[0] for r in rows] == list(GAMES)          # every registered game, in order
    assert "Built-in game: Oriflamme" not in out        # the stale one-game sentence


def test_help_player_counts_follow_the_registry(monkeypatch):
    game = GAMES["lenormand"]
    monkeypatch.setattr(game, "variants", ("base", "solo", "team"))
    monkeypatch.setattr(game, "player_counts",
                        {"base": (2, 3, 4), "solo": (1,), "team": (4, 6)})
    rows = dict(cli.game_summaries())
    assert rows["lenormand"] == ("The Lenormand duel: 2 to 4 players, variant for 1, "
                                 "variant for 4 or 6")


# -- herald cards --plain with no game: the decks that take it -----------------------------

@pytest.fixture
def decks_built(monkeypatch):
    """Stand in for printing: record each deck's game, locale and options."""
    built = []

    def build_deck(game, locale, *, options, **_):
        built.append((game, locale, options))
        return []
    monkeypatch.setattr(cmd_cards, "build_deck", build_deck)
    return built


def test_plain_with_no_game_applies_to_the_decks_that_take_it(decks_built, tmp_path):
    code, out, err, _ = run_cli(["cards", "--plain", "--lang", "en", "--out", str(tmp_path)])
    assert code == 0, err
    assert decks_built == [("aset", "en", {}), ("lenormand", "en", {"plain": True}),
                           ("oriflamme", "en", {})]


def test_every_deck_option_with_no_game_goes_to_its_decks(decks_built, tmp_path):
    code, out, err, _ = run_cli(["cards", "--plain", "--size", "poker", "--ink", "saver",
                                 "--cards", "alliance", "--lang", "fr",
                                 "--out", str(tmp_path)])
    assert code == 0, err
    assert decks_built == [("aset", "fr", {}),
                           ("lenormand", "fr", {"plain": True, "size": "poker"}),
                           ("oriflamme", "fr", {"cards": "alliance", "ink": "saver"})]


def test_a_named_game_without_the_option_is_still_an_error(decks_built, tmp_path):
    code, _, err, _ = run_cli(["cards", "aset", "--plain", "--out", str(tmp_path)])
    one_line_error(code, err, "--plain: the aset deck has no such option "
                              "(its options: --decrees)")
    code, _, err, _ = run_cli(["cards", "oriflamme", "--size", "poker", "--out", str(tmp_path)])
    one_line_error(code, err, "--size: the oriflamme deck has no such option "
                              "(its options: --ink, --cards)")
    assert decks_built == [] and list(tmp_path.iterdir()) == []


def test_an_option_no_deck_takes_is_an_error(decks_built, monkeypatch, tmp_path):
    monkeypatch.setattr(kit("lenormand"), "CARD_OPTIONS", ("size",))
    code, _, err, _ = run_cli(["cards", "--plain", "--out", str(tmp_path)])
    one_line_error(code, err, "--plain: no built-in deck has such an option "
                              "(deck options: aset: --decrees; lenormand: --size; "
                              "oriflamme: --ink, --cards)")
    assert decks_built == [] and list(tmp_path.iterdir()) == []


def test_deck_options_shares():
    games = ["aset", "lenormand", "oriflamme"]
    assert deck.deck_options(games, {}, named=False) == {g: {} for g in games}
    assert deck.deck_options(games, {"size": "tarot", "ink": "saver"}, named=False) == {
        "aset": {}, "lenormand": {"size": "tarot"}, "oriflamme": {"ink": "saver"}}
    assert deck.deck_options(["lenormand"], {"plain": True}, named=True) == {
        "lenormand": {"plain": True}}
    with pytest.raises(InputError, match="^--colour: no built-in deck"):
        deck.deck_options(games, {"colour": "red"}, named=False)
    with pytest.raises(InputError, match="^--ink: the lenormand deck has no such option"):
        deck.deck_options(["lenormand"], {"ink": "saver"}, named=True)


# -- herald cards --size: worded like the other option errors ------------------------------

def test_an_unknown_size_names_the_option_and_the_real_sizes(tmp_path):
    code, _, err, _ = run_cli(["cards", "lenormand", "--size", "bridgee", "--lang", "en",
                               "--out", str(tmp_path)])
    line = one_line_error(code, err, "--size: ")
    assert line == ("herald: error: --size: unknown card size 'bridgee'; choose one of: "
                    "tarot (61 × 112 mm), poker (2.5 × 3.5 in), bridge (57 × 89 mm)")
    assert list(tmp_path.rglob("*.*")) == []            # refused before any file


# -- no game named: every value checked for every deck before any is written ---------------

@pytest.mark.parametrize("args,message", [
    (["--size", "bridgee"], "--size: unknown card size 'bridgee'; choose one of: "
                            "tarot (61 × 112 mm), poker (2.5 × 3.5 in), bridge (57 × 89 mm)"),
    (["--cards", "bogus"], "--cards: unknown card set 'bogus'; sets: base, alliance, mixed, "
                           "or a list of 10 card ids"),
    (["--cards", "spy,spy"], "--cards: 'spy' is listed twice: each kind of card once"),
    (["--plain", "--size", "poker", "--cards", "soldier,spy"],
     "--cards: a game uses exactly 10 kinds of card per family, not 2"),
])
def test_a_bad_value_with_no_game_writes_no_deck(tmp_path, args, message):
    """The decks are printed in turn (aset, lenormand, oriflamme): a value only
    a later deck refuses used to leave the earlier decks written."""
    code, _, err, _ = run_cli(["cards", *args, "--lang", "en", "--out", str(tmp_path)])
    assert one_line_error(code, err, "--") == "herald: error: " + message
    assert list(tmp_path.rglob("*")) == []


def test_a_kit_checks_its_values_with_the_others(monkeypatch):
    """``check_card_options`` of each deck runs on its share of the options."""
    seen = []
    monkeypatch.setattr(kit("aset"), "CARD_OPTIONS", {"size": ""}, raising=False)
    monkeypatch.setattr(kit("aset"), "check_card_options", seen.append, raising=False)
    with pytest.raises(InputError, match="^--size: unknown card size 'mini'"):
        deck.deck_options(["aset", "lenormand", "oriflamme"], {"size": "mini"}, named=False)
    assert seen == [{"size": "mini"}]                  # asked first, then lenormand refused
    seen.clear()
    shares = deck.deck_options(["aset", "lenormand"], {"size": "bridge"}, named=False)
    assert shares == {"aset": {"size": "bridge"}, "lenormand": {"size": "bridge"}}
    assert seen == [{"size": "bridge"}]


# -- herald cards --help: each deck option's values, from the kits -------------------------

def test_deck_option_help_lists_each_decks_values_from_the_kits(monkeypatch):
    code, out, err, _ = run_cli(["cards", "--help"])
    assert code == 0, err
    text = " ".join(out.split())
    assert ("--size NAME Card size, for decks printed at more than one. For the lenormand "
            "deck: tarot (61 × 112 mm), poker (2.5 × 3.5 in), bridge (57 × 89 mm).") in text
    assert ("For the oriflamme deck: base, alliance, mixed, or 10 card ids separated by "
            "commas.") in text
    assert "other uses. For the lenormand deck." in text                # --plain
    # a kit's values change the help; the command's source names no game
    monkeypatch.setattr(kit("aset"), "CARD_OPTIONS", {"cards": "base or expansion"},
                        raising=False)
    code, out, err, _ = run_cli(["cards", "--help"])
    text = " ".join(out.split())
    assert ("For the aset deck: base or expansion; the oriflamme deck: base, alliance, "
            "mixed, or 10 card ids separated by commas.") in text
    source = Path(cmd_cards.__file__).read_text(encoding="utf-8").lower()
    assert [g for g in GAMES if g in source] == []


def test_the_sizes_offered_are_the_ones_printed(tmp_path):
    from herald.generator.database import database_path, load_database
    from herald.generator.games.lenormand.faces import SIZES, print_cards
    db = load_database(database_path("lenormand"))
    assert list(SIZES) == ["tarot", "poker", "bridge"]
    for name, (w, h) in SIZES.items():
        card = print_cards(db, "en", size=name)[0]
        assert (round(card.width / w, 6), round(card.height / h, 6)) == (1, 1)


def test_the_decrees_option_goes_to_the_deck_that_has_decrees(decks_built, tmp_path):
    code, out, err, _ = run_cli(["cards", "--decrees", "box", "--lang", "fr",
                                 "--out", str(tmp_path)])
    assert code == 0, err
    assert decks_built == [("aset", "fr", {"decrees": "box"}), ("lenormand", "fr", {}),
                           ("oriflamme", "fr", {})]
    code, _, err, _ = run_cli(["cards", "aset", "--decrees", "mine", "--out", str(tmp_path)])
    one_line_error(code, err, "--decrees: unknown set of decrees 'mine'; choose one of: "
                              "herald, box")
