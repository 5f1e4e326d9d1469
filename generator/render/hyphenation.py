"""pyphen's hyphenation dictionaries, each pattern parsed when a word first
needs it.

pyphen parses every pattern of a dictionary when it opens it: German's
78,000 lines take most of a second, in every process that sets one German
word that does not fit its line. Here the file is read the same way, each
line only keyed by its letters (the pattern less its digits, as pyphen keys
it), and a pattern is parsed by pyphen's own rules when a word's letters
first look it up: the hyphenation points are pyphen's, found sooner
(``tests/test_hyphenation.py`` compares every pattern of every dictionary
Herald uses with pyphen's).
"""
from __future__ import annotations

import re

import pyphen
from pyphen import AlternativeParser, HyphDict, Pyphen

_DIGIT_RUN = re.compile("[0-9]+")
# a Unicode digit other than 0-9 (pyphen's patterns read "\d"): such a file
# is left to pyphen
_OTHER_DIGIT = re.compile(r"[^\D0-9]")


def parse_pattern(pattern: str) -> tuple[str, tuple[int, tuple] | None]:
    """One stripped line of a dictionary as pyphen reads it: its key (its
    letters) and (the offset of its first non-zero value, its values from
    there), or None when all its values are zero (pyphen skips it)."""
    pattern = pyphen.parse_hex(lambda match: chr(int(match.group(1), 16)), pattern)
    if "/" in pattern and "=" in pattern:
        pattern, alternative = pattern.split("/", 1)
        factory = AlternativeParser(pattern, alternative)
    else:
        factory = int
    tags, values = zip(*[(string, factory(i or "0")) for i, string in pyphen.parse(pattern)])
    if max(values) == 0:
        return "".join(tags), None
    start, end = 0, len(values)
    while not values[start]:
        start += 1
    while not values[end - 1]:
        end -= 1
    return "".join(tags), (start, values[start:end])


class LazyPatterns:
    """A dictionary's patterns by key, parsed on first use (what pyphen's
    ``HyphDict.patterns`` holds, for ``HyphDict.positions``, which only
    calls ``get``)."""

    def __init__(self, lines: list[str]):
        # a plain line's key is its text less its digits; a line with a hex
        # escape (^^hh) or an alternative (/) is keyed by pyphen's own parse
        joined = "\n".join(lines)
        keys = _DIGIT_RUN.sub("", joined).split("\n") if lines else []
        if len(keys) != len(lines):
            raise ValueError("a pattern line holds a line break")
        if "^" in joined or "/" in joined:
            for i, line in enumerate(lines):
                if "^" in line or "/" in line:
                    keys[i] = parse_pattern(line)[0]
        self._last = dict(zip(keys, lines))     # each key's last line
        # a key on several lines: all of them, in the file's order
        self._all: dict[str, list[str]] = {}
        if len(self._last) != len(lines):
            seen: set[str] = set()
            twice = {key for key in keys if key in seen or seen.add(key)}  # type: ignore[func-returns-value]
            for key, line in zip(keys, lines):
                if key in twice:
                    self._all.setdefault(key, []).append(line)
        self._parsed: dict[str, tuple | None] = {}
        self.maxlen = max(map(len, self._last), default=0)

    def get(self, key: str, default=None):
        try:
            value = self._parsed[key]
        except KeyError:
            value = None
            lines = self._all.get(key)
            if lines is None:
                line = self._last.get(key)
                lines = [line] if line is not None else []
            # pyphen keeps the last line of a key whose values are not all zero
            for line in reversed(lines):
                value = parse_pattern(line)[1]
                if value is not None:
                    break
            self._parsed[key] = value
        return default if value is None else value


def _pattern_lines(path) -> list[str] | None:
    """The pattern lines of the dictionary at ``path`` (a path or pyphen's
    resource), in file order, as pyphen reads them
    (None: a file this module leaves to pyphen)."""
    with path.open("rb") as fd:
        encoding = fd.readline().decode()
    if encoding.lower() == "microsoft-cp1251":
        encoding = "cp1251"
    text = path.read_text(encoding)
    if _OTHER_DIGIT.search(text):
        return None
    ignored = pyphen.ignored
    return [pattern for pattern in map(str.strip, text.split("\n")[1:])
            if pattern and not pattern.startswith(ignored)]


_DICTIONARIES: dict = {}


def hyph_dict(path) -> HyphDict:
    """pyphen's HyphDict of the dictionary at ``path``, its patterns parsed
    on first use; one per file and process, as pyphen keeps them."""
    found = _DICTIONARIES.get(path)
    if found is None:
        lines = _pattern_lines(path)
        if lines is None:
            found = HyphDict(path)
        else:
            found = HyphDict.__new__(HyphDict)
            patterns = LazyPatterns(lines)
            found.patterns, found.cache, found.maxlen = patterns, {}, patterns.maxlen
        _DICTIONARIES[path] = found
    return found


def hyphenator(lang: str, left: int, right: int) -> Pyphen:
    """``pyphen.Pyphen(lang=lang, left=left, right=right)``, its dictionary
    read by :func:`hyph_dict`."""
    out = Pyphen.__new__(Pyphen)
    out.left, out.right = left, right
    out.hd = hyph_dict(pyphen.LANGUAGES[pyphen.language_fallback(lang)])
    return out
