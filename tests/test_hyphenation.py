"""Hyphenation patterns parsed when a word needs them
(render/hyphenation.py) are pyphen's patterns: every key of every
dictionary Herald hyphenates with gives pyphen's values, and a key pyphen
does not keep gives none."""
from __future__ import annotations

import pyphen
import pytest
from herald.generator.render.hyphenation import hyph_dict, hyphenator, parse_pattern
from herald.generator.render.text import _PYPHEN_LANG


def _data(values) -> list:
    return [getattr(v, "data", None) for v in values]


@pytest.mark.parametrize("lang", sorted(set(_PYPHEN_LANG.values())))
def test_every_pattern_is_pyphens(lang):
    path = pyphen.LANGUAGES[pyphen.language_fallback(lang)]
    reference = pyphen.HyphDict(path)
    lazy = hyph_dict(path)
    for key, value in reference.patterns.items():
        got = lazy.patterns.get(key)
        assert got == value and _data(got[1]) == _data(value[1]), key
    kept_apart = [key for key in lazy.patterns._last if key not in reference.patterns]
    assert all(lazy.patterns.get(key) is None for key in kept_apart)
    assert lazy.maxlen >= reference.maxlen


@pytest.mark.parametrize("lang, words", [
    ("de_DE", ["Silbentrennung", "Rundenende", "Herausforderung", "Einflusspunkte"]),
    ("fr", ["anticonstitutionnellement", "influence", "éliminations"]),
    ("en_GB", ["hyphenation", "eliminated", "tournament"]),
    ("es", ["eliminación", "influencia"]),
])
def test_a_word_breaks_where_pyphen_breaks_it(lang, words):
    ours = hyphenator(lang, 3, 3)
    theirs = pyphen.Pyphen(lang=lang, left=3, right=3)
    for word in words:
        assert ours.positions(word) == theirs.positions(word)
        assert list(ours.iterate(word)) == list(theirs.iterate(word))
    assert any(ours.positions(word) for word in words)


def test_a_dictionary_with_repeated_escaped_and_alternative_patterns_reads_as_pyphens(
        tmp_path):
    # a key on several lines (the last with a value kept, an all-zero line
    # skipped), a hex escape (^^e9: é), an alternative (c1k/k=k,1,1), comments
    path = tmp_path / "hyph_xx.dic"
    path.write_text("UTF-8\n% a comment\nLEFTHYPHENMIN 2\n1ab\na1b\na0b0\n"
                    "x^^e91y\nx\u00e92y\nc1k/k=k,1,1\n.ab3c\n2b1c\n0b0c0\n", "utf-8")
    reference = pyphen.HyphDict(path)
    lazy = hyph_dict(path)
    assert set(reference.patterns) == {"ab", "xéy", "ck", ".abc", "bc"}
    for key, value in reference.patterns.items():
        got = lazy.patterns.get(key)
        assert got == value and _data(got[1]) == _data(value[1]), key
    assert lazy.patterns.get("zz") is None and lazy.patterns.get("zz", 7) == 7
    key, (start, values) = parse_pattern("c1k/k=k,1,1")
    assert key == "ck" and values == (1,) and values[0].data[0] == "k=k"
    assert parse_pattern("a0b0")[1] is None        # all zeros: pyphen skips it
