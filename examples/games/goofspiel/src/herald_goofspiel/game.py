"""Goofspiel behind Herald's game interface (``herald.engine.interface.Game``):
dealing a game, reading and writing a position of a worked example, the
notation of a decision (``ann bid 3``), and the expectations an example checks.
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

from .state import Goofspiel

# The seats of a dealt game, by name. A worked example names its own players.
NAMES = ("ann", "bob", "cy")
CARDS = 13            # a suit, ace to king: each hand and the prize pile
MAX_CARDS = 20        # an example's hand: beyond this no search ends anyway
# A position's own fields in an example file (the runner's are known to Herald).
SPEC_KEYS = ("players", "hands", "prizes", "won")
EXPECT_KEYS = ("won", "winner", "hands", "prizes")
DECISION = re.compile(r"(\S+) bid (\d+)")


class GoofspielGame:
    name = "goofspiel"
    interface_version = INTERFACE_VERSION
    # No ``look`` yet: Herald's generic look (card faces from a layout file, a
    # booklet from a rules text) will draw this game once it exists. The
    # worked examples live in the package, in ``assets/examples``.
    assets = str(Path(__file__).parent / "assets")
    variants = ("base",)
    # two players with three suits of a deck of cards; three with all four
    player_counts = {"base": (2, 3)}
    score_name = "points"
    shared_win = "equal points"
    # Won or lost (Goofspiel.payoffs says why). The longest game: an example's
    # (at most MAX_CARDS tricks of five bids); a new one is shorter (13 prizes
    # shuffled, 13 tricks of three bids at most).
    facts = GameFacts(min_players=2, max_players=3, chance=True, information="imperfect",
                      utility="win_loss", payoff_range=(Fraction(0), Fraction(1)),
                      max_length=MAX_CARDS * 5)

    def new_game(self, players: int = 2, *, variant: str = "base", seed: int = 0,
                 options: dict | None = None, log: bool = False,
                 config=None) -> Goofspiel:
        """A game with every player holding ace to king (1 to 13), the prize
        suit shuffled from ``seed``."""
        if variant not in self.variants:
            raise ValueError(f"Goofspiel has no variant {variant!r}")
        if players not in self.player_counts[variant]:
            raise ValueError(f"Goofspiel seats 2 or 3 players, not {players}")
        prizes = list(range(1, CARDS + 1))
        random.Random(seed).shuffle(prizes)
        return Goofspiel([range(1, CARDS + 1)] * players, prizes, names=NAMES[:players],
                         log=log)

    def new_initial_state(self, players: int = 2, *, variant: str = "base",
                          options: dict | None = None, log: bool = False,
                          config=None) -> Goofspiel:
        """The game before the prize suit is shuffled: chance lays the prizes
        under the pile one a step (interface 2)."""
        state = self.new_game(players, variant=variant, seed=0, options=options, log=log)
        state.to_deal, state.prizes = tuple(sorted(state.prizes)), ()
        return state

    # -- worked examples ---------------------------------------------------------------
    def from_spec(self, spec: dict, *, log: bool = True, config=None) -> Goofspiel:
        """The position an example describes::

            players: [ann, bob]
            hands: {ann: [1, 2, 3], bob: [1, 2, 3]}
            prizes: [3, 1, 2]          # the prize turned up now first
            won: {ann: 0, bob: 0}      # optional: the prizes already won
        """
        known_keys(spec, SPEC_KEYS)
        names = _players(spec)
        prizes = _cards(spec.get("prizes"), ["prizes"])
        if not prizes:
            raise SpecError(["prizes"], "prizes is the list of prizes still to come, the "
                            "one turned up now first, like [3, 1, 2]")
        hands_field = mapping(spec, "hands")
        if set(hands_field) != set(names):
            raise SpecError(["hands"], f"hands gives each player's bid cards, one entry "
                            f"for each of {', '.join(names)}")
        hands = []
        for who in names:
            hand = _cards(hands_field[who], ["hands", who])
            if len(hand) != len(prizes):
                raise SpecError(["hands", who], f"{who} holds {len(hand)} cards for "
                                f"{len(prizes)} prizes: one bid for each prize")
            if len(set(hand)) != len(hand):
                raise SpecError(["hands", who], "a hand holds each card once")
            hands.append(hand)
        won_field = mapping(spec, "won")
        won = []
        for who in names:
            value = won_field.get(who, 0)
            if not isinstance(value, int) or isinstance(value, bool) or value < 0:
                raise SpecError(["won", who], f"the points {who} has won: a whole number "
                                f"≥ 0, not {value!r}")
            won.append(value)
        unknown = set(won_field) - set(names)
        if unknown:
            raise SpecError(["won", min(unknown)], f"unknown player {min(unknown)!r}")
        return Goofspiel(hands, prizes, names=names, won=won, log=log)

    def to_spec(self, state: Goofspiel) -> dict:
        names = state.players
        return {"game": self.name, "players": list(names),
                "hands": {n: list(h) for n, h in zip(names, state.hands)},
                "prizes": list(state.prizes[state.trick:]),
                "won": dict(zip(names, state.won))}

    # -- notation ----------------------------------------------------------------------
    def parse_decision(self, state: Goofspiel, text: str) -> int:
        if not str(text).strip():
            raise NotationError("empty decision; a decision is like 'ann bid 3'")
        match = DECISION.fullmatch(" ".join(str(text).split()))
        if match is None:
            raise NotationError(f"{text!r}: a decision is '<player> bid <card>', like "
                                "'ann bid 3'")
        who, card = match.group(1), int(match.group(2))
        if who not in state.players:
            raise NotationError(f"{text!r}: unknown player {who!r}; players: "
                                f"{', '.join(state.players)}")
        if state.over:
            raise DecisionError(f"{text!r}: the game is over, every prize is taken")
        mover = state.players[state.mover]
        if who != mover:
            raise DecisionError(f"it is {mover}'s bid, not {who}'s")
        if card not in state.hands[state.mover]:
            raise DecisionError(f"{who} cannot bid {card}: {who} holds "
                                f"{', '.join(map(str, state.hands[state.mover]))}")
        return card

    def format_decision(self, state: Goofspiel, decision: int) -> str:
        return f"{state.players[state.mover]} bid {decision}"

    # -- expectations ------------------------------------------------------------------
    def check(self, state: Goofspiel, expect: dict) -> list[str]:
        """Each difference between ``expect`` and the position, one sentence each."""
        known_expectations(expect, EXPECT_KEYS)
        names = state.players
        out = []
        for who, wanted in mapping(expect, "won", ["expect"]).items():
            got = state.won[_seat(names, who, ["expect", "won", who])]
            if got != wanted:
                out.append(f"points won by {who}: expected {wanted}, computed {got}")
        for who, wanted in mapping(expect, "hands", ["expect"]).items():
            got = list(state.hands[_seat(names, who, ["expect", "hands", who])])
            if sorted(_cards(wanted, ["expect", "hands", who])) != got:
                out.append(f"hand of {who}: expected {wanted}, computed {got}")
        if "prizes" in expect:
            got = list(state.prizes[state.trick:])
            if _cards(expect["prizes"], ["expect", "prizes"]) != got:
                out.append(f"prizes to come: expected {expect['prizes']}, computed {got}")
        if "winner" in expect:
            wanted = expect["winner"]
            if not state.over:
                out.append(f"winner: expected {wanted}, but the game is not over "
                           f"({len(state.prizes) - state.trick} prizes to come)")
            else:
                named = wanted if isinstance(wanted, list) else [wanted]
                for who in named:
                    _seat(names, who, ["expect", "winner"])
                got = winner_field(state)
                if sorted(named) != sorted(got if isinstance(got, list) else [got]):
                    out.append(f"winner: expected {wanted}, computed {got}")
        return out

    def outcome(self, state: Goofspiel) -> dict:
        out: dict = {"won": dict(zip(state.players, state.won))}
        if state.over:
            out["winner"] = winner_field(state)
        return out


def _players(spec: dict) -> tuple[str, ...]:
    players = spec.get("players")
    if not isinstance(players, list) or not 2 <= len(players) <= 5 or \
            not all(isinstance(p, str) and p and " " not in p for p in players):
        raise SpecError(["players"], "players is a list of 2 to 5 names, like [ann, bob]")
    if len(set(players)) != len(players):
        raise SpecError(["players"], "each player's name once")
    return tuple(players)


def _cards(value, path) -> list[int]:
    if not isinstance(value, list) or len(value) > MAX_CARDS or not all(
            isinstance(c, int) and not isinstance(c, bool) and 1 <= c <= 99 for c in value):
        raise SpecError(path, f"a list of at most {MAX_CARDS} cards, each a number from "
                        f"1 to 99, not {value!r}")
    return list(value)


def _seat(names: tuple[str, ...], who, path) -> int:
    if who not in names:
        raise SpecError(path, f"unknown player {who!r}; players: {', '.join(names)}")
    return names.index(who)
