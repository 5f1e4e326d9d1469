"""Oriflamme's card database schema: families with their arms, the ten cards,
the player aids, the printed terms and the other boxes (Alliance), each with
its ten cards and its aid (validated by :mod:`herald.generator.database`).

A loaded database is the base box; :meth:`Database.select` gives the same
database dealing another ten kinds of card (a box or a mix, as the engine's
``boxes.parse_box`` reads them), so every renderer prints whatever it holds."""
from __future__ import annotations

from typing import Annotated, Literal

from pydantic import Field, StringConstraints, field_validator, model_validator

from ...schema_types import Count, Id, Locale, Localized, Located, Number, Positive, Strict, Text
from ...schema_types import check_localized as _check_localized
from ...schema_types import unique as _unique

_Strict = Strict

# A card's printed ability must fit a 61x112 mm card.
ABILITY_MAX = 200
AbilityText = Annotated[Text, StringConstraints(max_length=ABILITY_MAX)]

KINDS = ("personnage", "intrigue")
# Two-player variant: each player runs two families and places two cards a round.
DUO_FAMILIES_PER_PLAYER = 2


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


class Box(_Strict):
    """A box beside the base game: its name, its ten cards and its player aid."""
    name: Localized
    cards: Annotated[list[Card], Field(min_length=1)]
    aids: dict[str, Aid]
    tokens: dict[str, Localized] = {}   # token id -> its printed name (condemnation)


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
    boxes: dict[str, Box] = {}

    # -- cross-field checks ------------------------------------------------
    @model_validator(mode="after")
    def _check(self) -> Database:
        self._check_locales()
        _unique(self.families, "families")
        _unique(self.cards, "cards")
        self._check_boxes()
        colours: dict[str, int] = {}
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
        for where, mapping in texts:
            _check_localized(self.locales, where, mapping)

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

    def _check_boxes(self) -> None:
        from herald.engine.oriflamme.cards import CARD_INDEX
        seen: dict[str, tuple[str, ...]] = {c.id: ("cards",) for c in self.cards}
        for name, box in self.boxes.items():
            size = sum(c.count for c in box.cards)
            if size != self.family_size:
                raise Located(("boxes", name, "cards"), f"a box holds {self.family_size} "
                              f"cards per family, like the base box; this one {size}")
            for i, c in enumerate(box.cards):
                if c.id in seen:
                    raise Located(("boxes", name, "cards", i, "id"),
                                  f"duplicate id {c.id!r} (already in {seen[c.id][0]})")
                seen[c.id] = ("boxes", name)
                for field in ("name", "ability", "clarifications"):
                    _check_localized(self.locales, ("boxes", name, "cards", i, field),
                                     getattr(c, field))
            _check_localized(self.locales, ("boxes", name, "name"), box.name)
            _check_localized(self.locales, ("boxes", name, "aids"), box.aids)
            for locale, aid in box.aids.items():
                for c in box.cards:
                    if c.id not in aid.abilities:
                        raise Located(("boxes", name, "aids", locale, "abilities", c.id),
                                      "field required (one line per card)")
        for cid, where in seen.items():
            if cid not in CARD_INDEX:
                raise Located(where + ("id",), f"card {cid!r} is unknown to the rules "
                              "engine (engine/oriflamme/cards.py)")

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

    def select(self, kinds) -> Database:
        """This database dealing ``kinds`` (a preset name like ``alliance``, or ten
        card ids): its ``cards`` are those, in the engine's order, and its aid
        is the box's own when all come from one box, else the base aid's turn
        with every card's line."""
        from herald.engine.oriflamme.boxes import parse_box
        from herald.engine.oriflamme.cards import CARDS
        ids = [CARDS[k] for k in parse_box(kinds)]
        pool = {c.id: c for c in self.cards}
        home = {c.id: "base" for c in self.cards}
        for name, box in self.boxes.items():
            pool.update({c.id: c for c in box.cards})
            home.update({c.id: name for c in box.cards})
        missing = [i for i in ids if i not in pool]
        if missing:
            raise ValueError(f"card {missing[0]!r} has no data in the card database")
        boxes = {home[i] for i in ids}
        if boxes == {"base"}:
            aids = self.aids
        elif len(boxes) == 1:
            aids = self.boxes[boxes.pop()].aids
        else:
            lines = {loc: {**aid.abilities, **{k: v for b in self.boxes.values()
                                              for k, v in b.aids[loc].abilities.items()}}
                     for loc, aid in self.aids.items()}
            aids = {loc: aid.model_copy(update={"abilities": {i: lines[loc][i] for i in ids}})
                    for loc, aid in self.aids.items()}
        update: dict = {"cards": [pool[i] for i in ids], "aids": aids}
        if len({home[i] for i in ids}) == 1 and home[ids[0]] != "base":
            update["name"] = self.boxes[home[ids[0]]].name     # "Oriflamme Alliance"
        return self.model_copy(update=update)

    @property
    def all_cards(self) -> list[Card]:
        """Every card with data, the base box's and the other boxes' (for
        narrating and drawing any example, whatever the cards it deals)."""
        seen = {c.id for c in self.cards}
        return list(self.cards) + [c for box in self.boxes.values() for c in box.cards
                                   if c.id not in seen]

    def card(self, card_id: str) -> Card:
        for c in self.all_cards:
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




