"""The one way a deck folder's files are reached: the card list, the layout
files, ``icons/`` and every picture go through :func:`inside` (and
:func:`read` for their bytes).

A deck folder may come from a stranger, so a name is resolved first (``..``,
an absolute path and symbolic links followed) and the real path must lie in
the folder's real path; only then is anything opened. Nothing outside is
read, so no message can quote a file outside the folder. Only regular files
are read (a FIFO would hang, a device never end), at most ``limit`` bytes.
"""
from __future__ import annotations

import os
import stat
from pathlib import Path

from ..errors import InputError


def inside(folder: Path, name: str | Path, where: str, what: str) -> Path:
    """The real path of ``folder/name``, refused (one line: ``where: what
    'name': ...``) unless it lies inside ``folder``'s real path. ``name`` is
    a name from a file (a ``str``) or a path already made (a ``Path``)."""
    root = Path(folder).resolve()
    try:
        path = (Path(folder) / name).resolve()
        path.relative_to(root)
    except (ValueError, OSError, RuntimeError):    # RuntimeError: a symlink loop
        named = f"{what} {name!r}" if isinstance(name, str) else f"{what}: a link"
        raise InputError(f"{where}: {named} leading out of the folder: only files inside "
                         "the deck's folder may be used") from None
    return path


def listing(folder: Path, sub: str, where: str) -> list[tuple[str, Path]]:
    """The entries of the subfolder ``sub`` of ``folder`` as (name, real
    path), sorted by name, each checked with :func:`inside`; ``[]`` when
    there is no such folder."""
    if not (Path(folder) / sub).is_dir():
        return []
    real = inside(folder, sub, where, "folder")
    names = sorted(p.name for p in real.iterdir())
    return [(name, inside(folder, f"{sub}/{name}", where, "file")) for name in names]


def read(path: Path, shown: str, limit: int) -> bytes:
    """The bytes of ``path`` (already through :func:`inside`): a regular file
    of at most ``limit`` bytes, else one line naming ``shown``."""
    flags = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise InputError(f"{shown}: no such file") from None
    except OSError as e:
        raise InputError(f"{shown}: cannot read: {e.strerror or e}") from None
    with os.fdopen(fd, "rb") as f:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"{shown}: not a regular file")
        if info.st_size > limit:
            raise InputError(f"{shown}: larger than {_size(limit)}")
        try:
            data = f.read(limit + 1)
        except OSError as e:
            raise InputError(f"{shown}: cannot read: {e.strerror or e}") from None
    if len(data) > limit:        # grew while being read
        raise InputError(f"{shown}: larger than {_size(limit)}")
    return data


def yaml_values(raw: bytes) -> int:
    """At least as many as the values a YAML file holds: each begins at a
    ":", "-" or "," (block or flow style). PyYAML reads a node at a time in
    pure Python, so a card list or layout is bounded by this count before
    it is parsed, not after minutes."""
    return raw.count(b":") + raw.count(b"-") + raw.count(b",")


def shown(path: Path) -> str:
    """``path`` for a message as the folder names it: a link by its own name,
    not its target's."""
    from ..paths import display
    path = Path(path)
    folder = display(path.parent)
    return path.name if folder in ("", ".") else f"{folder}/{path.name}"


def _size(limit: int) -> str:
    return f"{limit // 2**20} MiB" if limit >= 2**20 else f"{limit} bytes"
