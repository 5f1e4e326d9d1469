"""Files and text from strangers, on the way out (issue 34): every path Herald
writes is a regular file or a new one, text echoed to a terminal shows its
control characters instead of obeying them, standard output that cannot be
written is one line, an over-long path is one line, a kit set aside mid-swap is
put back, and the commands' sizes are bounded before any work."""
from __future__ import annotations

import errno
import os
import subprocess
import sys
from pathlib import Path

import pytest
from fuzz_examples import run_cli
from herald.generator import cmd_build, cmd_cards, fileio, staging
from herald.generator.paths import ASSETS
from herald.generator.terminal import visible
from in_process import one_line_error

EXAMPLES = ASSETS / "oriflamme" / "examples"
RESOLUTION = EXAMPLES / "resolution-example.yaml"
SOLVE_LAST_ROUND = EXAMPLES / "solve-last-round.yaml"
LONG = "x" * 300




def herald_process(*args, stdout=subprocess.PIPE, cwd=None, timeout=120):
    return subprocess.run([sys.executable, "-m", "herald.generator.cli", *map(str, args)],
                          stdout=stdout, stderr=subprocess.PIPE, text=True, cwd=cwd,
                          timeout=timeout)


# -- item 1: a device node or a link is never replaced ------------------------------------

def test_record_onto_a_symlink_is_refused_and_the_target_kept(tmp_path):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "game.yaml"
    link.symlink_to(target)
    code, out, err, _ = run_cli(["play", "--games", "1", "--record", str(link)])
    one_line_error(code, err, "--record", "game.yaml", "symbolic link")
    assert link.is_symlink() and target.read_text() == "keep me"


def test_record_onto_a_pipe_is_refused(tmp_path):
    fifo = tmp_path / "null"
    os.mkfifo(fifo)
    code, out, err, _ = run_cli(["play", "--games", "1", "--record", str(fifo)])
    one_line_error(code, err, "--record", "not a regular file")
    assert fifo.is_fifo()


