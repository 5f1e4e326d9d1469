"""The registry of games, by the name used in example files (``game:``).

Every game, Herald's own three included, is found the same way: an installed
distribution declares it in the entry-point group ``herald.games``
(``NAME = "package.module:GAME"``, GAME being a :class:`~herald.engine.interface.Game`).
Herald's own ``pyproject.toml`` declares Oriflamme, L'Ordre d'Asèt and the
Lenormand duel there, so there is no list of built-in games anywhere else.

A package whose entry point fails to import, whose object lacks part of the
interface, or which was written for another version of it, is set aside with
one line saying why (:data:`GAMES.broken`): every other game keeps working,
and only asking for that game is an error.
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points

from .interface import GAME_ATTRIBUTES, GAME_METHODS, INTERFACE_VERSION

GROUP = "herald.games"


@dataclass(frozen=True)
class Registered:
    """Where a game comes from, as ``herald games`` lists it."""
    name: str
    package: str           # the distribution that declares the entry point
    version: str           # that distribution's version
    interface: int | None  # the interface version the game says it was written for
    problem: str = ""      # why it is set aside; "" when it works


class Registry(Mapping):
    """The games of the ``herald.games`` entry points, loaded on first use so
    that importing the engine imports no game."""

    def __init__(self, group: str = GROUP, points=None):
        self.group = group
        self._points = points          # a test's own entry points, else the installed ones
        self._games: dict | None = None
        self._info: dict[str, Registered] = {}

    def _load(self) -> dict:
        if self._games is None:
            games: dict = {}
            points = self._points if self._points is not None else entry_points(group=self.group)
            # Herald's own games first, then each installed package's by its
            # name; within a package, by the games' own ``order`` (Herald's:
            # oriflamme, aset, lenormand), then by name. Installers write a
            # package's entry points in alphabetical order and the packages are
            # found in the file system's, so neither may decide: the first game
            # is what a command without GAME plays.
            loaded = []
            for point in points:
                if point.name in self._info:        # two packages, one name: the first keeps it
                    continue
                game, info = _load_one(point)
                self._info[point.name] = info
                loaded.append((_order(point, game), point.name, game, info))
            loaded.sort(key=lambda row: row[0])
            self._info = {name: info for _, name, _, info in loaded}
            games = {name: game for _, name, game, info in loaded if not info.problem}
            self._games = games
        return self._games

    def __getitem__(self, name: str):
        return self._load()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    @property
    def broken(self) -> dict[str, str]:
        """Each game set aside, with the one line that says why."""
        self._load()
        return {name: info.problem for name, info in self._info.items() if info.problem}

    def registered(self) -> list[Registered]:
        """Every entry point of the group, working or not, in the registry's order."""
        self._load()
        return list(self._info.values())


HERALD = "herald"      # Herald's own distribution, which declares its three games


def _order(point: EntryPoint, game) -> tuple[bool, str, float, str]:
    dist = getattr(point, "dist", None)
    package = dist.metadata["Name"] if dist is not None else ""
    own = getattr(game, "order", None)
    rank = own if isinstance(own, (int, float)) and not isinstance(own, bool) else float("inf")
    return package != HERALD, package, rank, point.name


def _load_one(point: EntryPoint) -> tuple[object, Registered]:
    dist = getattr(point, "dist", None)
    package = dist.metadata["Name"] if dist is not None else "?"
    version = dist.version if dist is not None else "?"

    def refused(problem: str, interface=None):
        return None, Registered(point.name, package, version, interface,
                                f"game {point.name!r} (package {package} {version}): {problem}")

    try:
        game = point.load()
    except Exception as exc:   # any fault of a stranger's package stays contained
        first = (str(exc).splitlines() or [""])[0]
        return refused(f"cannot load {point.value}: {type(exc).__name__}: {first}")
    interface = getattr(game, "interface_version", None)
    if interface != INTERFACE_VERSION:
        return refused(f"written for interface version {interface}, this Herald has "
                       f"version {INTERFACE_VERSION}", interface)
    missing = [a for a in GAME_ATTRIBUTES if not hasattr(game, a)]
    missing += [m for m in GAME_METHODS if not callable(getattr(game, m, None))]
    if missing:
        return refused(f"the game lacks {', '.join(missing)} of the interface", interface)
    if game.name != point.name:
        return refused(f"the entry point is named {point.name!r} but the game calls itself "
                       f"{game.name!r}", interface)
    return game, Registered(point.name, package, version, interface)


GAMES = Registry()
