"""A property-based fuzzer for example files (issue 34): hypothesis mutates the
built-in worked examples (a field replaced by any YAML value, deleted or
copied, or bytes spliced into the text) and runs them through ``herald
verify``, ``diagram`` and ``solve``. Whatever the file, the run ends in
success (0 or 1, an example that fails) or one line and exit 2: never a
traceback, never a run past its bound, never a file outside the output
folder. Derandomized and bounded: the same few dozen cases each run.

tests/fuzz_examples.py holds the seeded mutations of the longer runs
(``python tests/fuzz_examples.py 3000``); this is its hypothesis companion,
which shrinks a failure to a small file."""
from __future__ import annotations

import contextlib
import copy
import os
import tempfile
from pathlib import Path

import yaml
from fuzz_examples import HOSTILE, TEXT_SNIPPETS, examples, problem, run_cli
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SOURCES = examples()

# any value a YAML file can hold, small: scalars of every type, and lists and
# mappings of them, with the values that broke readers before among them
SCALARS = (st.none() | st.booleans() | st.integers(min_value=-10 ** 6, max_value=10 ** 30)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=30)
           | st.sampled_from([v for v in HOSTILE if not isinstance(v, list | dict)]))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=8), inner, max_size=3), max_leaves=6)

# HERALD_FUZZ_CASES=2000 for a long hunt (then also random, not derandomized)
CASES = int(os.environ.get("HERALD_FUZZ_CASES", "30"))
COMMANDS = st.sampled_from(["verify", "verify-json", "diagram", "solve"])


def _paths(data, path=()):
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, path + (i,))


@st.composite
def mutated(draw) -> tuple[str, bytes]:
    """(the source's name, the mutated file's bytes)."""
    source = draw(st.sampled_from(SOURCES))
    raw = source.read_bytes()
    if draw(st.booleans()):                       # a change to the text itself
        lines = raw.split(b"\n")
        i = draw(st.integers(0, len(lines) - 1))
        col = draw(st.integers(0, len(lines[i])))
        splice = draw(st.sampled_from(TEXT_SNIPPETS) | st.binary(max_size=12))
        lines[i] = lines[i][:col] + splice + lines[i][col:]
        return source.name, b"\n".join(lines)
    data = yaml.safe_load(raw)
    for _ in range(draw(st.integers(1, 3))):      # a change to the fields
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = draw(st.sampled_from(paths))
        node = data
        for p in path[:-1]:
            node = node[p]
        action = draw(st.sampled_from(["replace", "delete", "copy"]))
        if action == "delete":
            del node[path[-1]]
        elif action == "copy":
            other = data
            for p in draw(st.sampled_from(paths)):
                other = other[p]
            node[path[-1]] = copy.deepcopy(other)
        else:
            node[path[-1]] = draw(VALUES)
    return source.name, yaml.safe_dump(data, allow_unicode=True, sort_keys=False).encode()


def _files(folder: Path) -> set[Path]:
    return {p.relative_to(folder) for p in folder.rglob("*")}


@settings(max_examples=CASES, deadline=None, derandomize="HERALD_FUZZ_CASES" not in os.environ,
          database=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(case=mutated(), command=COMMANDS)
def test_a_mutated_example_is_one_line_or_a_result(case, command):
    name, data = case
    with tempfile.TemporaryDirectory(prefix="herald-fuzz-") as tmp:
        root = Path(tmp)
        work, out = root / "work", root / "out"
        work.mkdir()
        out.mkdir()
        example = work / name
        example.write_bytes(data)
        args = {"verify": ["verify", str(example)],
                "verify-json": ["verify", "--json", str(example)],
                "diagram": ["diagram", str(example), "--out", str(out / "d.svg")],
                "solve": ["solve", str(example), "--depth", "4", "--time", "0.5"]}[command]
        with contextlib.chdir(work):
            code, stdout, err, seconds = run_cli(args, limit=10.0)
        bad = problem(code, stdout, err)
        assert bad is None, f"herald {command} on a mutated {name}: {bad}\n{data[:2000]!r}"
        # nothing written beside the example, nothing but the diagram in out/
        assert _files(work) == {Path(name)}
        assert _files(out) <= {Path("d.svg")}
        if command == "diagram" and code != 0:
            assert _files(out) == set()     # a refused diagram leaves no file
        assert "\x1b" not in stdout and "\x1b" not in err
