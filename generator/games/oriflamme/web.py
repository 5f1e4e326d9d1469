"""Oriflamme in the web edition: the cards its gallery shows and each queue
diagram told in words from the engine's state (the diagram's text
alternative): the queue from left to right, what lies face up or down, the
influence on each card and each player's influence."""
from __future__ import annotations

from herald.engine.oriflamme.cards import CARDS, FAMILIES

from ...render.web import GalleryCard, deck_cards, edition_cache
from .diagram import _display_slots, _player_name
from .words import WEB as _WORDS


def _words(locale: str) -> dict:
    # read from the PO file: once an edition, not once a diagram
    return edition_cache((__name__, "words", locale),
                         lambda: _WORDS.get(locale.split("-")[0], _WORDS["en"]))


def web_gallery(db, locale: str) -> list[GalleryCard]:
    """Each card once, in its first family's colours (the five families'
    faces differ only in colour and arms), with its ability, clarifications
    and rulings; then each other box's cards (the Alliance) under the box's
    name, then the player aids."""
    from herald.engine.oriflamme.options import RULE_OPTIONS

    from ...booklet_plan import load_plan
    from .cards import print_cards
    from .faces import print_cards as box_cards
    rulings = load_plan("oriflamme", None).config.get("card_rulings", {})

    def entry(card, face, group: str = "") -> GalleryCard:
        touched = tuple((o.name, f"**{o.title[locale]}**: {o.default.summary[locale]}")
                        for o in RULE_OPTIONS if card.id in rulings.get(o.name, []))
        return GalleryCard(card.id, card.name[locale], face, group, card.ability[locale],
                           tuple(card.clarifications[locale]), touched)

    faces = {c.key: c for c in deck_cards(print_cards, db, locale)}
    first = db.families[0].id
    out = [entry(card, faces[f"{first}-{card.id}"])
           for card in db.cards if f"{first}-{card.id}" in faces]
    boxed = {box_id: db.select(box_id) for box_id in db.boxes}
    printed = {box_id: box_cards(b, locale) for box_id, b in boxed.items()}
    for box_id, box in db.boxes.items():
        box_faces = {c.key: c for c in printed[box_id]}
        out += [entry(card, box_faces[f"{first}-{card.id}"], box.name[locale])
                for card in boxed[box_id].cards if f"{first}-{card.id}" in box_faces]
    w = _words(locale)
    families = {f.id: f.name[locale] for f in db.families}
    out += [GalleryCard(c.key, f"{w['aid']} · {families.get(c.key[4:], c.key[4:])}", c,
                        w["aids"])
            for c in faces.values() if c.key.startswith("aid-")]
    for box_id, box in db.boxes.items():       # each box's own aids, under its name
        out += [GalleryCard(f"{box_id}-{c.key}", f"{w['aid']} · {box.name[locale]} · "
                            f"{families.get(c.key[4:], c.key[4:])}", c, w["aids"])
                for c in printed[box_id] if c.key.startswith("aid-")]
    return out


def describe_position(state, notes, db, locale: str) -> str:
    """The position the diagram shows, in words."""
    w = _words(locale)
    slots, notes = _display_slots(state, notes)

    def card(entry) -> str:
        (fam, c, up, tokens), mark = entry
        family = db.family(FAMILIES[fam]).name[locale]
        name = db.card(CARDS[c]).name.get(locale) or CARDS[c]
        text = (w["up"].format(family=family, card=name) if up
                else w["down"].format(family=family, family_lower=family.lower()))
        if tokens:
            text += f" ({w['tokens'].format(n=tokens)})"
        if mark:
            text += f" ({w['gone'].get(mark, mark)})"
        return text

    piles = []
    for n, slot in enumerate(slots, 1):
        if slot.placeholder or not slot.entries:
            continue
        top, *below = reversed(slot.entries)
        text = f"{n}. {card(top)}"
        if below:
            text += ", " + w["under"].format(cards=", ".join(card(e) for e in below))
        piles.append(text)
    out = [w["queue"].format(cards="; ".join(piles)) if piles else w["empty"]]
    reserved = [(f, c, True, t) for pile in getattr(state, "reserve", ()) for f, c, t in pile]
    if reserved:
        out.append(w["reserved"].format(cards=", ".join(card((r, None)) for r in reserved)))
    players = []
    for p in range(len(state.players)):
        value = state.influence[p]
        before = notes.influence_before
        delta = value - before[p] if before is not None and p < len(before) else 0
        change = f" ({'+' if delta > 0 else '−'}{abs(delta)})" if delta else ""
        players.append(f"{_player_name(state, db, locale, p)} {value}{change}")
    out.append(w["influence"].format(players=", ".join(players)))
    return " ".join(out)
