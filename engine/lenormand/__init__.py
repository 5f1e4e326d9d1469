"""The Lenormand duel (004): two houses fight with a 36-card Lenormand deck;
3 and 4 players in its variant."""
from .game import LENORMAND, LenormandGame
from .state import State, new_game

__all__ = ["LENORMAND", "LenormandGame", "State", "new_game"]
