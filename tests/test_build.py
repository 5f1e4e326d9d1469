"""`herald build`: the whole kit, and its closing table."""
import json
import subprocess
import sys

from herald.engine.games import GAMES
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit


def test_build_writes_the_kit_and_its_table(tmp_path):
    result = subprocess.run([sys.executable, "-m", "herald.generator.cli", "build",
                             "--lang", "en", "--out", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    table = result.stdout
    assert result.stderr == ""      # captured, not a terminal: no progress bar
    for game in GAMES:                      # every game's print kit, in English only
        report = json.loads((tmp_path / game / "verification.json").read_text())
        assert report and all(r["ok"] for r in report)
        assert f"{len(report)}/{len(report)}" in table
        folder = tmp_path / game / "en"
        for name in ("cards-a4", "cards-printshop", "calibration-a4", "rules-a4",
                     "reference-a4"):
            assert (folder / f"{game}-{name}.pdf").is_file(), (game, name)
        db = load_database(database_path(game))
        cards = kit(game).print_cards(db, "en")
        printshop = [line for line in table.splitlines()
                     if f"{game}-cards-printshop" in line][0]
        assert int(printshop.split()[1]) == 2 * len(cards)   # every front, every back
        assert not (folder / "png").exists()     # images only with --images
        assert not (tmp_path / game / "fr").exists()
    assert not list(tmp_path.glob(".herald-build-*"))      # no staging left behind


def test_build_rejects_an_unknown_paper(tmp_path):
    result = subprocess.run([sys.executable, "-m", "herald.generator.cli", "build",
                             "--paper", "a5", "--out", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "--paper" in result.stderr
    assert not any(tmp_path.iterdir())
