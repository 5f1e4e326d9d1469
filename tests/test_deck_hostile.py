"""A deck folder from a stranger (issue 34): nothing outside the folder is
read, links included; XML (SVG, the XLSX's parts) through defusedxml whatever
its encoding; every size bounded before memory is spent; layout expressions
bounded in time and memory; and a fuzzer over deck folders. Every refusal is
one line and exit code 2, and nothing is written."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from herald.generator.deck.scaffold import new_deck
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from in_process import run_herald

SECRET = "root:x:0:0:s3cr3t-first-line:/root:/bin/bash"


def cli(*args, cwd: Path) -> tuple[int, str, str]:
    """``herald ARGS`` in this process: exit code, output, errors."""
    return run_herald(*args, cwd=cwd)


def refused(folder: Path, *words: str) -> str:
    """Build ``folder``: exit 2, one line holding ``words``, nothing written."""
    out = folder.parent / "out"
    code, _, err = cli("build", "--deck", folder, "--out", out, cwd=folder.parent)
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1 and lines[0].startswith("herald: error: "), err
    for word in words:
        assert word in lines[0], lines[0]
    assert not out.exists() or not any(out.rglob("*.pdf"))
    return lines[0]


@pytest.fixture(scope="module")
def starter(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("starter") / "starter"
    new_deck(folder)
    return folder


@pytest.fixture
def deck(starter, tmp_path) -> Path:
    folder = tmp_path / "deck"
    shutil.copytree(starter, folder)
    return folder


@pytest.fixture
def outside(tmp_path) -> Path:
    """A folder beside the deck, with files a stranger's links point at."""
    folder = tmp_path / "elsewhere"
    folder.mkdir()
    (folder / "passwd").write_text(SECRET + "\n")
    (folder / "star.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
        '<rect width="10" height="10" fill="#ff0000"/></svg>')
    return folder


# -- item 3: links out of the folder ---------------------------------------------------

def test_a_card_list_linked_out_of_the_folder_is_refused_without_quoting_it(deck, outside):
    (deck / "cards.csv").unlink()
    (deck / "cards.csv").symlink_to(outside / "passwd")
    line = refused(deck, "cards.csv", "only files inside the deck's folder")
    assert "s3cr3t" not in line and "root:x" not in line


def test_a_layout_linked_out_of_the_folder_is_refused(deck, outside):
    (outside / "layout.yaml").write_text((deck / "layout.yaml").read_text())
    (deck / "layout.yaml").unlink()
    (deck / "layout.yaml").symlink_to(outside / "layout.yaml")
    refused(deck, "layout.yaml", "only files inside the deck's folder")


def test_an_icons_folder_linked_out_of_the_folder_is_refused(deck, outside):
    shutil.rmtree(deck / "icons")
    (deck / "icons").symlink_to(outside)
    refused(deck, "icons", "only files inside the deck's folder")


def test_an_icon_linked_out_of_the_folder_is_refused(deck, outside):
    (deck / "icons" / "star.svg").unlink()
    (deck / "icons" / "star.svg").symlink_to(outside / "star.svg")
    refused(deck, "star.svg", "only files inside the deck's folder")


def test_a_link_inside_the_folder_is_followed(deck):
    (deck / "real.csv").write_text((deck / "cards.csv").read_text())
    (deck / "cards.csv").unlink()
    (deck / "cards.csv").symlink_to("real.csv")
    code, _, err = cli("build", "--deck", deck, "--out", deck.parent / "out", cwd=deck.parent)
    assert code == 0, err


def test_a_fifo_as_card_list_is_refused_without_waiting(deck):
    (deck / "cards.csv").unlink()
    os.mkfifo(deck / "cards.csv")
    refused(deck, "cards.csv", "not a regular file")


# -- item 6: an SVG's DTD in any encoding --------------------------------------------------

