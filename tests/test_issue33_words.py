"""Issue 33, the words: the kit names only documents it holds, a sentence
about one player never prints a template's alternatives, the French
rulebook's terms are defined where they are first used, and the German
terms of the published edition are the ones translators are told to use."""
from __future__ import annotations

import re
from pathlib import Path

import pypdfium2
import pytest
from babel.messages.pofile import read_po
from herald.generator.database import database_path, load_database
from herald.generator.examples import builtin_examples, load_example, run
from herald.generator.kits import kit
from herald.generator.translations import GENERIC, game_locales

ROOT = Path(__file__).resolve().parents[1]
LOCALES = ("fr", "en", "de", "es")

# Documents a sentence may name, in each language, and the file of the kit
# (in the game's locale folder) that must exist for the sentence to be printed.
NAMED = {
    "fr": {"feuille de calibrage": "*-calibration-*.pdf", "fichier des cartes": "*-cards-*.pdf",
           "recueil d": "*-examples-*.pdf"},
    "en": {"calibration sheet": "*-calibration-*.pdf", "cards file": "*-cards-*.pdf",
           "compendium": "*-examples-*.pdf"},
    "de": {"Kalibrierblatt": "*-calibration-*.pdf", "Kartendatei": "*-cards-*.pdf"},
    "es": {"hoja de calibración": "*-calibration-*.pdf", "archivo de cartas": "*-cards-*.pdf"},
}
# What no kit holds: a data file to edit, someone else to ask for a kit.
NOWHERE = {
    "fr": ("fichier de données", "qui a fait ce kit", "qui a préparé ce kit"),
    "en": ("data file", "whoever made", "ask whoever"),
    "de": ("Datendatei", "Person, die"),
    "es": ("archivo de datos", "quien hizo"),
}


def _pdf_text(path: Path) -> str:
    pdf = pypdfium2.PdfDocument(str(path))
    try:
        text = " ".join(page.get_textpage().get_text_range() for page in pdf)
    finally:
        pdf.close()
    return re.sub(r"\s+", " ", text.replace("\u00ad", "").replace("-\r\n", ""))


def _po_texts() -> list[tuple[str, str, str]]:
    """(file, msgctxt, text) of every source string and translation Herald ships."""
    out = []
    for po in sorted((ROOT / "assets").glob("**/locales/*.po")):
        with open(po, "rb") as f:
            for m in read_po(f):
                if not m.id:
                    continue
                for text in (m.id, m.string):
                    for one in (text if isinstance(text, (tuple, list)) else (text,)):
                        out.append((po.name, m.context or "", one or ""))
    return out


def test_no_shipped_string_points_at_a_file_no_kit_has():
    """Issue 33: the calibration sheet told a player to "ask whoever made this
    kit"; the Asèt rulings added the missing decrees "to the data file". Every
    source string and translation of every game and of the generic words."""
    texts = _po_texts()
    assert len(texts) > 3000
    banned = [w for words in NOWHERE.values() for w in words]
    found = [(f, ctx, w) for f, ctx, text in texts for w in banned if w in text]
    assert not found, found[:5]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_kit_names_only_documents_it_holds(whole_kit, locale):
    """In the built kit (``herald build``, A4), every PDF of every game: a
    document named by a sentence is in the same folder, the default kit's
    covers never speak of the fold layout (``--backs fold`` only), and no
    sentence points at a file no kit has."""
    from herald.generator.render.cover import cover_words
    out, _ = whole_kit
    words = cover_words(locale)
    fold = [words["fold"][-25:], words["paper_fold"].split("; ")[-1][-25:]]
    named = 0
    for game in sorted(p.name for p in out.iterdir() if p.is_dir()):
        for folder in sorted({p.parent for p in (out / game / locale).glob("**/*.pdf")}):
            for pdf in sorted(folder.glob("*.pdf")):
                text = _pdf_text(pdf)
                for phrase, pattern in NAMED[locale].items():
                    if phrase.lower() in text.lower():
                        named += 1
                        holds = list(folder.glob(pattern)) or list(
                            (out / game / locale).glob(pattern))
                        assert holds, (pdf.name, phrase, pattern)
                for phrase in (*fold, *NOWHERE[locale]):
                    assert phrase not in text, (pdf.name, phrase)
    assert named >= 3


