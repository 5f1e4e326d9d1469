"""Readings of the rules sources, shared by every game.

Where a game's sources disagree or are silent, its engine follows one reading
by default and records the others, each with the source text, its section and
its line numbers, so that a booklet's rulings table can cite them:

* :class:`RuleOption`: two or more readings that both fit; the engine plays
  any of them (``options:`` in an example file), the first by default;
* an *interpretation* (:func:`interpretation`): a point settled once for all,
  the reading chosen and the one set aside, in the same shape;
* :class:`Ruling`: a silent point settled in writing, with no other reading.

Texts are per locale and in player words: the ids and values are the
engine's and are never printed.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any, Self


@dataclass(frozen=True)
class Cite:
    """A passage of a rules source: which text, which section, which lines."""
    source: str            # the rules source's number, like "002"
    section: str           # the section or card of that text, in its own words
    lines: str = ""        # line numbers in the source file, like "339-341"


@dataclass(frozen=True)
class Reading:
    value: str
    source: str              # which rules text ("002", "003", "herald"...)
    section: str             # which section of that text (or the line it quotes)
    summary: dict[str, str]  # per locale: what the reading says (player words)
    lines: str = ""          # line numbers of ``section`` in the source file
    also: tuple[Cite, ...] = ()   # further passages that support this reading

    @property
    def cites(self) -> tuple[Cite, ...]:
        return (Cite(self.source, self.section, self.lines),) + self.also


@dataclass(frozen=True)
class RuleOption:
    name: str
    title: dict[str, str]
    default: Reading
    alternatives: tuple[Reading, ...]
    reasoning: dict[str, str] = field(default_factory=dict)  # why the default

    @property
    def values(self) -> tuple[str, ...]:
        return (self.default.value,) + tuple(r.value for r in self.alternatives)


def interpretation(name: str, title: dict[str, str], chosen: Reading, other: Reading,
                   reasoning: dict[str, str] | None = None) -> RuleOption:
    """A point settled once for all: ``chosen`` is played, ``other`` set aside."""
    return RuleOption(name, title, chosen, (other,), reasoning or {})


@dataclass(frozen=True)
class Ruling:
    """A point the sources leave open, settled in writing (no option)."""
    name: str
    title: dict[str, str]
    ruling: dict[str, str]      # per locale: what Herald does
    cites: tuple[Cite, ...]
    reasoning: dict[str, str]

    # The shape of a RuleOption with no other reading, so that one rulings
    # table prints both (``default.summary`` is the ruling, its cites the sources).
    alternatives: tuple[Any, ...] = ()

    @property
    def default(self) -> Reading:
        first = self.cites[0]
        return Reading("", first.source, first.section, self.ruling, first.lines,
                       self.cites[1:])


class OptionSet:
    """Base of a game's ``Options`` (a frozen dataclass with one field per rule
    option, defaulting to its default reading); the subclass names its options
    in ``RULES``."""
    RULES: tuple[Any, ...] = ()

    @classmethod
    def from_mapping(cls, values: Mapping[str, str] | None) -> Self:
        """Build options from a mapping; raise ValueError naming a bad key or value."""
        values = dict(values or {})
        by_name = {o.name: o for o in cls.RULES}
        for name, value in values.items():
            option = by_name.get(name)
            if option is None:
                raise ValueError(f"unknown rule option {name!r}; known: " + ", ".join(by_name))
            if value not in option.values:
                raise ValueError(f"rule option {name!r} cannot be {value!r}; "
                                 f"choose one of: {', '.join(option.values)}")
        return cls(**values)

    def non_default(self) -> dict[str, str]:
        return {o.name: getattr(self, o.name) for o in self.RULES
                if getattr(self, o.name) != o.default.value}

    @classmethod
    def check_fields(cls) -> None:
        """Every rule option is a field whose default is its default reading,
        and the reverse (checked when the game's module loads)."""
        fields = getattr(cls, "__dataclass_fields__", {})
        assert {o.name for o in cls.RULES} == set(fields), cls
        assert all(getattr(cls(), o.name) == o.default.value for o in cls.RULES), cls
