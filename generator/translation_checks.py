"""What a translation may hold, judged where a PO file is read.

A PO file may come from a stranger, and its ``msgstr`` ends up in a
``str.format`` template, a reportlab paragraph and an XML document. So a
translation is printed only when it is:

* bounded: at most :data:`MAX_CHARS` characters (or twice its source's) and no
  word longer than :data:`MAX_WORD` (or its source's longest), checked before
  anything is laid out (a 7-million-character word took minutes to break);
* printable: no control character (U+0000-U+001F, U+007F-U+009F, the
  bidirectional overrides, U+FFFE and U+FFFF), bar a line break its source has;
* a template of the same fields: every ``{placeholder}`` is a plain name,
  ``{player}``, with no attribute, index, conversion or format spec (so
  ``{player.__class__}``, ``{player[99]}``, ``{0}``, ``{n!r}`` and
  ``{n:>100000000}`` are refused: none is ever evaluated), naming only the
  fields its source names or their forms (:func:`_offered`: ``{rank}`` for
  ``{rank_bare}``, ``{den_card}`` for ``{the_card}``);
* well-formed: braces balanced, as its source's are, and its ``*italic*`` and
  ``**bold**`` nested, as its source's are.

The functions here judge one text; :mod:`.translations` applies them to
every entry of a PO file and names the file and the line. A msgid is the
stranger's too, but a translation is only ever looked up by a real source
text, so limits relative to the msgid are relative to that text.
"""
from __future__ import annotations

import re
import string

from .render.emphasis import overlaps

MAX_CHARS = 5_000
MAX_WORD = 100
# Forms the code offers of one field besides the determiners: a card's name
# without its article, a family in lower case.
VARIANTS = ("_bare", "_lower")
_NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_WORD = re.compile(r"[^ \t\n]+")
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ufffe\uffff]")
_FORMATTER = string.Formatter()


def fields(text: str) -> list[tuple[str, str | None, str]]:
    """(name, conversion, format spec) of each ``{…}`` of a format string;
    ValueError when its braces do not pair (``{``, ``}``, ``{a``)."""
    return [(name, conv, spec or "")
            for _, name, spec, conv in _FORMATTER.parse(text) if name is not None]


def source_fields(text: str) -> set[str] | None:
    """The names a source text's placeholders give; None for a text that is
    no format string (a ruling that prints a lone ``{``: never formatted)."""
    try:
        return {name for name, _, _ in fields(text)}
    except ValueError:
        return None


def _longest_word(text: str) -> int:
    return max(map(len, _WORD.findall(text)), default=0)


def text_problem(sources: tuple[str, ...], text: str, own_dets: set[str],
                 source_dets: set[str]) -> str | None:
    """Why ``text``, a translation of ``sources`` (a plural's forms share
    them), may not be printed, as the end of a sentence "the translation …";
    None when it may. ``own_dets`` are the determiners the translation's
    locale defines, ``source_dets`` those of the source's."""
    longest = max((len(s) for s in sources), default=0)
    limit = max(MAX_CHARS, 2 * longest)
    if len(text) > limit:
        return f"has {len(text):,} characters, more than {limit:,}"
    # the words measured only where one may be too long: a text no longer
    # than MAX_WORD holds no longer word (thousands of texts a PO file)
    longest_word = _longest_word(text) if len(text) > MAX_WORD else 0
    if longest_word > MAX_WORD:
        word = max([MAX_WORD, *(_longest_word(s) for s in sources)])
        if longest_word > word:
            return f"has a word of {longest_word:,} characters, more than {word}"
    for m in _CONTROL.finditer(text):
        if not (m.group() == "\n" and any("\n" in s for s in sources)):
            return (f"holds the control character U+{ord(m.group()):04X}: a translation "
                    "is printable text")
    named = [source_fields(s) for s in sources]
    known: set[str] = set().union(*(n for n in named if n is not None))
    if None in named and source_fields(text) is None:
        pass        # no template in its source, none here: a text with a brace
    else:
        problem = _fields_problem(text, known, own_dets, source_dets)
        if problem:
            return problem
    if overlaps(text) and not any(overlaps(s) for s in sources):
        return ("overlaps its *italic* and **bold** (*a **b* c**): close the inner one "
                "first")
    return None


