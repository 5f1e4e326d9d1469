"""Writing output files atomically: a temporary file renamed into place, so a
failure never leaves a half-written file behind."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from .errors import InputError


def write_atomic(path: Path, data: bytes | str) -> None:
    path = Path(path)
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
    except BaseException:
        shutil.rmtree(staging, ignore_errors=True)
        raise
    return [folder / name for name in files]


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
