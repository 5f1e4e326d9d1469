"""Replaying a worked example through the game interface and checking its outcome.

The runner knows no game: it asks the game for the position (``from_spec``),
plays the decisions of ``play`` (engine/replay.py: the game's notation, the
forced decisions the example left out, the decisions made at the same time
in any order), and compares ``expect`` at the right moment.
"""
from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from .evaluation import split
from .interface import DecisionError, Game, GameState, NotationError, SpecError
from .replay import Refused, Replay, Step, player_of, resume, seat_view
from .simultaneous import JointSolveResult, SearchLimit, is_joint, parse_combats, solve_joint
from .solver import SolveResult, parse_depth, solve

SOLVE_MAX_NODES = 2_000_000   # an example's solve must be proven within this many nodes


@dataclass
class Outcome:
    problems: list[str]
    state: object               # the state where expectations were checked
    initial: object             # the starting position (a copy)
    steps: list[Step]
    # the example's ``solve:`` result: the search's, or a simultaneous game's
    # exact value (engine/simultaneous.py)
    solved: SolveResult | JointSolveResult | None = None
    # A known erratum of the rules source: ``{"printed": {...}, "note": ...}``,
    # where ``printed`` mirrors part of ``expect`` with the figures as printed;
    # ``expect`` holds the corrected ones, which the engine must compute.
    erratum: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def after(self, step: int) -> Any:
        """The position after the first ``step`` decisions of ``steps`` (0: the
        start), as the runner played it: kept, not replayed, and shared (never
        to be changed; :func:`~herald.engine.replay.ready` gives one to play on)."""
        return self.steps[step - 1].state if step else self.initial


def run_example(game: Game, spec: dict[str, Any], config: Any = None) -> Outcome:
    """Play ``spec`` (a parsed example file) and check its expectations.

    SpecError means the example cannot be read (exit 2 for the CLI); a failed
    expectation or an illegal decision is reported in ``Outcome.problems``.
    """
    expect = spec.get("expect") or {}
    if not isinstance(expect, dict):
        raise SpecError(["expect"], "expect is a mapping of expectations")
    erratum = _erratum(spec, expect)
    if erratum is not None:
        spec = {k: v for k, v in spec.items() if k != "erratum"}
        outcome = run_example(game, spec)
        outcome.erratum = erratum
        return outcome
    state = game.from_spec(spec, log=True, config=config)
    state.halt_at_phase_end = True
    initial = state.copy()
    checks = _checks(spec)
    if "solve" in spec:
        if "play" in spec:
            raise SpecError(["solve"], "an example has either play or solve, not both")
        if checks or "illegal" in expect:
            raise SpecError(["checks" if checks else "expect"],
                            "checks and expect.illegal check decisions of play, not solve")
        return _run_solve(game, spec, state, initial, expect)
    if "value" in expect or "line" in expect:
        raise SpecError(["expect"], "expect.value and expect.line need solve")
    play = spec.get("play") or []
    if not isinstance(play, list):
        raise SpecError(["play"], "play is a list of decisions like 'red reveal'")
    for k, after, _ in checks:
        if after > len(play):
            raise SpecError(["checks", k, "after"], f"after {after}: play has only "
                            f"{len(play)} decision{'s' if len(play) != 1 else ''}")
    replay = Replay(game, state)
    problems = _checkpoint(game, state, checks, 0)
    try:
        for i, text in enumerate(play, start=1):
            if not isinstance(text, str):
                raise SpecError(["play", i], f"a decision is text like 'red reveal', not "
                                f"{text!r}")
            replay.feed(i, text)
            if any(at == i for _, at, _ in checks) and replay.pending():
                k = next(k for k, at, _ in checks if at == i)
                raise SpecError(["checks", k, "after"], f"after {i}: the decisions made at "
                                "the same time as step " + str(i) + " are not all played "
                                "yet (they wait for their turn); check after the last "
                                "of them")
            problems += _checkpoint(game, state, checks, i)
        replay.finish()
    except Refused as e:
        return Outcome(problems + [str(e)], state, initial, replay.steps)
    # Play on through forced decisions to the end of the last decision's phase.
    while not state.over and not state.halted and _marker(state) == replay.marker:
        legal = state.legal()
        if len(legal) != 1:
            break
        replay.play(legal[0], forced=True)
    problems += _expect(game, state, expect, [])
    return Outcome(problems, state, initial, replay.steps)


