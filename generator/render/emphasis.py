"""``**bold**`` and ``*italic*`` in a text turned into tags that always nest.

The booklet (reportlab's paragraph markup) and the web edition (HTML) read
the same two marks. A text from a stranger (a translation, a designer's card
text) may overlap them, ``*a **b* c**``: the pairs found by the patterns then
give ``<i>a <b>b</i> c</b>``, which reportlab refuses with a traceback. The
tags are re-nested here instead (an overlap is closed and reopened), and
:func:`overlaps` lets ``herald i18n check`` name the translation that does it.
"""
from __future__ import annotations

import re

_BOLD = re.compile(r"\*\*(.+?)\*\*")
_ITALIC = re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])")
# The markers the patterns put in, replaced by the caller's tags at the end
# (the text may hold "<b>" itself): control characters, taken out of the text
# first, and like "<" and ">" neither a word character nor a space to the
# patterns' look-arounds.
_OPEN = {"b": "\x01", "i": "\x03"}
_CLOSE = {"b": "\x02", "i": "\x04"}
_MARK = {"\x01": "b", "\x02": "/b", "\x03": "i", "\x04": "/i"}
_TOKEN = re.compile("([\x01-\x04])")
_MARKERS = str.maketrans("", "", "\x01\x02\x03\x04")


def _marked(text: str) -> str:
    text = _BOLD.sub("\x01\\1\x02", text.translate(_MARKERS))
    return _ITALIC.sub("\x03\\1\x04", text)


def _nested(parts: list[str]) -> tuple[list[str], bool]:
    """The markers among ``parts`` re-nested: a close that is not the
    innermost open one closes the ones inside it and reopens them after;
    whether anything had to change."""
    out: list[str] = []
    open_: list[str] = []
    changed = False
    for part in parts:
        tag = _MARK.get(part)
        if tag is None:
            out.append(part)
        elif not tag.startswith("/"):
            open_.append(part)
            out.append(part)
        else:
            opener = _OPEN[tag[1:]]
            inner: list[str] = []
            while open_[-1] != opener:     # a close always follows its opening
                inner.append(open_.pop())
                out.append(_CLOSE[_MARK[inner[-1]]])
            changed |= bool(inner)
            open_.pop()
            out.append(part)
            for t in reversed(inner):
                open_.append(t)
                out.append(t)
    return out, changed


def emphasis(text: str, bold: tuple[str, str] = ("<b>", "</b>"),
             italic: tuple[str, str] = ("<i>", "</i>")) -> str:
    """``text`` (already escaped for its markup) with ``**…**`` as ``bold``'s
    tags and ``*…*`` as ``italic``'s, always properly nested."""
    if "*" not in text:     # most texts: no mark to turn into a tag
        return text.translate(_MARKERS)
    parts, _ = _nested(_TOKEN.split(_marked(text)))
    tags = {"\x01": bold[0], "\x02": bold[1], "\x03": italic[0], "\x04": italic[1]}
    return "".join(tags.get(p, p) for p in parts)


def overlaps(text: str) -> bool:
    """Whether ``text``'s bold and italic overlap (``*a **b* c**``)."""
    if "*" not in text:
        return False
    return _nested(_TOKEN.split(_marked(text)))[1]
