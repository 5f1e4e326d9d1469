"""The one date a build carries: on the covers and in every PDF's CreationDate.

The reproducible-builds convention: ``SOURCE_DATE_EPOCH`` (seconds since
1970, UTC) when set; otherwise one fixed date, :data:`FIXED_DATE`, so that
the same inputs give byte-identical files whatever day they are built, and
the date a cover prints is the date its file claims.

reportlab stamps its documents from ``SOURCE_DATE_EPOCH`` itself (else, in
its ``invariant`` mode, from 2000-01-01): :func:`pin_epoch` writes the
build's epoch into the environment so that reportlab, every worker process
and the covers read the same one.
"""
from __future__ import annotations

import datetime as _dt
import os

__all__ = ["FIXED_DATE", "build_date", "build_epoch", "pin_epoch"]

# The date of this version of Herald: a build without SOURCE_DATE_EPOCH is
# dated by the code that made it, never by the clock.
FIXED_DATE = _dt.date(2026, 11, 27)
_MAX_EPOCH = 253402300799          # 9999-12-31T23:59:59Z: reportlab's dates have four digits


def build_epoch() -> int:
    """The build's date in seconds since 1970 (UTC). InputError for a
    ``SOURCE_DATE_EPOCH`` that is not a whole number of seconds."""
    text = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not text:
        return int(_dt.datetime.combine(FIXED_DATE, _dt.time(), _dt.UTC).timestamp())
    if not text.isdigit() or int(text) > _MAX_EPOCH:
        from ..errors import InputError
        raise InputError(f"SOURCE_DATE_EPOCH {text!r}: expected whole seconds since 1970 "
                         "(the reproducible-builds convention)")
    return int(text)


def build_date() -> _dt.date:
    """The build's date (UTC) as a cover prints it."""
    return _dt.datetime.fromtimestamp(build_epoch(), _dt.UTC).date()


def pin_epoch() -> int:
    """Set ``SOURCE_DATE_EPOCH`` to the build's epoch (unchanged when already
    set) so that reportlab's CreationDate and the covers agree; the epoch."""
    epoch = build_epoch()
    os.environ["SOURCE_DATE_EPOCH"] = str(epoch)
    return epoch
