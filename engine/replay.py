"""Playing the ``play:`` list of a worked example, step by step.

The list is written as a reader would: it may leave out decisions the rules
force (a single legal option), and the decisions that players make at the
same time (L'Ordre d'Asèt's cards of one combat, chosen face down) may be
listed in any order. Games present such a step one player at a time
(``mover``, in seat order; see :class:`~herald.engine.interface.JointState`),
so a decision listed before its player's turn waits for it. Nothing here
names a game: a decision's text starts with the deciding player's name (the
notation every game shares).
"""
from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from .interface import DecisionError, Game, GameState, NotationError, SpecError
from .simultaneous import is_joint


@dataclass
class Step:
    """One decision as played: its text, whether the runner supplied it, the
    slice of the event log it produced, and the position right after it (a
    copy, its log included, before any phase boundary is crossed).

    The positions are kept so that whoever shows an example (its diagrams, its
    narration) reads them instead of replaying the decisions: they are shared,
    never to be changed (copy one to play on from it)."""
    text: str
    forced: bool
    events: list[Any] = field(default_factory=list)
    state: Any = None


class Refused(Exception):
    """A listed decision that cannot be played where it stands: the example
    fails with this problem (and stops there)."""


def player_of(text: object) -> str:
    """The player a decision's text names (its first word)."""
    words = str(text).split()
    return words[0] if words else ""


def resume(state: GameState) -> None:
    """Go on past every phase boundary where the state waits: an empty phase (no
    hands left for a placement) halts again at once, and a decision, or the
    end of the game, lies beyond it."""
    while state.halted and not state.over:
        state.resume()


def ready(state: GameState) -> GameState:
    """``state`` past the phase boundaries where it waits, where its next
    decision is taken: ``state`` itself when it waits at none, else a copy
    (a kept position is never changed)."""
    if state.halted and not state.over:
        state = state.copy()
        resume(state)
    return state


@dataclass
class _Joint:
    """The listed decisions of one simultaneous step, each waiting for its
    player's turn in the engine's seat order."""
    seats: tuple[int, ...]              # the players who decide at this step
    forced: frozenset[int]              # seats with a single option
    kinds: dict[int, list[str]]         # seat -> its decisions' player and verb
    listed: dict[int, int] = field(default_factory=dict)      # seat -> step number
    waiting: dict[int, str] = field(default_factory=dict)     # seat -> text, not yet played

    def missing(self) -> list[int]:
        return [p for p in self.seats if p not in self.listed]


