"""Kuhn poker as a Herald game package: the game object Herald finds through
the ``herald.games`` entry point (``kuhn = "herald_kuhn:GAME"``)."""
from .game import KuhnGame
from .state import Kuhn

__all__ = ["GAME", "Kuhn", "KuhnGame"]
__version__ = "1.0.0"

GAME = KuhnGame()
