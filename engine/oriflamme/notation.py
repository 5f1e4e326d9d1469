"""Oriflamme notation: cards and decisions as text, as written in example files.

A queue card is ``"<family> <card>[ up][ +N][ condemned]"`` (``condemned``: it
carries one of the Alliance box's Condemnation tokens), a pile a list of cards
(bottom first). A decision is ``"<player> <verb> [args]"`` with positions
counted from 1 in the queue as it stands when the decision is asked.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

from ..notation import is_number, read_decision
from .cards import CARD_INDEX, CARDS, FAMILIES, FAMILY_INDEX, N_CARDS
from .state import (
    BANK,
    CASH,
    CONDEMN,
    COPY,
    END,
    GAIN,
    MOVE,
    PLACE,
    REVEAL,
    START,
    STORE,
    SWAP,
    TARGET,
    State,
)

CONDEMNED = "condemned"   # the queue card's mark for a Condemnation token

# A card in the queue: (family, card, face up, influence tokens on it).
QueueCard = tuple[int, int, bool, int]


def card_name(card: Sequence[Any]) -> str:
    """``(family, card, ...)`` → ``"red heir"``."""
    return f"{FAMILIES[card[0]]} {CARDS[card[1]]}"


def format_queue_card(card: QueueCard, condemned: Collection[int] = ()) -> str:
    fam, c, up, tokens = card
    text = f"{FAMILIES[fam]} {CARDS[c]}"
    if up:
        text += " up"
    if tokens:
        text += f" +{tokens}"
    if fam * N_CARDS + c in condemned:
        text += f" {CONDEMNED}"
    return text


def format_queue(queue: Iterable[Sequence[QueueCard]],
                 condemned: Collection[int] = ()) -> list[str | list[str]]:
    return [format_queue_card(p[0], condemned) if len(p) == 1
            else [format_queue_card(c, condemned) for c in p] for p in queue]


def split_condemned(text: object) -> tuple[object, bool]:
    """``"red heir up condemned"`` → ``("red heir up", True)``: the Condemnation
    mark is the state's, not the card tuple's."""
    if isinstance(text, str) and text.split()[-1:] == [CONDEMNED]:
        return text.rsplit(None, 1)[0], True
    return text, False


def parse_queue_card(text: object) -> QueueCard:
    """``"red heir up +2"`` → ``(0, 3, True, 2)``; raise ValueError with a reason."""
    if not isinstance(text, str):
        raise ValueError(f"a card is written as text like 'red heir up +1', not {text!r}")
    words = text.split()
    if len(words) < 2:
        raise ValueError(f"{text!r}: a queue card needs a family and a card, "
                         "like 'red heir up +1'")
    fam, card = parse_hand_card(" ".join(words[:2]))
    up, tokens = False, 0
    for w in words[2:]:
        if w == "up":
            up = True
        elif w.startswith("+") and w[1:].isdigit():
            tokens = int(w[1:])
        else:
            raise ValueError(f"{text!r}: unknown mark {w!r} (expected 'up', '+N' or, "
                             f"last, '{CONDEMNED}')")
    return (fam, card, up, tokens)


def parse_hand_card(text: object, family: int | None = None) -> tuple[int, int]:
    """``"red heir"`` → ``(0, 3)``; a bare ``"heir"`` takes ``family`` when given."""
    if not isinstance(text, str):
        raise ValueError(f"a card is written as text like 'red heir', not {text!r}")
    words = text.split()
    if len(words) == 1 and family is not None:
        words = [FAMILIES[family], words[0]]
    if len(words) != 2:
        raise ValueError(f"{text!r}: expected '<family> <card>'")
    fam, card = words
    if fam not in FAMILY_INDEX:
        raise ValueError(f"{text!r}: unknown family {fam!r}; families: {', '.join(FAMILIES)}")
    if card not in CARD_INDEX:
        raise ValueError(f"{text!r}: unknown card {card!r}; cards: {', '.join(CARDS)}")
    return (FAMILY_INDEX[fam], CARD_INDEX[card])


def format_decision(state: State, d: Any, *, player: bool = True) -> str:
    """A decision in notation, prefixed with the deciding player's name."""
    verb = d[0]
    if verb == PLACE:
        _, fam, card, where = d
        name = f"{FAMILIES[fam]} {CARDS[card]}" if state.duo else CARDS[card]
        place = "start" if where == START else "end" if where == END else f"on {where + 1}"
        text = f"place {name} {place}"
    elif verb == REVEAL:
        text = "reveal"
    elif verb == BANK:
        text = "bank"
    elif verb == TARGET:
        text = f"target {d[1] + 1}"
    elif verb == COPY:
        text = f"copy {d[1] + 1}"
    elif verb == MOVE:
        text = f"move {d[1] + 1} {'on' if d[3] else 'to'} {d[2] + 1}"
    elif verb == CONDEMN:
        text = f"condemn {d[1] + 1}"
    elif verb == GAIN:
        text = "gain"
    elif verb == SWAP:
        text = f"swap {FAMILIES[d[1]]} {CARDS[d[2]]}" if state.duo else f"swap {CARDS[d[2]]}"
    elif verb == CASH:
        text = "cash"
    elif verb == STORE:
        text = "store"
    else:
        raise ValueError(f"unknown decision {d!r}")
    if player and state.mover >= 0:
        return f"{state.players[state.mover]} {text}"
    return text


