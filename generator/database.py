"""Card databases: the YAML file that holds a game's cards, setup numbers and
texts, validated by the strict pydantic schema its game registers
(``herald.generator.games.<game>.Database``, chosen by the file's ``game:``).

``load_database(path)`` reads and checks one file; any problem becomes a
one-line :class:`InputError` naming the file, the line and the field, in the
same shape as the worked-example errors, e.g.::

    assets/oriflamme/database.yaml:97: cards.4.name.en: field required

Field paths use 1-based list indexes (``cards.4`` is the fourth card), like
every other Herald error message.
"""
from __future__ import annotations

import copy
import types
import typing
from pathlib import Path
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    ValidationError,
)

from .errors import InputError
from .filecache import ContentCache
from .locale_texts import REFERENCE, declared_locales, text_gaps, without_locale
from .paths import display, game_assets
from .schema_types import (  # noqa: F401  the field types, read from here by older schemas
    Count,
    Id,
    Locale,
    Localized,
    Located,
    Number,
    Positive,
    Strict,
    Text,
    check_localized,
    unique,
)
from .yamlfile import line_of, load_yaml

__all__ = ["Located", "Strict", "database_path", "incomplete_locales", "load_database",
           "schema_of"]

# -- loading -------------------------------------------------------------------


def database_path(game: str) -> Path:
    """Where the card database of ``game`` ships: ``assets/<game>/database.yaml``
    (``herald/assets/...`` once installed)."""
    if not game or "/" in game or "\\" in game or game.startswith("."):
        raise InputError(f"{game!r}: not a game name")
    return game_assets(game) / "database.yaml"


def load_database(path: Path | str):
    """Read and validate a card database; raise a one-line InputError on any problem.

    A command reads the same database several times (choosing locales, then
    each locale's deck and rules); the models are frozen, so one validated
    copy is shared while the file, and every file its translations come
    from, hold the same bytes (:mod:`.filecache`).
    """
    path = Path(path)
    if not path.is_file():
        shown = display(path)
        raise InputError(f"{shown}: no such file" if not path.exists()
                         else f"{shown}: not a file")
    # Syntax errors, duplicate keys, aliases and deep nesting are refused by
    # the one YAML reader every Herald file goes through.
    data, lines = _PARSED.get(path, [path], lambda: load_yaml(path))
    return _CHECKED.get(path, [path, *_translation_files(data)],
                        lambda: _checked(path, copy.deepcopy(data), lines))


# the file as read (never changed: _checked is handed a copy), and as validated
_PARSED: ContentCache[tuple[Any, dict]] = ContentCache(8)
_CHECKED: ContentCache[Any] = ContentCache(8)


def _translation_files(data) -> list[Path]:
    """The files the translations of a database naming ``game:`` come from
    (every locale's: see :func:`_with_translations`)."""
    game = data.get("game") if isinstance(data, dict) else None
    try:
        if not isinstance(game, str) or not database_path(game).is_file():
            return []
    except InputError:
        return []
    from .translations import game_locales, translation_files
    return translation_files(game, game_locales(game))


def _checked(path: Path, data, lines: dict):
    """The validated database read from ``path``."""
    shown = display(path)
    schema = schema_of(shown, data, lines)
    if not getattr(schema, "OWN_LOCALES", False):
        # a schema that finds its languages itself (the generic look's, whose
        # texts are written once in the package's language) is read as it is
        data = _with_translations(path, data)
        data = _complete_locales_only(data)
    from .translations import complete
    try:
        # a schema that finds its languages itself is handed the judge of a
        # complete language (the generic look's: look/schema.py)
        return schema.model_validate(data, context={"complete": complete})
    except ValidationError as e:
        raise InputError(_one_line(shown, e, data, lines, schema)) from None


def _with_translations(path: Path, data):
    """A database of a built-in game with its other locales filled in from the game's
    PO files: every locale that has all of the game's strings joins
    ``locales:``, and the engine's readings get the same locales (the engine
    itself carries only the French)."""
    from .translations import complete, fill, fill_engine, fillable, game_locales, source_language
    game = data.get("game")
    if not isinstance(game, str) or not database_path(game).is_file():
        return data
    declared = declared_locales(data) or [source_language(game)]
    # a locale still being translated stays out (herald i18n check lists it),
    # and so does one that lacks a text of this file (a copy edited in French)
    extra = [x for x in game_locales(game) if x not in declared and complete(game, x)
             and fillable(data, game, x, "card database ")]
    fill(data, game, extra, "card database ")
    data["locales"] = declared + extra
    fill_engine(game, data["locales"])
    return data


