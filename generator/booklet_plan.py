"""A game's ``assets/<game>/booklet.yaml``: where its worked examples print.

Two documents print them. The *compendium* (``<game>-examples-<paper>.pdf``)
holds every worked example, one chapter per section of the rules, in the
order ``examples`` gives (section id → example ids); an example no section
names follows in a last chapter, by file name. The *rules* booklet prints
only ``booklet``, the examples that teach best, each after the section the
compendium files it under (a rules sheet prints them after its rules, in
that order). ``omit`` names examples ``herald verify`` checks that neither
document prints (a recorded game of bots is a test, not reading).

Which examples teach is the game's data: nothing in the generic code names
one. Every id must be a built-in example, named once. A game package may
have no booklet.yaml: its rules booklet then prints every example after the
rules.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .errors import InputError
from .paths import display, game_assets
from .yamlfile import line_of, load_yaml


@dataclass(frozen=True)
class Plan:
    chapters: dict[str, list[str]]      # section id -> example ids, compendium order
    booklet: list[str]                  # the rules booklet's examples, in order
    omit: frozenset[str]
    config: dict = field(default_factory=dict)   # the whole file (the game's own keys)
    lines: dict = field(default_factory=dict, repr=False, compare=False)

    def check_sections(self, sections: list[str], game: str) -> None:
        """Every chapter names a section of the rules (else its examples would
        print nowhere)."""
        for section in self.chapters:
            if section not in sections:
                line = line_of(self.lines, ("examples", section))
                raise InputError(f"{display(plan_path(game))}:{line}: examples.{section}: "
                                 f"no section {section!r} in the rules (sections: "
                                 f"{', '.join(sections)})")

    def section_of(self, example_id: str) -> str | None:
        for section, ids in self.chapters.items():
            if example_id in ids:
                return section
        return None


def plan_path(game: str) -> Path:
    return game_assets(game) / "booklet.yaml"


def load_plan(game: str, known: set[str] | None,
              shown: set[str] | frozenset[str] = frozenset()) -> Plan:
    """The plan of ``game``, every id checked against ``known`` (the built-in
    examples that have something to show; None: not checked again). Without a
    booklet.yaml, the rules booklet prints the examples ``known`` names, else
    those of ``shown`` (the verified examples a document is given)."""
    path = plan_path(game)
    if not path.is_file():
        # a game package may leave it out: every example then prints at the
        # end of the rules booklet, by id, and in the compendium
        return Plan({}, sorted(shown if known is None else known), frozenset())
    data, lines = load_yaml(path)
    data = data or {}

    def bad(where: tuple, message: str) -> InputError:
        line = line_of(lines, where)
        at = f":{line}" if line else ""
        return InputError(f"{display(path)}{at}: {'.'.join(map(str, where))}: {message}")

    def ids(value, where: tuple) -> list[str]:
        if value is None:
            return []
        if not isinstance(value, list) or not all(isinstance(i, str) for i in value):
            raise bad(where, "expected a list of example ids")
        for n, example_id in enumerate(value, 1):
            if known is not None and example_id not in known:
                raise bad((*where, n), f"no built-in example {example_id!r} with steps "
                                       "to show")
        return list(value)

    if not isinstance(data, dict):
        raise InputError(f"{display(path)}:1: (top): expected a mapping of examples, booklet "
                         "and omit")
    chapters_raw = data.get("examples") or {}
    if not isinstance(chapters_raw, dict):
        raise bad(("examples",), "expected a mapping of section ids to example ids")
    chapters = {str(section): ids(value, ("examples", section))
                for section, value in chapters_raw.items()}
    seen: dict[str, str] = {}
    for section, members in chapters.items():
        for example_id in members:
            if example_id in seen:
                raise bad(("examples", section), f"{example_id!r} is already filed under "
                                                 f"{seen[example_id]!r}")
            seen[example_id] = section
    booklet = ids(data.get("booklet"), ("booklet",))
    omit = ids(data.get("omit"), ("omit",))
    for example_id in omit:
        if example_id in seen:
            raise bad(("omit",), f"{example_id!r} is also filed under {seen[example_id]!r}")
    for n, example_id in enumerate(booklet, 1):
        if example_id in omit:
            raise bad(("booklet", n), f"{example_id!r} is also in omit")
        if booklet.count(example_id) > 1:
            raise bad(("booklet", n), f"{example_id!r} is named twice")
    return Plan(chapters, booklet, frozenset(omit), data, lines)
