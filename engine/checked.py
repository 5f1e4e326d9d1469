"""A game package's game and positions behind a guard: what Herald's commands
get from a stranger's code is checked where it enters, in this one place.

The registry (engine/games.py) hands out a package's game wrapped in
:class:`CheckedGame`; its positions are :class:`CheckedState`. Every value
Herald's own code relies on is checked as it comes back: ``key()`` hashable
and the same when asked again, ``legal()`` a list that is never empty while
the game goes on, ``mover`` a seat, ``winners()`` distinct seats,
``payoffs()`` within the declared range, ``zones()`` at most MAX_ZONES zones
of at most MAX_ZONE_CARDS cards (read lazily: a zones() that never ends is
stopped), a position where ``new_game``, ``from_spec`` or
``new_initial_state`` should give one; and a game is stopped once it runs
past its declared length (interface.length_limit), so ``herald play``,
``balance`` and ``solve`` never hang on a game that never ends. A wrong value
raises :class:`PackageFault`, whose message is the one line the command
prints (exit 2): the package, what was wrong, the package's file and line.

Herald's own games are not wrapped: their tests hold them to the same rules
(engine/conformance.py), and their speed is the benchmarks'.
"""
from __future__ import annotations

import inspect
from itertools import islice
from numbers import Real
from pathlib import Path
from typing import Any, NoReturn

from .interface import CHANCE, GameFacts, facts_of, length_limit
from .zones import Zone

MAX_ZONES = 200           # zones in one position
MAX_ZONE_CARDS = 1_000    # cards (face up and hidden) in one zone

# Methods that give a position: their result is wrapped
_STATE_RESULTS = ("copy", "determinize", "joint_start", "step_view")
# Fast loops a package may bring that would play past the guard: hidden, so
# the bots take the checked path
_HIDDEN = ("play_random", "play_random_seats")


class PackageFault(Exception):
    """A game package's code returned what the interface does not allow. The
    message is one line naming the package (``herald: error: …``, exit 2)."""

    def __init__(self, line: str):
        super().__init__(line)
        self.line = line


class CheckedGame:
    """A package's game: every attribute is the game's own; positions it
    returns are checked and wrapped, positions given to it are unwrapped."""

    def __init__(self, game: Any, label: str):
        object.__setattr__(self, "inner", game)
        object.__setattr__(self, "label", label)    # "game 'x' (package p 1.0)"

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt from its parts: the build's workers are handed verified
        # examples, which hold the game (attribute lookups would go to
        # ``inner`` before it is restored)
        return (CheckedGame, (self.inner, self.label))

    def __getattr__(self, name: str) -> Any:
        if name in ("inner", "label"):      # not set yet: nothing to pass on to
            raise AttributeError(name)
        value = getattr(self.inner, name)
        if name in ("new_game", "from_spec", "new_initial_state"):
            return self._starts(name, value)
        if callable(value) and not isinstance(value, type):
            return _unwrapping(value)
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.inner, name, value)

    def _starts(self, name: str, method: Any) -> Any:
        def start(*args: Any, **kwargs: Any) -> CheckedState:
            state = method(*args, **kwargs)
            if not all(callable(getattr(state, m, None))
                       for m in ("legal", "apply", "copy", "key", "winners")):
                self.fault(f"{name}() returned {_kind(state)}, not a position", method)
            checked = CheckedState(state, self, 0, 0)
            limit = length_limit(self.inner, state)
            object.__setattr__(checked, "_limit", limit)
            return checked
        return start

    def fault(self, what: str, where: Any = None) -> NoReturn:
        source = _source(where) if where is not None else ""
        at = f" ({source})" if source else ""
        raise PackageFault(f"{self.label}: {what}{at}; a fault in the package's code")

    @property
    def facts(self) -> GameFacts:
        return facts_of(self.inner)

    def __repr__(self) -> str:
        return f"CheckedGame({self.inner!r})"


