"""Issue 24: the generic look (herald.generator.look), which a game package
that brings no drawing code gets: its kit, its deck from a card list and a
layout file, its database.yaml read like every card database, and (with
the rules text, diagrams and narration of the same look) its whole kit.

The packages are installed by hand, as pip would lay them out (the package
folder and a dist-info declaring the entry point), into a folder put first
on PYTHONPATH: the real command line then runs in a subprocess."""
from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pypdf
import pytest
from conftest import shared_folder

PACKAGE = Path(__file__).resolve().parents[1] / "examples" / "games" / "goofspiel"
SOURCE = PACKAGE / "src" / "herald_goofspiel"
MM = 72 / 25.4

# The rules text and the package's translations, the quick reference, the
# diagrams and the narration of the generic look come in modules of their own
# (look/rules.py, texts.py, reference.py, diagram.py, story.py), written beside
# this one: every test here needs them.
WHOLE_LOOK = all(importlib.util.find_spec(f"herald.generator.look.{m}") is not None
                 for m in ("rules", "texts", "reference", "diagram", "story"))
pytestmark = pytest.mark.skipif(not WHOLE_LOOK, reason="the generic look's rules text, "
                                "translations, reference, diagrams and narration are not here")

# A small deck of our own, laid over the package's: three cards
# (63 × 88 mm), whose texts the test knows.
DATABASE = """\
game: goofspiel
language: en
title: Goofspiel
subtitle: A test of the generic look
credits: "Game: Merrill Flood. Test: Herald."
deck:
  cards: deck/cards.csv
  layout: deck/layout.yaml
"""
CARDS = """\
id,suit,rank,name
p1,p,A,Prize
a2,a,2,Bidding
b3,b,3,Bidding
"""
LAYOUT = """\
title: Goofspiel
size: 63x88 mm
safe: 3mm
colors: {ink: "#2b2118"}
variations:
  suit:
    p: {accent: "#f0e442"}
    a: {accent: "#d55e00"}
    b: {accent: "#56b4e9"}
layouts:
  card:
    background: "#fbf7ee"
    elements:
      - {type: rect, x: 3mm, y: 3mm, width: 57mm, height: 82mm, stroke: "{{ accent }}"}
      - {type: text, text: "{{ rank }}", x: 6mm, y: 30mm, width: 51mm, height: 20mm,
         font: title-bold, size: 36, align: center, color: ink}
      - {type: text, text: "{{ name }} {{ id }}", x: 6mm, y: 70mm, width: 51mm,
         height: 10mm, size: 12, align: center, color: ink}
back:
  background: "#2b2118"
  elements:
    - {type: text, text: "Goofspiel back", x: 6mm, y: 40mm, width: 51mm, height: 10mm,
       size: 14, align: center, color: "#fbf7ee"}
"""
RULES = """\
# Goofspiel

A test of the generic look.

## What you need {#components}

- Three cards.

## A round {#round}

Each player bids a card; the highest bid wins the prize.
"""


def install(site: Path, assets: dict[str, str] | None = None) -> Path:
    """The Goofspiel package laid out in ``site`` as pip installs it, its
    assets' files replaced by ``assets`` (name → text) when given."""
    target = site / "herald_goofspiel"
    shutil.copytree(SOURCE, target, ignore=shutil.ignore_patterns("__pycache__"))
    info = site / "herald_goofspiel-1.0.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: herald-goofspiel\n"
                                   "Version: 1.0.0\n")
    (info / "entry_points.txt").write_text("[herald.games]\n"
                                           "goofspiel = herald_goofspiel:GAME\n")
    if assets is not None:
        folder = target / "assets"
        for name in ("database.yaml", "rules.md", "rules.yaml", "booklet.yaml", "deck",
                     "locales"):
            path = folder / name
            if path.is_dir():
                shutil.rmtree(path)
            elif path.exists():
                path.unlink()
        for name, text in assets.items():
            (folder / name).parent.mkdir(parents=True, exist_ok=True)
            (folder / name).write_text(text)
    return site


def ours() -> dict[str, str]:
    return {"database.yaml": DATABASE, "deck/cards.csv": CARDS,
            "deck/layout.yaml": LAYOUT, "rules.md": RULES}


