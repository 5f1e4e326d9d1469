"""The Lenormand duel's notation: cards and decisions as text, as written in
example files.

Cards are their numbers. A reserve slot is ``5`` (face down) or ``"19 up"``
(face up); slots count from 1 (row 1: slots 1–3, row 2: slots 4–6). A
decision is ``"<player> <verb> [args]"``:

* ``attack 11 12`` (a player without a house names the house: ``attack 4 6
  on nature``), ``heal 12 13``: cards in any order, written sorted;
* ``exchange 6 at 2 down``: lay the 6 face down in slot 2 and take its card;
* ``stop``: end the turn without attacking (``turn: exchange_then_attack``).
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..notation import is_number, read_decision
from .cards import HOUSES, NO_HOUSE
from .state import ATTACK, EXCHANGE, HEAL, STOP, State


def format_slot(slot: tuple[int, bool]) -> str:
    card, up = slot
    return f"{card} up" if up else str(card)


def parse_slot(value: object) -> tuple[int, bool]:
    """``5`` or ``"5"`` → ``(5, False)``; ``"19 up"`` → ``(19, True)``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (value, False)
    words = str(value).split()
    if not words or not is_number(words[0]) or len(words) > 2 or \
            (len(words) == 2 and words[1] not in ("up", "down")):
        raise ValueError(f"{value!r}: a reserve card is a number, face down, or like "
                         "'19 up' face up")
    return (int(words[0]), len(words) == 2 and words[1] == "up")


def format_decision(state: State, d: Any, *, player: bool = True) -> str:
    verb = d[0]
    if verb == ATTACK:
        text = "attack " + " ".join(map(str, d[1]))
        if state.mover >= 0 and state.houses[state.mover] == NO_HOUSE:
            text += f" on {HOUSES[d[2]]}"
    elif verb == HEAL:
        text = "heal " + " ".join(map(str, d[1]))
    elif verb == EXCHANGE:
        text = f"exchange {d[1]} at {d[2] + 1} {'up' if d[3] else 'down'}"
    elif verb == STOP:
        text = "stop"
    else:
        raise ValueError(f"unknown decision {d!r}")
    if player and state.mover >= 0:
        return f"{state.players[state.mover]} {text}"
    return text


def parse_decision(state: State, text: str) -> Any:
    """Read ``"<player> <verb> [args]"`` and return the matching legal decision;
    DecisionError lists the legal decisions in words when it is not legal."""
    return read_decision(
        state, text, example="adele attack 10 11", malformed=_malformed,
        normalize=lambda words: " ".join(_normalize(words)),
        describe=lambda d: format_decision(state, d, player=False),
        listing=lambda legal: _summary(state, legal))


FORMS = {"attack": "attack <card> <card>... [on <house>]", "heal": "heal <card> <card>...",
         "exchange": "exchange <card> at <slot> up|down", "stop": "stop"}


def _malformed(args: list[str]) -> str | None:
    """Why ``args`` (the words after the player) are no decision in any
    position, or None. How many cards an attack takes is the rules' business:
    a well-formed play that is not legal here is a DecisionError."""
    if not args or args[0] not in FORMS:
        return "expected a verb: " + ", ".join(FORMS)
    verb, rest = args[0], args[1:]
    if verb in ("attack", "heal"):
        cards = rest
        if verb == "attack" and len(rest) >= 2 and rest[-2] == "on":
            cards = rest[:-2]
            if rest[-1] not in HOUSES:
                return f"attack … on {' or '.join(HOUSES)}"
        ok = bool(cards) and all(is_number(w) for w in cards)
    elif verb == "exchange":
        ok = len(rest) == 4 and is_number(rest[0]) and rest[1] == "at" and \
            is_number(rest[2]) and rest[3] in ("up", "down")
    else:
        ok = not rest
    return None if ok else f"expected '{FORMS[verb]}'"


def _normalize(words: list[str]) -> list[str]:
    """Cards of an attack or a heal in any order: written sorted."""
    if words and words[0] in ("attack", "heal"):
        cards = [w for w in words[1:] if is_number(w)]
        rest = words[1 + len(cards):]
        return [words[0]] + [str(c) for c in sorted(map(int, cards))] + rest
    return words


def _summary(state: State, legal: Sequence[Any]) -> str:
    """The legal decisions in words; the (many) exchanges summed up in one phrase."""
    plays = [format_decision(state, d, player=False) for d in legal if d[0] != EXCHANGE]
    exchanges = [d for d in legal if d[0] == EXCHANGE]
    if exchanges:
        cards = sorted({d[1] for d in exchanges})
        plays.append(f"exchange {'|'.join(map(str, cards))} at 1-"
                     f"{len(state.reserve)} up|down")
    return ", ".join(plays) or "nothing"
