"""Card and family identifiers of Oriflamme.

Cards are small ints so that the engine's hot loops stay cheap; the string ids
are the ones used in the card database, in example files and in the notation.
"""
from typing import Final

FAMILIES = ("red", "blue", "green", "yellow", "purple")
FAMILY_INDEX = {name: i for i, name in enumerate(FAMILIES)}

CARDS = (
    # the base box
    "archer", "soldier", "spy", "heir", "shapeshifter", "lord",
    "assassination", "royal_decree", "ambush", "conspiracy",
    # the Alliance box (see alliance.py for how each text was reconstructed)
    "empress", "zealot", "informant", "diplomat", "deserter", "magistrate",
    "insurrection", "extortion", "infiltration", "trade",
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
EMPRESS: Final = 10
ZEALOT: Final = 11
INFORMANT: Final = 12
DIPLOMAT: Final = 13
DESERTER: Final = 14
MAGISTRATE: Final = 15
INSURRECTION: Final = 16
EXTORTION: Final = 17
INFILTRATION: Final = 18
TRADE: Final = 19
# Every card id below FIRST_ALLIANCE is a base card: the engine tests
# ``card >= FIRST_ALLIANCE`` once to keep the base game's paths as they were.
FIRST_ALLIANCE: Final = 10
# Card kinds in all: a card (family f, card c) is numbered f * N_CARDS + c.
N_CARDS: Final = 20
assert CARDS.index("conspiracy") == CONSPIRACY and CARDS.index("archer") == ARCHER
assert CARDS.index("empress") == EMPRESS and CARDS.index("trade") == TRADE
assert len(CARDS) == N_CARDS

# Personnages stay in the queue once revealed and act every round; the other
# cards, Intrigues, are discarded after acting.
PERSONNAGES = frozenset({ARCHER, SOLDIER, SPY, HEIR, SHAPESHIFTER, LORD,
                         EMPRESS, ZEALOT, INFORMANT, DIPLOMAT, DESERTER, MAGISTRATE})

KIND_PERSONNAGE = "personnage"
KIND_INTRIGUE = "intrigue"


def kind_of(card: int) -> str:
    return KIND_PERSONNAGE if card in PERSONNAGES else KIND_INTRIGUE
