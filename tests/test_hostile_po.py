"""A PO file from a stranger (issue 34): a translation is printed only when it
is bounded, printable and a template of its source's fields; anything else is
one line naming the PO file and line, in ``herald i18n check`` and in
``herald rules``, never a traceback, never evaluated."""
from __future__ import annotations

import pytest
from conftest import copy_assets
from fuzz_examples import run_cli
from herald.generator import catalogs, i18n
from herald.generator import translations as tr
from herald.generator.errors import InputError
from herald.generator.paths import display
from herald.generator.render.booklet import markup
from herald.generator.render.emphasis import emphasis, overlaps
from herald.generator.translation_checks import MAX_CHARS, Translation, text_problem

GAME, LANG = "lenormand", "de"


@pytest.fixture
def assets(tmp_path, monkeypatch):
    """A copy of the assets whose PO files a test may spoil."""
    copy = copy_assets(tmp_path, monkeypatch, GAME)
    monkeypatch.chdir(tmp_path)
    return copy


def _po(assets):
    return assets / GAME / "locales" / f"{LANG}.po"


def _sentence():
    """A narration sentence with a {player} placeholder (printed in the
    rules' worked examples)."""
    return next(e for e in tr.source_entries(GAME)
                if e.ctx.startswith("narration catalog") and not e.plural
                and "{player}" in e.source)


def _spoil(assets, edit, ctx=None):
    """Replace one German translation by ``edit(old)``; its message."""
    ctx = ctx or _sentence().ctx
    catalog = tr.read_po(_po(assets), LANG)
    message = next(m for m in catalog if m.context == ctx)
    message.string = edit(message.string)
    tr.write_catalog(_po(assets), catalog)
    return next(m for m in tr.read_po(_po(assets), LANG) if m.context == ctx)


def _refused(assets, message, *words):
    """The locale's gaps are exactly one line naming the PO file, the line and
    the msgid, with ``words``; the translation is never handed out."""
    gaps = i18n.locale_gaps(GAME, LANG)
    assert len(gaps) == 1, gaps
    assert gaps[0].startswith(f"{display(_po(assets))}:{message.lineno}: msgid "), gaps[0]
    for w in words:
        assert w in gaps[0], gaps[0]
    assert tr.table(GAME, LANG).get(message.context, message.id) is None
    assert not tr.complete(GAME, LANG)
    return gaps[0]


# -- what i18n check refuses ------------------------------------------------------------

@pytest.mark.parametrize("edit, words", [
    # item 4: attribute access passed the check and printed a method's repr
    (lambda s: s.replace("{player}", "{player.upper}", 1), ["{player.upper}", "plain {name}"]),
    (lambda s: s.replace("{player}", "{player.__class__.__mro__}", 1), ["plain {name}"]),
    # item 16: an index, a number, a lone brace crashed `rules`
    (lambda s: s.replace("{player}", "{player[99]}", 1), ["{player[99]}"]),
    (lambda s: s + " {0}", ["{0}", "a number is no name"]),
    (lambda s: s + " {", ["not a valid template", "Single '{'"]),
    (lambda s: s + " }", ["not a valid template"]),
    (lambda s: s + " {player!r}", ["{player!r}"]),
    # item 7: a format spec that pads to 100 million characters
    (lambda s: s.replace("{player}", "{player:>100000000}", 1), ["{player:>100000000}"]),
    # a determiner form of a field that is no card's, a field of another text
    (lambda s: s.replace("{player}", "{the_player}", 1), ["adds {the_player}"]),
    (lambda s: s + " {seed}", ["adds {seed}"]),
    # item 16: mis-nested emphasis crashed reportlab
    (lambda s: "*a **b* c** " + s, ["*italic* and **bold**"]),
    # item 23: a control character was blamed on Herald's template
    (lambda s: s + " \x07", ["U+0007"]),
    (lambda s: s + " \u202e", ["U+202E"]),
])
def test_a_hostile_translation_is_refused_with_file_and_line(assets, edit, words):
    _refused(assets, _spoil(assets, edit), *words)


def test_a_huge_translation_is_refused_naming_the_limit(assets):
    """Item 8: a 7 MB translation took 3 GB; it is refused before any layout."""
    line = _refused(assets, _spoil(assets, lambda s: s + " " + "Wort " * 1_400_000),
                    "7,000,", f"more than {MAX_CHARS:,}")
    assert len(line) < 400


def test_a_long_word_is_refused_naming_the_limit(assets):
    """Item 8: a long word took minutes to break into lines."""
    _refused(assets, _spoil(assets, lambda s: s + " " + "x" * 300),
             "a word of 300 characters, more than 100")


