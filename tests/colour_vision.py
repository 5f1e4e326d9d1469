"""How far apart colours are, as people see them: CIEDE2000 in normal vision
and in the three full dichromacies (Machado, Oliveira & Fernandes 2009), and
the lightness a greyscale print gives each (tests/test_colour_sets.py,
tests/test_kit.py)."""
from __future__ import annotations

import contextlib
import functools
import itertools
import warnings

import numpy as np

MIN_DELTA_E = 20.0        # CIEDE2000, every pair, in every vision (Oriflamme's, issue 12)
MIN_GREY_GAP = 10.0       # L*, between neighbours once printed in greyscale


@functools.cache
def _colour():
    """colour-science, imported by the first test that measures (its import,
    matplotlib's among it, is over a second that every worker would pay at
    collection)."""
    with _quiet():
        import colour
    return colour


@functools.cache
def _visions() -> dict:
    colour = _colour()
    with _quiet():
        return {
            "normal": np.eye(3),
            "deuteranope": colour.matrix_cvd_Machado2009("Deuteranomaly", 1.0),
            "protanope": colour.matrix_cvd_Machado2009("Protanomaly", 1.0),
            "tritanope": colour.matrix_cvd_Machado2009("Tritanomaly", 1.0),
        }


@contextlib.contextmanager
def _quiet():
    """colour-science's warnings silenced: that matplotlib is missing, and
    that its tritanomaly model is an approximation (as its paper says)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        yield


def _rgb(value) -> np.ndarray:
    if isinstance(value, str):
        return np.array([int(value[i:i + 2], 16) / 255 for i in (1, 3, 5)])
    return np.asarray(value, dtype=float)


def _lab(rgb, matrix):
    """CIELAB (D65) of an sRGB colour as seen through ``matrix`` (applied to
    linear RGB, as Machado et al. define it)."""
    colour = _colour()
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
    colour = _colour()
    for vision, matrix in _visions().items():
        labs = {k: _lab(v, matrix) for k, v in rgb.items()}
        delta[vision] = {(a, b): float(colour.delta_E(labs[a], labs[b], method="CIE 2000"))
                         for a, b in itertools.combinations(rgb, 2)}
    return delta, {k: _grey(v) for k, v in rgb.items()}
