"""What one seat of Oriflamme cannot see, dealt again (``State.determinize``).

A seat sees its own families' cards wherever they lie (hand, set aside, face
down in the Queue), every face-up card, the discards, the reserves, the
tokens and each card's family (the backs are the families' colours). It does
not see which card of another family lies face down in the Queue, in that
player's hand, set aside or in their draw pile (the two-player variant).

So a determinization keeps everything public and, family by family, deals the
hidden cards of each other family back into the same hidden places: the same
number in each hand, the same face-down cards with their tokens, the same
draw-pile length. The cards are sorted before they are dealt (``redeal``):
two positions that differ only in where hidden cards lie give the same
worlds for the same stream. A Condemnation token follows the card it lies on.

Not remembered: a card that was revealed and later turned face down again
(the Alliance's Insurrection) is dealt like any unknown face-down card; the
state keeps no memory of what each seat once saw, so a bot is never told
more than it sees, only sometimes less.
"""
from __future__ import annotations

from ..interface import _Canonical
from ..rng import redeal, shuffled
from .cards import N_CARDS


def determinize(state, seat: int, rng):
    """A copy of ``state`` in which every card ``seat`` cannot see is dealt
    again from the cards it could be (see the module docstring)."""
    s = state.copy()
    s.log = None
    mine = set(s.families[seat])
    moved: dict[int, int] = {}
    for fam, p in enumerate(s.owner):
        if p < 0 or fam in mine:
            continue
        hand = [c for c in s.hands[p] if c[0] == fam]
        aside = [c for c in s.set_aside[p] if c[0] == fam]
        drawn = [k for k, c in enumerate(s.draw[p]) if c[0] == fam]
        down = [(i, j) for i, pile in enumerate(s.queue) for j, c in enumerate(pile)
                if c[0] == fam and not c[2]]
        old = hand + aside + [s.draw[p][k] for k in drawn] + \
            [s.queue[i][j][:2] for i, j in down]
        if len(old) < 2:
            continue
        new = redeal(old, rng)
        for a, b in zip(old, new):
            moved[a[0] * N_CARDS + a[1]] = b[0] * N_CARDS + b[1]
        k = len(hand)
        s.hands[p] = tuple(sorted([c for c in s.hands[p] if c[0] != fam] + new[:k]))
        s.set_aside[p] = tuple(sorted([c for c in s.set_aside[p] if c[0] != fam]
                                      + new[k:k + len(aside)]))
        k += len(aside)
        if drawn:
            pile = list(s.draw[p])
            for at in drawn:
                pile[at] = new[k]
                k += 1
            s.draw[p] = tuple(pile)
        for i, j in down:
            f, _, up, tokens = s.queue[i][j]
            card = (f, new[k][1], up, tokens)
            s.queue[i] = s.queue[i][:j] + (card,) + s.queue[i][j + 1:]
            k += 1
    if moved and s.condemned:
        s.condemned = tuple(sorted(moved.get(x, x) for x in s.condemned))
    return s


# seen's answers by everything they are made from: a solver's tree meets the
# same position again and again, mostly soon after (it asks a seat's key where
# the seat saw it last; two orders of play lead to one position). Emptied when
# full: about a kilobyte an entry, and the hidden-card example's tree misses
# 12,300 times with room for all, 15,000 with room for 4,096.
_SEEN: dict = {}
_SEEN_MAX = 4096


def seen(state, seat: int):
    """``interface.seen_key(state, seat)``, the same value made without a
    copy of the state: the key of ``determinize(state, seat, _Canonical())``.
    The sequence-form solver asks it of both seats after every step."""
    # what _seen reads: the seat's families, the owners, the cards (key()
    # holds all but the set-aside ones, and the condemned ones when the
    # Alliance is out, which the answer leaves out then too)
    memo = (seat, state.owner, state.families, state.alliance, state.key(),
            tuple(state.set_aside))
    known = _SEEN.get(memo)
    if known is None:
        if len(_SEEN) >= _SEEN_MAX:
            _SEEN.clear()
        known = _SEEN[memo] = _seen(state, seat)
    return known