def test_the_documented_forms_of_a_field_are_accepted():
    dets_fr, dets_de = {"the", "their"}, {"den", "dem"}
    ok = [("{the_card} de {player}", "{player}s {den_card}"),   # a German determiner
          ("{the_card} de {player}", "{card} von {player}"),     # the bare field
          ("du {rank_bare}", "of the {rank}"),                   # a variant and its base
          ("carte ({family})", "card ({family_lower})"),
          ("« { 2 »", "„{ 2“")]                                 # no template either side
    for source, text in ok:
        assert text_problem((source,), text, dets_de, dets_fr) is None, text
    # French determiners are not German ones: the narration fills the locale's
    assert "adds {the_card}" in text_problem(("{the_card}",), "{the_card}", dets_de, dets_fr)
    # a text that is no template in its source may not become one
    assert "adds {player}" in text_problem(("« { 2 »",), "{player}", dets_de, dets_fr)


# -- what `herald rules` does with them -------------------------------------------------

@pytest.mark.parametrize("edit", [
    lambda s: s.replace("{player}", "{player[99]}", 1),
    lambda s: s + " {0}",
    lambda s: s + " {",
    lambda s: "*a **b* c** " + s,
    lambda s: s.replace("{player}", "{player.upper}", 1),
])
def test_rules_refuses_a_hostile_translation_in_one_line(assets, tmp_path, edit):
    message = _spoil(assets, edit)
    code, out, err, _ = run_cli(["rules", GAME, "--lang", LANG, "--out", str(tmp_path / "o")])
    lines = err.strip().splitlines()
    assert code == 2 and len(lines) == 1, err
    assert f"{display(_po(assets))}:{message.lineno}: msgid " in lines[0]
    assert not (tmp_path / "o").exists() or not any((tmp_path / "o").rglob("*.pdf"))


def test_a_control_character_is_blamed_on_the_po_file_not_the_template(assets, tmp_path):
    """Item 23: a control character in the rules' title was reported as
    "templates/rules.xml.j2: the rendered template is not well-formed XML"."""
    message = _spoil(assets, lambda s: s + " \x07", ctx="rules catalog.title")
    code, _, err, _ = run_cli(["rules", GAME, "--lang", LANG, "--out", str(tmp_path / "o")])
    assert code == 2 and len(err.strip().splitlines()) == 1, err
    assert f"{display(_po(assets))}:{message.lineno}:" in err and "U+0007" in err
    assert "template" not in err


def test_a_translation_fills_names_only_and_says_where_a_name_is_missing():
    """What reaches the code is a Translation: no attribute or index is ever
    evaluated, whatever the table let through, and a name the code does not
    offer is one line naming the PO line, not a KeyError."""
    t = Translation("{player} nimmt {card}.", "de.po:12")
    assert t.format(player="Ada", card="die 6", other=1) == "Ada nimmt die 6."
    assert t.format_map({"player": "Ada", "card": 6}) == "Ada nimmt 6."
    with pytest.raises(InputError, match=r"de\.po:12: the translation names \{card\}"):
        t.format(player="Ada")
    for hostile in ("{player.upper}", "{player[0]}", "{player:>9}", "{0}", "{"):
        with pytest.raises(InputError, match=r"^de\.po:12: "):
            Translation(hostile, "de.po:12").format(player="Ada")
    assert Translation("{{x}}", "p:1").format() == "{x}"


def test_a_translation_survives_a_worker_process():
    import pickle
    t = pickle.loads(pickle.dumps(Translation("{a}", "de.po:3")))
    assert isinstance(t, Translation) and t.where == "de.po:3" and t == "{a}"


# -- emphasis ----------------------------------------------------------------------------

def test_overlapping_emphasis_is_nested_for_the_booklet_and_the_web():
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph
    text = "*a **b* c**"
    assert overlaps(text) and not overlaps("**a *b* c** *d*")
    Paragraph(markup(text, "de"), ParagraphStyle("x")).wrap(200, 200)   # no ValueError
    assert emphasis(text) == "<i>a <b>b</b></i><b> c</b>"
    assert emphasis(text, ("<strong>", "</strong>"), ("<em>", "</em>")) == \
        "<em>a <strong>b</strong></em><strong> c</strong>"
    # well-nested text is as it always was
    assert emphasis("**Zug 2.** *kursiv* und **fett *beides* ja**") == \
        "<b>Zug 2.</b> <i>kursiv</i> und <b>fett <i>beides</i> ja</b>"


# -- reading the file -------------------------------------------------------------------

def test_a_po_file_with_a_byte_order_mark_is_read(assets):
    """Item 23: a BOM (written by some editors) was "misformatted"."""
    before = {(m.context, m.id): m.string for m in tr.read_po(_po(assets), LANG)}
    _po(assets).write_bytes(b"\xef\xbb\xbf" + _po(assets).read_bytes())
    after = {(m.context, m.id): m.string for m in tr.read_po(_po(assets), LANG)}
    assert after == before
    assert i18n.locale_gaps(GAME, LANG) == []


