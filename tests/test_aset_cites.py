"""Every Asèt reading cites the lines of 003 its words are on.

The rulings table prints "l. N" after each passage of the rulebook, so the
lines must be right. Checked on the 003 file itself: each reading has a
passage of 003 with lines (a reading of Herald's own cites the passage it
reads), and each fragment quoted between « and » in a passage occurs on its
lines, read as one text (case and runs of spaces ignored, curly apostrophes
read as straight ones).
"""
import os
import re
from pathlib import Path

import pytest
from herald.engine.aset.options import HERALD, INTERPRETATIONS, RULE_OPTIONS, RULEBOOK
from herald.engine.rulings import Cite

SOURCES = Path(os.environ.get("HERALD_RULES_SOURCES",
                              Path(__file__).resolve().parents[2] / "shared" / "rules-sources"))
FILE_003 = SOURCES / "003_6c1fed14737271d4.txt"
LINES_FORMAT = r"\d+(-\d+)?(, \d+(-\d+)?)*"

needs_003 = pytest.mark.skipif(not FILE_003.is_file(),
                               reason="rules sources not beside the repository")

READINGS = [(f"{o.name}.{r.value}", r) for o in (*RULE_OPTIONS, *INTERPRETATIONS)
            for r in (o.default, *o.alternatives)]


def _plain(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("\u2019", "'")).strip().lower()


def _numbers(lines: str) -> list[int]:
    out: list[int] = []
    for part in lines.split(", "):
        a, _, b = part.partition("-")
        out += range(int(a), int(b or a) + 1)
    return out


@pytest.mark.parametrize("name, reading", READINGS, ids=[n for n, _ in READINGS])
def test_every_reading_cites_lines_of_003(name, reading):
    cites = [c for c in reading.cites if c.source == RULEBOOK]
    assert cites and all(re.fullmatch(LINES_FORMAT, c.lines) for c in cites), name
    assert {c.source for c in reading.cites} <= {RULEBOOK, HERALD}


def misquotes(cite, source: list[str]) -> list[str]:
    """The fragments quoted in ``cite``'s section that are not on its lines."""
    on_lines = _plain(" ".join(source[n - 1] for n in _numbers(cite.lines)))
    return [f for f in re.findall(r"«\s*([^»]+?)\s*»", cite.section)
            if _plain(f) not in on_lines]


@needs_003
@pytest.mark.parametrize("name, reading", READINGS, ids=[n for n, _ in READINGS])
def test_every_quote_is_on_its_lines(name, reading):
    source = FILE_003.read_text(encoding="utf-8").splitlines()
    for cite in reading.cites:
        if cite.source == RULEBOOK:
            assert misquotes(cite, source) == [], (name, cite.lines)


@needs_003
def test_a_quote_on_the_wrong_line_is_caught():
    source = FILE_003.read_text(encoding="utf-8").splitlines()
    quote = "Renfort (« quand vous voulez »)"
    assert misquotes(Cite(RULEBOOK, quote, "61"), source) == []
    assert misquotes(Cite(RULEBOOK, quote, "63"), source) == ["quand vous voulez"]
