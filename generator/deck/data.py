"""The card list: one row per kind of card, from CSV, a spreadsheet's XLSX or YAML.

Every format gives the same rows: column names made plain (``Card Name`` is
``card_name``), every value a string (a spreadsheet's 3.0 is "3"), and each
row's place in its file (line or row number) for messages. ``count`` (how
many copies, 0 to :data:`MAX_COUNT`, default 1) is read here; every other
column is the layout's business. A column per locale (``text_fr``,
``text_en``) is one localized column ``text``; :func:`localize` picks one,
and keeps each under its own name too, for a card that shows two languages.
"""
from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..paths import display
from . import files, xlsx

MAX_BYTES = 8 * 1024 * 1024
MAX_ROWS = 2000           # kinds of card
MAX_COUNT = 1000          # copies of one kind
MAX_CARDS = 5000          # copies in all
MAX_COLUMNS = 200
MAX_CELL = 4000           # characters in one cell
MAX_YAML_BYTES = 2 * 2**20     # a YAML card list (read in pure Python: slow)
MAX_YAML_VALUES = 100_000
CARD_FILES = ("cards.csv", "cards.xlsx", "cards.yaml", "cards.yml")
_NAME = re.compile(r"^[a-z_][a-z0-9_]*$")
_LOCALIZED = re.compile(r"^(?P<base>[a-z_][a-z0-9_]*?)_(?P<locale>[a-z]{2})$")


@dataclass(frozen=True)
class Row:
    values: dict[str, str]   # column -> text (localized columns still split: text_fr...)
    count: int
    where: str               # "cards.csv:7" / "cards.xlsx: row 7"
    index: int               # 1-based among the data rows


@dataclass(frozen=True)
class CardList:
    path: Path
    columns: tuple[str, ...]            # as in the file, made plain
    rows: tuple[Row, ...]
    locales: tuple[str, ...]            # of the localized columns, sorted; () if none

    def plain_columns(self) -> set[str]:
        """The names a layout may use: each column by its own name, a localized
        one by its base name too (``name`` in the card's language, ``name_fr``
        always in French: a bilingual card shows both)."""
        names = set(self.columns)
        for column in self.columns:
            m = _LOCALIZED.match(column)
            if m and m.group("locale") in self.locales:
                names.add(m.group("base"))
        return names

    def localize(self, row: Row, locale: str | None) -> dict[str, str]:
        """``row``'s values with each localized column under its base name, in
        ``locale``. An empty cell in ``locale`` where another language has text
        is a missing translation: refused, naming the row and the column (a
        blank card would be printed)."""
        out = {}
        for column, value in row.values.items():
            m = _LOCALIZED.match(column)
            if m and m.group("locale") in self.locales:
                if m.group("locale") == locale:
                    out[m.group("base")] = value
                    if not value:
                        _translated(row, m.group("base"), column, self.locales)
            out[column] = value
        return out

    def check_named(self, row: Row, names: set[str]) -> None:
        """A localized column a layout names in full (``name_fr`` on a bilingual
        card) is printed in every locale: empty where another language has text
        is a missing translation, whatever ``--lang`` asks for."""
        for column in sorted(names & set(row.values)):
            m = _LOCALIZED.match(column)
            if m and m.group("locale") in self.locales and not row.values[column]:
                _translated(row, m.group("base"), column, self.locales)


def _translated(row: Row, base: str, column: str, locales: tuple[str, ...]) -> None:
    others = [f"{base}_{loc}" for loc in locales if row.values.get(f"{base}_{loc}")]
    if others:
        raise InputError(f"{row.where}: {column}: empty, but {others[0]} has text: a "
                         "missing translation (write it, or leave every language's cell "
                         "empty)")


def find_card_list(folder: Path, name: str | None = None) -> Path:
    if name:
        return folder / name
    found = [c for c in CARD_FILES
             if (folder / c).exists() or (folder / c).is_symlink()]
    if len(found) > 1:
        # which one would win is no rule a designer can guess: say so
        raise InputError(f"{display(folder)}: {' and '.join(found)}: two card lists; keep "
                         "one, or name it in the layout file (cards: cards.xlsx)")
    if found:
        return folder / found[0]            # checked (a link, a FIFO...) by load_cards
    raise InputError(f"{display(folder)}: no card list ({', '.join(CARD_FILES)})")


def load_cards(path: Path, folder: Path | None = None) -> CardList:
    """The card list at ``path``, read only if it lies inside ``folder`` (by
    default its own folder: a link leading out is refused)."""
    path = Path(path)
    shown = files.shown(path)
    real = files.inside(path.parent if folder is None else folder, path.absolute(), shown,
                        "card list")
    raw = files.read(real, shown, MAX_BYTES)
    suffix = path.suffix.lower()
    if suffix == ".csv":
        header, records = _csv(shown, raw)
    elif suffix == ".xlsx":
        header, records = xlsx.rows(shown, raw, MAX_ROWS, MAX_COLUMNS)
    elif suffix in (".yaml", ".yml"):
        header, records = _yaml(real, shown, raw)
    else:
        raise InputError(f"{shown}: a card list is .csv, .xlsx or .yaml")
    columns = _columns(shown, header)
    rows = []
    total = 0
    for index, (where, cells) in enumerate(records, 1):
        if index > MAX_ROWS:
            raise InputError(f"{shown}: more than {MAX_ROWS} rows")
        if len(cells) > len(columns) and any(c.strip() for c in cells[len(columns):]):
            raise InputError(f"{where}: {len(cells)} cells but {len(columns)} columns in "
                             "the header")
        values = {c: (cells[i].strip() if i < len(cells) else "") for i, c in enumerate(columns)}
        if not any(values.values()):
            continue                      # a blank line between groups of cards
        for column, value in values.items():
            if len(value) > MAX_CELL:
                raise InputError(f"{where}: {column}: longer than {MAX_CELL} characters")
        count = _count(where, values.pop("count", ""), "count" in columns)
        total += count
        if total > MAX_CARDS:
            raise InputError(f"{where}: count: more than {MAX_CARDS} cards in all")
        rows.append(Row(values, count, where, index))
    if not rows:
        raise InputError(f"{shown}: no cards (a header row, then one row per kind of card)")
    locales = _locales(columns)
    return CardList(path, tuple(c for c in columns if c != "count"), tuple(rows), locales)