def test_a_misformatted_po_file_names_its_line(assets):
    _po(assets).write_bytes(_po(assets).read_bytes() + b'\nmsgid "x"\nbogus "y"\n')
    lines = _po(assets).read_bytes().count(b"\n")
    with pytest.raises(InputError, match=rf"de\.po:{lines}: not a readable PO file: "
                                          "Unknown or misformatted keyword$"):
        tr.read_po(_po(assets), LANG)
    _po(assets).write_bytes(_po(assets).read_bytes().replace(b"bogus", b'msgstr "\xff'))
    with pytest.raises(InputError, match=rf"de\.po:{lines}: not a readable PO file"):
        tr.read_po(_po(assets), LANG)


# -- a locale with a region --------------------------------------------------------------

def test_i18n_update_writes_a_locale_with_a_region(assets):
    """Item 15: `i18n check --lang pt-BR` says to run `i18n update --lang pt-BR`,
    which was a Babel traceback."""
    code, _, err, _ = run_cli(["i18n", "check", "--lang", "pt-BR"])
    assert code == 2 and "'herald i18n update --lang pt-BR'" in err
    code, out, err, _ = run_cli(["i18n", "update", GAME, "--lang", "pt-BR"])
    assert code == 0, err
    assert (assets / GAME / "locales" / "pt-BR.po").is_file()
    assert (assets / "locales" / "pt-BR.po").is_file()
    assert "Language: pt_BR" in (assets / "locales" / "pt-BR.po").read_text(encoding="utf-8")
    code, out, err, _ = run_cli(["i18n", "check", GAME, "--lang", "pt-BR"])
    assert code == 1, err
    assert out.startswith(f"{GAME} pt-BR: 0 translated, 0 fuzzy, ")
    # a second update finds every string already there
    code, out, _, _ = run_cli(["i18n", "update", GAME, "--lang", "pt-BR"])
    assert code == 0 and "pt-BR.po: 0 new, 0 fuzzy" in out


def test_a_header_asking_for_millions_of_plural_forms_is_refused_before_reading(tmp_path):
    """Babel makes a list of nplurals forms for each plural entry: 20 million
    took 320 MB and 3 s, 200 million would take gigabytes."""
    path = tmp_path / "de.po"
    path.write_text('msgid ""\nmsgstr ""\n"Content-Type: text/plain; charset=UTF-8\\n"\n'
                    '"Plural-Forms: nplurals=200000000; plural=0;\\n"\n\n'
                    'msgid "a"\nmsgid_plural "b"\nmsgstr[0] "x"\n', encoding="utf-8")
    with pytest.raises(InputError, match=r"de\.po:4: Plural-Forms: nplurals=200000000 is "
                                         r"more than the 6 plural forms"):
        tr.read_po(path, "de")


# -- a locale's own YAML: its narration grammar ------------------------------------------

@pytest.mark.parametrize("old, new, words", [
    ("default: 'die '", "default: '{x.__class__}'", ["grammar.determiners.the.default",
                                                   "not a plain {name}"]),
    ("default: 'die '", "default: \"die\\a\"", ["U+0007"]),
    ("    the:\n", "    the:\n      x: '" + "y" * 6000 + "'\n", ["6,000 characters"]),
    ("grammar:\n", "grammar:\n  elision: '(a*)*b'\n", ["grammar.elision",
                                                       "one class of letters"]),
])
def test_a_hostile_narration_grammar_is_one_line_naming_its_line(assets, old, new, words):
    path = assets / GAME / "locales" / LANG / "narration.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(InputError) as caught:
        catalogs.load_catalog(GAME, LANG)
    line = str(caught.value)
    assert line.startswith(f"{display(path)}:") and "\n" not in line, line
    for w in words:
        assert w in line, line


def test_a_grammar_text_fills_names_only(assets):
    the = catalogs.load_catalog(GAME, LANG)["grammar"]["determiners"]["the"]["default"]
    assert isinstance(the, Translation) and the == "die "
    assert the.where.startswith(display(assets / GAME / "locales" / LANG / "narration.yaml"))


def test_a_po_file_that_links_outside_its_folder_or_is_no_file_is_refused(assets, tmp_path):
    import os
    secret = tmp_path / "secret.txt"
    secret.write_text("root:x:0:0:the first line\n")
    po = _po(assets)
    po.unlink()
    po.symlink_to(secret)
    with pytest.raises(InputError, match="a link to a file outside its folder") as caught:
        tr.read_po(po, LANG)
    assert "root" not in str(caught.value)
    po.unlink()
    os.mkfifo(po)
    with pytest.raises(InputError, match="not a regular file"):
        tr.read_po(po, LANG)