def parse_decision(state: State, text: str) -> Any:
    """Read ``"<player> <verb> [args]"`` and return the matching legal decision.

    Raises DecisionError with the legal options in words when it is not legal.
    """
    return read_decision(
        state, text, example="red reveal", malformed=_malformed,
        normalize=lambda words: _normalize(state, words),
        describe=lambda d: format_decision(state, d, player=False))


_FORMS = ("place [<family>] <card> start|end|on <n>", "reveal", "bank", "target <n>",
          "copy <n>", "move <n> on|to <n>", "condemn <n>", "gain", "swap [<family>] <card>",
          "cash", "store")


def _malformed(words: list[str]) -> str | None:
    """Why ``words`` (a decision without its player) is not a decision of the
    notation in any position, or None when it is well-formed."""
    verb, args = (words[0], words[1:]) if words else ("", [])
    if verb in ("reveal", "bank", "gain", "cash", "store"):
        ok = not args
    elif verb == "swap":
        if args and args[0] in FAMILY_INDEX:
            args = args[1:]
        ok = len(args) == 1 and args[0] in CARD_INDEX
    elif verb in ("target", "copy", "condemn"):
        ok = len(args) == 1 and _position(args[0])
    elif verb == "move":
        ok = len(args) == 3 and _position(args[0]) and args[1] in ("on", "to") \
            and _position(args[2])
    elif verb == "place":
        if args and args[0] in FAMILY_INDEX:
            args = args[1:]
        where = args[1:]
        ok = bool(args) and args[0] in CARD_INDEX and (
            where in (["start"], ["end"]) or (len(where) == 2 and where[0] == "on"
                                             and _position(where[1])))
    else:
        return (f"unknown decision {verb!r}; decisions: " if verb else "no decision; ") \
            + ", ".join(_FORMS)
    if ok:
        return None
    form = next(f for f in _FORMS if f.split()[0] == verb)
    return f"expected '{form}' (positions count from 1)"


def _position(word: str) -> bool:
    """A place in the queue, counted from 1."""
    return is_number(word) and int(word) >= 1


def _normalize(state: State, words: list[str]) -> str:
    """Accept ``place heir end`` and ``place red heir end`` alike (and ``swap``'s
    card the same way); write the canonical form."""
    if words and words[0] == "swap" and len(words) >= 2:
        words = ["place"] + words[1:] + ["end"]
        return "swap" + _normalize(state, words)[len("place"):-len(" end")]
    if words and words[0] == "place" and len(words) >= 3:
        fams = state.families[state.mover]
        if words[1] in FAMILY_INDEX:
            fam, card, rest = words[1], words[2], words[3:]
        else:
            fam, card, rest = FAMILIES[fams[0]], words[1], words[2:]
        name = f"{fam} {card}" if state.duo else card
        if not state.duo and FAMILY_INDEX.get(fam) not in fams:
            name = f"{fam} {card}"   # cannot match: another family's card
        return " ".join(["place", name] + rest)
    return " ".join(words)
