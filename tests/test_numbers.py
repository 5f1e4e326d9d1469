"""One way to print a number for players: generator/render/numbers.py, by
Babel's patterns of each locale. No other module of the generator formats a
number or a percentage with Babel itself."""
from __future__ import annotations

import ast
from fractions import Fraction

import pytest
from herald.generator.paths import ROOT
from herald.generator.render.numbers import decimal, percent, whole

NUMBERS = ROOT / "generator" / "render" / "numbers.py"
# Babel's number formatting, which only render/numbers.py may call
BABEL_NUMBERS = {"format_decimal", "format_percent", "format_number", "format_currency",
                 "format_compact_decimal", "format_scientific"}


def test_only_render_numbers_formats_numbers_with_babel():
    found = []
    for path in sorted((ROOT / "generator").rglob("*.py")):
        if path == NUMBERS:
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.module == "babel.numbers" \
                    or isinstance(node, ast.Attribute) and node.attr in BABEL_NUMBERS:
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}")
    assert not found, "numbers printed with Babel directly:\n" + "\n".join(found)


@pytest.mark.parametrize("locale, share, text", [
    ("en", Fraction(3, 11), "27%"), ("fr", Fraction(3, 11), "27\u00a0%"),
    ("de", Fraction(3, 11), "27\u00a0%"), ("es", Fraction(3, 11), "27\u00a0%"),
])
def test_the_asets_endgame_percentages_are_the_locales(locale, share, text):
    """What the Asèt booklet's solved endgame prints (a strategy's share,
    whole percent), as Babel's format_percent printed it before."""
    from babel.numbers import format_percent
    assert percent(float(share), locale, 0) == text == format_percent(float(share),
                                                                      locale=locale)


@pytest.mark.parametrize("locale, value, text", [
    ("en", 1214 / 1235, "0.98"), ("fr", 1214 / 1235, "0,98"), ("de", 2.5, "2,50"),
])
def test_the_endgames_value_keeps_two_decimals(locale, value, text):
    assert decimal(value, locale, 2) == text


@pytest.mark.parametrize("locale, n, text", [
    ("en", 61, "61"), ("en", 12345, "12,345"), ("de", 12345, "12.345"),
    ("fr", 12345, "12\u202f345"),
])
def test_counts_are_grouped_as_the_locale_groups_them(locale, n, text):
    assert whole(n, locale) == text == decimal(n, locale, 3, least=0)
