"""@@TITLE@@ behind Herald's game interface (``herald.engine.interface.Game``):
dealing a game, reading and writing the position of a worked example, the
notation of a decision (``ann takes left``) and the expectations an example
checks. docs/game-packages.md in Herald's repository is the guide.
"""
from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

from herald.engine.interface import (
    INTERFACE_VERSION,
    DecisionError,
    GameFacts,
    NotationError,
    SpecError,
    winner_field,
)
from herald.engine.specs import known_expectations, known_keys, mapping

from .state import State

NAMES = ("ann", "bob")      # the seats of a dealt game; an example names its own
DECK = range(1, 11)         # the cards of the deck: 1 to 10 (assets/deck/cards.csv)
ROW = 6                     # cards dealt into the row
# A position's own fields in an example file (the runner's are known to Herald).
SPEC_KEYS = ("players", "row", "taken", "turn")
EXPECT_KEYS = ("row", "points", "winner")
DECISION = re.compile(r"(\S+) takes (left|right)")


class Game:
    name = "@@NAME@@"
    interface_version = INTERFACE_VERSION
    # the folder of the worked examples, the game file, the rules text and
    # the deck (Herald's generic look reads them: no drawing code needed)
    assets = str(Path(__file__).parent / "assets")
    variants = ("base",)
    player_counts = {"base": (2,)}
    score_name = "points"
    shared_win = "equal points"
    # What the game declares of itself (docs/game-packages.md, "Facts"): two
    # players; chance deals the row; every card is face up; won or lost
    # (State.payoffs); the longest game: 6 cards dealt, then one decision a
    # card of the row, and an example's row holds at most the whole deck.
    facts = GameFacts(min_players=2, max_players=2, chance=True, information="perfect",
                      utility="win_loss", payoff_range=(Fraction(0), Fraction(1)),
                      max_length=ROW + len(DECK))

    def new_game(self, players: int = 2, *, variant: str = "base", seed: int = 0,
                 options: dict | None = None, log: bool = False, config=None) -> State:
        """A dealt game: the deck shuffled from ``seed``, its first cards in the row."""
        names = self._seats(players, variant)
        deck = list(DECK)
        random.Random(seed).shuffle(deck)
        return State(deck[:ROW], names, log=log)

    def new_initial_state(self, players: int = 2, *, variant: str = "base",
                          options: dict | None = None, log: bool = False,
                          config=None) -> State:
        """The game before the deal: chance deals the row, a card a step."""
        return State((), self._seats(players, variant), log=log, deck=tuple(DECK),
                     to_deal=ROW)

    def _seats(self, players: int, variant: str) -> tuple[str, ...]:
        if variant not in self.variants:
            raise ValueError(f"{self.name} has no variant {variant!r}")
        if players not in self.player_counts[variant]:
            raise ValueError(f"{self.name} seats 2 players, not {players}")
        return NAMES[:players]

    # -- worked examples ---------------------------------------------------------------
    def from_spec(self, spec: dict, *, log: bool = True, config=None) -> State:
        """The position an example describes::

            players: [ann, bob]
            row: [3, 9, 1, 6]           # the cards left to right
            taken: {ann: [], bob: []}   # optional: the cards each has taken
            turn: ann                   # optional: who takes next (default: the first)
        """
        known_keys(spec, SPEC_KEYS)
        names = spec.get("players")
        if not isinstance(names, list) or len(names) != 2 or len(set(names)) != 2 or \
                not all(isinstance(n, str) and n and " " not in n for n in names):
            raise SpecError(["players"], "players is a list of two names, like [ann, bob]")
        row = _cards(spec.get("row"), ["row"])
        taken_field = mapping(spec, "taken")
        for who in taken_field:
            _seat(names, who, ["taken", who])
        taken = [_cards(taken_field.get(who, []), ["taken", who]) for who in names]
        every = row + [c for t in taken for c in t]
        if len(set(every)) != len(every):
            raise SpecError(["row"], "each card of the deck is in one place only")
        turn = _seat(names, spec.get("turn", names[0]), ["turn"])
        return State(row, names, taken, turn, log=log)

    def to_spec(self, state: State) -> dict:
        return {"game": self.name, "players": list(state.players), "row": list(state.row),
                "taken": {n: list(t) for n, t in zip(state.players, state.taken)},
                "turn": state.players[max(state.mover, 0)]}

    # -- notation ----------------------------------------------------------------------
    def parse_decision(self, state: State, text: str):
        match = DECISION.fullmatch(" ".join(str(text).split()))
        if match is None:
            raise NotationError(f"{text!r}: a decision is '<player> takes left' or "
                                "'<player> takes right'")
        who, end = match.group(1), match.group(2)
        if who not in state.players:
            raise NotationError(f"{text!r}: unknown player {who!r}")
        if state.over:
            raise DecisionError(f"{text!r}: the game is over, the row is empty")
        if who != state.players[state.mover]:
            raise DecisionError(f"it is {state.players[state.mover]}'s turn, not {who}'s")
        if end not in state.legal():
            raise DecisionError(f"{who} cannot take {end}: one card is left, take left")
        return end

    def format_decision(self, state: State, decision) -> str:
        return f"{state.players[state.mover]} takes {decision}"

    # -- expectations ------------------------------------------------------------------
    def check(self, state: State, expect: dict) -> list[str]:
        """Each difference between ``expect`` and the position, one sentence each."""
        known_expectations(expect, EXPECT_KEYS)
        out = []
        if "row" in expect and _cards(expect["row"], ["expect", "row"]) != list(state.row):
            out.append(f"row: expected {expect['row']}, computed {list(state.row)}")
        for who, wanted in mapping(expect, "points", ["expect"]).items():
            got = state.scores()[_seat(state.players, who, ["expect", "points", who])]
            if got != wanted:
                out.append(f"points of {who}: expected {wanted}, computed {got}")
        if "winner" in expect:
            if not state.over:
                out.append(f"winner: expected {expect['winner']}, but the game is not over")
            elif winner_field(state) != expect["winner"]:
                out.append(f"winner: expected {expect['winner']}, "
                           f"computed {winner_field(state)}")
        return out

    def outcome(self, state: State) -> dict:
        out: dict = {"points": dict(zip(state.players, state.scores()))}
        if state.over:
            out["winner"] = winner_field(state)
        return out


def _cards(value, path) -> list[int]:
    if not isinstance(value, list) or not all(
            isinstance(c, int) and not isinstance(c, bool) and c in DECK for c in value):
        raise SpecError(path, f"a list of cards, each a number from {DECK[0]} to "
                        f"{DECK[-1]}, not {value!r}")
    return list(value)


def _seat(names, who, path) -> int:
    if who not in names:
        raise SpecError(path, f"unknown player {who!r}; players: {', '.join(names)}")
    return list(names).index(who)
