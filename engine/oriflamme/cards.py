"""Card and family identifiers of Oriflamme.

Cards are small ints so that the engine's hot loops stay cheap; the string ids
are the ones used in the card database, in example files and in the notation.
"""

FAMILIES = ("red", "blue", "green", "yellow", "purple")
FAMILY_INDEX = {name: i for i, name in enumerate(FAMILIES)}

CARDS = (
    "archer", "soldier", "spy", "heir", "shapeshifter", "lord",
    "assassination", "royal_decree", "ambush", "conspiracy",
)
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}

(ARCHER, SOLDIER, SPY, HEIR, SHAPESHIFTER, LORD,
 ASSASSINATION, ROYAL_DECREE, AMBUSH, CONSPIRACY) = range(len(CARDS))

# Personnages stay in the queue once revealed and act every round; Intrigues
# are discarded after acting.
PERSONNAGES = frozenset({ARCHER, SOLDIER, SPY, HEIR, SHAPESHIFTER, LORD})
INTRIGUES = frozenset({ASSASSINATION, ROYAL_DECREE, AMBUSH, CONSPIRACY})

KIND_PERSONNAGE = "personnage"
KIND_INTRIGUE = "intrigue"


def kind_of(card: int) -> str:
    return KIND_PERSONNAGE if card in PERSONNAGES else KIND_INTRIGUE
