"""The Lenormand deck's trim sizes (``herald cards lenormand --size``), kept
apart from the faces so that checking the option and listing the sizes in
the command's help load no rendering code.

``tarot`` 61 x 112 mm, the size of every Herald deck; ``poker`` 2.5 x 3.5
inches (63.5 x 88.9 mm), the standard playing-card size: the one print
shops and print-on-demand services offer for custom decks (the same size as
``poker`` in a designer's deck, :data:`herald.generator.deck.units.SIZES`)
and most modern Lenormand decks use, which ordinary sleeves fit and which
plays as a normal 36-card piquet deck; ``bridge`` 57 x 89 mm, the narrower
playing-card size of many Lenormand oracle decks, which bridge sleeves
fit. The faces' layout is computed from the trim size,
so all three share one drawing.
"""
from __future__ import annotations

from reportlab.lib.units import inch, mm

from ...errors import InputError

__all__ = ["DEFAULT_SIZE", "SIZES", "check_size", "size_choices"]

SIZES = {"tarot": (61 * mm, 112 * mm), "poker": (2.5 * inch, 3.5 * inch),
         "bridge": (57 * mm, 89 * mm)}
DEFAULT_SIZE = "tarot"


def size_choices() -> str:
    """The sizes as the help and the error list them: "tarot (61 × 112 mm),
    poker (2.5 × 3.5 in), …" (each in the unit it is defined in)."""
    return ", ".join(f"{name} ({_words(w, h)})" for name, (w, h) in SIZES.items())


def _words(w: float, h: float) -> str:
    if all(abs(v / inch * 4 - round(v / inch * 4)) < 1e-6 for v in (w, h)):
        return f"{w / inch:g} \u00d7 {h / inch:g} in"
    return f"{w / mm:.0f} \u00d7 {h / mm:.0f} mm"


def check_size(size) -> None:
    """InputError, worded like the command line's other option errors
    (``--paper: …``), unless ``size`` is one of :data:`SIZES`."""
    if size not in SIZES:
        raise InputError(f"--size: unknown card size {size!r}; choose one of: "
                         f"{size_choices()}")
