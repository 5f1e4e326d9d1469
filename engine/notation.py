"""What every game's notation shares: a decision is written ``"<player> <verb>
[args]"``, read against the legal decisions of the position by writing each of
them the game's way and comparing. A game brings its verbs (``malformed``: why
words are no decision in any position), its canonical spelling
(``normalize``) and how it lists what is legal (``listing``); this module
owns the order of the checks and the messages, so that the three games refuse
the same mistakes in the same words.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .interface import DecisionError, NotationError


def is_number(word: str) -> bool:
    """ASCII digits only, and few of them: ``str.isdigit`` also accepts
    characters ``int`` refuses (like ``²``), and a huge number means nothing in
    any game's notation."""
    return 0 < len(word) <= 6 and all(ch in "0123456789" for ch in word)


def read_decision(state: Any, text: str, *, example: str,
                  malformed: Callable[[list[str]], str | None],
                  normalize: Callable[[list[str]], str],
                  describe: Callable[[Any], str],
                  listing: Callable[[Sequence[Any]], str] | None = None,
                  refusal: Callable[[str, list[str], Sequence[Any]], str | None] | None = None,
                  idle: str = "the game is over") -> Any:
    """The legal decision of ``state`` that ``text`` writes.

    NotationError when ``text`` is no decision in any position (an empty line,
    an unknown player, words ``malformed`` refuses); DecisionError when it is
    one but not legal here, with the legal decisions in words (``listing``,
    by default each one ``describe``d). ``refusal`` may give the rules' own
    reason first (Asèt: a Renfort that cancels no card); ``idle`` says why
    nobody may decide when no player is to move.
    """
    words = str(text).split()
    if not words:
        raise NotationError(f"empty decision; a decision is like {example!r}")
    who, said = words[0], words[1:]
    if who not in state.players:
        raise NotationError(f"{text!r}: a decision starts with a player, and {who!r} is "
                            f"not one; players: {', '.join(state.players)}")
    problem = malformed(said)
    if problem:
        raise NotationError(f"{text!r}: {problem}")
    legal = state.legal()
    if refusal is not None:
        reason = refusal(who, said, legal)
        if reason:
            raise DecisionError(reason)
    options = (listing(legal) if listing else ", ".join(map(describe, legal))) or "nothing"
    mover = state.players[state.mover] if state.mover >= 0 else None
    if mover is None:
        raise DecisionError(f"{who} cannot {' '.join(said)!r}: {idle}")
    if who != mover:
        raise DecisionError(f"it is {mover}'s decision, not {who}'s; legal: {options}")
    wanted = normalize(said)
    for d in legal:
        if describe(d) == wanted:
            return d
    raise DecisionError(f"{who} cannot {' '.join(said)!r}; legal: {options}")
