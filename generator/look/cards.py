"""A game package's deck: its card list and layout file (``deck.cards``,
``deck.layout`` in database.yaml) drawn by Herald's own-deck code
(:mod:`herald.generator.deck`), the same faces a designer's deck folder gets.

The card list is written in the package's language. A text in another
language comes from a localized column of the list itself (``name_fr``
beside ``name_en``, the own-deck way) or, for the columns of printed words
(``name``, ``text``…: :data:`.texts.CARD_COLUMNS`), from the package's PO
file (:func:`.texts.card_text`, by the card's ``id``). Pictures and icons
are read from the deck's folder only.
"""
from __future__ import annotations

import re
from pathlib import Path

from reportlab.lib.colors import toColor

from ..deck import images
from ..deck.data import CardList, Row, load_cards
from ..deck.faces import Deck, _check_names, _icons, card_key
from ..deck.faces import print_cards as deck_cards
from ..deck.layout import Layout, load_layout
from ..filecache import ContentCache
from ..render.cards import PrintCard

# columns that hold no words: what a card is (id), which layout it takes,
# how many copies
NOT_TEXT = frozenset({"id", "count"})
_WORDS = re.compile(r"[^\W\d_]{2,}")       # two letters in a row: words, not "A" or "10"
_COLOUR = re.compile(r"^#[0-9a-fA-F]{6}$")


def load_package_deck(db) -> Deck:
    """The package's deck, its layout and card list checked against each
    other (every column a layout names exists…), read once per version of
    their contents."""
    layout, cards, folder = db.file("layout"), db.file("cards"), db.deck_folder
    return _DECKS.get((str(layout), str(cards), str(folder)), [layout, cards],
                      lambda: _deck(layout, cards, folder))


_DECKS: ContentCache[Deck] = ContentCache(8)


def _deck(layout_file: Path, cards_file: Path, folder: Path) -> Deck:
    layout = load_layout(layout_file)
    cards = load_cards(cards_file)
    # a layout file in another folder than the card list still takes its
    # pictures from the card list's folder only
    deck = Deck(folder, layout, cards, _icons(folder, layout))
    _check_names(deck)
    return deck


# -- texts -----------------------------------------------------------------------------

def _text_columns(deck: Deck) -> list[str]:
    """The columns a card may be named by, in the list's order (a localized
    column by its base name): not the id, count, layout or variation columns."""
    skip = NOT_TEXT | {deck.layout.model.layout_column} | set(deck.layout.model.variations)
    plain = deck.cards.plain_columns()
    found = [c if c in plain else c.rsplit("_", 1)[0] for c in deck.cards.columns]
    return [c for c in dict.fromkeys(found) if c in plain and c not in skip]


def _is_words(text: str) -> bool:
    return bool(_WORDS.search(text)) and Path(text).suffix.lower() not in images.SUFFIXES


def _translated(db, deck: Deck, locale: str) -> Deck:
    """The deck with its printed words in ``locale`` (from the PO file); the
    deck itself in the package's language. A column the list localizes
    itself (``name_fr``) is left to it."""
    from .texts import CARD_COLUMNS, card_text
    if locale == db.language:
        return deck
    columns = [c for c in deck.cards.columns if c in CARD_COLUMNS]
    rows = []
    for row in deck.cards.rows:
        values = dict(row.values)
        card_id = values.get("id") or str(row.index)
        for column in columns:
            if values.get(column, "").strip():
                values[column] = card_text(db.game, locale, card_id, column, values[column])
        rows.append(Row(values, row.count, row.where, row.index))
    cards = CardList(deck.cards.path, deck.cards.columns, tuple(rows), deck.cards.locales)
    return Deck(deck.folder, deck.layout, cards, deck.icons)


# -- the cards ------------------------------------------------------------------------

_SAID: set[str] = set()


def _warn(message: str) -> None:
    """A layout's warning (a text past its box, inside the safe zone), on
    stderr as ``herald cards --deck`` gives it, once per process (each
    locale lays the same layout out again)."""
    if message not in _SAID:
        _SAID.add(message)
        from ..deck.command import warn
        warn(message)


def print_cards(db, locale: str, **options) -> list[PrintCard]:
    """Every copy of every card of the package's deck in ``locale``, each
    with its back, at the layout's size (``ink="saver"``: no colour floods),
    named as :func:`card_names` names it (its label: "Prize A (en)")."""
    deck = _in_locale(db, locale)
    cards = deck_cards(deck, locale, _warn, ink_saver=options.get("ink") == "saver")
    names = card_names(deck, locale)
    return [PrintCard(key=c.key, back_key=c.back_key, label=f"{names[c.key][1]} ({locale})",
                      draw_front=c.draw_front, draw_back=c.draw_back,
                      width=c.width, height=c.height, deck=c.deck) for c in cards]


