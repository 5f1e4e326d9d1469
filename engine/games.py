"""The registry of built-in games, by the name used in example files (``game:``)."""
from .oriflamme import ORIFLAMME

GAMES = {ORIFLAMME.name: ORIFLAMME}
