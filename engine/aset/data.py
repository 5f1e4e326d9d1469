"""The built-in rules data of L'Ordre d'Asèt, and the engine's Config built from
data of the card database's shape.

The card database (``assets/aset/database.yaml``) is the reference; this copy
holds only what the rules need (no names, texts or colours), so that the
engine plays without the generator (``herald verify``, tests, benchmarks).
``tests/test_aset_data.py`` checks that both give the same Config.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from .cards import KINDS, VALUE_OF_KIND
from .decrees import Decree, DecreeError, compile_decree


@dataclass(frozen=True)
class Config:
    """Everything the rules read from the card database."""
    families: tuple[str, ...]                  # family ids, in database order
    composition: tuple[tuple[int, ...], ...]   # per family: copies of values 1..7
    special: tuple[int, ...]                   # per family: its value worth special_points
    points: tuple[int, ...]                    # per value 1..7: points of a card
    special_points: int
    combinations: tuple[tuple[int, int, int], ...]   # (value, value, malus)
    rounds: int
    council: int                               # active decrees at most
    order: tuple[int, ...]                     # the Order at the start, first rank first
    decrees: tuple[Decree, ...]

    @property
    def family_size(self) -> int:
        return sum(self.composition[0])

    @cached_property
    def decree_classes(self) -> tuple[int, ...]:
        """Per decree, the first decree that plays the same (effects and
        flags alike; its id and texts aside): the many decrees without text
        are one for the solver's table."""
        first: dict[tuple[Any, ...], int] = {}
        return tuple(first.setdefault((d.discardable, d.held, d.effect1, d.effect2,
                                       d.cancel_equal, d.redraw_below, d.removed_in_duel), i)
                     for i, d in enumerate(self.decrees))

    def decree_index(self, decree_id: str) -> int:
        for i, d in enumerate(self.decrees):
            if d.id == decree_id:
                return i
        raise KeyError(decree_id)


def _unknown(n: int) -> dict[str, Any]:
    return {"id": f"unnamed_{n}", "effect1": "unknown", "effect2": "unknown", "deck": "box"}


# Herald's own decrees (option decree_deck: herald, the default): nineteen
# decrees written in the same vocabulary, in the pile with 003's six decrees
# whose effect is known, in place of the nineteen 003 names without text.
# Chosen so that none decides a game alone: benchmarks/aset_decrees.py.
HERALD_DECREES: list[dict[str, Any]] = [
    {"id": "great_reversal",
     "deck": "herald",
     "effect1": [{"reverse": True}],
     "effect2": [{"reverse": True}]},
    {"id": "evens_turn",
     "deck": "herald",
     "effect1": [{"move": {"values": "even", "to": "first"}}],
     "effect2": [{"move": {"values": "odd", "to": "first"}}]},
    {"id": "odds_decline",
     "deck": "herald",
     "effect1": [{"move": {"values": "odd", "to": "last"}}],
     "effect2": [{"move": {"values": "even", "to": "last"}}]},
    {"id": "ends_exchange",
     "deck": "herald",
     "effect1": [{"swap": {"ranks": ["first", "last"]}}],
     "effect2": [{"swap": {"ranks": [2, 6]}}]},
    {"id": "heart_rises",
     "deck": "herald",
     "effect1": [{"move": {"rank": 4, "to": "first"}}],
     "effect2": [{"move": {"rank": 4, "to": "last"}}]},
    {"id": "the_fall",
     "deck": "herald",
     "effect1": [{"move": {"rank": "first", "to": "last"}}],
     "effect2": [{"move": {"rank": "last", "to": "first"}}]},
    {"id": "ends_meet",
     "deck": "herald",
     "effect1": [{"swap": {"values": [1, 7]}}],
     "effect2": [{"swap": {"values": [2, 6]}}]},
    {"id": "humility",
     "deck": "herald",
     "effect1": [{"move": {"values": [1, 2], "to": "first"}}],
     "effect2": [{"move": {"values": [6, 7], "to": "first"}}]},
    {"id": "neighbours",
     "deck": "herald",
     "effect1": [{"swap": {"ranks": [1, 2]}}],
     "effect2": [{"swap": {"ranks": [6, 7]}}]},
    {"id": "middle_way",
     "deck": "herald",
     "effect1": [{"swap": {"ranks": [3, 5]}}],
     "effect2": [{"swap": {"ranks": [3, 5]}}]},
    {"id": "shadows",
     "deck": "herald",
     "effect1": [{"swap": {"ranks": [2, 3]}}],
     "effect2": [{"swap": {"ranks": [5, 6]}}]},
    {"id": "the_scales",
     "deck": "herald",
     "effect1": [{"if": {"rank": "first", "value_in": "odd"},
                  "then": [{"swap": {"ranks": ["first", "last"]}}]}],
     "effect2": [{"if": {"rank": "first", "value_in": "even"},
                  "then": [{"swap": {"ranks": ["first", "last"]}}]}]},
    {"id": "the_summons",
     "deck": "herald",
     "effect1": [{"beside": {"rank": "last", "end": "first"}}],
     "effect2": [{"beside": {"rank": "first", "end": "last"}}]},
    {"id": "pendulum",
     "deck": "herald",
     "effect1": [{"if": {"rank": "first", "value_in": [5, 6, 7]},
                  "then": [{"move": {"rank": "first", "to": "last"}}]}],
     "effect2": [{"if": {"rank": "last", "value_in": [1, 2, 3]},
                  "then": [{"move": {"rank": "last", "to": "first"}}]}]},
    {"id": "upswing",
     "deck": "herald",
     "effect1": [{"move": {"values": [3, 4, 5], "to": "first"}}],
     "effect2": [{"move": {"values": [3, 4, 5], "to": "last"}}]},
    {"id": "messenger",
     "deck": "herald",
     "effect1": [{"swap": {"ranks": ["first", 4]}}],
     "effect2": [{"swap": {"ranks": ["last", 4]}}],
     "on_draw": {"council_fewer_than": 2, "then": "return_and_redraw"}},
    {"id": "exile",
     "deck": "herald",
     "discardable": True,
     "effect1": [{"move": {"rank": "first", "to": "last"}}]},
    {"id": "recall",
     "deck": "herald",
     "discardable": True,
     "effect1": [{"move": {"rank": "last", "to": "first"}}]},
    {"id": "amnesty",
     "deck": "herald",
     "discardable": True,
     "effect1": [{"move": {"values": [4], "to": "first"}}]},
]