def test_a_title_is_never_a_templates_alternatives():
    """Issue 33: "Sun King or Queen" printed of one player. The end of an
    Asèt game names the crown and the title, in every language, and the
    Blessing's sentence gives no player a pronoun of one gender."""
    db = load_database(database_path("aset"))
    alternatives = re.compile(r"Roi ou Reine|King or Queen|König oder Königin|Rey o Reina"
                              r"|sacrée?\b")
    told: dict[str, list[str]] = {locale: [] for locale in LOCALES}
    for path in builtin_examples("aset"):
        example = load_example(path)
        if "play" not in example.spec:
            continue
        outcome = run(example)
        for locale in LOCALES:
            for story in kit("aset").narrate(outcome, db, locale):
                told[locale] += story.sentences
    for locale, sentences in told.items():
        ends = [s for s in sentences if re.search(r"Petit Caporal|Little Corporal|"
                                                  r"Kleiner Korporal|Pequeño Cabo", s)]
        assert len(ends) >= 5, (locale, len(ends))
        assert not [s for s in ends if alternatives.search(s)], locale
    blessed = [s for s in told["fr"] + told["es"] if "Bénédiction" in s or "Bendición" in s]
    assert blessed
    assert not [s for s in blessed if re.search(r"\ble place avant-dernier|\blo coloca", s)]


# The French rulebook's roles and their names in each language: a reader
# meets each first where it is defined, set in bold (issue 33: "Meneur" and
# "Renfort" were used on page 3 of the English rules before any definition).
TERMS = {"fr": ("Renfort", "Meneur"), "en": ("Reinforcement", "Leader"),
         "de": ("Verstärkung", "Anführer"), "es": ("Refuerzo", "Líder")}


@pytest.mark.parametrize("locale", LOCALES)
def test_asets_roles_are_defined_where_first_used(locale):
    from herald.generator.catalogs import load_catalog
    rules = load_catalog("aset", locale, "rules")

    def texts(node):
        if isinstance(node, str):
            yield node
        elif isinstance(node, dict):
            for v in node.values():
                yield from texts(v)
        elif isinstance(node, list):
            for v in node:
                yield from texts(v)
    body = " ".join(texts(rules["sections"]))
    for term in TERMS[locale]:
        first = re.search(rf"\b{term}\b", body)
        assert first, term
        # the first use is the definition: the term in bold
        assert body[first.start() - 2:first.start()] == "**", (term, body[first.start() - 80:
                                                                           first.end() + 40])


def test_translators_guide_lists_the_published_german_terms():
    """The German edition's own terms (Pegasus Spiele) are listed in
    docs/translators.md, and the German catalogs use them, not Herald's
    earlier words."""
    guide = (ROOT / "docs" / "translators.md").read_text()
    rows = dict(re.findall(r"^\| (.+?) \| .*?\*\*(\w+)\*\*.*? \| (?:.+?) \|$", guide, re.M))
    published = {"la File": "Einflussreihe", "Personnage (the card type)": "Dauerhaft",
                 "Intrigue (the card type)": "Einmalig", "capacité (a card's text)": "Effekt"}
    assert {k: rows.get(k) for k in published} == published
    with open(ROOT / "assets" / "oriflamme" / "locales" / "de.po", "rb") as f:
        german = " ".join(m.string for m in read_po(f) if m.id and isinstance(m.string, str))
    for term in published.values():
        assert term in german, term
    for former in ("Charakter", "Intrige", "Fähigkeit"):
        assert not re.search(rf"\b{former}\b", german), former


def test_every_language_is_covered():
    assert set(game_locales(GENERIC)) == set(LOCALES)


@pytest.mark.parametrize("locale", LOCALES)
def test_search_labels_are_the_headings_they_lead_to(whole_kit, locale):
    """Issue 33: search labels that did not match the section names. In every
    web edition of the built kit, each search entry's label is the heading (a
    ruling's row title) at the address it leads to."""
    import html
    import json
    out, _ = whole_kit
    checked = 0
    for index in sorted(out.glob(f"*/{locale}/web/search-index.js")):
        folder = index.parent
        data = index.read_text()
        entries = json.loads(data[data.index("=") + 1:].strip().rstrip(";"))
        pages: dict[str, tuple[str, dict[str, int]]] = {}
        for entry in entries:
            page, _, anchor = entry["u"].partition("#")
            if not anchor:
                continue
            if page not in pages:           # each page read once, its ids found once
                text = (folder / page).read_text()
                pages[page] = text, {m.group(1): m.start()
                                     for m in re.finditer(r'<\w+[^>]*?\bid="([^"]+)"', text)}
            text, ids = pages[page]
            assert anchor in ids, (folder, entry["u"])
            head = re.compile(r"<(h[1-6]|th)\b[^>]*>(.*?)</\1>", re.S).search(text, ids[anchor])
            assert head, (folder, entry["u"])
            heading = html.unescape(re.sub(r"<[^>]+>", "", head.group(2)))
            heading = re.sub(r"\s+", " ", heading.replace("#", "")).strip()
            label = re.sub(r"\s+", " ", entry["t"]).strip()
            assert _plain_label(label) == _plain_label(heading), (folder.parent.name, entry["u"],
                                                                  label, heading)
            checked += 1
    assert checked > 300, checked


def _plain_label(text: str) -> str:
    return re.sub(r"[\u00a0\u202f\u00ad]", " ", text).replace("  ", " ").strip()
