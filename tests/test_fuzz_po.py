"""A fuzzer for PO entries (issue 34): whatever a stranger writes in a
``msgstr`` or in the PO file around it, Herald either uses it or says why in
one line naming the PO file and line (exit 2 on the command line); never a
traceback, never an attribute or index evaluated, never a file written.

Bounded: most cases go through the layers a translation passes (the PO
reader, the checks, the template filling, the paragraph markup), which take
milliseconds; a handful run the real ``herald i18n check``."""
from __future__ import annotations

import shutil

import pytest
from fuzz_examples import run_cli
from herald.generator import catalogs, i18n, paths
from herald.generator import translations as tr
from herald.generator.errors import InputError
from herald.generator.paths import ASSETS
from herald.generator.render.booklet import markup
from herald.generator.translation_checks import Translation, source_fields, text_problem
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

SOURCE = "{player} pose {the_card} à la place {slot} et prend {took}."
FIELDS = {"player": "Ada", "the_card": "die 6", "card": "6", "den_card": "den 6",
          "slot": "2", "took": "die 5"}
DETS_FR, DETS_DE = {"the", "their"}, {"den", "dem", "der"}

PIECES = ["{player}", "{card}", "{den_card}", "{the_card}", "{slot}", "{took}",
          "{", "}", "{{", "}}", "{0}", "{}", "{player.upper}", "{player.__class__}",
          "{player[0]}", "{player!r}", "{player:>99999999}", "{player:{slot}}",
          "{seed}", "{player_lower}", "*", "**", "*a **b* c**", "\x00", "\x07", "\x1b[31m",
          "\u202e", "\ufffe", "\n", "\t", " ", "x" * 150, "Wort ", "é", "<b>", "&", "</i>",
          "%s", "\\", '"', "\xad", "Wort " * 1100]
HOSTILE = st.lists(st.one_of(st.sampled_from(PIECES), st.text(max_size=6)),
                   max_size=10).map("".join)


@settings(max_examples=60, deadline=None, derandomize=True)
@given(HOSTILE)
def test_a_hostile_msgstr_is_used_safely_or_refused(text):
    problem = text_problem((SOURCE,), text, DETS_DE, DETS_FR)
    if problem is not None:
        assert "\n" not in problem and len(problem) < 300
        return
    # accepted: it fills its fields by name only, or names one it lacks in one line
    t = Translation(text, "de.po:7")
    try:
        out = t.format_map(FIELDS)
    except InputError as e:
        assert str(e).startswith("de.po:7: ") and "\n" not in str(e)
        return
    # nothing evaluated: the output is the text with some fields put in
    assert len(out) <= len(text) + 5 * sum(len(v) for v in FIELDS.values())
    assert not any(w in out for w in ("<built-in", "<class", "<method", "object at 0x"))
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph
    Paragraph(markup(out, "de"), ParagraphStyle("fuzz")).wrap(300, 3000)


def _po_text(entry: str) -> bytes:
    header = ('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
              '"Language: de\\n"\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n')
    return (header + f'msgctxt "narration catalog.x"\nmsgid "{SOURCE}"\n' + entry).encode(
        "utf-8", "surrogatepass")


LINES = st.sampled_from([
    'msgstr "{player} legt {den_card}."\n', 'msgstr "{player.upper}"\n', 'msgstr "\\"\n',
    'msgstr ""\n', '"{"\n', 'msgstr[0] "a"\n', 'msgstr[9] "b"\n', 'msgid_plural "x"\n',
    "#, fuzzy\n", "#~ msgstr \"x\"\n", 'msgctxt "y"\n', "garbage\n", '"\\x07"\n', "\n",
    '"Content-Type: text/plain; charset=nonesuch\\n"\n', "\ufeff", "msgstr \"\xff\"\n",
    '"Plural-Forms: nplurals=99999999; plural=0;\\n"\n', '"Plural-Forms: nplurals=3;\\n"\n'])


@settings(max_examples=40, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.one_of(LINES, st.text(max_size=12)), min_size=1, max_size=6))
def test_a_hostile_po_file_is_read_or_refused_in_one_line(tmp_path, lines):
    path = tmp_path / "de.po"
    try:
        path.write_bytes(_po_text("".join(lines)))
    except UnicodeEncodeError:
        return
    try:
        catalog = tr.read_po(path, "de")
    except InputError as e:
        assert "\n" not in str(e) and str(e).startswith(str(path)), e
        return
    problems = tr.translation_problems(path, catalog, DETS_DE, DETS_FR)
    for line in problems.values():
        assert "\n" not in line and ":" in line
    for m in catalog:
        if m.id and not m.fuzzy and (m.context, m.id if isinstance(m.id, str) else m.id[0]) \
                not in problems and isinstance(m.string, str) and m.string:
            assert source_fields(m.string) is not None or source_fields(
                m.id if isinstance(m.id, str) else m.id[0]) is None


# -- a few real command lines -----------------------------------------------------------

@pytest.fixture(scope="module")
def assets(tmp_path_factory):
    root = tmp_path_factory.mktemp("fuzz-po")
    copy = root / "assets"
    shutil.copytree(ASSETS / "lenormand", copy / "lenormand")
    shutil.copytree(ASSETS / "locales", copy / "locales")
    with pytest.MonkeyPatch.context() as mp:
        for module in (tr, i18n, catalogs, paths):
            mp.setattr(module, "ASSETS", copy)
        mp.chdir(root)
        yield copy


def _files(root):
    return sorted(p for p in root.rglob("*") if p.is_file())


@settings(max_examples=4, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(HOSTILE)
def test_i18n_check_on_a_hostile_entry_is_a_report_or_one_line(assets, text):
    po = assets / "lenormand" / "locales" / "de.po"
    original = po.read_bytes()
    try:
        catalog = tr.read_po(po, "de")
        message = next(m for m in catalog if m.context and m.context.startswith(
            "narration catalog") and isinstance(m.string, str) and "{player}" in m.string)
        message.string = text
        tr.write_catalog(po, catalog)
        before = _files(assets.parent)
        code, out, err, _ = run_cli(["i18n", "check", "lenormand", "--lang", "de"])
        assert code in (0, 1, 2), err              # -1: a traceback, -2: too slow
        assert "Traceback" not in err
        if code == 2:
            assert len(err.strip().splitlines()) == 1 and ".po" in err
        else:
            assert out.startswith("lenormand de: ")
        assert _files(assets.parent) == before      # a check writes nothing
    finally:
        po.write_bytes(original)
