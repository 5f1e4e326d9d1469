"""What a balance report asks of an Oriflamme game beyond who won: the kinds
of card each seat held in its starting hand (which cards carry games).
``Game.observer`` (engine/interface.py) hands it to ``herald balance``."""
from __future__ import annotations

from typing import Any

from .cards import CARDS


class HandObserver:
    """Records each seat's starting hand (the kinds of card, by id)."""

    def __init__(self, state: Any) -> None:
        self.hands: list[list[str]] = [sorted({CARDS[c] for _, c in hand}) for hand in state.hands]

    def decided(self, state: Any, decision: Any) -> None:
        """Nothing to follow during the game: the hands are the start's."""

    def facts(self, state: Any) -> dict[str, list[Any]]:
        return {"seat": self.hands, "game": []}
