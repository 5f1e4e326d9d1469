"""Queue diagrams: every step of every built-in example in SVG (and in PNG and PDF),
the ``herald diagram`` command, its errors and its determinism."""
from __future__ import annotations

import io
import subprocess
import sys
import xml.etree.ElementTree as ET

import pypdfium2
import pytest
from click.testing import CliRunner
from herald.engine.oriflamme.cards import CARDS
from herald.generator.cli import cli
from herald.generator.cmd_diagram import find_example, render_diagram
from herald.generator.database import database_path, load_database
from herald.generator.examples import builtin_examples, load_example, run
from herald.generator.games.oriflamme.diagram import (
    annotations_for,
    diagram_size,
    draw_diagram,
    state_at,
)
from herald.generator.render.svgcanvas import SVGCanvas
from PIL import Image

SVG = "{http://www.w3.org/2000/svg}"


@pytest.fixture(scope="module")
def db():
    return load_database(database_path("oriflamme"))


@pytest.fixture(scope="module")
def replays():
    return [(ex, run(ex)) for ex in map(load_example, builtin_examples("oriflamme"))]


def _texts(svg: bytes) -> list[str]:
    root = ET.fromstring(svg)
    return [t.text or "" for t in root.iter(f"{SVG}text")]


def _revealed_names(state, db, lang):
    return {db.card(CARDS[card[1]]).name[lang] for pile in state.queue for card in pile
            if card[2]}


def test_every_step_of_every_example(db, replays):
    """Every step of every example drawn, each revealed card named in it; and
    each example's last step (the most cards drawn) as a one-page PDF and a
    PNG too: the three formats are one drawing on three canvases."""
    count = 0
    for i, (example, outcome) in enumerate(replays):
        lang = ("fr", "en")[i % 2]
        for step in range(len(outcome.steps) + 1):
            state, _ = state_at(example, outcome, step)
            svg = render_diagram(example, step, "svg", lang, db=db, outcome=outcome)
            texts = _texts(svg)
            for name in _revealed_names(state, db, lang):
                assert name in texts, (example.id, step, name)
            count += 1
        last = len(outcome.steps)
        pdf = render_diagram(example, last, "pdf", lang, db=db, outcome=outcome)
        assert pdf.startswith(b"%PDF") and len(pypdfium2.PdfDocument(pdf)) == 1
        png = render_diagram(example, last, "png", lang, dpi=20, db=db, outcome=outcome)
        image = Image.open(io.BytesIO(png))
        assert image.width > 0 and image.height > 0
    assert count > len(replays)


def test_names_follow_the_locale(db):
    example = find_example("resolution-example")
    fr = _texts(render_diagram(example, 2, "svg", "fr", db=db))
    en = _texts(render_diagram(example, 2, "svg", "en", db=db))
    assert "Soldat" in fr and "Soldier" not in fr
    assert "Soldier" in en and "Rouge" in fr and "Red" in en


def test_annotations_of_an_elimination(db):
    example = find_example("resolution-example")
    outcome = run(example)
    state, before = state_at(example, outcome, 3)       # blue target 3
    notes = annotations_for(outcome.steps[2].events, before)
    assert [a.kind for a in notes.arrows] == ["eliminate"]
    marks = [mark for slot in notes.slots for _, mark in slot.entries if mark]
    assert marks == ["eliminated"]
    # the eliminated card stays drawn: four places for a queue of three
    assert len(notes.slots) == 4 and len(state.queue) == 3
    svg = SVGCanvas(*diagram_size(state, notes, db, "en"))
    height = draw_diagram(svg, state, db, "en", notes, 0, 0, svg.width)
    assert height == pytest.approx(svg.height)
    texts = _texts(svg.getvalue().encode())
    assert "+1" in texts            # blue gained one


def test_every_step_that_eliminates_steals_copies_or_moves_draws_its_arrows(replays):
    """The step's events, replayed on the queue before it, end as the state's
    queue, so the diagram keeps its marks (an Insurrection turned face down, an
    Extortion's tax, an Empress's point included)."""
    from herald.generator.games.oriflamme.diagram import _display_slots
    checked = 0
    for example, outcome in replays:
        for i, step in enumerate(outcome.steps):
            kinds = {e["type"] for e in step.events}
            if kinds & {"eliminate", "steal", "copy", "move"}:
                state, before = state_at(example, outcome, i + 1)
                _, shown = _display_slots(state, annotations_for(step.events, before))
                assert shown.arrows, (example.id, i, sorted(kinds))
                checked += 1
    assert checked > 40


def test_annotations_of_a_move(db):
    example = find_example("royal-decree-after")
    outcome = run(example)
    state, before = state_at(example, outcome, 2)       # red move 1 to 2
    notes = annotations_for(outcome.steps[1].events, before)
    assert [a.kind for a in notes.arrows] == ["move"]
    assert any(slot.placeholder for slot in notes.slots)


def test_placement_letters(db):
    texts = _texts(render_diagram(find_example("placement-abc"), None, "svg", "en", db=db))
    assert {"A", "B", "C"} <= set(texts)


def test_scaled_to_width(db):
    example = find_example("resolution-example")
    state, _ = state_at(example, run(example), 0)
    w, h = diagram_size(state, None, db, "en")
    canvas = SVGCanvas(w / 2, h / 2)
    assert draw_diagram(canvas, state, db, "en", None, 0, 0, w / 2) == pytest.approx(h / 2)


@pytest.mark.parametrize("fmt", ["svg", "png", "pdf"])
def test_cli_writes_each_format_deterministically(tmp_path, fmt):
    runner = CliRunner()
    outs = []
    for k in range(2):
        out = tmp_path / f"d{k}.{fmt}"
        result = runner.invoke(cli, ["diagram", "resolution-example", "--step", "3",
                                     "--format", fmt, "--lang", "fr", "--out", str(out)])
        assert result.exit_code == 0, result.output
        outs.append(out.read_bytes())
    assert len(outs[0]) > 0 and outs[0] == outs[1]
    if fmt == "svg":
        ET.fromstring(outs[0])
    elif fmt == "png":
        assert outs[0].startswith(b"\x89PNG")
    else:
        assert outs[0].startswith(b"%PDF")


def test_cli_takes_a_path_and_the_format_from_the_extension(tmp_path):
    path = [p for p in builtin_examples("oriflamme") if p.stem == "cascade-assassination"][0]
    out = tmp_path / "x.pdf"
    result = CliRunner().invoke(cli, ["diagram", str(path), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert out.read_bytes().startswith(b"%PDF")


@pytest.mark.parametrize("args, words", [
    (["no-such-example"], "unknown example"),
    (["resolution-example", "--step", "99"], "0 to"),
    (["resolution-example", "--step", "-1"], "out of range"),
    (["resolution-example", "--format", "gif"], "unknown format"),
    (["resolution-example", "--lang", "pt"], "unknown locale"),
])
def test_bad_input_is_one_line_exit_2(tmp_path, args, words):
    out = tmp_path / "d.svg"
    proc = subprocess.run([sys.executable, "-m", "herald.generator.cli", "diagram", *args,
                           "--out", str(out)], capture_output=True, text=True)
    assert proc.returncode == 2, proc.stderr
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0], proc.stderr
    assert not out.exists()


def test_unwritable_output_is_exit_2(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    proc = subprocess.run([sys.executable, "-m", "herald.generator.cli", "diagram",
                           "resolution-example", "--out", str(blocker / "d.svg")],
                          capture_output=True, text=True)
    assert proc.returncode == 2
    assert len(proc.stderr.strip().splitlines()) == 1
