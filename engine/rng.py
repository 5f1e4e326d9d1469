"""The bots' random streams: seeded cheaply, deterministic everywhere.

``random.Random(seed)`` fills a 624-word Mersenne Twister state for every
seed, which costs more than a whole simulated game of Oriflamme; ``herald
play`` seeds one bot per seat and game. A bot draws from a :class:`Stream`
instead: L'Ecuyer's combined linear congruential generator (1988; period
about 2.3·10¹⁸), whose two small states are derived from the seed by a
SplitMix64 finalizer, so that neighbouring seeds (seat seeds are consecutive
integers) give unrelated streams. Only Python integers and one float product
per draw: the same seed gives the same draws on every platform.

The compiled engine may replay a stream inline (Oriflamme's
``State.play_random_seats``): it copies the constants below and is tested to
draw exactly what :meth:`Stream.random` draws.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Protocol, TypeVar

T = TypeVar("T")


class Random(Protocol):
    """Anything a draw is taken from: a :class:`Stream`, a ``random.Random``."""

    def random(self) -> float: ...


M1 = 2147483563
A1 = 40014
M2 = 2147483399
A2 = 40692
SCALE = 1.0 / M1
_MASK64 = (1 << 64) - 1


def _mix(x: int) -> int:
    """SplitMix64's finalizer of ``x`` (any integer): a well-spread 64-bit value."""
    z = (x + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class Stream:
    """Uniform floats in (0, 1) from a seed: ``Stream(7).random()``."""
    __slots__ = ("s1", "s2")

    def __init__(self, seed: int = 0):
        z = _mix(int(seed))
        self.s1 = z % (M1 - 1) + 1          # each state in [1, M - 1]
        self.s2 = (z >> 32) % (M2 - 1) + 1

    def random(self) -> float:
        s1 = self.s1 * A1 % M1
        s2 = self.s2 * A2 % M2
        self.s1 = s1
        self.s2 = s2
        z = s1 - s2
        if z < 1:
            z += M1 - 1
        return z * SCALE

    def state(self) -> list[int]:
        """The stream's state as a list, for an engine loop that draws inline."""
        return [self.s1, self.s2]

    def set_state(self, state: list[int]) -> None:
        self.s1, self.s2 = state


def shuffled(items: Iterable[T], rng: Random) -> list[T]:
    """A new list of ``items`` in an order drawn from ``rng`` (anything with
    ``random()``: a :class:`Stream`), by Fisher–Yates: the same items in the
    same order and the same stream give the same list."""
    out = list(items)
    for i in range(len(out) - 1, 0, -1):
        j = int(rng.random() * (i + 1))
        out[i], out[j] = out[j], out[i]
    return out


def redeal(slots: list[Any], rng: Random) -> list[Any]:
    """The cards of ``slots`` dealt back in a random order: the cards are sorted
    first, so the answer depends only on which cards they are (a multiset) and
    on ``rng``, never on where they lay: two positions that differ only in how
    hidden cards lie among hidden places give the same deal."""
    return shuffled(sorted(slots), rng)