def _checks(spec: dict[str, Any]) -> list[tuple[int, int, dict[str, Any]]]:
    """``checks: [{after: N, expect: {...}}, ...]`` as (index, N, expect), in order.

    A checkpoint is checked right after the N-th decision of ``play`` (0: the
    starting position), before any forced decision the example left out.
    """
    value = spec.get("checks")
    if value is None:
        return []
    if not isinstance(value, list):
        raise SpecError(["checks"], "checks is a list like [{after: 2, expect: {...}}]")
    out = []
    for k, entry in enumerate(value, start=1):
        if not isinstance(entry, dict) or set(entry) != {"after", "expect"}:
            raise SpecError(["checks", k], "a check is {after: N, expect: {...}}: the "
                            "number of decisions of play before it, and what must hold")
        after = entry["after"]
        if not isinstance(after, int) or isinstance(after, bool) or after < 0:
            raise SpecError(["checks", k, "after"], f"after is a whole number ≥ 0 of "
                            f"decisions of play, not {after!r}")
        if not isinstance(entry["expect"], dict):
            raise SpecError(["checks", k, "expect"], "expect is a mapping of expectations")
        out.append((k, after, entry["expect"]))
    return sorted(out, key=lambda c: c[1])


def _checkpoint(game: Game, state: GameState, checks: list[tuple[int, int, dict[str, Any]]],
                after: int) -> list[str]:
    """The problems of every check placed after decision ``after`` of play."""
    out = []
    for k, at, expect in checks:
        if at == after:
            where = "the start" if after == 0 else f"step {after}"
            out += [f"at {where}: {p}" for p in _expect(game, state, expect, ["checks", k])]
    return out


def _expect(game: Game, state: GameState, expect: dict[str, Any],
            path: list[str | int]) -> list[str]:
    """``game.check`` for ``expect``, and ``illegal``: decisions that must be refused."""
    rest = {key: v for key, v in expect.items() if key != "illegal"}
    try:
        out = game.check(state, rest) if rest or not path else []
        if "illegal" in expect:
            out += _illegal(game, state, expect["illegal"])
    except SpecError as e:
        raise SpecError(list(path) + list(e.path), e.message) from None
    return out


def _illegal(game: Game, state: GameState, texts: object) -> list[str]:
    """Each decision of ``texts`` must be refused as the next decision.

    It must name the player who decides next (or, at the start of a
    simultaneous step, one of the players choosing in it), so that the refusal
    is about the decision itself and not about whose turn it is. A phase
    boundary where the state waits is crossed first, on a copy.
    """
    items = [texts] if isinstance(texts, str) else texts
    if not isinstance(items, list) or not items:
        raise SpecError(["expect", "illegal"], "illegal is a decision like 'red target 2', "
                        "or a list of them")
    probe = state.copy()
    resume(probe)
    out = []
    for k, text in enumerate(items, start=1):
        here = ["expect", "illegal"] + ([k] if isinstance(texts, list) else [])
        if not isinstance(text, str):
            raise SpecError(here, f"a decision is text like 'red reveal', not {text!r}")
        who = player_of(text)
        if probe.over or probe.mover < 0:
            out.append(f"illegal {text!r}: nobody has a decision to make here")
            continue
        view = probe
        if who != probe.players[probe.mover]:
            # one of the players choosing at the same time as the next one
            seat = probe.players.index(who) if who in probe.players else -1
            other = seat_view(probe, seat) if seat >= 0 else None
            if other is None:
                out.append(f"illegal {text!r}: the next decision is "
                           f"{probe.players[probe.mover]}'s, so refusing {who}'s proves "
                           "nothing")
                continue
            view = other
        try:
            game.parse_decision(view, text)
        except NotationError as e:
            raise SpecError(here, str(e)) from None
        except DecisionError:
            continue
        out.append(f"illegal {text!r}: the engine accepts it")
    return out