def _in_locale(db, locale: str) -> Deck:
    """The deck with every text in ``locale``: a column the card list
    localizes itself read in that locale (else in the package's language),
    the printed words from the PO file; its texts then set in ``locale``'s
    typography (hyphenation, spaces)."""
    deck = load_package_deck(db)
    cards = deck.cards
    if cards.locales:
        source = locale if locale in cards.locales else db.language
        rows = tuple(Row(cards.localize(row, source), row.count, row.where, row.index)
                     for row in cards.rows)
        columns = tuple(dict.fromkeys(c for row in rows for c in row.values))
        deck = Deck(deck.folder, deck.layout, CardList(cards.path, columns, rows, ()),
                    deck.icons)
    return _translated(db, deck, locale)


def kinds_in(db, locale: str) -> dict[str, str]:
    """Each card's key → its kind in ``locale`` (:func:`card_names`)."""
    return {key: kind for key, (kind, _) in card_names(_in_locale(db, locale), locale).items()}


def card_names(deck: Deck, locale: str) -> dict[str, tuple[str, str]]:
    """Each card's key → (its kind, its name). The kind is its ``name`` or
    ``title`` column, else its words ("Prize"); the name is the kind
    followed by the card's first other cell (its rank) when several cards
    share the kind ("Prize A", "Prize 2"…)."""
    taken: set[str] = set()
    columns = _text_columns(deck)
    found = []
    for row in deck.cards.rows:
        key = card_key(row, deck.cards.localize(row, deck.locales[0]), taken)
        values = deck.cards.localize(row, locale)
        cells = [values[c] for c in columns if values.get(c, "")]
        own = values.get("name") or values.get("title") or ""
        kind = own or " ".join(c for c in cells if _is_words(c))
        rank = next((c for c in cells if not _is_words(c) and c != own), "")
        found.append((key, kind, rank))
    kinds = [kind for _, kind, _ in found]
    return {key: (kind or key, (f"{kind} {rank}" if rank and (kinds.count(kind) > 1 or not kind)
                                else kind) or key) for key, kind, rank in found}


def web_gallery(db, locale: str) -> list:
    """The web edition's cards: each kind of card once (its copies are the
    same face), under its name."""
    from ..render.web import GalleryCard
    seen: dict[str, GalleryCard] = {}
    for card in print_cards(db, locale):
        seen.setdefault(card.key, GalleryCard(card.key, card.label.rsplit(" (", 1)[0], card))
    return list(seen.values())


# -- colours --------------------------------------------------------------------------

def colour_sets(db) -> dict:
    """Every set of colours a player must tell apart: the deck's
    (:func:`deck_colour_sets`), then the diagrams' own (their faces, backs
    and marks: look/diagram.py)."""
    from .diagram import colour_sets as diagram_sets
    return {**deck_colour_sets(db), **diagram_sets(db)}


def deck_colour_sets(db) -> dict[str, dict[str, str]]:
    """The colours a player must tell apart: for each variation column of
    the layout (``suit: {p: {accent: "#f0e442", edge: …}, a: …}``), the
    first of its colour keys that gives every value a colour of its own
    (``accent``: the colour that tells a suit apart; an outline's darker
    shade or a text colour shared by two suits is not one). The layout's
    ``colors:`` are the designer's palette (ink, paper), not a set a player
    sorts by."""
    layout: Layout = load_package_deck(db).layout
    named = layout.model.colors
    sets: dict[str, dict[str, str]] = {}
    for column, mapping in layout.model.variations.items():
        values = {value: keys for value, keys in mapping.items() if value != "default"}
        keys = list(dict.fromkeys(k for chosen in values.values() for k in chosen))
        for key in keys:
            found = {value: _hex(named.get(chosen.get(key, ""), chosen.get(key, "")))
                     for value, chosen in values.items()}
            if len(found) > 1 and all(found.values()) \
                    and len(set(found.values())) == len(found):
                sets[f"{column} {key}"] = {v: c for v, c in found.items() if c}
                break
    return sets


def _hex(value: str) -> str | None:
    """``value`` as ``#rrggbb`` when it is a colour (``#abc``, ``#aabbcc``, a
    colour name), else None (a word, an expression)."""
    text = value.strip()
    if not text or "{" in text:
        return None
    if _COLOUR.match(text):
        return text.lower()
    try:
        return "#" + toColor(text).hexval()[2:].lower()
    except (ValueError, AttributeError, TypeError):
        return None
