"""The one date a build carries: on the covers and in every PDF's CreationDate.

The reproducible-builds convention: ``SOURCE_DATE_EPOCH`` (seconds since
1970, UTC) when set; otherwise one fixed date, :data:`FIXED_DATE`, so that
the same inputs give byte-identical files whatever day they are built, and
the date a cover prints is the date its file claims.

The environment is only read, never written: every PDF is made on a
:class:`DatedCanvas`, which is given the build's date (by default
:func:`build_epoch`) rather than letting reportlab read the clock or the
environment, and the worker processes of a build read the same variable the
command was started with.
"""
from __future__ import annotations

import datetime as _dt
import os
import time
from hashlib import md5

from reportlab.pdfgen.canvas import Canvas

__all__ = ["FIXED_DATE", "DatedCanvas", "build_date", "build_epoch", "stamp"]

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


def build_date(epoch: int | None = None) -> _dt.date:
    """The date (UTC) of ``epoch`` (default: the build's) as a cover prints it."""
    return _dt.datetime.fromtimestamp(build_epoch() if epoch is None else epoch, _dt.UTC).date()


def stamp(canvas: Canvas, epoch: int) -> None:
    """Date the PDF of a canvas just made at ``epoch``: its CreationDate and
    ModDate, and the seed of its /ID, the same bytes as reportlab's own
    ``SOURCE_DATE_EPOCH=epoch`` gives.

    reportlab has no public way to give a document its date: ``setDateFormatter``
    changes the two dates but not the /ID, whose digest its PDFDocument seeds
    from the environment (else 2000-01-01, in ``invariant`` mode) when it is
    made. So the two things it took from there are set again here, before
    anything else has gone into the digest (reportlab adds the document's
    title, author and pages only when it saves)."""
    doc = canvas._doc                                   # noqa: SLF001 (see above)
    ts = doc._timeStamp                                 # noqa: SLF001
    ts.t, ts.lt = epoch, time.gmtime(epoch)
    ts.YMDhms, ts.dhh, ts.dmm, ts.tzname = tuple(ts.lt)[:6], 0, 0, "UTC"
    doc.signature = md5(b"a reportlab document", usedforsecurity=False)
    doc.signature.update(ascii(epoch).encode("ascii"))


class DatedCanvas(Canvas):
    """A reportlab canvas in ``invariant`` mode dated at ``epoch`` (default:
    the build's, :func:`build_epoch`): what every PDF of Herald is drawn on,
    directly or as a document template's ``canvasmaker``."""

    def __init__(self, *args, epoch: int | None = None, **kwargs):
        kwargs["invariant"] = 1
        super().__init__(*args, **kwargs)
        stamp(self, build_epoch() if epoch is None else epoch)
