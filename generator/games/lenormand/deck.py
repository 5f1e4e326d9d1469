"""The Lenormand duel's printed deck and its options (``--plain``, ``--size``):
checked before any deck is written, and the cards."""
from __future__ import annotations

from .sizes import DEFAULT_SIZE, check_size, size_choices

# The deck options print_cards takes (``herald cards --plain --size poker``),
# each with the values the command's help lists for this deck.
CARD_OPTIONS = {"plain": "", "size": size_choices()}

def check_card_options(options) -> None:
    """The deck options' values, checked before any deck is written."""
    if "size" in options:
        check_size(options["size"])

def print_cards(db, locale, *, plain=False, size=DEFAULT_SIZE):
    """The 36 cards, then the two player-aid cards (one per house); a
    ``plain`` deck is an ordinary oracle deck: no marks, no aids."""
    from .faces import print_cards as cards
    deck = cards(db, locale, plain=plain, size=size)
    if plain:
        return deck
    from .aid import aid_cards
    return deck + aid_cards(db, locale, size=size)