class CheckedState:
    """A package's position; see the module docstring."""

    __slots__ = ("inner", "_game", "_steps", "_limit")

    def __init__(self, state: Any, game: CheckedGame, steps: int, limit: int):
        object.__setattr__(self, "inner", state)
        object.__setattr__(self, "_game", game)
        object.__setattr__(self, "_steps", steps)
        object.__setattr__(self, "_limit", limit)

    def __reduce__(self) -> tuple[Any, ...]:
        # rebuilt from its parts, as a CheckedGame is (its slots are set
        # through object.__setattr__, which unpickling would not do)
        return (CheckedState, (self.inner, self._game, self._steps, self._limit))

    # -- what passes through ------------------------------------------------------------
    def __getattr__(self, name: str) -> Any:
        if name in _HIDDEN:
            raise AttributeError(name)
        value = getattr(self.inner, name)
        if name in _STATE_RESULTS and callable(value):
            def wrapped(*args: Any, **kwargs: Any) -> CheckedState | None:
                got = value(*args, **kwargs)
                return None if got is None else self._wrap(got, name)
            return wrapped
        if name == "zones" and callable(value):
            return lambda: self._zones(value)
        if name == "payoffs" and callable(value):
            return lambda: self._payoffs(value)
        if name == "apply_joint" and callable(value):
            def joint(*args: Any, **kwargs: Any) -> None:
                self._step(value)
                value(*args, **kwargs)
            return joint
        return value

    def __setattr__(self, name: str, value: Any) -> None:
        setattr(self.inner, name, value)
        if callable(getattr(self.inner, "steps_left", None)):
            # a command may change the position's length (``herald play
            # --rounds``): what it may still take counts from here
            limit = self._steps + length_limit(self._game.inner, self.inner)
            object.__setattr__(self, "_limit", max(self._limit, limit))

    def _wrap(self, state: Any, name: str) -> CheckedState:
        if not callable(getattr(state, "apply", None)):
            self._game.fault(f"{name}() returned {_kind(state)}, not a position",
                             getattr(type(self.inner), name, None))
        return CheckedState(state, self._game, self._steps, self._limit)

    def _step(self, method: Any) -> None:
        steps = self._steps + 1
        if steps > self._limit:
            self._game.fault(f"the game is not over after {self._limit} steps, its declared "
                             "length (facts.max_length, or steps_left() at its start)", method)
        object.__setattr__(self, "_steps", steps)

    # -- checked ----------------------------------------------------------------------
    def copy(self) -> CheckedState:
        return self._wrap(self.inner.copy(), "copy")

    def apply(self, decision: Any) -> None:
        self._step(type(self.inner).apply)
        self.inner.apply(decision)

    def key(self) -> Any:
        key = self.inner.key()
        where = type(self.inner).key
        try:
            hash(key)
        except TypeError:
            self._game.fault(f"key() returned {_kind(key)}, which cannot be hashed", where)
        if self.inner.key() != key:
            self._game.fault("key() gave two values for one position", where)
        return key

    @property
    def mover(self) -> int:
        mover: int = self.inner.mover
        n = len(self.inner.players)
        if not isinstance(mover, int) or isinstance(mover, bool) or not CHANCE <= mover < n:
            self._game.fault(f"mover is {mover!r}, not a seat from 0 to {n - 1} "
                             "(or -1 once over)", getattr(type(self.inner), "mover", None))
        return mover

    def legal(self) -> list[Any]:
        legal: list[Any] = self.inner.legal()
        where = type(self.inner).legal
        if not isinstance(legal, (list, tuple)):
            self._game.fault(f"legal() returned {_kind(legal)}, not a list", where)
        if not legal and not self.inner.over and not getattr(self.inner, "halted", False) \
                and self.mover >= 0:
            self._game.fault("legal() is empty while the game goes on", where)
        return legal

    def winners(self) -> list[int]:
        won = self.inner.winners()
        n = len(self.inner.players)
        # the seats' types first: a set of unhashable values would raise
        if not isinstance(won, (list, tuple)) or any(
                not isinstance(p, int) or isinstance(p, bool) or not 0 <= p < n
                for p in won) or len(set(won)) != len(won):
            self._game.fault(f"winners() returned {_short(won)}, not distinct seats from 0 "
                             f"to {n - 1}", type(self.inner).winners)
        return list(won)

    def scores(self) -> tuple[Any, ...]:
        scores = self.inner.scores()
        if not isinstance(scores, (list, tuple)) or len(scores) != len(self.inner.players) \
                or not all(isinstance(x, Real) for x in scores):
            self._game.fault(f"scores() returned {_short(scores)}, not a number for each "
                             "player", type(self.inner).scores)
        return tuple(scores)

    # zones() and payoffs() are optional: a position has them when its
    # package's has them (__getattr__)
    def _payoffs(self, method: Any) -> tuple[Any, ...]:
        pay: tuple[Any, ...] = method()
        facts = facts_of(self._game.inner)
        where = type(self.inner).payoffs
        if not isinstance(pay, tuple) or len(pay) != len(self.inner.players) or \
                not all(isinstance(x, Real) for x in pay):
            self._game.fault(f"payoffs() returned {_short(pay)}, not a number for each "
                             "player", where)
        if facts.payoff_range is not None:
            low, high = facts.payoff_range
            if not all(low <= x <= high for x in pay):
                self._game.fault(f"payoffs() returned {_short(pay)}, outside the declared "
                                 f"payoff_range ({low}, {high})", where)
        return pay

    def _zones(self, method: Any) -> list[Any]:
        where = type(self.inner).zones
        try:
            zones = list(islice(iter(method()), MAX_ZONES + 1))
        except TypeError:
            self._game.fault("zones() returned no list of zones", where)
        if len(zones) > MAX_ZONES:
            self._game.fault(f"zones() lists more than {MAX_ZONES} zones", where)
        for z in zones:
            if not isinstance(z, Zone):
                self._game.fault(f"zones() listed {_short(z)}, not a Zone", where)
            cards = getattr(z, "cards", ())
            hidden = getattr(z, "hidden", 0)
            size = len(cards) if isinstance(cards, (tuple, list)) else MAX_ZONE_CARDS + 1
            if not isinstance(hidden, int) or size + hidden > MAX_ZONE_CARDS:
                self._game.fault(f"zone {getattr(z, 'id', '?')!r} of zones() holds more "
                                 f"than {MAX_ZONE_CARDS} cards", where)
        return zones

    def __repr__(self) -> str:
        return repr(self.inner)


def unwrap(value: Any) -> Any:
    """A position or game as its package made it."""
    return getattr(value, "inner", value) if isinstance(value, (CheckedState, CheckedGame)) \
        else value


def _unwrapping(method: Any) -> Any:
    """``method`` called with every checked position among its arguments
    given as the package's own."""
    def call(*args: Any, **kwargs: Any) -> Any:
        return method(*map(unwrap, args), **{k: unwrap(v) for k, v in kwargs.items()})
    return call


def _kind(value: Any) -> str:
    return "None" if value is None else f"a {type(value).__name__}"


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def definition(obj: Any) -> tuple[str, int] | None:
    """The file and first line where ``obj`` (a class, function or property)
    is defined; None where Python cannot tell."""
    obj = getattr(obj, "fget", obj)
    obj = getattr(obj, "__func__", obj)
    try:
        file = inspect.getsourcefile(obj)
        line = inspect.getsourcelines(obj)[1]
    except (TypeError, OSError):
        return None
    return (file, line) if file else None


def _source(fn: Any) -> str:
    """``file:line`` of the definition of ``fn`` (a function or property)."""
    found = definition(fn)
    return f"{Path(found[0]).name}:{found[1]}" if found else ""
