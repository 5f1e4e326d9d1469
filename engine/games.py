"""The registry of built-in games, by the name used in example files (``game:``)."""
from .aset import ASET
from .lenormand import LENORMAND
from .oriflamme import ORIFLAMME

GAMES = {ORIFLAMME.name: ORIFLAMME, ASET.name: ASET,
         LENORMAND.name: LENORMAND}
