"""Deterministic mutations of the built-in worked examples, for the fuzz test
(tests/test_bad_input.py) and for longer runs: ``python tests/fuzz_examples.py
RUNS [SEED]`` prints every signature of a run that did not end in a clean
exit 0, 1 or 2 (a traceback, two-line error, or too long)."""
from __future__ import annotations

import contextlib
import copy
import io
import random
import signal
import sys
import time
import traceback
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
EXAMPLES = sorted((ROOT / "assets").glob("*/examples/*.yaml"))


def examples(games=None) -> list[Path]:
    """The built-in examples of ``games`` (default: every game)."""
    return [p for p in EXAMPLES if games is None or p.parent.parent.name in games]

# Values that have broken readers before: wrong types, huge or negative
# numbers, deep nesting, aliases, odd text.
HOSTILE = [
    None, "", " ", 0, -1, 1, 2, 3, 7, 99999, 10 ** 30, 1.5, True, [], {}, [[]], [None],
    "red", "blue", "north", "reveal", "red reveal", "red target 1", "red fly", "bank",
    "x" * 300, "rouge", ["red", 1], {"red": "x"}, {"red": -3}, {"red": [1]}, [["red"]],
    "red heir up +1", "red heir +99999", "purple spy", "red place heir on 9",
    "game", "phase", "resolution", "placement", "duo", "base", {"mode": "bogus"},
    ["red heir", ["blue spy", "green lord"]], {"value": "red"},
]
TEXT_SNIPPETS = [
    b"&a [*a]", b"*a", b"[" * 300 + b"]" * 300, b"9" * 5000, b"\xff\xfe", b"\x00",
    b"{", b"- ", b": :", b"!!python/object:os.system", b"? [a]", b"2024-13-45",
    b"!!binary abc", b"\t", b"'", b'"\\x"', b"<<: {a: 1}", b"---", b"...",
]


def _walk(data, path=()):
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _walk(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _walk(v, path + (i,))


def _set(data, path, value):
    node = data
    for p in path[:-1]:
        node = node[p]
    node[path[-1]] = value


def _delete(data, path):
    node = data
    for p in path[:-1]:
        node = node[p]
    del node[path[-1]]


def mutate(rng: random.Random, source: Path) -> bytes:
    """One mutation of ``source``: structural (a field replaced, deleted,
    duplicated or swapped) or textual (bytes inserted, lines dropped)."""
    raw = source.read_bytes()
    kind = rng.random()
    if kind < 0.65:
        data = yaml.safe_load(raw)
        paths = [p for p in _walk(data) if p]
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            if not paths:
                break
            path = rng.choice(paths)
            try:
                choice = rng.random()
                if choice < 0.6:
                    _set(data, path, copy.deepcopy(rng.choice(HOSTILE)))
                elif choice < 0.75:
                    _delete(data, path)
                elif choice < 0.9:
                    other = rng.choice(paths)
                    node = data
                    for p in other:
                        node = node[p]
                    _set(data, path, copy.deepcopy(node))
                else:
                    data[rng.choice(["zzz", "play", "expect", "solve", "queue", "hands",
                                     "round", "rounds", "first", "options"])] = \
                        copy.deepcopy(rng.choice(HOSTILE))
            except (KeyError, IndexError, TypeError):
                pass
            paths = [p for p in _walk(data) if p]
        return yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode("utf-8")
    lines = raw.split(b"\n")
    if kind < 0.8:
        i = rng.randrange(len(lines))
        col = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:col] + rng.choice(TEXT_SNIPPETS) + lines[i][col:]
    elif kind < 0.9:
        i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    else:
        i = rng.randrange(len(lines))
        lines.insert(rng.randrange(len(lines)), lines[i])
    return b"\n".join(lines)


# solve runs with a small time budget: the default (30 s) is meant for people,
# and a run must end within the fuzzer's limit; stopping on time is itself checked.
COMMANDS = (("verify",), ("verify", "--json"), ("solve", "--depth", "4", "--time", "2"),
            ("diagram", "--format", "svg", "--out", "{out}"),
            ("play", "--games", "1", "--from"))