def herald(site: Path, *args):
    """The command line with the package of ``site`` installed."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(site)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    return subprocess.run([sys.executable, "-m", "herald.generator.cli", *map(str, args)],
                          capture_output=True, text=True, env=env, timeout=600)


@pytest.fixture(scope="session")
def small(tmp_path_factory) -> Path:
    """The package with our three-card deck, once per run."""
    return shared_folder(tmp_path_factory, "generic-look-small",
                         lambda out: install(out, ours()))


def test_kit_of_a_game_without_look_is_the_generic_look(small):
    done = herald(small, "games")
    assert "goofspiel" in done.stdout
    code = ("from herald.generator.kits import kit\n"
            "import herald.generator.look as look\n"
            "k = kit('goofspiel')\n"
            "assert k is kit('goofspiel') and k.Database is look.Database\n"
            "assert type(k) is look.GenericLook and k.CARD_OPTIONS == {}\n"
            "from herald.generator.database import database_path, load_database\n"
            "db = load_database(database_path('goofspiel'))\n"
            "print(db.locales, db.name, sorted(k.colour_sets(db)))\n")
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [str(small)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          env=env, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.strip() == "['en'] {'en': 'Goofspiel'} ['diagram', 'suit accent']"


@pytest.fixture(scope="session")
def small_cards(tmp_path_factory, small) -> Path:
    def build(out):
        done = herald(small, "cards", "goofspiel", "--lang", "en", "--out", out)
        assert done.returncode == 0, done.stderr[-2000:]
    return shared_folder(tmp_path_factory, "generic-look-cards", build) / "goofspiel" / "en"


def test_cards_pdf_has_the_layouts_size_and_every_cards_text(small_cards):
    shop = pypdf.PdfReader(small_cards / "goofspiel-cards-printshop.pdf")
    assert len(shop.pages) == 6                      # three fronts, then their backs
    for page in shop.pages:
        trim = page.trimbox
        assert abs(float(trim.width) / MM - 63) < 0.05
        assert abs(float(trim.height) / MM - 88) < 0.05
        bleed = page.bleedbox
        assert abs((float(bleed.width) - float(trim.width)) / MM - 6) < 0.05   # 3 mm a side
    fronts = [re.sub(r"\s+", " ", p.extract_text()) for p in shop.pages[:3]]
    assert ["A" in fronts[0] and "Prize p1" in fronts[0], "2" in fronts[1]
            and "Bidding a2" in fronts[1], "Bidding b3" in fronts[2]] == [True] * 3
    assert all("Goofspiel back" in p.extract_text() for p in shop.pages[3:])
    sheets = pypdf.PdfReader(small_cards / "goofspiel-cards-a4.pdf")
    cover = sheets.pages[0].extract_text()
    assert "GOOFSPIEL" in cover and "Three cards." in cover          # the rules' components
    assert "Merrill Flood" in cover                                   # database.yaml's credits
    assert abs(float(sheets.pages[0].mediabox.width) / MM - 210) < 0.5


BAD = [
    # database.yaml
    ("database.yaml", DATABASE + "players: 2\n",
     r"database\.yaml:9: players: unknown key; expected one of: game, language, title"),
    ("database.yaml", DATABASE.replace("title: Goofspiel", "title: ''"),
     r"database\.yaml:3: title: "),
    ("database.yaml", DATABASE.replace("deck/cards.csv", "../../herald_goofspiel/__init__.py"),
     r"database\.yaml:7: deck\.cards: '\.\./\.\./herald_goofspiel/__init__\.py': only files "
     r"inside the package's assets folder"),
    ("database.yaml", DATABASE.replace("deck/cards.csv", "deck/missing.csv"),
     r"database\.yaml:7: deck\.cards: no such file 'deck/missing\.csv'"),
    ("database.yaml", DATABASE.replace("language: en", "language: english"),
     r"database\.yaml:2: language: "),
    # the layout file
    ("deck/layout.yaml", LAYOUT.replace("size: 36,", "size: 36, colour: red,"),
     r"layout\.yaml:\d+: layouts\.card\.elements\.2\.colour: unknown key"),
    ("deck/layout.yaml", LAYOUT.replace("{{ rank }}", "{{ rnak }}"),
     r"layout\.yaml:\d+: layouts\.card\.elements\.2\.text: unknown column 'rnak'"),
    # the card list
    ("deck/cards.csv", CARDS.replace("id,suit,rank,name", "id,suit,value,name"),
     r"layout\.yaml:\d+: layouts\.card\.elements\.2\.text: unknown column 'rank'"),
    ("deck/cards.csv", CARDS.replace("a2,a,", "a2,z,"),
     r"cards\.csv:3: suit: 'z' has no variation"),
]


def _refused(site: Path, out: Path, message: str, *command) -> None:
    done = herald(site, *command, "--out", out)
    assert done.returncode == 2, done.stderr[-2000:]
    lines = [line for line in done.stderr.strip().splitlines()
             if not line.startswith("herald: warning:")]
    assert len(lines) == 1 and re.search(message, lines[0]), done.stderr
    assert not out.exists() or not any(p.is_file() for p in out.rglob("*"))


@pytest.mark.parametrize("name,text,message", BAD, ids=lambda v: str(v)[:24])
def test_bad_package_input_is_one_line_and_writes_nothing(tmp_path, name, text, message):
    site = install(tmp_path / "site", {**ours(), name: text})
    _refused(site, tmp_path / "out", message, "cards", "goofspiel")


@pytest.mark.parametrize("command", ["rules", "build"])
def test_bad_database_stops_rules_and_build_before_any_file(tmp_path, command):
    name, text, message = BAD[0]
    site = install(tmp_path / "site", {**ours(), name: text})
    _refused(site, tmp_path / "out", message, command, "goofspiel")


def test_a_complete_po_file_adds_its_language_to_the_deck(tmp_path):
    """``herald i18n update`` writes the package's fr.po; once every text is
    translated, French joins the package's languages and its deck prints
    the cards' names from it."""
    from babel.messages.pofile import read_po, write_po
    site = install(tmp_path / "site", ours())
    done = herald(site, "i18n", "update", "goofspiel", "--lang", "fr")
    assert done.returncode == 0, done.stderr[-2000:]
    po = site / "herald_goofspiel" / "assets" / "locales" / "fr.po"
    with open(po, "rb") as f:
        catalog = read_po(f, locale="fr")
    for message in catalog:
        if not message.id:
            continue
        if isinstance(message.id, tuple):
            message.string = tuple(f"FR-{message.id[-1]}" for _ in message.string)
        else:
            message.string = f"FR-{message.id}"
    with open(po, "wb") as f:
        write_po(f, catalog)
    out = tmp_path / "out"
    done = herald(site, "cards", "goofspiel", "--lang", "fr", "--out", out)
    assert done.returncode == 0, done.stderr[-2000:]
    shop = pypdf.PdfReader(out / "goofspiel" / "fr" / "goofspiel-cards-printshop.pdf")
    first = re.sub(r"\s+", " ", shop.pages[0].extract_text())
    assert "FR-Prize p1" in first
    cover = pypdf.PdfReader(out / "goofspiel" / "fr" / "goofspiel-cards-a4.pdf").pages[0]
    assert "FR-GOOFSPIEL" in cover.extract_text().upper()


