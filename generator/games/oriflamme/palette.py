"""Oriflamme's colour sets, held apart for colour-blind players and in
greyscale (``tests/test_colour_sets.py``): the five families, whose colour
is also their card backs' field."""
from __future__ import annotations


def colour_sets(db) -> dict[str, dict[str, str]]:
    return {"families": {f.id: f.colour for f in db.families}}
