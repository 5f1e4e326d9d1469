"""Kuhn poker from the game package's own source folder
(examples/games/kuhn), so that the engine tests need not install it
(tests/test_kuhn_package.py installs it and drives it through the command
line)."""
from __future__ import annotations

import sys
from pathlib import Path

SOURCE = Path(__file__).resolve().parents[1] / "examples" / "games" / "kuhn" / "src"
if str(SOURCE) not in sys.path:
    sys.path.insert(0, str(SOURCE))

from herald_kuhn import GAME, Kuhn  # noqa: E402

__all__ = ["GAME", "Kuhn"]
