"""The rules text of a game package: ``rules.md`` (Markdown) or ``rules.yaml``
(Herald's own format), read into the structure ``templates/rules.xml.j2``
and the booklet's builder read (what ``rules_text(game, locale)`` returns for
a package), translated into the asked locale from the package's PO file, with
the generic words a booklet prints (its contents, the examples' heading...)
from Herald's generic catalog.

The Markdown a designer writes::

    # Goofspiel                          the title (else database.yaml's)
    A game of pure strategy.             one paragraph: the subtitle (optional)

    ## Setting up {#setup}               a section; {#id} optional (from the title)
    A paragraph, over several lines;     paragraphs, separated by blank lines
    **bold** and *italic* are kept.
    - a bullet item                      a list (``-``, ``*``, ``+`` or ``1.``)
    > a note, set apart                  a note
    <!-- examples -->                    where the section's worked examples go
                                         (booklet.yaml picks them; default: its end)

    ## A round {#round}                  ``turn`` or ``round`` (or any id with
    1. Turn up the next prize.           ``.steps``: ``{#id .steps}``): the quick
    2. Everyone bids a card.             reference numbers the items of its
                                         first list as steps

A section with id ``cards`` also shows every card of the deck. Nothing else
of Markdown is read: another heading level, raw HTML (but the examples
marker) and a file over the size limits are refused in one line naming the
file and the line. Every text is written in the package's source language
(``language:`` in database.yaml); :func:`rules_entries` lists them for
``herald i18n extract GAME`` and :func:`rules_text` reads them back from the
PO file of the asked locale.
"""
from __future__ import annotations

import re
import unicodedata
from pathlib import Path
from typing import NoReturn

from ..errors import InputError
from ..filecache import ContentCache
from ..generic_words import PACKAGE_RULES as WORDS
from ..paths import display
from ..translate import Entry
from . import texts

MAX_BYTES = 256 * 1024        # a rules text of a card game fits in far less
MAX_SECTIONS = 60
MAX_BLOCKS = 200              # paragraphs, lists and notes in one section
MAX_ITEMS = 100               # items of one list
MAX_TEXT = 4000               # characters of one paragraph, item or note
MAX_TITLE = 200
RULES_FILES = ("rules.md", "rules.yaml")
STEPS_CLASS = ".steps"
# the ids that name the cycle of play: numbered steps on the quick reference
TURN_IDS = ("turn", "round")

_HEADING = re.compile(r"(#{1,6})(?:\s+(.*?))?\s*$")
_ATTRS = re.compile(r"\s*\{([^{}]*)\}\s*$")
_ID = re.compile(r"[a-z0-9][a-z0-9-]{0,39}")
_ITEM = re.compile(r"\s{0,3}(?:[-*+]|\d{1,3}[.)])\s+(.*)")
_MARKER = "<!-- examples -->"
# what opens a tag, a comment or a processing instruction: raw HTML, which a
# rules text may not carry (the booklet and the web edition print text, never
# markup); refused even unclosed, so that no half tag reaches a page
_HTML = re.compile(r"<[A-Za-z/!?]")


def rules_path(game: str) -> Path:
    """The package's rules text: ``rules.md`` or ``rules.yaml`` in its assets."""
    root = texts.assets_of(game)
    found = [root / name for name in RULES_FILES if (root / name).is_file()]
    if len(found) > 1:
        raise InputError(f"{display(root)}: both rules.md and rules.yaml; keep one")
    if not found:
        raise InputError(f"{display(root / 'rules.md')}: no rules text (write rules.md, "
                         "or rules.yaml)")
    return found[0]


def read_rules(game: str) -> dict:
    """The rules text as written, in the package's source language:
    ``{title, subtitle, sections: [{id, title, steps, blocks}]}``, each block
    ``{p: text}``, ``{list: [texts]}``, ``{note: text}`` or ``{examples: True}``
    (title and subtitle None when the file has none). Read once per version
    of the file."""
    path = rules_path(game)
    return _RULES.get(path, [path], lambda: _read(path))


