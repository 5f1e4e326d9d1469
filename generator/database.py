"""Card databases: the YAML file that holds a game's cards, families, setup
numbers and texts, validated by strict pydantic models.

``load_database(path)`` reads and checks one file; any problem becomes a
one-line :class:`InputError` naming the file, the line and the field, in the
same shape as the worked-example errors, e.g.::

    assets/oriflamme/database.yaml:97: cards.4.name.en: field required

Field paths use 1-based list indexes (``cards.4`` is the fourth card), like
every other Herald error message.
"""
from __future__ import annotations

import types
import typing
from functools import lru_cache
from pathlib import Path
from typing import Annotated, Any, Literal

import yaml
from pydantic import (
    BaseModel, ConfigDict, Field, StringConstraints, ValidationError,
    field_validator, model_validator,
)

from .errors import InputError
from .paths import ASSETS, display
from .yamlfile import line_of, load_yaml

__all__ = [
    "Arms", "Aid", "AidSection", "Card", "Database", "Family", "Setup", "Terms",
    "database_path", "load_database",
]

# -- field types --------------------------------------------------------------

Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
Locale = Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")]
Text = Annotated[str, StringConstraints(min_length=1)]
# A card's printed ability must fit a 61x112 mm card.
ABILITY_MAX = 200
AbilityText = Annotated[str, StringConstraints(min_length=1, max_length=ABILITY_MAX)]
Count = Annotated[int, Field(ge=1)]
Number = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]

Localized = dict[str, Text]          # locale -> text

KINDS = ("personnage", "intrigue")
# Two-player variant: each player runs two families and places two cards a round.
DUO_FAMILIES_PER_PLAYER = 2


class Located(ValueError):
    """A model-level problem that knows which field it is about.

    Raised inside validators; pydantic keeps the exception in the error's
    context, and :func:`load_database` appends ``loc`` to the error location.
    Indexes in ``loc`` are 0-based, like pydantic's own.
    """

    def __init__(self, loc: tuple, message: str):
        super().__init__(message)
        self.loc = tuple(loc)
        self.message = message


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


# -- the schema ---------------------------------------------------------------

class Setup(_Strict):
    """The setup numbers (the engine's ``Config`` holds the same values)."""
    hand: Positive
    set_aside: Number
    rounds: Positive
    influence: Number
    duo_hand_per_family: Positive
    duo_draw: Number
    duo_hand_left: Number
    duo_draw_pile: Number


class Arms(_Strict):
    """A family's coat of arms, described for a renderer to draw.

    The field is the family's tincture covered with ``pattern``; the
    ordinary and the charge are drawn in ``tincture``. Families should differ
    in ordinary, charge and pattern, not only in colour (greyscale prints).
    """
    field: Literal["gules", "azure", "vert", "or", "purpure", "argent", "sable"]
    pattern: Literal["plain", "barry", "paly", "bendy", "chequy", "lozengy", "semy"]
    ordinary: Literal["none", "pale", "fess", "bend", "chevron", "cross", "saltire",
                      "chief", "bordure"]
    charge: Literal["none", "tower", "fleur_de_lis", "mullet", "key", "crown", "lion",
                    "eagle", "sword"]
    tincture: Literal["or", "argent", "sable"]


class Family(_Strict):
    id: Id
    colour: str
    name: Localized
    arms: Arms | None = None

    @field_validator("colour")
    @classmethod
    def _hex_colour(cls, v: str) -> str:
        if not (len(v) == 7 and v[0] == "#"
                and all(c in "0123456789abcdefABCDEF" for c in v[1:])):
            raise ValueError(f"expected a hex colour like '#1F4E9C', got {v!r}")
        return v


class Card(_Strict):
    id: Id
    kind: Literal["personnage", "intrigue"]
    count: Count                       # copies per family
    name: Localized
    ability: dict[str, AbilityText]    # the text printed on the card
    clarifications: dict[str, list[Text]]   # rulings for the booklet


class AidSection(_Strict):
    heading: Text
    text: Text


