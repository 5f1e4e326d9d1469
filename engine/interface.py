"""The small game interface the solver, the example runner and the bots rely on.

A game module provides a :class:`Game` object; its positions are state objects
with the methods of :class:`GameState`. Nothing here knows Oriflamme, so
L'Ordre d'Asèt or the Lenormand duel plug in by providing the same two shapes.
"""
from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, Protocol

# The version of the interface below. A game declares the one it was written
# for (``interface_version``); the registry sets aside a game written for a
# version it does not know, with one line saying so, rather than failing later
# mid-command. Version 1 packages keep loading: they are given UNKNOWN_FACTS.
INTERFACE_VERSION = 2
SUPPORTED_VERSIONS = (1, 2)

# ``mover`` of a finished game, and of a chance node (the table's step: a
# shuffle, a deal, a draw), as OpenSpiel's terminal and chance player ids.
OVER = -1
CHANCE = -2


@dataclass(frozen=True)
class GameFacts:
    """What a game declares about itself, as data a tool branches on without
    calling methods to find out (OpenSpiel's GameType and GameInfo).

    ``information`` is "perfect" or "imperfect" (some seat does not see some
    card); ``utility`` is "win_loss" (payoffs 1 to the winners shared, 0 to the
    others), "zero_sum", "constant_sum" or "general"; ``payoff_range`` bounds
    every seat's payoff; ``max_length`` bounds the steps (decisions and chance
    outcomes) of one game from any start the game gives (``new_initial_state``
    and ``new_game``, every variant, player count and option; the largest of
    them when they differ), so a tool can stop a game that runs past it; a
    position that may run longer (an example that sets more rounds) gives its
    own bound, ``steps_left()`` (see ``length_limit``). ``None`` in a field:
    the game does not say (packages of interface version 1).
    """
    min_players: int
    max_players: int
    chance: bool | None
    information: str | None          # "perfect" | "imperfect"
    utility: str | None              # "win_loss" | "zero_sum" | "constant_sum" | "general"
    payoff_range: tuple[Fraction, Fraction] | None
    max_length: int | None


def facts_of(game: Any) -> GameFacts:
    """A game's facts; for a version 1 game, its player counts and nothing more."""
    facts = getattr(game, "facts", None) if getattr(game, "interface_version", 1) >= 2 else None
    if isinstance(facts, GameFacts):
        return facts
    counts = [n for seats in game.player_counts.values() for n in seats] or [2]
    return GameFacts(min(counts), max(counts), None, None, None, None, None)


# A game's steps (decisions and chance outcomes) are bounded by
# ``length_limit``: a package of interface version 1 declares no length, and
# Herald stops its games after this many steps (no game of Herald's own nor
# of its examples comes near: Oriflamme's longest bound is 2,735).
DEFAULT_MAX_LENGTH = 100_000


def length_limit(game: Any, state: Any) -> int:
    """The most steps a game may still take from ``state``: the state's own
    ``steps_left()`` when it has one (a game whose examples may set more rounds
    than its standard setup, say), else the game's ``facts.max_length``, else
    DEFAULT_MAX_LENGTH. ``herald play``, ``balance``, ``solve`` and ``check``
    stop a game of a package that runs past it."""
    own = getattr(state, "steps_left", None)
    if callable(own):
        left = own()
        if isinstance(left, int) and not isinstance(left, bool) and left >= 0:
            return left
    declared = facts_of(game).max_length
    return declared if declared is not None else DEFAULT_MAX_LENGTH


# win_loss_payoffs' answers by (seats, winners counted, which seats won):
# a solver asks at every leaf of a tree, and the answer is one of a few
# tuples (Fractions are immutable, so sharing them is safe)
_WIN_LOSS: dict[tuple[int, int, tuple[bool, ...]], tuple[Fraction, ...]] = {}


def win_loss_payoffs(state: Any) -> tuple[Fraction, ...]:
    """The payoffs of a game that is won or lost: 1 shared equally among the
    winners, 0 to the others (all 0 before the end)."""
    n = len(state.players)
    won = state.winners() if state.over else []
    mask = tuple([p in won for p in range(n)])
    known = _WIN_LOSS.get((n, len(won), mask))
    if known is not None:
        return known
    if not won:
        pay = tuple(Fraction(0) for _ in range(n))
    else:
        share = Fraction(1, len(won))
        pay = tuple(share if seated else Fraction(0) for seated in mask)
    if len(_WIN_LOSS) < 4096:       # bounded: a game of many seats keeps no more
        _WIN_LOSS[(n, len(won), mask)] = pay
    return pay