@pytest.mark.parametrize("encoding", ["utf-8", "utf-16-le", "utf-16-be"])
def test_an_svg_declaring_entities_is_refused_in_any_encoding(deck, encoding):
    import codecs
    text = ('<?xml version="1.0" encoding="UTF-16"?>'
            '<!DOCTYPE svg [<!ENTITY a "drawn text">]>'
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" '
            'height="10"><rect width="10" height="10" fill="#ff0000"/></svg>')
    bom = {"utf-8": b"", "utf-16-le": codecs.BOM_UTF16_LE, "utf-16-be": codecs.BOM_UTF16_BE}
    if encoding == "utf-8":
        text = text.replace("UTF-16", "UTF-8")
    (deck / "icons" / "star.svg").write_bytes(bom[encoding] + text.encode(encoding))
    refused(deck, "star.svg", "refused: it declares a DTD or entities")


def test_an_svg_with_text_on_a_path_in_utf16_is_refused(deck):
    # (plain <text> is set in Herald's fonts: tests/test_deck_art.py)
    text = ('<?xml version="1.0" encoding="utf-16"?>'
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" '
            'height="10"><path id="p" d="M0 5 L10 5"/><text><textPath href="#p">hi'
            '</textPath></text></svg>')
    (deck / "icons" / "star.svg").write_bytes(text.encode("utf-16"))
    refused(deck, "star.svg", "holds text on a path")


def test_an_svg_pointing_at_a_file_through_xlink_in_utf16_is_refused(deck):
    text = ('<?xml version="1.0" encoding="utf-16"?>'
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'viewBox="0 0 10 10" width="10" height="10">'
            '<image xlink:href="/etc/hostname" width="10" height="10"/></svg>')
    (deck / "icons" / "star.svg").write_bytes(text.encode("utf-16"))
    refused(deck, "star.svg", "refers to another file")


# -- items 10 and 18: XLSX ---------------------------------------------------------------

def _xlsx(deck: Path) -> Path:
    """The starter's cards.csv as cards.xlsx (the CSV removed)."""
    import csv

    from openpyxl import Workbook
    book = Workbook()
    sheet = book.active
    with (deck / "cards.csv").open(encoding="utf-8") as f:
        for row in csv.reader(f):
            sheet.append(row)
    (deck / "cards.csv").unlink()
    book.save(deck / "cards.xlsx")
    return deck / "cards.xlsx"


