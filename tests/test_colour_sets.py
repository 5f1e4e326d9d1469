"""Issue 22: every game's colour sets (families, houses, backs, a diagram's
marks: what each kit's ``colour_sets`` names) held to Oriflamme's threshold:
every pair CIEDE2000 20 or more apart in normal vision and for the three
dichromacies (Machado, Oliveira & Fernandes 2009, full severity), and
neighbours 10 L* apart once printed in greyscale."""
from __future__ import annotations

import pytest
from colour_vision import MIN_DELTA_E, MIN_GREY_GAP, figures
from herald.engine.games import GAMES
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit


def _sets():
    for game in GAMES:
        db = load_database(database_path(game))
        for name, colours in kit(game).colour_sets(db).items():
            yield pytest.param(game, name, colours, id=f"{game}-{name}")


@pytest.mark.parametrize("game, name, colours", list(_sets()))
def test_colour_set_apart_in_every_vision_and_in_greyscale(game, name, colours):
    assert len(colours) >= 2
    delta, grey = figures(colours)
    close = [(vision, pair, round(d, 1)) for vision, pairs in delta.items()
             for pair, d in pairs.items() if d < MIN_DELTA_E]
    assert not close, close
    levels = sorted(grey.items(), key=lambda kv: kv[1])
    gaps = [(a[0], b[0], round(b[1] - a[1], 1)) for a, b in zip(levels, levels[1:])]
    assert all(g >= MIN_GREY_GAP for _, _, g in gaps), gaps


def test_the_figures_can_fail():
    """Asèt's palette before issue 22: purple and blue 1.5 apart for a protanope."""
    delta, _ = figures({"purple": "#6A3D9A", "blue": "#1F4E9C"})
    assert delta["protanope"][("purple", "blue")] < 2.0
    assert delta["normal"][("purple", "blue")] == pytest.approx(16.5, abs=0.1)


def test_every_game_names_its_colour_sets():
    for game in GAMES:
        sets = kit(game).colour_sets(load_database(database_path(game)))
        assert sets and all(len(v) >= 2 for v in sets.values()), game