def uniform_outcomes(outcomes: Sequence[Hashable]) -> list[tuple[Hashable, Fraction]]:
    """Each of ``outcomes`` (a card drawn from a shuffled pile: distinct
    outcomes) with the same exact probability."""
    p = Fraction(1, len(outcomes)) if outcomes else Fraction(0)
    return [(o, p) for o in outcomes]


class _Canonical:
    """A fixed random stream (``random()``) for :func:`seen_key`."""
    __slots__ = ("x",)

    def __init__(self) -> None:
        self.x = 0

    def random(self) -> float:
        # a fixed sequence in [0, 1): any one serves, since it is the same
        # for every position
        self.x = (self.x * 1103515245 + 12345) % 2147483648
        return self.x / 2147483648


def seen_key(state: Any, seat: int) -> Hashable:
    """An information key for a game whose ``determinize`` deals the hidden
    cards again: the key of the position dealt from one fixed stream.
    ``determinize`` depends only on what ``seat`` sees and on the stream
    (interface above), so two positions that differ only in cards ``seat``
    cannot see give the same key, and the key names no card the seat has not
    seen: the cards in its hidden places are a fixed deal of the cards it
    could be. It holds the position as the seat sees it, not the order in
    which it saw things: ``recalled_key`` adds that."""
    return (seat, state.determinize(seat, _Canonical()).key())


# Perfect recall (the sequence-form solver needs it: a seat's key must tell
# its own earlier keys and decisions). A state of a game tree made by
# ``new_initial_state`` keeps a *trail*: a linked list of its steps, each
# ``(previous, mover, decision, observations)`` where ``observations`` is what
# each seat saw right after the step (``state.observation(seat)``: its cards,
# the public position, the face-down cards it laid; never an unseen card).
# Nodes are immutable tuples shared by copies, so a copy costs one reference.
# A position dealt from a seed (``new_game``, ``from_spec``: the bots' and
# the examples' positions) keeps none (``None``): its key is the position as
# the seat sees it, and its steps cost nothing more.
# ``mover`` of a trail step that was a simultaneous step (``apply_joint``):
# its decision is the tuple of every seat's choice, each seat knowing its own.
JOINT = -3
# One step of a trail: (previous step or None, mover, decision, what each seat saw).
Trail = tuple[Any, int, Hashable, tuple[Hashable, ...]]


def remember(state: Any, mover: int, decision: Hashable) -> Trail:
    """``state.trail`` after ``decision`` (played by ``mover``, CHANCE, or
    JOINT: a simultaneous step)."""
    seen = tuple([state.observation(seat) for seat in range(len(state.players))])
    return (state.trail, mover, decision, seen)


def recalled_key(state: Any, seat: int) -> Hashable:
    """``seat``'s information key: what it sees now, and, when the state keeps
    a trail, what it saw after every step in order with its own decisions (a
    step another seat or chance played shows only through what the seat saw
    after it). Two states with equal keys then share every earlier key and
    decision of the seat: perfect recall."""
    now: Hashable = state.observation(seat)
    trail = state.trail
    if trail is None:
        return now
    steps = []
    while trail:
        trail, mover, decision, seen = trail
        own = decision if mover == seat else \
            decision[seat] if mover == JOINT else None
        steps.append((own, seen[seat]))
    steps.reverse()
    return (now, tuple(steps))


class SpecError(ValueError):
    """A worked-example field that cannot be understood.

    ``path`` names the field inside the example (e.g. ``("queue", 2)``) so the
    loader can point at the file's line.
    """

    def __init__(self, path: Sequence[Any], message: str):
        super().__init__(message)
        self.path = tuple(path)
        self.message = message

    def where(self) -> str:
        return ".".join(str(p) for p in self.path) or "(top)"


class DecisionError(ValueError):
    """A decision written in notation that is not legal in the current state."""


class NotationError(DecisionError):
    """Text that is not a decision in the game's notation at all, in any
    position (an unknown verb, no player, a word where a number belongs).

    A worked example containing one cannot be read (exit 2), whereas a
    well-formed decision that is not legal where it is played is a failed
    example (exit 1). Games raise it from ``parse_decision``; a game that only
    raises DecisionError has every wrong decision counted as a failure.
    """


def winner_field(state: Any) -> str | list[str]:
    """The ``winner`` expectation of a finished game, as example files write
    it: the winner's name, or the list of the players who share the win."""
    won = [state.players[p] for p in state.winners()]
    return won[0] if len(won) == 1 else won


