"""The Goofspiel of the solver's tests and benchmarks is the game package's
own (examples/games/goofspiel): one engine, read here from the package's
source folder, so that the tests need not install it (tests/test_game_packages.py
installs it and drives it through the command line)."""
from __future__ import annotations

import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "examples" / "games" / "goofspiel" / "src"
if str(SOURCE) not in sys.path:
    sys.path.insert(0, str(SOURCE))

from herald_goofspiel import GAME, Goofspiel  # noqa: E402

__all__ = ["GAME", "Goofspiel"]
