"""The building blocks of every card database schema: the field types
(``Id``, ``Text``, ``Localized``…), :class:`Strict` (the base model) and the
checks a schema's validators share. A game's schema (its look's
``schema.py``) is built from these alone, so that it imports nothing that
loads databases (:mod:`.database` finds a game's schema through its look).
"""
from __future__ import annotations

from typing import Annotated

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StringConstraints

# -- field types --------------------------------------------------------------

Id = Annotated[str, StringConstraints(pattern=r"^[a-z][a-z0-9_]*$")]
Locale = Annotated[str, StringConstraints(pattern=r"^[a-z]{2,3}(-[A-Z]{2})?$")]
def _not_blank(text: str) -> str:
    if not text.strip():
        raise ValueError("blank text (only spaces): write the text or remove the field")
    return text


# A printed text: at least one visible character.
Text = Annotated[str, StringConstraints(min_length=1), AfterValidator(_not_blank)]
Count = Annotated[int, Field(ge=1)]
Number = Annotated[int, Field(ge=0)]
Positive = Annotated[int, Field(ge=1)]

Localized = dict[str, Text]          # locale -> text

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


class Strict(BaseModel):
    """Base of every game's schema: unknown keys are errors, types are not coerced."""
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


def check_localized(locales, where: tuple, mapping: dict) -> None:
    """A text given per locale: every locale of the database, and no other."""
    for locale in locales:
        if locale not in mapping:
            raise Located(where + (locale,), "field required (every text needs each "
                          f"locale: {', '.join(locales)})")
    for key in mapping:
        if key not in locales:
            raise Located(where + (key,), f"locale {key!r} is not in locales "
                          f"({', '.join(locales)})")


def unique(items, where: str) -> None:
    """No two ``items`` (with an ``id``) share an id."""
    first: dict[str, int] = {}
    for i, item in enumerate(items):
        if item.id in first:
            raise Located((where, i, "id"), f"duplicate id {item.id!r} "
                          f"(already {where}.{first[item.id] + 1}.id)")
        first[item.id] = i

