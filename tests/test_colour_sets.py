"""Issue 22: every game's colour sets (families, houses, backs, a diagram's
marks: what each kit's ``colour_sets`` names) held to Oriflamme's threshold:
every pair CIEDE2000 20 or more apart in normal vision and for the three
dichromacies (Machado, Oliveira & Fernandes 2009, full severity), and
neighbours 10 L* apart once printed in greyscale."""
from __future__ import annotations

import itertools
import warnings

import numpy as np
import pytest
from herald.engine.games import GAMES
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit

with warnings.catch_warnings():
    warnings.simplefilter("ignore")          # colour-science: matplotlib, tritanomaly's model
    import colour

    VISIONS = {
        "normal": np.eye(3),
        "deuteranope": colour.matrix_cvd_Machado2009("Deuteranomaly", 1.0),
        "protanope": colour.matrix_cvd_Machado2009("Protanomaly", 1.0),
        "tritanope": colour.matrix_cvd_Machado2009("Tritanomaly", 1.0),
    }

MIN_DELTA_E = 20.0        # CIEDE2000, every pair, in every vision (Oriflamme's, issue 12)
MIN_GREY_GAP = 10.0       # L*, between neighbours once printed in greyscale


def _rgb(value) -> np.ndarray:
    if isinstance(value, str):
        return np.array([int(value[i:i + 2], 16) / 255 for i in (1, 3, 5)])
    return np.asarray(value, dtype=float)


def _lab(rgb, matrix):
    """CIELAB (D65) of an sRGB colour as seen through ``matrix`` (applied to
    linear RGB, as Machado et al. define it)."""
    linear = colour.cctf_decoding(rgb, function="sRGB")
    seen = np.clip(linear @ np.asarray(matrix).T, 0, 1)
    return colour.XYZ_to_Lab(colour.sRGB_to_XYZ(colour.cctf_encoding(seen, function="sRGB")))


def _grey(rgb) -> float:
    """L* of the grey a greyscale print gives the colour (Rec. 601 luma)."""
    y = float(rgb @ np.array([0.299, 0.587, 0.114]))
    return float(_lab(np.array([y, y, y]), np.eye(3))[0])


def figures(colours: dict) -> tuple[dict, dict]:
    """{vision: {(a, b): delta E 2000}} and {label: greyscale L*}."""
    rgb = {k: _rgb(v) for k, v in colours.items()}
    delta = {}
    for vision, matrix in VISIONS.items():
        labs = {k: _lab(v, matrix) for k, v in rgb.items()}
        delta[vision] = {(a, b): float(colour.delta_E(labs[a], labs[b], method="CIE 2000"))
                         for a, b in itertools.combinations(rgb, 2)}
    return delta, {k: _grey(v) for k, v in rgb.items()}


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
