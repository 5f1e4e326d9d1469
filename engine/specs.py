"""Reading the fields of a worked-example file, for every game's ``from_spec``
and ``check``: each wrong shape is a SpecError naming the field's path."""
from __future__ import annotations

from .interface import SpecError


def mapping(spec: dict, key: str, path=()) -> dict:
    """``spec[key]`` as a mapping (absent: empty), keyed by player or card."""
    value = spec.get(key) or {}
    if not isinstance(value, dict):
        raise SpecError(list(path) + [key], f"{key} is a mapping, like {{player: ...}}")
    return value


def listed(value, path) -> list:
    if not isinstance(value, list):
        raise SpecError(path, "expected a list")
    return value


def whole(spec: dict, key: str, default: int, minimum: int, maximum: int | None = None) -> int:
    """``spec[key]`` as a whole number within bounds (booleans refused)."""
    value = spec.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum or \
            (maximum is not None and value > maximum):
        within = f"from {minimum} to {maximum}" if maximum is not None else f"≥ {minimum}"
        raise SpecError([key], f"{key} must be a whole number {within}, not {value!r}")
    return value


def known_expectations(expect: dict, known) -> None:
    """Refuse an ``expect:`` key the game does not check (a typo would
    otherwise pass silently), naming the keys it knows."""
    unknown = set(expect) - set(known)
    if unknown:
        raise SpecError(["expect", sorted(unknown)[0]],
                        f"unknown expectation; known: {', '.join(sorted(known))}")
