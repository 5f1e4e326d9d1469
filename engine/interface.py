"""The small game interface the solver, the example runner and the bots rely on.

A game module provides a :class:`Game` object; its positions are state objects
with the methods of :class:`GameState`. Nothing here knows Oriflamme, so
L'Ordre d'Asèt or the Lenormand duel plug in by providing the same two shapes.
"""
from __future__ import annotations

from typing import Any, Hashable, Protocol, Sequence


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


class GameState(Protocol):
    players: tuple[str, ...]
    mover: int          # the player to decide, -1 when the game is over
    log: list | None    # the event log, when kept
    halt_at_phase_end: bool   # stop at each phase boundary until resume()
    halted: bool

    def resume(self) -> None: ...
    @property
    def over(self) -> bool: ...
    def legal(self) -> list: ...
    def apply(self, decision) -> None: ...
    def copy(self) -> "GameState": ...
    def key(self) -> Hashable: ...
    def scores(self) -> tuple[int, ...]: ...
    def horizon(self, depth: str) -> Hashable: ...
    def winners(self) -> list[int]: ...


class Game(Protocol):
    name: str
    variants: tuple[str, ...]

    def new_game(self, players: int, *, variant: str, seed: int,
                 options: dict | None = None, log: bool = False,
                 config: Any = None) -> GameState: ...
    def from_spec(self, spec: dict, *, log: bool = True) -> GameState: ...
    def to_spec(self, state: GameState) -> dict: ...
    def parse_decision(self, state: GameState, text: str) -> Any: ...
    def format_decision(self, state: GameState, decision: Any) -> str: ...
    def check(self, state: GameState, expect: dict) -> list[str]: ...