_RULES: ContentCache[dict] = ContentCache(8)


def _read(path: Path) -> dict:
    if path.suffix == ".md":
        return parse_markdown(path)
    return parse_yaml(path)


def _raw_text(path: Path) -> str:
    shown = display(path)
    raw = path.read_bytes()
    if len(raw) > MAX_BYTES:
        raise InputError(f"{shown}: larger than {MAX_BYTES // 1024} KB; a rules text is "
                         "shorter")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise InputError(f"{shown}:{line}: not UTF-8 text (byte {raw[e.start]:#04x})") \
            from None
    bad = next((i for i, ch in enumerate(text)
                if unicodedata.category(ch) == "Cc" and ch not in "\n\r\t"), None)
    if bad is not None:
        line = text[:bad].count("\n") + 1
        raise InputError(f"{shown}:{line}: a control character (U+{ord(text[bad]):04X}) in "
                         "the text")
    return text.replace("\r\n", "\n").replace("\r", "\n")


def inline(text: str) -> str:
    """Markdown's inline forms as the booklet's own markup: ``__bold__`` and
    ``_italic_`` as ``**bold**`` and ``*italic*``, a link as its words, code
    as its text; runs of white space as one space."""
    text = " ".join(text.split())
    text = re.sub(r"\[([^\]]+)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"`([^`]+)`", r"\1", text)
    text = re.sub(r"(?<!\w)__(?=\S)(.+?)(?<=\S)__(?!\w)", r"**\1**", text)
    return re.sub(r"(?<![\w_])_(?=\S)(.+?)(?<=\S)_(?![\w_])", r"*\1*", text)


def slug(title: str) -> str:
    """A section id made from its title: "Setting up" → ``setting-up``."""
    plain = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    return re.sub(r"[^a-z0-9]+", "-", plain.lower()).strip("-")[:40].strip("-")


class _Reader:
    """The Markdown reader's state: the section and block being read."""

    def __init__(self, path: Path):
        self.path, self.shown = path, display(path)
        self.title: str | None = None
        self.subtitle: str | None = None
        self.sections: list[dict] = []
        self.block: dict | None = None     # {kind, parts, line}
        self.ids: dict[str, int] = {}
        self.line = 0

    def fail(self, message: str, line: int | None = None) -> NoReturn:
        raise InputError(f"{self.shown}:{line or self.line}: {message}")

    def flush(self) -> None:
        """Close the block being read into its section (or the subtitle)."""
        block, self.block = self.block, None
        if block is None:
            return
        kind, parts = block["kind"], block["parts"]
        if kind == "list":
            value: object = [inline(p) for p in parts]
            for text in value:   # type: ignore[attr-defined]
                self.check_length(text, block["line"])
        else:
            value = inline(" ".join(parts))
            self.check_length(value, block["line"])
        if not self.sections:
            if kind != "p" or self.subtitle is not None:
                self.fail("text before the first section: after the title, one paragraph "
                          "(the subtitle), then '## Section title'", block["line"])
            self.subtitle = value       # type: ignore[assignment]
            return
        blocks = self.sections[-1]["blocks"]
        if len(blocks) >= MAX_BLOCKS:
            self.fail(f"more than {MAX_BLOCKS} paragraphs, lists and notes in one section",
                      block["line"])
        blocks.append({kind: value})

    def check_length(self, text: str, line: int) -> None:
        if len(text) > MAX_TEXT:
            self.fail(f"a paragraph longer than {MAX_TEXT} characters", line)

    def heading(self, level: int, text: str) -> None:
        self.flush()
        if level == 1:
            if self.title is not None or self.sections or self.subtitle is not None:
                self.fail("'# Title' comes once, on the first line; a section is "
                          "'## Section title'")
            if not text:
                self.fail("an empty title after '#'")
            self.title = self.short(inline(text))
            return
        if level != 2:
            self.fail(f"a heading of level {level} ('{'#' * level}'): a rules text has "
                      "'# Title' and '## Section title' only")
        attrs = _ATTRS.search(text)
        section_id, steps = None, False
        if attrs:
            text = text[:attrs.start()]
            for token in attrs.group(1).split():
                if token.startswith("#") and _ID.fullmatch(token[1:]):
                    section_id = token[1:]
                elif token == STEPS_CLASS:
                    steps = True
                else:
                    self.fail(f"{{{attrs.group(1)}}}: expected {{#section-id}} (lower-case "
                              f"letters, digits and -, up to 40) and optionally {STEPS_CLASS}")
        title = self.short(inline(text))
        if not title:
            self.fail("a section without a title after '##'")
        section_id = section_id or slug(title) or f"section-{len(self.sections) + 1}"
        if section_id in self.ids:
            self.fail(f"section id {section_id!r} is already the id of the section on "
                      f"line {self.ids[section_id]}; give one an id: {{#another-id}}")
        if len(self.sections) >= MAX_SECTIONS:
            self.fail(f"more than {MAX_SECTIONS} sections")
        self.ids[section_id] = self.line
        self.sections.append({"id": section_id, "title": title,
                              "steps": steps or section_id in TURN_IDS, "blocks": [],
                              "line": self.line})

    def short(self, text: str) -> str:
        if len(text) > MAX_TITLE:
            self.fail(f"a title longer than {MAX_TITLE} characters")
        return text

    def marker(self) -> None:
        self.flush()
        if not self.sections:
            self.fail(f"{_MARKER} before the first section: it marks where a section's "
                      "worked examples go")
        section = self.sections[-1]
        if any("examples" in b for b in section["blocks"]):
            self.fail(f"a second {_MARKER} in section {section['id']!r}")
        section["blocks"].append({"examples": True})

    def text_line(self, line: str) -> None:
        item = _ITEM.match(line)
        stripped = line.strip()
        if item:
            if self.block is None or self.block["kind"] != "list":
                self.flush()
                self.block = {"kind": "list", "parts": [], "line": self.line}
            if len(self.block["parts"]) >= MAX_ITEMS:
                self.fail(f"more than {MAX_ITEMS} items in one list")
            self.block["parts"].append(item.group(1))
        elif stripped.startswith(">"):
            if self.block is None or self.block["kind"] != "note":
                self.flush()
                self.block = {"kind": "note", "parts": [], "line": self.line}
            self.block["parts"].append(stripped[1:].strip())
        elif self.block is not None and self.block["kind"] == "list":
            self.block["parts"][-1] += " " + stripped       # an item's next line
        elif self.block is not None:
            self.block["parts"].append(stripped)
        else:
            self.block = {"kind": "p", "parts": [stripped], "line": self.line}


def parse_markdown(path: Path) -> dict:
    """A ``rules.md`` as the rules structure (see :func:`read_rules`)."""
    reader = _Reader(path)
    for n, raw in enumerate(_raw_text(path).split("\n"), 1):
        reader.line = n
        line = raw.rstrip()
        if line.strip() == _MARKER:
            reader.marker()
        elif _HTML.search(line):
            reader.fail("raw HTML in a rules text (only the line <!-- examples --> is "
                        "read); write **bold** and *italic*, and 'less than' for <")
        elif line.startswith("#"):
            m = _HEADING.fullmatch(line)
            if m is None:
                reader.fail("a heading is '# Title' or '## Section title', with a space "
                            "after the #")
            reader.heading(len(m.group(1)), m.group(2) or "")
        elif not line.strip():
            reader.flush()
        else:
            reader.text_line(line)
    reader.line += 1
    reader.flush()
    if not reader.sections:
        raise InputError(f"{reader.shown}:1: no section: a rules text has sections, each "
                         "starting with '## Section title'")
    sections = [{k: v for k, v in s.items() if k != "line"} for s in reader.sections]
    return {"title": reader.title, "subtitle": reader.subtitle, "sections": sections}


# -- rules.yaml, Herald's own format -------------------------------------------------

_YAML_KEYS = ("title", "subtitle", "sections")
_SECTION_KEYS = ("id", "title", "steps", "blocks")
_BLOCK_KINDS = ("p", "list", "note", "examples")


def parse_yaml(path: Path) -> dict:
    """A ``rules.yaml`` (the format of ``assets/<game>/locales/fr/rules.yaml``:
    ``title``, ``subtitle``, ``sections: [{id, title, blocks: [{p}, {list},
    {note}]}]``; a block ``{examples: here}`` places the section's examples,
    ``steps: true`` numbers the section's first list on the quick reference)
    as the rules structure; a wrong field is one line with its line number."""
    from ..yamlfile import line_of, load_yaml
    if path.stat().st_size > MAX_BYTES:
        raise InputError(f"{display(path)}: larger than {MAX_BYTES // 1024} KB; a rules "
                         "text is shorter")
    data, lines = load_yaml(path)
    shown = display(path)

    def fail(where: tuple, message: str) -> NoReturn:
        # the reader numbers list items from 1, as the message does
        shown_at = tuple(p + 1 if isinstance(p, int) else p for p in where)
        line = line_of(lines, shown_at) or 1
        field = ".".join(str(p) for p in shown_at) or "(top)"
        raise InputError(f"{shown}:{line}: {field}: {message}")

    def text(value, where: tuple, limit: int = MAX_TEXT) -> str:
        if not isinstance(value, str) or not value.strip():
            fail(where, "expected a text")
        if _HTML.search(value):
            fail(where, "raw HTML in a rules text; write **bold** and *italic*")
        value = " ".join(value.split())
        if len(value) > limit:
            fail(where, f"longer than {limit} characters")
        return value

    if not isinstance(data, dict):
        fail((), "a rules text is a mapping: title, subtitle, sections")
    for key in data:
        if key not in _YAML_KEYS:
            fail((key,), f"unknown key; expected one of: {', '.join(_YAML_KEYS)}")
    sections_in = data.get("sections")
    if not isinstance(sections_in, list) or not sections_in:
        fail(("sections",), "expected a list of sections, each {id, title, blocks}")
    if len(sections_in) > MAX_SECTIONS:
        fail(("sections",), f"more than {MAX_SECTIONS} sections")
    sections: list[dict] = []
    seen: set[str] = set()
    for i, s in enumerate(sections_in):
        if not isinstance(s, dict):
            fail(("sections", i), "expected a mapping: id, title, blocks")
        for key in s:
            if key not in _SECTION_KEYS:
                fail(("sections", i, key), f"unknown key; expected one of: "
                     f"{', '.join(_SECTION_KEYS)}")
        title = text(s.get("title"), ("sections", i, "title"), MAX_TITLE)
        sid = s.get("id", slug(title))
        if not isinstance(sid, str) or not _ID.fullmatch(sid):
            fail(("sections", i, "id"), "expected lower-case letters, digits and -, up "
                 "to 40")
        if sid in seen:
            fail(("sections", i, "id"), f"{sid!r} is already another section's id")
        seen.add(sid)
        blocks_in = s.get("blocks", [])
        if not isinstance(blocks_in, list) or len(blocks_in) > MAX_BLOCKS:
            fail(("sections", i, "blocks"), f"expected a list of up to {MAX_BLOCKS} blocks")
        blocks: list[dict] = []
        for j, b in enumerate(blocks_in):
            where = ("sections", i, "blocks", j)
            if not isinstance(b, dict) or len(b) != 1 or next(iter(b)) not in _BLOCK_KINDS:
                fail(where, "expected one of {p: text}, {list: [texts]}, {note: text}, "
                     "{examples: here}")
            kind, value = next(iter(b.items()))
            if kind == "list":
                if not isinstance(value, list) or not value or len(value) > MAX_ITEMS:
                    fail((*where, kind), f"expected a list of 1 to {MAX_ITEMS} texts")
                blocks.append({"list": [text(v, (*where, kind, k))
                                        for k, v in enumerate(value)]})
            elif kind == "examples":
                if any("examples" in x for x in blocks):
                    fail(where, "a second examples block in this section")
                blocks.append({"examples": True})
            else:
                blocks.append({kind: text(value, (*where, kind))})
        steps = s.get("steps", False)
        if not isinstance(steps, bool):
            fail(("sections", i, "steps"), "expected true or false")
        sections.append({"id": sid, "title": title, "steps": steps or sid in TURN_IDS,
                         "blocks": blocks})
    return {"title": text(data["title"], ("title",), MAX_TITLE) if "title" in data else None,
            "subtitle": text(data["subtitle"], ("subtitle",)) if "subtitle" in data else None,
            "sections": sections}


# -- the texts to translate, and the text in a locale ---------------------------------

def _texts_of(rules: dict):
    """(ctx, text) of every text of a rules structure, in reading order; the
    contexts name sections by id, so a section moved keeps its translations."""
    if rules.get("title"):
        yield "rules title", rules["title"]
    if rules.get("subtitle"):
        yield "rules subtitle", rules["subtitle"]
    for s in rules["sections"]:
        yield f"rules {s['id']} title", s["title"]
        for n, block in enumerate(s["blocks"], 1):
            for kind in ("p", "note"):
                if kind in block:
                    yield f"rules {s['id']} {n}", block[kind]
            for k, item in enumerate(block.get("list", ()), 1):
                yield f"rules {s['id']} {n}.{k}", item


def rules_entries(game: str) -> list[Entry]:
    """Every text of the package's rules, for its PO template."""
    return [Entry(ctx, text) for ctx, text in _texts_of(read_rules(game))]


def rules_in(game: str, locale: str) -> dict:
    """The package's rules structure in ``locale``: each text from the PO
    file (the source text where it has none: ``herald i18n check GAME``
    lists those, and ``herald build`` builds only complete locales)."""
    rules = read_rules(game)

    def tr(ctx: str, text: str) -> str:
        return texts.translate(game, locale, ctx, text)

    sections = []
    for s in rules["sections"]:
        blocks: list[dict] = []
        for n, block in enumerate(s["blocks"], 1):
            if "list" in block:
                blocks.append({"list": [tr(f"rules {s['id']} {n}.{k}", item)
                                        for k, item in enumerate(block["list"], 1)]})
            elif "examples" in block:
                blocks.append({"examples": True})
            else:
                kind = next(iter(block))
                blocks.append({kind: tr(f"rules {s['id']} {n}", block[kind])})
        sections.append({**s, "title": tr(f"rules {s['id']} title", s["title"]),
                         "blocks": blocks})
    return {"title": rules["title"] and tr("rules title", rules["title"]),
            "subtitle": rules["subtitle"] and tr("rules subtitle", rules["subtitle"]),
            "sections": sections}


def generic_words(locale: str) -> dict:
    """The words every package's booklet prints in ``locale`` (English where
    Herald's generic catalog has no such locale yet)."""
    try:
        return dict(WORDS[locale])
    except KeyError:
        return dict(WORDS["en"])


def rules_text(game: str, locale: str) -> dict:
    """What ``documents.rules_text`` returns for a package: its rules in
    ``locale`` with the generic words, the title and subtitle (the rules'
    own, else database.yaml's), the credits (database.yaml's) and a section's
    examples placed at its ``<!-- examples -->`` (``examples_inline``)."""
    from herald.engine.games import GAMES
    rules = rules_in(game, locale)
    db = texts.database_texts(game, locale)
    out = generic_words(locale)
    if not getattr(GAMES[game], "rule_options", None):
        # no option to read either way: the booklet prints no readings
        out["rulings_title"] = out["rulings_intro"] = ""
    out["sources"] = {}
    out["title"] = rules["title"] or db["title"]
    out["subtitle"] = rules["subtitle"] or db["subtitle"] or ""
    out["credits"] = db["credits"]
    out["sections"] = [
        {**s, **({"examples_inline": True} if any("examples" in b for b in s["blocks"])
                 else {})} for s in rules["sections"]]
    return out
