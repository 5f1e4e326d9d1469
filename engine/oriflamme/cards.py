"""Card and family identifiers of Oriflamme.

Cards are small ints so that the engine's hot loops stay cheap; the string ids
are the ones used in the card database, in example files and in the notation.
"""
from typing import Final

FAMILIES = ("red", "blue", "green", "yellow", "purple")
FAMILY_INDEX = {name: i for i, name in enumerate(FAMILIES)}

CARDS = (
    "archer", "soldier", "spy", "heir", "shapeshifter", "lord",
    "assassination", "royal_decree", "ambush", "conspiracy",
)
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}

# Final: the compiled engine inlines them (see setup.py).
ARCHER: Final = 0
SOLDIER: Final = 1
SPY: Final = 2
HEIR: Final = 3
SHAPESHIFTER: Final = 4
LORD: Final = 5
ASSASSINATION: Final = 6
ROYAL_DECREE: Final = 7
AMBUSH: Final = 8
CONSPIRACY: Final = 9
assert CARDS.index("conspiracy") == CONSPIRACY and CARDS.index("archer") == ARCHER

# Personnages stay in the queue once revealed and act every round; the other
# cards, Intrigues, are discarded after acting.
PERSONNAGES = frozenset({ARCHER, SOLDIER, SPY, HEIR, SHAPESHIFTER, LORD})

KIND_PERSONNAGE = "personnage"
KIND_INTRIGUE = "intrigue"


def kind_of(card: int) -> str:
    return KIND_PERSONNAGE if card in PERSONNAGES else KIND_INTRIGUE
