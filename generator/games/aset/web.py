"""L'Ordre d'Asèt in the web edition: the gallery's cards and each diagram
told in words from the engine's state (its text alternative): the Order from
the strongest rank to the weakest, the Council's decrees, each aspirant's
card in the combat, their hand and treasure, and the Prison."""
from __future__ import annotations

from ...render.web import GalleryCard, deck_cards, edition_cache
from .diagram import _labels
from .words import WEB as _WORDS


def _words(locale: str) -> dict:
    # read from the PO file: once an edition, not once a diagram
    return edition_cache((__name__, "words", locale),
                         lambda: _WORDS.get(locale.split("-")[0], _WORDS["en"]))


def web_gallery(db, locale: str) -> list[GalleryCard]:
    """Each character once (in the first family's colours), then the
    decrees, the Order's cards and the aids, each under its data id."""
    from .deck import print_cards
    w = _words(locale)
    seen: dict[str, GalleryCard] = {}
    first = db.families[0].id
    names = {card.id: card.name[locale] for card in db.cards}
    decrees = {f"decree-{d.id}": d.name[locale] for d in db.decrees}
    for c in deck_cards(print_cards, db, locale):
        if c.key in seen:
            continue
        if c.key.startswith(f"{first}-") and c.key[len(first) + 1:] in names:
            card_id = c.key[len(first) + 1:]
            seen[c.key] = GalleryCard(card_id, names[card_id], c)
        elif c.key in decrees:
            seen[c.key] = GalleryCard(c.key, decrees[c.key], c, w["decrees"])
        elif c.key.startswith("order-"):
            seen[c.key] = GalleryCard(c.key, c.key.split("-", 1)[1], c, w["orders"])
        elif c.key.startswith("aid-"):
            family = next((f.name[locale] for f in db.families if f.id == c.key[4:]), c.key[4:])
            seen[c.key] = GalleryCard(c.key, f"{w['aid']} · {family}", c, w["aids"])
    return list(seen.values())


def describe_position(state, notes, db, locale: str) -> str:
    """The position the diagram shows, in words."""
    from .narration import Teller
    labels, w = _labels(locale), _words(locale)
    teller = Teller(db, locale, state)
    order = " › ".join(str(v) for v in state.order)
    out = [f"{labels['order']} ({labels['strongest']} → {labels['weakest']}): {order}."]
    decrees = [db.decrees[d].name[locale] for d in state.council]
    decrees += [f"{db.decrees[d].name[locale]} "
                f"({w['held'].format(player=teller.player(state.players[p]))})"
                for p, ds in enumerate(state.held) for d in ds]
    if decrees:
        out.append(f"{labels['council']}: {', '.join(decrees)}.")
    revealed, winners = {}, set()
    for ev in (notes.events if notes else []):
        if ev["type"] == "reveal":
            revealed = {state.players.index(p): c for p, c in ev["cards"].items()}
        elif ev["type"] == "win":
            winners = {state.players.index(ev["player"])}
    if state.phase == 4:
        revealed = revealed or {p: c for p, c in enumerate(state.played) if c >= 0}
    for p in range(len(state.players)):
        card = revealed.get(p, -1)
        if card >= 0:
            played = teller.card(card) + (f" ({w['won']})" if p in winners else "")
        elif state.played[p] >= 0:
            played = w["played_down"]
        else:
            played = w["none"]
        extra = f", {labels['renfort']}" if state.renfort[p] >= 0 else ""
        out.append(f"{teller.player(state.players[p])}: {played}; {labels['hand']} "
                   f"{len(state.hands[p])}, {labels['treasure']} {len(state.treasure[p])}{extra}.")
    out.append(f"{labels['prison']}: {len(state.prison)}.")
    return " ".join(out)