def _complete_locales_only(data):
    """``data`` without the locales still being translated (listed in
    ``locales:`` but missing texts the reference locale has): the database
    stays usable in its complete locales while a new one is added, and
    ``herald i18n check`` lists what the new one lacks."""
    for locale in declared_locales(data):
        if locale != REFERENCE and REFERENCE in declared_locales(data) and any(
                gap.startswith("missing:") for gap in text_gaps(data, locale)):
            data = without_locale(data, locale)
    return data


def incomplete_locales(game: str) -> list[str]:
    """The locales ``game``'s database lists that the loader set aside as
    incomplete (see :func:`_complete_locales_only`)."""
    db = load_database(database_path(game))
    data, _ = load_yaml(database_path(game))
    from .translations import game_locales
    return [x for x in dict.fromkeys(declared_locales(data) + game_locales(game))
            if x not in db.locales]


def schema_of(shown: str, data, lines: dict) -> type[BaseModel]:
    """The schema registered by the game the file names in ``game:``."""
    from .kits import kit, known_game
    if not isinstance(data, dict):
        raise InputError(f"{shown}: a card database is a YAML mapping that starts with "
                         "'game: <name>'")
    game = known_game(data.get("game"), f"{shown}:{line_of(lines, ('game',)) or 1}: game: ")
    return kit(game).Database


def _one_line(shown: str, e: ValidationError, data, lines: dict, schema) -> str:
    errors = e.errors(include_url=False)
    err = errors[0]
    loc = tuple(err["loc"])
    cause = (err.get("ctx") or {}).get("error")
    if isinstance(cause, Located):
        loc += cause.loc
        msg = cause.message
    elif err["type"] == "missing":
        msg = "field required"
    elif err["type"] == "extra_forbidden":
        allowed = _fields_at(schema, loc[:-1])
        msg = "unknown key" + (f"; expected one of: {', '.join(allowed)}" if allowed else "")
    elif isinstance(cause, ValueError):
        msg = str(cause)
    elif not loc and err["type"] == "model_type":
        msg = "a card database is a YAML mapping: " + ", ".join(schema.model_fields)
    elif err.get("input", "") is None:
        msg = "empty value (note: an unquoted # starts a YAML comment)"
    else:
        msg = err["msg"]
        msg = msg[:1].lower() + msg[1:]
    path = _one_based(loc, data)
    field = ".".join(str(p) for p in path) or "(top)"
    line = line_of(lines, path)
    where = f"{shown}:{line}" if line else shown
    more = len(errors) - 1
    tail = f" (and {more} more error{'s' if more > 1 else ''})" if more else ""
    return " ".join(f"{where}: {field}: {msg}{tail}".split())


def _one_based(loc: tuple, data) -> tuple:
    """Pydantic's location with list indexes made 1-based (dict keys untouched)."""
    out = []
    node = data
    for part in loc:
        if part == "[key]":
            continue
        if isinstance(node, list) and isinstance(part, int):
            out.append(part + 1)
            node = node[part] if 0 <= part < len(node) else None
        else:
            out.append(part)
            node = node.get(part) if isinstance(node, dict) else None
    return tuple(out)


def _fields_at(schema, loc: tuple) -> list[str]:
    """The field names of the model found at ``loc`` (0-based), if any."""
    tp: Any = schema
    for part in loc:
        tp = _unwrap(tp)
        if isinstance(tp, type) and issubclass(tp, BaseModel):
            if part not in tp.model_fields:
                return []
            tp = tp.model_fields[part].annotation
        else:
            origin, args = typing.get_origin(tp), typing.get_args(tp)
            if origin is list and args:
                tp = args[0]
            elif origin is dict and len(args) == 2:
                tp = args[1]
            else:
                return []
    tp = _unwrap(tp)
    if isinstance(tp, type) and issubclass(tp, BaseModel):
        return list(tp.model_fields)
    return []


def _unwrap(tp):
    while True:
        origin = typing.get_origin(tp)
        if origin is Annotated:
            tp = typing.get_args(tp)[0]
        elif origin in (typing.Union, types.UnionType):
            args = [a for a in typing.get_args(tp) if a is not type(None)]
            if len(args) != 1:
                return tp
            tp = args[0]
        else:
            return tp
