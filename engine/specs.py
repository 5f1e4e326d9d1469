"""Reading the fields of a worked-example file, for every game's ``from_spec``
and ``check``: each wrong shape is a SpecError naming the field's path."""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from .interface import SpecError

# The fields of an example file that the example runner reads, whatever the
# game (engine/runner.py): a game's ``from_spec`` accepts them besides its own
# position fields, so that every game takes ``checks:`` and ``erratum:`` alike.
RUNNER_KEYS = frozenset({"game", "id", "title", "text", "play", "solve", "expect",
                         "checks", "erratum"})
# The expectations the runner checks itself (``illegal``: decisions refused;
# ``value``/``line``: a solve), in ``expect`` and in every ``checks`` entry.
RUNNER_EXPECTATIONS = frozenset({"illegal", "value", "line"})


def mapping(spec: dict[str, Any], key: str,
            path: Sequence[str | int] = ()) -> dict[Any, Any]:
    """``spec[key]`` as a mapping (absent: empty), keyed by player or card."""
    value = spec.get(key) or {}
    if not isinstance(value, dict):
        raise SpecError(list(path) + [key], f"{key} is a mapping, like {{player: ...}}")
    return value


def listed(value: object, path: Sequence[str | int]) -> list[Any]:
    if not isinstance(value, list):
        raise SpecError(path, "expected a list")
    return value


def whole(spec: dict[str, Any], key: str, default: int, minimum: int,
          maximum: int | None = None) -> int:
    """``spec[key]`` as a whole number within bounds (booleans refused)."""
    value = spec.get(key, default)
    if not isinstance(value, int) or isinstance(value, bool) or value < minimum or \
            (maximum is not None and value > maximum):
        within = f"from {minimum} to {maximum}" if maximum is not None else f"≥ {minimum}"
        raise SpecError([key], f"{key} must be a whole number {within}, not {value!r}")
    return value


def known_keys(spec: dict[str, Any], own: Iterable[str]) -> None:
    """Refuse a field of an example file that neither the runner nor the game
    (its position fields ``own``) reads, naming the keys known."""
    known = RUNNER_KEYS | set(own)
    unknown = set(spec) - known
    if unknown:
        key = min(unknown)
        raise SpecError([key], f"unknown key {key!r}; known keys: " + ", ".join(sorted(known)))


def known_expectations(expect: dict[str, Any], own: Iterable[str]) -> None:
    """Refuse an ``expect:`` key that neither the game (``own``) nor the runner
    checks (a typo would otherwise pass silently), naming the keys known."""
    known = RUNNER_EXPECTATIONS | set(own)
    unknown = set(expect) - known
    if unknown:
        raise SpecError(["expect", min(unknown)],
                        f"unknown expectation; known: {', '.join(sorted(known))}")
