"""A card list from a spreadsheet's XLSX, read as a file from a stranger.

An XLSX is a zip of XML parts. Before openpyxl reads any of it, every size
is checked where it costs nothing (the zip's directory: how many parts, how
large each inflates, at most :data:`MAX_PART`, so that a 1 MB file that
inflates to gigabytes is refused at once) and every XML part is parsed once,
streamed, by defusedxml: a DTD or an entity, malformed XML, more than
:data:`MAX_ELEMENTS` elements, and in the sheet read more rows, columns or
cells than a card list may have, are one line naming the file, the part and
the limit. Only then does openpyxl read the first sheet, bounded to those
rows and columns.
"""
from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass
from xml.etree.ElementTree import ParseError

from ..errors import InputError

MAX_PARTS = 1000
MAX_PART = 32 * 2**20           # bytes of one part, inflated
MAX_TOTAL = 96 * 2**20          # bytes of every part, inflated
MAX_ELEMENTS = 2_000_000        # XML elements of a sheet or the shared strings (streamed)
MAX_OTHER_ELEMENTS = 100_000    # of any other part (styles...: openpyxl builds them whole)
MAX_STRINGS = 500_000           # entries of the shared strings table
EXCEL_COLUMNS = 16_384          # a spreadsheet's own limit (column XFD)
_CELL_REF = re.compile(r"^([A-Z]{1,3})[0-9]*$")


@dataclass
class _Sheet:
    """What a sheet part holds, counted while it streams."""
    rows: int = 0
    widest: int = 0           # the largest column number of a cell
    widest_row: int = 0       # the row it is in
    unsaved: tuple[int, int] | None = None   # (row, column) of the first formula without
                                             # a saved value (openpyxl would give None)


def rows(shown: str, raw: bytes, max_rows: int,
         max_columns: int) -> tuple[list[str], list[tuple[str, list[str]]]]:
    """The header and the data rows (``(where, cells)``) of the first sheet."""
    try:
        archive = zipfile.ZipFile(io.BytesIO(raw))
    except (zipfile.BadZipFile, ValueError, OSError):
        raise InputError(f"{shown}: not a readable XLSX workbook (not a zip archive)") from None
    sheets = _check_parts(shown, archive)
    return _read(shown, raw, sheets, max_rows, max_columns)


def _check_parts(shown: str, archive: zipfile.ZipFile) -> dict[str, _Sheet]:
    parts = archive.infolist()
    if len(parts) > MAX_PARTS:
        raise InputError(f"{shown}: more than {MAX_PARTS} parts in the workbook; not a card list")
    total = 0
    for part in parts:
        if part.file_size > MAX_PART:
            raise InputError(f"{shown}: {part.filename}: {part.file_size} bytes once inflated, "
                             f"more than the {MAX_PART // 2**20} MiB a part may have")
        total += part.file_size
    if total > MAX_TOTAL:
        raise InputError(f"{shown}: {total} bytes once inflated, more than the "
                         f"{MAX_TOTAL // 2**20} MiB a workbook may have")
    sheets = {}
    for part in parts:
        name = part.filename
        if name.lower().endswith((".xml", ".rels", ".vml")):
            streamed = "worksheets/" in name or name.endswith("sharedStrings.xml")
            sheets[name] = _scan(shown, archive, name,
                                 MAX_ELEMENTS if streamed else MAX_OTHER_ELEMENTS)
    return sheets


