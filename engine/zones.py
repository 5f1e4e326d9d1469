"""What a position puts on the table, for drawing it without game code.

A game that brings no drawing code of its own still gets diagrams of its
worked examples: Herald's generic look (``herald.generator.look``) draws
whatever the state's optional ``zones()`` method lists (see
``engine/interface.py``), a band for each seat and one for the shared zones.
A zone is a place cards lie in (a hand, a row on the table, a pile) or a
number (a score). Nothing here draws: the engine never imports the generator.

What a zone shows is what the players see at the table: a card the rules keep
hidden from the players (a bid not yet revealed, the pile of prizes to come)
is counted in ``hidden`` and drawn as a back, and its identity is not in the
zone at all, so no diagram, narration or text alternative can give it away.
"""
from __future__ import annotations

from dataclasses import dataclass

KINDS = ("hand", "row", "pile", "score")


@dataclass(frozen=True)
class Zone:
    id: str                      # stable id, e.g. "hand", "prize", "won", "score"
    label: str                   # the zone's name in the package's source language ("Hand")
    kind: str                    # "hand" | "row" | "pile" | "score"
    owner: int | None = None     # seat index, None for a shared zone
    cards: tuple[str, ...] = ()  # card ids (the card list's `id` column), in order, face up
    hidden: int = 0              # face-down cards (drawn as backs), after `cards`
    value: int | None = None     # a "score" zone's number

    def __post_init__(self) -> None:
        # a zone comes from a package's code: a wrong one is the package's
        # bug, said at once rather than drawn wrong
        if self.kind not in KINDS:
            raise ValueError(f"zone {self.id!r}: kind {self.kind!r} is not one of "
                             f"{', '.join(KINDS)}")
        if self.hidden < 0:
            raise ValueError(f"zone {self.id!r}: hidden is a count of cards, not {self.hidden}")
        if not all(isinstance(c, str) for c in self.cards):
            raise ValueError(f"zone {self.id!r}: cards are card ids (text)")

    @property
    def key(self) -> tuple[str, int | None]:
        """The zone's identity from one position to the next."""
        return self.id, self.owner


def zones_of(state: object) -> list[Zone] | None:
    """``state.zones()``, or None for a game whose states have no zones
    (examples printed with narration and no diagram)."""
    method = getattr(state, "zones", None)
    return None if method is None else list(method())
