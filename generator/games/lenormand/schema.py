"""The Lenormand duel's card database schema: the 36 cards with their names,
playing-card insets and duel roles, the two houses, and the duel's setup and
attack table (validated by :mod:`herald.generator.database`).

The attack table is data: :meth:`Database.setup_config` hands it to the engine
(``herald.engine.lenormand``), so a line added to the YAML (004's lost list of
three-card combinations, say) changes the game with no code.
"""
from __future__ import annotations

from typing import Annotated, Literal

from herald.engine.lenormand.combinations import Combination, Table
from herald.engine.lenormand.state import Config
from pydantic import Field, model_validator

from ...schema_types import Id, Locale, Localized, Located, Positive, Strict, Text

DECK_SIZE = 36
RANKS = ("6", "7", "8", "9", "10", "J", "Q", "K", "A")
SUITS = ("♥", "♦", "♠", "♣")
CardNumber = Annotated[int, Field(ge=1, le=DECK_SIZE)]


class House(Strict):
    id: Literal["civilisation", "nature"]
    parity: Literal["even", "odd"]
    name: Localized


class Card(Strict):
    number: CardNumber
    inset: Text                       # the playing card printed on it, like "9♥"
    name: Localized                   # the traditional name
    role: Literal["weapon", "support"] | None = None   # in the duel

    @property
    def rank(self) -> str:
        return self.inset[:-1]

    @property
    def suit(self) -> str:
        return self.inset[-1]


class CombinationLine(Strict):
    """One line of the attack table (see ``herald.engine.lenormand.combinations``)."""
    id: Id
    amount: Annotated[int, Field(ge=0)]
    cards: list[CardNumber] | None = None
    size: Literal[2, 3] | None = None
    run: bool = False
    weapon: Literal["own", "other"] | None = None
    partner: Literal["own", "any"] = "any"
    source: str | None = None         # the line of 004 it comes from
    name: Localized


class Duel(Strict):
    play_cards: Annotated[list[CardNumber], Field(min_length=2, max_length=2)]
    life_cards: Annotated[list[CardNumber], Field(min_length=2, max_length=2)]
    reserve: Positive
    hands: dict[int, Positive]        # players -> cards in hand
    max_turns: Positive
    combinations: Annotated[list[CombinationLine], Field(min_length=1)]


class Database(Strict):
    game: Literal["lenormand"]
    locales: Annotated[list[Locale], Field(min_length=1)]
    name: Localized
    houses: Annotated[list[House], Field(min_length=2, max_length=2)]
    cards: Annotated[list[Card], Field(min_length=DECK_SIZE, max_length=DECK_SIZE)]
    duel: Duel

    @model_validator(mode="after")
    def _check(self) -> Database:
        for key, text in (("name", self.name),):
            _locales(self.locales, text, (key,))
        if sorted(h.parity for h in self.houses) != ["even", "odd"]:
            raise Located(("houses",), "one house is even, the other odd")
        for i, h in enumerate(self.houses):
            _locales(self.locales, h.name, ("houses", i, "name"))
        insets: dict[str, int] = {}
        for i, card in enumerate(self.cards):
            if card.number != i + 1:
                raise Located(("cards", i, "number"), f"card {i + 1} expected here (cards "
                              f"are listed 1 to {DECK_SIZE}), not {card.number}")
            if card.suit not in SUITS or card.rank not in RANKS:
                raise Located(("cards", i, "inset"), f"inset {card.inset!r}: a rank "
                              f"({' '.join(RANKS)}) then a suit ({' '.join(SUITS)}), like '9♥'")
            if card.inset in insets:
                raise Located(("cards", i, "inset"), f"inset {card.inset} is already card "
                              f"{insets[card.inset]}'s")
            insets[card.inset] = card.number
            _locales(self.locales, card.name, ("cards", i, "name"))
        duel = self.duel
        low, high = duel.play_cards
        life_low, life_high = duel.life_cards
        if not (low == 1 and low < high < life_low == high + 1 and life_high == DECK_SIZE):
            raise Located(("duel", "play_cards"), "the play cards are 1 to N and the life "
                          f"cards N+1 to {DECK_SIZE}")
        for i, card in enumerate(self.cards):
            if card.role and not low <= card.number <= high:
                raise Located(("cards", i, "role"), "only a play card has a role")
        in_play = sum(1 for c in self.cards if low <= c.number <= high)
        for players, hand in duel.hands.items():
            if players not in (2, 3, 4):
                raise Located(("duel", "hands", players), "the duel seats 2 to 4 players")
            if duel.reserve + players * hand > in_play:
                raise Located(("duel", "hands", players), f"{players} hands of {hand} and "
                              f"the reserve need more than the {in_play} play cards")
        seen: set = set()
        for i, line in enumerate(duel.combinations):
            here = ("duel", "combinations", i)
            if line.id in seen:
                raise Located(here + ("id",), f"line {line.id!r} is listed twice")
            seen.add(line.id)
            _locales(self.locales, line.name, here + ("name",))
            if line.cards is None and line.size is None:
                raise Located(here, "a line gives its cards, or its size")
            if line.cards is not None:
                if line.size is not None and line.size != len(line.cards):
                    raise Located(here + ("size",), "size and the number of cards differ")
                if not 2 <= len(set(line.cards)) == len(line.cards) <= 3:
                    raise Located(here + ("cards",), "2 or 3 different cards")
                for k, c in enumerate(line.cards):
                    if not low <= c <= high:
                        raise Located(here + ("cards", k), f"card {c} is not a play card "
                                      f"({low} to {high})")
        return self

    # -- what renderers and the engine ask ------------------------------------
    def card(self, number: int) -> Card:
        return self.cards[number - 1]

    def house_of(self, number: int) -> House:
        parity = "even" if number % 2 == 0 else "odd"
        return next(h for h in self.houses if h.parity == parity)

    def role_cards(self, role: str) -> tuple[int, ...]:
        return tuple(c.number for c in self.cards if c.role == role)

    def setup_config(self) -> Config:
        """The engine's setup and attack table, from this database."""
        lines = tuple(
            Combination(line.id, line.amount,
                        cards=frozenset(line.cards or ()), size=line.size or 0,
                        run=line.run, weapon=line.weapon or "", partner=line.partner)
            for line in self.duel.combinations)
        table = Table(lines, weapons=self.role_cards("weapon"),
                      supports=self.role_cards("support"))
        return Config(hands=tuple(sorted(self.duel.hands.items())),
                      reserve=self.duel.reserve, max_turns=self.duel.max_turns,
                      table=table)


def _locales(locales, text: dict, loc: tuple) -> None:
    for lang in locales:
        if lang not in text:
            raise Located(loc + (lang,), f"missing the {lang} text")
