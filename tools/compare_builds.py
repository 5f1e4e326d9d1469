"""Compare two Herald builds file by file: the check that a refactoring changed no output.

    python tools/compare_builds.py build DIR [-- HERALD BUILD ARGS]   build into DIR
    python tools/compare_builds.py compare OLD NEW                     byte-compare two builds

``build`` runs ``herald build`` with a fixed ``SOURCE_DATE_EPOCH`` (so the printed date and the
PDFs' timestamps do not depend on the day) into DIR, and prints the CPU time it took (user +
system of the child processes). ``compare`` lists every file that is missing on one side or
differs, and exits 1 if any does: run ``build`` on the code before the change and after it,
then ``compare``.
"""

from __future__ import annotations

import filecmp
import os
import resource
import subprocess
import sys
import time
from pathlib import Path

# A fixed date (2026-01-01 UTC): the one thing that would differ between two honest builds.
EPOCH = "1767225600"


def build(out: Path, extra: list[str]) -> int:
    env = dict(os.environ, SOURCE_DATE_EPOCH=EPOCH)
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    status = subprocess.call(["herald", "build", "--out", str(out), *extra], env=env)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    print(f"herald build: {cpu:.1f} s of CPU (user + sys), {wall:.1f} s of wall time, "
          f"exit {status}")
    return status


def files(root: Path) -> set[str]:
    return {str(p.relative_to(root)) for p in root.rglob("*") if p.is_file()}


def compare(old: Path, new: Path) -> int:
    a, b = files(old), files(new)
    problems = [f"only in {old}: {name}" for name in sorted(a - b)]
    problems += [f"only in {new}: {name}" for name in sorted(b - a)]
    problems += [f"differs: {name}" for name in sorted(a & b)
                 if not filecmp.cmp(old / name, new / name, shallow=False)]
    for line in problems:
        print(line)
    print(f"{len(a & b)} files compared, {len(problems)} differences")
    return 1 if problems else 0


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "build":
        extra = argv[3:] if len(argv) > 2 and argv[2] == "--" else argv[2:]
        return build(Path(argv[1]), extra)
    if len(argv) == 3 and argv[0] == "compare":
        return compare(Path(argv[1]), Path(argv[2]))
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
