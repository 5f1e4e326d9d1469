"""What a rules document is made from, handed to render whole.

The loading side (:mod:`herald.generator.documents`) reads the rules
catalog, the game's ``booklet.yaml`` and the cover's notes; the booklet and
the web edition lay out these values and read no file themselves.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .cover import CoverNotes


@dataclass(frozen=True)
class Sources:
    """A game's rules in one locale, as data."""
    text: dict                  # the locale's rules text (rules.yaml, translated)
    # where each worked example prints (herald.generator.booklet_plan.Plan:
    # chapters, booklet, config, section_of)
    plan: Any
    cover: CoverNotes           # the cover's contents and credits