class _Timeout(Exception):
    pass


def run_cli(args: list[str], limit: float = 20.0) -> tuple[int, str, str, float]:
    """``herald ARGS`` in this process: exit code, stdout, stderr, seconds of
    CPU. An exception escaping ``main`` is exit code -1 with its traceback.
    The bound ``limit`` is of CPU too (a profiling timer), not of the clock:
    a runaway is caught the same on a quiet laptop and on a loaded CI box."""
    from herald.generator.cli import COMMANDS, load_command, main
    if args and args[0] in COMMANDS:
        # the command's module is imported on its first run in a process
        # (cli.COMMANDS): before the clock starts, as a new interpreter's
        # imports would be, not in what the command is timed for
        load_command(args[0])

    out, err = io.StringIO(), io.StringIO()
    code = 0
    began = time.process_time()

    def alarm(*_):
        raise _Timeout()

    old = signal.signal(signal.SIGPROF, alarm) if hasattr(signal, "SIGPROF") else None
    if old is not None:
        signal.setitimer(signal.ITIMER_PROF, limit)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            main(list(args))
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    except _Timeout:
        code = -2
    except BaseException:       # noqa: BLE001 - a traceback is what we hunt
        code = -1
        err.write(traceback.format_exc())
    finally:
        if old is not None:
            signal.setitimer(signal.ITIMER_PROF, 0)
            signal.signal(signal.SIGPROF, old)
    return code, out.getvalue(), err.getvalue(), time.process_time() - began


def problem(code: int, out: str, err: str) -> str | None:
    """What is wrong with a run, or None: exit 0/1/2, and exit 2 is one line."""
    if code == -1:
        last = [line for line in err.strip().splitlines() if line.strip()][-1]
        return "traceback: " + last[:160]
    if code == -2:
        return "too long"
    if code not in (0, 1, 2):
        return f"exit {code}"
    if code == 2:
        lines = err.strip().splitlines()
        if len(lines) != 1 or not lines[0].startswith("herald: error: "):
            return "exit 2 not one line: " + err.strip()[:200]
    return None


def fuzz(runs: int, seed: int, tmp: Path, limit: float = 20.0, commands=COMMANDS,
         games=None):
    """Run ``runs`` mutations; yield (run, file, command, problem, seconds)."""
    rng = random.Random(seed)
    sources = examples(games)
    for k in range(runs):
        source = rng.choice(sources)
        data = mutate(rng, source)
        path = tmp / f"m{k}-{source.name}"
        path.write_bytes(data)
        cmd = list(commands[k % len(commands)])
        cmd = [c.replace("{out}", str(tmp / f"m{k}.svg")) for c in cmd]
        args = cmd + [str(path)] if cmd[0] != "diagram" else \
            [cmd[0], str(path)] + cmd[1:]
        code, out, err, seconds = run_cli(args, limit)
        yield k, path, args, problem(code, out, err), seconds


if __name__ == "__main__":
    import tempfile
    from collections import Counter
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    games = sys.argv[3].split(",") if len(sys.argv) > 3 else None
    seen: Counter = Counter()
    slowest = 0.0
    began = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for k, path, args, bad, seconds in fuzz(runs, seed, Path(tmp), games=games):
            slowest = max(slowest, seconds)
            if bad:
                if bad not in seen:
                    shown = args[:-1] if args[0] != "diagram" else args[:1]
                    print(f"run {k}: herald {' '.join(shown)} {path.name}: {bad}")
                    keep = Path("/tmp/fuzz-keep")
                    keep.mkdir(exist_ok=True)
                    (keep / path.name).write_bytes(path.read_bytes())
                seen[bad] += 1
    print(f"{runs} runs, seed {seed}: {sum(seen.values())} bad, {len(seen)} signatures, "
          f"slowest {slowest:.2f} s, {time.perf_counter() - began:.1f} s in all")
