"""Bots that play with hidden cards: information-set Monte Carlo tree search,
and a mixed strategy for simultaneous choices.

``ismcts`` (single-observer IS-MCTS, Cowling, Powley and Whitehouse 2012; the
design of OpenSpiel's ``is_mcts``): every simulation deals a new world from
what the bot's seat sees (``state.determinize(seat, rng)``: the hidden cards
dealt again, consistently with everything visible) and walks one shared tree
whose edges are decisions. At each node it picks, among the decisions legal
*in this world*, the one with the best UCB1 score, where a decision's
exploration term counts the simulations in which it was available, not the
node's (availability: a card that is in the hand of only some worlds is not
penalised for the others); it adds one node a simulation, then plays the
world to the end at random (the state's own ``play_random`` loop) and
credits every node of the path with each player's result: 1 for a win, the
share of a shared win, 0 for a loss; or, in a game that scores in payoffs
(chips, points: its facts' ``utility`` is not "win_loss" and it states a
``payoff_range``), each player's payoff mapped from that range onto [0, 1],
so the search maximises the expected payoff, not the chance of being ahead
(:func:`payoff_scale`). A chance step met in a world (a draw the rules make
mid-game) is sampled from its outcomes' probabilities, not searched. The
decision played is the root's most visited one. The bot never looks at the
state's hidden cards: it reads the state only through ``determinize``, whose
deal depends only on what the seat sees, so two positions that differ only in
hidden cards get the same decision for the same seed (tests/test_ismcts.py).

A node tries its decisions one at a time (progressive widening, below), the
most promising first: the best margin one decision ahead, or the game's own
cheaper guess (``state.promise(d)``, when it has one). A game may ask for
other playouts, through attributes of its state: ``playout = "greedy"`` (the
greedy bot's choices) stopped after ``playout_horizon`` decisions, a world cut short being
judged on ``score_scale`` by the margin of ``state.estimate()`` (each
player's score and what their position threatens), else of ``scores()``.
A game whose playouts are poor guides asks for a horizon of 0: each
simulation's new node is judged by its estimate at once (the game's state
says what was measured).

Its budget is a number of simulations a decision (deterministic for a seed;
by default the game's own, ``search_simulations`` on its state, else
DEFAULT_SIMULATIONS) or a time in seconds (not deterministic: the machine
decides how many simulations fit).

``regret`` (for games with simultaneous moves, like L'Ordre d'Asèt's combats,
where a pure choice is read by a lookahead opponent): at a simultaneous step
it deals worlds at the start of the step (``joint_start``: the cards chosen
before the bot's turn are face down, so still open), and runs regret matching
for every chooser at once: each round, every chooser draws a choice from its
current strategy, and every choice of every chooser is scored against the
others' draws by random playouts (the same playout stream for each
alternative, so their differences are not noise); regrets accumulate and the
bot plays a choice drawn from its own *average* strategy, a mixed strategy.
Elsewhere it plays as ``ismcts`` does.

Nothing here names a game.
"""
from __future__ import annotations

import math
import time
from collections.abc import Hashable, Iterator, Sequence
from typing import Any

from .evaluation import LOST, WON, margin, results, values
from .interface import CHANCE, facts_of
from .rng import Random, Stream

DEFAULT_SIMULATIONS = 48  # a game's budget when it names none (``search_simulations``)
UCT_C = 0.7                 # the exploration constant for results in [0, 1]
REGRET_ROUNDS = 24          # regret-matching rounds at a simultaneous step
SEEDS = 1 << 31

WIDEN = 1.0                # progressive widening: k decisions tried after WIDEN·k² visits
PLAYOUT_EPSILON = 0.1      # a greedy playout's share of random decisions


# What a payoff game's rewards are scaled by: the lowest payoff and the width
# of the game's payoff range, so that a reward lies in [0, 1] as UCT_C expects.
PayoffScale = tuple[float, float]


def payoff_scale(game: Any) -> PayoffScale | None:
    """``(low, width)`` of ``game``'s payoff range when its bots play for the
    payoff (its facts' ``utility`` is declared and is not "win_loss", and it
    states a range); None when they play to win (every interface 1 game, and
    the win/loss games, whose decisions stay as they were)."""
    if game is None:
        return None
    facts = facts_of(game)
    if facts.utility in (None, "win_loss") or facts.payoff_range is None:
        return None
    low, high = (float(x) for x in facts.payoff_range)
    return (low, high - low) if high > low else None


def sample_chance(state: Any, rng: Random) -> Any:
    """An outcome of the chance node ``state`` drawn with its probabilities
    (``chance_outcomes()``, exact fractions) from ``rng``."""
    return _pick(state.chance_outcomes(), rng)


