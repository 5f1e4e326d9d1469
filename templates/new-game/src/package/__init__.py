"""@@TITLE@@ as a Herald game package: the game object Herald finds through
the ``herald.games`` entry point (``@@NAME@@ = "@@PACKAGE@@:GAME"``)."""
from .game import Game
from .state import State

__all__ = ["GAME", "Game", "State"]

GAME = Game()
