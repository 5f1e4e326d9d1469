"""Which ten kinds of card a game deals: a box, or a mix of boxes.

Every family holds the same ten kinds (the Alliance box's "fiche Combinaison"
lets boxes be mixed; see the ``combination_sheet`` reconstruction). A game's
kinds are given as a preset name or as a list of ten card ids that a user
writes as data (an example's ``cards:``, ``herald play --cards``); both are
checked here: exactly ten, all known, none twice.
"""
from __future__ import annotations

from .cards import CARD_INDEX, CARDS

# The boxes as printed, and one mix of both (Herald's, not the publisher's:
# the scan does not give the Combination sheet's suggestions).
PRESETS: dict[str, tuple[str, ...]] = {
    "base": CARDS[:10],
    "alliance": CARDS[10:20],
    "mixed": ("soldier", "spy", "heir", "shapeshifter", "ambush",
              "empress", "deserter", "magistrate", "insurrection", "trade"),
}
BASE_BOX: tuple[int, ...] = tuple(range(10))
KINDS_PER_GAME = 10


def parse_box(value: object) -> tuple[int, ...]:
    """A preset name, a list of ten card ids, or those ids comma-separated, as
    card numbers, sorted (the deal does not depend on how a mix is listed);
    raise ValueError saying what is wrong."""
    if isinstance(value, str):
        if value in PRESETS:
            names: list[str] = list(PRESETS[value])
        elif "," in value:
            names = [w.strip() for w in value.split(",")]
        else:
            raise ValueError(f"unknown card set {value!r}; sets: {', '.join(PRESETS)}, "
                             f"or a list of {KINDS_PER_GAME} card ids")
    elif isinstance(value, (list, tuple)):
        names = list(value)
    else:
        raise ValueError(f"cards is a set name ({', '.join(PRESETS)}) or a list of "
                         f"{KINDS_PER_GAME} card ids, not {value!r}")
    unknown = [n for n in names if not isinstance(n, str) or n not in CARD_INDEX]
    if unknown:
        raise ValueError(f"unknown card {unknown[0]!r}; cards: {', '.join(CARDS)}")
    twice = sorted({n for n in names if names.count(n) > 1})
    if twice:
        raise ValueError(f"{twice[0]!r} is listed twice: each kind of card once")
    if len(names) != KINDS_PER_GAME:
        raise ValueError(f"a game uses exactly {KINDS_PER_GAME} kinds of card per family, "
                         f"not {len(names)}")
    return tuple(sorted(CARD_INDEX[n] for n in names))


def box_name(box: tuple[int, ...]) -> str | list[str]:
    """The preset's name when ``box`` is one (in any order), else its card ids."""
    kinds = {CARDS[c] for c in box}
    for name, preset in PRESETS.items():
        if kinds == set(preset):
            return name
    return [CARDS[c] for c in box]