def _scan(shown: str, archive: zipfile.ZipFile, name: str, most: int) -> _Sheet:
    """Parse one XML part through defusedxml, streamed, counting what
    openpyxl would build from it."""
    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import iterparse
    where = f"{shown}: {name}"
    sheet = _Sheet()
    elements = strings = 0
    column = cells = 0
    formula = saved = False
    try:
        with archive.open(name) as source:
            for event, element in iterparse(source, events=("start", "end"), forbid_dtd=True):
                tag = element.tag.rsplit("}", 1)[-1]
                if event == "end":
                    if tag == "v" and element.text:
                        saved = True          # openpyxl writes an empty <v/> for none
                    if tag == "c" and formula and not saved and sheet.unsaved is None:
                        sheet.unsaved = (sheet.rows, column)
                    element.clear()           # nothing is kept: memory stays flat
                    continue
                if tag == "f":
                    formula = True
                elements += 1
                if elements > most:
                    raise InputError(f"{where}: more than {most} XML elements; "
                                     "not a card list")
                if tag == "row":
                    sheet.rows += 1
                    column = cells = 0
                elif tag == "c":
                    formula = saved = False
                    ref = _CELL_REF.match(element.get("r", ""))
                    column = _column_number(ref.group(1)) if ref else column + 1
                    cells += 1
                    if cells > EXCEL_COLUMNS:     # no spreadsheet writes such a row
                        raise InputError(f"{where}: row {sheet.rows}: more than "
                                         f"{EXCEL_COLUMNS} cells")
                    if column > sheet.widest:
                        sheet.widest, sheet.widest_row = column, sheet.rows
                elif tag == "si":
                    strings += 1
                    if strings > MAX_STRINGS:
                        raise InputError(f"{where}: more than {MAX_STRINGS} shared strings; "
                                         "not a card list")
    except DefusedXmlException:
        raise InputError(f"{where}: refused: it declares a DTD or entities") from None
    except ParseError as e:
        line = e.position[0] if getattr(e, "position", None) else "?"
        raise InputError(f"{where}: not well-formed XML (line {line}); not a readable "
                         "XLSX workbook") from None
    except (zipfile.BadZipFile, OSError, EOFError, ValueError, RuntimeError) as e:
        raise InputError(f"{where}: cannot be read from the archive "
                         f"({type(e).__name__})") from None
    return sheet


def _column_number(letters: str) -> int:
    n = 0
    for letter in letters:
        n = n * 26 + ord(letter) - 64
    return n


def cell(value) -> str:
    """A spreadsheet cell as the text a CSV of it would hold."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return str(value)


def _unsaved(shown: str, at: tuple[int, int], header: list[str]) -> None:
    """A formula whose value the file does not hold (written by a program,
    never opened in a spreadsheet): openpyxl computes nothing and would give
    an empty cell, a count of 1."""
    row, column = at
    name = header[column - 1] if 0 < column <= len(header) else _letters(column)
    raise InputError(f"{shown}: row {row}: {name}: a formula with no saved value (open "
                     "and save the workbook in a spreadsheet, or type the value)")


def _letters(column: int) -> str:
    out = ""
    while column:
        column, rest = divmod(column - 1, 26)
        out = chr(65 + rest) + out
    return out


def _read(shown: str, raw: bytes, sheets: dict[str, _Sheet], max_rows: int,
          max_columns: int) -> tuple[list[str], list[tuple[str, list[str]]]]:
    from openpyxl import load_workbook
    try:
        # read_only streams the sheet; data_only reads formulas' cached values
        book = load_workbook(io.BytesIO(raw), read_only=True, data_only=True)
    except Exception as e:  # openpyxl raises many kinds on a damaged workbook
        raise InputError(f"{shown}: not a readable XLSX workbook "
                         f"({type(e).__name__})") from None
    try:
        if not book.worksheets:
            raise InputError(f"{shown}: the workbook has no sheet")
        sheet = book.worksheets[0]
        counted = sheets.get(getattr(sheet, "_worksheet_path", "").lstrip("/"))
        if counted is None:
            raise InputError(f"{shown}: the first sheet is not a worksheet; not a card list")
        if counted.widest > max_columns:
            raise InputError(f"{shown}: row {counted.widest_row}: more than {max_columns} "
                             "columns")
        if counted.rows > max_rows + 100:
            raise InputError(f"{shown}: more than {max_rows} rows")
        try:
            found = sheet.iter_rows(max_row=max_rows + 101, max_col=max_columns,
                                    values_only=True)
            header = [cell(v) for v in next(found, ())]
            while header and header[-1] == "":
                header.pop()
            if counted.unsaved is not None:
                _unsaved(shown, counted.unsaved, header)
            records = []
            for number, row in enumerate(found, 2):
                if number > max_rows + 100:
                    raise InputError(f"{shown}: more than {max_rows} rows")
                cells = [cell(v) for v in row]
                while len(cells) > len(header) and cells[-1] == "":
                    cells.pop()
                records.append((f"{shown}: row {number}", cells))
        except InputError:
            raise
        except Exception as e:   # a damaged cell: openpyxl's own error, as one line
            raise InputError(f"{shown}: not a readable XLSX workbook "
                             f"({type(e).__name__})") from None
    finally:
        book.close()
    return header, records
