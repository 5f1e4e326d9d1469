"""The 36 Lenormand cards as the duel sees them: numbers, houses and roles.

Cards are their numbers (1 Rider … 36 Cross), as written in example files and
in the notation. The duel uses numbers 1–20 to play and 21–36 as life; a
card's house is its parity (even: civilisation, odd: nature). The weapons and
supports are data (the card database holds the same values and a test checks
that they agree); the engine's defaults live here so that it runs with no
file at all.
"""
from __future__ import annotations

from typing import Final

CARD_COUNT: Final = 36
PLAY_CARDS: Final = tuple(range(1, 21))        # reserve, hands, draw pile, discard
LIFE_CARDS: Final = tuple(range(21, 37))       # the houses' life columns

# Houses: index 0 (even numbers), 1 (odd numbers); NO_HOUSE for the third
# player of a three-player game, who has no life and no house.
CIVILISATION: Final = 0
NATURE: Final = 1
NO_HOUSE: Final = -1
HOUSES = ("civilisation", "nature")
HOUSE_INDEX = {name: i for i, name in enumerate(HOUSES)}


def house_of(card: int) -> int:
    """The house a card belongs to: its parity (004: « les cartes paires … la
    maison de la civilisation », « impaires … la maison de la nature »)."""
    return CIVILISATION if card % 2 == 0 else NATURE


def life_cards(house: int) -> tuple[int, ...]:
    """A house's life cards, lowest first (22…36 or 21…35)."""
    return tuple(c for c in LIFE_CARDS if house_of(c) == house)


# Roles (004: « les 2 armes (10 et 11) », « les 2 soutiens 4 et 6 »; the
# example calls the 6 « une carte de soutien humain »).
WEAPONS: Final = (10, 11)
SUPPORTS: Final = (4, 6)

# Engine-side names, for error messages and logs; printed names come from the
# card database (fr and en).
NAMES = (
    "", "rider", "clover", "ship", "house", "tree", "clouds", "snake", "coffin",
    "bouquet", "scythe", "whip", "birds", "child", "fox", "bear", "stars", "stork",
    "dog", "tower", "garden", "mountain", "crossroads", "mice", "heart", "ring",
    "book", "letter", "gentleman", "lady", "lilies", "sun", "moon", "key", "fish",
    "anchor", "cross",
)
assert len(NAMES) == CARD_COUNT + 1
