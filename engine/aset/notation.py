"""Asèt notation: cards and decisions as text, as written in example files.

A card is ``"<family> <value>"`` (``"yellow 7"``); a card's kind may stand
for its value (``"yellow commander"``). In a hand or a Renfort, where the
family is the player's, a bare value (``7``) is enough. A decision is
``"<player> <verb> [args]"``: ``reserve <value>`` (setup: the Renfort),
``play <value>``, ``reveal`` (the Meneur), ``renfort``, ``pass``,
``take <family> <value>`` (sharing a tie), ``cover <n>`` (the Meneur covers the
n-th decree of the Council, counted from 1), ``return <k>`` (Palindrome: the
Meneur puts it back under k decrees).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..notation import is_number, read_decision
from .cards import KIND_OF_VALUE, VALUE_OF_KIND, card, family_of, value_of
from .state import (
    COVER,
    PASS,
    PLAY,
    RENFORT,
    RESERVE,
    RETURN,
    REVEAL,
    REVEAL_V,
    TAKE,
    USE_RENFORT,
    State,
)


def card_text(state_or_families: Any, c: int) -> str:
    # a State (its config's families), or the families' names
    families = getattr(state_or_families, "config", None)
    families = families.families if families else state_or_families
    return f"{families[family_of(c)]} {value_of(c)}"


def parse_value(text: object) -> int:
    """``5`` or ``"5"`` or ``"halfling"`` → 5; raise ValueError with a reason."""
    if isinstance(text, int) and not isinstance(text, bool):
        v = text
    elif isinstance(text, str) and is_number(text.strip()):
        v = int(text)
    elif isinstance(text, str) and text.strip() in VALUE_OF_KIND:
        return VALUE_OF_KIND[text.strip()]
    else:
        raise ValueError(f"{text!r}: a value is 1 to 7 (or a card name: "
                         + ", ".join(KIND_OF_VALUE.values()) + ")")
    if not 1 <= v <= 7:
        raise ValueError(f"{text!r}: a value is 1 to 7")
    return v


def parse_card(text: object, families: Sequence[str]) -> int:
    """``"yellow 7"`` → the card; raise ValueError with a reason."""
    if not isinstance(text, str) or len(text.split()) != 2:
        raise ValueError(f"{text!r}: a card is '<family> <value>', like 'yellow 7'")
    fam, value = text.split()
    if fam not in families:
        raise ValueError(f"{text!r}: unknown family {fam!r}; families: {', '.join(families)}")
    return card(families.index(fam), parse_value(value))


def format_decision(state: State, d: Any, *, player: bool = True) -> str:
    verb = d[0]
    if verb == PLAY:
        text = f"play {value_of(d[1])}"
    elif verb == RESERVE:
        text = f"reserve {value_of(d[1])}"
    elif verb == REVEAL_V:
        text = "reveal"
    elif verb == USE_RENFORT:
        text = "renfort"
    elif verb == PASS:
        text = "pass"
    elif verb == TAKE:
        text = f"take {card_text(state, d[1])}"
    elif verb == COVER:
        text = f"cover {d[1] + 1}"
    elif verb == RETURN:
        text = f"return {d[1]}"
    else:
        raise ValueError(f"unknown decision {d!r}")
    if player and state.mover >= 0:
        return f"{state.players[state.mover]} {text}"
    return text


def parse_decision(state: State, text: str) -> Any:
    """Read ``"<player> <verb> [args]"`` and return the matching legal decision."""
    def refusal(who: str, said: list[str], legal: Sequence[Any]) -> str | None:
        # the rules' reason comes first, unless this Renfort decision is due now
        mover = state.players[state.mover] if state.mover >= 0 else None
        if who != mover or not any(d[0] == USE_RENFORT for d in legal):
            return _renfort_refused(state, state.players.index(who), said[0])
        return None

    return read_decision(
        state, text, example="yellow play 5",
        malformed=lambda words: _malformed(state, words),
        normalize=lambda words: " ".join(_normalize(state, words)),
        describe=lambda d: format_decision(state, d, player=False),
        refusal=refusal, idle="no decision is due")


def _renfort_refused(state: State, p: int, verb: str) -> str | None:
    """Why the rules do not ask ``p`` about their Renfort in this combat, once
    its cards are played (None when they may be asked, or it is no Renfort
    decision): a Renfort is turned up only to cancel a card played."""
    if verb not in ("renfort", "pass") or state.phase not in (REVEAL, RENFORT):
        return None
    who, r = state.players[p], state.renfort[p]
    if r < 0:
        return f"{who} has no Renfort" + (" to turn up" if verb == "renfort" else
                                          " to keep")
    revealed = state
    if state.phase == REVEAL:      # the cards as revealed (a decree may cancel twins)
        revealed = state.copy()
        revealed.log = None
        revealed._reveal()
    value = value_of(r)
    if revealed._cancels(value):
        return None
    return f"{who}'s Renfort ({value}) cancels no card played"


ARITY = {"reserve": 1, "play": 1, "reveal": 0, "renfort": 0, "pass": 0, "take": 2,
         "cover": 1, "return": 1}


def _malformed(state: State, args: list[str]) -> str | None:
    """Why ``args`` (the words after the player) are no decision at all, or None."""
    if not args or args[0] not in ARITY:
        return "expected a verb: " + ", ".join(ARITY)
    verb, rest = args[0], args[1:]
    if len(rest) != ARITY[verb]:
        return f"{verb} takes {ARITY[verb]} word{'s' if ARITY[verb] != 1 else ''}"
    try:
        if verb in ("reserve", "play"):
            parse_value(rest[0])
        elif verb == "take":
            parse_card(" ".join(rest), state.config.families)
    except ValueError as e:
        return str(e)
    if verb in ("cover", "return") and not is_number(rest[0]):
        return f"{verb} takes a number"
    return None


def _normalize(state: State, words: list[str]) -> list[str]:
    """Card names stand for values: ``play commander`` is ``play 7``."""
    out = []
    for w in words:
        out.append(str(VALUE_OF_KIND[w]) if w in VALUE_OF_KIND else w)
    return out
