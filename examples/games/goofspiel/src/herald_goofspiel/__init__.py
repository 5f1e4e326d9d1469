"""Goofspiel as a Herald game package: the game object Herald finds through
the ``herald.games`` entry point (``goofspiel = "herald_goofspiel:GAME"``)."""
from .game import GoofspielGame
from .state import Goofspiel

__all__ = ["GAME", "Goofspiel", "GoofspielGame"]
__version__ = "1.0.0"

GAME = GoofspielGame()
