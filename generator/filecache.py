"""What Herald makes of its files (a validated database, a PO file's usable
translations, the list of a game's texts), remembered by the files'
contents, never by their modification times.

A time says nothing of an edit made within the clock's tick (two saves in
the same second, a file copied with its time kept, a clock set back), and a
size may stay the same: a cache keyed by them hands out what an earlier
version of a file made. A :class:`ContentCache` entry is kept with the bytes
of every file its value was made from, and served only while each of those
files holds the same bytes (and the same files exist): reading a file to
compare it costs a fraction of parsing, checking and translating it again.

A file that cannot be compared safely (not a regular file, a symbolic link,
larger than :data:`MAX_BYTES`, unreadable) is not remembered: its value is
made again each time, by the reader that refuses it in one line.

Within a :func:`snapshot` (one ``herald build``, one ``herald rules``), a
value checked once is served without reading its files again: a kit is made
from one version of each file, not from whichever version each of its
thousands of lookups happened to read (a narration asks for its catalog once
an example). A file edited during the snapshot is seen by the next one.
"""
from __future__ import annotations

import itertools
import os
import stat
import threading
from collections.abc import Callable, Hashable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Generic, TypeVar

from .render.lru import Lru

T = TypeVar("T")

# the largest file compared by its bytes (a PO file is at most 8 MiB, a YAML file 16)
MAX_BYTES = 32 * 1024 * 1024
# what an absent file holds, as a key: its absence is part of what a value was made from
MISSING = "missing"

_FLAGS = os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0)


def contents(path: Path | str) -> bytes | str | None:
    """The bytes of ``path``; :data:`MISSING` when there is no such file;
    None when it cannot be compared safely (see the module's docstring)."""
    try:
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        return MISSING
    except OSError:         # a link (O_NOFOLLOW), no permission, a broken folder
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_size > MAX_BYTES:
            return None
        # read to the end (a file may grow while read), at most MAX_BYTES + 1
        chunks = []
        size, want = 0, info.st_size + 1
        while size <= MAX_BYTES:
            chunk = os.read(fd, min(want, MAX_BYTES + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            want = 1 << 16
    except OSError:
        return None
    finally:
        os.close(fd)
    if size > MAX_BYTES:
        return None
    data = b"".join(chunks)
    # the bytes last read from this path, when they are the same: every
    # cache entry made from one version of a file shares one copy of it (and
    # compares to it by identity)
    with _LOCK:
        seen = _SEEN.get(path)
        if seen == data:
            return seen
        _SEEN[path] = data
    return data


# path -> the bytes last read from it (one copy per file, whichever cache holds it)
_SEEN: dict[str | Path, bytes] = {}
_LOCK = threading.Lock()


# the snapshot open now (0: none); each one opened gets a new number
_SNAPSHOTS = itertools.count(1)
_snapshot = 0


@contextmanager
def snapshot() -> Iterator[None]:
    """Files read once for the time of the block (see the module's
    docstring). Opened inside another, it starts afresh: what the outer one
    checked is checked again."""
    global _snapshot
    outer = _snapshot
    _snapshot = next(_SNAPSHOTS)
    try:
        yield
    finally:
        _snapshot = outer


Files = Iterable[Path] | Callable[[], Iterable[Path]]


class ContentCache(Generic[T]):
    """At most ``size`` values, each kept with the contents of the files it
    was made from (least recently used first out)."""

    def __init__(self, size: int):
        # key -> (files' paths and contents, value, the snapshot it was checked in)
        self._entries: Lru[tuple[tuple, T, int]] = Lru(size)

    def get(self, key: Hashable, files: Files, make: Callable[[], T]) -> T:
        """The value of ``key``: the one kept, while ``files`` (or what a
        callable ``files`` lists: not asked when the value was checked in
        this snapshot) hold what they held when it was made; else
        ``make()``, kept with their contents."""
        now = _snapshot
        entry = self._entries.find(key, None)
        if now and entry is not None and entry[2] == now:
            return entry[1]
        listed = files() if callable(files) else files
        # each file once: a list of them may name one twice (a catalog is
        # also among its folder's grammar files)
        paths = tuple(dict.fromkeys(map(str, listed)))
        held = tuple(map(contents, paths))
        version = (paths, held)
        if entry is not None and entry[0] == version:
            self._entries.put(key, (version, entry[1], now))
            return entry[1]
        value = make()
        if None not in held:
            self._entries.put(key, (version, value, now))
        return value

    def clear(self) -> None:
        self._entries.clear()
