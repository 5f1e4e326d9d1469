"""Numbers as a reader of each language writes them, by Babel (CLDR data):
the decimal sign, the grouping of thousands and the percent sign's spacing
(45.2% in English, 45,2 % in German and French, 1.234,5 in Spanish).

Every number printed for players or readers (a booklet, a sheet's notes, a
balance report, a plot's axis) goes through here: a new locale needs no code.
"""
from __future__ import annotations

import copy
from functools import lru_cache

from babel import Locale, UnknownLocaleError
from babel.numbers import NumberPattern, parse_pattern

FALLBACK = "en"


@lru_cache(maxsize=64)
def babel_locale(lang: str | None) -> Locale:
    """Babel's locale for ``lang`` (``pt-BR`` or ``pt_BR``); English for a
    code Babel does not know, so that a number never stops a document."""
    try:
        return Locale.parse((lang or FALLBACK).replace("-", "_"))
    except (ValueError, UnknownLocaleError):
        return Locale.parse(FALLBACK)


@lru_cache(maxsize=256)
def _pattern(lang: str | None, kind: str, least: int, most: int) -> NumberPattern:
    """The locale's own decimal or percent pattern with ``least`` to ``most``
    decimals: its signs and spacing kept, only the precision set."""
    loc = babel_locale(lang)
    formats = loc.percent_formats if kind == "percent" else loc.decimal_formats
    pattern = copy.copy(parse_pattern(formats[None]))
    pattern.frac_prec = (least, most)
    return pattern


def decimal(value: float, lang: str | None, digits: int | None = None,
            least: int | None = None) -> str:
    """``value`` with ``digits`` decimals (None: as few as needed, at most six),
    or from ``least`` to ``digits`` when ``least`` is given (2 but 2,5)."""
    most = 6 if digits is None else digits
    low = (0 if digits is None else digits) if least is None else least
    rounded = round(float(value), most)
    # -0.0004 to three decimals is 0.000, not -0.000
    return _pattern(lang, "decimal", low, most).apply(rounded or 0.0, babel_locale(lang))


def whole(value: int, lang: str | None) -> str:
    """A count with the locale's grouping of thousands (10,000 / 10 000 / 10.000)."""
    return _pattern(lang, "decimal", 0, 0).apply(int(value), babel_locale(lang))


def percent(share: float, lang: str | None, digits: int = 1) -> str:
    """A share (0.452) as a percentage with ``digits`` decimals: 45.2%, 45,2 %."""
    rounded = round(float(share) * 100, digits) / 100
    return _pattern(lang, "percent", digits, digits).apply(rounded or 0.0, babel_locale(lang))
