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

from ..interface import DecisionError, NotationError
from .cards import HOUSES, NO_HOUSE
from .state import ATTACK, EXCHANGE, HEAL, STOP, State


def format_slot(slot) -> str:
    card, up = slot
    return f"{card} up" if up else str(card)


def parse_slot(value):
    """``5`` or ``"5"`` → ``(5, False)``; ``"19 up"`` → ``(19, True)``."""
    if isinstance(value, int) and not isinstance(value, bool):
        return (value, False)
    words = str(value).split()
    if not words or not _number(words[0]) or len(words) > 2 or \
            (len(words) == 2 and words[1] not in ("up", "down")):
        raise ValueError(f"{value!r}: a reserve card is a number, face down, or like "
                         "'19 up' face up")
    return (int(words[0]), len(words) == 2 and words[1] == "up")


def format_decision(state: State, d, *, player: bool = True) -> str:
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


def parse_decision(state: State, text: str):
    """Read ``"<player> <verb> [args]"`` and return the matching legal decision;
    DecisionError lists the legal decisions in words when it is not legal."""
    words = str(text).split()
    if not words:
        raise NotationError("empty decision; a decision is like 'adele attack 10 11'")
    who = words[0]
    if who not in state.players:
        raise NotationError(f"{text!r}: a decision starts with a player, and {who!r} is "
                            f"not one; players: {', '.join(state.players)}")
    problem = _malformed(words[1:])
    if problem:
        raise NotationError(f"{text!r}: {problem}")
    legal = state.legal()
    if state.mover < 0:
        raise DecisionError(f"{who} cannot {' '.join(words[1:])!r}: the game is over")
    mover = state.players[state.mover]
    if who != mover:
        raise DecisionError(f"it is {mover}'s decision, not {who}'s; legal: "
                            + _summary(state, legal))
    wanted = " ".join(_normalize(words[1:]))
    for d in legal:
        if format_decision(state, d, player=False) == wanted:
            return d
    raise DecisionError(f"{who} cannot {' '.join(words[1:])!r}; legal: "
                        + _summary(state, legal))


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
        ok = bool(cards) and all(_number(w) for w in cards)
    elif verb == "exchange":
        ok = len(rest) == 4 and _number(rest[0]) and rest[1] == "at" and \
            _number(rest[2]) and rest[3] in ("up", "down")
    else:
        ok = not rest
    return None if ok else f"expected '{FORMS[verb]}'"


def _number(word: str) -> bool:
    """ASCII digits only, and few of them: ``str.isdigit`` also accepts
    characters ``int`` refuses (like ``²``)."""
    return 0 < len(word) <= 6 and all(ch in "0123456789" for ch in word)


def _normalize(words: list[str]) -> list[str]:
    """Cards of an attack or a heal in any order: written sorted."""
    if words and words[0] in ("attack", "heal"):
        cards = [w for w in words[1:] if _number(w)]
        rest = words[1 + len(cards):]
        return [words[0]] + [str(c) for c in sorted(map(int, cards))] + rest
    return words


def _summary(state: State, legal) -> str:
    """The legal decisions in words; the (many) exchanges summed up in one phrase."""
    plays = [format_decision(state, d, player=False) for d in legal if d[0] != EXCHANGE]
    exchanges = [d for d in legal if d[0] == EXCHANGE]
    if exchanges:
        cards = sorted({d[1] for d in exchanges})
        plays.append(f"exchange {'|'.join(map(str, cards))} at 1-"
                     f"{len(state.reserve)} up|down")
    return ", ".join(plays) or "nothing"