def _erratum(spec: dict[str, Any], expect: dict[str, Any]) -> dict[str, Any] | None:
    """The example's ``erratum`` (a figure the rules source prints wrong), checked:
    ``printed`` names expectations that exist and differ from the corrected ones."""
    if "erratum" not in spec:
        return None
    erratum = spec["erratum"]
    if not isinstance(erratum, dict) or not isinstance(erratum.get("printed"), dict) \
            or set(erratum) - {"printed", "note"}:
        raise SpecError(["erratum"], "an erratum is {printed: {<expectation>: <as printed>}, "
                        "note: ...}")
    for key, printed in erratum["printed"].items():
        if key not in expect:
            raise SpecError(["erratum", "printed", key], f"expect.{key} must hold the "
                            "corrected figures")
        if printed == expect[key]:
            raise SpecError(["erratum", "printed", key], "the printed figures equal the "
                            "corrected ones: no erratum")
    return {"printed": erratum["printed"], "corrected": {k: expect[k] for k in
                                                         erratum["printed"]},
            "note": erratum.get("note")}


def _marker(state: GameState) -> Hashable:
    return state.horizon("phase")


def solve_params(spec: dict[str, Any]) -> dict[str, Any]:
    """The example's ``solve:`` block, its shape checked ({} when absent).

    The example loader calls it too, so that every command reading the block
    (verify, solve, diagram) refuses a bad one alike, as unreadable input."""
    if "solve" not in spec:
        return {}
    params = spec["solve"]
    if not isinstance(params, dict):
        raise SpecError(["solve"], "solve is a mapping like {depth: phase, mode: maxn}")
    unknown = [k for k in params if k not in ("depth", "mode", "for", "cards", "shown")]
    if unknown:
        raise SpecError(["solve", unknown[0]], "solve takes depth, mode, for, cards and shown")
    # every card known (open, a depth search) or as the seats know it
    # (hidden: engine/hidden_example.py reads the rest)
    if params.get("cards", "open") not in ("open", "hidden"):
        raise SpecError(["solve", "cards"], f"cards is open (every card known) or hidden "
                        f"(each player sees their own), not {params['cards']!r}")
    if "shown" in params and params.get("cards") != "hidden":
        raise SpecError(["solve", "shown"], "shown names players whose cards all know, "
                        "with cards: hidden")
    try:
        parse_depth(params.get("depth", "phase"))
    except (ValueError, TypeError) as e:
        raise SpecError(["solve", "depth"], str(e)) from None
    mode = params.get("mode", "maxn")
    if mode not in ("maxn", "paranoid"):
        raise SpecError(["solve", "mode"], f"mode must be maxn or paranoid, not {mode!r}")
    if "for" in params and not isinstance(params["for"], str):
        raise SpecError(["solve", "for"], f"a player's name, not {params['for']!r}")
    if not isinstance(spec.get("expect") or {}, dict):
        raise SpecError(["expect"], "expect is a mapping of expectations")
    expect = spec.get("expect") or {}
    if not isinstance(expect.get("value") or {}, dict):
        raise SpecError(["expect", "value"], "expect.value is each player's score at "
                        "the horizon, like {red: 7, blue: 5}")
    if not isinstance(expect.get("line") or [], list):
        raise SpecError(["expect", "line"], "expect.line is a list of decisions")
    return params


