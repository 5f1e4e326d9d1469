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
