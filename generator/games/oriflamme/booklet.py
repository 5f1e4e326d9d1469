"""Oriflamme's own pages in the generic rules booklet: the ten cards with their
clarifications and rulings, and the families' arms on the cover."""
from __future__ import annotations

from reportlab.lib.units import mm
from reportlab.platypus import Table, TableStyle

from herald.engine.oriflamme.options import RULE_OPTIONS

from ...render.booklet import CardPicture
from .arms import draw_arms


def booklet_cards(builder, el) -> list:
    """``<cards/>``: each card's face beside its ability, clarifications and rulings."""
    out = []
    db, locale = builder.db, builder.locale
    rulings = builder.booklet_cfg.get("card_rulings", {})
    first = db.families[0].id
    for card in db.cards:
        name = card.name[locale]
        kind = getattr(db.terms[locale], card.kind)
        text = [builder.heading(f"{name} · {kind}", 1),
                builder.para(card.ability[locale]),
                builder.para(builder.text["cards_clarifications"], builder.st.small),
                builder._bullets(card.clarifications[locale], builder.st.small)]
        options = [o for o in RULE_OPTIONS if card.id in rulings.get(o.name, [])]
        if options:
            text.append(builder.para(builder.text["card_rulings"], builder.st.small))
            text.append(builder._bullets(
                [f"**{o.title[locale]}**: {o.default.summary[locale]}" for o in options],
                builder.st.small))
        picture = CardPicture(builder.cards[f"{first}-{card.id}"], 0.42)
        table = Table([[picture, text]], colWidths=[picture.width + 5 * mm, None])
        table.setStyle(TableStyle([("VALIGN", (0, 0), (-1, -1), "TOP"),
                                   ("LEFTPADDING", (0, 0), (-1, -1), 0),
                                   ("RIGHTPADDING", (0, 0), (0, -1), 0)]))
        out.append(table)
    return out


def draw_cover_art(canvas, db, width, height) -> None:
    """The five families' coats of arms in a row."""
    n = len(db.families)
    for i, family in enumerate(db.families):
        draw_arms(canvas, family.arms, family.colour, width * (i + 0.5) / n,
                  height / 2, height)
