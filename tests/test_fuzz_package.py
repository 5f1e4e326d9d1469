"""A stranger's package returning anything at all (issue 34: the fuzzer over a
package's return values): behind Herald's guard (engine/checked.py), a game
played to its end by a bot either plays or stops with one line naming the
package (PackageFault), never another exception."""
from __future__ import annotations

from fractions import Fraction

from herald.engine.bots import make_bot, play_game
from herald.engine.checked import CheckedGame, PackageFault
from herald.engine.interface import GameFacts
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

# what a careless or hostile method may return
ANY = st.recursive(
    st.none() | st.booleans() | st.integers(-10**30, 10**30) | st.floats()
    | st.text(max_size=8) | st.fractions(),
    lambda inner: st.lists(inner, max_size=4) | st.tuples(inner, inner)
    | st.dictionaries(st.text(max_size=3), inner, max_size=3),
    max_leaves=8)
METHODS = ("key", "legal", "mover", "winners", "scores", "payoffs", "zones", "new_game")


class Fuzzed:
    """A two-seat game of three steps whose methods return ``values``' entries
    where it has them (the rest as a sound game would)."""

    def __init__(self, values: dict, step: int = 0):
        self.values, self.step, self.players = values, step, ("ann", "bob")
        self.log = None

    def _or(self, name, sound):
        return self.values[name] if name in self.values else sound

    @property
    def over(self):
        return self.step >= 3

    @property
    def mover(self):
        return self._or("mover", -1 if self.over else self.step % 2)

    def legal(self):
        return self._or("legal", [] if self.over else ["a", "b"])

    def apply(self, decision):
        self.step += 1

    def copy(self):
        return Fuzzed(self.values, self.step)

    def key(self):
        return self._or("key", (self.step,))

    def winners(self):
        return self._or("winners", [0])

    def scores(self):
        return self._or("scores", (1, 0))

    def payoffs(self):
        return self._or("payoffs", (Fraction(1), Fraction(0)) if self.over else (0, 0))

    def zones(self):
        return self._or("zones", [])

    def sides(self):
        return (0, 1)


class Game:
    name = "fuzzed"
    interface_version = 2
    facts = GameFacts(2, 2, False, "perfect", "win_loss", (Fraction(0), Fraction(1)), 10)
    variants = ("base",)
    player_counts = {"base": (2,)}
    score_name = "points"
    shared_win = "equal points"

    def __init__(self, values):
        self.values = values

    def new_game(self, players, *, variant="base", seed=0, options=None, log=False,
                 config=None):
        return self.values.get("new_game", Fuzzed(self.values))


@settings(max_examples=150, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(st.dictionaries(st.sampled_from(METHODS), ANY, min_size=1, max_size=3))
def test_any_return_value_plays_or_is_one_line(values):
    game = CheckedGame(Game(values), "game 'fuzzed' (package herald-fuzzed 0.1)")
    try:
        state = game.new_game(2, variant="base", seed=0)
        play_game(state, make_bot("random", 1))
        state.winners(), state.payoffs(), state.scores(), state.zones()
    except PackageFault as fault:
        assert "\n" not in fault.line and fault.line.startswith("game 'fuzzed'"), fault.line