def _fields_problem(text: str, known: set[str], own_dets: set[str],
                    source_dets: set[str]) -> str | None:
    try:
        found = fields(text)
    except ValueError as e:
        return f"is not a valid template ({e}; '{{{{' and '}}}}' print a brace)"
    for name, conv, spec in found:
        if not _NAME.fullmatch(name) or conv is not None or spec:
            shown = "{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}"
            return (f"has the placeholder {_clip(shown)}, which is not a plain {{name}} "
                    "(no '.', '[', '!' or ':' in a placeholder; a number is no name)")
    extra = sorted({name for name, _, _ in found
                    if not _offered(name, known, own_dets, source_dets)})
    if extra:
        return "adds " + ", ".join("{" + _clip(x) + "}" for x in extra)
    return None


def _form(name: str, dets: set[str]) -> tuple[str | None, str]:
    """(determiner, field) of a placeholder's name: ``the_card`` is
    ("the", "card"), ``rank_bare`` (None, "rank")."""
    head, _, rest = name.partition("_")
    det = head if rest and head in dets else None
    if det is not None:
        name = rest
    for suffix in VARIANTS:
        name = name.removesuffix(suffix)
    return det, name


def _offered(name: str, known: set[str], own_dets: set[str], source_dets: set[str]) -> bool:
    """Whether a translation may name ``name`` where its source names
    ``known``: one of them, or another form of one of their fields (the code
    that fills a field fills its forms): a ``_bare``/``_lower`` variant, or,
    for a field the source names with a determiner (a card), the same field
    with one of the locale's own determiners (the narration fills one per
    determiner of the locale's grammar, not of the source's)."""
    head = name.partition("_")[0]
    if own_dets and head in source_dets - own_dets and name.partition("_")[2]:
        return False        # a determiner the locale's grammar does not define
    if name in known:
        return True
    forms = [_form(k, source_dets) for k in known]
    det, base = _form(name, own_dets)
    if det is not None:
        return any(d is not None and b == base for d, b in forms)
    return any(b == base for _, b in forms)


def _clip(text: str, n: int = 40) -> str:
    return text if len(text) <= n else text[:n - 1] + "…"


class Translation(str):
    """A translation as the PO file gives it, which remembers where it is
    written (``file:line``) and fills its placeholders itself.

    Every template a PO file gives reaches the code as one of these, and the
    code fills it with ``.format(...)``/``.format_map(...)``, as it does a
    source text. Here those look names up and nothing else: no attribute, no
    index, no format spec is ever evaluated (the table refuses a translation
    that has one), and a name this text is not offered (a ``{card_lower}``
    where the code gives no such form) is one line naming the PO file and
    line, not a ``KeyError``. Every other ``str`` method returns a plain
    ``str``."""

    where: str

    def __new__(cls, text: str, where: str) -> Translation:
        self = super().__new__(cls, text)
        self.where = where
        return self

    def __reduce__(self):
        return (Translation, (str(self), self.where))

    def format(self, *args, **kwargs) -> str:        # noqa: A003 - str's own name
        return self.format_map(kwargs)

    def format_map(self, mapping) -> str:
        from .errors import InputError
        out: list[str] = []
        try:
            parsed = list(_FORMATTER.parse(self))
        except ValueError as e:
            raise InputError(f"{self.where}: the translation is not a valid template: {e}") \
                from None
        for literal, name, spec, conv in parsed:
            out.append(literal)
            if name is None:
                continue
            if not _NAME.fullmatch(name) or conv is not None or spec:
                raise InputError(f"{self.where}: the translation's placeholder "
                                 f"{{{_clip(name)}}} is not a plain {{name}}")
            try:
                value = mapping[name]
            except KeyError:
                offered = ", ".join("{" + k + "}" for k in sorted(mapping)[:12]
                                    if isinstance(k, str))
                raise InputError(f"{self.where}: the translation names {{{name}}}, which "
                                 f"this text does not offer (it offers {offered})") from None
            out.append(format(value, ""))
        return "".join(out)