class GameState(Protocol):
    players: tuple[str, ...]
    # the player to decide; OVER (-1) when the game is over; CHANCE (-2) when
    # the next step is the table's (interface 2): ``chance_outcomes()`` lists
    # it and ``apply(outcome)`` plays it
    mover: int
    log: list[Any] | None    # the event log, when kept
    halt_at_phase_end: bool   # stop at each phase boundary until resume()
    halted: bool
    # what a won game is worth on top of the score (a lost one: as much less);
    # more than twice any score the game reaches (engine/evaluation.py)
    win_worth: int

    def resume(self) -> None: ...
    @property
    def over(self) -> bool: ...
    def legal(self) -> list[Any]: ...
    def apply(self, decision: Any) -> None: ...
    def copy(self) -> GameState: ...
    def key(self) -> Hashable: ...
    def scores(self) -> tuple[int, ...]: ...
    def horizon(self, depth: str) -> Hashable: ...
    def winners(self) -> list[int]: ...
    # each player's side: players of one side (partners) win and lose together
    def sides(self) -> tuple[int, ...]: ...
    # What ``seat`` may know: a copy in which every card that seat cannot see
    # (others' hands, face-down cards, the order of a pile, the seed of a
    # reshuffle to come) is dealt again at random from ``rng`` (anything with
    # ``random()``), consistently with all it sees: the same hidden places
    # filled, each with a card it could be. The deal depends only on what the
    # seat sees and on ``rng``, so two positions that differ only in hidden
    # cards give the same worlds for the same stream (the IS-MCTS bot searches
    # these worlds: engine/ismcts.py). The copy keeps no event log.
    def determinize(self, seat: int, rng: Any) -> GameState: ...
    # Interface 2 (a version 1 state has none of these):
    # At a chance node, every outcome with its exact probability (they sum to
    # 1); outcomes are hashable and ``apply`` takes them.
    def chance_outcomes(self) -> list[tuple[Hashable, Fraction]]: ...
    # Everything ``seat`` has seen, in order: its own cards, every public
    # event, the face-down cards it placed itself; never a card it has not
    # seen. Two states that differ only in cards ``seat`` has not seen give
    # equal keys; a state where ``seat`` decides has legal moves that depend
    # only on this key. It groups decisions into information sets.
    def information_key(self, seat: int) -> Hashable: ...
    # Each seat's payoff at the end (chips, points, a life margin; a win/loss
    # game: 1 shared among the winners, 0 to the others), within the game's
    # ``facts.payoff_range``.
    def payoffs(self) -> tuple[Fraction, ...]: ...
    # Optional (interface 2): ``steps_left() -> int``, an upper bound on the
    # steps (decisions and chance outcomes) still to come from this position,
    # for a game whose positions may run longer than ``facts.max_length``
    # (an example that sets more rounds); see ``length_limit``.
    # def steps_left(self) -> int: ...
    # Optional, read with getattr (in both versions): ``zones()``,
    # what the position puts on the table as a list of ``engine.zones.Zone``
    # (each seat's hand, rows and piles, the shared ones, the scores). A game
    # without a look of its own gets its diagrams drawn from them; without
    # them its examples are printed with narration and no diagram. A zone
    # shows what the players see: a card they may not see is counted in its
    # ``hidden`` (drawn as a back), never named. Card ids are the ``id``
    # column of the package's card list. docs/game-packages.md, "Zones".
    # def zones(self) -> list[Zone]: ...


