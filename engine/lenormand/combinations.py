"""The attack table: which 2 or 3 cards of a hand make a combination, and how
many life cards it takes.

004 lists the two-card attacks and says that sequences of three cards attack,
but its list of three-card combinations is lost. The table is therefore data:
the card database holds it (``duel.combinations``), the engine receives it as
a :class:`Table`, and a user who finds the lost list adds lines to the YAML.
:data:`DEFAULT_TABLE` is the database's table as shipped (a test checks that
they agree), so the engine also runs with no file.

Reading a table: the lines are tried in order and the first that matches pays
(so the weapon lines, listed before "two cards that follow each other", make
004's 11 + 12 take one life card, as its example says). Before any line, a
combination holding a support of the other house is worth nothing (004: « 0
cartes si cette carte est utilisée par l'autre maison (y compris lors des
assemblages de 3 cartes) »).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations as subsets
from typing import Any

from .cards import NO_HOUSE, SUPPORTS, WEAPONS, house_of

OWN = "own"
OTHER = "other"
ANY = "any"

Cards = tuple[int, ...]      # card numbers, sorted


@dataclass(frozen=True)
class Combination:
    """One line of the table; every condition given must hold.

    ``cards``: exactly these cards (then ``size`` is their count);
    ``size``: how many cards (2 or 3); ``run``: their numbers follow each
    other (12 13 14); ``weapon``: exactly one card is a weapon, of the
    player's house (``own``) or of the other house (``other``); ``partner``:
    ``own`` when every card but the weapon must be of the player's house.
    A player without a house (the third player) has no bonus and no malus:
    every weapon counts as ``other`` for them, and any partner will do.
    """
    id: str
    amount: int
    cards: frozenset[int] = frozenset()
    size: int = 0
    run: bool = False
    weapon: str = ""
    partner: str = ANY

    def __post_init__(self) -> None:
        if self.cards and not self.size:
            object.__setattr__(self, "size", len(self.cards))

    def matches(self, cards: Cards, house: int, weapons: Cards) -> bool:
        if len(cards) != self.size:
            return False
        if self.cards:
            return frozenset(cards) == self.cards
        if self.run and any(b != a + 1 for a, b in zip(cards, cards[1:])):
            return False
        rest = cards
        if self.weapon:
            held = [c for c in cards if c in weapons]
            if len(held) != 1:
                return False
            own = house != NO_HOUSE and house_of(held[0]) == house
            if own != (self.weapon == OWN):
                return False
            rest = tuple(c for c in cards if c != held[0])
        if self.partner == OWN and house != NO_HOUSE:
            if any(house_of(c) != house for c in rest):
                return False
        return True


@dataclass(frozen=True)
class Table:
    """The attack table and the cards with a role."""
    combinations: tuple[Combination, ...]
    weapons: Cards = WEAPONS
    supports: Cards = SUPPORTS
    sizes: tuple[int, ...] = (2, 3)
    _cache: dict[tuple[Any, ...], Any] = field(default_factory=dict, compare=False,
                                               hash=False, repr=False)

    def value(self, cards: Cards, house: int, barred: bool = True) -> tuple[str, int]:
        """``(line id, amount)`` for ``cards`` (sorted) played by ``house``;
        ``("", 0)`` when they make no combination. ``barred``: a support of the
        other house spoils any combination (rule option ``other_supports``);
        otherwise it only spoils the lines that name it."""
        key = (cards, house, barred)
        hit: tuple[str, int] | None = self._cache.get(key)
        if hit is None:
            hit = self._value(cards, house, barred)
            self._cache[key] = hit
        return hit

    def _foreign_support(self, cards: Iterable[int], house: int) -> bool:
        return house != NO_HOUSE and any(c in self.supports and house_of(c) != house
                                         for c in cards)

    def _value(self, cards: Cards, house: int, barred: bool) -> tuple[str, int]:
        if barred and self._foreign_support(cards, house):
            return ("", 0)
        for line in self.combinations:
            if line.matches(cards, house, self.weapons):
                if line.cards and self._foreign_support(line.cards, house):
                    return ("", 0)
                return (line.id, line.amount)
        return ("", 0)

    def playable(self, hand: Cards, house: int,
                 barred: bool = True) -> tuple[tuple[Cards, str, int], ...]:
        """Every ``(cards, line id, amount)`` with amount > 0 in ``hand`` (sorted),
        pairs first then triples, each in the order of the sorted hand."""
        key = (hand, house, barred, None)
        found: tuple[tuple[Cards, str, int], ...] | None = self._cache.get(key)
        if found is None:
            found = self._cache[key] = self._playable(hand, house, barred)
        return found

    def _playable(self, hand: Cards, house: int,
                  barred: bool) -> tuple[tuple[Cards, str, int], ...]:
        out = []
        for size in self.sizes:
            for cards in subsets(hand, size):
                line, amount = self.value(cards, house, barred)
                if amount > 0:
                    out.append((cards, line, amount))
        return tuple(out)


DEFAULT_TABLE = Table(combinations=(
    Combination("both_weapons", 3, cards=frozenset({10, 11})),
    Combination("both_supports", 3, cards=frozenset({4, 6})),
    Combination("own_weapon", 2, size=2, weapon=OWN, partner=OWN),
    Combination("other_weapon", 1, size=2, weapon=OTHER, partner=OWN),
    Combination("pair_in_sequence", 2, size=2, run=True),
    Combination("run_of_three", 3, size=3, run=True),
))
