"""A position as its seats know it: the cards some seat cannot see, dealt by chance.

An example, or a position a player sets up, names every card: both hands,
the order of a pile. Solved as it stands, every card is known (``herald solve
--open``). Solved as its seats know it, each seat sees only what its
information key shows, and the cards it cannot see may be any of those the
public position allows: the root of the game tree is a chance node that deals
every card some seat cannot see (the other hand, a face-down card, the order
of a pile) uniformly among the deals consistent with what is public, and each
seat then sees its own part of the deal. The value is the game's from that
public position; each seat's strategy is read at what it sees in the position
as written (its own hand there).

A game provides the deals (optional, interface 2):

    Game.hidden_deals(state, shown=()) -> iterable of (position, probability)

every way the cards hidden from some seat in ``state`` may lie, given what
is public, with its exact probability (they sum to 1). Each position is a
node of a game tree (it keeps its trail, so its seats have perfect recall,
and its further chance as chance nodes, as ``new_initial_state``'s do). The
seats of ``shown`` keep their cards as written: they are known to all (the
other seat's hand stays hidden). :func:`arrangements` deals cards into
places for a game's hook.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Hashable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from math import comb, perm
from typing import Any

from .interface import CHANCE, OVER, facts_of
from .sequence_form import (
    DEFAULT_MAX_NODES,
    HiddenSolution,
    build_deals,
    solve_form,
)

# The most decision points of the written deal ``strategy_lines`` visits.
MAX_LINES = 20_000


class NoHiddenValue(ValueError):
    """The position has no exact value with hidden cards (not two seats, a
    game that cannot deal its hidden cards): the message says why."""


def can_hide(game: Any) -> bool:
    """Whether ``game`` deals a position's hidden cards (``hidden_deals``)."""
    return callable(getattr(game, "hidden_deals", None))


def hides_cards(game: Any) -> bool:
    """Whether a position of ``game`` is solved as its seats know it by default:
    the game declares hidden information and can deal it."""
    return facts_of(game).information == "imperfect" and can_hide(game)


# ---------------------------------------------------------------- dealing
def arrangements(places: Sequence[tuple[Sequence[Hashable], bool]]
                 ) -> Iterator[tuple[tuple[tuple, ...], Fraction]]:
    """Every way the cards of ``places`` may lie in them, shuffled together
    uniformly, with its exact probability.

    ``places`` are ``(cards there now, ordered)``: a hand is not ordered (its
    cards are given sorted), a pile or a slot is (the first card of a pile is
    its top). Equal cards (two copies of a card) are one card to the deal:
    each distinct arrangement comes once, with the chance of all the
    shuffles that give it."""
    pool = Counter(c for cards, _ in places for c in cards)
    shapes = [(len(cards), ordered) for cards, ordered in places]
    yield from _arrange(pool, shapes, 0, (), Fraction(1))


def count_arrangements(places: Sequence[tuple[Sequence[Hashable], bool]]) -> int:
    """How many distinct arrangements :func:`arrangements` gives (an upper
    bound, cheaply: the number of shuffles of the cards, divided by the
    orders no hand tells apart)."""
    n = sum(len(cards) for cards, _ in places)
    total = 1
    for cards, ordered in places:
        total *= perm(n, len(cards)) if ordered else comb(n, len(cards))
        n -= len(cards)
    return total


def _arrange(pool: Counter, shapes, at: int, done: tuple, p: Fraction):
    if at == len(shapes):
        yield done, p
        return
    size, ordered = shapes[at]
    n = sum(pool.values())
    pick = _sequences if ordered else _multisets
    total = perm(n, size) if ordered else comb(n, size)
    for cards, ways in pick(pool, size):
        rest = pool.copy()
        rest.subtract(cards)
        yield from _arrange(+rest, shapes, at + 1, done + (cards,), p * Fraction(ways, total))


def _multisets(pool: Counter, size: int) -> Iterator[tuple[tuple, int]]:
    """Each sorted hand of ``size`` cards from ``pool``, with the number of
    ways to take it from the pool's (distinguishable) copies."""
    kinds = sorted(pool)

    def go(k: int, left: int, hand: tuple, ways: int):
        if left == 0:
            yield hand, ways
            return
        if k == len(kinds):
            return
        card = kinds[k]
        for take in range(min(left, pool[card]), -1, -1):
            yield from go(k + 1, left - take, hand + (card,) * take,
                          ways * comb(pool[card], take))
    yield from go(0, size, (), 1)


def _sequences(pool: Counter, size: int) -> Iterator[tuple[tuple, int]]:
    """Each ordered row of ``size`` cards from ``pool``, with its number of ways."""
    def go(left: Counter, row: tuple, ways: int):
        if len(row) == size:
            yield row, ways
            return
        for card in sorted(left):
            if left[card]:
                rest = left.copy()
                rest[card] -= 1
                yield from go(+rest, row + (card,), ways * left[card])
    yield from go(pool, (), 1)


def product(groups: Sequence[Iterable[tuple[tuple, Fraction]]]
            ) -> Iterator[tuple[tuple, Fraction]]:
    """Independent deals (one per family, say) taken together: each
    combination, its probability the product."""
    lists = [list(g) for g in groups]

    def go(k: int, done: tuple, p: Fraction):
        if k == len(lists):
            yield done, p
            return
        for deal, q in lists[k]:
            yield from go(k + 1, done + (deal,), p * q)
    yield from go(0, (), Fraction(1))


