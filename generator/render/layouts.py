"""Laid-out card texts, remembered by what they are made from.

A build asks for one deck's faces many times in each language: the deck
itself, another box's deck, the booklet's cards chapter, the web edition's
gallery. Fitting a card's words (every size from the largest down, every
line broken again) is most of the cost of printing its cards, and each of
those asks fits the same words to the same box.

A :class:`LayoutCache` keys a layout by the values it is made from (the
texts as the database and the catalogs hold them, the locale, the fonts,
the box's measures), never by a file's name, time or identity: an edited
file gives other texts, hence another key, and a layout is never handed out
for words it was not made from. A layout that fails (text too long, a
missing glyph) is not kept: the next ask fails again, with its own message.
The values kept are read-only (frozen dataclasses, or objects only drawn
from): every ask shares them.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from datetime import date
from typing import Any, Generic, TypeVar

from .lru import Lru

T = TypeVar("T")


class LayoutCache(Generic[T]):
    """At most ``size`` layouts, least recently used first out."""

    def __init__(self, size: int):
        self._kept: Lru[T] = Lru(size)

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The layout of ``key`` (a hashable value holding everything it is
        made from: see :func:`frozen`): the one kept, else ``make()``, kept."""
        value = self._kept.find(key, _MISSING)
        if value is _MISSING:
            value = make()
            self._kept.put(key, value)
        return value

    def clear(self) -> None:
        self._kept.clear()


_MISSING: Any = object()


def frozen(value: Any) -> Hashable:
    """``value`` as read from YAML or a model's fields (mappings, lists,
    strings, numbers) as a hashable key: a mapping becomes its items, a list a
    tuple, each tagged with its kind, so that values that differ never share a
    key (a list and a mapping, ``1`` and ``True`` and ``"1"``). A value of any
    other kind is keyed by a new object, equal to no other: its layout is
    made again each time, never handed out for another value."""
    if isinstance(value, str):
        return value
    if isinstance(value, dict):
        return ("{", tuple((frozen(k), frozen(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        return ("[", tuple(frozen(v) for v in value))
    if isinstance(value, (int, float, type(None), bytes, date)):   # a date, a datetime
        return (type(value).__name__, value)      # bool is an int: True is not 1
    return object()