def _seen(state, seat: int):
    """:func:`seen` made: each step is determinize's, in the same order, so
    that the cards are dealt from the same stream (tests/test_oriflamme_seen.py
    checks that the two agree); the copy and the set-aside cards (outside
    ``key()``) were most of determinize's cost."""
    x = 0                   # the fixed stream's state (a new _Canonical)
    mine = state.families[seat]
    hands = state.hands[:]
    draw = state.draw[:]
    queue = state.queue[:]
    set_aside = state.set_aside
    condemned = state.condemned
    # where each card went: only a Condemnation token follows it
    moved: dict[int, int] | None = {} if condemned else None
    downs: dict[int, list[tuple[int, int]]] | None = None
    resorted = set()    # players whose set-aside cards determinize has sorted again
    for fam, p in enumerate(state.owner):
        if p < 0 or fam in mine:
            continue
        if downs is None:
            # the face-down cards of each family: a family's deal changes
            # only which card lies there, never where
            downs = {}
            for i, pile in enumerate(queue):
                for j, c in enumerate(pile):
                    if not c[2]:
                        downs.setdefault(c[0], []).append((i, j))
        hand = [c for c in hands[p] if c[0] == fam]
        aside = [c for c in set_aside[p] if c[0] == fam]
        if p in resorted:
            aside.sort()
        pile = draw[p]
        drawn = [k for k, c in enumerate(pile) if c[0] == fam] if pile else ()
        down = downs.get(fam, ())
        old = hand + aside
        if drawn:
            old += [pile[k] for k in drawn]
        if down:
            old += [queue[i][j][:2] for i, j in down]
        if len(old) < 2:
            continue
        # redeal(old, stream): the sorted cards in the stream's order
        ordered = sorted(old)
        order, x = _canonical_order(len(ordered), x)
        new = [ordered[i] for i in order]
        if moved is not None:
            for a, b in zip(old, new):
                moved[a[0] * N_CARDS + a[1]] = b[0] * N_CARDS + b[1]
        k = len(hand)
        if k:
            hands[p] = tuple(sorted([c for c in hands[p] if c[0] != fam] + new[:k]))
        else:
            hands[p] = tuple(sorted(hands[p]))
        k += len(aside)
        resorted.add(p)
        if drawn:
            changed = list(pile)
            for at in drawn:
                changed[at] = new[k]
                k += 1
            draw[p] = tuple(changed)
        for i, j in down:
            f, _, up, tokens = queue[i][j]
            queue[i] = queue[i][:j] + ((f, new[k][1], up, tokens),) + queue[i][j + 1:]
            k += 1
    if moved and condemned:
        condemned = tuple(sorted(moved.get(x, x) for x in condemned))
    return (seat, state.key_of(queue, hands, draw, condemned))


# The fixed stream's shuffles: (how many cards, the stream's state before) ->
# (the order it deals them in, its state after). Few: a position's deal
# starts from the same state, and has a few families of a few cards.
_ORDERS: dict[tuple[int, int], tuple[tuple[int, ...], int]] = {}


def _canonical_order(n: int, x: int) -> tuple[tuple[int, ...], int]:
    """``shuffled(range(n), stream)`` for the fixed stream of interface.seen_key
    in state ``x``, and its state after: ``shuffled(cards)[i]`` is
    ``cards[order[i]]``, the swaps not depending on the cards."""
    known = _ORDERS.get((n, x))
    if known is None:
        rng = _Canonical()
        rng.x = x
        order = tuple(shuffled(range(n), rng))
        known = (order, rng.x)
        if len(_ORDERS) < 4096:
            _ORDERS[(n, x)] = known
    return known


def hidden_deals(state, shown=()):
    """Every way the cards some seat cannot see may lie (Game.hidden_deals,
    engine/hidden_position.py): family by family, for the families of the
    seats not ``shown``, the cards in that player's hand, set aside, draw
    pile and face down in the Queue, dealt again among those places (a
    Condemnation token stays with its card). Each deal is a node of a game
    tree, with a trail for perfect recall."""
    from ..hidden_position import arrangements, product
    families = []
    groups = []
    for fam, p in enumerate(state.owner):
        if p < 0 or p in shown:
            continue
        hand = tuple(c for c in state.hands[p] if c[0] == fam)
        aside = tuple(c for c in state.set_aside[p] if c[0] == fam)
        drawn = [k for k, c in enumerate(state.draw[p]) if c[0] == fam]
        down = [(i, j) for i, pile in enumerate(state.queue) for j, c in enumerate(pile)
                if c[0] == fam and not c[2]]
        places = [(hand, False), (aside, False),
                  (tuple(state.draw[p][k] for k in drawn), True)] + \
            [((state.queue[i][j][:2],), True) for i, j in down]
        if sum(len(cards) for cards, _ in places) < 2:
            continue
        families.append((fam, p, drawn, down))
        groups.append(arrangements(places))
    for deal, prob in product(groups):
        s = state.copy()
        s.log = None
        moved: dict[int, int] = {}
        for (fam, p, drawn, down), (new_hand, new_aside, new_draw, *slots) \
                in zip(families, deal):
            s.hands[p] = tuple(sorted([c for c in s.hands[p] if c[0] != fam]
                                      + list(new_hand)))
            s.set_aside[p] = tuple(sorted([c for c in s.set_aside[p] if c[0] != fam]
                                          + list(new_aside)))
            if drawn:
                pile = list(s.draw[p])
                for at, card in zip(drawn, new_draw):
                    pile[at] = card
                s.draw[p] = tuple(pile)
            for (i, j), (card,) in zip(down, slots):
                f, old, up, tokens = s.queue[i][j]
                moved[f * N_CARDS + old] = f * N_CARDS + card[1]
                s.queue[i] = s.queue[i][:j] + ((f, card[1], up, tokens),) + s.queue[i][j + 1:]
        if moved and s.condemned:
            s.condemned = tuple(sorted(moved.get(x, x) for x in s.condemned))
        s.trail = ()
        yield s, prob
