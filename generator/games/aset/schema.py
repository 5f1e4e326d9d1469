"""L'Ordre d'Asèt's card database schema: the seven cards and their values,
the five families, scoring, and the decrees (validated by
:mod:`herald.generator.database`; the decree vocabulary is the engine's,
:mod:`herald.engine.aset.decrees`, so that one checker serves the database and
the engine)."""
from __future__ import annotations

from typing import Annotated, Any, Literal

from herald.engine.aset.data import Config, config_from_data
from herald.engine.aset.decrees import DecreeError, compile_decree
from pydantic import Field, field_validator, model_validator

from ...schema_types import Id, Locale, Localized, Located, Positive, Strict
from ...schema_types import check_localized as _check_localized
from ...schema_types import unique as _unique

Value = Annotated[int, Field(ge=1, le=7)]
Copies = Annotated[int, Field(ge=0)]
Effect = list[dict[str, Any]] | Literal["unknown"]


class Setup(Strict):
    family_size: Positive        # cards of each family
    rounds: Positive             # combats in a game
    council: Annotated[int, Field(ge=1, le=7)]   # active decrees at most
    order: Annotated[list[Value], Field(min_length=7, max_length=7)]

    @field_validator("order")
    @classmethod
    def _each_value_once(cls, v: list[int]) -> list[int]:
        if sorted(v) != list(range(1, 8)):
            raise ValueError(f"the Order lists each value 1 to 7 once, not {v}")
        return v


class Card(Strict):
    id: Id
    value: Value
    points: int
    name: Localized


class Family(Strict):
    id: Id
    colour: str
    name: Localized
    cards: dict[str, Copies]     # card id -> copies
    special: Id                  # the card worth scoring.special_points

    @field_validator("colour")
    @classmethod
    def _hex_colour(cls, v: str) -> str:
        if not (len(v) == 7 and v[0] == "#"
                and all(c in "0123456789abcdefABCDEF" for c in v[1:])):
            raise ValueError(f"expected a hex colour like '#1F4E9C', got {v!r}")
        return v


class Combination(Strict):
    cards: Annotated[list[Id], Field(min_length=2, max_length=2)]
    malus: Positive


class Scoring(Strict):
    special_points: int
    combinations: list[Combination]


class OnDraw(Strict):
    council_fewer_than: Annotated[int, Field(ge=1, le=3)]
    then: Literal["return_and_redraw"]


class Decree(Strict):
    id: Id
    name: Localized
    text: Localized | None = None
    discardable: bool = False
    held: bool = False
    table_talk: bool = False
    removed_in_duel: bool = False
    effect1: Effect
    effect2: Effect | None = None
    combat: list[Literal["cancel_equal"]] = []
    on_draw: OnDraw | None = None
    deck: Literal["herald", "box"] | None = None    # absent: in both sets of decrees

    def rules(self) -> dict:
        """The fields the engine reads, in the engine's shape."""
        out = self.model_dump(exclude={"name", "text"}, exclude_none=True)
        for key in ("combat",):
            if not out[key]:
                del out[key]
        for key in ("discardable", "held", "table_talk", "removed_in_duel"):
            if not out[key]:
                del out[key]
        return out


class Database(Strict):
    game: Literal["aset"]
    locales: Annotated[list[Locale], Field(min_length=1)]
    name: Localized
    setup: Setup
    cards: Annotated[list[Card], Field(min_length=7, max_length=7)]
    families: Annotated[list[Family], Field(min_length=2, max_length=5)]
    scoring: Scoring
    decrees: Annotated[list[Decree], Field(min_length=1)]

    @model_validator(mode="after")
    def _check(self) -> Database:
        self._check_locales()
        for field in ("cards", "families", "decrees"):
            _unique(getattr(self, field), field)
        values: dict[int, int] = {}
        for i, c in enumerate(self.cards):
            if c.value in values:
                raise Located(("cards", i, "value"), f"value {c.value} is already "
                              f"cards.{values[c.value] + 1}'s: each value 1 to 7 once")
            values[c.value] = i
        ids = {c.id for c in self.cards}
        size = self.setup.family_size
        for i, f in enumerate(self.families):
            for key in f.cards:
                if key not in ids:
                    raise Located(("families", i, "cards", key), f"no card with id {key!r}")
            total = sum(f.cards.values())
            if total != size:
                raise Located(("families", i, "cards"), f"the family has {total} cards, "
                              f"not {size} (setup.family_size)")
            if f.special not in ids:
                raise Located(("families", i, "special"), f"no card with id {f.special!r}")
        for i, combo in enumerate(self.scoring.combinations):
            for j, key in enumerate(combo.cards):
                if key not in ids:
                    raise Located(("scoring", "combinations", i, "cards", j),
                                  f"no card with id {key!r}")
        for i, d in enumerate(self.decrees):
            try:
                compile_decree(d.rules(), ("decrees", i))
            except DecreeError as e:
                raise Located(e.path, e.message) from None
        return self

    def _check_locales(self) -> None:
        seen = set()
        for i, loc in enumerate(self.locales):
            if loc in seen:
                raise Located(("locales", i), f"locale {loc!r} listed twice")
            seen.add(loc)
        texts: list[tuple[tuple, dict]] = [(("name",), self.name)]
        for field in ("cards", "families", "decrees"):
            for i, item in enumerate(getattr(self, field)):
                texts.append(((field, i, "name"), item.name))
                if getattr(item, "text", None) is not None:
                    texts.append(((field, i, "text"), item.text))
        for where, mapping in texts:
            _check_localized(self.locales, where, mapping)

    # -- access -------------------------------------------------------------------
    def rules_data(self) -> dict:
        """The rules fields in the shape of the engine's built-in data."""
        return {
            "setup": self.setup.model_dump(),
            "cards": [{"id": c.id, "value": c.value, "points": c.points} for c in self.cards],
            "families": [{"id": f.id, "special": f.special, "cards": dict(f.cards)}
                         for f in self.families],
            "scoring": self.scoring.model_dump(),
            "decrees": [d.rules() for d in self.decrees],
        }

    def setup_config(self) -> Config:
        """The engine's Config from this database."""
        return config_from_data(self.rules_data())

    @property
    def missing_decrees(self) -> list[str]:
        """Decrees whose text the rules source lacks (effects marked unknown)."""
        return [d.id for d in self.decrees if "unknown" in (d.effect1, d.effect2)]

