"""The command line run in this test's own process: the same code as the
``herald`` script, without an interpreter's start for each call."""
from __future__ import annotations

import contextlib
import io
import os
from pathlib import Path


def run_herald(*args, cwd: Path) -> tuple[int, str, str]:
    """``herald ARGS`` from ``cwd``: exit code, output, errors."""
    from herald.generator.cli import main
    out, err = io.StringIO(), io.StringIO()
    before = os.getcwd()
    os.chdir(cwd)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                main([str(a) for a in args])
                code = 0
            except SystemExit as e:
                code = e.code if isinstance(e.code, int) else 1
    finally:
        os.chdir(before)
    return code, out.getvalue(), err.getvalue()


def one_line_error(code, err, *words):
    """Exit 2 and one line that starts like every Herald error and holds ``words``."""
    lines = err.strip().splitlines()
    assert code == 2, err
    assert len(lines) == 1 and lines[0].startswith("herald: error: "), err
    for w in words:
        assert w in lines[0], lines[0]
    return lines[0]