class JointState(GameState, Protocol):
    """A position in which several players may choose at the same time.

    Games with simultaneous moves (L'Ordre d'Asèt: everyone picks a card face
    down, then all reveal) still present them to the runner and the bots one
    player at a time through ``mover``/``legal``/``apply`` (the state keeps the
    earlier choices hidden from the later choosers' bots). A solver for
    simultaneous games asks instead:

    * ``at_joint()``: whether the next decisions form one simultaneous step;
    * ``joint_legal()``: for each player index, their legal choices at that
      step (an empty list for a player who does not choose);
    * ``apply_joint(choices)``: play one choice per player (``None`` for a
      player who does not choose) as a single step;
    * ``future_key()``: ``(key, banked)``, the solver's transposition key.
      ``banked`` is each player's part of ``scores()`` that nothing to come
      can change, and ``key`` everything else that decides how the scores go
      on: two positions with equal keys, whatever is played from them, end
      with scores that differ by exactly their ``banked`` scores. So the
      solver stores a position's value less what is banked, and positions that
      differ only in points already won share one entry. ``(self.key(), (0,)
      * players)`` is always right (nothing banked); a game whose score is a
      count of things won (cards in a duel, prizes) banks them.

    A worked example lists the decisions of such a step in any order, each
    player once: the runner holds each one until its player's turn comes
    (engine/replay.py).
    """

    def at_joint(self) -> bool: ...
    def joint_legal(self) -> list[list[Any]]: ...
    def apply_joint(self, choices: Sequence[Any]) -> None: ...
    def future_key(self) -> tuple[Hashable, tuple[int, ...]]: ...
    # A determinization for ``seat`` (as ``determinize``) taken back to the
    # start of the simultaneous step ``seat`` is choosing in: choices made
    # before its turn are face down, so they are open again and ``at_joint()``
    # holds; None when ``seat`` is not choosing in such a step.
    def joint_start(self, seat: int, rng: Any) -> JointState | None: ...

    # The same step start with nothing dealt again (the bots that see every
    # card decide from it, so never from a choice made face down before
    # their turn); None when ``seat`` is not choosing in such a step.
    def step_view(self, seat: int) -> JointState | None: ...


class Game(Protocol):
    name: str
    interface_version: int   # INTERFACE_VERSION when the game was written
    # Interface 2: what the game declares of itself (GameFacts), and its start
    # before any chance: the root of the whole game tree, a chance node where
    # the game deals (``new_game`` keeps returning a position dealt from a
    # seed, as the bots and the examples play).
    facts: GameFacts
    # def new_initial_state(self, players: int, *, variant: str,
    #                       options: dict | None = None) -> GameState: ...
    variants: tuple[str, ...]
    # variant -> every player count it seats, e.g. {"base": (3, 4, 5), "duo": (2,)}
    player_counts: dict[str, tuple[int, ...]]
    # what ``scores()`` counts and when a game's win is shared, in the words of
    # `herald play`'s summary and `herald solve`'s report (e.g. "influence";
    # "equal influence and ...")
    score_name: str
    shared_win: str
    # Optional, read with getattr: ``assets`` (the folder of the game's worked
    # examples, and of its card database and catalogs when it has them;
    # default assets/<name> in Herald), ``look`` (``"package.module:Class"``,
    # the herald.generator.looks.Look subclass that draws its cards, diagrams
    # and booklet; without one, Herald's generic look draws them from the
    # assets folder), ``card_sets``,
    # ``default_players``, ``notices()``. docs/game-packages.md is the guide.

    def new_game(self, players: int, *, variant: str, seed: int,
                 options: dict[str, Any] | None = None, log: bool = False,
                 config: Any = None) -> GameState: ...
    def from_spec(self, spec: dict[str, Any], *, log: bool = True,
                  config: Any = None) -> GameState: ...
    def to_spec(self, state: GameState) -> dict[str, Any]: ...
    # ``text`` is "<player> <verb> [args]" (the player's name first, in every
    # game). Raise NotationError for text that is no decision at all, and
    # DecisionError for one the rules refuse here, its message in the game's
    # words: when the rules will not ask that player for it at this point
    # (a Renfort that cancels nothing), say so rather than whose turn it is.
    def parse_decision(self, state: GameState, text: str) -> Any: ...
    def format_decision(self, state: GameState, decision: Any) -> str: ...
    # Optional, read with getattr: ``describe_decision(state, decision,
    # locale) -> str | None``, the decision (about to be played in ``state``)
    # told as a sentence in ``locale`` for the narration of a worked example
    # by Herald's generic look; None (or no method) tells it by its notation.
    def check(self, state: GameState, expect: dict[str, Any]) -> list[str]: ...
    # the final position as expectations ``check`` reads (a recorded game's)
    def outcome(self, state: GameState) -> dict[str, Any]: ...
    # Optional, for ``herald balance``: an observer of one game from ``state``
    # (its start), told each decision before it is played (``decided(state,
    # decision)``) and asked at the end for the game's own facts
    # (``facts(state)``): ``{"seat": [tags of each seat], "game": [tags]}``,
    # tags being ids the game's kit names in the report (Oriflamme: the kinds
    # of card in each starting hand; Lenormand: the line that ended the duel).
    # def observer(self, state: GameState) -> Observer


# What the registry checks a game object has before it lists it.
GAME_ATTRIBUTES = ("name", "variants", "player_counts", "score_name", "shared_win")
GAME_METHODS = ("new_game", "from_spec", "to_spec", "parse_decision", "format_decision",
                "check", "outcome")
