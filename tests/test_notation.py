"""Every game reads decisions through one parser (engine/notation.py): the
same mistakes are refused with the same words, in every game."""
import pytest
from herald.engine.games import GAMES
from herald.engine.interface import DecisionError, NotationError
from herald.engine.notation import is_number


@pytest.fixture(params=sorted(GAMES))
def game_and_state(request):
    game = GAMES[request.param]
    state = game.new_game(min(n for n in range(2, 6) if _seats(game, n)), seed=3)
    return game, state


def _seats(game, n):
    try:
        game.new_game(n, seed=0)
    except (ValueError, TypeError):
        return False
    return True


def test_an_empty_decision_and_an_unknown_player_are_notation_errors(game_and_state):
    game, state = game_and_state
    with pytest.raises(NotationError, match="empty decision; a decision is like"):
        game.parse_decision(state, "   ")
    with pytest.raises(NotationError, match="a decision starts with a player, and 'nobody'"):
        game.parse_decision(state, "nobody reveal")
    first = state.players[0]
    with pytest.raises(NotationError, match=f"'{first} fly'"):
        game.parse_decision(state, f"{first} fly")


def test_the_right_verb_from_the_wrong_player_names_who_decides(game_and_state):
    game, state = game_and_state
    legal = state.legal()
    mover = state.players[state.mover]
    other = next(p for p in state.players if p != mover)
    written = game.format_decision(state, legal[0])
    assert game.parse_decision(state, written) == legal[0]
    if state.at_joint() if hasattr(state, "at_joint") else False:
        pytest.skip("a simultaneous step: every player may decide")
    with pytest.raises(DecisionError, match=f"it is {mover}'s decision, not {other}'s; legal: "):
        game.parse_decision(state, written.replace(mover, other, 1))


@pytest.mark.parametrize("word, number", [("7", True), ("0", True), ("1234567", False),
                                          ("²", False), ("", False), ("-1", False)])
def test_numbers_are_short_ascii_digits(word, number):
    assert is_number(word) is number
