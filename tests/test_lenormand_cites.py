"""Every Lenormand reading that quotes 004 cites the lines of 004 its words are on.

The rulings list of a rules sheet prints "l. N" after each quoted section, so
the lines must be right. What is checked, on the 004 file itself:

* each fragment between « and » in a section (a quote cut with "[…]" gives
  several fragments) occurs on the cited lines, read as one text;
* each cited line holds such a fragment, or is the line of a turn of the
  example that the section names ("exemple, 2e tour"; a section that names the
  example but no turn may cite any turn's line);
* a section that quotes 004 or names its example has lines; an empty section
  has none.

Both sides are compared after the same normalization (``_plain``): the file's
mojibake (UTF-8 read as cp1250, "RĂ©duire", "mĂŞme") is repaired, curly
apostrophes become straight ones, runs of spaces become one, case is ignored.
No fragment is skipped: a misquote fails.
"""
import os
import re
from pathlib import Path

import pytest
from herald.engine.lenormand.options import INTERPRETATIONS, RULE_OPTIONS
from herald.engine.rulings import Cite

SOURCES = Path(os.environ.get("HERALD_RULES_SOURCES",
                              Path(__file__).resolve().parents[2] / "shared" / "rules-sources"))
FILE_004 = SOURCES / "004_900cabfec0a7f6dd.txt"
LINES_FORMAT = r"\d+(-\d+)?(, \d+(-\d+)?)*"      # as Oriflamme's: "12, 27-28"
# how 004's example opens each turn, by the number a section gives it ("2e tour")
TURN_OPENINGS = {1: "Au premier tour", 2: "Au second tour", 3: "Au 3ème tour",
                 4: "Au 4ème tour"}

needs_004 = pytest.mark.skipif(not FILE_004.is_file(),
                               reason="rules sources not beside the repository")


def _cites():
    """(name, cite) for every passage of 004 any Lenormand reading cites."""
    for option in (*RULE_OPTIONS, *INTERPRETATIONS):
        for reading in (option.default, *option.alternatives):
            for cite in reading.cites:
                assert cite.source == "004", (option.name, reading.value)
                yield f"{option.name}.{reading.value}", cite


CITES = list(_cites())


def _plain(text: str) -> str:
    # mojibake: "Ă©" is "é" encoded in UTF-8 then decoded as cp1250
    text = re.sub(r"Ă[\x80-\u02ff\u2000-\u203f]",
                  lambda m: _unmangle(m.group()), text)
    return re.sub(r"[\s\u00a0\u202f]+", " ", text.replace("\u2019", "'")).strip().lower()


def _unmangle(pair: str) -> str:
    try:
        return pair.encode("cp1250").decode("utf-8")
    except UnicodeError:
        return pair


def _fragments(section: str) -> list[str]:
    """The quoted words of a section, a quote cut by "[…]" giving several."""
    return [f.strip() for quote in re.findall(r"«\s*([^»]+?)\s*»", section)
            for f in re.split(r"\[(?:…|\.\.\.)\]", quote) if f.strip()]


def _numbers(lines: str) -> list[int]:
    out = []
    for part in lines.split(", "):
        a, _, b = part.partition("-")
        out += range(int(a), int(b or a) + 1)
    return out


def problems(cite: Cite, source: list[str]) -> list[str]:
    """What is wrong with ``cite`` read against the lines of 004 (empty: right)."""
    fragments = _fragments(cite.section)
    names_example = "exemple" in cite.section
    if not cite.lines:
        return ["quotes 004 but gives no lines"] if fragments or names_example else []
    if not cite.section:
        return ["lines with no section"]
    if not re.fullmatch(LINES_FORMAT, cite.lines):
        return [f"lines {cite.lines!r} not like '12, 27-28'"]
    numbers = _numbers(cite.lines)
    if numbers != sorted(set(numbers)) or not 1 <= numbers[0] <= numbers[-1] <= len(source):
        return [f"lines {cite.lines!r} out of order or outside 1-{len(source)}"]
    cited = {n: _plain(source[n - 1]) for n in numbers}
    whole = " ".join(cited.values())
    out = [f"«{f}» not on l. {cite.lines}" for f in fragments if _plain(f) not in whole]
    turns = [int(n) for n in re.findall(r"(\d+)(?:er|e) tour", cite.section)]
    turn_line = {t: next(i for i, line in enumerate(source, 1) if line.startswith(o))
                 for t, o in TURN_OPENINGS.items()}
    allowed = {turn_line[t] for t in turns} if turns else \
        set(turn_line.values()) if names_example else set()
    out += [f"turn {t} of the example (l. {turn_line[t]}) not cited"
            for t in turns if turn_line[t] not in numbers]
    out += [f"l. {n} holds none of the quoted words nor a named turn"
            for n, text in cited.items()
            if n not in allowed and not any(_plain(f) in text for f in fragments)]
    return out


@pytest.fixture(scope="module")
def source():
    return FILE_004.read_text(encoding="utf-8").splitlines()


def test_sections_that_quote_004_have_lines_and_empty_ones_none():
    quoting = [(name, c) for name, c in CITES if "«" in c.section or "exemple" in c.section]
    assert len(quoting) >= 20
    for name, cite in quoting:
        assert re.fullmatch(LINES_FORMAT, cite.lines), name
    for name, cite in CITES:
        if not cite.section:
            assert not cite.lines, name


@needs_004
@pytest.mark.parametrize("name,cite", CITES, ids=[n for n, _ in CITES])
def test_quoted_words_are_on_the_cited_lines(name, cite, source):
    assert problems(cite, source) == []


@needs_004
def test_the_normalization_repairs_the_files_mojibake(source):
    assert "réduire les points de vie" in _plain(source[5])       # "RĂ©duire"
    assert _plain(source[-1]).endswith("feront de même.")         # "mĂŞme"
    assert _fragments("« a […] b » ; x « c »") == ["a", "b", "c"]


@needs_004
def test_a_wrong_line_is_caught(source):
    turn = dict(CITES)["turn.either"]
    assert turn.lines == "12, 26"
    for wrong in ("12, 25", "11, 26", "12", "12, 26, 30", "12-13, 26", "26, 12", "", "12, 99"):
        assert problems(Cite("004", turn.section, wrong), source), wrong
    # a misquote is caught too (004 says "et espère", not "il espère")
    assert problems(Cite("004", "exemple, 4e tour (« il espère faire une suite »)", "29"),
                    source)
    # every reading that quotes 004 is refused one line up or one line down
    for name, cite in CITES:
        if not _fragments(cite.section):
            continue
        for shift in (-1, 1):
            moved = ", ".join("-".join(str(int(n) + shift) for n in part.split("-"))
                              for part in cite.lines.split(", "))
            assert problems(Cite("004", cite.section, moved), source), (name, moved)
