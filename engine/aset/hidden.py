"""What one seat of L'Ordre d'Asèt cannot see, dealt again (``State.determinize``).

A seat sees its own hand, its own Renfort and its own choice in a combat;
every card won, in the Prison or turned up; the Council. It does not see the
other players' hands, their face-down Renforts, the cards they chose in a
combat not yet revealed, nor the order of the decree pile.

A player's hidden cards are all of their own family, so a determinization
deals each other player's hidden cards (hand, Renfort, unrevealed choice)
back into the same places, and shuffles the decree pile. Cards are sorted
before they are dealt (``redeal``): two positions that differ only in hidden
cards give the same worlds for the same stream.

Not remembered: the Meneur who put a Palindrome back under the pile knows
how deep it lies; the determinization shuffles it with the rest.
"""
from __future__ import annotations

from ..rng import redeal

_UNREVEALED = (2, 3)        # CHOOSE and REVEAL: the combat's cards lie face down


def determinize(state, seat: int, rng):
    """A copy of ``state`` with every card ``seat`` cannot see dealt again."""
    s = state.copy()
    s.log = None
    hidden_choice = s.phase in _UNREVEALED
    for p in range(len(s.players)):
        if p == seat:
            continue
        places = list(s.hands[p])
        if s.renfort[p] >= 0:
            places.append(s.renfort[p])
        if hidden_choice and s.played[p] >= 0:
            places.append(s.played[p])
        if len(places) < 2:
            continue
        new = redeal(places, rng)
        k = len(s.hands[p])
        s.hands[p] = tuple(sorted(new[:k]))
        if s.renfort[p] >= 0:
            s.renfort[p] = new[k]
            k += 1
        if hidden_choice and s.played[p] >= 0:
            s.played[p] = new[k]
    if len(s.deck) > 1:
        s.deck = tuple(redeal(s.deck, rng))
    return s


def step_view(state, seat: int):
    """``state`` taken back to the start of the simultaneous step ``seat`` is
    choosing in (the Renforts at setup, or a combat's cards), nothing dealt
    again: the choices made before its turn are face down, so to ``seat`` they
    are still open; they go back to their players' hands and every chooser
    chooses again (``at_joint()`` holds). None outside such a step."""
    if state.phase not in (0, 2) or state.mover != seat or seat not in state.seats:
        return None
    s = state.copy()
    s.log = None
    setup = s.phase == 0
    for p in s.seats[:s.step]:
        if setup and s.renfort[p] >= 0:
            s.hands[p] = tuple(sorted(s.hands[p] + (s.renfort[p],)))
            s.renfort[p] = -1
        elif not setup and s.played[p] >= 0:
            s.hands[p] = tuple(sorted(s.hands[p] + (s.played[p],)))
            s.played[p] = -1
    s.step = 0
    s.mover = s.seats[0]
    return s


def joint_start(state, seat: int, rng):
    """A determinization for ``seat`` of its ``step_view``: the start of the
    simultaneous step it is choosing in, every card it cannot see dealt again.
    None outside such a step."""
    s = step_view(state, seat)
    return None if s is None else determinize(s, seat, rng)


def hidden_deals(state, shown=()):
    """Every way the cards some seat cannot see may lie (Game.hidden_deals,
    engine/hidden_position.py): for each seat not ``shown``, its hand, its
    face-down Renfort and its card chosen face down, dealt again among those
    places from its own family's cards there; and the decree pile's order.
    Each deal is a node of a game tree, with a trail for perfect recall."""
    from ..hidden_position import arrangements, product
    hidden_choice = state.phase in _UNREVEALED
    seats = [p for p in range(len(state.players)) if p not in shown]
    groups = []
    for p in seats:
        places = [(state.hands[p], False)]
        if state.renfort[p] >= 0:
            places.append(((state.renfort[p],), True))
        if hidden_choice and state.played[p] >= 0:
            places.append(((state.played[p],), True))
        groups.append(arrangements(places))
    groups.append(arrangements([(state.deck, True)]))
    for deal, chance in product(groups):
        s = state.copy()
        s.log = None
        for seat, cards in zip(seats, deal):
            s.hands[seat] = cards[0]
            k = 1
            if s.renfort[seat] >= 0:
                s.renfort[seat] = cards[k][0]
                k += 1
            if hidden_choice and s.played[seat] >= 0:
                s.played[seat] = cards[k][0]
        s.deck = deal[-1][0]
        s.trail = ()
        yield s, chance
