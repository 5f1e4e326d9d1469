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

import re
import sys
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from importlib.metadata import EntryPoint, entry_points
from pathlib import Path
from typing import Any

from .checked import CheckedGame, PackageFault, unwrap
from .interface import GAME_ATTRIBUTES, GAME_METHODS, INTERFACE_VERSION, SUPPORTED_VERSIONS

GROUP = "herald.games"


@dataclass(frozen=True)
class Registered:
    """Where a game comes from, as ``herald games`` lists it."""
    name: str
    package: str           # the distribution that declares the entry point
    version: str           # that distribution's version
    interface: int | None  # the interface version the game says it was written for
    problem: str = ""      # why it is set aside; "" when it works
    folder: str = ""       # where a package's code lies (its faults are told by it)


class Registry(Mapping[str, Any]):
    """The games of the ``herald.games`` entry points, loaded on first use so
    that importing the engine imports no game."""

    def __init__(self, group: str = GROUP, points: Iterable[EntryPoint] | None = None):
        self.group = group
        self._points = points          # a test's own entry points, else the installed ones
        self._games: dict[str, Any] | None = None
        self._info: dict[str, Registered] = {}

    def _load(self) -> dict[str, Any]:
        if self._games is None:
            games: dict[str, Any] = {}
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
            # a package's game behind the guard of engine/checked.py; Herald's own
            # as they are (their tests hold them to the same rules)
            games = {name: game if info.package == HERALD else CheckedGame(
                         game, f"game {name!r} (package {info.package} {info.version})")
                     for _, name, game, info in loaded if not info.problem}
            self._games = games
        return self._games

    def __getitem__(self, name: str) -> Any:
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


def _order(point: EntryPoint, game: object) -> tuple[bool, str, float, str]:
    dist = getattr(point, "dist", None)
    package = dist.metadata["Name"] if dist is not None else ""
    own = getattr(game, "order", None)
    rank = own if isinstance(own, (int, float)) and not isinstance(own, bool) else float("inf")
    return package != HERALD, package, rank, point.name


def _load_one(point: EntryPoint) -> tuple[object, Registered]:
    dist = getattr(point, "dist", None)
    package = dist.metadata["Name"] if dist is not None else "?"
    version = dist.version if dist is not None else "?"

    def refused(problem: str, interface: Any = None) -> tuple[object, Registered]:
        return None, Registered(point.name, package, version, interface,
                                f"game {point.name!r} (package {package} {version}): {problem}")

    try:
        game: Any = point.load()
    except Exception as exc:   # any fault of a stranger's package stays contained
        first = (str(exc).splitlines() or [""])[0]
        return refused(f"cannot load {point.value}: {type(exc).__name__}: {first}")
    interface = getattr(game, "interface_version", None)
    if interface not in SUPPORTED_VERSIONS:
        return refused(f"written for interface version {interface}, this Herald has "
                       f"version {INTERFACE_VERSION}", interface)
    missing = [a for a in GAME_ATTRIBUTES if not hasattr(game, a)]
    missing += [m for m in GAME_METHODS if not callable(getattr(game, m, None))]
    if missing:
        return refused(f"the game lacks {', '.join(missing)} of the interface", interface)
    if game.name != point.name:
        return refused(f"the entry point is named {point.name!r} but the game calls itself "
                       f"{game.name!r}", interface)
    return game, Registered(point.name, package, version, interface,
                            folder=_code_folder(point.module) if package != HERALD else "")


def _code_folder(module: str) -> str:
    """The folder of the top-level package ``module`` belongs to (or the file of
    a one-module game): every frame of a fault inside it is the package's."""
    top = sys.modules.get(module.partition(".")[0])
    where = getattr(top, "__file__", None)
    if not where:
        return ""
    path = Path(where).resolve()
    return str(path.parent if path.name == "__init__.py" else path)


# A frame of a traceback printed in another process (a worker's fault reaches
# the parent as text: concurrent.futures' _RemoteTraceback)
_FRAME = re.compile(r'File "([^"]+)", line (\d+), in (\S+)')


def _frames(exc: BaseException) -> list[tuple[str, int, str, object]]:
    """(file, line, function, its ``self``) of every frame of ``exc`` and of the
    exceptions it was raised from, outermost first."""
    out: list[tuple[str, int, str, object]] = []
    seen: set[int] = set()
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is None or id(e) in seen:
            continue
        seen.add(id(e))
        tb = e.__traceback__
        while tb is not None:
            code = tb.tb_frame.f_code
            out.append((code.co_filename, tb.tb_lineno, code.co_name,
                        tb.tb_frame.f_locals.get("self")))
            tb = tb.tb_next
        if type(e).__name__ == "_RemoteTraceback":
            out += [(f, int(n), fn, None) for f, n, fn in _FRAME.findall(str(e))]
        todo += [e.__cause__, e.__context__]
    return out


def package_fault(exc: BaseException, registry: Registry | None = None) -> str | None:
    """The one line that names the game package whose code raised ``exc`` (a
    bug in a stranger's package, not bad input) and what failed: the game's
    method Herald called, the exception, and the package's file and line. None
    when no installed package's code is in the traceback (Herald's own fault:
    it keeps its traceback)."""
    registry = registry if registry is not None else GAMES
    checked = [e for e in _chain(exc) if isinstance(e, PackageFault)]
    if checked:                 # a wrong value, caught by engine/checked.py
        return checked[0].line
    frames = _frames(exc)
    packages = [info for info in registry.registered() if info.folder]
    for file, _, what, owner in frames:     # outermost first: the method Herald called
        ours = [i for i in packages if _within(file, i.folder)]
        if not ours:
            continue
        # a package may declare several games: the one whose method it was
        info = next((i for i in ours if unwrap(registry.get(i.name)) is owner), ours[0])
        inside = [(f, n) for f, n, _, _ in frames if _within(f, info.folder)]
        where, line = inside[-1]            # where it failed
        first = (str(exc).splitlines() or [""])[0]
        return (f"game {info.name!r} (package {info.package} {info.version}): {what} "
                f"failed: {type(exc).__name__}: {first} ({Path(where).name}:{line}); "
                "a fault in the package's code")
    return None


def _chain(exc: BaseException) -> list[BaseException]:
    """``exc`` and the exceptions it was raised from or during."""
    out: list[BaseException] = []
    todo: list[BaseException | None] = [exc]
    while todo:
        e = todo.pop()
        if e is not None and all(e is not o for o in out):
            out.append(e)
            todo += [e.__cause__, e.__context__]
    return out


def _within(file: str, folder: str) -> bool:
    try:
        path = str(Path(file).resolve())
    except OSError:
        return False
    return path == folder or path.startswith(folder.rstrip("/") + "/")


GAMES = Registry()
