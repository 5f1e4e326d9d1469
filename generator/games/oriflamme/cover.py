"""What Oriflamme tells the cover page of its card sheets: the components
(the rules booklet's own list, so the two always agree, and the Alliance
box's tokens) and how the collation codes on the cards read (the credits
are the rules catalog's, as for every game)."""
from __future__ import annotations

from ...documents import components
from ...render.cover import CoverNotes
from .faces import aid_number, card_number, collation_codes
from .words import COVER_CONDEMNATION as _CONDEMNATION
from .words import COVER_SORTING as _SORTING


def cover_notes(db, locale: str, **options) -> CoverNotes:
    # ``options``: the deck's; ``db`` is already the deck they deal (deck_database)
    contents = components(db.game, locale)
    alliance = getattr(db, "boxes", {}).get("alliance")
    if alliance is not None and "magistrate" in db.card_ids:
        # the Magistrate's shared tokens print after the others (tokens.py)
        name = alliance.tokens["condemnation"][locale]
        contents.append(_CONDEMNATION.get(locale.split("-")[0], _CONDEMNATION["en"])
                        .format(name=name))
    codes = collation_codes(db, locale)
    first = db.families[0]
    numbers = sorted(card_number(c.id) for c in db.cards)
    sorting = _SORTING.get(locale.split("-")[0], _SORTING["en"]).format(
        first=f"{codes[first.id]}-{numbers[0]:02d}", last=f"{codes[first.id]}-{numbers[-1]:02d}",
        # the family named as the narration names its player ("Rot", "Rojo"):
        # an adjective after "Familie"/"familia" would need its case and gender
        family=first.name[locale],
        names=", ".join(c.name[locale] for c in db.cards),
        aid=f"{codes[first.id]}-{aid_number(db):02d}",
        others=", ".join(codes[f.id] for f in db.families[1:]))
    return CoverNotes(contents=contents, sorting=sorting)
