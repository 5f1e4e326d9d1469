"""Output built beside its destination and moved into place only when
complete: ``herald build``'s kits and ``herald cards``' decks are written into
``OUT/.herald-build-<pid>-*`` first, so that a full disk, a Ctrl-C or a
``kill -9`` never leaves half a kit under OUT; the next run clears what a
killed one left (and puts back a kit it had set aside)."""
from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

from .errors import InputError
from .fileio import check_target
from .paths import display
from .terminal import echo

STAGING = ".herald-build-"
OLD = "-old-"       # a kit set aside by swap_in: .herald-build-<pid>-old-<locale>


def new_staging(out: Path) -> Path:
    """A staging folder inside ``out``, named for this process."""
    try:
        out.mkdir(parents=True, exist_ok=True)
        return Path(tempfile.mkdtemp(prefix=f"{STAGING}{os.getpid()}-", dir=out))
    except OSError as e:
        raise InputError(f"{display(out)}: cannot write there: {e.strerror or e}") from None


def publish(staging: Path, out: Path) -> list[Path]:
    """Move every file written under ``staging`` to the same place under
    ``out`` (renames: no space needed, so a full disk was met while writing,
    before any file moved); the files' new paths. Each destination must be a
    regular file or a new name."""
    files = sorted(p for p in staging.rglob("*") if p.is_file() and not p.is_symlink())
    targets = [out / p.relative_to(staging) for p in files]
    for target in targets:
        check_target(target)
    for source, target in zip(files, targets, strict=True):
        target.parent.mkdir(parents=True, exist_ok=True)
        os.replace(source, target)
    return targets


def public(text: str, staging: Path, out: Path) -> str:
    """``text`` (an error line) naming ``out`` where it names ``staging``, the
    folder that stands in for it while writing."""
    for inner, outer in ((str(staging), str(out)), (display(staging), display(out))):
        text = text.replace(inner + os.sep, outer + os.sep).replace(inner, outer)
    return text


def swap_in(new: Path, final: Path) -> None:
    """Replace the folder ``final`` by ``new`` (two renames: never half of each).

    Between the two renames only the old kit exists, as
    ``.herald-build-<pid>-old-<locale>``: a build killed there leaves it for
    the next build to put back (:func:`clear_leftovers`), never to delete."""
    final.parent.mkdir(parents=True, exist_ok=True)
    old = None
    if final.exists():
        old = final.with_name(f"{STAGING}{os.getpid()}{OLD}{final.name}")
        shutil.rmtree(old, ignore_errors=True)
        os.replace(final, old)
    os.replace(new, final)
    if old is not None:
        shutil.rmtree(old, ignore_errors=True)


def clear_leftovers(out: Path) -> None:
    """Clean up after builds that were killed (their process is gone): their
    staging folders are removed; a kit one of them had set aside while
    swapping is put back when nothing replaced it, else removed."""
    for folder in [out, *out.glob("*")] if out.is_dir() else []:
        for left in sorted(folder.glob(f"{STAGING}*")):
            rest = left.name[len(STAGING):]
            pid = rest.split("-")[0]
            _, old, name = rest.partition(OLD)
            if not pid.isdigit() or _alive(int(pid)):
                continue
            live = left.with_name(name) if old and name else None
            if live is not None and not live.exists():
                os.replace(left, live)
                echo(f"herald: put back {display(live)}, set aside by an interrupted "
                     "build", err=True)
                continue
            shutil.rmtree(left, ignore_errors=True)
            echo(f"herald: removed {display(left)}, left by an interrupted "
                 "build", err=True)


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except OSError:
        return True
    return True