class Aid(_Strict):
    """A player-aid card: the turn structure and each ability in one line."""
    title: Text
    turn: Annotated[list[AidSection], Field(min_length=1)]
    abilities: dict[str, Text]          # card id -> short ability


class Terms(_Strict):
    """Game terms a renderer needs, in one locale."""
    influence: Text
    influence_plural: Text
    queue: Text
    queue_short: Text
    personnage: Text
    intrigue: Text
    family: Text
    round: Text
    placement: Text
    resolution: Text
    reveal: Text
    bank: Text
    eliminate: Text
    discard: Text
    pile: Text
    hand: Text
    set_aside: Text
    supply: Text
    first_player: Text
    resolution_direction: Text
    ability: Text
    clarifications: Text
    player_aid: Text
    duo: Text


class Database(_Strict):
    game: Id
    locales: Annotated[list[Locale], Field(min_length=1)]
    name: Localized
    setup: Setup
    families: Annotated[list[Family], Field(min_length=1)]
    cards: Annotated[list[Card], Field(min_length=1)]
    aids: dict[str, Aid]
    terms: dict[str, Terms]

    # -- cross-field checks ------------------------------------------------
    @model_validator(mode="after")
    def _check(self) -> "Database":
        self._check_locales()
        _unique(self.families, "families")
        _unique(self.cards, "cards")
        colours = {}
        for i, f in enumerate(self.families):
            key = f.colour.lower()
            if key in colours:
                raise Located(("families", i, "colour"),
                              f"same colour as families.{colours[key] + 1} ({f.colour})")
            colours[key] = i
        self._check_aids()
        self._check_setup()
        return self

    def _check_locales(self) -> None:
        seen = set()
        for i, loc in enumerate(self.locales):
            if loc in seen:
                raise Located(("locales", i), f"locale {loc!r} listed twice")
            seen.add(loc)
        texts: list[tuple[tuple, dict]] = [(("name",), self.name)]
        for i, f in enumerate(self.families):
            texts.append((("families", i, "name"), f.name))
        for i, c in enumerate(self.cards):
            for field in ("name", "ability", "clarifications"):
                texts.append((("cards", i, field), getattr(c, field)))
        texts += [(("aids",), self.aids), (("terms",), self.terms)]
        for loc, mapping in texts:
            for locale in self.locales:
                if locale not in mapping:
                    raise Located(loc + (locale,), "field required (every text needs "
                                  f"each locale: {', '.join(self.locales)})")
            for key in mapping:
                if key not in seen:
                    raise Located(loc + (key,), f"locale {key!r} is not in locales "
                                  f"({', '.join(self.locales)})")

    def _check_aids(self) -> None:
        ids = [c.id for c in self.cards]
        for locale, aid in self.aids.items():
            for cid in ids:
                if cid not in aid.abilities:
                    raise Located(("aids", locale, "abilities", cid),
                                  "field required (one line per card)")
            for key in aid.abilities:
                if key not in ids:
                    raise Located(("aids", locale, "abilities", key),
                                  f"no card with id {key!r}")

    def _check_setup(self) -> None:
        s = self.setup
        deck = self.family_size
        if s.hand + s.set_aside != deck:
            raise Located(("setup", "hand"),
                          f"hand ({s.hand}) + set_aside ({s.set_aside}) must equal the "
                          f"{deck} cards of a family")
        if s.rounds > s.hand:
            raise Located(("setup", "rounds"),
                          f"{s.rounds} rounds need at least {s.rounds} cards in hand")
        k = DUO_FAMILIES_PER_PLAYER
        pile = k * (deck - s.set_aside) - k * s.duo_hand_per_family
        if s.duo_draw_pile != pile:
            raise Located(("setup", "duo_draw_pile"),
                          f"expected {pile}: {k} families of {deck} cards, less "
                          f"set_aside ({s.set_aside}) and the hand "
                          f"({s.duo_hand_per_family} per family)")
        drawn = min(s.duo_draw_pile, s.duo_draw * (s.rounds - 1))
        left = k * s.duo_hand_per_family + drawn - k * s.rounds
        if s.duo_hand_left != left:
            raise Located(("setup", "duo_hand_left"),
                          f"expected {left}: a hand of {k * s.duo_hand_per_family}, "
                          f"{drawn} cards drawn, {k * s.rounds} played")

    # -- access --------------------------------------------------------------
    @property
    def family_size(self) -> int:
        """Cards in one family (the sum of the card counts)."""
        return sum(c.count for c in self.cards)

    @property
    def card_ids(self) -> tuple[str, ...]:
        return tuple(c.id for c in self.cards)

    @property
    def family_ids(self) -> tuple[str, ...]:
        return tuple(f.id for f in self.families)

    def card(self, card_id: str) -> Card:
        for c in self.cards:
            if c.id == card_id:
                return c
        raise KeyError(card_id)

    def family(self, family_id: str) -> Family:
        for f in self.families:
            if f.id == family_id:
                return f
        raise KeyError(family_id)

    def setup_config(self):
        """The engine's ``Config`` built from the setup numbers."""
        from herald.engine.oriflamme.state import Config
        s = self.setup
        return Config(hand=s.hand, set_aside=s.set_aside, rounds=s.rounds,
                      influence=s.influence, duo_hand_per_family=s.duo_hand_per_family,
                      duo_draw=s.duo_draw)


