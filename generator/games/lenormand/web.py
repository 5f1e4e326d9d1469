"""The Lenormand duel in the web edition: the gallery's cards and each
diagram told in words from the engine's state (its text alternative): each
house's life cards still showing, each player's hand, the reserve and the
piles, and the combination the step plays."""
from __future__ import annotations

from ...render.web import GalleryCard, deck_cards, edition_cache
from .diagram import _words as _labels
from .words import WEB as _WORDS


def _words(locale: str) -> dict:
    # read from the PO file: once an edition, not once a diagram
    return edition_cache((__name__, "words", locale),
                         lambda: _WORDS.get(locale.split("-")[0], _WORDS["en"]))


def web_gallery(db, locale: str) -> list[GalleryCard]:
    """The 36 cards under their number and name, then the aids."""
    from .deck import print_cards
    w = _words(locale)
    names = {f"{c.number:02d}": c.name[locale] for c in db.cards}
    out = []
    for c in deck_cards(print_cards, db, locale):
        number = c.key.split("-", 1)[0]
        if number in names:
            out.append(GalleryCard(c.key, names[number], c, w["cards"],
                                   _card_words(db, int(number), locale)))
        else:
            house = next((h.name[locale] for h in db.houses if c.key.endswith(h.id)), "")
            out.append(GalleryCard(c.key, f"{w['aid']} · {house}".strip(" ·"), c, w["aids"]))
    return out


def _card_words(db, number: int, locale: str) -> str:
    """What a card is in the duel, as text: its number, its playing-card
    inset, its house, and the combinations that name it (their damage)."""
    card = next(c for c in db.cards if c.number == number)
    parts = [f"**{number}**", card.inset]
    try:
        parts.append(db.house_of(number).name[locale])
    except (KeyError, ValueError, StopIteration):
        pass                # a card of no house
    lines = [f"{line.name[locale]} (−{line.amount})" for line in db.duel.combinations
             if line.cards and number in line.cards]
    return " · ".join(parts) + (f". {'; '.join(lines)}." if lines else "")


def describe_position(state, notes, db, locale: str) -> str:
    """The position the diagram shows, in words."""
    from herald.engine.lenormand.cards import HOUSES, NO_HOUSE

    from .diagram import _seats
    from .narration import Teller
    w, labels = _words(locale), _labels(locale)
    teller = Teller(db, locale)
    name = {c.number: c.name[locale] for c in db.cards}

    def cards(numbers) -> str:
        return ", ".join(f"{n} {name.get(n, '')}".strip() for n in numbers) or w["none"]

    out = []
    for house, players in _seats(state).items():
        if house != NO_HOUSE:
            title = next(h.name[locale] for h in db.houses if h.id == HOUSES[house])
            out.append(w["life"].format(house=title, cards=cards(state.life_showing(house))))
        for p in players:
            out.append(w["hand"].format(player=teller.player(state.players[p]),
                                        cards=cards(state.hands[p])))
    reserve = [f"{n} {name.get(n, '')}" if up else w["down"] for n, up in state.reserve]
    out.append(f"{labels['reserve']}: {', '.join(reserve) or w['none']}")
    out.append(labels["piles"].format(draw=len(state.draw), discard=len(state.discard)))
    if not state.over:
        out.append(w["to_move"].format(player=teller.player(state.players[state.mover])))
    play = notes.play() if notes is not None else None
    if play:
        line = teller.lines.get(play["line"], play["line"])
        sign = "−" if play["type"] == "attack" else "+"
        out.append(labels["caption"].format(cards=" + ".join(str(n) for n in play["cards"]),
                                            line=line, amount=f"{sign}{play['amount']}"))
    return ". ".join(s[:1].upper() + s[1:] for s in out) + "."
