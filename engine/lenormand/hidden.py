"""What one seat of the Lenormand duel cannot see, dealt again
(``State.determinize``).

A seat sees its own hand, the reserve's face-up cards, the discard, the life
columns and how many cards every hand and the draw pile hold. It does not see
the other hands (a partner's neither), the draw pile's order, the reserve's
face-down cards, nor how the discard will be reshuffled (the game's seed).

A determinization deals the unseen cards back into the same places (each
hand its size, the draw pile its length, the face-down slots) and draws a
new seed for the reshuffles to come. Cards are sorted before they are dealt
(``redeal``): two positions that differ only in hidden cards give the same
worlds for the same stream.

Remembered: a seat knows the cards it laid face down in the reserve itself
(``State.laid``), so they stay where they are; the face-down cards the deal
or another seat laid are dealt again. (Where a card it laid went after
another seat took it into a hand is not followed: that hand is dealt again.)
"""
from __future__ import annotations

from ..rng import redeal

SEEDS = 1 << 31


def determinize(state, seat: int, rng):
    """A copy of ``state`` with every card ``seat`` cannot see dealt again."""
    s = state.copy()
    s.log = None
    others = [p for p in range(len(s.players)) if p != seat]
    down = [k for k, (_, up) in enumerate(s.reserve) if not up and s.laid[k] != seat]
    old = [c for p in others for c in s.hands[p]] + list(s.draw) + \
        [s.reserve[k][0] for k in down]
    new = redeal(old, rng)
    k = 0
    for p in others:
        size = len(s.hands[p])
        s.hands[p] = tuple(sorted(new[k:k + size]))
        k += size
    s.draw = tuple(new[k:k + len(s.draw)])
    k += len(s.draw)
    reserve = list(s.reserve)
    for at in down:
        reserve[at] = (new[k], False)
        k += 1
    s.reserve = reserve
    s.seed = int(rng.random() * SEEDS)
    return s


def hidden_deals(state, shown=()):
    """Every way the cards some seat cannot see may lie (Game.hidden_deals,
    engine/hidden_position.py): the hands of the seats not ``shown``, the
    draw pile and the reserve's face-down cards, dealt together from the
    cards they hold. Each deal is a node of a game tree with a trail for
    perfect recall, whose draw pile has no order yet (``draw_by_chance``):
    each card drawn from it, after a reshuffle too, is a chance outcome, so
    a pile of n cards is one deal, not n! of them.

    A face-down card a seat laid itself is its own to know, as its hand is:
    shown with it, dealt with the rest otherwise."""
    from ..hidden_position import arrangements
    n = len(state.players)
    hands = [p for p in range(n) if p not in shown]
    down = [k for k, (_, up) in enumerate(state.reserve)
            if not up and not (state.laid[k] >= 0 and state.laid[k] in shown)]
    places = [(state.hands[p], False) for p in hands] + [(tuple(sorted(state.draw)), False)] + \
        [((state.reserve[k][0],), True) for k in down]
    for deal, p in arrangements(places):
        s = state.copy()
        s.log = None
        for seat, cards in zip(hands, deal):
            s.hands[seat] = cards
        s.draw = deal[len(hands)]
        reserve = list(s.reserve)
        for k, cards in zip(down, deal[len(hands) + 1:]):
            reserve[k] = (cards[0], False)
        s.reserve = reserve
        s.draw_by_chance = True
        s.trail = ()
        yield s, p