def _unique(items, where: str) -> None:
    first: dict[str, int] = {}
    for i, item in enumerate(items):
        if item.id in first:
            raise Located((where, i, "id"), f"duplicate id {item.id!r} "
                          f"(already {where}.{first[item.id] + 1}.id)")
        first[item.id] = i


# -- loading -------------------------------------------------------------------

def database_path(game: str = "oriflamme") -> Path:
    """Where the card database of ``game`` ships: ``assets/<game>/database.yaml``
    (``herald/assets/...`` once installed)."""
    if not game or "/" in game or "\\" in game or game.startswith("."):
        raise InputError(f"{game!r}: not a game name")
    return ASSETS / game / "database.yaml"


def load_database(path: Path | str | None = None) -> Database:
    """Read and validate a card database; raise a one-line InputError on any problem.

    A command reads the same database several times (choosing locales, then
    each locale's deck and rules); the models are frozen, so one validated
    copy per file version is shared.
    """
    path = Path(path) if path is not None else database_path()
    if not path.is_file():
        shown = display(path)
        raise InputError(f"{shown}: no such file" if not path.exists()
                         else f"{shown}: not a file")
    stat = path.stat()
    return _load_checked(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=8)
def _load_checked(path: Path, mtime_ns: int, size: int) -> Database:
    """The validated database at ``path`` in the version its (mtime, size) name."""
    shown = display(path)
    try:
        data, lines = load_yaml(path)
    except InputError:
        problem = _syntax_error(path)
        if problem:
            raise InputError(problem) from None
        raise
    duplicate = _duplicate_key(path)
    if duplicate:
        raise InputError(duplicate)
    try:
        return Database.model_validate(data)
    except ValidationError as e:
        raise InputError(_one_line(shown, e, data, lines)) from None


def _one_line(shown: str, e: ValidationError, data, lines: dict) -> str:
    errors = e.errors(include_url=False)
    err = errors[0]
    loc = tuple(err["loc"])
    cause = (err.get("ctx") or {}).get("error")
    if isinstance(cause, Located):
        loc += cause.loc
        msg = cause.message
    elif err["type"] == "missing":
        msg = "field required"
    elif err["type"] == "extra_forbidden":
        allowed = _fields_at(loc[:-1])
        msg = "unknown key" + (f"; expected one of: {', '.join(allowed)}" if allowed else "")
    elif isinstance(cause, ValueError):
        msg = str(cause)
    elif not loc and err["type"] == "model_type":
        msg = "a card database is a YAML mapping: " + ", ".join(Database.model_fields)
    elif err.get("input", "") is None:
        msg = "empty value (note: an unquoted # starts a YAML comment)"
    else:
        msg = err["msg"]
        msg = msg[:1].lower() + msg[1:]
    path = _one_based(loc, data)
    field = ".".join(str(p) for p in path) or "(top)"
    line = line_of(lines, path)
    where = f"{shown}:{line}" if line else shown
    more = len(errors) - 1
    tail = f" (and {more} more error{'s' if more > 1 else ''})" if more else ""
    return " ".join(f"{where}: {field}: {msg}{tail}".split())


