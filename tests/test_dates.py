"""The build's date is handed to every PDF (render/dates.py's DatedCanvas),
never written into the environment; the bytes are those reportlab's own
SOURCE_DATE_EPOCH gives."""
from __future__ import annotations

import io
import os
import subprocess
import sys

import pypdf
from herald.generator.render.dates import FIXED_DATE, DatedCanvas, build_epoch
from reportlab.pdfgen.canvas import Canvas


def _pdf(make) -> bytes:
    buf = io.BytesIO()
    c = make(buf)
    c.setTitle("a page")
    c.drawString(72, 72, "dated")
    c.showPage()
    c.save()
    return buf.getvalue()


def test_a_dated_canvas_gives_the_bytes_of_reportlabs_own_epoch(monkeypatch):
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1767225600")
    reportlab_own = _pdf(lambda buf: Canvas(buf, invariant=1))
    monkeypatch.delenv("SOURCE_DATE_EPOCH")
    given = _pdf(lambda buf: DatedCanvas(buf, epoch=1767225600))
    assert given == reportlab_own
    assert b"D:20260101000000+00'00'" in given
    # and another date is another /ID, not only another CreationDate
    other = _pdf(lambda buf: DatedCanvas(buf, epoch=1767225601))
    assert other.split(b"/ID")[1] != given.split(b"/ID")[1]


def test_without_source_date_epoch_the_fixed_date_and_no_environment_written(monkeypatch):
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    pdf = _pdf(DatedCanvas)
    assert "SOURCE_DATE_EPOCH" not in os.environ
    created = pypdf.PdfReader(io.BytesIO(pdf)).metadata["/CreationDate"]
    assert created.startswith(f"D:{FIXED_DATE:%Y%m%d}"), created
    assert build_epoch() == 1795737600                  # 2026-11-27 UTC


def test_importing_the_renderer_and_the_command_line_writes_no_environment():
    env = {k: v for k, v in os.environ.items() if k != "SOURCE_DATE_EPOCH"}
    code = ("import os, herald.generator.render.imposition, herald.generator.cli as cli; "
            "[cli.load_command(name) for name in cli.COMMANDS]; "      # each command's module
            "print('SOURCE_DATE_EPOCH' in os.environ)")
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.stdout.strip() == "False", done.stderr