def _count(where: str, text: str, present: bool) -> int:
    if not present or text == "":
        return 1
    try:
        value = int(text)
    except ValueError:
        value = -1
    if not 0 <= value <= MAX_COUNT:
        raise InputError(f"{where}: count: {text!r} is not a number of copies from 0 to "
                         f"{MAX_COUNT}")
    return value


def _columns(shown: str, header: list[str]) -> list[str]:
    if len(header) > MAX_COLUMNS:
        raise InputError(f"{shown}: more than {MAX_COLUMNS} columns")
    columns: list[str] = []
    for number, cell in enumerate(header, 1):
        name = re.sub(r"[\s\-]+", "_", str(cell).strip().lower())
        if not name:
            if number == len(header):
                break            # a trailing empty header cell (a spreadsheet's habit)
            raise InputError(f"{shown}: column {number} has no name in the header row")
        if not _NAME.match(name):
            raise InputError(f"{shown}: column {cell!r}: a column name is letters, digits "
                             "and underscores, starting with a letter")
        if name in columns:
            raise InputError(f"{shown}: column {cell!r} appears twice in the header row")
        columns.append(name)
    return columns


def _locales(columns: list[str]) -> tuple[str, ...]:
    """The locales of columns written ``base_xx`` where ``xx`` is a language Babel
    knows and the base comes in two locales or more (``text_fr`` and ``text_en``;
    a lone ``cost_up`` is an ordinary column)."""
    from babel import Locale, UnknownLocaleError
    bases: dict[str, set[str]] = {}
    for column in columns:
        m = _LOCALIZED.match(column)
        if m:
            try:
                Locale.parse(m.group("locale"))
            except (UnknownLocaleError, ValueError):
                continue
            bases.setdefault(m.group("base"), set()).add(m.group("locale"))
    return tuple(sorted({loc for locs in bases.values() if len(locs) > 1 for loc in locs}))


# -- the three formats -----------------------------------------------------------------

def _csv(shown: str, raw: bytes) -> tuple[list[str], list[tuple[str, list[str]]]]:
    try:
        text = raw.decode("utf-8-sig")      # a spreadsheet's CSV may start with a BOM
    except UnicodeDecodeError as e:
        line = raw[:e.start].count(b"\n") + 1
        raise InputError(f"{shown}:{line}: not UTF-8 text (save the CSV as UTF-8)") from None
    try:
        dialect = csv.Sniffer().sniff(text[:4096], delimiters=",;\t")
    except csv.Error:
        dialect = csv.excel
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    try:
        header = next(reader, [])
        records: list[tuple[str, list[str]]] = []
        for row in reader:
            if len(records) >= MAX_ROWS + 100:     # blank lines are rows too
                raise InputError(f"{shown}: more than {MAX_ROWS} rows")
            records.append((f"{shown}:{reader.line_num}", row))
    except csv.Error as e:
        raise InputError(f"{shown}:{reader.line_num}: {e}") from None
    return header, records


def _yaml(real: Path, shown: str,
          raw: bytes) -> tuple[list[str], list[tuple[str, list[str]]]]:
    from ..yamlfile import load_yaml
    # bounded before PyYAML parses it (files.yaml_values)
    if len(raw) > MAX_YAML_BYTES:
        raise InputError(f"{shown}: larger than {MAX_YAML_BYTES // 2**20} MiB; a longer card "
                         "list is a CSV or XLSX file")
    if files.yaml_values(raw) > MAX_YAML_VALUES:
        raise InputError(f"{shown}: more than {MAX_YAML_VALUES} values; a longer card "
                         "list is a CSV or XLSX file")
    data, lines = load_yaml(real)      # inside the folder: checked by load_cards
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    if not isinstance(data, list):
        raise InputError(f"{shown}: a card list in YAML is a list of cards, one mapping each")
    header: list[str] = []
    for i, item in enumerate(data, 1):
        if not isinstance(item, dict):
            where = f"{shown}:{lines.get((i,), '')}".rstrip(":")
            raise InputError(f"{where}: card {i}: expected a mapping of column: value")
        for key in item:
            if str(key) not in header:
                header.append(str(key))
    records = []
    for i, item in enumerate(data, 1):
        line = lines.get((i,)) or lines.get(("cards", i))
        records.append((f"{shown}:{line}" if line else f"{shown}: card {i}",
                        [xlsx.cell(item.get(key)) for key in header]))
    return header, records
