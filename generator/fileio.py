"""Writing output files atomically: a temporary file renamed into place, so a
failure never leaves a half-written file behind."""
from __future__ import annotations

import os
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


def _discard(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except OSError:
        pass
