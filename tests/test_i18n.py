"""Translations: the French source, one PO file per game and locale, and
`herald i18n extract / update / check`."""
import re
import shutil
import subprocess

import pytest
from conftest import herald_here
from herald.generator import catalogs, database, i18n, paths
from herald.generator import translations as tr
from herald.generator.paths import ASSETS, display

GAMES = ("aset", "lenormand", "oriflamme")
LOCALES = ("de", "en", "es")


def test_shipped_locales_are_complete():
    result = herald_here("i18n", "check")
    assert result.returncode == 0, result.stdout[-3000:]
    for game in GAMES:
        for locale in LOCALES:
            assert f"{game} {locale}: complete" in result.stdout


def test_an_unknown_locale_is_refused():
    result = herald_here("i18n", "check", "--lang", "pt")
    assert result.returncode == 2 and len(result.stderr.strip().splitlines()) == 1


def test_the_source_lives_in_one_place():
    """No card database, example or engine reading carries a locale but
    French; the other locales' catalogs hold only their grammar."""
    from herald.generator.yamlfile import load_yaml
    for game in GAMES:
        files = [ASSETS / game / "database.yaml",
                 *sorted((ASSETS / game / "examples").glob("*.yaml"))]
        for path in files:
            for where, mapping in tr.localized(load_yaml(path)[0]):
                assert set(mapping) == {"fr"}, f"{path.name}: {where}: {sorted(mapping)}"
        for path in (ASSETS / game / "locales").glob("*/*.yaml"):
            if path.parent.name != "fr":
                assert set(load_yaml(path)[0]) == {"grammar"}, path
        for ctx, mapping in tr._engine_dicts(game):
            # filled at load time from the PO files, never written in the engine
            assert "fr" in mapping, ctx
    source = "\n".join(p.read_text(encoding="utf-8") for p in
                       sorted((ASSETS.parent / "engine").rglob("*.py")))
    assert not re.search(r"""["']en["']\s*:""", source)


@pytest.mark.skipif(shutil.which("msgfmt") is None, reason="msgfmt (gettext) is not installed")
def test_msgfmt_accepts_every_po_file():
    files = sorted(ASSETS.rglob("*.po")) + sorted(ASSETS.rglob("*.pot"))
    assert len(files) >= 4 * len(LOCALES)
    for path in files:
        done = subprocess.run(["msgfmt", "--check-format", "-o", "/dev/null", str(path)],
                              capture_output=True, text=True)
        assert done.returncode == 0, f"{path}: {done.stderr}"


# -- a copy of the assets to edit ---------------------------------------------------------

@pytest.fixture
def assets(tmp_path, monkeypatch):
    copy = tmp_path / "assets"
    shutil.copytree(ASSETS, copy)
    for module in (tr, i18n, catalogs, paths):
        monkeypatch.setattr(module, "ASSETS", copy)
    return copy


def _po(assets, lang, game="lenormand"):
    return tr.read_po(assets / game / "locales" / f"{lang}.po", lang)


def _message(catalog, ctx):
    return next(m for m in catalog if m.context == ctx)


def _edit_po(assets, lang, ctx, string, game="lenormand"):
    catalog = _po(assets, lang, game)
    _message(catalog, ctx).string = string
    tr.write_catalog(assets / game / "locales" / f"{lang}.po", catalog)


def _a_catalog_sentence(game="lenormand"):
    """A plain narration sentence with a {player} placeholder."""
    return next(e for e in tr.source_entries(game)
                if e.ctx.startswith("narration catalog") and not e.plural
                and "{player}" in e.source and '"' not in e.source)


def test_extract_writes_the_committed_templates(assets):
    """The templates are up to date with the French (run `herald i18n extract`
    after changing it), and extraction is
    deterministic."""
    for domain in (*GAMES, tr.GENERIC):
        committed = (ASSETS / ("locales" if domain == tr.GENERIC else f"{domain}/locales")
                     / f"{domain}.pot").read_bytes()
        assert i18n.extract(domain).read_bytes() == committed, domain


def test_a_changed_french_string_is_fuzzy_after_update(assets):
    entry = _a_catalog_sentence()
    old = _message(_po(assets, "de"), entry.ctx)
    path = assets / "lenormand" / "locales" / "fr" / "narration.yaml"
    text = path.read_text(encoding="utf-8")
    assert entry.source in text
    changed = entry.source.replace("{player}", "{player} enfin", 1)
    path.write_text(text.replace(entry.source, changed, 1), encoding="utf-8")
    assert (entry.ctx, changed) in tr.report("lenormand", "de").missing
    _, new, fuzzy = i18n.update("lenormand", "de")
    assert (new, fuzzy) == (0, 1)
    m = _message(_po(assets, "de"), entry.ctx)
    assert m.fuzzy and m.id == changed and m.string == old.string
    po = (assets / "lenormand" / "locales" / "de.po").read_text(encoding="utf-8")
    assert f'#| msgid "{entry.source[:40]}' in po      # the French it translated
    report = tr.report("lenormand", "de")
    assert report.fuzzy == [(entry.ctx, changed)] and not report.missing
    assert f"fuzzy: {entry.ctx}: " in "\n".join(i18n.locale_gaps("lenormand", "de"))
    assert "de" not in database.load_database(assets / "lenormand" / "database.yaml").locales