def rewards(state: Any, payoff: PayoffScale | None = None) -> list[float]:
    """Each player's result in [0, 1]: 1 won alone, 1/k of a win shared by k
    sides, 0 lost; with ``payoff`` (:func:`payoff_scale`), each player's
    payoff placed in the game's payoff range (its low end 0, its high end 1).
    A game stopped before its end (a playout's horizon) is
    judged by each player's margin over the best other side, on the game's
    ``score_scale`` (a margin of one scale is worth about 0.88)."""
    if payoff is not None and state.over:
        low, width = payoff
        return [(float(x) - low) / width for x in state.payoffs()]
    res = results(state)
    n = len(res)
    if not state.over:
        scale = getattr(state, "score_scale", 0)
        if not scale:
            return [0.5] * n
        estimate = getattr(state, "estimate", None)
        scores = estimate() if estimate is not None else state.scores()
        sides = state.sides()
        return [0.5 + 0.5 * math.tanh(margin(scores, sides, p) / scale) for p in range(n)]
    sides = state.sides()
    won = {sides[p] for p in range(n) if res[p] != LOST}
    share = 1.0 / len(won) if won else 0.0
    return [1.0 if r == WON else (share if r != LOST else 0.0) for r in res]


def playout(world: Any, rng: Random) -> None:
    """Play ``world`` to the end: at random (the state's compiled loop when it
    has one), or greedily where the game says random play is no guide
    (``playout = "greedy"``: its random games rarely end)."""
    if world.halted:
        world.resume()
    if getattr(world, "playout", "random") == "greedy":
        _greedy_playout(world, rng, getattr(world, "playout_horizon", 1 << 30))
        return
    fast = getattr(world, "play_random", None)
    if fast is not None:
        fast(rng.random)
        return
    while not world.over:
        if world.mover == CHANCE:
            world.apply(sample_chance(world, rng))
            continue
        legal = world.legal()
        world.apply(legal[int(rng.random() * len(legal))])


def _most_promising(options: Sequence[Any], world: Any, rng: Random) -> Any:
    """The option with the best margin one decision ahead for the mover (ties
    at random): the order in which a node tries its decisions."""
    if len(options) == 1:
        return options[0]
    promise = getattr(world, "promise", None)
    if promise is not None:
        scores = [promise(d) for d in options]
        top = max(scores)
        tied = [d for d, m in zip(options, scores) if m == top]
        return tied[int(rng.random() * len(tied))] if len(tied) > 1 else tied[0]
    me = world.mover
    sides = world.sides()
    best: list[Any] = []
    top = None
    for d in options:
        child = world.copy()
        child.apply(d)
        m = margin(values(child), sides, me)
        if top is None or m > top:
            top, best = m, [d]
        elif m == top:
            best.append(d)
    return best[int(rng.random() * len(best))] if len(best) > 1 else best[0]


def _greedy_playout(world: Any, rng: Random, horizon: int) -> None:
    """Each decision the greedy bot's (the best margin one decision ahead, ties
    at random), the first of them at random one time in ``PLAYOUT_EPSILON``
    so that playouts from one node differ; stopped after ``horizon`` decisions."""
    while not world.over and horizon > 0:
        horizon -= 1
        if world.mover == CHANCE:
            world.apply(sample_chance(world, rng))
            continue
        legal = world.legal()
        if len(legal) > 1 and rng.random() < PLAYOUT_EPSILON:
            world.apply(legal[int(rng.random() * len(legal))])
            continue
        world.apply(_most_promising(legal, world, rng))


