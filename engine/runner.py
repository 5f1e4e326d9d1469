"""Replaying a worked example through the game interface and checking its outcome.

The runner knows no game: it asks the game for the position (``from_spec``),
reads each decision of ``play`` in the game's notation, plays forced decisions
that the example left out, and compares ``expect`` at the right moment.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from .interface import DecisionError, Game, SpecError
from .solver import SolveResult, parse_depth, solve


@dataclass
class Step:
    """One decision as played: its text, whether the runner supplied it, and
    the slice of the event log it produced."""
    text: str
    forced: bool
    events: list = field(default_factory=list)


@dataclass
class Outcome:
    problems: list[str]
    state: object               # the state where expectations were checked
    initial: object             # the starting position (a copy)
    steps: list[Step]
    solved: SolveResult | None = None

    @property
    def ok(self) -> bool:
        return not self.problems


def run_example(game: Game, spec: dict) -> Outcome:
    """Play ``spec`` (a parsed example file) and check its expectations.

    SpecError means the example cannot be read (exit 2 for the CLI); a failed
    expectation or an illegal decision is reported in ``Outcome.problems``.
    """
    state = game.from_spec(spec, log=True)
    state.halt_at_phase_end = True
    initial = state.copy()
    expect = spec.get("expect") or {}
    if not isinstance(expect, dict):
        raise SpecError(["expect"], "expect is a mapping of expectations")
    if "solve" in spec:
        if "play" in spec:
            raise SpecError(["solve"], "an example has either play or solve, not both")
        return _run_solve(game, spec, state, initial, expect)
    if "value" in expect or "line" in expect:
        raise SpecError(["expect"], "expect.value and expect.line need solve")
    play = spec.get("play") or []
    if not isinstance(play, list):
        raise SpecError(["play"], "play is a list of decisions like 'red reveal'")
    steps: list[Step] = []
    marker = _marker(state)
    for i, text in enumerate(play, start=1):
        if not isinstance(text, str):
            raise SpecError(["play", i], f"a decision is text like 'red reveal', not {text!r}")
        while True:
            state.resume()
            if state.over:
                return Outcome([f"step {i}: {text!r} comes after the end of the game"],
                               state, initial, steps)
            try:
                decision = game.parse_decision(state, text)
                break
            except DecisionError as e:
                legal = state.legal()
                if len(legal) == 1 and not _same_kind(game, state, legal[0], text):
                    # A forced decision the example left out: play it and retry.
                    _play(game, state, legal[0], steps, forced=True)
                    continue
                return Outcome([f"step {i}: {e}"], state, initial, steps)
        marker = _marker(state)
        _play(game, state, decision, steps, forced=False)
    # Play on through forced decisions to the end of the last decision's phase.
    while not state.over and not state.halted and _marker(state) == marker:
        legal = state.legal()
        if len(legal) != 1:
            break
        _play(game, state, legal[0], steps, forced=True)
    return Outcome(game.check(state, expect), state, initial, steps)


def _marker(state):
    return state.horizon("phase")


def _play(game, state, decision, steps, forced):
    text = game.format_decision(state, decision)
    before = len(state.log) if state.log is not None else 0
    state.apply(decision)
    events = state.log[before:] if state.log is not None else []
    steps.append(Step(text, forced, events))


def _run_solve(game, spec, state, initial, expect):
    params = spec.get("solve")
    if not isinstance(params, dict):
        raise SpecError(["solve"], "solve is a mapping like {depth: phase, mode: maxn}")
    unknown = set(params) - {"depth", "mode", "for"}
    if unknown:
        raise SpecError(["solve", sorted(unknown)[0]], "solve takes depth, mode and for")
    try:
        depth = parse_depth(params.get("depth", "phase"))
    except ValueError as e:
        raise SpecError(["solve", "depth"], str(e)) from None
    mode = params.get("mode", "maxn")
    if mode not in ("maxn", "paranoid"):
        raise SpecError(["solve", "mode"], f"mode must be maxn or paranoid, not {mode!r}")
    player = None
    if "for" in params:
        if params["for"] not in state.players:
            raise SpecError(["solve", "for"], f"unknown player {params['for']!r}")
        player = state.players.index(params["for"])
    result = solve(state, depth, mode, player)
    # Replay the line on a logged copy, for narration and for the line's text.
    steps: list[Step] = []
    replay = state.copy()
    for d in result.line:
        replay.resume()
        _play(game, replay, d, steps, forced=False)
    result.line_texts = [s.text for s in steps]
    problems = []
    for who, wanted in (expect.get("value") or {}).items():
        if who not in state.players:
            raise SpecError(["expect", "value", who], f"unknown player {who!r}")
        got = result.value[state.players.index(who)]
        if got != wanted:
            problems.append(f"value for {who}: expected {wanted}, computed {got}")
    if "line" in expect:
        wanted = list(expect["line"] or [])
        got = result.line_texts
        for k, (w, g) in enumerate(zip(wanted, got), start=1):
            if w != g:
                problems.append(f"line step {k}: expected {w!r}, computed {g!r}")
                break
        else:
            if len(wanted) != len(got):
                problems.append(f"line: expected {len(wanted)} decisions, computed {len(got)}"
                                f" ({', '.join(got)})")
    rest = {k: v for k, v in expect.items() if k not in ("value", "line")}
    if rest:
        problems += game.check(replay, rest)
    return Outcome(problems, replay, initial, steps, solved=result)


def _same_kind(game, state, decision, text) -> bool:
    """Whether ``text`` is the same player and verb as the forced ``decision``:
    then it is a wrong version of that decision, not a later one."""
    forced = game.format_decision(state, decision).split()[:2]
    return forced == str(text).split()[:2]
