"""The command samples of the README (and of any Markdown page): each fenced
block whose first line is ``$ herald …`` is a sample; every ``$`` line in it is
a command, and the lines up to the next ``$`` line are what it prints.

A sample is compared with what the command prints today, so the
documentation cannot drift from the tool. Only what changes from run to run
is masked: durations, rates and file sizes (``0.213 s``, ``937 games/s``,
``153 KiB``). A line that is only ``…`` stands for any number of lines, so a
sample may show the head and the tail of a long output.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

FENCE = "```"
ELLIPSIS = "…"

# What varies between two runs of the same command, as (pattern, mask).
# Order matters: rates before durations ("937 games/s" before "0.2 s").
MASKS = [
    (re.compile(r"[\d,.]+ (nodes|games|decisions)/s"), r"<rate> \1/s"),
    (re.compile(r"\(?[\d,.]+ (nodes|games|decisions)/s\)?"), r"<rate>"),
    (re.compile(r"\b\d+(\.\d+)? ?(ms|s|min)\b"), "<time>"),
    (re.compile(r"\b\d+(\.\d+)? ?(B|KiB|MiB|GiB)\b"), "<size>"),
]


@dataclass(frozen=True)
class Command:
    """One ``$`` line of a sample and the lines it is said to print."""
    source: str      # "README.md:50"
    argv: tuple[str, ...]
    expected: tuple[str, ...]

    @property
    def id(self) -> str:
        return f"{self.source} {' '.join(self.argv)}"


def samples(path: Path, root: Path) -> list[Command]:
    """Every ``$ herald`` command of the Markdown file ``path``."""
    lines = path.read_text(encoding="utf-8").splitlines()
    found: list[Command] = []
    inside = False
    block: list[tuple[int, str]] = []
    for number, line in enumerate(lines, 1):
        if line.startswith(FENCE):
            if inside and block and block[0][1].startswith("$ herald"):
                found.extend(_commands(block, f"{path.relative_to(root)}"))
            inside, block = not inside, []
            continue
        if inside:
            block.append((number, line))
    return found


def _commands(block: list[tuple[int, str]], name: str) -> list[Command]:
    out: list[Command] = []
    for number, line in block:
        if line.startswith("$ "):
            out.append(Command(f"{name}:{number}", tuple(line[2:].split()), ()))
        else:
            last = out[-1]
            out[-1] = Command(last.source, last.argv, last.expected + (line,))
    return out


def mask(line: str) -> str:
    line = line.rstrip()
    for pattern, replacement in MASKS:
        line = pattern.sub(replacement, line)
    return re.sub(r"\s+", " ", line)


def differences(expected: tuple[str, ...], actual: list[str]) -> str | None:
    """None when ``actual`` (the command's lines) matches the sample, else the
    first line that does not, in words. ``…`` matches any run of lines."""
    want = [mask(x) for x in expected]
    have = [mask(x) for x in actual]
    if _match(want, have):
        return None
    for i, line in enumerate(want):
        if line == ELLIPSIS:
            break
        if i >= len(have) or have[i] != line:
            got = have[i] if i < len(have) else "(end of output)"
            return f"line {i + 1}: the sample says {expected[i]!r}, the command prints {got!r}"
    return ("the sample's tail does not match; the command prints:\n"
            + "\n".join(actual[-12:]))


def _match(want: list[str], have: list[str]) -> bool:
    """Glob-like match with ``…`` lines as wildcards (few wildcards, short
    outputs: plain recursion is enough)."""
    if not want:
        return not have
    if want[0] == ELLIPSIS:
        return any(_match(want[1:], have[i:]) for i in range(len(have) + 1))
    return bool(have) and have[0] == want[0] and _match(want[1:], have[1:])
