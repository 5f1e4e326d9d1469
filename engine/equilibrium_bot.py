"""A bot that plays an equilibrium of a game of hidden information.

The game's whole tree, from its start before any deal (interface 2's
``Game.new_initial_state``), is solved once (engine/sequence_form.py); at
each decision the bot looks up what its seat has seen
(``state.information_key(seat)``) in its seat's strategy and draws a decision
with the probabilities found, from its own stream: it never sees a card its
seat does not. Where there is no such strategy it asks the ``fallback`` bot:
a game whose tree is larger than the node budget, of more than two players
or not zero-sum, a game without ``new_initial_state``, or a position the
solved tree does not reach (a worked example's set-up, say).

Deterministic: the budget is in nodes, not seconds (a time budget would make
a bot solve on a fast machine and fall back on a slow one), HiGHS is
deterministic, and the draws come from the bot's seeded stream. A solution
(or the reason there is none) is kept per game tree, shared by all the bots
of a process, so a balance run of thousands of games solves once: the tree
is named by its root's class and ``key()`` (which interface 2 requires to
be complete) and the budget.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .rng import Stream
from .sequence_form import HiddenSolution, TreeLimit, solve

# Nodes of the whole game tree beyond which the bot falls back: Leduc
# hold'em (about 2,000 nodes) solves in under a second; a million-node tree
# would take minutes to walk before the first decision.
DEFAULT_MAX_NODES = 200_000

# Per game tree, its solution, or the one-line reason there is none.
_SOLVED: dict[Any, HiddenSolution | str] = {}


def game_root(game: Any, variant: str | None = None,
              options: dict[str, Any] | None = None) -> Callable[[Any], Any]:
    """The start of ``game``'s tree for a position of it: its
    ``new_initial_state`` for as many players (None for a game of interface
    1, which has none)."""
    def root(state: Any) -> Any:
        make = getattr(game, "new_initial_state", None)
        if make is None or getattr(game, "interface_version", 1) < 2:
            return None
        return make(len(state.players), variant=variant or game.variants[0], options=options)
    return root


class EquilibriumBot:
    """``bot(state) -> decision``: the solved strategy's draw where there is one,
    else ``fallback(state)``."""
    name = "equilibrium"

    def __init__(self, fallback: Callable[[Any], Any], seed: int = 0, *,
                 root: Callable[[Any], Any], max_nodes: int = DEFAULT_MAX_NODES):
        self.fallback = fallback
        self.rng = Stream(seed)
        self.root = root
        self.max_nodes = max_nodes
        self.why_not = ""           # why the last decision fell back ("" if it did not)

    def __call__(self, state: Any) -> Any:
        legal = state.legal()
        if len(legal) == 1:
            return legal[0]
        strategy = self.strategy(state)
        if strategy is None:
            return self.fallback(state)
        self.why_not = ""
        x = self.rng.random()
        for d in legal:
            x -= float(strategy.get(d, 0))
            if x < 0:
                return d
        return max(legal, key=lambda d: strategy.get(d, 0))

    def strategy(self, state: Any) -> dict[Any, Any] | None:
        """The mover's equilibrium probabilities at ``state`` (None: none known,
        ``why_not`` says why)."""
        solution = self.solution(state)
        if isinstance(solution, str):
            self.why_not = solution
            return None
        seat = state.mover
        strategy = solution.strategies[seat].get(state.information_key(seat))
        if strategy is None:
            self.why_not = "the solved game never reaches what this seat has seen"
        return strategy

    def solution(self, state: Any) -> HiddenSolution | str:
        root = self.root(state)
        if root is None:
            return "the game does not give the start of its tree (interface 2)"
        name = (type(root).__module__, type(root).__qualname__, root.key(), self.max_nodes)
        if name not in _SOLVED:
            _SOLVED[name] = self._solve(root)
        return _SOLVED[name]

    def _solve(self, root: Any) -> HiddenSolution | str:
        if len(getattr(root, "players", ())) != 2:
            return "an equilibrium is solved for two players only"
        try:
            return solve(root, max_nodes=self.max_nodes)
        except (ValueError, TreeLimit) as err:     # too large, or no single value
            return str(err)
