"""What a balance report asks of a Lenormand duel beyond who won: the attack
line that ended it (which lines decide games), and each seat's attack lines.
``Game.observer`` (engine/interface.py) hands it to ``herald balance``."""
from __future__ import annotations

from typing import Any

from .state import ATTACK, State


class LineObserver:
    """Follows every attack's line (the table's line id, as the event log names it)."""

    def __init__(self, state: State) -> None:
        self.lines: list[set[str]] = [set() for _ in state.players]
        self.last = ""

    def decided(self, state: State, decision: Any) -> None:
        if decision[0] == ATTACK:
            p = state.mover
            line, _ = state._value(decision[1], state.houses[p])
            self.lines[p].add(line)
            self.last = line

    def facts(self, state: State) -> dict[str, list[Any]]:
        """``game``: the line of the blow that took the last life card (none when
        the turn limit ended the duel); ``seat``: the lines each seat attacked with."""
        ended_on_life = bool(state.ended) and state.ended[0] == "life"
        return {"seat": [sorted(s) for s in self.lines],
                "game": [self.last] if ended_on_life and self.last else []}