def _replace_part(path: Path, name: str, data: bytes) -> None:
    with zipfile.ZipFile(path) as old:
        parts = [(info, old.read(info)) for info in old.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as new:
        for info, content in parts:
            new.writestr(info.filename, data if info.filename == name else content)


def test_an_xlsx_as_a_card_list_still_builds(deck):
    _xlsx(deck)
    code, _, err = cli("build", "--deck", deck, "--out", deck.parent / "out", cwd=deck.parent)
    assert code == 0, err


def test_an_xlsx_with_an_undefined_entity_is_one_line(deck):
    path = _xlsx(deck)
    _replace_part(path, "xl/worksheets/sheet1.xml",
                  b'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
                  b'spreadsheetml/2006/main"><sheetData><row r="1"><c r="A1" t="inlineStr">'
                  b'<is><t>&nope;</t></is></c></row></sheetData></worksheet>')
    refused(deck, "cards.xlsx", "sheet1.xml", "not well-formed XML")


def test_an_xlsx_declaring_entities_is_refused(deck):
    path = _xlsx(deck)
    _replace_part(path, "xl/worksheets/sheet1.xml",
                  b'<?xml version="1.0"?><!DOCTYPE w [<!ENTITY a "aaaa">]><worksheet xmlns="'
                  b'http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData/>'
                  b'</worksheet>')
    refused(deck, "cards.xlsx", "sheet1.xml", "declares a DTD or entities")


def test_an_xlsx_inflating_past_the_limit_is_refused_before_parsing(deck):
    from herald.generator.deck import xlsx
    path = _xlsx(deck)
    head = (b'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
            b'spreadsheetml/2006/main"><sheetData>')
    padding = b" " * (xlsx.MAX_PART + 1)       # a few hundred kB once deflated
    _replace_part(path, "xl/worksheets/sheet1.xml", head + padding + b"</sheetData></worksheet>")
    assert path.stat().st_size < 1024 * 1024
    refused(deck, "cards.xlsx", "sheet1.xml", f"more than the {xlsx.MAX_PART // 2**20} MiB")


def _wide_row(cells: int) -> bytes:
    return (b'<?xml version="1.0"?><worksheet xmlns="http://schemas.openxmlformats.org/'
            b'spreadsheetml/2006/main"><sheetData><row r="1">' + b"<c/>" * cells +
            b"</row></sheetData></worksheet>")


def test_an_xlsx_row_of_too_many_cells_is_refused_naming_the_row(deck):
    path = _xlsx(deck)
    _replace_part(path, "xl/worksheets/sheet1.xml", _wide_row(5000))
    refused(deck, "cards.xlsx", "row 1: more than 200 columns")


BOUNDED = """
import resource, sys
resource.setrlimit(resource.RLIMIT_AS, (BYTES, BYTES))
from herald.generator.cli import main
main(sys.argv[1:])
"""


def _bounded_cli(args: list, cwd: Path, limit: int = 1536 * 2**20):
    """The command line in a subprocess that may not take more than ``limit``
    bytes of address space: a build spending gigabytes fails instead of
    slowing the machine down."""
    return subprocess.run([sys.executable, "-c", BOUNDED.replace("BYTES", str(limit)),
                           *map(str, args)], capture_output=True, text=True, cwd=cwd,
                          timeout=600)


def test_an_xlsx_of_millions_of_cells_in_one_row_is_refused_in_bounded_memory(deck):
    path = _xlsx(deck)
    _replace_part(path, "xl/worksheets/sheet1.xml", _wide_row(3_000_000))
    assert path.stat().st_size < 1024 * 1024
    run = _bounded_cli(["build", "--deck", deck, "--out", deck.parent / "out"], deck.parent)
    lines = run.stderr.strip().splitlines()
    assert run.returncode == 2 and len(lines) == 1, run.stderr[-2000:]
    # whichever limit the stream meets first: the row's columns or the part's elements
    assert "cards.xlsx" in lines[0] and "more than" in lines[0], lines[0]


# -- item 9: layout expressions --------------------------------------------------------------

def _expression(deck: Path, text: str, key: str = "text") -> None:
    layout = deck / "layout.yaml"
    source = layout.read_text()
    assert "{{ name }}" in source
    layout.write_text(source.replace('"{{ name }}"', text, 1))


@pytest.mark.parametrize("expression, words", [
    # ~ doubling a string in a loop (3.3 GB in 6 s before)
    ("\"{% set ns = namespace(s='x') %}{% for i in range(22) %}{% set ns.s = ns.s ~ ns.s %}"
     "{% endfor %}{{ ns.s|length }}\"", "refused: {% set %}"),
    # nested ranges (3 GB in 16 s before)
    ('"{% for a in range(300) %}{% for b in range(300) %}x{% endfor %}{% endfor %}"',
     "refused: {% for %}"),
    # a power tower (over 60 s of CPU before)
    ('"{{ 2 ** 64 ** 64 ** 64 > 1 }}"', "refused: **: a number of more than 16384 bits"),
    ('"{{ 3 * 3 ** 4000 * 3 ** 4000 * 3 ** 4000 * 3 ** 4000 * 3 ** 4000 > 1 }}"',
     "a number of more than 16384 bits"),
    ("\"{{ [name * 100] * 100 * 100 }}\"", "refused"),
    ("\"{{ ('x' * 10000)|replace('', 'yyyy') }}\"", "replace: a result longer than 20000"),
    ('"{{ \'%99999999d\' % 1 }}"', "% formatting is not offered"),
    ("\"{{ '{:>99999999}'.format(1) }}\"", "calling format is not offered"),
    ("\"{{ 'x'|center(100000000) }}\"", "No filter named 'center'"),
])
def test_expressions_that_would_grow_without_bound_are_refused(deck, expression, words):
    _expression(deck, expression)
    refused(deck, "layout.yaml", words)


def test_ordinary_expressions_still_work():
    from herald.generator.deck import templating
    context = {"name": "Kraken", "cost": "3", "tags": "sea,deep", "lang": "fr"}
    assert templating.render("{{ name|upper }} {{ cost|int * 2 }}", context) == "KRAKEN 6"
    assert templating.render("{{ tags.split(',')|join(' · ') }}", context) == "sea · deep"
    assert templating.render("{% if cost|int > 2 %}big{% else %}small{% endif %}",
                             context) == "big"
    assert templating.render("{{ 'fr' if lang == 'fr' else 'en' }}{{ 2 ** 10 }}",
                             context) == "fr1024"


# -- item 10: a large deck, one page image at a time -----------------------------------------

def test_a_deck_keeps_few_card_images_in_memory_at_once(deck, monkeypatch):
    """The PNGs and Tabletop Simulator sheets are written as each card is
    drawn: how many 300 dpi card images are alive at once does not grow
    with the deck (before: every distinct card's, all kept until the end)."""
    import weakref

    from PIL import Image
    rows = ["name,suit,cost,text"] + [f"Card {i},sun,{i % 9},Text {i}." for i in range(40)]
    (deck / "cards.csv").write_text("\n".join(rows) + "\n")
    alive, most = [0], [0]
    convert = Image.Image.convert

    def gone() -> None:
        alive[0] -= 1

    def counted(self, *args, **kwargs):
        image = convert(self, *args, **kwargs)
        if image.width >= 600:                 # a card at 300 dpi, not a thumbnail
            alive[0] += 1
            weakref.finalize(image, gone)
            most[0] = max(most[0], alive[0])
        return image
    monkeypatch.setattr(Image.Image, "convert", counted)
    code, _, err = cli("cards", "--deck", deck, "--out", deck.parent / "out", cwd=deck.parent)
    assert code == 0, err
    assert len(list((deck.parent / "out").rglob("png/*.png"))) == 41
    assert 0 < most[0] <= 24, most[0]      # 8 threads, two images each, at most


# -- the fuzzer: hostile deck folders ----------------------------------------------------------

LAYOUT_PARTS = st.sampled_from([
    "size: poker\n", "size: 2x3 km\n", "size: 99999x99999 mm\n", "safe: -5\n",
    "cards: ../x.csv\n", "cards: /etc/passwd\n", "cards: cards.csv\n", "extends: layout.yaml\n",
    "extends: ../../layout.yaml\n", "title: {fr: A, en: B}\n", "layout_column: 7\n",
    "icons: {star: ../../etc/passwd}\n", "icons: {Bad Name: icons/star.svg}\n",
    "colors: {ink: notacolour}\n", "&a [*a]\n", "x: [" * 80 + "]" * 80 + "\n", "\t\x00\n",
    "variations: {suit: {sun: {accent: '#ff0000'}}}\n",
])
ELEMENT_TEXTS = st.sampled_from([
    "{{ name }}", "{{ nmae }}", "{{ name * 99999 }}", "{{ 9 ** 9 ** 9 ** 9 }}",
    "{% for i in range(9) %}x{% endfor %}", "{{ name|join(',') }}", "{{ ''.__class__ }}",
    "{{ cost|int / 0 }}", "{{ range(10**9)|list }}", "{{", "{% if %}", ":nope:", "**a *b** c*",
    "{{ name ~ name ~ name }}", "x" * 30000, "{{ text|replace('', text) }}",
])
CSV_TEXTS = st.one_of(
    st.sampled_from([
        "name,suit,cost,text\nA,sun,1,x\n", "name,count\nA,-1\n", "name,count\nA,1001\n",
        "name,name\nA,B\n", "\xff\xfe", "a" * 5000 + "\n1\n", "," * 300 + "\n",
        "name\n" + "\n" * 3000, "name,count\n" + "A,1000\n" * 6, '"unclosed\n',
        "na me,1x\n", "name,suit,cost,text\n" + "A,sun,1," + "word " * 900 + "\n",
    ]),
    st.text(max_size=200),
)
SVG_TEXTS = st.sampled_from([
    b'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>',
    b"<svg", b"", b"\x00\x01", b'<?xml version="1.0" encoding="utf-16"?><svg/>',
    '<?xml version="1.0" encoding="utf-16"?><!DOCTYPE s [<!ENTITY a "b">]><svg/>'.encode(
        "utf-16"),
    b'<svg xmlns="http://www.w3.org/2000/svg"><style>@import url(x.css);</style></svg>',
    b'<svg xmlns="http://www.w3.org/2000/svg" width="1e308" height="-1"/>',
    b'<?xml-stylesheet href="x.css"?><svg xmlns="http://www.w3.org/2000/svg"/>',
])


@settings(max_examples=8, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(layout_extra=st.lists(LAYOUT_PARTS, max_size=2), text=ELEMENT_TEXTS, cards=CSV_TEXTS,
       svg=SVG_TEXTS, as_xlsx=st.booleans())
def test_fuzzed_deck_folders_are_one_line_or_a_build(starter, tmp_path_factory, layout_extra,
                                                     text, cards, svg, as_xlsx):
    root = tmp_path_factory.mktemp("fuzz")
    deck = root / "deck"
    shutil.copytree(starter, deck)
    layout = (deck / "layout.yaml").read_text().replace("{{ name }}", text.replace('"', "'"), 1)
    (deck / "layout.yaml").write_text("".join(layout_extra) + layout, encoding="utf-8",
                                      errors="replace")
    (deck / "cards.csv").write_text(cards, encoding="utf-8", errors="replace")
    if as_xlsx:
        try:
            _xlsx(deck)
        except Exception:     # not a CSV openpyxl can take: leave the CSV
            pass
    (deck / "icons" / "star.svg").write_bytes(svg)
    before = {p for p in root.rglob("*")}
    out = root / "out"
    code, _, err = cli("build", "--deck", deck, "--out", out, cwd=root)
    lines = err.strip().splitlines()
    assert "Traceback" not in err
    if code == 0:
        assert all(not line.startswith("herald: error") for line in lines), err
    else:
        assert code == 2 and len(lines) >= 1, err
        errors = [line for line in lines if line.startswith("herald: error: ")]
        assert len(errors) == 1 and lines[-1] == errors[0], err
    # nothing written outside the output folder
    after = {p for p in root.rglob("*") if out not in p.parents and p != out}
    assert after == before


def test_a_yaml_card_list_is_bounded_before_it_is_parsed(deck):
    """YAML is parsed in pure Python, a node at a time (an 8 MiB list took
    over 5 minutes and 1 GB): its size and its values are counted first."""
    (deck / "cards.csv").unlink()
    (deck / "cards.yaml").write_text("# a comment\n" * 200_000)
    refused(deck, "cards.yaml", "larger than 2 MiB")
    (deck / "cards.yaml").write_text("[" + ", ".join(["{a: 1}"] * 60_000) + "]\n")
    refused(deck, "cards.yaml", "more than 100000 values")


def test_an_svg_of_too_many_elements_and_too_many_icons_are_refused(deck):
    from herald.generator.deck import faces, images
    (deck / "icons" / "star.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10" width="10" height="10">'
        + '<rect width="1" height="1"/>' * (images.MAX_ELEMENTS + 1) + "</svg>")
    refused(deck, "star.svg", f"more than {images.MAX_ELEMENTS} SVG elements")
    (deck / "icons" / "star.svg").write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1 1"/>')
    for i in range(faces.MAX_ICONS + 1):
        (deck / "icons" / f"i{i}.svg").symlink_to("star.svg")
    refused(deck, "icons", f"more than {faces.MAX_ICONS} icons")


def test_an_xlsx_style_part_of_too_many_elements_is_refused(deck):
    """openpyxl builds the styles part whole, an object per element."""
    from herald.generator.deck import xlsx
    path = _xlsx(deck)
    with zipfile.ZipFile(path) as book:
        styles = book.read("xl/styles.xml")
    many = b"<numFmt numFmtId='200' formatCode='0'/>" * (xlsx.MAX_OTHER_ELEMENTS + 1)
    _replace_part(path, "xl/styles.xml", styles.replace(b"</styleSheet>", many +
                                                        b"</styleSheet>"))
    refused(deck, "cards.xlsx", "styles.xml", f"more than {xlsx.MAX_OTHER_ELEMENTS} XML")


def test_a_layout_file_is_bounded_before_it_is_parsed(deck):
    from herald.generator.deck import layout
    source = (deck / "layout.yaml").read_text()
    (deck / "layout.yaml").write_text(source + "# " + "x" * layout.MAX_BYTES + "\n")
    refused(deck, "layout.yaml", "larger than 1 MiB")
    (deck / "layout.yaml").write_text(source + "# " + "-" * (layout.MAX_VALUES + 1) + "\n")
    refused(deck, "layout.yaml", f"more than {layout.MAX_VALUES} values")