class Replay:
    """Feeds a ``play:`` list to ``state`` one listed decision at a time."""

    def __init__(self, game: Game, state: GameState) -> None:
        self.game, self.state = game, state
        self.steps: list[Step] = []
        self.joint: _Joint | None = None
        # the phase of the last listed decision played: the runner plays on
        # through forced decisions to its end
        self.marker = state.horizon("phase")

    # -- the listed decisions ----------------------------------------------------------
    def feed(self, i: int, text: str) -> None:
        """Play decision ``i`` (counted from 1) of the list, with the forced
        decisions left out before it; raise Refused or SpecError."""
        if self.joint is not None:
            if self._join(i, text):
                return
            self._close(i)
        self._fit(i, text)

    def finish(self) -> None:
        """After the last listed decision: a simultaneous step left open is
        completed with its forced decisions (or found incomplete)."""
        if self.joint is not None and self.joint.waiting:
            self._close(None)
        self.joint = None

    def pending(self) -> list[int]:
        """The step numbers of listed decisions not played yet (waiting for
        their turn in a simultaneous step)."""
        if self.joint is None:
            return []
        return sorted(self.joint.listed[p] for p in self.joint.waiting)

    def play(self, decision: Any, forced: bool) -> None:
        state = self.state
        text = self.game.format_decision(state, decision)
        if not forced:
            self.marker = state.horizon("phase")
        before = len(state.log) if state.log is not None else 0
        state.apply(decision)
        events = state.log[before:] if state.log is not None else []
        self.steps.append(Step(text, forced, events, state.copy()))

    # -- one decision, in turn -----------------------------------------------------------
    def _fit(self, i: int, text: str) -> None:
        """Play ``text`` as the next decision, after the forced decisions the
        example left out before it (or as one of a simultaneous step's).

        The forced decisions are tried on a copy: when ``text`` never becomes
        legal, the problem is the one the game gives where the step stands
        (its own words: why the rules refuse it), unless the step's player got
        their turn and was still refused (then that refusal)."""
        state, game = self.state, self.game
        resume(state)
        if state.over:
            raise Refused(f"step {i}: {text!r} comes after the end of the game")
        probe = state
        forced: list[Any] = []      # the decisions left out, tried on ``probe``
        first = None
        while True:
            if is_joint(probe) and probe.at_joint():
                self._commit(forced)
                probe, forced = state, []
                self.joint = self._open()
                if self._join(i, text):
                    return
                self.joint = None     # not one of its decisions: go on in turn
            try:
                decision = game.parse_decision(probe, text)
                break
            except NotationError as e:      # not a decision at all: unreadable input
                raise SpecError(["play", i], str(e)) from None
            except DecisionError as e:
                first = first or e
                legal = probe.legal()
                if len(legal) != 1 or _same_kind(game, probe, legal[0], text):
                    mover = probe.players[probe.mover] if probe.mover >= 0 else None
                    raise Refused(f"step {i}: {e if mover == player_of(text) else first}") \
                        from None
                if probe is state:
                    probe = state.copy()
                    probe.log = None
                forced.append(legal[0])
                probe.apply(legal[0])
                resume(probe)
                if probe.over:
                    raise Refused(f"step {i}: {first}") from None
        if forced:
            self._commit(forced)
            decision = game.parse_decision(state, text)
        self.play(decision, forced=False)

    def _commit(self, forced: list[Any]) -> None:
        """Play on the real state (logged) the forced decisions tried on a copy."""
        for d in forced:
            resume(self.state)
            self.play(d, forced=True)
        resume(self.state)

    # -- simultaneous steps ------------------------------------------------------------
    def _open(self) -> _Joint:
        """The simultaneous step the state is at: who decides, and the kind
        (player and verb) of each one's decision, read in turn on a copy."""
        state, game = self.state, self.game
        assert is_joint(state)          # opened where the state is at a simultaneous step
        legal = state.joint_legal()
        seats = tuple(p for p, options in enumerate(legal) if options)
        kinds = {}
        for p, view in turns(state, seats):
            kinds[p] = game.format_decision(view, view.legal()[0]).split()[:2]
        return _Joint(seats, frozenset(p for p in seats if len(legal[p]) == 1), kinds)

    def _join(self, i: int, text: str) -> bool:
        """Whether ``text`` is one of the decisions of the open simultaneous
        step (then it waits for its turn, or is played at once)."""
        joint = self.joint
        assert joint is not None
        names = self.state.players
        who = player_of(text)
        p = names.index(who) if who in names else -1
        if p not in joint.seats or str(text).split()[:2] != joint.kinds[p]:
            return False              # another kind of decision: the step is over
        if p in joint.listed:
            if all(q in joint.forced for q in joint.missing()):
                return False          # the next simultaneous step's
            raise Refused(f"step {i}: {text!r}: {who} already decided at step "
                          f"{joint.listed[p]}; {_names(names, joint.seats)} decide at the "
                          "same time, once each")
        for q, view in turns(self.state, joint.seats, until=p):
            if q == p:                # refused now, at its own step, in the game's words
                try:
                    self.game.parse_decision(view, text)
                except NotationError as e:
                    raise SpecError(["play", i], str(e)) from None
                except DecisionError as e:
                    raise Refused(f"step {i}: {e}") from None
        joint.listed[p] = i
        joint.waiting[p] = text
        self._drain(forced=False)
        if not joint.missing() and not joint.waiting:
            self.joint = None
        return True

    def _close(self, i: int | None) -> None:
        """The open simultaneous step ends before step ``i`` (None: at the end
        of the list): its forced decisions left out are played, a missing
        choice is a problem."""
        joint = self.joint
        assert joint is not None
        names = self.state.players
        lacking = [p for p in joint.missing() if p not in joint.forced]
        if lacking:
            steps = sorted(joint.listed.values())
            span = f"step {steps[0]}" if len(steps) == 1 else f"steps {steps[0]}-{steps[-1]}"
            raise Refused(f"{span}: {_names(names, joint.seats)} decide at the same time: "
                          f"{_names(names, lacking, possessive=True)} missing"
                          + (f" before step {i}" if i is not None else ""))
        self._drain(forced=True)
        self.joint = None

    def _drain(self, forced: bool) -> None:
        """Play the waiting decisions whose turn has come (and, with ``forced``,
        the forced decisions of the seats the list left out)."""
        joint, state, game = self.joint, self.state, self.game
        assert joint is not None
        while True:
            p = state.mover
            if p in joint.waiting:
                step = joint.listed[p]
                text = joint.waiting.pop(p)
                try:
                    decision = game.parse_decision(state, text)
                except DecisionError as e:       # checked on its seat's view already
                    raise Refused(f"step {step}: {e}") from None
                self.play(decision, forced=False)
            elif forced and p in joint.seats and p not in joint.listed:
                joint.listed[p] = 0
                self.play(state.legal()[0], forced=True)
            else:
                return


def turns(state: GameState, seats: Collection[int],
          until: int | None = None) -> Iterator[tuple[int, GameState]]:
    """``(seat, a copy of the state at its turn)`` for the seats of a
    simultaneous step still to decide, in turn, up to ``until``'s; the seats
    before one have chosen their first option (choices made at the same time
    do not change the others' options)."""
    view = state.copy()
    view.log = None
    seen = set()
    while not view.over and view.mover in seats and view.mover not in seen:
        p = view.mover
        seen.add(p)
        yield p, view
        if p == until:
            return
        view = view.copy()
        view.apply(view.legal()[0])


def seat_view(state: GameState, player: int) -> GameState | None:
    """A copy of ``state`` at ``player``'s turn when the state is at the start
    of a simultaneous step in which they choose (None otherwise)."""
    if not is_joint(state) or not state.at_joint() or not state.joint_legal()[player]:
        return None
    seats = [p for p, options in enumerate(state.joint_legal()) if options]
    return next((view for p, view in turns(state, seats, until=player) if p == player), None)


def _same_kind(game: Game, state: GameState, decision: Any, text: str) -> bool:
    """Whether ``text`` is the same player and verb as the forced ``decision``:
    then it is a wrong version of that decision, not a later one."""
    forced = game.format_decision(state, decision).split()[:2]
    return forced == str(text).split()[:2]


def _names(names: Sequence[str], players: Sequence[int], possessive: bool = False) -> str:
    """``arthur, brunehaut and charles`` (``…'s decisions are`` with ``possessive``)."""
    listed = [names[p] for p in players]
    joined = listed[0] if len(listed) == 1 else ", ".join(listed[:-1]) + " and " + listed[-1]
    if not possessive:
        return joined
    return f"{joined}'s decision is" if len(listed) == 1 else f"{joined}'s decisions are"
