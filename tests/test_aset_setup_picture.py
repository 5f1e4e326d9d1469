"""Issue 33: L'Ordre d'Asèt's rules booklet shows the whole table at set-up,
as Oriflamme's does, in its set-up section, labelled in every locale.

Read back from the booklet each locale writes (A4, within its 20 pages): the
set-up section's page carries every label of the picture (the decrees' pile,
the Order with its strongest and weakest ends, the Council and its Prison,
the Renfort, the treasure, the hand, the Meneur) and the seats' family names,
after the section's text; the rendered page shows each seat's Renfort in its
family's colour.
"""
from __future__ import annotations

import numpy as np
import pytest
from herald.generator.cmd_rules import write_document
from herald.generator.database import database_path, load_database
from herald.generator.documents import rules_text
from herald.generator.kits import kit
from herald.generator.render.geometry import PAPERS
from herald.generator.render.raster import render_pages
from herald.generator.render.text import typography
from herald.generator.verified import verify_examples
from pypdf import PdfReader

LOCALES = ("fr", "en", "de", "es")
DB = load_database(database_path("aset"))
MAX_PAGES = 20


def _plain(text: str) -> str:
    """Text as extraction and typography leave it, compared without spacing."""
    for ch in ("\u00a0", "\u202f", "\u2009", " ", "\n"):
        text = text.replace(ch, "")
    return text.replace("\u2019", "'")


@pytest.fixture(scope="module")
def booklets(tmp_path_factory):
    out = tmp_path_factory.mktemp("aset-setup")
    examples = verify_examples("aset", False)
    files = {}
    for locale in LOCALES:
        path = out / f"aset-rules-{locale}.pdf"
        pages = write_document(path, kit("aset"), DB, locale, PAPERS["a4"], 0.95, examples,
                               "rules")
        files[locale] = (path, pages)
    return files


def _labels(locale: str) -> list[str]:
    text = rules_text("aset", locale)
    words = dict(text["setup_figure"])
    words["hand"] = words["hand"].format(n=DB.setup.family_size - 1)
    words.update({k: text["diagram"][k] for k in ("strongest", "weakest")})
    return [typography(v, locale) for v in words.values()]


@pytest.mark.parametrize("locale", LOCALES)
def test_the_setup_section_shows_the_whole_table_labelled(booklets, locale):
    path, pages = booklets[locale]
    assert pages <= MAX_PAGES
    text = rules_text("aset", locale)
    setup = next(s for s in text["sections"] if s["id"] == "setup")
    title = _plain(typography(setup["title"], locale))
    reader = PdfReader(path)
    # the section's own page: its title as a heading and the picture's labels
    page_no, page = next((i, _plain(p.extract_text())) for i, p in enumerate(reader.pages)
                         if i > 1 and title in _plain(p.extract_text())
                         and _plain(typography(text["setup_figure"]["meneur"], locale))
                         in _plain(p.extract_text()))
    after = page.index(title)
    for label in _labels(locale):
        assert _plain(label) in page[after:], (locale, label)
    for family in DB.families[:4]:                       # the four seats
        assert _plain(family.name[locale]) in page[after:], (locale, family.id)
    assert "7›6›5›4›3›2›1" in page      # the Order at the start, as cards
    # each seat's Renfort face down, in its family's colour
    image = np.asarray(render_pages(path, [page_no], dpi=60)[0], dtype=int)
    for family in DB.families[:4]:
        rgb = [int(family.colour.lstrip("#")[i:i + 2], 16) for i in (0, 2, 4)]
        near = np.abs(image - rgb).sum(axis=2) < 30
        assert near.sum() > 100, (locale, family.id)      # a card's worth of its colour


def test_every_label_is_translated():
    """Each locale's labels are its own (not the French source left in)."""
    french = set(_labels("fr"))
    for locale in ("en", "de", "es"):
        own = _labels(locale)
        assert len(own) == len(french)
        assert not french & set(own), locale
