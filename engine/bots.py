"""Bots: players that choose a decision for ``state.mover`` among ``state.legal()``.

A bot is a callable ``bot(state) -> decision``. It never changes ``state`` for
good (the greedy bot briefly switches the event log off while it looks ahead)
and is deterministic for a given seed: each bot owns its ``random.Random``, so
give every game (and every seat) its own bot from :func:`make_bot`.

The bots know only the generic game interface (:mod:`herald.engine.interface`):

* ``random``: uniform among the legal decisions;
* ``greedy``: one-ply lookahead; each decision is tried on a copy and scored
  by the mover's value minus the best value on another side right after it
  (the engine runs on to the next decision; values:
  :mod:`herald.engine.evaluation`, a won game above any score, partners on one
  side); the best score wins, ties go to the first in legal order, and when
  every option scores the same (every placement, for instance) it picks at
  random. At a simultaneous step where others chose before it
  (``state.step_view``), it scores each decision summed over the choices they
  could have made (every one, or :data:`GREEDY_WORLDS` drawn from a stream of
  its own), so it never reads a choice made face down before its turn, even
  in a game whose reveal follows the last choice at once (Goofspiel);
* ``solver``: a depth-limited paranoid search
  (:func:`herald.engine.solver.solve` for the mover) whose first line decision
  it plays. **It cheats**: the solver sees every hidden card (face-down cards,
  other hands, draw piles), like a double-dummy solver in bridge, except the
  choices made before its turn at a simultaneous step (Asèt's combats): it
  searches from the step's start (``state.step_view``), those choosers
  choosing first, the worst for it, and plays its own decision on that line;
* ``ismcts``: information-set Monte Carlo tree search
  (:mod:`herald.engine.ismcts`): it sees only what its seat sees, searching
  worlds dealt again from it (``state.determinize``), ``simulations`` a
  decision (by default the game's own) or ``seconds``;
* ``regret``: at a simultaneous step (L'Ordre d'Asèt's combats) a mixed
  strategy by regret matching on sampled worlds; elsewhere as ``ismcts``.

Given the game (``make_bot(..., game=game)``), ``ismcts`` and ``regret`` play
for the seat's expected payoff in a game that scores in payoffs (chips,
points: :func:`herald.engine.ismcts.payoff_scale`), and to win in the others
(the win/loss games, every game of interface 1), as without it.

A bot handed a chance node (``state.mover == CHANCE``: the table's step, which
the runner normally plays itself) draws one of its outcomes with their
probabilities from its own randomness.

A forced decision (a single legal option) is returned at once, without using
the bot's randomness. A bot's randomness is a :class:`herald.engine.rng.Stream`
(cheap to seed, unlike ``random.Random``: ``herald play`` seeds one bot per
seat and game).

:func:`play_game` hands a game played by random bots alone to the state's own
loop when it has one (``play_random_seats``, compiled with the engine): the
same draws from the same streams, the same decisions, without a Python call
per decision.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .evaluation import margin, values
from .interface import CHANCE
from .ismcts import Budget, PayoffScale, payoff_scale, regret_strategy, sample_chance, search
from .rng import Stream
from .solver import solve

BOT_NAMES = ("random", "greedy", "solver", "ismcts", "regret", "equilibrium")
DEFAULT_SOLVER_DEPTH = 3

Bot = Callable[[object], object]


class _Bot:
    """A bot with its own seeded randomness; a forced decision is played as is."""
    name = ""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Stream(seed)

    def __call__(self, state: Any) -> Any:
        if state.mover == CHANCE:
            return sample_chance(state, self.rng)
        legal = state.legal()
        if len(legal) == 1:
            return legal[0]
        return self.choose(state, legal)

    def choose(self, state: Any, legal: list[Any]) -> Any:
        raise NotImplementedError


class RandomBot(_Bot):
    """Uniform among the legal decisions."""
    name = "random"

    def choose(self, state: Any, legal: list[Any]) -> Any:
        return legal[int(self.rng.random() * len(legal))]


class GreedyBot(_Bot):
    """One-ply lookahead on the margin of values (see the module docstring)."""
    name = "greedy"

    def choose(self, state: Any, legal: list[Any]) -> Any:
        me = state.mover
        sides = state.sides()
        start = _step_start(state)
        worlds = [state] if start is None else _worlds_before(start, me)
        scores = [0] * len(legal)
        for world in worlds:
            saved = world.log
            world.log = None        # look ahead without copying the event log
            try:
                for i, d in enumerate(legal):
                    child = world.copy()
                    child.apply(d)
                    scores[i] += margin(values(child), sides, me)
            finally:
                world.log = saved
        best = max(scores)
        if min(scores) == best:
            return legal[int(self.rng.random() * len(legal))]
        return legal[scores.index(best)]


class SolverBot(_Bot):
    """Paranoid search ``depth`` decisions deep for the mover; sees all hidden cards."""
    name = "solver"

    def __init__(self, seed: int = 0, depth: int = DEFAULT_SOLVER_DEPTH) -> None:
        super().__init__(seed)   # the solver's tie-break is deterministic: rng unused
        self.depth = depth

    def choose(self, state: Any, legal: list[Any]) -> Any:
        me = state.mover
        start = _step_start(state)
        if start is None:
            result = solve(state, depth=self.depth, mode="paranoid", player=me)
            return result.line[0] if result.line else legal[0]
        # Choosing after others at a simultaneous step: their choices lie face
        # down, so the search starts before them (they choose the worst for
        # this seat, as every opponent of a paranoid search does) and the bot
        # plays its own first decision on that line, never reading theirs.
        before = _decisions_before(start, me)
        result = solve(start, depth=self.depth + before, mode="paranoid", player=me)
        world = start.copy()
        for d in result.line:
            if world.mover == me:
                return d
            world.apply(d)
        return legal[0]


class IsmctsBot(_Bot):
    """Information-set MCTS for the mover: sees only what its seat sees."""
    name = "ismcts"

    def __init__(self, seed: int = 0, budget: Budget | None = None,
                 payoff: PayoffScale | None = None) -> None:
        super().__init__(seed)
        self.budget = budget or Budget()
        self.payoff = payoff        # play for the payoff (payoff_scale), else to win

    def choose(self, state: Any, legal: list[Any]) -> Any:
        return search(state, self.rng, self.budget, payoff=self.payoff)[0]


class RegretBot(IsmctsBot):
    """A mixed strategy at simultaneous steps (regret matching), IS-MCTS elsewhere."""
    name = "regret"

    def choose(self, state: Any, legal: list[Any]) -> Any:
        strategy = regret_strategy(state, self.rng, payoff=self.payoff)
        if strategy is None:
            return super().choose(state, legal)
        x = self.rng.random()
        for d in legal:
            x -= strategy.get(d, 0.0)
            if x < 0:
                return d
        return max(legal, key=lambda d: strategy.get(d, 0.0))


def _step_start(state: Any) -> Any:
    """``state`` at the start of the simultaneous step its mover is choosing in,
    when others chose before it (their choices face down, open again); None
    elsewhere, and for the step's first chooser (nothing chosen to hide)."""
    view = getattr(state, "step_view", None)
    start = view(state.mover) if view is not None else None
    return start if start is not None and start.mover != state.mover else None


