"""Kuhn poker behind Herald's game interface, version 2
(``herald.engine.interface.Game``): its facts, the deal as chance or from a
seed, reading and writing a position of a worked example, the notation of a
decision (``ann bet``, ``bob fold``), and the expectations an example checks.
"""
from __future__ import annotations

import random
import re
from fractions import Fraction
from pathlib import Path

from herald.engine.interface import (
    CHANCE,
    INTERFACE_VERSION,
    DecisionError,
    GameFacts,
    NotationError,
    SpecError,
    winner_field,
)
from herald.engine.specs import known_expectations, known_keys, mapping

from .state import DECK, Kuhn

SPEC_KEYS = ("players", "cards", "betting")
EXPECT_KEYS = ("chips", "pot", "winner", "betting")
DECISION = re.compile(r"(\S+) (check|bet|call|fold|dealt ([JQK]))")


class KuhnGame:
    name = "kuhn"
    interface_version = INTERFACE_VERSION
    # Two players; the deal is chance; neither sees the other's card; what one
    # wins the other loses, at most 2 chips; two cards dealt and at most three
    # moves of betting.
    facts = GameFacts(min_players=2, max_players=2, chance=True, information="imperfect",
                      utility="zero_sum", payoff_range=(Fraction(-2), Fraction(2)),
                      max_length=5)
    assets = str(Path(__file__).parent / "assets")
    variants = ("base",)
    player_counts = {"base": (2,)}
    score_name = "chips"
    shared_win = "equal chips"

    def _seats(self, players: int, variant: str) -> None:
        if variant not in self.variants:
            raise ValueError(f"Kuhn poker has no variant {variant!r}")
        if players != 2:
            raise ValueError(f"Kuhn poker seats 2 players, not {players}")

    def new_initial_state(self, players: int = 2, *, variant: str = "base",
                          options: dict | None = None) -> Kuhn:
        """The hand before the deal: a chance node dealing one card at a time."""
        self._seats(players, variant)
        return Kuhn()

    def new_game(self, players: int = 2, *, variant: str = "base", seed: int = 0,
                 options: dict | None = None, log: bool = False, config=None) -> Kuhn:
        """A hand dealt from ``seed``: each player's card, the third left out."""
        self._seats(players, variant)
        return Kuhn(random.Random(seed).sample(DECK, 2), log=log)

    # -- worked examples ---------------------------------------------------------------
    def from_spec(self, spec: dict, *, log: bool = True, config=None) -> Kuhn:
        """The position an example describes::

            players: [ann, bob]        # ann acts first
            cards: {ann: K, bob: J}    # optional: a player not listed is yet to be dealt
            betting: [check]           # optional: the moves made so far
        """
        known_keys(spec, SPEC_KEYS)
        names = spec.get("players", ["ann", "bob"])
        if not isinstance(names, list) or len(names) != 2 or not all(
                isinstance(p, str) and p and " " not in p for p in names) or \
                names[0] == names[1]:
            raise SpecError(["players"], "players is a list of 2 names, like [ann, bob]")
        field = mapping(spec, "cards")
        unknown = set(field) - set(names)
        if unknown:
            raise SpecError(["cards", min(unknown)], f"unknown player {min(unknown)!r}")
        cards = []
        for who in names:
            if who not in field:
                break
            card = field[who]
            if card not in DECK or card in cards:
                raise SpecError(["cards", who], f"{who}'s card is one of J, Q, K, each "
                                f"dealt once, not {card!r}")
            cards.append(card)
        if len(cards) != len(field):
            raise SpecError(["cards"], f"cards are dealt to {names[0]} first: give "
                            f"{names[0]}'s card too")
        betting = spec.get("betting", [])
        state = Kuhn(cards, names=names, log=log)
        if not isinstance(betting, list) or len(betting) > 3:
            raise SpecError(["betting"], "betting is the list of moves made so far, like "
                            "[check, bet]")
        for k, action in enumerate(betting):
            if state.mover < 0 or action not in state.legal():
                raise SpecError(["betting", k], f"{action!r} is not a move here "
                                "(both cards are dealt before the betting)")
            state.apply(action)
        if state.log is not None:
            state.log.clear()
        return state

    def to_spec(self, state: Kuhn) -> dict:
        return {"game": self.name, "players": list(state.players),
                "cards": dict(zip(state.players, state.cards)),
                "betting": list(state.history)}

    # -- notation ----------------------------------------------------------------------
    def parse_decision(self, state: Kuhn, text: str) -> str:
        if not str(text).strip():
            raise NotationError("empty decision; a decision is like 'ann bet'")
        match = DECISION.fullmatch(" ".join(str(text).split()))
        if match is None:
            raise NotationError(f"{text!r}: a decision is '<player> check', 'bet', "
                                "'call' or 'fold', like 'ann bet'")
        who, move, card = match.group(1), match.group(2), match.group(3)
        if who not in state.players:
            raise NotationError(f"{text!r}: unknown player {who!r}; players: "
                                f"{', '.join(state.players)}")
        if state.over:
            raise DecisionError(f"{text!r}: the hand is over")
        if state.mover == CHANCE:
            dealt = state.players[len(state.cards)]
            if card is None or who != dealt:
                raise DecisionError(f"the cards are being dealt: {dealt} is dealt a card next")
            if card in state.cards:
                raise DecisionError(f"the {card} is already dealt")
            return card
        if card is not None:
            raise DecisionError("both cards are dealt already")
        mover = state.players[state.mover]
        if who != mover:
            raise DecisionError(f"it is {mover}'s turn to act, not {who}'s")
        if move not in state.legal():
            raise DecisionError(f"{who} cannot {move}: " + (
                "facing a bet, a player calls or folds" if state.facing_bet
                else "with no bet to answer, a player checks or bets"))
        return move

    def format_decision(self, state: Kuhn, decision: str) -> str:
        if state.mover == CHANCE:
            return f"{state.players[len(state.cards)]} dealt {decision}"
        return f"{state.players[state.mover]} {decision}"

    # -- expectations ------------------------------------------------------------------
    def check(self, state: Kuhn, expect: dict) -> list[str]:
        """Each difference between ``expect`` and the position, one sentence each."""
        known_expectations(expect, EXPECT_KEYS)
        names = state.players
        out = []
        chips = dict(zip(names, state.scores()))
        for who, wanted in mapping(expect, "chips", ["expect"]).items():
            if who not in names:
                raise SpecError(["expect", "chips", who], f"unknown player {who!r}; "
                                f"players: {', '.join(names)}")
            if not state.over:
                out.append(f"chips of {who}: expected {wanted}, but the hand goes on")
            elif chips[who] != wanted:
                out.append(f"chips of {who}: expected {wanted}, computed {chips[who]}")
        if "pot" in expect and sum(state.put_in()) != expect["pot"]:
            out.append(f"pot: expected {expect['pot']}, computed {sum(state.put_in())}")
        if "betting" in expect and list(expect["betting"] or []) != list(state.history):
            out.append(f"betting: expected {expect['betting']}, computed "
                       f"{list(state.history)}")
        if "winner" in expect:
            wanted = expect["winner"]
            if wanted not in names:
                raise SpecError(["expect", "winner"], f"unknown player {wanted!r}; "
                                f"players: {', '.join(names)}")
            if not state.over:
                out.append(f"winner: expected {wanted}, but the hand goes on")
            elif winner_field(state) != wanted:
                out.append(f"winner: expected {wanted}, computed {winner_field(state)}")
        return out

    def outcome(self, state: Kuhn) -> dict:
        out: dict = {"pot": sum(state.put_in()), "betting": list(state.history)}
        if state.over:
            out["chips"] = dict(zip(state.players, state.scores()))
            out["winner"] = winner_field(state)
        return out

