import pytest
from herald.engine.games import GAMES


@pytest.fixture
def oriflamme():
    return GAMES["oriflamme"]


def position(**spec):
    """An Oriflamme position from example-file keys (logged)."""
    spec.setdefault("game", "oriflamme")
    state = GAMES["oriflamme"].from_spec(spec)
    state.halt_at_phase_end = True   # stop at the end of the phase, as examples do
    return state


def herald(*args, cwd=None):
    """The real command line in a subprocess (exit codes, one-line errors)."""
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "herald.generator.cli", *map(str, args)],
                          capture_output=True, text=True, cwd=cwd, timeout=600)


# -- every game's rules, built once ------------------------------------------------------

KIT_LOCALES = ("fr", "en")
KIT_PAPERS = ("a4", "letter")
# the locales translated from the PO files, built on A4 only (the kit's cost)
KIT_TRANSLATED = ("de", "es")


def _build_rules(job):
    game, locale, paper, out = job
    from herald.generator.cmd_rules import build_rules
    return build_rules(game, locale, paper=paper, out=out)


def shared_folder(tmp_path_factory, name: str, build):
    """The folder ``name`` that ``build(folder)`` fills, once for the whole
    session: under pytest-xdist the workers share it, the first to ask
    builds it and the others wait for it."""
    import fcntl
    import os
    import shutil
    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent                      # the run's folder, shared by the workers
    out = root / name
    with open(root / f"{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (out / ".complete").exists():
            shutil.rmtree(out, ignore_errors=True)
            out.mkdir()
            build(out)
            (out / ".complete").write_text("")
    return out


def herald_games() -> list[str]:
    """Herald's own games (each in fr and en, de and es): not a game package
    installed beside Herald, whose languages are its own."""
    from herald.engine.games import HERALD
    return sorted(r.name for r in GAMES.registered() if r.package == HERALD and not r.problem)


def _every_rules(out) -> None:
    from concurrent.futures import ProcessPoolExecutor
    games = herald_games()
    jobs = [(game, locale, paper, out) for game in games
            for locale in KIT_LOCALES for paper in KIT_PAPERS]
    jobs += [(game, locale, "a4", out) for game in games for locale in KIT_TRANSLATED]
    with ProcessPoolExecutor(max_workers=2) as pool:
        list(pool.map(_build_rules, jobs))


@pytest.fixture(scope="session")
def rules_kit(tmp_path_factory):
    """Every game's rules booklet, compendium of worked examples and quick
    reference, in fr and en, on A4 and letter, and in de and es on A4
    (``herald rules`` for each),
    built once for the whole session (two processes)."""
    return shared_folder(tmp_path_factory, "rules-kit", _every_rules)
