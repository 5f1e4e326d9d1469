"""A regular install runs the engine's inner loop compiled (setup.py, mypyc).

The compile falls back to pure Python silently when mypyc refuses the module
(a type error, or even a note mypyc counts as one), and Oriflamme's speed
against the public simulator and Asèt's long property runs depend on it; so a
regular install (as on CI) must have compiled both. Editable installs and HERALD_PURE=1 stay pure.
"""
import os
from pathlib import Path

import herald.engine.aset.state as aset_state
import herald.engine.oriflamme.state as oriflamme_state
import pytest

REPO = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("state", [oriflamme_state, aset_state], ids=["oriflamme", "aset"])
def test_regular_install_compiles_the_engine_loop(state):
    source = Path(state.__file__).resolve()
    if REPO in source.parents or os.environ.get("HERALD_PURE") == "1":
        pytest.skip("editable or pure install: the engine stays pure Python by design")
    assert source.suffix == ".so", f"the engine loop was not compiled: {source}"
