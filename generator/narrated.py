"""A worked example told once per locale in a process: the rules booklet,
the compendium and the web edition of one locale tell the same examples
with the same words, and a locale's kit is built in one worker process.

A game's ``narrate(outcome, db, locale)`` wrapped by :func:`told_once`
keeps what it told with what it was told from: the example's outcome and
the card database (the very objects: both are made again, as new objects,
when their files change) and the catalogs its words come from, as
:func:`~herald.generator.catalogs.load_catalog` hands them out (the same
object while every file a catalog is made from holds the same bytes, a new
one after any edit). The kept words are handed out again only while all
three are the same objects, so an edited file is never missed.
"""
from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import wraps
from typing import Any, TypeVar

from .catalogs import StepText
from .render.lru import Lru

# examples told, a locale each: a locale kit's (Oriflamme has about a hundred),
# told by its booklet, then by its web edition; the outcomes they keep alive
# are let go a kit or two later
MAX_TOLD = 256

Narrate = Callable[[Any, Any, str], list[StepText]]
T = TypeVar("T")


class KeptWhileSame:
    """Values each kept with the objects it was made from (an outcome, a card
    database, a catalog as :func:`~herald.generator.catalogs.load_catalog`
    hands it out), handed out again only while those are the very same
    objects: each is made again, as a new object, when its files change."""

    def __init__(self, size: int):
        self._kept: Lru[tuple] = Lru(size)

    def get(self, key: Hashable, sources: tuple, make: Callable[[], T]) -> T:
        """The value kept for ``key`` made from ``sources``, else ``make()``."""
        # the sources are kept with the value: while the entry lives their
        # ids are never another object's, so a key found is the same objects
        full = (key, tuple(map(id, sources)))
        entry = self._kept.find(full, None)
        if entry is not None:
            return entry[1]
        value = make()
        self._kept.put(full, (sources, value))
        return value


def told_once(catalogs: Callable[[Any, str], tuple]) -> Callable[[Narrate], Narrate]:
    """``narrate`` remembered (see the module's docstring); ``catalogs(db,
    locale)``: the catalogs its words are read from, fetched anew at each
    call (their identity says whether their files changed)."""
    def wrap(narrate: Narrate) -> Narrate:
        kept = KeptWhileSame(MAX_TOLD)

        @wraps(narrate)
        def remembered(outcome, db, locale: str) -> list[StepText]:
            told = kept.get(locale, (outcome, db, *catalogs(db, locale)),
                            lambda: narrate(outcome, db, locale))
            # a copy each: a caller may change what it is handed
            return [StepText(s.step_index, s.decision_text, list(s.sentences), s.number)
                    for s in told]

        return remembered
    return wrap