# How many worlds the greedy bot sums over at a simultaneous step when the
# choices made before its turn have more combinations than that.
GREEDY_WORLDS = 16


def _worlds_before(start: Any, me: int) -> list[Any]:
    """The positions ``me`` could be choosing in, from the step's ``start``:
    each combination of the choices the others make before its turn, every
    one when they are at most :data:`GREEDY_WORLDS`, else that many drawn
    from a stream of its own (so that the bot's own draws, and its choices
    where nothing is hidden, stay as they were)."""
    worlds: list[Any] = []

    def every(world: Any) -> bool:          # False once there are too many
        if world.mover == me or world.over:
            worlds.append(world)
            return len(worlds) <= GREEDY_WORLDS
        for d in world.legal():
            child = world.copy()
            child.apply(d)
            if not every(child):
                return False
        return True

    start = start.copy()
    start.log = None
    if every(start):
        return worlds
    rng, worlds = Stream(0), []
    for _ in range(GREEDY_WORLDS):
        world = start.copy()
        while world.mover != me and not world.over:
            options = world.legal()
            world.apply(options[int(rng.random() * len(options))])
        worlds.append(world)
    return worlds


def _decisions_before(start: Any, me: int) -> int:
    """How many decisions the others make from ``start`` before ``me`` chooses."""
    world = start.copy()
    k = 0
    while world.mover != me and not world.over:
        world.apply(world.legal()[0])
        k += 1
    return k