@pytest.mark.skipif(os.geteuid() != 0, reason="making a device node needs root")
def test_record_onto_a_device_node_is_refused(tmp_path):
    import stat
    node = tmp_path / "null"
    os.mknod(node, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    code, out, err, _ = run_cli(["play", "--games", "1", "--record", str(node)])
    one_line_error(code, err, "--record", "not a regular file")
    assert node.is_char_device()


def test_diagram_onto_a_symlink_is_refused(tmp_path):
    target = tmp_path / "precious.svg"
    target.write_text("keep me")
    link = tmp_path / "d.svg"
    link.symlink_to(target)
    code, out, err, _ = run_cli(["diagram", "resolution-example", "--out", str(link)])
    one_line_error(code, err, "--out", "d.svg", "symbolic link")
    assert target.read_text() == "keep me"


def test_write_atomic_replaces_a_regular_file_and_refuses_a_link(tmp_path):
    plain = tmp_path / "a.txt"
    plain.write_text("old")
    fileio.write_atomic(plain, "new")
    assert plain.read_text() == "new"
    link = tmp_path / "b.txt"
    link.symlink_to(plain)
    with pytest.raises(fileio.InputError, match="symbolic link"):
        fileio.write_atomic(link, "other")
    assert link.is_symlink() and plain.read_text() == "new"


# -- item 2: a kit set aside mid-swap is put back ------------------------------------------

def _dead_pid() -> int:
    dead = subprocess.Popen([sys.executable, "-c", "pass"])
    dead.wait()
    return dead.pid


def test_a_kit_set_aside_by_a_killed_build_is_put_back(tmp_path):
    """Killed between the two renames of its swap, a build leaves the old kit
    as .herald-build-<pid>-old-fr and no fr: the next build restores it."""
    game = tmp_path / "out" / "oriflamme"
    aside = game / f"{staging.STAGING}{_dead_pid()}{staging.OLD}fr"
    aside.mkdir(parents=True)
    (aside / "oriflamme-rules-a4.pdf").write_text("the old kit")
    cmd_build._clear_leftovers(tmp_path / "out")      # as the next build starts
    assert (game / "fr" / "oriflamme-rules-a4.pdf").read_text() == "the old kit"
    assert sorted(p.name for p in game.iterdir()) == ["fr"]


def test_a_kit_set_aside_is_dropped_once_the_new_one_is_in(tmp_path):
    game = tmp_path / "out" / "oriflamme"
    (game / "fr").mkdir(parents=True)
    (game / "fr" / "new.pdf").write_text("new")
    aside = game / f"{staging.STAGING}{_dead_pid()}{staging.OLD}fr"
    aside.mkdir()
    (aside / "old.pdf").write_text("old")
    staging.clear_leftovers(tmp_path / "out")
    assert sorted(p.name for p in game.iterdir()) == ["fr"]
    assert [p.name for p in (game / "fr").iterdir()] == ["new.pdf"]


# -- item 5: control characters are shown, not obeyed -------------------------------------

def test_visible_escapes_controls_and_bidi_overrides():
    assert visible("a\x1b]0;x\x07b") == "a\\u001b]0;x\\u0007b"
    assert visible("r\u202eg\x9b") == "r\\u202eg\\u009b"
    assert visible("two\nlines") == "two\nlines"
    assert visible("\udcff") == "\\udcff"      # a name that is not UTF-8


@pytest.mark.parametrize("as_json", [False, True])
def test_verify_shows_an_escape_sequence_in_a_title(tmp_path, as_json):
    text = RESOLUTION.read_text(encoding="utf-8").replace(
        "  fr: Une phase de résolution\n",
        '  fr: "Evil \\e]0;pwned\\a \\u202e"\n  en: "Evil \\e]0;pwned\\a \\u202e"\n')
    path = tmp_path / "x.yaml"
    path.write_text(text, encoding="utf-8")
    code, out, err, _ = run_cli(["verify", *(["--json"] if as_json else []), str(path)])
    assert code == 0, err
    assert "\x1b" not in out and "\x07" not in out and "\u202e" not in out
    assert "\\u001b]0;pwned\\u0007" in out


# -- item 13: paths over 255 bytes --------------------------------------------------------

@pytest.mark.parametrize("args", [
    ["solve", LONG + ".yaml"], ["solve", LONG], ["diagram", LONG, "--out", "d.svg"],
    ["diagram", "resolution-example", "--out", LONG + ".svg"], ["verify", LONG],
    ["verify", LONG + ".yaml"], ["cards", "--deck", LONG], ["new", "deck", LONG],
    ["new", "game", LONG, "--name", "mygame"],
    ["balance", "lenormand", "--games", "1", "--out", LONG],
    ["play", "--record", LONG + ".yaml"], ["play", "--from", LONG + ".yaml"],
])
def test_a_path_over_255_bytes_is_one_line(tmp_path, monkeypatch, args):
    monkeypatch.chdir(tmp_path)
    code, out, err, _ = run_cli(args)
    one_line_error(code, err)
    assert "Traceback" not in err
    assert list(tmp_path.iterdir()) == []


# -- item 17: standard output on a full disk ----------------------------------------------

@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
@pytest.mark.parametrize("args", [
    ["--help"], ["games"], ["verify", str(RESOLUTION)], ["verify", "--json", str(RESOLUTION)],
    ["solve", str(SOLVE_LAST_ROUND)], ["play", "--games", "2"], ["new", "--help"],
])
def test_standard_output_on_a_full_disk_is_one_line(args):
    with open("/dev/full", "w") as full:
        run = herald_process(*args, stdout=full)
    assert run.returncode == 1, run.stderr
    assert run.stderr.strip().splitlines() == [
        "herald: error: cannot write the output: No space left on device"], run.stderr


# -- item 22: no subcommand is the help -----------------------------------------------------

@pytest.mark.parametrize("args, usage", [
    ([], "Usage: herald [OPTIONS] COMMAND"), (["new"], "Usage: herald new [OPTIONS] COMMAND"),
    (["i18n"], "Usage: herald i18n [OPTIONS] COMMAND"),
])
def test_no_subcommand_prints_the_help(args, usage):
    code, out, err, _ = run_cli(args)
    assert code == 0 and err == ""
    assert out.startswith(usage)
    assert len(out.splitlines()) > 5 and "Commands:" in out


# -- item 19: herald new ------------------------------------------------------------------

def test_new_deck_with_a_name_that_is_not_utf8_is_one_line(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, out, err, _ = run_cli(["new", "deck", os.fsdecode(b"\xffdeck")])
    one_line_error(code, err, "\\udcffdeck", "not UTF-8")
    assert list(tmp_path.iterdir()) == []


def test_new_deck_on_a_full_disk_is_one_line_and_writes_nothing(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    real = Path.write_text
    calls = []

    def write_text(self, *args, **kwargs):
        calls.append(self)
        if len(calls) > 1:
            raise OSError(errno.ENOSPC, "No space left on device", str(self))
        return real(self, *args, **kwargs)

    monkeypatch.setattr(Path, "write_text", write_text)
    code, out, err, _ = run_cli(["new", "deck", "mydeck"])
    one_line_error(code, err, "mydeck", "No space left on device")
    assert list(tmp_path.iterdir()) == []


# -- item 23: cards on a full disk, play --from a pipe, solve --time nan ---------------------

def test_cards_on_a_full_disk_leaves_no_partial_deck(tmp_path, monkeypatch):
    """The disk fills after the deck's first files: one line naming the deck's
    own path (not the staging folder), and nothing under OUT."""
    out = tmp_path / "out"

    def build_deck(game, locale, *, out, **kwargs):
        folder = Path(out) / game / locale
        folder.mkdir(parents=True)
        (folder / f"{game}-cards-a4.pdf").write_text("half a deck")
        raise OSError(errno.ENOSPC, "No space left on device",
                      str(folder / f"{game}-cards-printshop.pdf"))

    monkeypatch.setattr(cmd_cards, "build_deck", build_deck)
    code, _, err, _ = run_cli(["cards", "lenormand", "--lang", "en", "--out", str(out)])
    line = one_line_error(code, err, "No space left on device",
                          "lenormand/en/lenormand-cards-printshop.pdf")
    assert staging.STAGING not in line
    assert list(out.rglob("*")) == []


def test_play_from_a_pipe_is_refused_at_once(tmp_path):
    fifo = tmp_path / "example.yaml"
    os.mkfifo(fifo)
    code, out, err, _ = run_cli(["play", "--from", str(fifo)], limit=10)
    one_line_error(code, err, "example.yaml", "not a file")


@pytest.mark.parametrize("value", ["nan", "-nan", "NaN"])
def test_solve_time_nan_is_refused(value):
    code, out, err, _ = run_cli(["solve", str(SOLVE_LAST_ROUND), "--time", value])
    one_line_error(code, err, "--time")


@pytest.mark.parametrize("expect, words", [
    ("expect: []\n", ["expect:", "empty"]),
    ("expect: {}\n", ["expect:", "empty"]),
    ("expect:\n", ["expect:", "empty"]),
    ("expect: {value: null}\n", ["expect.value", "empty"]),
    ("expect:\n  value: null\n  winner: red\n", ["expect.value", "empty"]),
])
def test_an_expect_that_checks_nothing_is_refused(tmp_path, expect, words):
    text = SOLVE_LAST_ROUND.read_text(encoding="utf-8")
    path = tmp_path / "x.yaml"
    path.write_text(text[:text.index("expect:")] + expect, encoding="utf-8")
    code, out, err, _ = run_cli(["verify", str(path)])
    one_line_error(code, err, "x.yaml:", *words)


# -- items 11 and 14: bounds and balance's options, before any game -------------------------

@pytest.mark.parametrize("args, words", [
    (["play", "--games", "1000000000000"], ["--games", "10,000,000"]),
    (["balance", "lenormand", "--games", "1000000000000"], ["--games", "100,000"]),
    (["balance", "lenormand", "--games", "100", "--option", "x=" + ",".join(map(str, range(2000))),
      "--option", "y=" + ",".join(map(str, range(2000)))], ["--games", "1,000,000 games in all"]),
    (["balance", "lenormand", "--cards", "x"], ["--cards", "no card sets"]),
    (["balance", "lenormand", "--scheduler", "nonsense"], ["--scheduler", "tcp://host:8786"]),
    (["balance", "lenormand", "--scheduler", "tcp://localhost:99999999"], ["--scheduler"]),
])
def test_sizes_and_balance_options_are_checked_first(tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    code, out, err, seconds = run_cli(args, limit=20)
    one_line_error(code, err, *words)
    assert list(tmp_path.iterdir()) == []


def test_balance_out_under_a_file_is_one_line(tmp_path):
    (tmp_path / "afile").write_text("")
    code, out, err, _ = run_cli(["balance", "lenormand", "--games", "1",
                                 "--out", str(tmp_path / "afile" / "sub")])
    one_line_error(code, err, "--out", "Not a directory")


def test_play_sums_each_game_as_it_comes(monkeypatch):
    """play keeps no list of every game's result: each goes to the sums as it
    is played (jobs=1 here; the processes' chunks come back the same way)."""
    from herald.generator import cmd_play
    played = []

    def play_one(plan, i, record):
        played.append(i)
        return (0,), 1, (i, 0), None

    monkeypatch.setattr(cmd_play, "_play_one", play_one)
    seen = []

    def add(result):
        seen.append((len(played), result))

    recorded = cmd_play._play_all(None, 5, 1, False, lambda done: None, add)
    assert recorded is None
    # game k's result is added as soon as game k is played, not after the last
    assert seen == [(k + 1, ((0,), 1, (k, 0))) for k in range(5)]


def test_an_example_with_a_locales_key_in_a_folder_is_not_skipped(tmp_path):
    """Only a card database lists its locales: an example given ``locales: -1``
    is an example with an unknown key, not a file to skip in silence."""
    (tmp_path / "good.yaml").write_text(RESOLUTION.read_text(encoding="utf-8"),
                                        encoding="utf-8")
    (tmp_path / "bad.yaml").write_text(RESOLUTION.read_text(encoding="utf-8")
                                       + "locales: -1\n", encoding="utf-8")
    code, out, err, _ = run_cli(["verify", str(tmp_path)])
    one_line_error(code, err, "bad.yaml:", "locales")


def full_disk_kit(game, locale, verified, paper, out, images=False):
    """A locale's kit that meets a full disk after its first file (run in a
    build worker, forked with this module loaded)."""
    folder = Path(out) / game / locale
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{game}-cards-a4.pdf").write_text("half a kit")
    raise OSError(errno.ENOSPC, "No space left on device",
                  str(folder / f"{game}-rules-a4.pdf"))


def test_build_on_a_full_disk_names_the_kits_path_not_the_staging_folder(tmp_path,
                                                                         monkeypatch):
    monkeypatch.setattr(cmd_build, "_locale_kit", full_disk_kit)
    out = tmp_path / "out"
    code, _, err, _ = run_cli(["build", "lenormand", "--lang", "en", "--out", str(out)],
                              limit=120)
    line = one_line_error(code, err, "No space left on device",
                          "lenormand/en/lenormand-rules-a4.pdf")
    assert staging.STAGING not in line
    assert not (out / "lenormand" / "en").exists()
    assert not [p for p in out.rglob("*") if staging.STAGING in p.name]