def _one_based(loc: tuple, data) -> tuple:
    """Pydantic's location with list indexes made 1-based (dict keys untouched)."""
    out = []
    node = data
    for part in loc:
        if part == "[key]":
            continue
        if isinstance(node, list) and isinstance(part, int):
            out.append(part + 1)
            node = node[part] if 0 <= part < len(node) else None
        else:
            out.append(part)
            node = node.get(part) if isinstance(node, dict) else None
    return tuple(out)


def _fields_at(loc: tuple) -> list[str]:
    """The field names of the model found at ``loc`` (0-based), if any."""
    tp: Any = Database
    for part in loc:
        tp = _unwrap(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            if part not in tp.model_fields:
                return []
            tp = tp.model_fields[part].annotation
        else:
            origin, args = typing.get_origin(tp), typing.get_args(tp)
            if origin is list and args:
                tp = args[0]
            elif origin is dict and len(args) == 2:
                tp = args[1]
            else:
                return []
    tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return list(tp.model_fields)
    return []


def _unwrap(tp):
    while True:
        origin = typing.get_origin(tp)
        if origin is Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
        else:
            return tp


def _syntax_error(path: Path) -> str | None:
    """A YAML syntax error as one line, with the field being read when it broke."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    stack: list[list] = []       # [kind, key-or-index, expecting_key]

    def value_done():
        if stack and stack[-1][0] == "map":
            stack[-1][2] = True

    try:
        for ev in yaml.parse(text, Loader=yaml.SafeLoader):
            top = stack[-1] if stack else None
            is_key = top is not None and top[0] == "map" and top[2]
            if top is not None and top[0] == "seq" and isinstance(
                    ev, (yaml.ScalarEvent, yaml.AliasEvent, yaml.MappingStartEvent,
                         yaml.SequenceStartEvent)):
                top[1] += 1
            if isinstance(ev, (yaml.ScalarEvent, yaml.AliasEvent)):
                if is_key:
                    top[1] = getattr(ev, "value", None)
                    top[2] = False
                else:
                    value_done()
            elif isinstance(ev, yaml.MappingStartEvent):
                stack.append(["map", None, True])
            elif isinstance(ev, yaml.SequenceStartEvent):
                stack.append(["seq", -1, False])
            elif isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                stack.pop()
                value_done()
        return None
    except yaml.YAMLError as e:
        mark = getattr(e, "problem_mark", None)
        line = f":{mark.line + 1}" if mark else ""
        problem = getattr(e, "problem", None) or str(e).splitlines()[0]
        parts = []
        for kind, key, _ in stack:
            if kind == "map" and key is not None:
                parts.append(str(key))
            elif kind == "seq" and key >= 0:
                parts.append(str(key + 1))
        field = f" near {'.'.join(parts)}:" if parts else ""
        msg = f"{display(path)}{line}:{field} YAML syntax error: {problem}"
        return " ".join(msg.split())


def _duplicate_key(path: Path) -> str | None:
    """A key written twice in one mapping (YAML would silently keep the last)."""
    node = yaml.compose(path.read_text(encoding="utf-8"), Loader=yaml.SafeLoader)

    def walk(node, where):
        if isinstance(node, yaml.MappingNode):
            seen = set()
            for k, v in node.value:
                key = k.value
                if key in seen:
                    field = ".".join(map(str, where + (key,)))
                    return (f"{display(path)}:{k.start_mark.line + 1}: {field}: "
                            "key written twice")
                seen.add(key)
                found = walk(v, where + (key,))
                if found:
                    return found
        elif isinstance(node, yaml.SequenceNode):
            for i, item in enumerate(node.value):
                found = walk(item, where + (i + 1,))
                if found:
                    return found
        return None

    return walk(node, ()) if node is not None else None
