"""Build hook: compile the engine's hot modules with mypyc when possible.

Herald is pure Python. mypyc turns the rules' inner loops, fully
type-annotated (``engine/oriflamme/state.py``, ``engine/aset/state.py``), into
C extensions that run the very same code faster (Asèt: 1.8 times on random
four-player games, medians of alternating runs); everything else stays
interpreted. mypyc type-checks what they import too: a type error anywhere
there (engine/aset/game.py, say) makes it refuse the whole build. The
extensions are optional: if they cannot be built, the pure-Python modules are
used and nothing else changes. Editable installs (``pip install -e``) and
``HERALD_PURE=1`` skip them, so that an edit to a state.py is never shadowed by
a stale compiled copy.
"""
import os
import shutil
import sys
from pathlib import Path

from setuptools import setup

COMPILED = ["herald/engine/oriflamme/state.py", "herald/engine/aset/state.py"]


# the commands that compile; pip runs setup.py three times for an install
# (the build's requirements, the metadata, the wheel), and only the last
# needs the extensions: mypyc type-checks the engine each time it is asked
BUILDS = {"build", "build_ext", "bdist_wheel", "bdist_egg", "install"}


def mypyc_extensions():
    if os.environ.get("HERALD_PURE") == "1" or not BUILDS & set(sys.argv[1:]):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    root = Path(__file__).resolve().parent
    # mypyc names a module after its path, so mirror engine/ as herald/engine/
    # to compile it under its installed name.
    mirror = root / "build" / "mypyc-src"
    shutil.rmtree(mirror, ignore_errors=True)
    shutil.copytree(root / "engine", mirror / "herald" / "engine",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.c"))
    here = os.getcwd()
    os.chdir(mirror)
    try:
        # pyproject.toml's [tool.mypy] settings (the mirror has no pyproject.toml):
        # mypyc refuses a module over a mere note, and without them a package
        # without stubs (scipy) is an error and an annotated variable in an
        # unannotated function a note
        # separate: each module its own extension (they call each other
        # nothing), so that the C compiler builds them side by side
        extensions = mypycify(["--explicit-package-bases", "--ignore-missing-imports",
                               "--check-untyped-defs", *COMPILED], opt_level="3",
                              separate=True, target_dir=str(root / "build" / "mypyc-c"))
    except SystemExit:
        return []   # mypyc refused the module: stay pure Python
    finally:
        os.chdir(here)
    for ext in extensions:
        ext.optional = True   # a failed C build falls back to pure Python
        if os.name != "nt":
            # no debug information (gcc, clang): the tests' install compiles
            # 3 MB of C, and nobody steps through mypyc's output in a debugger
            ext.extra_compile_args.append("-g0")
    return extensions


def cores() -> int:
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):
        return os.cpu_count() or 1


# the extensions compiled one per core (pip's install takes no -j)
setup(ext_modules=mypyc_extensions(), options={"build_ext": {"parallel": cores()}})
