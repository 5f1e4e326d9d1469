"""``herald play --jobs``: one process against several, side by side (not a test).

``python benchmarks/play_jobs.py [--games N] [--rounds R] [--jobs J]``

For each setup, ``herald play`` runs with ``--jobs 1`` and ``--jobs J``
(default 2) alternately, R times each, on the same seeds; every run's summary
must be the same (the results do not depend on the processes), and the figure
to quote is the ratio of the two medians, measured in this very run on this
machine (the play phase as ``--json`` times it: dealing, playing, summing,
process start included). The machine's load average is printed beside it: on
a machine whose cores are busy with other work, no ratio reaches the cores'
count. So the CPU time of each run (its processes together, interpreter start
included) is printed too: what ``--jobs`` costs in extra work, which on idle
cores bounds the ratio (J cores, CPU ratio c: at most J / c). Linux's
autogroup scheduling (``/proc/sys/kernel/sched_autogroup_enabled``) shares the
CPU between sessions, not processes: while another session keeps the cores
busy, all the processes of this one share one session's part, and two
processes finish no sooner than one. Measure on an idle machine.
"""
from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import subprocess
import sys

SETUPS = (
    ("oriflamme, 3 random bots", ["--game", "oriflamme", "--players", "3"], 1.0),
    ("aset, 4 random bots", ["--game", "aset", "--players", "4"], 0.6),
    ("oriflamme, greedy against 2 random", ["--game", "oriflamme", "--players", "3",
                                            "--bots", "greedy,random,random"], 1.0),
)


def run(args: list[str], jobs: int) -> tuple[dict, float]:
    """The summary of one run, and its CPU seconds (every process it started)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    done = subprocess.run([sys.executable, "-m", "herald.generator.cli", "play", *args,
                           "--jobs", str(jobs), "--json"],
                          capture_output=True, text=True, check=True)
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return json.loads(done.stdout), cpu


def _autogroup() -> bool:
    try:
        with open("/proc/sys/kernel/sched_autogroup_enabled") as f:
            return f.read().strip() == "1"
    except OSError:
        return False


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=12_000,
                    help="games of the fastest setup (the others play fewer)")
    ap.add_argument("--rounds", type=int, default=3, help="runs of each, alternately")
    ap.add_argument("--jobs", type=int, default=2, help="the processes to compare with 1")
    opts = ap.parse_args(argv)
    print(f"{os.cpu_count()} cores; load average before: "
          + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    if _autogroup() and os.getloadavg()[0] > (os.cpu_count() or 1):
        print("note: autogroup scheduling on a busy machine: this session gets one "
              "session's share of the cores, however many processes it runs")
    ratios = []
    for name, args, share in SETUPS:
        args = [*args, "--games", str(max(1, int(opts.games * share))), "--seed", "1"]
        times: dict[int, list[float]] = {1: [], opts.jobs: []}
        cpus: dict[int, list[float]] = {1: [], opts.jobs: []}
        summaries = set()
        for _ in range(opts.rounds):
            for jobs, seconds in times.items():
                doc, cpu = run(args, jobs)
                seconds.append(doc.pop("seconds"))
                cpus[jobs].append(cpu)
                doc.pop("games_per_second")
                summaries.add(json.dumps(doc, sort_keys=True))
        assert len(summaries) == 1, f"{name}: the results depend on --jobs"
        one, many = statistics.median(times[1]), statistics.median(times[opts.jobs])
        ratios.append(one / many)
        games = json.loads(summaries.pop())["games"]
        cpu_one, cpu_many = statistics.median(cpus[1]), statistics.median(cpus[opts.jobs])
        print(f"{name}: {games} games, median of {opts.rounds}: --jobs 1 {one:.2f} s, "
              f"--jobs {opts.jobs} {many:.2f} s: {one / many:.2f}x; CPU {cpu_one:.2f} s "
              f"against {cpu_many:.2f} s ({cpu_many / cpu_one:.2f}x the work)")
    print("load average after: " + " ".join(f"{x:.2f}" for x in os.getloadavg()))
    print(f"smallest ratio: {min(ratios):.2f}x (--jobs {opts.jobs} against --jobs 1)")


if __name__ == "__main__":
    main()
