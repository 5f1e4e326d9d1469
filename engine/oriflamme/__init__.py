"""Oriflamme: the base game (3 to 5 players) and the official two-player variant."""
from .game import ORIFLAMME, OriflammeGame
from .state import State, new_game

__all__ = ["ORIFLAMME", "OriflammeGame", "State", "new_game"]
