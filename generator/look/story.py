"""A worked example told in words, for a game without a look of its own:
each step's decisions and what they changed on the table, from the engine
alone (the game's notation and its state's zones).

A step is one decision, or every decision of one simultaneous step (a
``JointState`` game: all the bids of a trick). Each decision is told by the
game's optional ``describe_decision(state, decision, locale)`` when it gives
a sentence, else by its notation after the player's name (``Ann: ann bid
3.``); then what the step changed, zone by zone: the cards that arrived face
up (named from the package's card list), the face-down ones (counted, never
named), each score that moved (``Ann, Points: 0 → 3.``). The words around them
are Herald's generic ones (:mod:`.words`); a zone's label and a card's name
are the package's, translated through its PO files.
"""
from __future__ import annotations

from babel import Locale
from babel.lists import format_list
from herald.engine.games import GAMES
from herald.engine.replay import ready
from herald.engine.zones import Zone

from ..catalogs import StepText
from ..errors import InputError
from ..render.plurals import plural
from ..render.text import typography
from .diagram import (
    Notes,
    card_faces,
    changes,
    deciders,
    face,
    groups,
    zone_label,
    zones_of,
)
from .words import player_names, words


def narrate(outcome, db, locale: str) -> list[StepText]:
    """One StepText per step of ``outcome``: a decision, or the decisions of
    one simultaneous step told together (its diagram is its last one's)."""
    game = GAMES[db.game]
    teller = _Teller(outcome.initial, db, locale)
    out: list[StepText] = []
    for number, (first, end) in enumerate(groups(outcome), start=1):
        sentences = []
        for i, step in enumerate(outcome.steps[first:end], start=first):
            state = ready(outcome.after(i))       # where the decision was taken
            decision = game.parse_decision(state, step.text)
            sentences.append(teller.decision(game, state, decision, step.text))
        sentences += teller.changes(zones_of(outcome.after(first)) or [],
                                    zones_of(outcome.after(end)) or [])
        texts = "; ".join(s.text for s in outcome.steps[first:end])
        out.append(StepText(end - 1, texts, sentences, number))
    return out


def describe_position(state, notes, db, locale: str) -> str:
    """The position a diagram shows, in words (the web edition's text
    alternative): each band's zones and what they hold, the player who
    decides next."""
    teller = _Teller(state, db, locale)
    w = teller.words
    zones = zones_of(state) or []
    notes = notes or Notes()
    bands: list[tuple[str, list[Zone]]] = []
    shared = [z for z in zones if z.owner is None]
    if shared:
        bands.append((w["table"], shared))
    for seat in sorted({z.owner for z in zones if z.owner is not None}):
        bands.append((teller.player(seat), [z for z in zones if z.owner == seat]))
    out = []
    for who, band in bands:
        parts = [w["zone"].format(zone=teller.label(z), content=teller.content(z, notes))
                 for z in band]
        out.append(w["band"].format(who=who, zones="; ".join(parts)))
    seats = deciders(state)
    if seats:
        names = format_list([teller.player(p) for p in seats], locale=teller.babel)
        out.append(plural(w["to_move"], len(seats), teller.babel).format(player=names))
    return typography(" ".join(out), locale)


class _Teller:
    def __init__(self, state, db, locale: str):
        self.db, self.locale = db, locale
        self.words = words(locale)
        self.babel = Locale.parse(locale.replace("-", "_"))
        self.names = player_names(state, db, locale)
        self.faces = card_faces(db, locale)

    def player(self, seat: int | None) -> str:
        if seat is None:
            return ""
        return self.names[seat] if 0 <= seat < len(self.names) else str(seat)

    def label(self, zone: Zone) -> str:
        return zone_label(self.db, self.locale, zone)

    def where(self, zone: Zone) -> str:
        """A zone named for a sentence: its owner's name and its label."""
        if zone.owner is None:
            return self.label(zone)
        return self.words["owned"].format(player=self.player(zone.owner), zone=self.label(zone))

    def cards(self, ids) -> str:
        return format_list([face(self.faces, c).text for c in ids], locale=self.babel)

    def down(self, n: int) -> str:
        return plural(self.words["down"], n, self.babel).format(n=n)

    def content(self, zone: Zone, notes: Notes) -> str:
        """What a zone holds, in words: its number, or its cards face up, then
        how many lie face down; "nothing" when empty."""
        if zone.kind == "score":
            text = str(zone.value if zone.value is not None else 0)
            old_new = notes.deltas.get(zone.key)
            if old_new:
                gained = old_new[1] - old_new[0]
                text += f" ({'+' if gained > 0 else '−'}{abs(gained)})"
            return text
        parts = [face(self.faces, c).text for c in zone.cards]
        if zone.hidden:
            parts.append(self.down(zone.hidden))
        return ", ".join(parts) or self.words["none"]

    def decision(self, game, state, decision, text: str) -> str:
        """A decision as a sentence: the game's, else its notation."""
        describe = getattr(game, "describe_decision", None)
        try:
            told = describe(state, decision, self.locale) if describe is not None else None
        except Exception as exc:        # a stranger's package: one line
            raise InputError(f"{game.name}: describe_decision({text!r}) failed: "
                             f"{type(exc).__name__}: {exc}") from None
        if isinstance(told, str) and told.strip():
            return typography(told, self.locale)
        # the notation names its player first ("ann bid 3"); the sentence
        # names them already ("Ann: bid 3.")
        seat = state.players[state.mover] if 0 <= state.mover < len(state.players) else None
        if seat and text.split(" ", 1)[0] == seat and " " in text:
            text = text.split(" ", 1)[1]
        return typography(self.words["decision"].format(
            player=self.player(state.mover), decision=text), self.locale)

    def changes(self, before: list[Zone], after: list[Zone]) -> list[str]:
        """What a step changed, zone by zone in the zones' order."""
        notes = changes(before, after)
        w = self.words
        out = []
        for zone in after:
            if zone.key in notes.added:
                # a zone that lost cards as it gained (a prize turned up in
                # place of the last) holds them now, rather than more
                template = w["now"] if zone.key in notes.replaced else w["added"]
                out.append(template.format(where=self.where(zone),
                                           cards=self.cards(notes.added[zone.key])))
            if zone.key in notes.added_down:
                out.append(w["added_down"].format(where=self.where(zone),
                                                  down=self.down(notes.added_down[zone.key])))
            if zone.key in notes.deltas:
                old, new = notes.deltas[zone.key]
                out.append(w["score"].format(where=self.where(zone), old=old, new=new))
        return [typography(s[:1].upper() + s[1:], self.locale) for s in out]