# -- the whole kit of the real package ---------------------------------------------------

@pytest.fixture(scope="session")
def goofspiel_kit(tmp_path_factory) -> Path:
    """``herald build goofspiel`` of the package as the repository holds it."""
    def build(out):
        site = install(out / "site")
        done = herald(site, "build", "goofspiel", "--out", out / "kit")
        (out / "build.log").write_text(done.stdout + done.stderr)
        assert done.returncode == 0, done.stderr[-2000:]
    # the same folder as test_goofspiel_package's kit: whichever asks first builds it
    return shared_folder(tmp_path_factory, "goofspiel-kit", build) / "kit" / "goofspiel"


def test_build_writes_the_packages_whole_kit(goofspiel_kit):
    import json
    report = json.loads((goofspiel_kit / "verification.json").read_text())
    assert report and all(r["ok"] for r in report)
    en = goofspiel_kit / "en"
    for name in ("cards-a4", "cards-printshop", "calibration-a4", "rules-a4", "examples-a4",
                 "reference-a4"):
        assert (en / f"goofspiel-{name}.pdf").is_file(), name
    for page in ("index", "examples", "cards", "reference"):
        assert (en / "web" / f"{page}.html").is_file(), page
    assert len(pypdf.PdfReader(en / "goofspiel-reference-a4.pdf").pages) == 1
    rules = "".join(p.extract_text() for p in pypdf.PdfReader(en / "goofspiel-rules-a4.pdf").pages)
    assert "Goofspiel" in rules or "GOOFSPIEL" in rules
    examples = "".join(p.extract_text()
                       for p in pypdf.PdfReader(en / "goofspiel-examples-a4.pdf").pages)
    assert "31/20" in examples           # the value the solver finds, printed exactly


@pytest.mark.skipif(not all(shutil.which(t) for t in ("qpdf", "pdffonts", "pdftoppm")),
                    reason="qpdf and poppler-utils are needed to preflight")
def test_packages_kit_preflights_clean(goofspiel_kit, tmp_path):
    for pdf in sorted(goofspiel_kit.rglob("*.pdf")):
        check = subprocess.run(["qpdf", "--check", pdf], capture_output=True, text=True)
        assert check.returncode == 0, f"{pdf.name}: {check.stdout[-500:]}"
        fonts = subprocess.run(["pdffonts", pdf], capture_output=True, text=True).stdout
        for row in fonts.splitlines()[2:]:
            assert row.split()[-5] == "yes", f"{pdf.name}: not embedded: {row}"
        raster = subprocess.run(["pdftoppm", "-r", "20", "-png", "-f", "1", "-l", "3", pdf,
                                 tmp_path / pdf.stem], capture_output=True, text=True)
        assert raster.returncode == 0 and raster.stderr == "", f"{pdf.name}: {raster.stderr}"


def test_diagram_of_a_packages_example(tmp_path):
    site = install(tmp_path / "site")
    for fmt in ("pdf", "svg"):
        done = herald(site, "diagram", "a-short-game", "--step", "2", "--out",
                      tmp_path / f"d.{fmt}")
        assert done.returncode == 0, done.stderr[-2000:]
    assert "<svg" in (tmp_path / "d.svg").read_text()
    if shutil.which("pdffonts"):
        fonts = subprocess.run(["pdffonts", tmp_path / "d.pdf"], capture_output=True,
                               text=True).stdout
        assert all(row.split()[-5] == "yes" for row in fonts.splitlines()[2:]), fonts
