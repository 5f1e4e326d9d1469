"""L'Ordre d'Asèt's colour sets, held apart for colour-blind players and in
greyscale (``tests/test_colour_sets.py``): the five families, and the backs
(each family's, and the Council's night blue of the decree and Order cards,
which shares a deck's face-down pile with them)."""
from __future__ import annotations

from . import look as L


def colour_sets(db) -> dict[str, dict[str, str]]:
    families = {f.id: f.colour for f in db.families}
    return {"families": families,
            "backs": {**families, "council": L.NIGHT.hexval().replace("0x", "#")}}
