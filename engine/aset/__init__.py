"""L'Ordre d'Asèt: 2 to 5 players, trick taking under an Order of strength that
decrees keep changing (rules source 003)."""
from .game import ASET, AsetGame
from .state import State, new_game

__all__ = ["ASET", "AsetGame", "State", "new_game"]