class _Node:
    """A node of the shared tree: its children by decision, and for the edge
    that led here, visits, availability and each player's summed results."""
    __slots__ = ("children", "visits", "avail", "total")

    def __init__(self, players: int) -> None:
        self.children: dict[Hashable, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = [0.0] * players


class Budget:
    """Simulations a decision (None: the game's own), or seconds (then not
    deterministic)."""

    def __init__(self, simulations: int | None = None,
                 seconds: float | None = None) -> None:
        if seconds is None and simulations is not None and \
                (not isinstance(simulations, int) or simulations < 1):
            raise ValueError("an IS-MCTS budget is at least 1 simulation a decision")
        if seconds is not None and seconds <= 0:
            raise ValueError("an IS-MCTS time budget is a positive number of seconds")
        self.simulations = simulations
        self.seconds = seconds

    def runs(self, state: Any) -> Iterator[int]:
        """Yield once per simulation the budget allows in ``state``."""
        if self.seconds is None:
            yield from range(simulations(state) if self.simulations is None
                             else self.simulations)
            return
        end = time.perf_counter() + self.seconds
        k = 0
        while k == 0 or time.perf_counter() < end:
            yield k
            k += 1


def simulations(state: Any) -> int:
    """The game's own budget a decision (``search_simulations``), else the default."""
    count: int = getattr(state, "search_simulations", DEFAULT_SIMULATIONS)
    return count


def search(state: Any, rng: Random, budget: Budget, c: float = UCT_C,
           payoff: PayoffScale | None = None) -> tuple[Any, dict[Any, int]]:
    """The decision IS-MCTS plays for ``state.mover`` (see the module docstring),
    and the root's visits by decision; ``payoff``: play for the payoff
    (:func:`payoff_scale`), else to win."""
    me = state.mover
    n = len(state.players)
    root = _Node(n)
    for _ in budget.runs(state):
        world = state.determinize(me, rng)
        world.halt_at_phase_end = False
        node = root
        path = [root]
        while not world.over:
            if world.mover == CHANCE:      # the table's step: drawn, not searched
                world.apply(sample_chance(world, rng))
                continue
            legal = world.legal()
            if len(legal) == 1:            # forced: no choice, no node
                world.apply(legal[0])
                continue
            mover = world.mover
            children = node.children
            tried = 0
            for d in legal:
                child = children.get(d)
                if child is not None:
                    child.avail += 1
                    tried += 1
            # progressive widening: a node tries its decisions one at a time,
            # the next when its visits reach WIDEN * tried², best first by one
            # decision's lookahead, so that a duel's fifty exchanges do not
            # eat a small budget before its few attacks are weighed
            if tried < len(legal) and (tried == 0 or node.visits >= WIDEN * tried * tried):
                d = _most_promising([d for d in legal if d not in children], world, rng)
                child = children[d] = _Node(n)
                child.avail = 1
                world.apply(d)
                path.append(child)
                break
            best, best_score = None, -1.0
            for d in legal:
                child = children.get(d)
                if child is None:
                    continue
                score = child.total[mover] / child.visits + \
                    c * math.sqrt(math.log(child.avail) / child.visits)
                if score > best_score:
                    best, best_score = d, score
            world.apply(best)
            node = children[best]
            path.append(node)
        playout(world, rng)
        gains = rewards(world, payoff)
        for visited in path:
            visited.visits += 1
            total = visited.total
            for p in range(n):
                total[p] += gains[p]
    legal = state.legal()
    visits = {d: root.children[d].visits for d in legal if d in root.children}
    best = max(legal, key=lambda d: visits.get(d, -1))    # first of the most visited
    return best, visits


def regret_strategy(state: Any, rng: Random, rounds: int = REGRET_ROUNDS,
                    payoff: PayoffScale | None = None) -> dict[Any, float] | None:
    """The bot's average strategy ``{decision: probability}`` at the simultaneous
    step ``state.mover`` is choosing in, by regret matching on sampled worlds
    (scored by payoff with ``payoff``, as :func:`search`); None when the state
    is at no such step."""
    me = state.mover
    start = getattr(state, "joint_start", None)
    if start is None or start(me, Stream(0)) is None:
        return None
    regret: dict[int, dict[Any, float]] = {}
    average: dict[Any, float] = {}
    for _ in range(rounds):
        world = start(me, rng)
        options = world.joint_legal()
        choosers = [p for p, o in enumerate(options) if o]
        current = {p: _matching(options[p], regret.get(p, {})) for p in choosers}
        draw = [None] * len(options)
        for p in choosers:
            draw[p] = _pick(current[p], rng)
        seed = int(rng.random() * SEEDS)
        for p in choosers:
            values = []
            for d in options[p]:
                world2 = world.copy()
                choices = list(draw)
                choices[p] = d
                world2.apply_joint(choices)
                playout(world2, Stream(seed))
                values.append(rewards(world2, payoff)[p])
            mean = sum(prob * v for (_, prob), v in zip(current[p], values))
            mine = regret.setdefault(p, {})
            for (d, _), v in zip(current[p], values):
                mine[d] = mine.get(d, 0.0) + v - mean
            if p == me:
                for d, prob in current[p]:
                    average[d] = average.get(d, 0.0) + prob
    total = sum(average.values())
    return {d: w / total for d, w in average.items()} if total > 0 else None


def _matching(options: Sequence[Any],
              regret: dict[Any, float]) -> list[tuple[Any, float]]:
    """Regret matching: each option in proportion to its positive regret
    (uniform when none is positive), as [(decision, probability)]."""
    positive = [max(regret.get(d, 0.0), 0.0) for d in options]
    total = sum(positive)
    if total <= 0:
        return [(d, 1.0 / len(options)) for d in options]
    return [(d, w / total) for d, w in zip(options, positive)]


def _pick(strategy: Sequence[tuple[Any, Any]], rng: Random) -> Any:
    x = rng.random()
    for d, prob in strategy:
        x -= prob
        if x < 0:
            return d
    return strategy[-1][0]