def make_bot(name: str, seed: int = 0, *, depth: int = DEFAULT_SOLVER_DEPTH,
             simulations: int | None = None, seconds: float | None = None,
             game: Any = None, variant: str | None = None,
             options: dict[str, Any] | None = None) -> Bot:
    """A new bot called ``name`` (see BOT_NAMES) with its own randomness.

    ``depth`` is the solver bot's horizon in decisions (forced ones count);
    ``simulations`` (or ``seconds``) the IS-MCTS bots' budget a decision, by
    default the game's own (:func:`herald.engine.ismcts.simulations`);
    ``game``, the game object: the IS-MCTS bots play for the payoff where its
    facts say it scores in payoffs (without it, to win); ``equilibrium``
    plays a solved strategy of the game's whole tree (its ``variant`` and
    ``options``) where the tree is small enough, else as ``ismcts``
    (engine/equilibrium_bot.py).
    """
    if name == "random":
        return RandomBot(seed)
    if name == "greedy":
        return GreedyBot(seed)
    if name == "solver":
        if not isinstance(depth, int) or depth < 1:
            raise ValueError("the solver bot's depth is a whole number of decisions ≥ 1")
        return SolverBot(seed, depth)
    if name in ("ismcts", "regret"):
        budget = Budget(simulations, seconds)
        return (IsmctsBot if name == "ismcts" else RegretBot)(seed, budget, payoff_scale(game))
    if name == "equilibrium":
        from .equilibrium_bot import EquilibriumBot, game_root  # the LP only when asked
        fallback = IsmctsBot(seed, Budget(simulations, seconds), payoff_scale(game))
        if game is None:
            return fallback
        return EquilibriumBot(fallback, seed, root=game_root(game, variant, options))
    raise ValueError(f"unknown bot {name!r}; bots: {', '.join(BOT_NAMES)}")


def play_game(state: Any, bots: Bot | Sequence[Bot], *, game: Any = None,
              record: list[str] | None = None) -> Any:
    """Play ``state`` to the end (in place) and return it.

    ``bots`` is one bot for every seat, or a single bot that plays all seats.
    With ``record`` (a list) and ``game`` (the game object, for its notation),
    every decision, forced ones included, is appended to ``record`` in
    notation, written before it is applied.
    """
    if callable(bots):
        seats: Sequence[Bot] = [bots] * len(state.players)
    else:
        seats = list(bots)
        if len(seats) != len(state.players):
            raise ValueError(f"{len(seats)} bots for {len(state.players)} players")
    if record is not None and game is None:
        raise ValueError("recording decisions needs the game (for its notation)")
    if record is None:
        fast = getattr(state, "play_random_seats", None)
        if fast is not None and all(type(b) is RandomBot for b in seats):
            _play_random_seats(fast, seats)
            return state
        while not state.over:
            mover = state.mover
            state.apply(seats[0 if mover == CHANCE else mover](state))
        return state
    fmt = game.format_decision
    while not state.over:
        d = seats[0 if state.mover == CHANCE else state.mover](state)
        record.append(fmt(state, d))
        state.apply(d)
    return state


def _play_random_seats(fast: Callable[[list[list[int]]], None],
                       seats: Sequence[Any]) -> None:
    """Run the state's inline loop with each seat's stream (a bot playing several
    seats shares one stream), then hand the streams' states back to the bots."""
    states: dict[int, list[int]] = {}
    streams = [states.setdefault(id(b), b.rng.state()) for b in seats]
    fast(streams)
    for b in seats:
        b.rng.set_state(states[id(b)])
