"""The kit's card checklist (render/checklist.py): one box to tick for every
card the deck prints, its name beside it (issue 33: no kit had one)."""
from __future__ import annotations

import re

import pypdf
import pytest
from herald.engine.games import GAMES
from herald.generator.database import database_path, load_database
from herald.generator.kits import kit
from herald.generator.render.checklist import write_checklist
from herald.generator.render.text import typography


def flat(text: str) -> str:
    return re.sub(r"[\s\u00a0\u202f]", "", text)


@pytest.mark.parametrize("locale", ["fr", "en", "de", "es"])
@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_checklist_has_a_box_for_every_card_the_deck_prints(tmp_path, game, locale):
    db = load_database(database_path(game))
    words, groups = kit(game).checklist(db, locale)
    path = tmp_path / f"{game}-checklist-a4.pdf"
    pages = write_checklist(path, words, groups, "a4", locale, db.name[locale])
    reader = pypdf.PdfReader(path)
    assert pages == len(reader.pages) == 1
    # a box per card of the deck (Oriflamme's token and tile sheets are no cards)
    cards = [c for c in kit(game).print_cards(db, locale) if c.deck]
    boxes = sum(len(re.findall(rb" re\b", page.get_contents().get_data()))
                for page in reader.pages)
    assert boxes == len(cards) == sum(len(names) for _, names in groups)
    text = flat(reader.pages[0].extract_text())
    assert flat(typography(words["title"], locale)) in text
    for heading, names in groups:
        assert flat(typography(heading, locale)) in text, heading
        for name in names:
            assert flat(typography(name, locale)) in text, name
