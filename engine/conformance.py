"""The conformance check: what Herald's tools rely on a game for, tried on
random games (as OpenSpiel's random simulation test does).

``check_game(game)`` plays random games from each start the game gives
(``new_game`` for a few seeds, ``new_initial_state`` for a game of interface
2) and from each worked example given, and returns one line per rule broken
(an empty list: the game conforms). A package's own tests call it; ``herald
check GAME`` prints it. Pure: no file is read, nothing printed.

Each line names the rule, what was seen, the package's file and line at
fault (the method's definition, or the frame of the package where an
exception was raised) and the start that shows it. Only the first case of
each rule is reported: the rest usually follow from it.

The rules (docs/game-packages.md, "The conformance check"):

- ``start``: ``new_game`` (and ``new_initial_state``) give a position;
- ``facts``: a game of interface 2 declares GameFacts that make sense;
- ``key hashable``, ``key deterministic``: ``key()`` is hashable and the same
  for the same position, asked twice or of a copy;
- ``key complete``: positions with equal keys have equal legal moves, mover,
  scores and end, and lead to equal keys after the same move;
- ``copy independent``: playing on a copy leaves the original as it was;
- ``spec round trip``: ``from_spec(to_spec(s))`` has the key of ``s``, at
  each start (the positions ``herald play --record`` writes);
- ``legal moves``: never empty before the end;
- ``ends``: every game ends within its length (interface.length_limit);
- ``chance``: outcomes are listed, hashable, with Fraction probabilities
  above 0 that sum to 1;
- ``information key``: hashable; unchanged in a position ``determinize``
  deals again for that seat (only cards it cannot see differ); the legal
  moves of a seat to decide are the same there;
- ``perfect recall``: two positions where a seat decides with equal
  information keys follow the same earlier (key, decision) pairs of that
  seat, within the random games from ``new_initial_state`` (the game tree
  the sequence-form solver walks; a position dealt from a seed or read from
  an example has no past to recall);
- ``payoffs``: one per seat, exact, within ``facts.payoff_range`` (a win/loss
  game: 1 shared among the winners);
- ``winners``: a list of distinct seat indexes;
- ``raises``: a method of the game raised an exception.
"""
from __future__ import annotations

import random
import sys
from collections.abc import Callable, Hashable, Iterable
from fractions import Fraction
from functools import partial
from numbers import Rational
from pathlib import Path
from typing import Any

from .checked import definition
from .interface import (
    CHANCE,
    DEFAULT_MAX_LENGTH,
    GameFacts,
    SpecError,
    length_limit,
    win_loss_payoffs,
)
from .rng import Stream

UTILITIES = ("win_loss", "zero_sum", "constant_sum", "general")
INFORMATION = ("perfect", "imperfect")
# The conformance check's own cap on a game's steps when the game declares no
# length (interface 1): enough for any game a person plays at a table.
UNDECLARED_LENGTH = 10_000


class _Stop(Exception):
    """A playout cannot go on (its failure is recorded)."""


def check_game(game: Any, *, examples: Iterable[tuple[str, dict[str, Any]]] = (), seeds: int = 3,
               playouts: int = 3, config: Any = None) -> list[str]:
    """One line per rule ``game`` breaks in random games: ``seeds`` games of
    ``new_game`` for each variant and player count, ``playouts`` random games
    from ``new_initial_state`` and from each example, ``(label, spec)``, read
    with ``from_spec`` (``config``: the setup it is given)."""
    return _Checker(game, config).run(list(examples), seeds, playouts)


