"""The hidden-card solver's figures, by hand: ``python benchmarks/hidden_solver.py
[--cfr-seconds S]`` (not a test).

* Kuhn poker (tests/hidden_games.py's): the exact simplex's value, -1/18 as a
  Fraction, its exploitability (0) and time (goal: under 1 s);
* Leduc hold'em (benchmarks/leduc.py): HiGHS's value against OpenSpiel's and
  Gambit's -0.085606424078 (goal: within 1e-9), as an exact Fraction when the
  vertex HiGHS found, solved again in fractions, checks as an exact
  equilibrium (it does: exploitability 0), the exploitability of its
  strategies computed exactly (goal: under 1e-9) and the time (goal: under
  60 s on this 2-core machine), the tree's walk timed apart;
* CFR+ on Leduc for ``--cfr-seconds`` (60 by default, as the issue asks), its
  iterations and exploitability printed beside the LP's.

SciPy's import (about a second, once per process) is timed on its own line.
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from herald.engine import sequence_form
from herald.engine.cfr import cfr_solve

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT / "benchmarks"))
from hidden_games import KuhnState  # noqa: E402
from leduc import LEDUC  # noqa: E402

LEDUC_VALUE = -0.085606424078


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cfr-seconds", type=float, default=60.0)
    args = parser.parse_args()
    ok = True

    t = time.perf_counter()
    kuhn = sequence_form.solve(KuhnState())
    seconds = time.perf_counter() - t
    print(f"Kuhn poker   value {kuhn.value} ({kuhn.method}), exploitability "
          f"{kuhn.exploitability}, {seconds:.3f} s; {kuhn.nodes} nodes, "
          f"{sum(kuhn.infosets)} information sets, {sum(kuhn.sequences)} sequences")
    ok &= kuhn.value == sequence_form.Fraction(-1, 18) and kuhn.exploitability == 0 \
        and seconds < 1

    t = time.perf_counter()
    import scipy.optimize  # noqa: F401
    print(f"SciPy import {time.perf_counter() - t:.2f} s")

    t = time.perf_counter()
    form = sequence_form.build(LEDUC.new_initial_state())
    walked = time.perf_counter() - t
    leduc = sequence_form.solve_form(form, method="float")
    seconds = time.perf_counter() - t
    error = abs(float(leduc.value) - LEDUC_VALUE)
    if leduc.exact:             # HiGHS's vertex solved again in fractions
        print(f"Leduc        exact value {leduc.value}")
    print(f"Leduc        value {float(leduc.value):.12f} (off by {error:.1e}), exploitability "
          f"{float(leduc.exploitability):.1e}, {seconds:.2f} s (the tree's walk {walked:.2f} s, "
          f"then the two LPs and the exact best replies); "
          f"{form.nodes} nodes, {sum(form.infosets)} information sets, "
          f"{sum(form.sequences)} sequences")
    ok &= error < 1e-9 and leduc.exploitability < 1e-9 and seconds < 60

    t = time.perf_counter()
    cfr = cfr_solve(form, time_limit=args.cfr_seconds, started=t)
    print(f"Leduc CFR+   value {float(cfr.value):.12f}, exploitability "
          f"{float(cfr.exploitability):.1e} after {cfr.iterations} iterations, "
          f"{time.perf_counter() - t:.1f} s (the LP's: {float(leduc.exploitability):.1e})")
    print("goals met" if ok else "GOALS NOT MET")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
