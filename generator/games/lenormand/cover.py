"""What the Lenormand deck tells the cover page of its card sheets: what the
kit holds, in the rules catalog's words (``kit_contents``), so a plain deck
(``--plain``: no marks, no player aids) lists only its 36 cards."""
from __future__ import annotations

from babel import Locale
from babel.lists import format_list

from ...documents import rules_text
from ...render.cover import CoverNotes
from ...render.text import typography


def cover_notes(db, locale: str, *, plain: bool = False, **options) -> CoverNotes:
    """``options``: the deck's other options (its size), which change nothing listed."""
    words = rules_text(db.game, locale)["kit_contents"]
    if plain:
        contents = [words["plain_deck"]]
    else:
        # house names run in lower case inside a sentence, but German
        # capitalizes every noun
        houses = format_list([h.name[locale] if locale.split("-")[0] == "de"
                              else h.name[locale].lower() for h in db.houses],
                             locale=Locale.parse(locale.replace("-", "_")))
        contents = [words["deck"], words["aids"].format(houses=houses)]
    return CoverNotes(contents=[typography(line, locale) for line in contents])
