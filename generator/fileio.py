"""Writing output files atomically: a temporary file renamed into place, so a
failure never leaves a half-written file behind."""
from __future__ import annotations

import errno
import os
import shutil
import stat
import tempfile
from pathlib import Path

from .errors import InputError


def check_target(path: Path, option: str = "") -> None:
    """Refuse an output path that is anything but a regular file or a new
    name: writing would replace a device node (``/dev/null`` by another
    name), a pipe or a symbolic link (and not what it points to) with a
    regular file. ``option`` (``--record``) starts the line when given."""
    from .paths import display
    head = f"{option}: " if option else ""
    path = Path(path)
    shown = str(Path(display(path.parent)) / path.name)   # the link's name, not its target's
    try:
        mode = os.lstat(path).st_mode
    except FileNotFoundError:
        return
    except OSError as e:
        if e.errno == errno.ENOTDIR:        # a file where a folder is named: said on writing
            return
        raise InputError(f"{head}{shown}: cannot write there: {e.strerror}") from None
    if stat.S_ISLNK(mode):
        raise InputError(f"{head}{shown}: is a symbolic link; Herald replaces only "
                         "regular files (remove the link or name another file)")
    if stat.S_ISDIR(mode):
        raise InputError(f"{head}{shown}: is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise InputError(f"{head}{shown}: is a device or a pipe, not a regular "
                         "file; Herald replaces only regular files")


def check_source(path: Path) -> None:
    """Refuse to read anything but a regular file (a symlink to one is
    followed): a pipe would wait for a writer forever, a device would never
    end."""
    from .paths import display
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        raise InputError(f"{display(path)}: no such file") from None
    except OSError as e:
        if e.errno == errno.ENAMETOOLONG:
            raise
        raise InputError(f"{display(path)}: cannot read: {e.strerror or e}") from None
    if stat.S_ISDIR(mode):
        raise InputError(f"{display(path)}: is a folder, not a file")
    if not stat.S_ISREG(mode):
        raise InputError(f"{display(path)}: is a device or a pipe, not a file")


def write_atomic(path: Path, data: bytes | str) -> None:
    """Write ``data`` to ``path`` (new, or a regular file it replaces) in one
    rename: a reader sees the old file or the new one, never half of it."""
    path = Path(path)
    check_target(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as e:
        raise InputError(f"{path.parent}: cannot write there: {e.strerror or e}") from None
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data.encode("utf-8") if isinstance(data, str) else data)
        os.chmod(tmp, 0o644)   # mkstemp makes it private; output is for everyone to read
        os.replace(tmp, path)
    except OSError as e:       # a folder in the way, a full disk: bad output, one line
        _discard(tmp)
        raise InputError(f"{path}: cannot write there: {e.strerror or e}") from None
    except BaseException:
        _discard(tmp)
        raise


def write_new_folder(folder: Path, files: dict[str, str], folders: tuple[str, ...] = ()
                     ) -> list[Path]:
    """Write ``files`` (a relative path -> its text) and the empty ``folders``
    into ``folder``, which must be new or empty: all or nothing (a staging
    folder beside it, renamed into place when complete); the paths written.
    A starter deck's or game's files (``herald new``)."""
    folder = Path(folder)
    try:        # the files name their folder (a README's commands): text, not bytes
        str(folder).encode("utf-8")
    except UnicodeEncodeError:
        from .terminal import visible
        raise InputError(f"{visible(folder)}: the name is not UTF-8 text; choose a name "
                         "of letters your system writes as UTF-8") from None
    if folder.is_symlink():
        from .paths import display
        raise InputError(f"{display(folder)}: is a symbolic link; name a new or empty folder")
    if folder.exists() and (not folder.is_dir() or any(folder.iterdir())):
        from .paths import display
        raise InputError(f"{display(folder)}: already exists and is not an empty folder")
    parent = folder.resolve().parent
    try:
        parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=f".{folder.name}.", dir=parent))
    except OSError as e:
        from .paths import display
        raise InputError(f"{display(folder)}: cannot write there: {e.strerror or e}") from None
    try:
        for name, text in files.items():
            (staging / name).parent.mkdir(parents=True, exist_ok=True)
            (staging / name).write_text(text, encoding="utf-8")
        for name in folders:
            (staging / name).mkdir(parents=True, exist_ok=True)
        staging.chmod(0o755)
        if folder.exists():
            folder.rmdir()
        staging.rename(folder)
    except OSError as e:        # a full disk: nothing written, one line
        shutil.rmtree(staging, ignore_errors=True)
        from .paths import display
        raise InputError(f"{display(folder)}: cannot write there: {e.strerror or e}") from None
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [folder / name for name in files]


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