class _Checker:
    def __init__(self, game: Any, config: Any) -> None:
        self.game = game
        self.config = config
        self.version = getattr(game, "interface_version", 1)
        self.failures: dict[str, str] = {}
        self.root = _package_root(type(game))

    # -- reporting ------------------------------------------------------------------
    def fail(self, rule: str, detail: str, shown: str, where: str = "") -> None:
        if rule not in self.failures:
            at = f" ({where})" if where else ""
            self.failures[rule] = f"{rule}: {detail}{at}; shown by {shown}"

    def source(self, obj: Any, name: str) -> str:
        """The package file and line where ``obj``'s method ``name`` is defined."""
        found = definition(getattr(type(obj), name, None))
        return f"{self.display(found[0])}:{found[1]}" if found else ""

    def display(self, file: str | None) -> str:
        if not file:
            return "?"
        path = Path(file).resolve()
        if self.root is not None and path.is_relative_to(self.root.parent):
            return str(path.relative_to(self.root.parent))
        return path.name

    def raised(self, exc: BaseException, what: str, shown: str) -> None:
        frames = []
        tb = exc.__traceback__
        while tb is not None:
            frames.append((tb.tb_frame.f_code.co_filename, tb.tb_lineno))
            tb = tb.tb_next
        inside = [f for f in frames if self.root is not None
                  and Path(f[0]).resolve().is_relative_to(self.root)]
        file, line = (inside or frames or [("?", 0)])[-1]
        first = (str(exc).splitlines() or [""])[0]
        self.fail("raises", f"{what} raised {type(exc).__name__}: {first}", shown,
                  f"{self.display(file)}:{line}")

    def call(self, what: str, fn: Callable[..., Any], shown: str, *args: Any) -> Any:
        try:
            return fn(*args)
        except _Stop:
            raise
        except Exception as exc:   # a package's fault, reported as one line
            self.raised(exc, what, shown)
            raise _Stop() from None

    # -- the run ------------------------------------------------------------------------
    def run(self, examples: list[tuple[str, dict[str, Any]]], seeds: int,
            playouts: int) -> list[str]:
        facts = self.check_facts()
        for variant in list(getattr(self.game, "variants", ()) or ()):
            for n in self.game.player_counts.get(variant, ()):
                for seed in range(seeds):
                    shown = f"new_game(players={n}, variant={variant}, seed={seed})"
                    self.start(shown, "new_game", partial(self.game.new_game, n,
                                                          variant=variant, seed=seed),
                               1, roundtrip=True)
                if self.version >= 2 and callable(getattr(self.game, "new_initial_state",
                                                          None)):
                    shown = f"new_initial_state(players={n}, variant={variant})"
                    self.start(shown, "new_initial_state",
                               partial(self.game.new_initial_state, n, variant=variant),
                               playouts, roundtrip=False,
                               declared=facts.max_length if facts else None)
        for label, spec in examples:
            self.start(f"example {label}", "from_spec",
                       partial(self.game.from_spec, spec, log=False, config=self.config),
                       playouts, roundtrip=True)
        return list(self.failures.values())

    def check_facts(self) -> GameFacts | None:
        if self.version < 2:
            return None
        facts = getattr(self.game, "facts", None)
        where = _class_source(type(self.game), self.display)
        shown = "the game's facts"
        if not isinstance(facts, GameFacts):
            self.fail("facts", f"facts is {type(facts).__name__}, not GameFacts", shown, where)
            return None
        counts = [n for seats in self.game.player_counts.values() for n in seats]
        problems = []
        if counts and not facts.min_players <= min(counts) <= max(counts) <= facts.max_players:
            problems.append(f"players {facts.min_players} to {facts.max_players} leave out "
                            f"player counts {sorted(set(counts))}")
        if not isinstance(facts.chance, bool):
            problems.append(f"chance is {facts.chance!r}, not True or False")
        if facts.information not in INFORMATION:
            problems.append(f"information is {facts.information!r}, not one of "
                            f"{', '.join(INFORMATION)}")
        if facts.utility not in UTILITIES:
            problems.append(f"utility is {facts.utility!r}, not one of {', '.join(UTILITIES)}")
        low_high = facts.payoff_range
        if not (isinstance(low_high, tuple) and len(low_high) == 2
                and all(isinstance(x, Rational) for x in low_high) and low_high[0] <= low_high[1]):
            problems.append(f"payoff_range is {low_high!r}, not (low, high) in exact numbers")
        if not (isinstance(facts.max_length, int) and not isinstance(facts.max_length, bool)
                and facts.max_length > 0):
            problems.append(f"max_length is {facts.max_length!r}, not a whole number above 0")
        if problems:
            self.fail("facts", "; ".join(problems), shown, where)
            return None
        return facts

    def start(self, shown: str, method: str, make: Callable[[], Any], playouts: int, *,
              roundtrip: bool, declared: int | None = None) -> None:
        """Random games from the position ``make`` (the game's ``method``) gives."""
        try:
            first = self.call(method + "()", make, shown)
        except _Stop:
            return
        except SpecError as e:
            self.fail("start", f"the example cannot be read: {e.where()}: {e.message}", shown)
            return
        if not all(callable(getattr(first, m, None)) for m in ("legal", "apply", "copy", "key")):
            self.fail("start", f"{method}() returned {_kind(first)}, not a position", shown,
                      self.source(self.game, method))
            return
        try:
            limit = length_limit(self.game, first)
        except Exception as exc:   # steps_left() raised
            self.raised(exc, "steps_left()", shown)
            return
        if declared is not None and limit > declared:
            self.fail("ends", f"steps_left() at the start is {limit}, more than the declared "
                      f"max_length {declared}", shown, self.source(first, "steps_left"))
        if self.version < 2 and getattr(first, "steps_left", None) is None:
            limit = min(limit, UNDECLARED_LENGTH) if limit == DEFAULT_MAX_LENGTH else limit
        if roundtrip:
            try:
                self.roundtrip(first, shown)
            except _Stop:
                pass
        table: dict[Hashable, tuple[Any, ...]] = {}
        children: dict[tuple[Any, ...], Hashable] = {}
        # perfect recall is asked of the game tree only (new_initial_state)
        recall: dict[Hashable, tuple[Any, ...]] | None = \
            {} if method == "new_initial_state" else None
        for k in range(playouts):
            try:
                self.playout(first.copy(), random.Random(f"{shown}/{k}"), limit,
                             f"{shown}, random game {k + 1}", table, children, recall)
            except _Stop:
                pass
            if len(self.failures) > 20:
                return

    def roundtrip(self, state: Any, shown: str) -> None:
        # a deal (chance) and a finished game are no positions an example
        # starts from; every other start must read back as itself
        if getattr(state, "mover", None) == CHANCE or self.call("over", lambda: state.over,
                                                                 shown):
            return
        spec = self.call("to_spec()", lambda: self.game.to_spec(state), shown)
        again = self.call("from_spec(to_spec())", lambda: self.game.from_spec(
            spec, log=False, config=self.config), shown)
        before = self.stable_key(state, shown)
        after = self.key(again, shown)
        if before != after:
            self.fail("spec round trip", "from_spec(to_spec(position)) gives another key: "
                      "to_spec leaves out part of the position or from_spec reads it "
                      "otherwise", shown, self.source(self.game, "to_spec"))

    def key(self, state: Any, shown: str) -> Hashable:
        key: Hashable = self.call("key()", state.key, shown)
        try:
            hash(key)
        except TypeError:
            self.fail("key hashable", f"key() returned {_kind(key)}, which cannot be "
                      "hashed (use tuples, not lists)", shown, self.source(state, "key"))
            raise _Stop() from None
        return key

    def stable_key(self, state: Any, shown: str) -> Hashable:
        key = self.key(state, shown)
        if self.key(state, shown) != key or \
                self.key(self.call("copy()", state.copy, shown), shown) != key:
            self.fail("key deterministic", "key() gave two values for one position "
                      "(asked again, or of a copy)", shown, self.source(state, "key"))
            raise _Stop()
        return key

    # -- one random game ---------------------------------------------------------------
    def playout(self, s: Any, rng: random.Random, limit: int, shown: str,
                table: dict[Hashable, tuple[Any, ...]],
                children: dict[tuple[Any, ...], Hashable],
                recall: dict[Hashable, tuple[Any, ...]] | None) -> None:
        n = len(s.players)
        v2 = self.version >= 2
        # each seat's (information key, decision) pairs so far in this game
        past: list[list[tuple[Any, ...]]] = [[] for _ in range(n)]
        for step in range(limit + 1):
            at = f"{shown}, step {step}"
            key = self.stable_key(s, at)
            mover = self.call("mover", lambda: s.mover, at)
            over = bool(self.call("over", lambda: s.over, at))
            if getattr(s, "halted", False) and not over:
                self.call("resume()", s.resume, at)
                continue
            legal = [] if over or mover == CHANCE else list(self.call("legal()", s.legal, at))
            scores = self.call("scores()", s.scores, at)
            end = self.end(s, at, n, v2) if over else None
            sign = (mover, over, legal, tuple(scores), end)
            seen = table.setdefault(key, sign)
            if seen != sign:
                self.fail("key complete", "two positions with equal keys differ in "
                          + _difference(seen, sign) + ": key() leaves out part of the position",
                          at, self.source(s, "key"))
                raise _Stop()
            if over:
                return
            if step == limit:
                self.fail("ends", f"the game is not over after {limit} steps, its declared "
                          "length (facts.max_length, or steps_left() at the start)", shown,
                          self.source(s, "apply"))
                raise _Stop()
            if mover == CHANCE:
                move = self.chance(s, at, rng)
            else:
                if not isinstance(mover, int) or isinstance(mover, bool) or \
                        not 0 <= mover < n:
                    self.fail("legal moves", f"mover is {mover!r} while the game goes on, "
                              f"not a seat from 0 to {n - 1}", at, self.source(s, "mover"))
                    raise _Stop()
                if not legal:
                    self.fail("legal moves", "legal() is empty while the game goes on "
                              "(over is False)", at, self.source(s, "legal"))
                    raise _Stop()
                move = legal[rng.randrange(len(legal))]
            if v2:
                self.information(s, at, n, mover, legal, step)
                if mover != CHANCE and recall is not None:
                    self.recall(s, at, mover, move, past[mover], recall)
            other = self.call("copy()", s.copy, at)
            self.call("apply()", other.apply, at, move)
            if self.key(s, at) != key:
                self.fail("copy independent", "playing on a copy changed the position it "
                          "was copied from", at, self.source(s, "copy"))
                raise _Stop()
            self.call("apply()", s.apply, at, move)
            after = self.key(s, at)
            if self.key(other, at) != after:
                self.fail("key deterministic", "the same move from one position gave two "
                          "keys (apply depends on something else)", at, self.source(s, "apply"))
                raise _Stop()
            try:
                edge = (key, move)
                hash(edge)
            except TypeError:
                continue
            known = children.setdefault(edge, after)
            if known != after:
                self.fail("key complete", "two positions with equal keys lead to different "
                          "keys after the same move: key() leaves out part of the position",
                          at, self.source(s, "key"))
                raise _Stop()

    def chance(self, s: Any, at: str, rng: random.Random) -> Any:
        if self.version < 2 or not callable(getattr(s, "chance_outcomes", None)):
            self.fail("chance", "mover is CHANCE but the state has no chance_outcomes()", at,
                      self.source(s, "mover"))
            raise _Stop()
        facts = getattr(self.game, "facts", None)
        if isinstance(facts, GameFacts) and facts.chance is False:
            self.fail("facts", "a chance node in a game whose facts say chance=False", at,
                      _class_source(type(self.game), self.display))
        outcomes = list(self.call("chance_outcomes()", s.chance_outcomes, at))
        where = self.source(s, "chance_outcomes")
        if not outcomes:
            self.fail("chance", "chance_outcomes() is empty at a chance node", at, where)
            raise _Stop()
        bad = [p for _, p in outcomes if not isinstance(p, Fraction) or p <= 0]
        if bad:
            self.fail("chance", f"probability {bad[0]!r} is not a Fraction above 0", at, where)
            raise _Stop()
        total = sum(p for _, p in outcomes)
        if total != 1:
            self.fail("chance", f"the probabilities sum to {total}, not 1", at, where)
            raise _Stop()
        try:
            hash(tuple(o for o, _ in outcomes))
        except TypeError:
            self.fail("chance", "an outcome cannot be hashed", at, where)
        return outcomes[rng.randrange(len(outcomes))][0]

    def information(self, s: Any, at: str, n: int, mover: int, legal: list[Any], step: int) -> None:
        for seat in range(n):
            if seat != mover and step % 4:
                continue            # every seat now and then; the seat to decide always
            where = self.source(s, "information_key")
            key = self.call("information_key()", s.information_key, at, seat)
            try:
                hash(key)
            except TypeError:
                self.fail("information key", f"information_key({seat}) returned "
                          f"{_kind(key)}, which cannot be hashed", at, where)
                raise _Stop() from None
            world = self.call("determinize()", s.determinize, at, seat, Stream(step))
            again = self.call("information_key()", world.information_key, at, seat)
            if again != key:
                self.fail("information key", f"information_key({seat}) changed when only "
                          f"cards seat {seat} cannot see were dealt again (determinize): it "
                          "holds a card that seat has not seen", at, where)
                raise _Stop()
            if seat == mover:
                there = list(self.call("legal()", world.legal, at))
                if there != legal:
                    self.fail("information key", f"seat {seat}'s legal moves change with "
                              "cards it cannot see (determinize)", at, self.source(s, "legal"))
                    raise _Stop()

    def recall(self, s: Any, at: str, seat: int, move: Any, past: list[Any],
               known: dict[Any, Any]) -> None:
        """Perfect recall: the seat's key tells its earlier keys and decisions."""
        key = self.call("information_key()", s.information_key, at, seat)
        before = tuple(past)
        past.append((key, move))
        try:
            seen = known.setdefault(key, before)
        except TypeError:
            return          # an unhashable key is reported by ``information``
        if seen != before:
            self.fail("perfect recall", f"seat {seat} decides with one information key "
                      "after two different sequences of its own earlier keys and decisions: "
                      "information_key() forgets what the seat saw or did before", at,
                      self.source(s, "information_key"))
            raise _Stop()

    def end(self, s: Any, at: str, n: int, v2: bool) -> tuple[Any, ...]:
        won = self.call("winners()", s.winners, at)
        if not isinstance(won, (list, tuple)) or any(
                not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < n for p in won) \
                or len(set(won)) != len(won):
            self.fail("winners", f"winners() returned {won!r}, not distinct seats from 0 to "
                      f"{n - 1}", at, self.source(s, "winners"))
            raise _Stop()
        if not v2:
            return (tuple(won),)
        pay = self.call("payoffs()", s.payoffs, at)
        where = self.source(s, "payoffs")
        facts = getattr(self.game, "facts", None)
        if not isinstance(pay, tuple) or len(pay) != n or \
                not all(isinstance(x, Rational) for x in pay):
            self.fail("payoffs", f"payoffs() returned {pay!r}, not a tuple of {n} exact "
                      "numbers (int or Fraction)", at, where)
            raise _Stop()
        if isinstance(facts, GameFacts) and facts.payoff_range is not None:
            low, high = facts.payoff_range
            out = [x for x in pay if not low <= x <= high]
            if out:
                self.fail("payoffs", f"payoff {out[0]} is outside payoff_range "
                          f"({low}, {high})", at, where)
            if facts.utility == "win_loss" and pay != win_loss_payoffs(s):
                self.fail("payoffs", f"payoffs() {tuple(map(str, pay))} of a win/loss game "
                          "are not 1 shared among the winners", at, where)
            if facts.utility == "zero_sum" and sum(pay) != 0:
                self.fail("payoffs", f"payoffs of a zero-sum game sum to {sum(pay)}", at, where)
        return (tuple(won), pay)


def _difference(a: tuple[Any, ...], b: tuple[Any, ...]) -> str:
    names = ("the player to move", "being over", "the legal moves", "the scores", "the end")
    return next(f"{name} ({x!r} and {y!r})"[:200] for name, x, y in zip(names, a, b) if x != y)


def _kind(value: Any) -> str:
    if value is None:
        return "None"
    return f"a {type(value).__name__}"


def _package_root(cls: type) -> Path | None:
    """The folder of the top-level package ``cls`` is defined in."""
    top = sys.modules.get(cls.__module__.partition(".")[0])
    where = getattr(top, "__file__", None)
    if not where:
        return None
    path = Path(where).resolve()
    return path.parent if path.name == "__init__.py" else path


def _class_source(cls: type, display: Callable[[str], str]) -> str:
    found = definition(cls)
    return f"{display(found[0])}:{found[1]}" if found else ""


__all__ = ["check_game"]
