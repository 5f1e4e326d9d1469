"""A worked example solved as its seats know it (``solve: {cards: hidden}``).

The example's position names every card; solved with ``cards: hidden``, each
seat sees only its own cards (with ``shown: [player]``, that player's cards
are known to all), the cards some seat cannot see being dealt by chance
(engine/hidden_position.py). It expects:

    expect:
      value: {yellow: 1/3}                # a player's value, exact: with a
                                          # win/loss game, the chance of winning
      strategy:                           # a player's first decision in the
        yellow: {yellow play 6: 3/4,      # position as written: each decision
                 yellow play 1: 1/4}      # played, with its probability

A decision the strategy leaves out is expected never to be played. The
solver's budget is in nodes, not seconds, so a verified example is
deterministic on any machine.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from .hidden_position import NoHiddenValue, solve_position
from .interface import SpecError
from .runner import Outcome
from .simultaneous import SearchLimit

# The node budget of an example's solve (the examples printed are far below).
EXAMPLE_MAX_NODES = 500_000
EXPECT_KEYS = ("value", "strategy")


def is_hidden(spec: dict) -> bool:
    """Whether the example is solved as its seats know it."""
    params = spec.get("solve")
    return isinstance(params, dict) and params.get("cards") == "hidden"


def check_params(spec: dict, players: tuple) -> tuple[int, ...]:
    """The seats ``shown`` to all; SpecError for a solve block or an expect
    that a hidden-card solution cannot read."""
    params = spec["solve"]
    for key in ("depth", "mode", "for"):
        if key in params:
            raise SpecError(["solve", key], "a position solved with hidden cards is solved "
                            "to the end of the game, for two players: no depth, mode or for")
    shown = params.get("shown") or []
    if not isinstance(shown, list) or any(p not in players for p in shown):
        raise SpecError(["solve", "shown"], f"shown lists players whose cards all know, "
                        f"among {', '.join(players)}; not {shown!r}")
    if "play" in spec or "checks" in spec:
        raise SpecError(["solve"], "an example has either play or solve, not both")
    expect = spec.get("expect") or {}
    unknown = [k for k in expect if k not in EXPECT_KEYS]
    if unknown:
        raise SpecError(["expect", unknown[0]], "a hidden-card solution expects value "
                        "and strategy")
    return tuple(sorted(players.index(p) for p in shown))


def _fraction(text: Any, path: list) -> Fraction:
    try:
        if isinstance(text, bool) or not isinstance(text, (int, str)):
            raise ValueError
        return Fraction(str(text))
    except (ValueError, ZeroDivisionError):
        raise SpecError(path, f"an exact value like 1, 0 or \"2/3\", not {text!r}") from None


def run_hidden_example(game: Any, spec: dict, config: Any = None) -> Outcome:
    """Solve the example's position as its seats know it and check ``expect``."""
    state = game.from_spec(spec, log=False, config=config)
    initial = game.from_spec(spec, log=True, config=config)
    shown = check_params(spec, state.players)
    expect = spec.get("expect") or {}
    values = expect.get("value") or {}
    strategies = expect.get("strategy") or {}
    for field, mapping in (("value", values), ("strategy", strategies)):
        if not isinstance(mapping, dict) or any(p not in state.players for p in mapping):
            raise SpecError(["expect", field], f"expect.{field} is given by player, among "
                            f"{', '.join(state.players)}")
    try:
        answer = solve_position(game, state, shown=shown, max_nodes=EXAMPLE_MAX_NODES)
    except NoHiddenValue as e:
        raise SpecError(["solve"], str(e)) from None
    except SearchLimit as e:
        return Outcome([f"solve: {e}"], state, initial, [])
    except ValueError as e:         # a game whose tree breaks the solver's rules
        return Outcome([f"solve: {e}"], state, initial, [])
    solution = answer.solution
    problems = []
    for who, text in values.items():
        want = _fraction(text, ["expect", "value", who])
        got = solution.value_for(state.players.index(who))
        if not solution.exact or got != want:
            problems.append(f"value for {who}: expected {want}, computed {got}"
                            + ("" if solution.exact else " (not exact)"))
    for who, wanted in strategies.items():
        problems += _check_strategy(game, state, answer, who, wanted)
    outcome = Outcome(problems, state, initial, [])
    outcome.hidden = answer         # type: ignore[attr-defined]
    return outcome


def _check_strategy(game, state, answer, who: str, wanted: Any) -> list[str]:
    path = ["expect", "strategy", who]
    if not isinstance(wanted, dict) or not wanted:
        raise SpecError(path, "a strategy maps decisions to probabilities, like "
                        "{yellow play 6: 3/4, yellow play 1: 1/4}")
    seat = state.players.index(who)
    points = [p for p in answer.lines if p.seat == seat and p.first]
    if len(points) != 1:
        return [f"strategy for {who}: {len(points)} first decisions in this position "
                f"(after different moves {who} sees); an example expects one"]
    point = points[0]
    got = {text: p for text, p in point.played()}
    expected = {}
    for text, prob in wanted.items():
        want = _fraction(prob, path + [text])
        if str(text) not in point.texts.values():
            return [f"strategy for {who}: {text!r} is not a decision {who} may make "
                    f"there (decisions: {', '.join(point.texts.values())})"]
        expected[str(text)] = want
    if {k: v for k, v in expected.items() if v} != got:
        shown = ", ".join(f"{t}: {p}" for t, p in got.items())
        return [f"strategy for {who}: expected "
                + ", ".join(f"{t}: {p}" for t, p in expected.items() if p)
                + f"; computed {shown}"]
    return []