EVEN_TO_LAST = [{"if": {"rank": "first", "value_in": "even"},
                 "then": [{"move": {"rank": "first", "to": "last"}}]}]
EVEN_TO_FIRST = [{"if": {"rank": "last", "value_in": "even"},
                  "then": [{"move": {"rank": "last", "to": "first"}}]}]

DEFAULT_DATA: dict[str, Any] = {
    "setup": {"family_size": 11, "rounds": 10, "council": 3,
              "order": [7, 6, 5, 4, 3, 2, 1]},
    "cards": [{"id": k, "value": v, "points": 2 if k in ("assassin", "commander") else 1}
              for k, v in VALUE_OF_KIND.items()],
    "families": [
        {"id": fam, "special": special,
         "cards": {k: (1 if k in ("assassin", "commander", special) else 2) for k in KINDS}}
        for fam, special in (("yellow", "idol"), ("red", "archer"), ("purple", "spirit"),
                             ("blue", "halfling"), ("green", "witch"))],
    "scoring": {"special_points": 3, "combinations": [
        {"cards": ["archer", "witch"], "malus": 2},
        {"cards": ["idol", "halfling"], "malus": 2},
        {"cards": ["spirit", "spirit"], "malus": 2},
        {"cards": ["assassin", "commander"], "malus": 2}]},
    "decrees": [
        {"id": "anti_parity", "effect1": [{"move": {"values": "odd", "to": "first"}}],
         "effect2": "unknown"},
        {"id": "rise_of_pairs", "effect1": EVEN_TO_LAST, "effect2": EVEN_TO_FIRST},
        {"id": "mystic_repulsion", "effect1": [
            {"if": {"rank": "first", "value_in": [5, 6]},
             "then": [{"move": {"rank": 4, "to": "first"}}]},
            {"if": {"rank": "last", "value_in": [5, 6]},
             "then": [{"move": {"rank": 4, "to": "last"}}]}],
         "effect2": "unknown"},
        {"id": "the_call", "effect1": [
            {"if": {"rank": "first", "value_in": [2, 4]},
             "then": [{"beside": {"rank": 4, "end": "first"}}]},
            {"if": {"rank": "last", "value_in": [2, 4]},
             "then": [{"beside": {"rank": 4, "end": "last"}}]}],
         "effect2": "unknown"},
        {"id": "zero_twin", "effect1": [], "effect2": "unknown", "combat": ["cancel_equal"],
         "removed_in_duel": True},
        {"id": "palindrome", "effect1": "unknown", "effect2": "unknown", "deck": "box",
         "on_draw": {"council_fewer_than": 3, "then": "return_and_redraw"}},
        {"id": "council_favourite", "discardable": True, "held": True, "table_talk": True,
         "effect1": []},
        {"id": "anarchy_2_0", "discardable": True, "effect1": "unknown", "deck": "box"},
        {"id": "ostracism", "discardable": True, "effect1": "unknown", "deck": "box"},
    ] + [_unknown(n) for n in range(10, 26)] + HERALD_DECREES,
}


class DataError(ValueError):
    """Rules data that cannot be used; ``path`` names the field (0-based indexes)."""

    def __init__(self, path: Iterable[str | int], message: str) -> None:
        super().__init__(message)
        self.path = tuple(path)
        self.message = message


def config_from_data(data: dict[str, Any]) -> Config:
    """The engine's Config from a mapping shaped like the card database
    (extra keys such as names and texts are ignored)."""
    try:
        setup = data["setup"]
        values = {c["id"]: c["value"] for c in data["cards"]}
        if sorted(values.values()) != list(range(1, 8)):
            raise DataError(("cards",), "the seven cards take the values 1 to 7, once each")
        points = [0] * 7
        for c in data["cards"]:
            points[c["value"] - 1] = c["points"]
        composition, special = [], []
        for i, f in enumerate(data["families"]):
            counts = [0] * 7
            for kind, n in f["cards"].items():
                counts[values[kind] - 1] = n
            if sum(counts) != setup["family_size"]:
                raise DataError(("families", i, "cards"), f"{sum(counts)} cards, not "
                                f"{setup['family_size']}")
            composition.append(tuple(counts))
            special.append(values[f["special"]])
        combos = tuple((values[c["cards"][0]], values[c["cards"][1]], c["malus"])
                       for c in data["scoring"]["combinations"])
        decrees = tuple(compile_decree(d, ("decrees", i))
                        for i, d in enumerate(data["decrees"]))
    except DecreeError as e:
        raise DataError(e.path, e.message) from None
    except (KeyError, TypeError) as e:
        raise DataError((), f"rules data incomplete: {e}") from None
    return Config(
        families=tuple(f["id"] for f in data["families"]),
        composition=tuple(composition), special=tuple(special), points=tuple(points),
        special_points=data["scoring"]["special_points"], combinations=combos,
        rounds=setup["rounds"], council=setup["council"], order=tuple(setup["order"]),
        decrees=decrees)


DEFAULT_CONFIG = config_from_data(DEFAULT_DATA)