def test_a_missing_translation_is_reported_with_its_context(assets):
    entry = _a_catalog_sentence()
    _edit_po(assets, "es", entry.ctx, "")
    gaps = i18n.locale_gaps("lenormand", "es")
    assert gaps == [f"missing: {entry.ctx}: {i18n._short(entry.source)}"]
    assert tr.report("lenormand", "es").missing == [(entry.ctx, entry.source)]
    assert i18n.locale_gaps("aset", "es") == []


def test_a_dropped_placeholder_is_refused_with_file_line_and_msgid(assets):
    entry = _a_catalog_sentence()
    german = _message(_po(assets, "de"), entry.ctx).string
    assert "{player}" in german
    _edit_po(assets, "de", entry.ctx, german.replace("{player}", "Jemand"))
    m = _message(_po(assets, "de"), entry.ctx)
    gaps = i18n.locale_gaps("lenormand", "de")
    po = display(assets / "lenormand" / "locales" / "de.po")
    assert gaps == [f"{po}:{m.lineno}: msgid {entry.source!r}: the translation drops "
                    "{player}"]
    lines = (assets / "lenormand" / "locales" / "de.po").read_text().splitlines()
    assert lines[m.lineno - 1].startswith("msgid ")
    # the locale is left out of the kit rather than printed with a hole
    assert "de" not in database.load_database(assets / "lenormand" / "database.yaml").locales


def test_a_determiner_of_the_locale_stands_for_the_french_one(assets):
    """German names its own determiners ({den_card}, {dem_card}): the check
    accepts them where the French has {the_card} or {their_card}."""
    dets = tr.determiners("oriflamme", "de")
    assert {"the", "their"} <= dets
    german = {d for d in dets if d not in tr.determiners("oriflamme", "fr")}
    assert german, "the German grammar names determiners of its own"
    det = sorted(german)[0]
    assert tr.placeholders(f"{{player}} sieht {{{det}_card}}.", dets) == \
        tr.placeholders("{player} voit {the_card}.", dets)


def test_a_plural_has_the_forms_of_its_locale():
    # Spanish has three msgstr forms (CLDR's "many" for a million); German two
    assert set(tr.plural_categories("es")) == {"one", "many", "other"}
    assert tr.plural_categories("de") == {"one": 0, "other": 1}
    entry = next(e for e in tr.source_entries("aset") if e.plural)
    for lang in LOCALES:
        forms = tr.table("aset", lang).get(entry.ctx, entry.source)
        assert forms and all(forms.values()), (lang, entry.ctx)


def test_every_glyph_of_the_translations_is_in_the_fonts():
    from herald.generator.render.fonts import missing_chars, register_fonts
    fonts = register_fonts()
    for domain in (*GAMES, tr.GENERIC):
        for lang in LOCALES:
            text = "".join(v if isinstance(v, str) else "".join(v)
                           for v in tr.table(domain, lang).texts.values())
            assert not missing_chars(fonts.body, text), (domain, lang)
    assert not missing_chars(fonts.title, "ßñ¿¡„“«»")


# -- the printed kits ---------------------------------------------------------------

def _flat(text: str) -> str:
    text = re.sub(r"-\s*\n\s*", "", text.replace("\u00ad", ""))   # words hyphenated at a line end
    return " ".join(re.sub(r"[^\w]+", " ", text.lower()).split())


def _sentences(text, shortest=30):
    """The literal runs of a catalog text long enough to be a sentence of its
    language (placeholders and markup cut out)."""
    for part in re.split(r"\{[^{}]*\}|\*+|<[^>]+>", text):
        flat = _flat(part)
        if len(flat) >= shortest and " " in flat:
            yield flat


@pytest.mark.parametrize("game", GAMES)
def test_no_german_or_spanish_pdf_holds_a_french_or_english_sentence(rules_kit, game):
    """Every sentence of the catalogs and the card database, in French and
    in English, is compared with the text extracted from the German and the
    Spanish rules, compendium and quick reference: none is printed there
    (but where the translation says the very same words)."""
    # pdfium's text: twenty times faster than pypdf's, and on these documents
    # it finds the same 1,837 of their own sentences as pypdf does
    import pypdfium2
    english = tr.table(game, "en")
    entries = [e for e in tr.source_entries(game) if not e.ctx.startswith("rulings")]
    for lang in ("de", "es"):
        pdfs = sorted((rules_kit / game / lang).glob("*-a4.pdf"))
        # rules, compendium, quick reference (Oriflamme: and Alliance's), checklist
        assert len(pdfs) == (5 if game == "oriflamme" else 4), pdfs
        printed = _flat(" ".join(page.get_textpage().get_text_range() for pdf in pdfs
                                 for page in pypdfium2.PdfDocument(pdf)))
        own = _flat(" ".join(v if isinstance(v, str) else " ".join(v)
                             for v in tr.table(game, lang).texts.values()))
        leaks = []
        for e in entries:
            for text in (e.source, english.get(e.ctx, e.source)):
                forms = [text] if isinstance(text, str) else list((text or {}).values())
                leaks += [(lang, e.ctx, s) for form in forms for s in _sentences(form)
                          if s in printed and s not in own]
        assert not leaks, leaks[:5]
