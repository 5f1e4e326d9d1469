"""`herald build`: the whole kit, and its closing table (built in French: the
richer typography)."""
import json
import re
import subprocess
import sys

import pypdf
import pytest
from conftest import shared_folder
from herald.engine.games import GAMES
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render.booklet import rules_text
from herald.generator.render.text import typography


def _build(out):
    result = subprocess.run([sys.executable, "-m", "herald.generator.cli", "build",
                             "--lang", "fr", "--out", str(out / "kit")],
                            capture_output=True, text=True)
    (out / "result.json").write_text(json.dumps([result.returncode, result.stdout,
                                                 result.stderr]))


@pytest.fixture(scope="session")
def built(tmp_path_factory):
    """``herald build --lang fr``, once for the session (shared by the workers)."""
    out = shared_folder(tmp_path_factory, "french-kit", _build)
    code, stdout, stderr = json.loads((out / "result.json").read_text())
    assert code == 0, stderr
    return out / "kit", subprocess.CompletedProcess([], code, stdout, stderr)


def test_build_writes_the_kit_and_its_table(built):
    out, result = built
    table = result.stdout
    assert result.stderr == ""      # captured, not a terminal: no progress bar
    for game in GAMES:                      # every game's print kit, in French only
        report = json.loads((out / game / "verification.json").read_text())
        assert report and all(r["ok"] for r in report)
        assert f"{len(report)}/{len(report)}" in table
        folder = out / game / "fr"
        for name in ("cards-a4", "cards-printshop", "calibration-a4", "rules-a4",
                     "examples-a4", "reference-a4"):
            assert (folder / f"{game}-{name}.pdf").is_file(), (game, name)
            assert f"{game}-{name}.pdf" in table, (game, name)
        db = load_database(database_path(game))
        cards = kit(game).print_cards(db, "fr")
        # one print-shop file per card size (Asèt: tarot and 44 x 68 mm), together
        # every front and every back
        shops = [line for line in table.splitlines() if f"{game}-cards-printshop" in line]
        assert sum(int(line.split()[1]) for line in shops) == 2 * len(cards)
        assert len(shops) == len({(c.width, c.height) for c in cards})
        assert not (folder / "png").exists()     # images only with --images
        assert not (out / game / "en").exists()
    assert not list(out.glob(".herald-build-*"))      # no staging left behind


def test_no_straight_apostrophe_in_any_french_pdf(built):
    """Every printed string of the French kit goes through French typography:
    running headers, footers, covers, the calibration sheet's English half too."""
    out, _ = built
    pdfs = sorted(out.rglob("*.pdf"))
    assert len(pdfs) >= 6 * len(GAMES)
    for path in pdfs:
        text = "\n".join(p.extract_text() for p in pypdf.PdfReader(path).pages)
        assert "'" not in text, (path.name, re.findall(r".{20}'.{20}", text)[:3])


def _flat(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f\u00ad-]", "", text)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_deck_cover_lists_its_contents_and_credits_its_source(built, game):
    out, _ = built
    cover = _flat(pypdf.PdfReader(out / game / "fr" / f"{game}-cards-a4.pdf").pages[0]
                  .extract_text())
    for line in rules_text(game, "fr")["credits"]:
        assert _flat(typography(line, "fr")) in cover, line
    contents = cover.split(_flat("Contenu du kit"))[1].split("Impression")[0]
    assert len(re.findall(r"\d+", contents)) >= 1 + (game != "lenormand"), contents


def test_build_rejects_an_unknown_paper(tmp_path):
    result = subprocess.run([sys.executable, "-m", "herald.generator.cli", "build",
                             "--paper", "a5", "--out", str(tmp_path)],
                            capture_output=True, text=True)
    assert result.returncode == 2 and "--paper" in result.stderr
    assert not any(tmp_path.iterdir())
