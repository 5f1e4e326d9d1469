"""`herald build`: the whole kit (the session's ``whole_kit``: every game in
every complete locale) and its closing table; French, the richer typography,
read closest; ``--lang`` builds one locale."""
import json
import re
import subprocess
import sys

import pypdf
import pypdfium2
import pytest
from conftest import herald
from herald.engine.games import GAMES
from herald.generator.database import database_path, load_database
from herald.generator.documents import rules_text
from herald.generator.kits import kit
from herald.generator.render.text import typography


@pytest.fixture(scope="session")
def built(whole_kit):
    """``herald build``, once for the session (shared by the workers)."""
    return whole_kit


def test_build_writes_the_kit_and_its_table(built):
    out, result = built
    table = result.stdout
    assert result.stderr == ""      # captured, not a terminal: no progress bar
    for game in GAMES:                      # every game's print kit, in every locale
        report = json.loads((out / game / "verification.json").read_text())
        assert report and all(r["ok"] for r in report)
        assert f"{len(report)}/{len(report)}" in table
        db = load_database(database_path(game))
        # a folder for each locale, and the web editions' shared fonts
        assert {p.name for p in (out / game).iterdir() if p.is_dir()} == \
            {*db.locales, "fonts"}
        for locale in db.locales:
            folder = out / game / locale
            for name in ("cards-a4", "cards-printshop", "calibration-a4", "rules-a4",
                         "examples-a4", "reference-a4"):
                assert (folder / f"{game}-{name}.pdf").is_file(), (game, locale, name)
                assert f"{game}/{locale}/{game}-{name}.pdf" in table, (game, locale, name)
            assert (folder / "web" / "index.html").is_file()
            assert not (folder / "png").exists()     # images only with --images
        printed = kit(game).print_cards(db, "fr")
        cards = [c for c in printed if not c.pieces]       # sheets of tokens are no cards
        # one print-shop file per card size (Asèt: tarot and 44 x 68 mm), together
        # every front and every back
        shops = [line for line in table.splitlines()
                 if f"/fr/{game}-cards-printshop" in line]
        assert sum(int(line.split()[1]) for line in shops) == 2 * len(cards)
        assert len(shops) == len({(c.width, c.height) for c in cards})
        # the tokens and tiles in a print-shop file of their own (Oriflamme's)
        tokens = [line for line in table.splitlines()
                  if f"/fr/{game}-tokens-printshop" in line]
        assert len(tokens) == (1 if len(cards) < len(printed) else 0), game
    assert not list(out.glob(".herald-build-*"))      # no staging left behind


def test_lang_builds_that_locale_alone(tmp_path):
    # the smallest game's kit: --lang is the same switch for every game
    done = herald("build", "lenormand", "--lang", "fr", "--out", tmp_path / "kit")
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in (tmp_path / "kit").iterdir()) == ["lenormand"]
    assert sorted(p.name for p in (tmp_path / "kit" / "lenormand").iterdir()) == \
        ["fonts", "fr", "verification.json"]
    assert "/en/" not in done.stdout and "lenormand/fr/lenormand-rules-a4.pdf" in done.stdout


def test_no_straight_apostrophe_in_any_french_pdf(built):
    """Every printed string of the French kit goes through French typography:
    running headers, footers, covers, the calibration sheet's English half too."""
    out, _ = built
    pdfs = sorted(out.glob("*/fr/**/*.pdf"))
    assert len(pdfs) >= 6 * len(GAMES)
    for path in pdfs:
        # pdfium's text (each character as the PDF maps it to Unicode), read
        # ten times faster than pypdf's
        pdf = pypdfium2.PdfDocument(path)
        text = "\n".join(page.get_textpage().get_text_range() for page in pdf)
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


def thresholds_kit(game, locale, verified, paper, out, images=False):
    """A locale's kit that writes down its worker's garbage-collector
    thresholds (run in a build worker, forked with this module loaded)."""
    import gc
    from pathlib import Path
    folder = Path(out) / game / locale
    folder.mkdir(parents=True, exist_ok=True)
    (folder / "gc.json").write_text(json.dumps(gc.get_threshold()))
    return [folder / "gc.json"]


def test_build_workers_look_for_cycles_less_often_and_the_caller_as_before(tmp_path,
                                                                         monkeypatch):
    import gc

    from fuzz_examples import run_cli
    from herald.generator import cli, cmd_build
    monkeypatch.setattr(cmd_build, "_locale_kit", thresholds_kit)
    kept = gc.get_threshold()
    gc.set_threshold(700, 10, 10)           # Python's default, as a caller may have it
    try:
        code, _, err, _ = run_cli(["build", "lenormand", "--lang", "en",
                                   "--out", str(tmp_path)], limit=120)
        after = gc.get_threshold()
    finally:
        gc.set_threshold(*kept)
    assert code == 0, err
    worker = json.loads((tmp_path / "lenormand" / "en" / "gc.json").read_text())
    assert worker == [cli.GC_THRESHOLD, 10, 10] and cli.GC_THRESHOLD != 700
    assert after == (700, 10, 10)