# ---------------------------------------------------------------- solving
@dataclass
class HiddenAnswer:
    """A position solved as its seats know it."""
    solution: HiddenSolution
    deals: int                                # the root's chance outcomes
    shown: tuple[int, ...]                    # seats whose cards all know
    lines: list[StrategyPoint] = field(default_factory=list)   # the written deal's


@dataclass
class StrategyPoint:
    """What a seat does where it decides in the written deal: ``after`` the
    lines of decisions (formatted, each seat's own) that lead there, all
    alike to the seat; ``first`` when the seat has not decided before."""
    seat: int
    first: bool
    after: list[list[str]]
    strategy: dict                           # decision -> probability (Fraction)
    texts: dict = field(default_factory=dict)   # decision -> its notation there

    def played(self) -> list[tuple[str, Fraction]]:
        """The decisions played with a chance above zero, in legal order, as
        (notation, probability)."""
        return [(self.texts.get(d, repr(d)), Fraction(p)) for d, p in self.strategy.items()
                if p]


def solve_position(game: Any, state: Any, *, shown: Sequence[int] = (),
                   method: str = "auto", max_nodes: int | None = DEFAULT_MAX_NODES,
                   time_limit: float | None = None, iterations: int | None = None,
                   every: bool = False) -> HiddenAnswer:
    """Solve ``state`` (left unchanged) as its seats know it; ``lines``
    holds each seat's strategy at its first decisions in the position as
    written (at every decision with ``every``). Raises NoHiddenValue when
    there is none to compute, TreeLimit past a budget."""
    if len(state.players) != 2:
        raise NoHiddenValue(
            f"the value of a position with hidden cards is computed for two players "
            f"with opposed interests; this one seats {len(state.players)}, and with more "
            f"no single value exists (players may gang up); every card known, "
            f"--open searches it")
    if not can_hide(game):
        raise NoHiddenValue(f"the game {game.name} does not say how to deal the cards its "
                            f"seats cannot see (Game.hidden_deals); --open solves it with "
                            f"every card known")
    if state.over:
        raise NoHiddenValue("the game is already over at this position")
    shown = tuple(sorted(set(shown)))
    deals = game.hidden_deals(state, shown=shown)
    import time
    began = time.perf_counter()
    form = build_deals(deals, max_nodes=max_nodes, time_limit=time_limit, started=began)
    solution = solve_form(form, method=method, time_limit=time_limit, iterations=iterations,
                          started=began)
    answer = HiddenAnswer(solution, form.roots, shown)
    answer.lines = strategy_points(game, written_deals(game, state, shown), solution,
                                   every=every)
    return answer


def written_deals(game: Any, state: Any, shown: Sequence[int] = ()) -> list:
    """The deals among ``hidden_deals`` that every seat sees as it sees the
    position as written (its own hand there; the cards no seat sees may lie
    otherwise): where the written position's seats decide."""
    written = state.copy()
    if hasattr(written, "trail"):
        written.trail = ()      # a root of the dealt tree: keys as the deals'
    seats = range(len(state.players))
    want = [written.information_key(seat) for seat in seats]
    found = [deal for deal, p in game.hidden_deals(state, shown=tuple(shown))
             if p and [deal.information_key(seat) for seat in seats] == want]
    if not found:
        raise NoHiddenValue("the position as written is not one of the deals of its "
                            "hidden cards (Game.hidden_deals)")
    return found


def strategy_points(game: Any, roots: list, solution: HiddenSolution, *,
                    every: bool = False) -> list[StrategyPoint]:
    """Each information set of either seat reached from the written deals
    ``roots``, in the order first met, with the lines that reach it; unless
    ``every``, only each seat's first decisions (a line stops once both
    seats have decided)."""
    found: dict[tuple[int, Hashable], StrategyPoint] = {}
    visited = 0
    stack: list[tuple[Any, tuple[str, ...], tuple[bool, bool]]] = [
        (root.copy(), (), (False, False)) for root in reversed(roots)]
    while stack:
        s, line, decided = stack.pop()
        visited += 1
        if visited > MAX_LINES:
            break
        while getattr(s, "halted", False) and s.mover != OVER:
            s.resume()
        mover = s.mover
        if mover == OVER:
            continue
        if mover == CHANCE:
            outcomes = [o for o, p in s.chance_outcomes() if p]
            for o in reversed(outcomes):
                child = s.copy()
                child.apply(o)
                stack.append((child, line, decided))
            continue
        legal = list(s.legal())
        now = list(decided)
        if not every and all(decided):
            continue
        if len(legal) > 1 and (every or not decided[mover]):
            key = s.information_key(mover)
            point = found.get((mover, key))
            if point is None:
                strategy = solution.strategies[mover].get(key, {})
                point = found[(mover, key)] = StrategyPoint(
                    mover, not decided[mover], [], strategy,
                    {d: _decision_text(game, s, d) for d in legal})
            if list(line) not in point.after:
                point.after.append(list(line))
        if len(legal) > 1:
            now[mover] = True
        for d in reversed(legal):
            child = s.copy()
            text = _decision_text(game, s, d)
            child.apply(d)
            stack.append((child, line + (text,) if len(legal) > 1 else line,
                          (now[0], now[1])))
    return list(found.values())


def _decision_text(game: Any, state: Any, decision: Any) -> str:
    try:
        return str(game.format_decision(state, decision))
    except Exception:       # a package's formatter that fails: its value, not a crash
        return repr(decision)