def _run_solve(game: Game, spec: dict[str, Any], state: GameState, initial: GameState,
               expect: dict[str, Any]) -> Outcome:
    params = solve_params(spec)
    if is_joint(state):
        return _run_joint_solve(game, params, state, initial, expect)
    depth = parse_depth(params.get("depth", "phase"))
    mode = params.get("mode", "maxn")
    player = None
    if "for" in params:
        if mode != "paranoid":
            raise SpecError(["solve", "for"], "for names the player of paranoid mode: "
                            "add mode: paranoid, or leave for out")
        if params["for"] not in state.players:
            raise SpecError(["solve", "for"], f"unknown player {params['for']!r}")
        player = state.players.index(params["for"])
    # A node budget (not a clock) keeps a solved example deterministic and bounded.
    result = solve(state, depth, mode, player, max_nodes=SOLVE_MAX_NODES)
    # Replay the line on a logged copy, for narration and for the line's text.
    line = Replay(game, state.copy())
    for d in result.line:
        resume(line.state)
        line.play(d, forced=False)
    replay, steps = line.state, line.steps
    result.line_texts = [s.text for s in steps]
    problems = []
    if not result.proven:
        problems.append(f"solve: {result.status()}")
    for who, wanted in (expect.get("value") or {}).items():
        if who not in state.players:
            raise SpecError(["expect", "value", who], f"unknown player {who!r}")
        got = split(result.start, result.value[state.players.index(who)])[0]
        if got != wanted:
            problems.append(f"value for {who}: expected {wanted}, computed {got}")
    if "line" in expect:
        wanted_line = list(expect["line"] or [])
        got_line = result.line_texts
        for k, (w, g) in enumerate(zip(wanted_line, got_line), start=1):
            if w != g:
                problems.append(f"line step {k}: expected {w!r}, computed {g!r}")
                break
        else:
            if len(wanted_line) != len(got_line):
                problems.append(f"line: expected {len(wanted_line)} decisions, computed "
                                f"{len(got_line)} ({', '.join(got_line)})")
    rest = {k: v for k, v in expect.items() if k not in ("value", "line")}
    if rest:
        problems += game.check(replay, rest)
    return Outcome(problems, replay, initial, steps, solved=result)


def _run_joint_solve(game: Game, params: dict[str, Any], state: GameState,
                     initial: GameState, expect: dict[str, Any]) -> Outcome:
    """A game with simultaneous moves: the exact two-player value.

    ``solve: {depth: N}`` counts combats (``game``, the default: to the end);
    ``expect.value`` gives a player's exact value (their score minus the
    other's at the horizon: an integer, or a fraction written ``"-64/1089"``);
    other expectations are checked on the starting position."""
    for key in ("mode", "for"):
        if key in params:
            raise SpecError(["solve", key], "a game with simultaneous moves is solved "
                            "exactly (a zero-sum value for two players): no mode or for")
    if len(state.players) != 2:
        raise SpecError(["solve"], "an example solves a two-player position (three to five "
                        "players: herald solve answers one combat, with nothing to expect)")
    try:
        combats = parse_combats(params.get("depth", "game"))
    except ValueError as e:
        raise SpecError(["solve", "depth"], str(e)) from None
    if "line" in expect:
        raise SpecError(["expect", "line"], "a simultaneous game has no single line: "
                        "expect the value")
    wanted = {}
    for who, text in (expect.get("value") or {}).items():
        if who not in state.players:
            raise SpecError(["expect", "value", who], f"unknown player {who!r}")
        try:
            wanted[who] = Fraction(str(text))
        except (ValueError, ZeroDivisionError):
            raise SpecError(["expect", "value", who], f"an exact value like 2 or "
                            f"\"-64/1089\", not {text!r}") from None
    try:
        result = solve_joint(state, combats, max_nodes=SOLVE_MAX_NODES)
    except SearchLimit as e:
        return Outcome([f"solve: {e}"], state, initial, [])
    problems = []
    for who, value in wanted.items():
        got = result.value if state.players.index(who) == 0 else -result.value
        if got != value:
            problems.append(f"value for {who}: expected {value}, computed {got}")
    rest = {k: v for k, v in expect.items() if k != "value"}
    if rest:
        problems += game.check(state, rest)
    return Outcome(problems, state, initial, [], solved=result)


