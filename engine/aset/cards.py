"""Families and numbered cards of L'Ordre d'Asèt.

A numbered card is a small int, ``family * 8 + value`` (value 1 to 7), so
hands, treasures and the Prison are tuples of ints and the solver's key stays
cheap. The string ids are the ones used in the card database, in example
files and in the notation (``"yellow 7"``).

The card names carry no value in the rules source (003): Herald reads the
listed order, Assassin 1 … Commandeur 7 (see the interpretation
``card_values`` in :mod:`.options`).
"""
from __future__ import annotations

VALUES = (1, 2, 3, 4, 5, 6, 7)
KINDS = ("assassin", "idol", "archer", "spirit", "halfling", "witch", "commander")
KIND_OF_VALUE = {v: k for v, k in zip(VALUES, KINDS)}
VALUE_OF_KIND = {k: v for v, k in KIND_OF_VALUE.items()}


def card(family: int, value: int) -> int:
    return family * 8 + value


def family_of(c: int) -> int:
    return c >> 3


def value_of(c: int) -> int:
    return c & 7
