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

from collections.abc import Callable
from functools import wraps
from typing import Any

from .catalogs import StepText
from .render.lru import Lru

# examples told, a locale each: a locale kit's (Oriflamme has about a hundred),
# told by its booklet, then by its web edition; the outcomes they keep alive
# are let go a kit or two later
MAX_TOLD = 256

Narrate = Callable[[Any, Any, str], list[StepText]]


def told_once(catalogs: Callable[[Any, str], tuple]) -> Callable[[Narrate], Narrate]:
    """``narrate`` remembered (see the module's docstring); ``catalogs(db,
    locale)``: the catalogs its words are read from, fetched anew at each
    call (their identity says whether their files changed)."""
    def wrap(narrate: Narrate) -> Narrate:
        kept: Lru[tuple] = Lru(MAX_TOLD)

        @wraps(narrate)
        def remembered(outcome, db, locale: str) -> list[StepText]:
            key = (id(outcome), id(db), locale)
            read = catalogs(db, locale)
            entry = kept.find(key, None)
            if (entry is not None and entry[0] is outcome and entry[1] is db
                    and len(entry[2]) == len(read)
                    and all(a is b for a, b in zip(entry[2], read))):
                told = entry[3]
            else:
                told = narrate(outcome, db, locale)
                # the outcome and database kept with it: their ids are never
                # another object's while the entry lives
                kept.put(key, (outcome, db, read, told))
            # a copy each: a caller may change what it is handed
            return [StepText(s.step_index, s.decision_text, list(s.sentences), s.number)
                    for s in told]

        return remembered
    return wrap
